import type { PayParams } from '../shop/api'

/**
 * What became of a payment the app started: 'left' (the app handed over to a pay page: H5 navigated away,
 * or the mini-program opened it in a web-view), 'paid' (WeChat said ok: the callback may still lag),
 * 'cancelled', 'failed', 'unsupported' (WeChat Pay outside WeChat).
 */
export type PayOutcome = 'left' | 'paid' | 'cancelled' | 'failed' | 'unsupported'

export type LaunchPay = (orderId: number, params: PayParams) => Promise<PayOutcome>

/** An absolute pay page URL: the server may answer a path under the API host (`/api/pay/local/…`). */
export function absoluteUrl(url: string, apiBase: string, fallbackHost: string): string {
  if (/^https?:\/\//i.test(url)) return url
  const origin = /^(https?:\/\/[^/]+)/i.exec(apiBase)?.[1] ?? `https://${fallbackHost}`
  return `${origin}${url.startsWith('/') ? '' : '/'}${url}`
}
