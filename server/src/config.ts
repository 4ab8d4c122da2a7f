/** Runtime configuration of the app (main.ts reads it from the environment; tests build it directly). */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { type WechatPayConfig, wechatConfigFromEnv } from './services/payment/wechat'
import type { OssConfig } from './services/upload/types'
import type { VideoConfig } from './services/video'

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
  /** the staff console's build (scripts/build-console.mjs), served at /console/; CONSOLE_DIR, default dist/console */
  consoleDir?: string
  /**
   * payment provider: 'local' (default: pay page on this server) or 'wechat' (WECHATPAY_* env). `localPage`
   * false: the local provider's pay page is not registered (NODE_ENV=production without PAY_LOCAL_ENABLE=1).
   */
  payment: { provider: 'local' | 'wechat'; wechat?: WechatPayConfig; localPage?: boolean }
  /** per-account back-off of password guessing (services/login-guard.ts) */
  loginGuard: { maxFailures: number; windowSeconds: number }
  /** STAFF_TOKEN: the operator's secret for the staff routes (x-staff-token, for scripts); absent = manager accounts only */
  staffToken?: string
  /** seed videos and handouts served by the media routes (`video/`, `handout/`); default server/media */
  mediaDir: string
  /** VIDEO_PROVIDER=polyv with POLYV_SECRET_KEY signs for polyv; otherwise the local signed URLs */
  video: VideoConfig
  /** FACE_PROVIDER: 'local' (every case left to manual review) unless a cloud provider is configured */
  faceProvider: string
  /** uploads: OSS_PROVIDER local (default, files in OSS_DIR) or aliyun (OSS_BUCKET, OSS_REGION, OSS_ACCESS_KEY_*) */
  oss: OssConfig
  /** live classes (docs/DECISIONS.md "Live"): LIVE_PROVIDER, LIVE_DIR, LIVE_RTMP_PORT, LIVE_PUBLIC_HOST, LIVE_VIDEO=off, POLYV_* */
  live: LiveConfig
  /**
   * REDIS_URL: what several processes share (docs/DECISIONS.md "Several processes"): rate limits, captchas,
   * login-guard counts, the public-read cache's invalidation, the sweeps' tick locks, the live chat
   */
  redisUrl?: string
  /**
   * WECHAT_PROVIDER: 'local' (openids derived on this server, for development and tests; the default, except with
   * NODE_ENV=production, where WeChat login is 'off' unless WECHAT_PROVIDER names a provider) or 'wechat'
   * (api.weixin.qq.com with each school's app id and secret, table tenant_wechat_app); services/wechat
   */
  wechat: { provider: 'local' | 'wechat' | 'off' }
}

export interface LiveConfig {
  /** 'local' (nginx-rtmp on this machine, default) | 'polyv' (POLYV_APP_ID, POLYV_USER_ID, POLYV_APP_SECRET) */
  provider: 'local' | 'polyv'
  /** false: do not start nginx (LIVE_VIDEO=off); rooms still open with chat, the video says it is unavailable */
  videoEnabled: boolean
  /**
   * LIVE_VIDEO=follow (several processes on one machine, `npm run cluster`): another process with the same LIVE_DIR
   * runs nginx-rtmp; this one starts nothing, serves HLS and playback from that dir and says video is available
   * while that nginx runs
   */
  follow?: boolean
  /** nginx config, HLS fragments, recordings and VOD playlists (default DATA_DIR/live) */
  dir: string
  /** RTMP port nginx listens on (loopback unless LIVE_RTMP_BIND is set) */
  rtmpPort: number
  rtmpBind: string
  /** host (and optional port) put in the teacher's push URL; default the request's host */
  publicHost: string
  /**
   * how long a learner's access to a room is trusted by the media routes, and how often the chat checks the
   * learners connected to its rooms (server/src/modules/live/access.ts; default 30 s; tests shorten it)
   */
  accessCheckMs?: number
  polyv?: { appId: string; userId: string; appSecret: string }
}

const repoRoot = fileURLToPath(new URL('../../', import.meta.url))

export function defaultConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    apiBase: '/api',
    secret: 'dev-secret-change-me',
    accessTtlSeconds: 7200,
    refreshTtlSeconds: 30 * 24 * 3600,
    rateLimit: { max: 600, loginMax: 30, smsMax: 10 },
    sms: { ttlSeconds: 300, gapSeconds: 60, perPhonePerDay: 10, perIpPerHour: 20 },
    captchaTtlSeconds: 120,
    payment: { provider: 'local', localPage: true },
    loginGuard: { maxFailures: 10, windowSeconds: 15 * 60 },
    mediaDir: fileURLToPath(new URL('../media', import.meta.url)),
    video: { provider: 'local' },
    faceProvider: 'local',
    oss: { provider: 'local', dir: path.join(repoRoot, '.data/oss') },
    live: {
      provider: 'local',
      videoEnabled: false,
      dir: path.join(repoRoot, '.data/live'),
      rtmpPort: 1935,
      rtmpBind: '127.0.0.1',
      publicHost: '',
    },
    wechat: { provider: 'local' },
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
    consoleDir: path.resolve(repoRoot, env.CONSOLE_DIR || 'dist/console'),
    payment: paymentFromEnv(env),
    staffToken: env.STAFF_TOKEN && env.STAFF_TOKEN.length >= 16 ? env.STAFF_TOKEN : undefined,
    ...(env.MEDIA_DIR ? { mediaDir: env.MEDIA_DIR } : {}),
    video:
      env.VIDEO_PROVIDER === 'polyv' && env.POLYV_SECRET_KEY
        ? { provider: 'polyv', polyvSecretKey: env.POLYV_SECRET_KEY }
        : { provider: 'local' },
    faceProvider: env.FACE_PROVIDER || 'local',
    oss: ossFromEnv(env),
    live: liveFromEnv(env),
    ...(env.REDIS_URL ? { redisUrl: env.REDIS_URL } : {}),
    wechat: { provider: wechatProviderFromEnv(env) },
  })
}

