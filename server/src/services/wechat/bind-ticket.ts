/**
 * Bind ticket: what openIdLogin / check/gzh_openId give when the WeChat user has no account yet. It carries the
 * tenant, the kind and app and the openid the SERVER got from WeChat, signed with the server secret (a key derived
 * for this use only, so a skip-login sign can never pass for one), valid 10 minutes:
 * base64url(JSON {t, k, a, o, u?, e}) + '.' + base64url(HMAC-SHA256). bindLogin / wx/gzh_bind take it back with a
 * phone and SMS code; the openid is never taken from the client.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { WechatKind } from './types'

export const BIND_TICKET_TTL_SECONDS = 600

export interface BindClaims {
  tenantId: number
  kind: WechatKind
  appId: string
  openId: string
  unionId?: string
}

const keyOf = (secret: string) => createHmac('sha256', secret).update('wechat-bind-ticket').digest()

export function makeBindTicket(secret: string, c: BindClaims, now = Date.now()): { ticket: string; expiresAt: number } {
  const expiresAt = Math.floor(now / 1000) + BIND_TICKET_TTL_SECONDS
  const payload = Buffer.from(
    JSON.stringify({
      t: c.tenantId,
      k: c.kind,
      a: c.appId,
      o: c.openId,
      ...(c.unionId ? { u: c.unionId } : {}),
      e: expiresAt,
    }),
  ).toString('base64url')
  return { ticket: `${payload}.${createHmac('sha256', keyOf(secret)).update(payload).digest('base64url')}`, expiresAt }
}

/** The claims, or null when the ticket is malformed, forged or expired. */
export function readBindTicket(secret: string, ticket: string, now = Date.now()): BindClaims | null {
  const [payload, mac, extra] = ticket.split('.')
  if (!payload || !mac || extra !== undefined) return null
  const expected = createHmac('sha256', keyOf(secret)).update(payload).digest()
  const given = Buffer.from(mac, 'base64url')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  try {
    const v = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>
    if (!Number.isSafeInteger(v.t) || typeof v.e !== 'number' || v.e * 1000 < now) return null
    if (v.k !== 'mini' && v.k !== 'gzh') return null
    if (typeof v.a !== 'string' || typeof v.o !== 'string' || !v.a || !v.o) return null
    return {
      tenantId: v.t as number,
      kind: v.k,
      appId: v.a,
      openId: v.o,
      ...(typeof v.u === 'string' && v.u ? { unionId: v.u } : {}),
    }
  } catch {
    return null
  }
}
