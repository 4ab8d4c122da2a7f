/**
 * The console's one request helper. Every call carries the tenant id (looked up by the school's host, as the H5 app
 * does), the language (the server writes refusals in it) and, once signed in, the login token. A 401 or 409
 * (expired, signed in elsewhere) ends the session: the shell goes back to sign-in with the server's reason.
 */
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
  query?: Record<string, string | number | undefined>
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
        Object.entries(opts.query).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
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

// ---- the calls ----

export type StaffRole = 'teacher' | 'manager' | 'assistant'

export interface Me {
  userId: number
  userAccount: string
  nickName: string
  staffRole: StaffRole
  tenantId: number
  tenantName: string
}

export const findTenantId = (host: string) =>
  request<string | number>('GET', '/app/common/findTenantId', { query: { hostH5: host } }).then(String)

export const captchaImage = (tenantId: string) =>
  request<{ img: string; uuid: string }>('GET', '/captchaImage', { tenantId })

export const login = (
  tenantId: string,
  body: { account: string; password: string; code: string; uuid: string; deviceUuid: string },
) => request<{ token: string; userAccount: string }>('POST', '/login', { tenantId, body })

/** `token`: during sign-in, before the session is kept */
export const fetchMe = (tenantId?: string, token?: string) =>
  request<Me>('GET', '/console/me', tenantId ? { tenantId, token } : {})

export const signOut = (tenantId?: string, token?: string) =>
  request<null>('POST', '/console/signout', tenantId ? { tenantId, token } : {})

export interface RefundRow {
  orderId: number
  orderNo: string
  userAccount: string
  payPrice: number
  refundReason: string | null
  refundRequestedAt: string | null
}
export interface InvoiceRow {
  invoiceId: number
  userAccount: string
  titleType: number
  title: string
  taxNo: string
  email: string
  amount: number
  orderIds: number[]
}
export interface CertificationRow {
  userId: number
  userAccount: string
  realName: string
  idCard: string
  idCardImage: string
  faceImage: string
  submittedAt: string
}
export interface PhotoRow {
  photoId: number
  userAccount: string
  scene: string
  goodsId: number | null
  goodsName: string | null
  sectionId: number | null
  sectionName: string | null
  recordId: number | null
  imageUrl: string
  createdAt: string
  certFaceImage: string | null
  certStatus: number | null
}
export interface CertificateRow {
  serial: string
  userAccount: string
  realName: string
  examName: string
  score: number
  issuedAt: string
  revokedAt: string | null
}
export interface AccountRow {
  userId: number
  userAccount: string
  telPhone: string
  nickName: string
  realName: string
  staffRole: StaffRole | ''
}

export const staff = {
  refunds: () => request<RefundRow[]>('GET', '/staff/refunds'),
  decideRefund: (orderId: number, approve: boolean, reason?: string) =>
    request<{ orderStatus: number }>('POST', `/staff/refunds/${orderId}`, { body: { approve, reason } }),
  invoices: () => request<InvoiceRow[]>('GET', '/staff/invoices'),
  issueInvoice: (invoiceId: number) => request<unknown>('POST', `/staff/invoices/${invoiceId}/issue`, { body: {} }),
  certifications: () => request<CertificationRow[]>('GET', '/staff/certifications'),
  decideCertification: (userId: number, approve: boolean, reason?: string) =>
    request<unknown>('POST', `/staff/certifications/${userId}`, { body: { approve, reason } }),
  photos: () => request<PhotoRow[]>('GET', '/staff/photos'),
  decidePhoto: (photoId: number, approve: boolean) =>
    request<unknown>('POST', `/staff/photos/${photoId}`, { body: { approve } }),
  certificates: () => request<CertificateRow[]>('GET', '/staff/certificates'),
  revokeCertificate: (serial: string) =>
    request<unknown>('POST', `/staff/certificates/${encodeURIComponent(serial)}/revoke`, { body: {} }),
  accounts: (account?: string) => request<AccountRow[]>('GET', '/staff/accounts', { query: { account } }),
  setRole: (userId: number, staffRole: StaffRole | '') =>
    request<AccountRow>('POST', `/staff/accounts/${userId}/role`, { body: { staffRole } }),
}
