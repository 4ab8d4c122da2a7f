/** The WeChat exchanges the server makes (docs/DECISIONS.md "WeChat login and binding"). */

/** 'mini' = the school's mini program (wx.login codes); 'gzh' = its official account (web OAuth codes) */
export type WechatKind = 'mini' | 'gzh'
export const WECHAT_KINDS: readonly WechatKind[] = ['mini', 'gzh']

/** One school's WeChat app, read on the server only (table tenant_wechat_app); the secret never leaves it. */
export interface WechatApp {
  kind: WechatKind
  appId: string
  /** '' when the operator has not set it (the real provider then refuses) */
  appSecret: string
}

/** Who a code belongs to: the openid is scoped to the app; unionid only when the app is under an open platform. */
export interface WechatIdentity {
  openId: string
  unionId?: string
}

export interface JsapiTicket {
  ticket: string
  /** ms since the epoch after which the ticket is fetched again */
  expiresAt: number
}

export interface WechatProvider {
  readonly name: 'local' | 'wechat' | 'off'
  /** mini program: `wx.login` code -> identity (sns/jscode2session) */
  code2session(app: WechatApp, code: string): Promise<WechatIdentity>
  /** official account web page: OAuth code (snsapi_base) -> identity (sns/oauth2/access_token) */
  oauthOpenId(app: WechatApp, code: string): Promise<WechatIdentity>
  /** JS-SDK ticket of an official account (cgi-bin/token then cgi-bin/ticket/getticket), cached */
  jsapiTicket(app: WechatApp): Promise<string>
}

/** The part of `fetch` the real provider uses (tests pass a stub replaying recorded bodies). */
export type FetchLike = (
  url: string,
  init?: { method?: string; signal?: AbortSignal },
) => Promise<{
  ok: boolean
  status: number
  json(): Promise<unknown>
}>
