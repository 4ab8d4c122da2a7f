/**
 * The network edge: one function the request layer and the tenant lookup send through. Tests swap it
 * with setTransport. It resolves with whatever the server answered (any HTTP status) and rejects only
 * when no answer came (offline, DNS, timeout).
 */
import Taro from '@tarojs/taro'

export interface TransportRequest {
  url: string
  method: 'GET' | 'POST'
  data?: unknown
  header: Record<string, string>
  timeout: number
}

export interface TransportResponse {
  statusCode: number
  data: unknown
}

export type Transport = (req: TransportRequest) => Promise<TransportResponse>

export const REQUEST_TIMEOUT_MS = 60_000

const taroTransport: Transport = async (req) => {
  const res = await Taro.request({
    url: req.url,
    method: req.method,
    data: req.data as TaroGeneral.IAnyObject | undefined,
    header: req.header,
    timeout: req.timeout,
    dataType: 'json',
  })
  return { statusCode: res.statusCode, data: res.data }
}

let current: Transport = taroTransport

export function setTransport(fn: Transport | null): void {
  current = fn ?? taroTransport
}

export function send(req: TransportRequest): Promise<TransportResponse> {
  return current(req)
}

/** `a=1&b=x%20y` from a flat object; undefined/null dropped, arrays repeat the key. */
export function queryString(params: Record<string, unknown> | undefined): string {
  if (!params) return ''
  const parts: string[] = []
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null) continue
    const values = Array.isArray(v) ? v : [v]
    for (const item of values) {
      if (item === undefined || item === null) continue
      const s = typeof item === 'object' ? JSON.stringify(item) : String(item)
      parts.push(`${encodeURIComponent(k)}=${encodeURIComponent(s)}`)
    }
  }
  return parts.join('&')
}

export function withQuery(url: string, params: Record<string, unknown> | undefined): string {
  const qs = queryString(params)
  if (!qs) return url
  return `${url}${url.includes('?') ? '&' : '?'}${qs}`
}
