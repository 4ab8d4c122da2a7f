/**
 * Lottery: a prize and a winner count among the learners present or those who signed a check-in; the server draws
 * and names the winners; what each winner sent in the claim form, to deliver the prizes.
 */
import { type FormEvent, useCallback, useEffect, useState } from 'react'
import { INTERACTION } from '../../../../../contract/schemas/live-interactions'
import { messageOf } from '../../../api'
import { type LotteryClaimsRow, liveApi } from '../api'
import { NumberField, OutcomeLine, readable, UserName, useAction } from '../common'
import { lt } from '../i18n'
import type { RoomState, RoomStore } from '../room'

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
        <NumberField
          label={lt('lottery.count')}
          className="lottery-count"
          max={INTERACTION.LOTTERY_MAX_WINNERS}
          value={count}
          onChange={setCount}
        />
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
