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

/** The token row of THIS tenant named by the Authorization header, with its user. */
async function findToken(db: Db, scope: TenantScope, header: string | undefined) {
  const token = bearerOf(header)
  if (!token) return null
  const [row] = await db
    .select({ t: userToken, userAccount: sysUser.userAccount })
    .from(userToken)
    .innerJoin(sysUser, eq(sysUser.id, userToken.userId))
    .where(scope.where(userToken, eq(userToken.tokenHash, hashToken(token))))
  return row ?? null
}

/** Active, unexpired token of this tenant -> the user; displaced -> 409; anything else -> 401. */
export async function authenticate(db: Db, scope: TenantScope, header: string | undefined): Promise<AuthUser> {
  const row = await findToken(db, scope, header)
  if (!row) throw new AppError(401, 'login required')
  if (row.t.status === 'displaced') throw new AppError(409, 'logged in from another device')
  if (row.t.status !== 'active' || row.t.expiresAt.getTime() <= Date.now()) throw new AppError(401, 'token expired')
  return { userId: row.t.userId, userAccount: row.userAccount, tokenId: row.t.id, deviceUuid: row.t.deviceUuid }
}

/** Rotation: the presented (possibly expired) token must belong to `account`; it dies, a new one is issued. */
export async function rotateToken(
  db: Db,
  scope: TenantScope,
  config: AppConfig,
  header: string | undefined,
  account: string,
): Promise<string> {
  const row = await findToken(db, scope, header)
  if (!row || row.userAccount !== account) throw new AppError(401, 'login required')
  if (row.t.status === 'displaced') throw new AppError(409, 'logged in from another device')
  if (row.t.status !== 'active' || row.t.refreshUntil.getTime() <= Date.now()) throw new AppError(401, 'login required')
  const killed = await db
    .update(userToken)
    .set({ status: 'rotated' })
    .where(scope.where(userToken, eq(userToken.id, row.t.id), eq(userToken.status, 'active')))
    .returning({ id: userToken.id })
  if (killed.length === 0) throw new AppError(401, 'login required') // a concurrent refresh won
  return issueToken(db, scope, config, row.t.userId, row.t.deviceUuid)
}

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
}
