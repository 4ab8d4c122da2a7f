/** The exam countdown as a React hook: re-read from the clock every tick (no drift, no sum of intervals). */
import { useEffect, useRef, useState } from 'react'
import { crossedAlert, type ExamClock, remainingSeconds } from './clock'

export const TICK_MS = 500

export interface CountdownHandlers {
  /** the time left fell to a reminder threshold (seconds, ALERT_SECONDS) */
  onAlert?: (threshold: number) => void
  /** the time is over (once per clock that had time left) */
  onZero?: () => void
}

/** Seconds left on the server clock (null without a clock). A new clock (re-sync) keeps the reminders given. */
export function useCountdown(clock: ExamClock | null, handlers: CountdownHandlers): number | null {
  // the reading belongs to a clock: a new clock shows its own time at once, not the old one's last tick
  const [reading, setReading] = useState<{ clock: ExamClock; s: number } | null>(null)
  const h = useRef(handlers)
  h.current = handlers
  const prev = useRef<number | null>(null)
  const zeroed = useRef(false)

  useEffect(() => {
    if (!clock) return
    // a new clock with time left (re-read from the server) may reach zero again
    if (remainingSeconds(clock, Date.now()) > 0) zeroed.current = false
    const tick = () => {
      const s = remainingSeconds(clock, Date.now())
      setReading({ clock, s })
      const alert = crossedAlert(prev.current, s)
      prev.current = s
      if (alert !== null) h.current.onAlert?.(alert)
      if (s <= 0 && !zeroed.current) {
        zeroed.current = true
        h.current.onZero?.()
      }
    }
    tick()
    const id = setInterval(tick, TICK_MS)
    return () => clearInterval(id)
  }, [clock])

  if (!clock) return null
  return reading?.clock === clock ? reading.s : remainingSeconds(clock, Date.now())
}
