/**
 * The polyv video provider's three player calls and their handlers (issue 17; docs/DECISIONS.md "Account extras"):
 * - mobile / H5 player: vid, ts and sign = md5(secretkey + vid + ts) (services/video.ts PolyvVideoProvider);
 * - PC player: a Playsafe token from polyv's token API (`POST https://hls.videocc.net/service/v1/token`), made on
 *   the server: sign = upper(md5(secretkey + k1 + v1 + k2 + v2 ... + secretkey)) over the sent parameters sorted by
 *   name (empty ones left out);
 * - authorization ("授权播放"): the player carries a `code` we give the learner; polyv's server then calls our
 *   callback with vid, code, t (and callback for JSONP) and we answer {status, username, sign} with
 *   sign = md5('vid=' + vid + '&secretkey=' + secretkey + '&username=' + username + '&code=' + code + '&status=' +
 *   status + '&t=' + t).
 * The secret key never leaves the server.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { sysUser } from '../../db/schema'
import { AppError, type Ctx, type Handlers, requireUser } from '../../http/core'
import { videoProvider } from '../../services/video'
import { notFound } from './core'
import { playTarget } from './play'

export const PLAYSAFE_URL = 'https://hls.videocc.net/service/v1/token'
/** how long the player's authorization code stays valid (a lesson is watched within this) */
export const AUTH_CODE_SECONDS = 2 * 3600

const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex')

/** Playsafe token API sign: upper md5 of secret + sorted key/value pairs + secret (empty values left out). */
export function playsafeSign(params: Record<string, string>, secretKey: string): string {
  const plain = Object.keys(params)
    .filter((k) => params[k] !== '')
    .sort()
    .map((k) => `${k}${params[k]}`)
    .join('')
  return md5(`${secretKey}${plain}${secretKey}`).toUpperCase()
}

/** The authorization callback's answer sign (lower-case md5, polyv's documented order). */
export function authAnswerSign(
  a: { vid: string; username: string; code: string; status: 0 | 1; t: string },
  secretKey: string,
): string {
  return md5(`vid=${a.vid}&secretkey=${secretKey}&username=${a.username}&code=${a.code}&status=${a.status}&t=${a.t}`)
}

/**
 * polyv's account id: a vid is the account's userid (10 characters) followed by the video's hash and `_<n>`
 * (e6b23c6f51 + c4b1cb9f0302a92ed42440 + _e); POLYV_USER_ID (the live config's) wins when set.
 */
export const polyvUserIdOf = (vid: string, configured?: string) => configured || vid.slice(0, 10)

export interface PlaysafeRequest {
  userId: string
  videoId: string
  viewerId: string
  viewerIp: string
  viewerName: string
  nowMs: number
}

export interface PlaysafeToken {
  token: string
  /** Unix seconds */
  expireTime: number
}

/** The form polyv's token API takes, signed. */
export function playsafeForm(r: PlaysafeRequest, secretKey: string): Record<string, string> {
  const params: Record<string, string> = {
    userId: r.userId,
    videoId: r.videoId,
    ts: String(r.nowMs),
    viewerId: r.viewerId,
    viewerIp: r.viewerIp,
    viewerName: r.viewerName,
  }
  for (const k of Object.keys(params)) if (params[k] === '') delete params[k]
  return { ...params, sign: playsafeSign(params, secretKey) }
}

/** Asks polyv for a Playsafe token; null when polyv refuses or does not answer (the caller says so). */
export async function requestPlaysafeToken(
  r: PlaysafeRequest,
  secretKey: string,
  fetchImpl: typeof fetch = fetch,
): Promise<PlaysafeToken | null> {
  try {
    const res = await fetchImpl(PLAYSAFE_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(playsafeForm(r, secretKey)).toString(),
      signal: AbortSignal.timeout(5000),
    })
    const json = (await res.json()) as { code?: number; data?: { token?: unknown; expiredTime?: unknown } }
    const token = json?.data?.token
    if (json?.code !== 200 || typeof token !== 'string' || !token) return null
    const expired = Number(json.data?.expiredTime)
    return {
      token,
      expireTime: Math.floor((Number.isFinite(expired) && expired > 0 ? expired : r.nowMs + 600_000) / 1000),
    }
  } catch {
    return null
  }
}

// ---- the player's authorization code: tenant, learner, goods, section and expiry, bound to the vid ----

export interface AuthCode {
  tenantId: number
  userId: number
  goodsId: number
  sectionId: number
  expireTime: number
}

const codeKey = (secret: string) => createHmac('sha256', secret).update('polyv-player-code').digest()
const codeMac = (secret: string, body: string, vid: string) =>
  createHmac('sha256', codeKey(secret)).update(`${body}\n${vid}`).digest('base64url')

