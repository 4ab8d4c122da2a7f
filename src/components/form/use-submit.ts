import { useRef, useState } from 'react'

/**
 * A form's submit: one run at a time (a ref, so a double tap in the same tick is refused), `submitting`
 * for the button's busy look. A failure was already shown by the request layer: it is swallowed after
 * `onError` (e.g. a new captcha) has run.
 */
export function useSubmit() {
  const [submitting, setSubmitting] = useState(false)
  const busy = useRef(false)

  const run = async (task: () => Promise<void>, onError?: () => void | Promise<void>): Promise<void> => {
    if (busy.current) return
    busy.current = true
    setSubmitting(true)
    try {
      await task()
    } catch {
      try {
        await onError?.()
      } catch {
        // nothing more to show
      }
    } finally {
      busy.current = false
      setSubmitting(false)
    }
  }

  return { submitting, run }
}
