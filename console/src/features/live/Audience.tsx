/**
 * What the learners send the teacher: questions (Q&A inbox: answer privately, to the asker only, or publicly, to
 * everyone), microphone requests (the raise-hand switch, allow, the join state, mute one or all; only where the
 * provider carries audio, polyv: with the local provider the tab says the microphone is off, issue 25),
 * and the rewards / flowers / red packet feed.
 */
import { type FormEvent, useState } from 'react'
import { type ChatUser, LIVE } from '../../../../contract/schemas/live-codes'
import type { LiveQuestion } from '../../../../contract/schemas/live-interactions'
import { ackText, Countdown, clock, OutcomeLine, readable, UserName, useAction } from './common'
import { lt } from './i18n'
import type { RoomState, RoomStore } from './room'

function AnswerForm({ q, store }: { q: LiveQuestion; store: RoomStore }) {
  const [text, setText] = useState('')
  const [pub, setPub] = useState(false)
  const { run, busy, outcome } = useAction()
  const send = async (e: FormEvent) => {
    e.preventDefault()
    const ack = await run(
      () => store.send('T_ANSWER', { questionId: q.questionId, content: text.trim(), public: pub }),
      pub ? lt('qa.answeredPublic') : lt('qa.answeredPrivate'),
    )
    if (ack.ok) setText('')
  }
  return (
    <form className="answer-form" onSubmit={send}>
      <textarea
        className="answer-input"
        rows={2}
        maxLength={500}
        placeholder={lt('qa.answerPlaceholder')}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <div className="row-fields">
        <label className="check">
          <input type="checkbox" className="answer-public" checked={pub} onChange={(e) => setPub(e.target.checked)} />
          {lt('qa.public')}
        </label>
        <button type="submit" className="btn btn-primary btn-small answer-send" disabled={busy || !text.trim()}>
          {q.answer ? lt('qa.answerAgain') : lt('qa.answer')}
        </button>
      </div>
      <OutcomeLine outcome={outcome} />
    </form>
  )
}

