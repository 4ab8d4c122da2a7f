/**
 * Skip-login sign: base64url(JSON {t, u, e, n}) + '.' + base64url(HMAC-SHA256(payload, secret)); 5 minutes; one
 * login (docs/DECISIONS.md "Session", "Hardening III"). `n` is a random nonce, so two signs made for one learner in
 * the same second are two signs, each good for its own login (a sign without it, made elsewhere, still reads).
 * Single use: the redemption inserts the sign's digest into `used_sign` in the login's transaction
 * (`claimSign`); the unique index lets exactly one of any number of redemptions, on any process, insert it.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { lt } from 'drizzle-orm'
import type { Db } from '../db'
import { usedSign } from '../db/schema'
import type { TenantScope } from '../http/core'

export const SIGN_TTL_SECONDS = 300

export function makeSign(secret: string, tenantId: number, userId: number, now = Date.now()): string {
  const payload = Buffer.from(
    JSON.stringify({
      t: tenantId,
      u: userId,
      e: Math.floor(now / 1000) + SIGN_TTL_SECONDS,
      n: randomBytes(9).toString('base64url'),
    }),
  ).toString('base64url')
  return `${payload}.${createHmac('sha256', secret).update(payload).digest('base64url')}`
}

export interface SignClaims {
  tenantId: number
  userId: number
  /** when the sign stops being accepted */
  expiresAt: Date
  /**
   * sha256 (hex) of the signed payload: what makes the sign single use. The payload, not the whole string: the MAC
   * part decodes leniently (base64url), so two spellings of one MAC must count as one sign; the payload is the
   * exact text the MAC covers.
   */
  digest: string
}

/** Returns the signed tenant/user, or null when the sign is malformed, forged or expired. */
export function readSign(secret: string, sign: string, now = Date.now()): SignClaims | null {
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
    if (!Number.isSafeInteger(v.t) || typeof v.e !== 'number' || !Number.isFinite(v.e)) return null
    if (!Number.isInteger(v.u) || (v.u as number) < 1 || (v.u as number) > 2_147_483_647) return null
    if (v.e * 1000 < now) return null
    return {
      tenantId: v.t as number,
      userId: v.u as number,
      expiresAt: new Date(v.e * 1000),
      digest: createHash('sha256').update(payload).digest('hex'),
    }
  } catch {
    return null
  }
}

/**
 * Marks the sign used; false when it was used already. Call it inside the transaction that issues the login: a
 * login that fails rolls the mark back, and a second redemption running at the same time waits for the first's
 * commit, then finds the row (ON CONFLICT DO NOTHING returns nothing).
 */
export async function claimSign(tx: Db, scope: TenantScope, claims: SignClaims): Promise<boolean> {
  const rows = await tx
    .insert(usedSign)
    .values(scope.row({ digest: claims.digest, expiresAt: claims.expiresAt }))
    .onConflictDoNothing()
    .returning({ id: usedSign.id })
  return rows.length === 1
}

/** Forgets the used signs that have expired (a sweep; an expired sign is refused before its row is consulted). */
export async function sweepUsedSigns(db: Db, now = new Date()): Promise<number> {
  const rows = await db.delete(usedSign).where(lt(usedSign.expiresAt, now)).returning({ id: usedSign.id })
  return rows.length
}
