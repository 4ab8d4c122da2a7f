/** Pieces the live console's panels share: the room hook, ack texts, a countdown, copy buttons, result bars. */
import { type ReactNode, useEffect, useState, useSyncExternalStore } from 'react'
import { CHAT_ERRORS, type ChatUser } from '../../../../contract/schemas/live-codes'
import { INTERACTION_ERRORS } from '../../../../contract/schemas/live-interactions'
import { unescapeChat } from '../../../../shared/live/chat'
import { useFading } from '../../ui'
import { type LiveKey, lt } from './i18n'
import type { RoomState, RoomStore } from './room'
import { type Ack, LOCAL_CODES } from './socket'

export function useRoom(store: RoomStore): RoomState {
  return useSyncExternalStore(store.subscribe, store.getState)
}

const CODE_TEXT: Record<string, LiveKey> = {
  [CHAT_ERRORS.token]: 'ack.TOKEN',
  [CHAT_ERRORS.tooFast]: 'ack.TOO_FAST',
  [CHAT_ERRORS.closed]: 'ack.CLOSED',
  [CHAT_ERRORS.banned]: 'ack.BANNED',
  [CHAT_ERRORS.censored]: 'ack.CENSORED',
  [CHAT_ERRORS.empty]: 'ack.EMPTY',
  [CHAT_ERRORS.tooLong]: 'ack.TOO_LONG',
  [CHAT_ERRORS.forbidden]: 'ack.FORBIDDEN',
  [CHAT_ERRORS.notLoggedIn]: 'ack.NOT_LOGGED_IN',
  [CHAT_ERRORS.kicked]: 'ack.KICKED',
  [CHAT_ERRORS.serverError]: 'ack.SERVER_ERROR',
  [INTERACTION_ERRORS.over]: 'ack.OVER',
  [INTERACTION_ERRORS.already]: 'ack.ALREADY',
  [INTERACTION_ERRORS.points]: 'ack.POINTS',
  [INTERACTION_ERRORS.notWinner]: 'ack.NOT_WINNER',
  [INTERACTION_ERRORS.micClosed]: 'ack.MIC_CLOSED',
  [LOCAL_CODES.offline]: 'ack.OFFLINE',
  [LOCAL_CODES.timeout]: 'ack.TIMEOUT',
}

/**
 * A refused ack in the console's language: the code's own text; a BAD_REQUEST by its `reason` (the server names why
 * a teacher's request was refused, issue 26), else the plain "something you entered is not right" with the server's
 * sentence, which names the field (in English).
 */
export function ackText(ack: Ack): string {
  if (ack.ok) return ''
  if (ack.code === CHAT_ERRORS.badRequest) {
    return ack.reason ? lt(`bad.${ack.reason}`) : lt('bad.input', { reason: ack.message })
  }
  const key = CODE_TEXT[ack.code]
  if (key) return lt(key)
  return lt('ack.refused', { reason: ack.message || ack.code })
}

/** Seconds left until `endsAt` (epoch ms), ticking every half second; 0 once over. */
export function useSecondsLeft(endsAt: number | null | undefined): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!endsAt) return
    const t = setInterval(() => setNow(Date.now()), 500)
    return () => clearInterval(t)
  }, [endsAt])
  return endsAt ? Math.max(0, Math.ceil((endsAt - now) / 1000)) : 0
}

/** Texts the chat server stores have `<` `>` escaped (spec §5): shown as text, so they are turned back for reading. */
export const readable = unescapeChat

/** The text of a question bank's stem or option (sanitised HTML): parsed inertly, never inserted as HTML. */
export function htmlText(html: string): string {
  if (!/[<&]/.test(html)) return html
  const doc = new DOMParser().parseFromString(html, 'text/html')
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim()
}

