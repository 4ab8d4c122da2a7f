/**
 * The real WeChat provider: api.weixin.qq.com with the school's app id and secret (docs/DECISIONS.md "WeChat login
 * and binding"). `fetch` is injectable (tests replay recorded bodies, tests/server/fixtures/wechat). WeChat answers
 * errors with HTTP 200 and `{errcode, errmsg}`; the ones a learner or operator can act on become clear refusals.
 * The official account's access token and JS-SDK ticket are cached per app until 5 minutes before `expires_in`,
 * and only one fetch of each runs at a time per app (callers meanwhile share it).
 */
import { AppError } from '../../http/core'
import { wechatRefusal } from './refusals'
import type { FetchLike, WechatApp, WechatIdentity, WechatProvider } from './types'

export const WECHAT_API = 'https://api.weixin.qq.com'
/** a cached token or ticket is fetched again this long before WeChat says it expires */
export const REFRESH_MARGIN_SECONDS = 300
/** errcodes of an access token that is no longer valid (another process fetched a newer one, or it expired) */
const TOKEN_INVALID = new Set([40001, 40014, 42001])
const CREDENTIALS = new Set([40013, 40125, 41002, 41004, 40164, 40001])

interface Cached {
  value: string
  expiresAt: number
}

export interface RealWechatOptions {
  fetch?: FetchLike
  now?: () => number
  timeoutMs?: number
  /** where unexpected answers are reported (errcode and errmsg; never the secret or the code) */
  warn?: (msg: string) => void
}

class WechatApiError extends Error {
  constructor(readonly errcode: number) {
    super(`wechat errcode ${errcode}`)
  }
}

export class RealWechatProvider implements WechatProvider {
  readonly name = 'wechat' as const
  private readonly fetch: FetchLike
  private readonly now: () => number
  private readonly timeoutMs: number
  private readonly warn: (msg: string) => void
  private readonly cache = new Map<string, Cached>()
  private readonly inflight = new Map<string, Promise<string>>()

  constructor(opts: RealWechatOptions = {}) {
    this.fetch = opts.fetch ?? (globalThis.fetch as unknown as FetchLike)
    this.now = opts.now ?? Date.now
    this.timeoutMs = opts.timeoutMs ?? 8000
    this.warn = opts.warn ?? (() => {})
  }

  /** GET a WeChat API path; a body with a non-zero errcode throws WechatApiError, anything unreadable a refusal. */
  private async get(path: string, query: Record<string, string>): Promise<Record<string, unknown>> {
    const url = `${WECHAT_API}${path}?${new URLSearchParams(query)}`
    let body: unknown
    try {
      const res = await this.fetch(url, { method: 'GET', signal: AbortSignal.timeout(this.timeoutMs) })
      if (!res.ok) {
        this.warn(`wechat ${path}: HTTP ${res.status}`)
        throw wechatRefusal.failed()
      }
      body = await res.json()
    } catch (e) {
      if (e instanceof AppError) throw e
      this.warn(`wechat ${path}: ${e instanceof Error ? e.message : String(e)}`)
      throw wechatRefusal.failed()
    }
    if (!body || typeof body !== 'object') throw wechatRefusal.failed()
    const b = body as Record<string, unknown>
    if (typeof b.errcode === 'number' && b.errcode !== 0) {
      this.warn(`wechat ${path}: errcode ${b.errcode} ${String(b.errmsg ?? '')}`)
      throw new WechatApiError(b.errcode)
    }
    return b
  }

  /** The refusal a learner sees for an errcode. */
  private refusal(e: unknown): Error {
    if (!(e instanceof WechatApiError)) return e as Error
    if (e.errcode === 40029) return wechatRefusal.codeInvalid()
    if (e.errcode === 40163) return wechatRefusal.codeUsed()
    if (e.errcode === 45011 || e.errcode === -1) return wechatRefusal.busy()
    if (CREDENTIALS.has(e.errcode)) return wechatRefusal.credentials()
    return wechatRefusal.failed()
  }

