/** WeChat login turned off (NODE_ENV=production without WECHAT_PROVIDER): every exchange is refused clearly. */
import { wechatRefusal } from './refusals'
import type { WechatIdentity, WechatProvider } from './types'

export class OffWechatProvider implements WechatProvider {
  readonly name = 'off' as const
  async code2session(): Promise<WechatIdentity> {
    throw wechatRefusal.notSetUp()
  }
  async oauthOpenId(): Promise<WechatIdentity> {
    throw wechatRefusal.notSetUp()
  }
  async jsapiTicket(): Promise<string> {
    throw wechatRefusal.notSetUp()
  }
}
