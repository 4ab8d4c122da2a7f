import { useCallback, useEffect, useRef, useState } from 'react'

/** A seconds countdown for the send-code buttons (one SMS per phone per 60 s, DECISIONS.md). */
export function useCountdown(seconds = 60) {
  const [left, setLeft] = useState(0)
  const timer = useRef<ReturnType<typeof setInterval> | null>(null)

  const stop = useCallback(() => {
    if (timer.current !== null) clearInterval(timer.current)
    timer.current = null
  }, [])

  const start = useCallback(() => {
    stop()
    setLeft(seconds)
    timer.current = setInterval(() => {
      setLeft((s) => {
        if (s <= 1) {
          stop()
          return 0
        }
        return s - 1
      })
    }, 1000)
  }, [seconds, stop])

  useEffect(() => stop, [stop])

  return { left, start, running: left > 0 }
}
