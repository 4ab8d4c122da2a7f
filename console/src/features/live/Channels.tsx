/**
 * The school's live rooms with their classes (the live desk's list: the last 90 days and everything ahead); a class
 * opens its room page. Teachers and managers schedule a class here. Every staff account sees every room of its
 * school: a room's teacher is a display row (teacher), not an account, so "my rooms" has nothing to match on
 * (docs/DECISIONS.md "Live — teacher console").
 */
import { type FormEvent, useState } from 'react'
import type { Me } from '../../api'
import { messageOf } from '../../api'
import { Link, liveRoomHref } from '../../router'
import { ListView, type Notice, NoticeLine, PageHead, useList } from '../../ui'
import { type ChannelRow, liveApi, type SessionRow } from './api'
import { dateTime, NumberField } from './common'
import { type LiveKey, lt } from './i18n'

const STATE_KEY: Record<string, LiveKey> = { waiting: 'state.waiting', live: 'state.live', ended: 'state.ended' }

export function StateBadge({ state }: { state: string }) {
  return <span className={`badge state-badge state-${state}`}>{lt(STATE_KEY[state] ?? 'state.waiting')}</span>
}

const kindOf = (c: ChannelRow): string =>
  c.goodsId
    ? lt('channels.kindGoods', { name: c.goodsName })
    : c.examId
      ? lt('channels.kindMock')
      : lt('channels.kindFree')

/** datetime-local value of a Date, in the browser's zone */
const localInput = (d: Date) => {
  const p = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`
}

function ScheduleForm({ channel, onDone }: { channel: ChannelRow; onDone: (n: Notice) => void }) {
  const [open, setOpen] = useState(false)
  const [title, setTitle] = useState('')
  const [start, setStart] = useState(() => localInput(new Date(Date.now() + 3600_000)))
  const [minutes, setMinutes] = useState(60)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  if (!open)
    return (
      <button type="button" className="btn schedule-open" onClick={() => setOpen(true)}>
        {lt('channels.schedule')}
      </button>
    )
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const startMs = new Date(start).getTime()
    if (!title.trim()) return setError(lt('channels.needTitle'))
    if (Number.isNaN(startMs)) return setError(lt('channels.needStart'))
    setBusy(true)
    setError('')
    try {
      const startTime = Math.floor(startMs / 1000)
      await liveApi.schedule(channel.channelId, {
        title: title.trim(),
        startTime,
        endTime: startTime + Math.round(minutes * 60),
      })
      setOpen(false)
      setTitle('')
      onDone({ kind: 'ok', text: lt('channels.scheduled', { title: title.trim(), time: dateTime(startTime) }) })
    } catch (err) {
      setError(messageOf(err))
    } finally {
      setBusy(false)
    }
  }
  return (
    <form className="schedule-form" onSubmit={submit}>
      <label className="field">
        <span>{lt('channels.sessionTitle')}</span>
        <input className="schedule-title" maxLength={100} value={title} onChange={(e) => setTitle(e.target.value)} />
      </label>
      <label className="field">
        <span>{lt('channels.start')}</span>
        <input
          className="schedule-start"
          type="datetime-local"
          value={start}
          onChange={(e) => setStart(e.target.value)}
        />
      </label>
      <NumberField
        label={lt('channels.minutes')}
        className="schedule-minutes"
        max={720}
        value={minutes}
        onChange={setMinutes}
      />
      <div className="form-actions">
        <button type="submit" className="btn btn-primary schedule-submit" disabled={busy}>
          {busy ? lt('common.working') : lt('channels.scheduleSubmit')}
        </button>
        <button type="button" className="btn btn-plain" onClick={() => setOpen(false)}>
          {lt('common.cancel')}
        </button>
      </div>
      {error && (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      )}
    </form>
  )
}

function SessionRows({ channel, sessions }: { channel: ChannelRow; sessions: SessionRow[] }) {
  return (
    <table className="table sessions">
      <tbody>
        {sessions.map((s) => (
          <tr key={s.sessionId} className={`session-row session-${s.state}`} data-session-id={s.sessionId}>
            <td className="wrap">
              <Link to="live" href={liveRoomHref(channel.channelId, s.sessionId)} className="session-open">
                {s.title}
              </Link>
            </td>
            <td className="nowrap">
              {dateTime(s.startTime)} – {dateTime(s.endTime).slice(11)}
            </td>
            <td>
              <StateBadge state={s.state} />
            </td>
            <td className="muted">
              {s.readyRecordings > 0 ? lt('channels.recordings', { n: s.readyRecordings }) : ''}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function ChannelCard({ channel, me, onNotice }: { channel: ChannelRow; me: Me; onNotice: (n: Notice) => void }) {
  const [showPast, setShowPast] = useState(false)
  const current = channel.sessions.filter((s) => s.state !== 'ended')
  const past = channel.sessions.filter((s) => s.state === 'ended').reverse()
  const teaching = me.staffRole === 'teacher' || me.staffRole === 'manager'
  return (
    <article className="card channel" data-channel-id={channel.channelId}>
      <header className="channel-head">
        <h2>{channel.name}</h2>
        <span className="badge">{kindOf(channel)}</span>
        {channel.teacherName && <span className="muted">{lt('channels.teacher', { name: channel.teacherName })}</span>}
        {channel.provider === 'polyv' && <span className="badge">{lt('channels.polyv')}</span>}
        {channel.chatClosed && <span className="badge badge-warn">{lt('chat.closedBadge')}</span>}
      </header>
      {current.length === 0 ? (
        <p className="muted">{lt('channels.noUpcoming')}</p>
      ) : (
        <SessionRows channel={channel} sessions={current} />
      )}
      {past.length > 0 && (
        <>
          <button type="button" className="btn btn-plain past-toggle" onClick={() => setShowPast(!showPast)}>
            {showPast ? lt('channels.hidePast') : lt('channels.showPast', { n: past.length })}
          </button>
          {showPast && <SessionRows channel={channel} sessions={past} />}
        </>
      )}
      {teaching && <ScheduleForm channel={channel} onDone={onNotice} />}
    </article>
  )
}

export function Channels({ me }: { me: Me }) {
  const { state, reload } = useList(liveApi.channels)
  const [notice, setNotice] = useState<Notice | null>(null)
  return (
    <section className="page page-live">
      <PageHead title={lt('channels.title')} />
      <p className="muted intro">{lt('channels.intro')}</p>
      <NoticeLine notice={notice} />
      <ListView state={state} reload={reload} empty={lt('channels.empty')}>
        {(rows) => (
          <div className="channels">
            {rows.map((c) => (
              <ChannelCard
                key={c.channelId}
                channel={c}
                me={me}
                onNotice={(n) => {
                  setNotice(n)
                  reload()
                }}
              />
            ))}
          </div>
        )}
      </ListView>
    </section>
  )
}
