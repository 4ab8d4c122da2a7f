import type { ChatUser } from '../../../../../contract/schemas/live-codes'
import { Countdown, OutcomeLine, readable, UserName, useAction } from '../common'
import { lt } from '../i18n'
import type { RoomState, RoomStore } from '../room'

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
