/** Orders, refunds, invoices, receipts, entitlement checks, offline subscription and the payment calls. */
import { and, asc, desc, eq, gt, inArray, isNull } from 'drizzle-orm'
import { ORDER_STATUS } from '../../../../contract/schemas/codes'
import { countRows } from '../../db'
import {
  cart,
  goods,
  goodsCourse,
  invoice,
  offlineSubscribe,
  shopOrder,
  userFirstChoice,
  userGoods,
} from '../../db/schema'
import { AppError, type Ctx, type Handlers, requireUser, toSeconds } from '../../http/core'
import { PaymentVerifyError } from '../../services/payment'
import { activityPrice } from '../shop/catalogue'
import { entitlementOf } from './entitlement'
import { handlers as receipt } from './receipt'
import {
  closeExpiredOrders,
  orderViews,
  ownOrder,
  payParamsFor,
  placeOrder,
  placeResult,
  settlePayment,
} from './service'
import { handlers as staff } from './staff'

const INVOICEABLE = [ORDER_STATUS.paid, ORDER_STATUS.refundRejected]

async function goodsIdsOfCart(ctx: Ctx, userId: number, cartIds: number[]) {
  const rows = await ctx.db
    .select({ id: cart.id, goodsId: cart.goodsId })
    .from(cart)
    .where(ctx.scope.where(cart, eq(cart.userId, userId), inArray(cart.id, cartIds)))
  for (const id of cartIds) if (!rows.some((r) => r.id === id)) throw new AppError(404, `cart row ${id} not found`)
  return rows.map((r) => r.goodsId)
}

type PlaceBody = {
  goodsIds?: number[]
  cartIds?: number[]
  idempotencyKey: string
  inviteCode?: string
  openId?: string
}

const place =
  (channel: 'small' | 'gzh') =>
  async (ctx: Ctx, { body }: { body: PlaceBody }) => {
    const { userId } = requireUser(ctx)
    const goodsIds = body.cartIds ? await goodsIdsOfCart(ctx, userId, body.cartIds) : body.goodsIds!
    return placeOrder(ctx, {
      userId,
      goodsIds,
      channel,
      idempotencyKey: body.idempotencyKey,
      inviteCode: body.inviteCode,
      openId: body.openId,
    })
  }

const resume = async (ctx: Ctx, { body }: { body: { orderId: number; openId?: string } }) => {
  const { userId } = requireUser(ctx)
  const o = await ownOrder(ctx, userId, body.orderId)
  if (o.status !== ORDER_STATUS.pending) throw new AppError(400, 'the order is not waiting for payment')
  return placeResult(ctx, o, body.openId)
}

const pageOf = (q: { pageNum: number; pageSize: number }) => ({
  limit: q.pageSize,
  offset: (q.pageNum - 1) * q.pageSize,
})

