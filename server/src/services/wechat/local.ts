/**
 * Local WeChat provider (development and tests): no network. A code stands for a WeChat user of the app: the openid
 * is an HMAC of app id + code, so the same code always gives the same openid; no unionid. A code starting with
 * `invalid` fails like WeChat's 40029 and one starting with `used` like 40163, so those paths can be exercised.
 */
import { createHmac } from 'node:crypto'
import { wechatRefusal } from './refusals'
import type { WechatApp, WechatIdentity, WechatProvider } from './types'

export class LocalWechatProvider implements WechatProvider {
  readonly name = 'local' as const
  constructor(private readonly secret: string) {}

  private identity(app: WechatApp, code: string): WechatIdentity {
    if (code.startsWith('invalid')) throw wechatRefusal.codeInvalid()
    if (code.startsWith('used')) throw wechatRefusal.codeUsed()
    const mac = createHmac('sha256', this.secret).update(`${app.kind}:${app.appId}:${code}`).digest('base64url')
    // the shape of a real openid: 28 characters starting with 'o'
    return { openId: `o${mac.slice(0, 27)}` }
  }

  async code2session(app: WechatApp, code: string) {
    return this.identity(app, code)
  }

  async oauthOpenId(app: WechatApp, code: string) {
    return this.identity(app, code)
  }

  async jsapiTicket(app: WechatApp) {
    return `local-${createHmac('sha256', this.secret).update(`ticket:${app.appId}`).digest('base64url')}`
  }
}
