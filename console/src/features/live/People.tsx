/**
 * Who is in the room (pages of LIVE.ONLINE_PAGE, staff first), who is banned from its chat (bans are per room and
 * outlast a class: the list is read over HTTP, then kept by ADD_SHIELD / REMOVE_SHIELD) and who was kicked from this
 * class (lifting it lets them back in).
 */
import { useCallback, useEffect, useState } from 'react'
import { LIVE } from '../../../../contract/schemas/live-codes'
import { messageOf } from '../../api'
import { liveApi } from './api'
import { clock, readable, UserName } from './common'
import { lt } from './i18n'
import { UserActions, useModeration } from './moderation'
import type { RoomState, RoomStore } from './room'

const until = (ms: number) => {
  const d = new Date(ms)
  const sameDay = d.toDateString() === new Date().toDateString()
  return sameDay ? clock(ms).slice(0, 5) : `${d.getMonth() + 1}-${d.getDate()} ${clock(ms).slice(0, 5)}`
}

export function PeoplePanel({ room, store }: { room: RoomState; store: RoomStore }) {
  const mod = useModeration()
  const [bansError, setBansError] = useState('')
  const load = useCallback(() => {
    setBansError('')
    liveApi.bans(store.channelId).then(
      (rows) => store.setBans(rows),
      (e) => setBansError(messageOf(e)),
    )
  }, [store])
  useEffect(load, [load])
  const total = room.online.staff + room.online.audience
  const pages = Math.max(1, Math.ceil(total / LIVE.ONLINE_PAGE))
  const bans = Object.entries(room.bans)
    .map(([id, u]) => ({ userId: Number(id), until: u }))
    .filter((b) => b.until > Date.now())
    .sort((a, b) => b.until - a.until)
  return (
    <section className="panel panel-people">
      <header className="panel-head">
        <h2>{lt('people.title')}</h2>
        <span className="muted online-counts">
          {lt('people.counts', { audience: room.online.audience, staff: room.online.staff })}
        </span>
        <div className="panel-actions">
          <button
            type="button"
            className="btn btn-plain btn-small"
            disabled={!room.ready}
            onClick={() => store.send('ONLINE_LIST', { page: room.onlinePage })}
          >
            {lt('common.refresh')}
          </button>
        </div>
      </header>
      {room.ready && room.onlineList.length === 0 ? (
        <p className="state state-empty">{lt('people.nobody')}</p>
      ) : (
        <ul className="people online-list">
          {room.onlineList.map((u) => (
            <li key={u.userId} className="person" data-user-id={u.userId}>
              <UserName user={u} />
              {room.bans[u.userId] && room.bans[u.userId]! > Date.now() && (
                <span className="badge badge-warn">{lt('ban.badge')}</span>
              )}
              <UserActions user={u} me={room.me} bannedUntil={room.bans[u.userId]} />
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <div className="pager">
          <button
            type="button"
            className="btn btn-plain btn-small"
            disabled={room.onlinePage <= 1}
            onClick={() => store.send('ONLINE_LIST', { page: room.onlinePage - 1 })}
          >
            {lt('common.prev')}
          </button>
          <span className="muted small">{lt('common.page', { page: room.onlinePage, pages })}</span>
          <button
            type="button"
            className="btn btn-plain btn-small"
            disabled={room.onlinePage >= pages}
            onClick={() => store.send('ONLINE_LIST', { page: room.onlinePage + 1 })}
          >
            {lt('common.next')}
          </button>
        </div>
      )}

      <h3 className="sub-title">{lt('people.banned')}</h3>
      {bansError && (
        <div className="state state-error" role="alert">
          <span>{lt('common.loadFailed', { reason: bansError })}</span>
          <button type="button" className="btn btn-small" onClick={load}>
            {lt('common.retry')}
          </button>
        </div>
      )}
      {bans.length === 0 ? (
        <p className="muted small">{lt('people.noBans')}</p>
      ) : (
        <ul className="people ban-list">
          {bans.map((b) => {
            const nick = readable(room.names[b.userId] ?? `#${b.userId}`)
            return (
              <li key={b.userId} className="person banned" data-user-id={b.userId}>
                <span className="user-nick">{nick}</span>
                <span className="muted small">{lt('people.bannedUntil', { time: until(b.until) })}</span>
                <button
                  type="button"
                  className="btn btn-plain btn-small unban"
                  onClick={() => mod.unban({ userId: b.userId, nick })}
                >
                  {lt('ban.unban')}
                </button>
              </li>
            )
          })}
        </ul>
      )}
      {room.kicked.length > 0 && (
        <>
          <h3 className="sub-title">{lt('people.kicked')}</h3>
          <ul className="people kick-list">
            {room.kicked.map((id) => {
              const nick = readable(room.names[id] ?? `#${id}`)
              return (
                <li key={id} className="person" data-user-id={id}>
                  <span className="user-nick">{nick}</span>
                  <button
                    type="button"
                    className="btn btn-plain btn-small readmit"
                    onClick={() => mod.unban({ userId: id, nick })}
                  >
                    {lt('people.readmit')}
                  </button>
                </li>
              )
            })}
          </ul>
        </>
      )}
    </section>
  )
}