export const handlers: Handlers = {
  // the signed link to a paid order's receipt (./receipt.ts; the page: ./receipt-page.ts)
  ...receipt,
  // the staff desk's refunds and invoices (./staff.ts)
  ...staff,
  'POST /goods/check/goods/status': async (ctx, { body }) => {
    const { userId } = requireUser(ctx)
    const rows = await ctx.db
      .select({ id: goods.id, price: goods.price, status: goods.status })
      .from(goods)
      .where(ctx.scope.where(goods, inArray(goods.id, body.goodsIds)))
    return Promise.all(
      body.goodsIds.map(async (goodsId, i) => {
        const g = rows.find((r) => r.id === goodsId)
        const seen = body.prices?.[i]
        return {
          goodsId,
          onSale: g?.status === 1,
          price: g?.price ?? 0,
          priceChanged: g !== undefined && seen !== undefined && seen !== g.price,
          owned: g ? (await entitlementOf(ctx, userId, goodsId))?.active === true : false,
        }
      }),
    )
  },

  'GET /order/check/buy/:id': async (ctx, { params }) => {
    const { userId } = requireUser(ctx)
    const e = await entitlementOf(ctx, userId, params.id)
    return {
      goodsId: params.id,
      bought: e?.active === true,
      expireTime: e?.expiresAt ? toSeconds(e.expiresAt) : null,
    }
  },

  'GET /order/study/check/:id': async (ctx, { params }) => {
    const { userId } = requireUser(ctx)
    const e = await entitlementOf(ctx, userId, params.id)
    return {
      goodsId: params.id,
      canStudy: e?.active === true,
      reason: !e ? 'not_bought' : e.active ? 'ok' : 'expired',
      expireTime: e?.expiresAt ? toSeconds(e.expiresAt) : null,
    }
  },

  'POST /order/firstChoiceGoods': async (ctx, { body }) => {
    const { userId } = requireUser(ctx)
    const [g] = await ctx.db
      .select({ id: goods.id })
      .from(goods)
      .where(ctx.scope.where(goods, eq(goods.id, body.goodsId)))
    if (!g) throw new AppError(404, 'goods not found')
    await ctx.db
      .insert(userFirstChoice)
      .values(ctx.scope.row({ userId, goodsId: body.goodsId }))
      .onConflictDoUpdate({
        target: [userFirstChoice.tenantId, userFirstChoice.userId],
        set: { goodsId: body.goodsId, updatedAt: new Date() },
      })
    return null
  },

  'POST /user/subscribe/save/offline': async (ctx, { body }) => {
    const { userId } = requireUser(ctx)
    if (body.goodsId) {
      const [g] = await ctx.db
        .select({ id: goods.id })
        .from(goods)
        .where(ctx.scope.where(goods, eq(goods.id, body.goodsId)))
      if (!g) throw new AppError(404, 'goods not found')
    }
    const [row] = await ctx.db
      .insert(offlineSubscribe)
      .values(
        ctx.scope.row({
          userId,
          name: body.name,
          telPhone: body.telPhone,
          goodsId: body.goodsId ?? null,
          remark: body.remark ?? '',
        }),
      )
      .returning({ id: offlineSubscribe.id })
    return { subscribeId: row!.id }
  },

  'GET /order/goods/list': async (ctx, { query }) => {
    const { userId } = requireUser(ctx)
    const rows = await ctx.db
      .select({
        goodsId: goods.id,
        goodsName: goods.name,
        goodsType: goods.goodsType,
        cover: goods.cover,
        orderId: userGoods.orderId,
        grantedAt: userGoods.grantedAt,
        expiresAt: userGoods.expiresAt,
      })
      .from(userGoods)
      .innerJoin(goods, eq(goods.id, userGoods.goodsId))
      .where(
        ctx.scope.where(
          userGoods,
          eq(userGoods.userId, userId),
          isNull(userGoods.revokedAt),
          query.goodsType ? eq(goods.goodsType, query.goodsType) : undefined,
        ),
      )
      .orderBy(desc(userGoods.grantedAt), desc(userGoods.id))
    // one row per goods: the grant that lasts longest
    const best = new Map<number, (typeof rows)[number]>()
    for (const r of rows) {
      const b = best.get(r.goodsId)
      if (!b || (b.expiresAt !== null && (r.expiresAt === null || r.expiresAt > b.expiresAt))) best.set(r.goodsId, r)
    }
    const all = [...best.values()]
    const { limit, offset } = pageOf(query)
    const slice = all.slice(offset, offset + limit)
    const courseCounts =
      slice.length === 0
        ? []
        : await ctx.db
            .select({ goodsId: goodsCourse.goodsId })
            .from(goodsCourse)
            .where(
              ctx.scope.where(
                goodsCourse,
                inArray(
                  goodsCourse.goodsId,
                  slice.map((s) => s.goodsId),
                ),
              ),
            )
    const now = new Date()
    return {
      rows: slice.map((r) => ({
        goodsId: r.goodsId,
        goodsName: r.goodsName,
        goodsType: (r.goodsType >= 1 && r.goodsType <= 4 ? r.goodsType : 1) as 1 | 2 | 3 | 4,
        cover: r.cover,
        courseNum: courseCounts.filter((c) => c.goodsId === r.goodsId).length,
        orderId: r.orderId,
        grantTime: toSeconds(r.grantedAt),
        expireTime: r.expiresAt ? toSeconds(r.expiresAt) : null,
        expired: r.expiresAt !== null && r.expiresAt <= now,
      })),
      total: all.length,
    }
  },

  'POST /order/placeSmallOrder': place('small'),
  'POST /order/placeGzhOrder': place('gzh'),
  'POST /order/resumeSmallOrder': resume,
  'POST /order/resumePlaceGzhOrder': resume,

  'POST /order/activity/goods': async (ctx, { body }) => {
    const { userId } = requireUser(ctx)
    const price = await activityPrice(ctx, body.activityId, body.goodsId)
    if (price === undefined) throw new AppError(404, 'the goods is not in an open activity')
    return placeOrder(ctx, {
      userId,
      goodsIds: [body.goodsId],
      prices: new Map([[body.goodsId, price]]),
      channel: 'activity',
      activityId: body.activityId,
      idempotencyKey: body.idempotencyKey,
      openId: body.openId,
    })
  },

  'POST /order/edit': async (ctx, { body }) => {
    const { userId } = requireUser(ctx)
    const o = await ownOrder(ctx, userId, body.orderId)
    if (o.status === ORDER_STATUS.cancelled) return { orderId: o.id, orderStatus: ORDER_STATUS.cancelled }
    const [row] = await ctx.db
      .update(shopOrder)
      .set({ status: ORDER_STATUS.cancelled, cancelledAt: new Date() })
      .where(ctx.scope.where(shopOrder, eq(shopOrder.id, o.id), eq(shopOrder.status, ORDER_STATUS.pending)))
      .returning({ id: shopOrder.id })
    if (!row) throw new AppError(400, 'only an order waiting for payment can be cancelled')
    return { orderId: o.id, orderStatus: ORDER_STATUS.cancelled }
  },

  'GET /order/list': async (ctx, { query }) => {
    const { userId } = requireUser(ctx)
    await closeExpiredOrders(ctx.db, ctx.scope, userId)
    const where = ctx.scope.where(
      shopOrder,
      eq(shopOrder.userId, userId),
      query.orderStatus ? eq(shopOrder.status, query.orderStatus) : undefined,
    )
    const { limit, offset } = pageOf(query)
    const [rows, total] = await Promise.all([
      ctx.db.select().from(shopOrder).where(where).orderBy(desc(shopOrder.id)).limit(limit).offset(offset),
      countRows(ctx.db, shopOrder, where),
    ])
    return { rows: await orderViews(ctx, rows), total }
  },

  'GET /order/info': async (ctx, { query }) => {
    const { userId } = requireUser(ctx)
    await closeExpiredOrders(ctx.db, ctx.scope, userId)
    const [o] = await ctx.db
      .select()
      .from(shopOrder)
      .where(
        ctx.scope.where(
          shopOrder,
          eq(shopOrder.userId, userId),
          query.orderId ? eq(shopOrder.id, query.orderId) : undefined,
          query.orderNo ? eq(shopOrder.orderNo, query.orderNo) : undefined,
        ),
      )
    if (!o) throw new AppError(404, 'order not found')
    return (await orderViews(ctx, [o]))[0]!
  },

  'POST /order/refund': async (ctx, { body }) => {
    const { userId } = requireUser(ctx)
    const o = await ownOrder(ctx, userId, body.orderId)
    if (o.status !== ORDER_STATUS.paid) throw new AppError(400, 'only a paid order can be refunded')
    if (o.payPrice === 0) throw new AppError(400, 'a free order cannot be refunded')
    if (o.invoiceId !== null) throw new AppError(400, 'cancel the invoice of this order first')
    const [row] = await ctx.db
      .update(shopOrder)
      .set({ status: ORDER_STATUS.refundRequested, refundReason: body.reason, refundRequestedAt: new Date() })
      .where(
        ctx.scope.where(
          shopOrder,
          eq(shopOrder.id, o.id),
          eq(shopOrder.status, ORDER_STATUS.paid),
          isNull(shopOrder.invoiceId),
        ),
      )
      .returning({ id: shopOrder.id })
    if (!row) throw new AppError(409, 'the order changed, reload it')
    return { orderId: o.id, orderStatus: ORDER_STATUS.refundRequested }
  },

  'GET /order/refund/list': async (ctx, { query }) => {
    const { userId } = requireUser(ctx)
    const where = ctx.scope.where(
      shopOrder,
      eq(shopOrder.userId, userId),
      inArray(shopOrder.status, [ORDER_STATUS.refundRequested, ORDER_STATUS.refunded, ORDER_STATUS.refundRejected]),
    )
    const { limit, offset } = pageOf(query)
    const [rows, total] = await Promise.all([
      ctx.db
        .select()
        .from(shopOrder)
        .where(where)
        .orderBy(desc(shopOrder.refundRequestedAt), desc(shopOrder.id))
        .limit(limit)
        .offset(offset),
      countRows(ctx.db, shopOrder, where),
    ])
    return { rows: await orderViews(ctx, rows), total }
  },

  'POST /order/invoice': async (ctx, { body }) => {
    const { userId } = requireUser(ctx)
    const ids = [...new Set(body.orderIds)]
    const id = await ctx.db.transaction(async (tx) => {
      const eligible = and(
        eq(shopOrder.userId, userId),
        inArray(shopOrder.id, ids),
        inArray(shopOrder.status, INVOICEABLE),
        isNull(shopOrder.invoiceId),
        gt(shopOrder.payPrice, 0),
      )
      const orders = await tx.select().from(shopOrder).where(ctx.scope.where(shopOrder, eligible))
      const missing = ids.filter((i) => !orders.some((o) => o.id === i))
      if (missing.length > 0) throw new AppError(400, `orderIds: order ${missing[0]} cannot be invoiced`)
      const [inv] = await tx
        .insert(invoice)
        .values(
          ctx.scope.row({
            userId,
            titleType: body.titleType,
            title: body.title,
            taxNo: body.titleType === 2 ? (body.taxNo ?? '') : '',
            email: body.email,
            amount: orders.reduce((s, o) => s + o.payPrice, 0),
            orderIds: ids,
          }),
        )
        .returning({ id: invoice.id })
      const claimed = await tx
        .update(shopOrder)
        .set({ invoiceId: inv!.id })
        .where(ctx.scope.where(shopOrder, eligible))
        .returning({ id: shopOrder.id })
      if (claimed.length !== ids.length) throw new AppError(409, 'the orders changed, reload them')
      return inv!.id
    })
    return { invoiceId: id }
  },

  'POST /order/invoice/cancel': async (ctx, { body }) => {
    const { userId } = requireUser(ctx)
    await ctx.db.transaction(async (tx) => {
      const [inv] = await tx
        .update(invoice)
        .set({ status: 2, cancelledAt: new Date() })
        .where(
          ctx.scope.where(invoice, eq(invoice.id, body.invoiceId), eq(invoice.userId, userId), eq(invoice.status, 0)),
        )
        .returning({ id: invoice.id })
      if (!inv) {
        const [exists] = await tx
          .select({ status: invoice.status })
          .from(invoice)
          .where(ctx.scope.where(invoice, eq(invoice.id, body.invoiceId), eq(invoice.userId, userId)))
        if (!exists) throw new AppError(404, 'invoice not found')
        throw new AppError(400, exists.status === 1 ? 'an issued invoice cannot be cancelled' : 'already cancelled')
      }
      await tx
        .update(shopOrder)
        .set({ invoiceId: null })
        .where(ctx.scope.where(shopOrder, eq(shopOrder.invoiceId, inv.id)))
    })
    return null
  },

  'GET /order/invoice/list': async (ctx, { query }) => {
    const { userId } = requireUser(ctx)
    const where = ctx.scope.where(invoice, eq(invoice.userId, userId))
    const { limit, offset } = pageOf(query)
    const [rows, total] = await Promise.all([
      ctx.db.select().from(invoice).where(where).orderBy(desc(invoice.id)).limit(limit).offset(offset),
      countRows(ctx.db, invoice, where),
    ])
    const orderIds = [...new Set(rows.flatMap((r) => r.orderIds))]
    const orders =
      orderIds.length === 0
        ? []
        : await ctx.db
            .select({ id: shopOrder.id, orderNo: shopOrder.orderNo })
            .from(shopOrder)
            .where(ctx.scope.where(shopOrder, inArray(shopOrder.id, orderIds)))
    return {
      rows: rows.map((r) => ({
        invoiceId: r.id,
        orderIds: r.orderIds,
        orderNos: r.orderIds.map((i) => orders.find((o) => o.id === i)?.orderNo ?? ''),
        titleType: (r.titleType === 2 ? 2 : 1) as 1 | 2,
        title: r.title,
        taxNo: r.taxNo,
        email: r.email,
        amount: r.amount,
        invoiceStatus: (r.status === 1 ? 1 : r.status === 2 ? 2 : 0) as 0 | 1 | 2,
        createTime: toSeconds(r.createdAt),
        issueTime: r.issuedAt ? toSeconds(r.issuedAt) : null,
      })),
      total,
    }
  },

  'GET /order/invoice/canInvoiceList': async (ctx) => {
    const { userId } = requireUser(ctx)
    const rows = await ctx.db
      .select()
      .from(shopOrder)
      .where(
        ctx.scope.where(
          shopOrder,
          eq(shopOrder.userId, userId),
          inArray(shopOrder.status, INVOICEABLE),
          isNull(shopOrder.invoiceId),
          gt(shopOrder.payPrice, 0),
        ),
      )
      .orderBy(desc(shopOrder.paidAt), asc(shopOrder.id))
    return orderViews(ctx, rows)
  },

  'POST /wx/pay/payment': async (ctx, { body }) => {
    const { userId } = requireUser(ctx)
    const o = await ownOrder(ctx, userId, body.orderId)
    if (o.status !== ORDER_STATUS.pending) throw new AppError(400, 'the order is not waiting for payment')
    return payParamsFor(ctx, o, body.openId)
  },

  'POST /wx/pay/callback': async (ctx, { headers, rawBody }) => {
    let notice: ReturnType<typeof ctx.services.payment.verifyCallback>
    try {
      notice = ctx.services.payment.verifyCallback(headers, rawBody ?? '')
    } catch (e) {
      if (e instanceof PaymentVerifyError) {
        ctx.log.warn({ reason: e.message }, 'payment callback refused')
        throw new AppError(401, `callback refused: ${e.message}`)
      }
      throw e
    }
    const result = await settlePayment(ctx, notice)
    ctx.log.info({ orderNo: notice.orderNo, result }, 'payment callback')
    return { code: 'SUCCESS' as const, message: '成功' }
  },
}
