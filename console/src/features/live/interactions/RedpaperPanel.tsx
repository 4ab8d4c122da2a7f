/** Red packets: tenant points (not money), split at random among the first who grab. */
import { type FormEvent, useState } from 'react'
import { INTERACTION } from '../../../../../contract/schemas/live-interactions'
import { NumberField, OutcomeLine, readable, UserName, useAction } from '../common'
import { lt } from '../i18n'
import type { RoomState, RoomStore } from '../room'

export function RedpaperPanel({ room, store }: { room: RoomState; store: RoomStore }) {
  const [points, setPoints] = useState(100)
  const [count, setCount] = useState(10)
  const [greeting, setGreeting] = useState('')
  const { run, busy, outcome } = useAction()
  const send = async (e: FormEvent) => {
    e.preventDefault()
    await run(
      () =>
        store.send('REDPAPER', {
          totalPoints: points,
          count,
          ...(greeting.trim() ? { greeting: greeting.trim() } : {}),
        }),
      lt('redpaper.sent', { points, count }),
    )
  }
  return (
    <div className="interaction redpaper">
      <p className="muted small">{lt('redpaper.notMoney')}</p>
      <form className="form redpaper-form" onSubmit={send}>
        <NumberField
          label={lt('redpaper.points')}
          className="redpaper-points"
          max={INTERACTION.REDPAPER_MAX_POINTS}
          value={points}
          onChange={setPoints}
        />
        <NumberField
          label={lt('redpaper.count')}
          className="redpaper-count"
          max={INTERACTION.REDPAPER_MAX_COUNT}
          value={count}
          onChange={setCount}
        />
        <label className="field">
          <span>{lt('redpaper.greeting')}</span>
          <input
            className="redpaper-greeting"
            maxLength={50}
            placeholder={lt('redpaper.greetingDefault')}
            value={greeting}
            onChange={(e) => setGreeting(e.target.value)}
          />
        </label>
        <button type="submit" className="btn btn-primary redpaper-send" disabled={busy || !room.ready}>
          {lt('redpaper.send')}
        </button>
      </form>
      <OutcomeLine outcome={outcome} />
      {room.redpapers.map((r) => (
        <div key={r.redpaperId} className="run redpaper-run" data-redpaper-id={r.redpaperId}>
          <div className="run-head">
            <strong>{readable(r.greeting) || lt('redpaper.greetingDefault')}</strong>
            <span className="muted">
              {lt('redpaper.summary', { points: r.totalPoints, count: r.count, left: r.left })}
            </span>
          </div>
          {r.grabs.length > 0 && (
            <ul className="chips">
              {r.grabs.map((g) => (
                <li key={g.user.userId} className="chip">
                  <UserName user={g.user} /> +{g.points}
                </li>
              ))}
            </ul>
          )}
        </div>
      ))}
    </div>
  )
}
