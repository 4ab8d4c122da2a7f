/**
 * WeChat login and binding (docs/DECISIONS.md "WeChat login and binding"): the provider of a running app, chosen by
 * WECHAT_PROVIDER (config.wechat.provider). One instance per app config, so the real provider's token and ticket
 * cache lives as long as the server.
 */
import type { AppConfig } from '../../config'
import { LocalWechatProvider } from './local'
import { OffWechatProvider } from './off'
import { RealWechatProvider } from './real'
import type { WechatProvider } from './types'

export * from './types'

const providers = new WeakMap<AppConfig, WechatProvider>()

export function wechatProvider(config: AppConfig, warn?: (msg: string) => void): WechatProvider {
  let p = providers.get(config)
  if (!p) {
    const kind = config.wechat?.provider ?? 'local'
    p =
      kind === 'wechat'
        ? new RealWechatProvider(warn ? { warn } : {})
        : kind === 'off'
          ? new OffWechatProvider()
          : new LocalWechatProvider(config.secret)
    providers.set(config, p)
  }
  return p
}

/** Tests and tools: use this provider for the app built with `config`. */
export function setWechatProvider(config: AppConfig, provider: WechatProvider): void {
  providers.set(config, provider)
}