export const mmss = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`

export function Countdown({ endsAt, className }: { endsAt: number; className?: string }) {
  const left = useSecondsLeft(endsAt)
  return (
    <span className={`countdown ${className ?? ''}`} data-left={left}>
      {left > 0 ? lt('common.left', { time: mmss(left) }) : lt('common.timeUp')}
    </span>
  )
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    // no clipboard permission (http, an older browser): the old way
    const area = document.createElement('textarea')
    area.value = text
    area.setAttribute('readonly', '')
    area.style.position = 'fixed'
    area.style.opacity = '0'
    document.body.appendChild(area)
    area.select()
    let ok = false
    try {
      ok = document.execCommand('copy')
    } catch {
      ok = false
    }
    area.remove()
    return ok
  }
}

export function CopyButton({ text, className }: { text: string; className?: string }) {
  const [done, setDone] = useState<null | boolean>(null)
  useEffect(() => {
    if (done === null) return
    const t = setTimeout(() => setDone(null), 2000)
    return () => clearTimeout(t)
  }, [done])
  return (
    <button
      type="button"
      className={`btn btn-plain copy ${className ?? ''}`}
      onClick={() => copyText(text).then(setDone)}
    >
      {done === true ? lt('common.copied') : done === false ? lt('common.copyFailed') : lt('common.copy')}
    </button>
  )
}

/** A labelled result bar: n of total. */
/** A labelled whole number of a live form (points, counts, minutes, seconds), within its bounds. */
export function NumberField(props: {
  label: ReactNode
  className: string
  min?: number
  max: number
  value: number
  onChange: (n: number) => void
}) {
  return (
    <label className="field field-narrow">
      <span>{props.label}</span>
      <input
        className={props.className}
        type="number"
        min={props.min ?? 1}
        max={props.max}
        value={props.value}
        onChange={(e) => props.onChange(Number(e.target.value))}
      />
    </label>
  )
}

export function Bar({ label, n, total, right }: { label: ReactNode; n: number; total: number; right?: boolean }) {
  const pct = total > 0 ? Math.round((n / total) * 100) : 0
  return (
    <div className={`bar ${right ? 'bar-right' : ''}`}>
      <span className="bar-label">{label}</span>
      <span className="bar-track">
        <span className="bar-fill" style={{ width: `${pct}%` }} />
      </span>
      <span className="bar-value">
        {n} · {pct}%
      </span>
    </div>
  )
}

const ROLE_KEY: Record<string, LiveKey> = {
  teacher: 'role.teacher',
  manager: 'role.manager',
  assistant: 'role.assistant',
  student: 'role.student',
  slice: 'role.slice',
}

export function UserName({ user }: { user: ChatUser }) {
  const staff = user.userType !== 'student' && user.userType !== 'slice'
  return (
    <span className={`user ${staff ? 'user-staff' : ''}`} data-user-id={user.userId}>
      <span className="user-nick">{readable(user.nick) || `#${user.userId}`}</span>
      {staff && <span className="user-role">{lt(ROLE_KEY[user.userType] ?? 'role.student')}</span>}
    </span>
  )
}

export const isStaffUser = (u: ChatUser) =>
  u.userType === 'teacher' || u.userType === 'manager' || u.userType === 'assistant'

const pad = (n: number) => String(n).padStart(2, '0')
/** 09:30:05 of an epoch ms */
export const clock = (ms: number) => {
  const d = new Date(ms)
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
}
/** 2026-03-01 09:30 of Unix seconds */
export const dateTime = (s: number) => {
  const d = new Date(s * 1000)
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`
}

/** The outcome of the last action of a panel. */
export interface Outcome {
  ok: boolean
  text: string
}

export function OutcomeLine({ outcome: given }: { outcome: Outcome | null }) {
  // a success goes by itself after a few seconds; a refusal stays until the next action
  const outcome = useFading(given, (o) => o.ok)
  if (!outcome) return null
  return (
    <p className={`notice ${outcome.ok ? 'notice-ok' : 'notice-error'}`} role={outcome.ok ? 'status' : 'alert'}>
      {outcome.text}
    </p>
  )
}

/** Runs a send; gives the outcome line its text (the ack's refusal, or `done`). */
export function useAction() {
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const [busy, setBusy] = useState(false)
  const run = async (send: () => Promise<Ack>, done?: string): Promise<Ack> => {
    setBusy(true)
    setOutcome(null)
    try {
      const ack = await send()
      setOutcome(ack.ok ? (done ? { ok: true, text: done } : null) : { ok: false, text: ackText(ack) })
      return ack
    } finally {
      setBusy(false)
    }
  }
  return { run, busy, outcome, setOutcome }
}
