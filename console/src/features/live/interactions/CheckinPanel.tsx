/**
 * Check-in: a message and a time limit (INTERACTION bounds); signatures arrive live (TO_SIGN_IN), the full list comes
 * from CHECKIN_RESULT when it stops (by the teacher or the server's clock).
 */
import { type FormEvent, useState } from 'react'
import { INTERACTION } from '../../../../../contract/schemas/live-interactions'
import { Countdown, OutcomeLine, readable, UserName, useAction } from '../common'
import { lt } from '../i18n'
import type { RoomState, RoomStore } from '../room'
import type { CheckinRun } from './types'

/** names shown per list at most (a big class signs by the thousand) */
const SHOW_NAMES = 300

const LIMITS = [30, 60, 120, 300, 600]

function SignedList({ run }: { run: CheckinRun }) {
  if (run.signed.length === 0) return <p className="muted small">{lt('checkin.nobody')}</p>
  return (
    <ul className="chips signed-list">
      {run.signed.slice(0, SHOW_NAMES).map((u) => (
        <li key={u.userId} className="chip" data-user-id={u.userId}>
          <UserName user={u} />
        </li>
      ))}
      {run.signed.length > SHOW_NAMES && <li className="chip muted">+{run.signed.length - SHOW_NAMES}</li>}
    </ul>
  )
}

export function CheckinPanel({ room, store }: { room: RoomState; store: RoomStore }) {
  const [message, setMessage] = useState(() => lt('checkin.defaultMessage'))
  const [limit, setLimit] = useState(60)
  const { run, busy, outcome } = useAction()
  const running = room.checkins.find((c) => !c.stopped)
  const done = room.checkins.filter((c) => c.stopped)

  const start = async (e: FormEvent) => {
    e.preventDefault()
    await run(() => store.send('SIGN_IN', { message: message.trim(), limitSeconds: limit }))
  }
  const stop = async (c: CheckinRun) => {
    const ack = await run(() => store.send('STOP_SIGN_IN', { checkinId: c.checkinId }))
    if (ack.ok) await store.checkinResult(c.checkinId)
  }

  return (
    <div className="interaction checkin">
      {running ? (
        <div className="run checkin-running" data-checkin-id={running.checkinId}>
          <div className="run-head">
            <strong>{readable(running.message) || lt('checkin.defaultMessage')}</strong>
            <Countdown endsAt={running.endsAt} />
          </div>
          <p className="big-count">
            <span className="checkin-count">{running.count}</span>{' '}
            <span className="muted">{lt('checkin.signedOf', { online: room.online.audience })}</span>
          </p>
          <SignedList run={running} />
          <button type="button" className="btn btn-danger checkin-stop" disabled={busy} onClick={() => stop(running)}>
            {lt('checkin.stop')}
          </button>
        </div>
      ) : (
        <form className="form checkin-form" onSubmit={start}>
          <label className="field">
            <span>{lt('checkin.message')}</span>
            <input
              className="checkin-message"
              maxLength={100}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
            />
          </label>
          <label className="field field-narrow">
            <span>{lt('checkin.limit')}</span>
            <select className="checkin-limit" value={limit} onChange={(e) => setLimit(Number(e.target.value))}>
              {LIMITS.filter((s) => s >= INTERACTION.CHECKIN_MIN_S && s <= INTERACTION.CHECKIN_MAX_S).map((s) => (
                <option key={s} value={s}>
                  {lt('common.seconds', { n: s })}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="btn btn-primary checkin-start" disabled={busy || !room.ready}>
            {lt('checkin.start')}
          </button>
        </form>
      )}
      <OutcomeLine outcome={outcome} />
      {done.length > 0 && (
        <>
          <h3 className="sub-title">{lt('checkin.past')}</h3>
          {done.map((c) => (
            <details
              key={c.checkinId}
              className="run checkin-done"
              data-checkin-id={c.checkinId}
              onToggle={(e) => {
                // the names of a check-in from before this page load are read when first opened
                if (e.currentTarget.open && c.signed.length < c.count) void store.checkinResult(c.checkinId)
              }}
            >
              <summary>
                {readable(c.message) || lt('checkin.defaultMessage')} ·{' '}
                <span className="checkin-done-count">{lt('checkin.signedN', { n: c.count })}</span>
              </summary>
              <SignedList run={c} />
              <button
                type="button"
                className="btn btn-plain btn-small"
                onClick={() => run(() => store.checkinResult(c.checkinId))}
              >
                {lt('common.refresh')}
              </button>
            </details>
          ))}
        </>
      )}
    </div>
  )
}
