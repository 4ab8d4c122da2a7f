/**
 * One ID number, one account per school (docs/DECISIONS.md "Account extras"): the learner's own binding
 * (`POST /app/user/bind_idcard`) and the staff's approval of an identity certification both hold the number's lock
 * while they check and write, so two accounts cannot end up with the same number.
 */
import { inArray, ne, sql } from 'drizzle-orm'
import { REVIEW_STATUS } from '../../../../contract/schemas/learn-codes'
import type { Db } from '../../db'
import { identityCert, sysUser } from '../../db/schema'
import type { TenantScope } from '../../http/core'

/** The number's lock in the school until the transaction ends (normalised number: upper-case X). */
export async function lockIdCard(tx: Db, scope: TenantScope, idCard: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`idcard:${scope.tenantId}:${idCard}`}, 0))`)
}

/**
 * Whether an account other than `userId` holds the number: bound to it, or claimed by its certification in one of
 * `claims` (binding refuses a number waiting for review too; an approval only one approved already).
 */
export async function idCardHeldByOther(
  tx: Db,
  scope: TenantScope,
  idCard: string,
  userId: number,
  claims: number[] = [REVIEW_STATUS.pending, REVIEW_STATUS.approved],
): Promise<boolean> {
  const [bound] = await tx
    .select({ id: sysUser.id })
    .from(sysUser)
    .where(scope.where(sysUser, sql`upper(${sysUser.idCard}) = ${idCard}`, ne(sysUser.id, userId)))
    .limit(1)
  if (bound) return true
  const [claimed] = await tx
    .select({ id: identityCert.userId })
    .from(identityCert)
    .where(
      scope.where(
        identityCert,
        sql`upper(${identityCert.idCard}) = ${idCard}`,
        ne(identityCert.userId, userId),
        inArray(identityCert.status, claims),
      ),
    )
    .limit(1)
  return Boolean(claimed)
}
