/** The learner's cart: one row per goods (unique index), chosen rows and their server-computed total. */
import { asc, eq, inArray } from 'drizzle-orm'
import { cart, goods } from '../../db/schema'
import { AppError, type Handlers, requireUser } from '../../http/core'
import { hasEntitlement } from '../order/entitlement'
import { listPrices } from './catalogue'

export const handlers: Handlers = {
  'POST /base/cart': async (ctx, { body }) => {
    const { userId } = requireUser(ctx)
    const [g] = await ctx.db
      .select({ status: goods.status })
      .from(goods)
      .where(ctx.scope.where(goods, eq(goods.id, body.goodsId)))
    if (!g) throw new AppError(404, 'goods not found')
    if (g.status !== 1) throw new AppError(400, 'goodsId: the goods is not on sale')
    if (await hasEntitlement(ctx, userId, body.goodsId)) throw new AppError(400, 'goodsId: already bought')
    // adding twice (or concurrently) keeps one row: the unique index decides
    await ctx.db
      .insert(cart)
      .values(ctx.scope.row({ userId, goodsId: body.goodsId, choice: 1 }))
      .onConflictDoUpdate({ target: [cart.tenantId, cart.userId, cart.goodsId], set: { choice: 1 } })
    const [row] = await ctx.db
      .select({ id: cart.id })
      .from(cart)
      .where(ctx.scope.where(cart, eq(cart.userId, userId), eq(cart.goodsId, body.goodsId)))
    return { cartId: row!.id }
  },

  'POST /base/cart/updateBatchChoice': async (ctx, { body }) => {
    const { userId } = requireUser(ctx)
    await ctx.db
      .update(cart)
      .set({ choice: body.choice })
      .where(
        ctx.scope.where(cart, eq(cart.userId, userId), body.all ? undefined : inArray(cart.id, body.cartIds ?? [])),
      )
    return null
  },

  'POST /base/cart/delete/:id': async (ctx, { params }) => {
    const { userId } = requireUser(ctx)
    const rows = await ctx.db
      .delete(cart)
      .where(ctx.scope.where(cart, eq(cart.userId, userId), eq(cart.id, params.id)))
      .returning({ id: cart.id })
    if (rows.length === 0) throw new AppError(404, 'cart row not found')
    return null
  },

  'GET /base/cart/list': async (ctx) => {
    const { userId } = requireUser(ctx)
    const rows = await ctx.db
      .select({
        cartId: cart.id,
        goodsId: goods.id,
        goodsName: goods.name,
        goodsType: goods.goodsType,
        cover: goods.cover,
        price: goods.price,
        originalPrice: goods.originalPrice,
        choice: cart.choice,
        status: goods.status,
      })
      .from(cart)
      .innerJoin(goods, eq(goods.id, cart.goodsId))
      .where(ctx.scope.where(cart, eq(cart.userId, userId)))
      .orderBy(asc(cart.id))
    const struck = await listPrices(ctx, rows)
    const out = rows.map(({ status, ...r }) => ({
      ...r,
      originalPrice: struck.get(r.goodsId) ?? r.originalPrice,
      goodsType: (r.goodsType >= 1 && r.goodsType <= 4 ? r.goodsType : 1) as 1 | 2 | 3 | 4,
      choice: (r.choice === 1 ? 1 : 0) as 0 | 1,
      onSale: status === 1,
    }))
    const chosen = out.filter((r) => r.choice === 1 && r.onSale)
    return {
      rows: out,
      total: out.length,
      chosenCount: chosen.length,
      chosenTotalPrice: chosen.reduce((s, r) => s + r.price, 0),
    }
  },
}
