/** Runtime configuration of the app (main.ts reads it from the environment; tests build it directly). */
import { type WechatPayConfig, wechatConfigFromEnv } from './services/payment/wechat'

export interface AppConfig {
  apiBase: string
  /** HMAC key for skip-login signs */
  secret: string
  accessTtlSeconds: number
  refreshTtlSeconds: number
  rateLimit: { max: number; loginMax: number; smsMax: number }
  sms: { ttlSeconds: number; gapSeconds: number; perPhonePerDay: number; perIpPerHour: number }
  captchaTtlSeconds: number
  /** H5 build served with SPA fallback; absent = API only */
  staticDir?: string
  /** payment provider: 'local' (default: pay page on this server) or 'wechat' (WECHATPAY_* env) */
  payment: { provider: 'local' | 'wechat'; wechat?: WechatPayConfig }
  /** STAFF_TOKEN: enables the staff desk (refund decisions, invoice issuing); absent = no staff routes */
  staffToken?: string
}

export function defaultConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    apiBase: '/api',
    secret: 'dev-secret-change-me',
    accessTtlSeconds: 7200,
    refreshTtlSeconds: 30 * 24 * 3600,
    rateLimit: { max: 600, loginMax: 30, smsMax: 10 },
    sms: { ttlSeconds: 300, gapSeconds: 60, perPhonePerDay: 10, perIpPerHour: 20 },
    captchaTtlSeconds: 120,
    payment: { provider: 'local' },
    ...overrides,
  }
}

const int = (v: string | undefined, d: number) => {
  const n = Number.parseInt(v ?? '', 10)
  return Number.isFinite(n) && n > 0 ? n : d
}

export function configFromEnv(env: NodeJS.ProcessEnv, secret: string, staticDir?: string): AppConfig {
  const d = defaultConfig()
  return defaultConfig({
    apiBase: (env.API_BASE || '/api').replace(/\/+$/, ''),
    secret,
    accessTtlSeconds: int(env.ACCESS_TTL_SECONDS, d.accessTtlSeconds),
    refreshTtlSeconds: int(env.REFRESH_TTL_SECONDS, d.refreshTtlSeconds),
    rateLimit: { ...d.rateLimit, max: int(env.RATE_LIMIT_MAX, d.rateLimit.max) },
    staticDir,
    payment: paymentFromEnv(env),
    staffToken: env.STAFF_TOKEN && env.STAFF_TOKEN.length >= 16 ? env.STAFF_TOKEN : undefined,
  })
}

function paymentFromEnv(env: NodeJS.ProcessEnv): AppConfig['payment'] {
  if (env.PAY_PROVIDER !== 'wechat') return { provider: 'local' }
  const wechat = wechatConfigFromEnv(env)
  if (!wechat)
    throw new Error(
      'PAY_PROVIDER=wechat needs WECHATPAY_MCHID, WECHATPAY_SERIAL, WECHATPAY_PRIVATE_KEY_PATH, WECHATPAY_APIV3_KEY and WECHATPAY_PLATFORM_CERT_PATH',
    )
  return { provider: 'wechat', wechat }
}