function liveFromEnv(env: NodeJS.ProcessEnv): LiveConfig {
  const polyv =
    env.POLYV_APP_ID && env.POLYV_USER_ID && env.POLYV_APP_SECRET
      ? { appId: env.POLYV_APP_ID, userId: env.POLYV_USER_ID, appSecret: env.POLYV_APP_SECRET }
      : undefined
  if (env.LIVE_PROVIDER === 'polyv' && !polyv)
    throw new Error('LIVE_PROVIDER=polyv needs POLYV_APP_ID, POLYV_USER_ID and POLYV_APP_SECRET')
  return {
    provider: env.LIVE_PROVIDER === 'polyv' ? 'polyv' : 'local',
    videoEnabled: env.LIVE_VIDEO !== 'off' && env.LIVE_VIDEO !== 'follow',
    ...(env.LIVE_VIDEO === 'follow' ? { follow: true } : {}),
    dir: path.resolve(repoRoot, env.LIVE_DIR || path.join(env.DATA_DIR || '.data', 'live')),
    rtmpPort: int(env.LIVE_RTMP_PORT, 1935),
    rtmpBind: env.LIVE_RTMP_BIND || '127.0.0.1',
    publicHost: env.LIVE_PUBLIC_HOST || '',
    ...(polyv ? { polyv } : {}),
  }
}

function ossFromEnv(env: NodeJS.ProcessEnv): OssConfig {
  const common = {
    // next to the database's data dir (main.ts resolves DATA_DIR against the repository root too)
    dir: path.resolve(repoRoot, env.OSS_DIR || path.join(env.DATA_DIR || '.data', 'oss')),
    publicBaseUrl: env.PUBLIC_BASE_URL || undefined,
    trustProxy: env.TRUST_PROXY === '1',
  }
  if (env.OSS_PROVIDER !== 'aliyun') return { provider: 'local', ...common }
  const { OSS_BUCKET: bucket, OSS_REGION: region, OSS_ACCESS_KEY_ID: id, OSS_ACCESS_KEY_SECRET: key } = env
  if (!bucket || !region || !id || !key)
    throw new Error('OSS_PROVIDER=aliyun needs OSS_BUCKET, OSS_REGION, OSS_ACCESS_KEY_ID and OSS_ACCESS_KEY_SECRET')
  return { provider: 'aliyun', ...common, aliyun: { bucket, region, accessKeyId: id, accessKeySecret: key } }
}

/** NODE_ENV=production turns the local pay page off unless PAY_LOCAL_ENABLE=1 says otherwise. */
const isProduction = (env: NodeJS.ProcessEnv) => env.NODE_ENV === 'production'

/**
 * The local WeChat provider logs anyone in who knows a code a learner once bound with: fine for development, never
 * for real schools, so production has no WeChat login until WECHAT_PROVIDER says which (wechat, or local on purpose).
 */
function wechatProviderFromEnv(env: NodeJS.ProcessEnv): AppConfig['wechat']['provider'] {
  if (env.WECHAT_PROVIDER === 'wechat' || env.WECHAT_PROVIDER === 'local') return env.WECHAT_PROVIDER
  return isProduction(env) ? 'off' : 'local'
}

function paymentFromEnv(env: NodeJS.ProcessEnv): AppConfig['payment'] {
  if (env.PAY_PROVIDER !== 'wechat')
    return { provider: 'local', localPage: !isProduction(env) || env.PAY_LOCAL_ENABLE === '1' }
  const wechat = wechatConfigFromEnv(env)
  if (!wechat)
    throw new Error(
      'PAY_PROVIDER=wechat needs WECHATPAY_MCHID, WECHATPAY_SERIAL, WECHATPAY_PRIVATE_KEY_PATH, WECHATPAY_APIV3_KEY and WECHATPAY_PLATFORM_CERT_PATH',
    )
  return { provider: 'wechat', wechat }
}

/**
 * What `npm start` says about payment: the active provider, and a warning when the local provider runs in
 * production (its page confirms orders without any money moving).
 */
export function paymentStartupLog(config: AppConfig, env: NodeJS.ProcessEnv): { info: string; warn?: string } {
  const p = config.payment
  if (p.provider === 'wechat') return { info: `payment provider: wechat (mchid ${p.wechat?.mchId ?? '?'})` }
  const page = p.localPage !== false
  const info = `payment provider: local (${
    page ? `pay page at ${config.apiBase}/pay/local/<orderNo>/<signed link>` : 'pay page not registered'
  })`
  if (!isProduction(env)) return { info }
  return {
    info,
    warn: page
      ? 'NODE_ENV=production with the LOCAL payment provider and PAY_LOCAL_ENABLE=1: a learner can mark his own orders paid without paying; set PAY_PROVIDER=wechat'
      : 'NODE_ENV=production with the LOCAL payment provider: its pay page is off (PAY_LOCAL_ENABLE=1 turns it on), so orders cannot be paid; set PAY_PROVIDER=wechat',
  }
}
