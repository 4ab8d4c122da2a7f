import { clock, readable, UserName } from '../common'
import { lt } from '../i18n'
import type { RoomState } from '../room'

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
