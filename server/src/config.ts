/** Runtime configuration of the app (main.ts reads it from the environment; tests build it directly). */
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
  })
}
