/**
 * The console's one request helper. Every call carries the tenant id (looked up by the school's host, as the H5 app
 * does), the language (the server writes refusals in it) and, once signed in, the login token. A 401 or 409
 * (expired, signed in elsewhere) ends the session: the shell goes back to sign-in with the server's reason.
 * Calls are made by their contract key (`call`, like the app's src/services/api/call.ts): the path, the method and
 * the types of input and `data` come from the contract (contract/api.ts: the learner's and the staff's calls).
 */
import { type ApiKey, apiRoutes } from '../../contract/api'
import type { StaffRole } from '../../contract/staff'
import type { RouteData, RouteInput } from '../../contract/types'
import { isValidDomain } from '../../shared/rules/domain'
import { getLocale, i18n, t } from './i18n'

export const apiBase =
  document.querySelector('meta[name="api-base"]')?.getAttribute('content')?.replace(/\/+$/, '') || '/api'

export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

export interface Session {
  token: string
  tenantId: string
  host: string
}

const SESSION_KEY = 'console.session'
const HOST_KEY = 'console.host'

export function loadSession(): Session | null {
  try {
    const raw = sessionStorage.getItem(SESSION_KEY)
    const s = raw ? (JSON.parse(raw) as Partial<Session>) : null
    return s && typeof s.token === 'string' && typeof s.tenantId === 'string' && typeof s.host === 'string'
      ? (s as Session)
      : null
  } catch {
    return null
  }
}

export function saveSession(s: Session | null): void {
  if (s) sessionStorage.setItem(SESSION_KEY, JSON.stringify(s))
  else sessionStorage.removeItem(SESSION_KEY)
}

/** The school's host: the page's own host, unless it is localhost or an IP (then the one typed at sign-in). */
export function pageHost(): string | null {
  return isValidDomain(location.hostname) ? location.hostname : null
}

export function lastTypedHost(): string {
  try {
    return localStorage.getItem(HOST_KEY) ?? ''
  } catch {
    return ''
  }
}

export function rememberTypedHost(host: string): void {
  try {
    localStorage.setItem(HOST_KEY, host)
  } catch {
    // private mode
  }
}

type Ended = (reason: string) => void
let onEnded: Ended = () => {}
/** The shell's handler for a session the server no longer accepts. */
export function onSessionEnded(fn: Ended): void {
  onEnded = fn
}

interface Options {
  body?: unknown
  query?: Record<string, unknown>
  /** without the session (sign-in calls): the tenant id to send */
  tenantId?: string
  /** a bearer token other than the session's (sign-in, before the session is saved) */
  token?: string
}

export async function request<T>(method: 'GET' | 'POST', path: string, opts: Options = {}): Promise<T> {
  const session = loadSession()
  const headers: Record<string, string> = { 'Accept-Language': getLocale() }
  const tenantId = opts.tenantId ?? session?.tenantId
  if (tenantId) headers['tenant-id'] = tenantId
  const token = opts.token ?? (opts.tenantId ? undefined : session?.token)
  if (token) headers.Authorization = `Bearer ${token}`
  if (opts.body !== undefined) headers['content-type'] = 'application/json'
  const qs = opts.query
    ? new URLSearchParams(
        Object.entries(opts.query).flatMap(([k, v]) => (v === undefined || v === null ? [] : [[k, String(v)]])),
      ).toString()
    : ''
  let res: Response
  try {
    res = await fetch(`${apiBase}${path}${qs ? `?${qs}` : ''}`, {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    })
  } catch {
    throw new ApiError(0, t('common.network'))
  }
  let env: { code?: unknown; msg?: unknown; data?: unknown; key?: unknown; vars?: Record<string, string> }
  try {
    env = await res.json()
  } catch {
    throw new ApiError(res.status || 500, t('common.error'))
  }
  if (env.code === 200) return env.data as T
  const code = typeof env.code === 'number' ? env.code : res.status
  // a refusal by its key in the shared catalogue (shared/i18n/*\/refusals.ts); else the server's msg (same language)
  const text = (typeof env.key === 'string' && i18n.lookup(env.key, env.vars)) || env.msg
  const error = new ApiError(code, typeof text === 'string' && text ? text : t('common.error'))
  // a session call refused for the session itself: back to sign-in with the reason
  if (token && !opts.token && (code === 401 || code === 409)) {
    saveSession(null)
    onEnded(error.message)
  }
  throw error
}

