/**
 * Check-in, lottery and red packets. Check-in: a message and a time limit (INTERACTION bounds); signatures arrive
 * live (TO_SIGN_IN), the full list comes from CHECKIN_RESULT when it stops (by the teacher or the server's clock).
 * Lottery: a prize and a winner count among the learners present or those who signed a check-in; the server draws
 * and names the winners. Red packets: tenant points (not money), split at random among the first who grab.
 */
import { type FormEvent, useCallback, useEffect, useState } from 'react'
import { INTERACTION } from '../../../../contract/schemas/live-interactions'
import { messageOf } from '../../api'
import { type LotteryClaimsRow, liveApi } from './api'
import { Countdown, OutcomeLine, readable, UserName, useAction } from './common'
import { lt } from './i18n'
import type { CheckinRun, RoomState, RoomStore } from './room'

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

export function LotteryPanel({ room, store }: { room: RoomState; store: RoomStore }) {
  const [prize, setPrize] = useState('')
  const [count, setCount] = useState(1)
  const [among, setAmong] = useState<'present' | 'checkedIn'>('present')
  const [checkinId, setCheckinId] = useState<number | ''>('')
  const { run, busy, outcome } = useAction()
  const lottery = room.lottery
  const drawing = lottery && !lottery.winners

  const start = async (e: FormEvent) => {
    e.preventDefault()
    const chosen = among === 'checkedIn' ? checkinId || room.checkins[0]?.checkinId : undefined
    await run(() =>
      store.send('LOTTERY_START', {
        prize: prize.trim(),
        winnerCount: count,
        among,
        ...(chosen ? { checkinId: chosen } : {}),
      }),
    )
  }

  return (
    <div className="interaction lottery">
      <LotteryClaims store={store} announced={lottery?.winners ? lottery.lotteryId : 0} />
      {lottery && (
        <div className="run lottery-run" data-lottery-id={lottery.lotteryId}>
          <div className="run-head">
            <strong>{lt('lottery.prizeIs', { prize: readable(lottery.prize) })}</strong>
            <span className="muted">{lt('lottery.winnerCount', { n: lottery.winnerCount })}</span>
          </div>
          {drawing ? (
            <p className="lottery-drawing">{lt('lottery.drawing')}</p>
          ) : lottery.winners!.length === 0 ? (
            <p className="muted lottery-none">{lt('lottery.noWinners')}</p>
          ) : (
            <ul className="chips winners">
              {lottery.winners!.map((u) => (
                <li key={u.userId} className="chip winner" data-user-id={u.userId}>
                  <UserName user={u} />
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <form className="form lottery-form" onSubmit={start}>
        <label className="field">
          <span>{lt('lottery.prize')}</span>
          <input className="lottery-prize" maxLength={50} value={prize} onChange={(e) => setPrize(e.target.value)} />
        </label>
        <label className="field field-narrow">
          <span>{lt('lottery.count')}</span>
          <input
            className="lottery-count"
            type="number"
            min={1}
            max={INTERACTION.LOTTERY_MAX_WINNERS}
            value={count}
            onChange={(e) => setCount(Number(e.target.value))}
          />
        </label>
        <label className="field">
          <span>{lt('lottery.among')}</span>
          <select
            className="lottery-among"
            value={among}
            onChange={(e) => setAmong(e.target.value as 'present' | 'checkedIn')}
          >
            <option value="present">{lt('lottery.present')}</option>
            <option value="checkedIn" disabled={room.checkins.length === 0}>
              {lt('lottery.checkedIn')}
            </option>
          </select>
        </label>
        {among === 'checkedIn' && room.checkins.length > 0 && (
          <label className="field">
            <span>{lt('lottery.whichCheckin')}</span>
            <select
              className="lottery-checkin"
              value={checkinId || room.checkins[0]!.checkinId}
              onChange={(e) => setCheckinId(Number(e.target.value))}
            >
              {room.checkins.map((c) => (
                <option key={c.checkinId} value={c.checkinId}>
                  {readable(c.message) || lt('checkin.defaultMessage')} · {lt('checkin.signedN', { n: c.count })}
                </option>
              ))}
            </select>
          </label>
        )}
        <button
          type="submit"
          className="btn btn-primary lottery-start"
          disabled={busy || !room.ready || !prize.trim() || !!drawing}
        >
          {lt('lottery.start')}
        </button>
      </form>
      <p className="muted small">{lt('lottery.fair')}</p>
      <OutcomeLine outcome={outcome} />
    </div>
  )
}

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
        <label className="field field-narrow">
          <span>{lt('redpaper.points')}</span>
          <input
            className="redpaper-points"
            type="number"
            min={1}
            max={INTERACTION.REDPAPER_MAX_POINTS}
            value={points}
            onChange={(e) => setPoints(Number(e.target.value))}
          />
        </label>
        <label className="field field-narrow">
          <span>{lt('redpaper.count')}</span>
          <input
            className="redpaper-count"
            type="number"
            min={1}
            max={INTERACTION.REDPAPER_MAX_COUNT}
            value={count}
            onChange={(e) => setCount(Number(e.target.value))}
          />
        </label>
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

/** The class's lotteries and what each winner sent in the claim form, to deliver the prizes (read again on demand). */
function LotteryClaims({ store, announced }: { store: RoomStore; announced: number }) {
  const [rows, setRows] = useState<LotteryClaimsRow[] | null>(null)
  const [error, setError] = useState('')
  const load = useCallback(() => {
    setError('')
    liveApi.lotteries(store.channelId, store.sessionId).then(setRows, (e) => setError(messageOf(e)))
  }, [store])
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again when a lottery is announced
  useEffect(load, [load, announced])
  const drawn = (rows ?? []).filter((l) => l.announced && l.winners.length > 0)
  return (
    <div className="run lottery-claims">
      <div className="run-head">
        <strong>{lt('lottery.claims')}</strong>
        <button type="button" className="btn btn-small lottery-claims-refresh" onClick={load}>
          {lt('lottery.claimsRefresh')}
        </button>
      </div>
      {error ? (
        <p className="error">{error}</p>
      ) : rows === null ? (
        <p className="muted">{lt('lottery.claimsLoading')}</p>
      ) : drawn.length === 0 ? (
        <p className="muted lottery-claims-empty">{lt('lottery.claimsEmpty')}</p>
      ) : (
        drawn.map((l) => (
          <table key={l.lotteryId} className="table lottery-claims-table" data-lottery-id={l.lotteryId}>
            <caption>{lt('lottery.prizeIs', { prize: readable(l.prize) })}</caption>
            <tbody>
              {l.winners.map((w) => (
                <tr key={w.userId} className={w.claimed ? 'claimed' : 'unclaimed'}>
                  <td>{readable(w.nick)}</td>
                  {w.claimed ? (
                    <>
                      <td>{w.name}</td>
                      <td>{w.phone}</td>
                      <td>{w.address}</td>
                    </>
                  ) : (
                    <td colSpan={3} className="muted">
                      {lt('lottery.notClaimed')}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        ))
      )}
    </div>
  )
}