  private secretOf(app: WechatApp): string {
    if (!app.appId || !app.appSecret) throw wechatRefusal.notSetUp()
    return app.appSecret
  }

  private static identity(b: Record<string, unknown>): WechatIdentity {
    if (typeof b.openid !== 'string' || !b.openid) throw wechatRefusal.failed()
    return { openId: b.openid, ...(typeof b.unionid === 'string' && b.unionid ? { unionId: b.unionid } : {}) }
  }

  async code2session(app: WechatApp, code: string): Promise<WechatIdentity> {
    const secret = this.secretOf(app)
    try {
      const b = await this.get('/sns/jscode2session', {
        appid: app.appId,
        secret,
        js_code: code,
        grant_type: 'authorization_code',
      })
      // session_key is not kept: nothing here decrypts the mini program's encrypted data
      return RealWechatProvider.identity(b)
    } catch (e) {
      throw this.refusal(e)
    }
  }

  async oauthOpenId(app: WechatApp, code: string): Promise<WechatIdentity> {
    const secret = this.secretOf(app)
    try {
      const b = await this.get('/sns/oauth2/access_token', {
        appid: app.appId,
        secret,
        code,
        grant_type: 'authorization_code',
      })
      // a page opened from a Moments snapshot gets a made-up openid: never bind or log in with it
      if (b.is_snapshotuser === 1) throw wechatRefusal.snapshotUser()
      return RealWechatProvider.identity(b)
    } catch (e) {
      throw this.refusal(e)
    }
  }

  /** A cached value, or one fetch of it shared by every caller until it settles. */
  private async cached(key: string, load: () => Promise<{ value: string; expiresIn: number }>): Promise<string> {
    const hit = this.cache.get(key)
    if (hit && hit.expiresAt > this.now()) return hit.value
    const running = this.inflight.get(key)
    if (running) return running
    const p = (async () => {
      const { value, expiresIn } = await load()
      const keepFor = Math.max(60, expiresIn - REFRESH_MARGIN_SECONDS)
      this.cache.set(key, { value, expiresAt: this.now() + keepFor * 1000 })
      return value
    })().finally(() => this.inflight.delete(key))
    this.inflight.set(key, p)
    return p
  }

  private accessToken(app: WechatApp): Promise<string> {
    const secret = this.secretOf(app)
    return this.cached(`token:${app.appId}`, async () => {
      const b = await this.get('/cgi-bin/token', { grant_type: 'client_credential', appid: app.appId, secret })
      if (typeof b.access_token !== 'string' || !b.access_token) throw wechatRefusal.failed()
      return { value: b.access_token, expiresIn: Number(b.expires_in) || 7200 }
    })
  }

  async jsapiTicket(app: WechatApp): Promise<string> {
    const fetchTicket = async () => {
      const token = await this.accessToken(app)
      const b = await this.get('/cgi-bin/ticket/getticket', { access_token: token, type: 'jsapi' })
      if (typeof b.ticket !== 'string' || !b.ticket) throw wechatRefusal.failed()
      return { value: b.ticket, expiresIn: Number(b.expires_in) || 7200 }
    }
    try {
      return await this.cached(`ticket:${app.appId}`, async () => {
        try {
          return await fetchTicket()
        } catch (e) {
          // the cached token was replaced (another process asked for one) or expired early: once more with a new one
          if (!(e instanceof WechatApiError) || !TOKEN_INVALID.has(e.errcode)) throw e
          this.cache.delete(`token:${app.appId}`)
          return fetchTicket()
        }
      })
    } catch (e) {
      throw this.refusal(e)
    }
  }

  /** Forget the cached token and ticket of an app (its secret was changed). */
  forget(appId: string): void {
    this.cache.delete(`token:${appId}`)
    this.cache.delete(`ticket:${appId}`)
  }
}
