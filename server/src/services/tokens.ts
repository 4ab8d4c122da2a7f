/**
 * Session tokens: opaque random strings, stored as sha256, bound to tenant, user and device uuid
 * (docs/DECISIONS.md "Session"). Auth of every non-public route goes through `authenticate`.
 */
import { createHash, randomBytes } from 'node:crypto'
import { and, eq, ne } from 'drizzle-orm'
import type { AppConfig } from '../config'
import type { Db } from '../db'
import { sysUser, userToken } from '../db/schema'
import { AppError, type AuthUser, type TenantScope } from '../http/core'
import { SessionCache } from './shared/session-cache'

/** The process's sessions (services/shared/session-cache.ts); app.ts connects it to Redis when there is one. */
export const sessions = new SessionCache({ ttlMs: 15_000, max: 100_000 })

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

export const bearerOf = (header: string | undefined): string | null => {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')
  return m?.[1] && m[1].length <= 200 ? m[1] : null
}

export async function issueToken(
  db: Db,
  scope: TenantScope,
  config: AppConfig,
  userId: number,
  deviceUuid = '',
): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  const now = Date.now()
  await db.insert(userToken).values(
    scope.row({
      userId,
      tokenHash: hashToken(token),
      deviceUuid,
      issuedAt: new Date(now),
      expiresAt: new Date(now + config.accessTtlSeconds * 1000),
      refreshUntil: new Date(now + config.refreshTtlSeconds * 1000),
    }),
  )
  return token
}

/** The token row of THIS tenant with this hash, with its user's account. */
async function findToken(db: Db, scope: TenantScope, hash: string) {
  const [row] = await db
    .select({ t: userToken, userAccount: sysUser.userAccount })
    .from(userToken)
    .innerJoin(sysUser, eq(sysUser.id, userToken.userId))
    .where(scope.where(userToken, eq(userToken.tokenHash, hash)))
  return row ?? null
}

/** Active, unexpired token of this tenant -> the user; displaced -> 409; anything else -> 401. */
export async function authenticate(db: Db, scope: TenantScope, header: string | undefined): Promise<AuthUser> {
  const token = bearerOf(header)
  if (!token) throw new AppError(401, 'login required')
  const hash = hashToken(token)
  const s = await sessions.get(scope.tenantId, hash, async () => {
    const row = await findToken(db, scope, hash)
    return row
      ? {
          tokenId: row.t.id,
          userId: row.t.userId,
          userAccount: row.userAccount,
          deviceUuid: row.t.deviceUuid,
          status: row.t.status,
          expiresAt: row.t.expiresAt.getTime(),
        }
      : null
  })
  if (!s) throw new AppError(401, 'login required')
  if (s.status === 'displaced') throw new AppError(409, 'logged in from another device')
  if (s.status !== 'active' || s.expiresAt <= Date.now()) throw new AppError(401, 'token expired')
  return { userId: s.userId, userAccount: s.userAccount, tokenId: s.tokenId, deviceUuid: s.deviceUuid }
}

/** Rotation: the presented (possibly expired) token must belong to `account`; it dies, a new one is issued. */
export async function rotateToken(
  db: Db,
  scope: TenantScope,
  config: AppConfig,
  header: string | undefined,
  account: string,
): Promise<string> {
  const token = bearerOf(header)
  const row = token ? await findToken(db, scope, hashToken(token)) : null
  if (!row || row.userAccount !== account) throw new AppError(401, 'login required')
  if (row.t.status === 'displaced') throw new AppError(409, 'logged in from another device')
  if (row.t.status !== 'active' || row.t.refreshUntil.getTime() <= Date.now()) throw new AppError(401, 'login required')
  const killed = await db
    .update(userToken)
    .set({ status: 'rotated' })
    .where(scope.where(userToken, eq(userToken.id, row.t.id), eq(userToken.status, 'active')))
    .returning({ id: userToken.id })
  if (killed.length === 0) throw new AppError(401, 'login required') // a concurrent refresh won
  await sessions.userChanged(scope.tenantId, row.t.userId)
  return issueToken(db, scope, config, row.t.userId, row.t.deviceUuid)
}

// The writes below end sessions and then tell the session cache (services/shared/session-cache.ts): they run outside
// a transaction, so what the cache forgets is already committed when a new read fills it again.

/** Revoke (401 on next use) every active token of the user except `keepTokenId`. */
export async function revokeOtherTokens(db: Db, scope: TenantScope, userId: number, keepTokenId?: number) {
  await db
    .update(userToken)
    .set({ status: 'revoked' })
    .where(
      scope.where(
        userToken,
        eq(userToken.userId, userId),
        eq(userToken.status, 'active'),
        keepTokenId === undefined ? undefined : ne(userToken.id, keepTokenId),
      ),
    )
  await sessions.userChanged(scope.tenantId, userId)
}

/** Displace (409 on next use) every other active token of the user. */
export async function displaceOtherTokens(db: Db, scope: TenantScope, userId: number, keepTokenId: number) {
  await db
    .update(userToken)
    .set({ status: 'displaced' })
    .where(
      scope.where(
        userToken,
        and(eq(userToken.userId, userId), eq(userToken.status, 'active'), ne(userToken.id, keepTokenId)),
      ),
    )
  await sessions.userChanged(scope.tenantId, userId)
}

/** Sign-out: this one token dies at once. */
export async function revokeToken(db: Db, scope: TenantScope, user: AuthUser) {
  await db
    .update(userToken)
    .set({ status: 'revoked' })
    .where(scope.where(userToken, eq(userToken.id, user.tokenId)))
  await sessions.userChanged(scope.tenantId, user.userId)
}