export function QuestionsPanel({ room, store }: { room: RoomState; store: RoomStore }) {
  const [onlyOpen, setOnlyOpen] = useState(false)
  const [page, setPage] = useState(1)
  const [more, setMore] = useState(true)
  // a page of QUESTION_LIST_ALL is full: there may be more
  const mayHaveMore = more && room.questions.length >= LIVE.QUESTION_HISTORY_PAGE * page
  const [error, setError] = useState('')
  const list = onlyOpen ? room.questions.filter((q) => !q.answer) : room.questions
  const loadMore = async () => {
    const ack = await store.send('QUESTION_LIST_ALL', { page: page + 1 })
    const rows = (ack.data as { list?: LiveQuestion[] } | undefined)?.list
    if (!ack.ok || !rows) return setError(ackText(ack))
    setError('')
    for (const q of rows) store.onQuestion(q)
    setPage(page + 1)
    if (rows.length < LIVE.QUESTION_HISTORY_PAGE) setMore(false)
  }
  return (
    <div className="interaction qa">
      <div className="row-fields">
        <label className="check">
          <input type="checkbox" checked={onlyOpen} onChange={(e) => setOnlyOpen(e.target.checked)} />
          {lt('qa.onlyOpen')}
        </label>
        <span className="muted small">{lt('qa.count', { n: room.questions.length })}</span>
      </div>
      {list.length === 0 ? (
        <p className="state state-empty">{lt('qa.empty')}</p>
      ) : (
        <ul className="questions">
          {list.map((q) => (
            <li
              key={q.questionId}
              className={`question ${q.answer ? 'is-answered' : ''}`}
              data-question-id={q.questionId}
            >
              <div className="msg-head">
                <UserName user={q.user} />
                <span className="muted small">{clock(q.time)}</span>
                {q.public && <span className="badge">{lt('qa.publicBadge')}</span>}
                {q.upvotes > 0 && <span className="muted small">{lt('qa.upvotes', { n: q.upvotes })}</span>}
              </div>
              <p className="question-text">{readable(q.content)}</p>
              {q.answer && (
                <p className="question-answer">
                  <span className="muted">{lt('qa.answeredBy', { nick: readable(q.answeredBy?.nick ?? '') })}</span>{' '}
                  {readable(q.answer)}
                </p>
              )}
              <AnswerForm q={q} store={store} />
            </li>
          ))}
        </ul>
      )}
      {mayHaveMore && (
        <button type="button" className="btn btn-plain btn-small" disabled={!room.ready} onClick={loadMore}>
          {lt('qa.more')}
        </button>
      )}
      {error && (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}

const findUser = (room: RoomState, userId: number): ChatUser | undefined =>
  room.mic.requests.find((u) => u.userId === userId) ??
  room.mic.joined.find((u) => u.userId === userId) ??
  room.onlineList.find((u) => u.userId === userId)

export function MicPanel({ room, store, provider }: { room: RoomState; store: RoomStore; provider: string }) {
  const { run, busy, outcome } = useAction()
  const mic = room.mic
  const allowedUser = mic.allowed ? findUser(room, mic.allowed.userId) : undefined
  const noMedia = mic.media ? !mic.media.available : provider !== 'polyv'
  const control = (mute: boolean, userId?: number) =>
    run(() => store.send('CLASSCONTROL', { kind: 'audio', mute, ...(userId ? { userId } : {}) }))
  // no audio path (the local provider): nothing to offer that would leave a learner at a dead end (issue 25; the
  // chat server refuses opening raise-hand and inviting in such a room too)
  if (noMedia)
    return (
      <div className="interaction mic">
        <p className="notice notice-warn mic-no-media" role="note">
          {lt('mic.noMedia')}
        </p>
      </div>
    )
  return (
    <div className="interaction mic">
      <div className="row-fields">
        <span className={`badge mic-state ${mic.open ? 'state-live' : ''}`}>
          {mic.open ? lt('mic.isOpen') : lt('mic.closed')}
        </span>
        <button
          type="button"
          className={`btn btn-small mic-switch ${mic.open ? '' : 'btn-primary'}`}
          disabled={busy || !room.ready}
          onClick={() => run(() => store.send('MIC_SWITCH', { open: !mic.open }))}
        >
          {mic.open ? lt('mic.close') : lt('mic.open')}
        </button>
        <button
          type="button"
          className="btn btn-small mic-mute-all"
          disabled={busy || !room.ready}
          onClick={() => control(!mic.mutedAll)}
        >
          {mic.mutedAll ? lt('mic.unmuteAll') : lt('mic.muteAll')}
        </button>
      </div>
      <OutcomeLine outcome={outcome} />
      <h3 className="sub-title">{lt('mic.requests')}</h3>
      {mic.requests.length === 0 ? (
        <p className="muted small">{mic.open ? lt('mic.noRequests') : lt('mic.closed')}</p>
      ) : (
        <ul className="people mic-requests">
          {mic.requests.map((u) => (
            <li key={u.userId} className="person" data-user-id={u.userId}>
              <UserName user={u} />
              <button
                type="button"
                className="btn btn-primary btn-small mic-allow"
                disabled={busy || !!mic.allowed}
                onClick={() => run(() => store.send('ALLOW_MICROPHONE', { userId: u.userId }))}
              >
                {lt('mic.allow')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {mic.allowed && (
        <p className="mic-allowed">
          {lt('mic.waiting', { nick: readable(allowedUser?.nick ?? `#${mic.allowed.userId}`) })}{' '}
          <Countdown endsAt={mic.allowed.deadline} />
        </p>
      )}
      <h3 className="sub-title">{lt('mic.joined')}</h3>
      {mic.joined.length === 0 ? (
        <p className="muted small">{lt('mic.nobody')}</p>
      ) : (
        <ul className="people mic-joined">
          {mic.joined.map((u) => {
            const muted = mic.mutedAll || mic.muted.includes(u.userId)
            return (
              <li key={u.userId} className="person" data-user-id={u.userId}>
                <UserName user={u} />
                {muted && <span className="badge">{lt('mic.mutedBadge')}</span>}
                <button
                  type="button"
                  className="btn btn-plain btn-small mic-mute"
                  disabled={busy}
                  onClick={() => control(!mic.muted.includes(u.userId), u.userId)}
                >
                  {mic.muted.includes(u.userId) ? lt('mic.unmute') : lt('mic.mute')}
                </button>
              </li>
            )
          })}
        </ul>
      )}
      {mic.failed.length > 0 && (
        <p className="muted small mic-failed">
          {lt('mic.failed', {
            names: mic.failed.map((id) => readable(findUser(room, id)?.nick ?? `#${id}`)).join('、'),
          })}
        </p>
      )}
    </div>
  )
}

export function FeedPanel({ room }: { room: RoomState }) {
  if (room.feed.length === 0) return <p className="state state-empty">{lt('feed.empty')}</p>
  return (
    <ul className="feed">
      {room.feed.map((f) => (
        <li key={f.id} className={`feed-item feed-${f.kind}`}>
          <span className="muted small">{clock(f.time)}</span>{' '}
          {f.kind === 'reward' ? (
            <>
              <UserName user={f.user} /> {lt('feed.reward', { points: f.points })}
            </>
          ) : f.kind === 'flowers' ? (
            <>
              <UserName user={f.user} /> {lt('feed.flowers', { total: f.total })}
            </>
          ) : f.kind === 'grab' ? (
            <>
              <UserName user={f.user} /> {lt('feed.grab', { points: f.points })}
            </>
          ) : (
            lt('feed.winners', {
              prize: readable(f.prize),
              names: f.winners.map((w) => readable(w.nick)).join('、') || '—',
            })
          )}
        </li>
      ))}
    </ul>
  )
}
