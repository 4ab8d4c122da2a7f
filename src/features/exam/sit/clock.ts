/**
 * The exam countdown runs on the SERVER clock (docs/DECISIONS.md "Exams"). Each reply that carries `sysTime`
 * fixes offset = server now - device now (at the reply); the time left is then
 * deadline - (device now + offset). A device clock that is hours off shifts both terms equally and changes
 * nothing. Pure: no Taro, every "now" is passed in (milliseconds since the epoch).
 */

/** Under this many seconds the countdown turns red. */
export const URGENT_SECONDS = 5 * 60
/** The learner is told when the time left falls to these (seconds), largest first. */
export const ALERT_SECONDS = [5 * 60, 60] as const

export interface ExamClock {
  /** the attempt's deadline on the server clock, ms */
  deadlineMs: number
  /** server clock - device clock, ms */
  offsetMs: number
}

/**
 * The clock of an attempt from a reply: `deadlineTime` and `sysTime` are the server's Unix seconds,
 * `deviceNowMs` is Date.now() when the reply arrived.
 */
export function makeClock(deadlineTime: number, sysTime: number, deviceNowMs: number): ExamClock {
  return { deadlineMs: deadlineTime * 1000, offsetMs: sysTime * 1000 - deviceNowMs }
}

/** The server's time now, ms. */
export function serverNowMs(clock: ExamClock, deviceNowMs: number): number {
  return deviceNowMs + clock.offsetMs
}

/** Time left, ms (never below 0). */
export function remainingMs(clock: ExamClock, deviceNowMs: number): number {
  return Math.max(0, clock.deadlineMs - serverNowMs(clock, deviceNowMs))
}

/** Whole seconds left, rounded up: the display reaches 00:00 exactly when the time is over. */
export function remainingSeconds(clock: ExamClock, deviceNowMs: number): number {
  return Math.ceil(remainingMs(clock, deviceNowMs) / 1000)
}

const pad = (n: number) => String(n).padStart(2, '0')

/** mm:ss, or hh:mm:ss from an hour up. */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds))
  const h = Math.floor(s / 3600)
  const m = Math.floor((s % 3600) / 60)
  const rest = s % 60
  return h > 0 ? `${pad(h)}:${pad(m)}:${pad(rest)}` : `${pad(m)}:${pad(rest)}`
}

export function isUrgent(seconds: number): boolean {
  return seconds < URGENT_SECONDS
}

/**
 * The reminder due when the time left goes from `prev` (null: first reading) to `now` seconds: the smallest
 * threshold passed, so opening an attempt with 30 s left says "1 minute", not "5 minutes"; null when none
 * (or when the time is already over: the time-up flow speaks then).
 */
export function crossedAlert(prev: number | null, now: number): number | null {
  if (now <= 0) return null
  let hit: number | null = null
  for (const t of ALERT_SECONDS) if ((prev === null || prev > t) && now <= t) hit = t
  return hit
}
