/**
 * Video signing (docs/DECISIONS.md "Learning"). One interface, two providers:
 * - `local` (default): the server serves server/media/video itself; the URL carries an expiry and an HMAC
 *   (`/media/video/<videoId>?e=<expiry>&s=<sign>`), checked by the media routes (modules/learn/media.ts). A URL
 *   signed for a learner through their grant of a goods also names them (`&h=<tenant>.<user>.<goods>`, under the
 *   HMAC): the media route then asks whether the grant still holds (cached 30 s), so a refund stops the video
 *   instead of letting the URL play out its 2 hours. Free trial (audition) URLs name nobody.
 * - `polyv` (VIDEO_PROVIDER=polyv + POLYV_SECRET_KEY): the playsafe-style sign md5(secret + vid + ts) for the
 *   provider's player; the secret never leaves the server.
 * The same signed-URL scheme serves handouts (`/media/handout/<key>`).
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto'

/** Signed media URLs (videos, handouts) are valid this long. */
export const MEDIA_URL_SECONDS = 2 * 3600

export type MediaKind = 'video' | 'handout'

export interface VideoSign {
  provider: 'local' | 'polyv'
  vid: string
  url: string
  ts: number
  sign: string
  expireTime: number
}

/** Whose grant a signed URL plays under: it stops when the grant ends. */
export interface MediaHolder {
  tenantId: number
  userId: number
  goodsId: number
}

export interface VideoProvider {
  readonly name: 'local' | 'polyv'
  sign(videoId: string, nowMs?: number, holder?: MediaHolder): VideoSign
}

/** A media file name as stored (video id, handout key): one path segment, no traversal. */
export const isMediaName = (name: string) => /^[\w][\w.-]{0,199}$/.test(name) && !name.includes('..')

const mediaKey = (secret: string) => createHmac('sha256', secret).update('media-url').digest()
const mac = (secret: string, kind: MediaKind, name: string, expiry: number, holder: string) =>
  createHmac('sha256', mediaKey(secret))
    .update(`${kind}/${name}\n${expiry}${holder ? `\n${holder}` : ''}`)
    .digest('base64url')

const holderText = (h: MediaHolder) => `${h.tenantId}.${h.userId}.${h.goodsId}`
const HOLDER_RE = /^(\d{1,12})\.(\d{1,10})\.(\d{1,10})$/

/** `/media/<kind>/<name>?e=&s=[&h=]` valid for MEDIA_URL_SECONDS (and while the holder's grant lasts). */
export function signMediaUrl(secret: string, kind: MediaKind, name: string, nowMs = Date.now(), holder?: MediaHolder) {
  const expireTime = Math.floor(nowMs / 1000) + MEDIA_URL_SECONDS
  const h = holder ? holderText(holder) : ''
  const url = `/media/${kind}/${encodeURIComponent(name)}?e=${expireTime}&s=${mac(secret, kind, name, expireTime, h)}${h ? `&h=${h}` : ''}`
  return { url, expireTime }
}

/**
 * The holder the URL names (null: nobody), when `s` is the sign of kind/name/e/h and `e` has not passed; false
 * when the link is not good.
 */
export function readMediaSign(
  secret: string,
  kind: MediaKind,
  name: string,
  q: { e?: unknown; s?: unknown; h?: unknown },
  nowMs = Date.now(),
): MediaHolder | null | false {
  const { e, s, h } = q
  if (typeof e !== 'string' || typeof s !== 'string' || !/^\d{1,12}$/.test(e)) return false
  if (h !== undefined && (typeof h !== 'string' || !HOLDER_RE.test(h))) return false
  const expiry = Number(e)
  if (expiry * 1000 < nowMs) return false
  const expected = Buffer.from(mac(secret, kind, name, expiry, h ?? ''))
  const given = Buffer.from(s)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false
  if (h === undefined) return null
  const [, t, u, g] = HOLDER_RE.exec(h)!
  return { tenantId: Number(t), userId: Number(u), goodsId: Number(g) }
}

export class LocalVideoProvider implements VideoProvider {
  readonly name = 'local'
  constructor(private readonly secret: string) {}
  sign(videoId: string, nowMs = Date.now(), holder?: MediaHolder): VideoSign {
    const { url, expireTime } = signMediaUrl(this.secret, 'video', videoId, nowMs, holder)
    return { provider: 'local', vid: videoId, url, ts: Math.floor(nowMs / 1000), sign: '', expireTime }
  }
}

/**
 * Polyv playsafe: the player takes vid, ts and sign = md5(secretkey + vid + ts). Polyv's ts is a millisecond
 * time stamp (13 digits), so `ts` is the provider's value here, not Unix seconds; expireTime is in seconds.
 */
export class PolyvVideoProvider implements VideoProvider {
  readonly name = 'polyv'
  constructor(private readonly secretKey: string) {}
  sign(videoId: string, nowMs = Date.now()): VideoSign {
    const sign = createHash('md5').update(`${this.secretKey}${videoId}${nowMs}`).digest('hex')
    return {
      provider: 'polyv',
      vid: videoId,
      url: '',
      ts: nowMs,
      sign,
      expireTime: Math.floor(nowMs / 1000) + MEDIA_URL_SECONDS,
    }
  }
}

export interface VideoConfig {
  provider: 'local' | 'polyv'
  polyvSecretKey?: string
}

/** polyv only when it is chosen and has its secret; otherwise local. */
export function videoProvider(secret: string, video: VideoConfig | undefined): VideoProvider {
  if (video?.provider === 'polyv' && video.polyvSecretKey) return new PolyvVideoProvider(video.polyvSecretKey)
  return new LocalVideoProvider(secret)
}