export const messageOf = (e: unknown): string =>
  e instanceof ApiError ? e.message : e instanceof Error ? e.message : t('common.error')

/** Without the session (sign-in calls): the tenant id to send, and the token before the session is kept. */
type CallOptions = Pick<Options, 'tenantId' | 'token'>

interface LooseInput {
  params?: Record<string, unknown>
  query?: Record<string, unknown>
  body?: unknown
}

/** A contract call by its key: `:segments` from `params`, `query` in the URL, a POST's JSON `body` ({} if none). */
export function call<K extends ApiKey>(key: K, input?: RouteInput<K>, opts: CallOptions = {}): Promise<RouteData<K>> {
  const meta = apiRoutes[key]
  const { params, query, body } = (input ?? {}) as LooseInput
  const path = meta.path.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(String(params?.[name] ?? '')))
  return request<RouteData<K>>(meta.method, path, {
    ...opts,
    ...(query ? { query } : {}),
    ...(meta.method === 'POST' ? { body: body ?? {} } : {}),
  })
}

// ---- the calls ----

export type { StaffRole }

export type Me = RouteData<'GET /console/me'>

export const findTenantId = (host: string) =>
  call('GET /app/common/findTenantId', { query: { hostH5: host } }).then(String)

export const captchaImage = (tenantId: string) => call('GET /captchaImage', undefined, { tenantId })

export const login = (tenantId: string, body: RouteInput<'POST /login'>['body']) =>
  call('POST /login', { body }, { tenantId })

/** `token`: during sign-in, before the session is kept */
export const fetchMe = (tenantId?: string, token?: string) =>
  call('GET /console/me', undefined, tenantId ? { tenantId, token } : {})

export const signOut = (tenantId?: string, token?: string) =>
  call('POST /console/signout', undefined, tenantId ? { tenantId, token } : {})

export type RefundRow = RouteData<'GET /staff/refunds'>[number]
export type InvoiceRow = RouteData<'GET /staff/invoices'>[number]
export type CertificationRow = RouteData<'GET /staff/certifications'>[number]
export type PhotoRow = RouteData<'GET /staff/photos'>[number]
export type CertificateRow = RouteData<'GET /staff/certificates'>[number]
export type AccountRow = RouteData<'GET /staff/accounts'>[number]

export const staff = {
  refunds: () => call('GET /staff/refunds'),
  decideRefund: (orderId: number, approve: boolean, reason?: string) =>
    call('POST /staff/refunds/:orderId', { params: { orderId }, body: { approve, reason } }),
  invoices: () => call('GET /staff/invoices'),
  issueInvoice: (invoiceId: number) => call('POST /staff/invoices/:invoiceId/issue', { params: { invoiceId } }),
  certifications: () => call('GET /staff/certifications'),
  decideCertification: (userId: number, approve: boolean, reason?: string) =>
    call('POST /staff/certifications/:userId', { params: { userId }, body: { approve, reason } }),
  photos: () => call('GET /staff/photos'),
  decidePhoto: (photoId: number, approve: boolean) =>
    call('POST /staff/photos/:photoId', { params: { photoId }, body: { approve } }),
  certificates: () => call('GET /staff/certificates'),
  revokeCertificate: (serial: string) => call('POST /staff/certificates/:serial/revoke', { params: { serial } }),
  accounts: (account?: string) => call('GET /staff/accounts', { query: { account } }),
  setRole: (userId: number, staffRole: StaffRole | '') =>
    call('POST /staff/accounts/:userId/role', { params: { userId }, body: { staffRole } }),
}
