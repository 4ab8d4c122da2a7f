/**
 * Short-lived HMAC tokens of the live room (docs/DECISIONS.md "Live"):
 * - the chat token: bound to tenant, user, channel, session, the user's chat role and the room mode; the chat
 *   server trusts it for LOGIN (no database read to authenticate);
 * - the media token: put in the path of HLS URLs (`.../<token>/<name>/index.m3u8`) so that a playlist's relative
 *   segment URLs carry it too; bound to tenant, user and the stream or recording.
 * Format: base64url(JSON) + '.' + base64url(HMAC-SHA256(payload, secret + purpose)).
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import { CHAT_USER_TYPES, type ChatUserType, LIVE } from '../../../../contract/schemas/live-codes'

export interface ChatClaims {
  tenantId: number
  userId: number
  channelId: number
  sessionId: number
  userType: ChatUserType
  nick: string
  pic: string
  /** live room or the session's playback room */
  mode: 'live' | 'playback'
  /** epoch seconds */
  exp: number
}

export interface MediaClaims {
  tenantId: number
  userId: number
  /** 'hls:<streamKey>' or 'vod:<recordingId>' */
  target: string
  exp: number
}

const mac = (secret: string, purpose: string, payload: string) =>
  createHmac('sha256', `${secret}\u0000${purpose}`).update(payload).digest()

function sign(secret: string, purpose: string, claims: object): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url')
  return `${payload}.${mac(secret, purpose, payload).toString('base64url')}`
}

function open(secret: string, purpose: string, token: unknown, now: number): Record<string, unknown> | null {
  if (typeof token !== 'string' || token.length > 2048) return null
  const [payload, given, extra] = token.split('.')
  if (!payload || !given || extra !== undefined) return null
  const expected = mac(secret, purpose, payload)
  const g = Buffer.from(given, 'base64url')
  if (g.length !== expected.length || !timingSafeEqual(g, expected)) return null
  try {
    const v = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>
    if (typeof v.exp !== 'number' || v.exp * 1000 < now) return null
    return v
  } catch {
    return null
  }
}

const posInt = (v: unknown) => Number.isSafeInteger(v) && (v as number) > 0

export function mintChatToken(secret: string, c: Omit<ChatClaims, 'exp'>, now = Date.now()): string {
  return sign(secret, 'chat', { ...c, exp: Math.floor(now / 1000) + LIVE.CHAT_TOKEN_TTL_S })
}

/** The claims of a valid, unexpired chat token, or null. */
export function readChatToken(secret: string, token: unknown, now = Date.now()): ChatClaims | null {
  const v = open(secret, 'chat', token, now)
  if (!v) return null
  if (![v.tenantId, v.userId, v.channelId, v.sessionId].every(posInt)) return null
  if (!(CHAT_USER_TYPES as readonly unknown[]).includes(v.userType)) return null
  if (v.mode !== 'live' && v.mode !== 'playback') return null
  if (typeof v.nick !== 'string' || typeof v.pic !== 'string') return null
  return v as unknown as ChatClaims
}

/** Media tokens last as long as a long class plus its playback; a page reload mints a new one. */
export const MEDIA_TOKEN_TTL_S = 6 * 3600

export function mintMediaToken(secret: string, c: Omit<MediaClaims, 'exp'>, now = Date.now()): string {
  return sign(secret, 'media', { ...c, exp: Math.floor(now / 1000) + MEDIA_TOKEN_TTL_S })
}

export function readMediaToken(secret: string, token: unknown, now = Date.now()): MediaClaims | null {
  const v = open(secret, 'media', token, now)
  if (!v || !posInt(v.tenantId) || !posInt(v.userId) || typeof v.target !== 'string') return null
  return v as unknown as MediaClaims
}
