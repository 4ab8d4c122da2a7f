/** H5: a reload or a closed tab during a timed exam asks first (the browser shows its own text). */
let handler: ((e: BeforeUnloadEvent) => string) | null = null

export function enableLeaveGuard(message: string): void {
  if (handler || typeof window === 'undefined') return
  handler = (e: BeforeUnloadEvent) => {
    e.preventDefault()
    e.returnValue = message
    return message
  }
  window.addEventListener('beforeunload', handler)
}

export function disableLeaveGuard(): void {
  if (!handler || typeof window === 'undefined') return
  window.removeEventListener('beforeunload', handler)
  handler = null
}
