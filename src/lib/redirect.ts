import { isHttpUrl } from './link'

/** Code 699 carries a URL in `msg`; only http(s) URLs are followed (never javascript:, data:, ...). */
export function safeRedirectUrl(msg: unknown): string | null {
  if (typeof msg !== 'string') return null
  const s = msg.trim()
  return isHttpUrl(s) ? s : null
}
