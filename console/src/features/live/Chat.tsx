/**
 * The room's chat with the teacher's tools: the bulletin (set / remove), closing and opening the room, clearing the
 * session's history (both asked first), removing one message, banning or kicking its sender, and speaking. History
 * comes over HTTP (newest page, "earlier" pages on request), new messages live (BATCH).
 */
import { type FormEvent, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { CHAT_SERVER, type ChatMessage, LIVE } from '../../../../contract/schemas/live-codes'
import { ackText, clock, OutcomeLine, readable, UserName, useAction } from './common'
import { lt } from './i18n'
import { UserActions, useModeration } from './moderation'
import type { RoomState, RoomStore } from './room'

function Bulletin({ room, store }: { room: RoomState; store: RoomStore }) {
  const [text, setText] = useState('')
  const { run, busy, outcome } = useAction()
  const publish = async (e: FormEvent) => {
    e.preventDefault()
    const ack = await run(() => store.send('BULLETIN', { content: text }), lt('bulletin.published'))
    if (ack.ok) setText('')
  }
  return (
    <div className="bulletin">
      {room.bulletin ? (
        <div className="bulletin-current">
          <span className="badge">{lt('bulletin.pinned')}</span>
          <span className="bulletin-text">{readable(room.bulletin)}</span>
          <button
            type="button"
            className="btn btn-plain btn-small bulletin-remove"
            disabled={busy || !room.ready}
            onClick={() => run(() => store.send('REMOVE_BULLETIN'), lt('bulletin.removed'))}
          >
            {lt('bulletin.remove')}
          </button>
        </div>
      ) : (
        <p className="muted small">{lt('bulletin.none')}</p>
      )}
      <form className="inline-form" onSubmit={publish}>
        <input
          className="bulletin-input"
          maxLength={CHAT_SERVER.MAX_BULLETIN}
          placeholder={lt('bulletin.placeholder')}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="btn bulletin-publish" disabled={busy || !room.ready || !text.trim()}>
          {lt('bulletin.publish')}
        </button>
      </form>
      <OutcomeLine outcome={outcome} />
    </div>
  )
}

function Message({ m, room, store }: { m: ChatMessage; room: RoomState; store: RoomStore }) {
  const [error, setError] = useState('')
  const mine = room.me?.userId === m.user.userId
  return (
    <li className={`msg ${mine ? 'msg-mine' : ''}`} data-id={m.id} data-user-id={m.user.userId}>
      <div className="msg-head">
        <UserName user={m.user} />
        <span className="muted small">{clock(m.time)}</span>
        <span className="msg-actions">
          <button
            type="button"
            className="btn btn-plain btn-small msg-remove"
            disabled={!room.ready}
            onClick={async () => {
              const ack = await store.send('REMOVE_CONTENT', { id: m.id })
              setError(ack.ok ? '' : ackText(ack))
            }}
          >
            {lt('chat.remove')}
          </button>
          <UserActions user={m.user} me={room.me} bannedUntil={room.bans[m.user.userId]} />
        </span>
      </div>
      {m.EVENT === 'CHAT_IMG' ? (
        <a href={m.content} target="_blank" rel="noreferrer" className="msg-img">
          <img src={m.content} alt={lt('chat.image')} loading="lazy" />
        </a>
      ) : (
        <div className="msg-text">{readable(m.content)}</div>
      )}
      {error && (
        <p className="notice notice-error small" role="alert">
          {error}
        </p>
      )}
    </li>
  )
}

export function ChatPanel({ room, store }: { room: RoomState; store: RoomStore }) {
  const mod = useModeration()
  const [text, setText] = useState('')
  const { run, busy, outcome } = useAction()
  const list = useRef<HTMLUListElement>(null)
  const atBottom = useRef(true)

  // follow new messages while the list is scrolled to its end
  // biome-ignore lint/correctness/useExhaustiveDependencies: the messages are the trigger
  useLayoutEffect(() => {
    const el = list.current
    if (el && atBottom.current) el.scrollTop = el.scrollHeight
  }, [room.messages])

  useEffect(() => {
    if (!room.notice) return
    const t = setTimeout(() => store.clearNotice(), 4000)
    return () => clearTimeout(t)
  }, [room.notice, store])

  const speak = async (e: FormEvent) => {
    e.preventDefault()
    const ack = await run(() => store.send('SPEAK', { values: [text] }))
    if (ack.ok) setText('')
  }

  const toggleRoom = async () => {
    const closing = !room.chatClosed
    if (closing) {
      const ok = await mod.ask({
        title: lt('chat.closeTitle'),
        message: lt('chat.closeConfirm'),
        confirmLabel: lt('chat.close'),
        danger: true,
      })
      if (ok === null) return
    }
    await run(() => store.send('CLOSEROOM', { value: closing }), closing ? lt('chat.closed') : lt('chat.opened'))
  }

  const clear = async () => {
    const ok = await mod.ask({
      title: lt('chat.clearTitle'),
      message: lt('chat.clearConfirm'),
      confirmLabel: lt('chat.clear'),
      danger: true,
    })
    if (ok === null) return
    await run(() => store.send('REMOVE_HISTORY'), lt('chat.cleared'))
  }

  return (
    <section className="panel panel-chat">
      <header className="panel-head">
        <h2>{lt('chat.title')}</h2>
        {room.chatClosed && <span className="badge badge-warn chat-closed-badge">{lt('chat.closedBadge')}</span>}
        <div className="panel-actions">
          <button type="button" className="btn btn-small room-toggle" disabled={!room.ready} onClick={toggleRoom}>
            {room.chatClosed ? lt('chat.open') : lt('chat.close')}
          </button>
          <button
            type="button"
            className="btn btn-small btn-plain history-clear"
            disabled={!room.ready}
            onClick={clear}
          >
            {lt('chat.clear')}
          </button>
        </div>
      </header>
      <Bulletin room={room} store={store} />
      <OutcomeLine outcome={mod.outcome} />
      <ul
        className="messages"
        ref={list}
        onScroll={(e) => {
          const el = e.currentTarget
          atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40
        }}
      >
        {room.hasMore && (
          <li className="msg-more">
            <button type="button" className="btn btn-plain btn-small" onClick={() => store.loadHistory()}>
              {lt('chat.earlier')}
            </button>
          </li>
        )}
        {room.historyError && (
          <li className="state state-error" role="alert">
            <span>{lt('chat.historyFailed', { reason: room.historyError })}</span>
            <button type="button" className="btn btn-small" onClick={() => store.loadHistory(true)}>
              {lt('common.retry')}
            </button>
          </li>
        )}
        {room.ready && room.messages.length === 0 && !room.historyError && (
          <li className="state state-empty">{lt('chat.empty')}</li>
        )}
        {room.messages.map((m) => (
          <Message key={m.id} m={m} room={room} store={store} />
        ))}
      </ul>
      {room.notice && (
        <p className="notice notice-error" role="alert">
          {room.notice.kind === 'censored' ? lt('ack.CENSORED') : lt('ack.CLOSED')}
        </p>
      )}
      <form className="inline-form speak" onSubmit={speak}>
        <input
          className="speak-input"
          maxLength={LIVE.MAX_TEXT}
          placeholder={lt('chat.placeholder')}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="btn btn-primary speak-send" disabled={busy || !room.ready || !text.trim()}>
          {lt('chat.send')}
        </button>
      </form>
      <OutcomeLine outcome={outcome} />
    </section>
  )
}
