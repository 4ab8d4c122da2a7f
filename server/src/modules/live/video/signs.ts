/**
 * The local provider's signs (docs/DECISIONS.md "Live — video"), all HMAC-SHA256 with the server secret and a
 * purpose of their own:
 * - the publish sign: `?session=<id>&e=<expiry>&sign=<hex>` after the stream key the teacher pastes into OBS; the
 *   sign binds the class (session) it was issued for, so the stream goes to that class and no other (issue 25);
 *   nginx-rtmp's on_publish hands them to our server, which refuses a missing, wrong or expired sign;
 * - the hook key: in the URLs nginx calls back (`?k=`), so the hooks answer nginx only, even behind a proxy;
 * - the viewer id: what the verify URL (Polyv's external authorization) receives as `userid`: minted for one
 *   learner and one channel after the room's entry check, short-lived, letters, digits and `_` only (Polyv's rule).
 */
import { createHmac, timingSafeEqual } from 'node:crypto'

/** A push address is good for this long after the console shows it (a reconnect mid-class must still pass). */
export const PUBLISH_SIGN_TTL_S = 24 * 3600
/** Polyv calls the verify URL right after the player opens: the viewer id lives 10 minutes. */
export const VIEWER_ID_TTL_S = 600

/** RTMP stream names we accept (the channel's streamKey column, varchar 40). */
export const STREAM_KEY_RE = /^[A-Za-z0-9_-]{1,40}$/

const hmacHex = (secret: string, purpose: string, text: string, chars = 32) =>
  createHmac('sha256', `${secret}\u0000${purpose}`).update(text).digest('hex').slice(0, chars)

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

export function mintPublishSign(secret: string, streamKey: string, sessionId: number, exp: number): string {
  return hmacHex(secret, 'publish', `${streamKey}\n${sessionId}\n${exp}`)
}

/** Why a publish sign is refused (the console shows it in its words, console/src/features/live/i18n.ts `publish.*`). */
export type PublishSignRefusal =
  | 'bad stream key'
  | 'missing sign'
  | 'no class in the push address'
  | 'bad sign'
  | 'expired sign'

/**
 * The class a publish sign was issued for, or why it is refused. A sign without `session` is a push address from
 * before keys named their class (it would have started whichever class was nearest, or a new one): refused, the
 * teacher copies the class's address again. `expired` still names the class (its MAC is good).
 */
export function checkPublishSign(
  secret: string,
  streamKey: unknown,
  session: unknown,
  e: unknown,
  sign: unknown,
  now = Date.now(),
): { sessionId: number; refused: 'expired sign' | null } | { sessionId: null; refused: PublishSignRefusal } {
  const no = (refused: PublishSignRefusal) => ({ sessionId: null, refused }) as const
  if (typeof streamKey !== 'string' || !STREAM_KEY_RE.test(streamKey)) return no('bad stream key')
  if (typeof e !== 'string' || typeof sign !== 'string' || !e || !sign) return no('missing sign')
  if (typeof session !== 'string' || !session) return no('no class in the push address')
  if (!/^\d{1,12}$/.test(e) || !/^[0-9a-f]{32}$/.test(sign) || !/^[1-9]\d{0,9}$/.test(session)) return no('bad sign')
  const sessionId = Number(session)
  if (!sameText(mintPublishSign(secret, streamKey, sessionId, Number(e)), sign)) return no('bad sign')
  return { sessionId, refused: Number(e) * 1000 < now ? 'expired sign' : null }
}

/** The key nginx puts in its callback URLs. */
export const hookKey = (secret: string) => hmacHex(secret, 'nginx-hooks', 'v1')

export const checkHookKey = (secret: string, k: unknown) => typeof k === 'string' && sameText(hookKey(secret), k)

export interface ViewerClaims {
  tenantId: number
  userId: number
  /** our live_channel id */
  channelId: number
  /** epoch seconds */
  exp: number
}

/** `<tenant>_<user>_<channel>_<exp>_<mac>`: at most 64 characters of [A-Za-z0-9_]. */
export function mintViewerId(
  secret: string,
  c: Omit<ViewerClaims, 'exp'>,
  now = Date.now(),
  ttlSeconds = VIEWER_ID_TTL_S,
): string {
  const exp = Math.floor(now / 1000) + ttlSeconds
  const body = `${c.tenantId}_${c.userId}_${c.channelId}_${exp}`
  return `${body}_${hmacHex(secret, 'viewer', body, 20)}`
}

/** The claims of a valid, unexpired viewer id, or null. */
export function readViewerId(secret: string, id: unknown, now = Date.now()): ViewerClaims | null {
  if (typeof id !== 'string' || id.length > 64) return null
  const m = /^(\d{1,12})_(\d{1,12})_(\d{1,12})_(\d{1,12})_([0-9a-f]{20})$/.exec(id)
  if (!m) return null
  const body = `${m[1]}_${m[2]}_${m[3]}_${m[4]}`
  if (!sameText(hmacHex(secret, 'viewer', body, 20), m[5]!)) return null
  const [tenantId, userId, channelId, exp] = [m[1], m[2], m[3], m[4]].map(Number) as [number, number, number, number]
  if (exp * 1000 < now || tenantId < 1 || userId < 1 || channelId < 1) return null
  return { tenantId, userId, channelId, exp }
}
