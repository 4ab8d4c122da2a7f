/** Skip-login sign: base64url(JSON {t, u, e}) + '.' + base64url(HMAC-SHA256(payload, secret)); 5 minutes. */
import { createHmac, timingSafeEqual } from 'node:crypto'

export const SIGN_TTL_SECONDS = 300

export function makeSign(secret: string, tenantId: number, userId: number, now = Date.now()): string {
  const payload = Buffer.from(
    JSON.stringify({ t: tenantId, u: userId, e: Math.floor(now / 1000) + SIGN_TTL_SECONDS }),
  ).toString('base64url')
  return `${payload}.${createHmac('sha256', secret).update(payload).digest('base64url')}`
}

/** Returns the signed tenant/user, or null when the sign is malformed, forged or expired. */
export function readSign(secret: string, sign: string, now = Date.now()): { tenantId: number; userId: number } | null {
  const [payload, mac, extra] = sign.split('.')
  if (!payload || !mac || extra !== undefined) return null
  const expected = createHmac('sha256', secret).update(payload).digest()
  const given = Buffer.from(mac, 'base64url')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  try {
    const v = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      t?: unknown
      u?: unknown
      e?: unknown
    }
    if (!Number.isSafeInteger(v.t) || typeof v.e !== 'number') return null
    if (!Number.isInteger(v.u) || (v.u as number) < 1 || (v.u as number) > 2_147_483_647) return null
    if (v.e * 1000 < now) return null
    return { tenantId: v.t as number, userId: v.u as number }
  } catch {
    return null
  }
}