/** `<tenant>.<user>.<goods>.<section>.<expiry>.<mac>`: what the player sends polyv as `code`. */
export function makeAuthCode(secret: string, vid: string, c: AuthCode): string {
  const body = [c.tenantId, c.userId, c.goodsId, c.sectionId, c.expireTime].join('.')
  return `${body}.${codeMac(secret, body, vid)}`
}

/** The code's fields when its mac matches the vid and it has not expired; null otherwise. */
export function readAuthCode(secret: string, vid: string, code: string, nowMs = Date.now()): AuthCode | null {
  const m = /^(\d{1,12})\.(\d{1,10})\.(\d{1,10})\.(\d{1,10})\.(\d{1,12})\.([\w-]{43})$/.exec(code)
  if (!m) return null
  const body = m.slice(1, 6).join('.')
  const expected = Buffer.from(codeMac(secret, body, vid))
  const given = Buffer.from(m[6]!)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  const [tenantId, userId, goodsId, sectionId, expireTime] = m.slice(1, 6).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ]
  if (expireTime * 1000 < nowMs) return null
  return { tenantId, userId, goodsId, sectionId, expireTime }
}

/** A section's video for the polyv calls: the same access checks as the player and /vod/video/sign. */
/** The section's video and, played through a grant, whose grant the signed URL stops with (services/video.ts). */
async function sectionVideo(ctx: Ctx, userId: number, goodsId: number, sectionId: number) {
  const t = await playTarget(ctx, userId, goodsId, sectionId)
  if (!t.section.videoId) throw notFound('video')
  const holder = t.entitled ? { tenantId: ctx.scope.tenantId, userId, goodsId } : undefined
  return { vid: t.section.videoId, holder }
}

const polyvKey = (ctx: Ctx) => (ctx.config.video.provider === 'polyv' ? ctx.config.video.polyvSecretKey : undefined)

export const handlers: Handlers = {
  /** The mobile / H5 player's sign: what /vod/video/sign answers (the active provider signs). */
  'GET /polyv/video/sign/:id': async (ctx, { params, query }) => {
    const { userId } = requireUser(ctx)
    const { vid, holder } = await sectionVideo(ctx, userId, query.goodsId, params.id)
    return videoProvider(ctx.config.secret, ctx.config.video).sign(vid, Date.now(), holder)
  },

  /**
   * The PC player's Playsafe token from polyv's token API (a server call); with the local provider the PC player
   * plays the local signed URL.
   */
  'GET /polyv/video/pc/:id': async (ctx, { params, query }) => {
    const { userId } = requireUser(ctx)
    const { vid, holder } = await sectionVideo(ctx, userId, query.goodsId, params.id)
    const secretKey = polyvKey(ctx)
    if (!secretKey) {
      const s = videoProvider(ctx.config.secret, ctx.config.video).sign(vid, Date.now(), holder)
      return { provider: 'local' as const, vid, token: '', url: s.url, expireTime: s.expireTime }
    }
    const [u] = await ctx.db
      .select({ nickName: sysUser.nickName })
      .from(sysUser)
      .where(ctx.scope.where(sysUser, eq(sysUser.id, userId)))
    const token = await requestPlaysafeToken(
      {
        userId: polyvUserIdOf(vid, ctx.config.live.polyv?.userId),
        videoId: vid,
        viewerId: `${ctx.scope.tenantId}-${userId}`,
        viewerIp: ctx.ip,
        viewerName: u?.nickName ?? '',
        nowMs: Date.now(),
      },
      secretKey,
    )
    if (!token) throw new AppError(502, 'the video provider did not answer: try again')
    return { provider: 'polyv' as const, vid, token: token.token, url: '', expireTime: token.expireTime }
  },

  /**
   * The player's authorization code for a section: the player passes it to polyv as `code`, polyv asks our callback
   * (polyv-callback.ts) whether the viewer may watch. Only with polyv as the video provider.
   */
  'GET /polyv/video/auth': async (ctx, { query }) => {
    const { userId } = requireUser(ctx)
    if (!polyvKey(ctx)) throw new AppError(409, 'polyv is not the video provider of this school')
    const { vid } = await sectionVideo(ctx, userId, query.goodsId, query.sectionId)
    const expireTime = Math.floor(Date.now() / 1000) + AUTH_CODE_SECONDS
    const code = makeAuthCode(ctx.config.secret, vid, {
      tenantId: ctx.scope.tenantId,
      userId,
      goodsId: query.goodsId,
      sectionId: query.sectionId,
      expireTime,
    })
    return { vid, code, expireTime }
  },
}
