/**
 * The learner's ID number (issue 17; docs/DECISIONS.md "Account extras"): one ID number, one account per school.
 * The learner's own binding (`POST /app/user/bind_idcard`, below) and the staff's approval of an identity
 * certification (modules/learn/staff.ts) both hold the number's lock while they check and write, so two accounts
 * cannot end up with the same number.
 */
import { eq, inArray, ne, sql } from 'drizzle-orm'
import { REVIEW_STATUS } from '../../../../contract/schemas/learn-codes'
import { idCardProblem, maskIdCard, normalizeIdCard } from '../../../../shared/rules/id-card'
import type { Db } from '../../db'
import { identityCert, sysUser } from '../../db/schema'
import { AppError, type Ctx, type Handlers, requireUser, type TenantScope } from '../../http/core'
import { hasControl } from '../learn/core'

type Tx = Parameters<Parameters<Ctx['db']['transaction']>[0]>[0]

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

export const handlers: Handlers = {
  /**
   * The learner's own name and ID number (the door for the ID number; /app/user/edit does not take it). Refused once
   * an identity certification is waiting or approved (the certified pair is the account's), and when another
   * account of the school holds the number. A change makes the info confirmation of exams stale (eligibility.ts).
   */
  'POST /app/user/bind_idcard': async (ctx, { body }) => {
    const { userId } = requireUser(ctx)
    const idCard = normalizeIdCard(body.idCard)
    const problem = idCardProblem(idCard)
    if (problem === 'birthdate')
      throw new AppError(
        400,
        'idCard: the birth date in it (digits 7-14) is not a real day, or is in the future or before 1900',
      )
    if (problem) throw new AppError(400, 'idCard: the check digit does not match: not a valid ID number')
    if (hasControl(body.realName)) throw new AppError(400, 'realName: must not contain control characters')
    await ctx.db.transaction(async (tx: Tx) => {
      // one binding of a number at a time in the tenant: the check below and the update cannot interleave
      await lockIdCard(tx as unknown as Db, ctx.scope, idCard)
      const [cert] = await tx
        .select({ status: identityCert.status })
        .from(identityCert)
        .where(ctx.scope.where(identityCert, eq(identityCert.userId, userId)))
      if (cert?.status === REVIEW_STATUS.approved)
        throw new AppError(409, 'your identity is already certified: it cannot be replaced')
      if (cert?.status === REVIEW_STATUS.pending)
        throw new AppError(409, 'your identity certification is waiting for review: it cannot be replaced now')
      if (await idCardHeldByOther(tx as unknown as Db, ctx.scope, idCard, userId))
        throw new AppError(409, 'idCard: this ID number is bound to another account')
      await tx
        .update(sysUser)
        .set({ realName: body.realName, idCard })
        .where(ctx.scope.where(sysUser, eq(sysUser.id, userId)))
    })
    return { realName: body.realName, idCard: maskIdCard(idCard) }
  },
}
