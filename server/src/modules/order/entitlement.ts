/**
 * Entitlements (table user_goods): what a learner may study. Paid goods grant a row (a package: a row for
 * the package and one per goods inside, with the package's validity); a refund revokes the order's rows.
 * Later issues (learning, question bank) read access through these two functions.
 */
import { and, desc, eq, gt, isNull, or } from 'drizzle-orm'
import { userGoods } from '../../db/schema'
import type { Ctx } from '../../http/core'

type Scoped = Pick<Ctx, 'db' | 'scope'>

const active = (now: Date) =>
  and(isNull(userGoods.revokedAt), or(isNull(userGoods.expiresAt), gt(userGoods.expiresAt, now)))

/** The learner's latest non-revoked grant of the goods (active or expired), or undefined. */
export async function entitlementOf(ctx: Scoped, userId: number, goodsId: number) {
  const rows = await ctx.db
    .select({ expiresAt: userGoods.expiresAt, grantedAt: userGoods.grantedAt })
    .from(userGoods)
    .where(
      ctx.scope.where(
        userGoods,
        eq(userGoods.userId, userId),
        eq(userGoods.goodsId, goodsId),
        isNull(userGoods.revokedAt),
      ),
    )
    .orderBy(desc(userGoods.grantedAt))
  if (rows.length === 0) return undefined
  // the grant that lasts longest wins (null = no expiry)
  const best = rows.reduce((a, b) =>
    a.expiresAt === null ? a : b.expiresAt === null || b.expiresAt > a.expiresAt ? b : a,
  )
  const now = new Date()
  return { expiresAt: best.expiresAt, active: best.expiresAt === null || best.expiresAt > now }
}

/** Has the learner an active (not revoked, not expired) entitlement to the goods? */
export async function hasEntitlement(ctx: Scoped, userId: number, goodsId: number): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: userGoods.id })
    .from(userGoods)
    .where(ctx.scope.where(userGoods, eq(userGoods.userId, userId), eq(userGoods.goodsId, goodsId), active(new Date())))
    .limit(1)
  return row !== undefined
}

/** The goods the learner may study now, as a subquery (`inArray(x.goodsId, entitledGoodsQuery(...))`): no round trip. */
export const entitledGoodsQuery = (ctx: Scoped, userId: number, now = new Date()) =>
  ctx.db
    .select({ goodsId: userGoods.goodsId })
    .from(userGoods)
    .where(ctx.scope.where(userGoods, eq(userGoods.userId, userId), active(now)))

/** Ids of every goods the learner may study now. */
export async function entitledGoodsIds(ctx: Scoped, userId: number): Promise<number[]> {
  const rows = await ctx.db
    .selectDistinct({ goodsId: userGoods.goodsId })
    .from(userGoods)
    .where(ctx.scope.where(userGoods, eq(userGoods.userId, userId), active(new Date())))
  return rows.map((r) => r.goodsId).sort((a, b) => a - b)
}
