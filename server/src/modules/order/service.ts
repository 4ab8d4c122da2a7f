/**
 * Orders: placing (server-computed prices, idempotency key), paying (provider params), settling a verified
 * payment (idempotent), closing unpaid orders, refunds and invoices decided by staff. State codes in
 * contract/schemas/codes.ts (ORDER_STATUS); transitions in docs/DECISIONS.md "Shop".
 */
import { randomBytes } from 'node:crypto'
import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm'
import { ORDER_STATUS } from '../../../../contract/schemas/codes'
import type { Db } from '../../db'
import { cart, goods, goodsPackageItem, invoice, orderItem, shopOrder, userGoods } from '../../db/schema'
import { AppError, type Ctx, TenantScope, toSeconds } from '../../http/core'
import { MESSAGES, notify } from '../../services/inform'
import type { PaymentNotice, PayParams } from '../../services/payment'
import { PaymentVerifyError } from '../../services/payment'
import { listPrices } from '../shop/catalogue'
import { payerOpenId } from '../wechat/payer'
import { hasEntitlement } from './entitlement'

type Scoped = Pick<Ctx, 'db' | 'scope'>
type OrderRow = typeof shopOrder.$inferSelect
type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS]

/** An unpaid order closes this long after it was placed. */
export const ORDER_TTL_MS = 30 * 60 * 1000

export const newOrderNo = (now = new Date()) => {
  const p = (n: number, w = 2) => String(n).padStart(w, '0')
  const stamp = `${now.getUTCFullYear()}${p(now.getUTCMonth() + 1)}${p(now.getUTCDate())}${p(now.getUTCHours())}${p(now.getUTCMinutes())}${p(now.getUTCSeconds())}`
  return `${stamp}${randomBytes(5).readUIntBE(0, 5).toString().padStart(13, '0')}`
}

/**
 * Closes pending orders past their pay deadline: lazily for one learner on read, and for everyone by the
 * periodic sweep (app.ts; a system job, so `scope` is optional there).
 */
export async function closeExpiredOrders(db: Db, scope?: TenantScope, userId?: number): Promise<number> {
  const now = new Date()
  const cond = and(
    eq(shopOrder.status, ORDER_STATUS.pending),
    lt(shopOrder.expiresAt, now),
    userId !== undefined ? eq(shopOrder.userId, userId) : undefined,
  )
  const rows = await db
    .update(shopOrder)
    .set({ status: ORDER_STATUS.closed, closedAt: now })
    .where(scope ? scope.where(shopOrder, cond) : cond)
    .returning({ id: shopOrder.id })
  return rows.length
}

const secs = (d: Date | null) => (d ? toSeconds(d) : null)

export async function orderViews(ctx: Scoped, rows: OrderRow[]) {
  const ids = rows.map((r) => r.id)
  const invoiceIds = [...new Set(rows.flatMap((r) => (r.invoiceId !== null ? [r.invoiceId] : [])))]
  const [items, invoices] = await Promise.all([
    ids.length === 0
      ? []
      : ctx.db
          .select()
          .from(orderItem)
          .where(ctx.scope.where(orderItem, inArray(orderItem.orderId, ids)))
          .orderBy(asc(orderItem.id)),
    invoiceIds.length === 0
      ? []
      : ctx.db
          .select({ id: invoice.id, status: invoice.status })
          .from(invoice)
          .where(ctx.scope.where(invoice, inArray(invoice.id, invoiceIds))),
  ])
  const invoiceStatus = new Map(invoices.map((i) => [i.id, i.status as 0 | 1 | 2]))
  return rows.map((o) => ({
    orderId: o.id,
    orderNo: o.orderNo,
    orderStatus: o.status as OrderStatus,
    totalPrice: o.totalPrice,
    payPrice: o.payPrice,
    channel: o.channel,
    createTime: toSeconds(o.createdAt),
    expireTime: toSeconds(o.expiresAt),
    payTime: secs(o.paidAt),
    payProvider: o.payProvider,
    invoiceId: o.invoiceId,
    invoiceStatus: o.invoiceId !== null ? (invoiceStatus.get(o.invoiceId) ?? null) : null,
    refundReason: o.refundReason,
    refundApplyTime: secs(o.refundRequestedAt),
    refundHandleTime: secs(o.refundHandledAt),
    refundRejectReason: o.refundRejectReason,
    goods: items
      .filter((i) => i.orderId === o.id)
      .map((i) => ({
        goodsId: i.goodsId,
        goodsName: i.goodsName,
        goodsType: (i.goodsType >= 1 && i.goodsType <= 4 ? i.goodsType : 1) as 1 | 2 | 3 | 4,
        cover: i.cover,
        price: i.price,
        originalPrice: i.originalPrice,
      })),
  }))
}

/** The learner's order (closing it first when its time is up); 404 for another learner's or tenant's. */
export async function ownOrder(ctx: Scoped, userId: number, orderId: number): Promise<OrderRow> {
  await closeExpiredOrders(ctx.db, ctx.scope, userId)
  const [o] = await ctx.db
    .select()
    .from(shopOrder)
    .where(ctx.scope.where(shopOrder, eq(shopOrder.id, orderId), eq(shopOrder.userId, userId)))
  if (!o) throw new AppError(404, 'order not found')
  return o
}

/** Grants the order's goods (a package: itself and each goods inside, with the package's validity). */
async function grant(db: Db, scope: TenantScope, order: OrderRow, now: Date) {
  const items = await db
    .select({ goodsId: orderItem.goodsId })
    .from(orderItem)
    .where(scope.where(orderItem, eq(orderItem.orderId, order.id)))
  const ids = items.map((i) => i.goodsId)
  if (ids.length === 0) return
  const bought = await db
    .select({ id: goods.id, goodsType: goods.goodsType, validityDays: goods.validityDays })
    .from(goods)
    .where(scope.where(goods, inArray(goods.id, ids)))
  const rows: { goodsId: number; expiresAt: Date | null }[] = []
  for (const g of bought) {
    const expiresAt = g.validityDays > 0 ? new Date(now.getTime() + g.validityDays * 86_400_000) : null
    rows.push({ goodsId: g.id, expiresAt })
    if (g.goodsType === 4) {
      const inner = await db
        .select({ goodsId: goodsPackageItem.goodsId })
        .from(goodsPackageItem)
        .where(scope.where(goodsPackageItem, eq(goodsPackageItem.packageId, g.id)))
      for (const i of inner) rows.push({ goodsId: i.goodsId, expiresAt })
    }
  }
  await db.insert(userGoods).values(
    rows.map((r) =>
      scope.row({
        userId: order.userId,
        goodsId: r.goodsId,
        orderId: order.id,
        grantedAt: now,
        expiresAt: r.expiresAt,
      }),
    ),
  )
  await db
    .update(goods)
    .set({ buyCount: sql`${goods.buyCount} + 1` })
    .where(scope.where(goods, inArray(goods.id, ids)))
}

/**
 * Marks the order paid and grants its goods, once: the conditional update (paid_at is null) lets exactly one
 * caller through, so a replayed or concurrent callback changes nothing.
 */
export async function markPaid(
  db: Db,
  scope: TenantScope,
  orderId: number,
  pay: { provider: string; transactionId: string | null },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const now = new Date()
    const [o] = await tx
      .update(shopOrder)
      .set({ status: ORDER_STATUS.paid, paidAt: now, payProvider: pay.provider, transactionId: pay.transactionId })
      .where(
        scope.where(
          shopOrder,
          eq(shopOrder.id, orderId),
          isNull(shopOrder.paidAt),
          inArray(shopOrder.status, [ORDER_STATUS.pending, ORDER_STATUS.closed, ORDER_STATUS.cancelled]),
        ),
      )
      .returning()
    if (!o) return false
    await grant(tx as unknown as Db, scope, o, now)
    // the learner's message (docs/DECISIONS.md "Messages"); a free order shows its result at once and writes none
    if (o.payPrice > 0) {
      const items = await tx
        .select({ goodsName: orderItem.goodsName })
        .from(orderItem)
        .where(scope.where(orderItem, eq(orderItem.orderId, o.id)))
        .orderBy(asc(orderItem.id))
      const names = items.map((i) => i.goodsName)
      const what = names.length > 2 ? `${names.slice(0, 2).join('、')} 等 ${names.length} 件` : names.join('、')
      await notify(
        tx as unknown as Db,
        scope,
        o.userId,
        MESSAGES.orderPaid({ orderNo: o.orderNo, payPrice: o.payPrice, goods: what }),
      )
    }
    return true
  })
}

/** Handles a verified payment notice (both providers). Throws AppError on a mismatch; idempotent. */
export async function settlePayment(ctx: Scoped, notice: PaymentNotice): Promise<'paid' | 'already' | 'ignored'> {
  const [o] = await ctx.db
    .select()
    .from(shopOrder)
    .where(ctx.scope.where(shopOrder, eq(shopOrder.orderNo, notice.orderNo)))
  if (!o) throw new AppError(404, 'order not found')
  if (!notice.success) return 'ignored'
  if (notice.amount !== o.payPrice) throw new AppError(400, 'amount does not match the order')
  if (o.paidAt) return 'already'
  // a payment that arrives after the order closed or was cancelled still delivers: the money was taken
  return (await markPaid(ctx.db, ctx.scope, o.id, { provider: notice.provider, transactionId: notice.transactionId }))
    ? 'paid'
    : 'already'
}

export async function payParamsFor(ctx: Ctx, o: OrderRow, openId?: string): Promise<PayParams> {
  const items = await ctx.db
    .select({ goodsName: orderItem.goodsName })
    .from(orderItem)
    .where(ctx.scope.where(orderItem, eq(orderItem.orderId, o.id)))
  try {
    return await ctx.services.payment.createPayment({
      tenantId: ctx.scope.tenantId,
      orderId: o.id,
      orderNo: o.orderNo,
      payPrice: o.payPrice,
      description: items.map((i) => i.goodsName).join('、') || o.orderNo,
      channel: o.channel,
      // the learner's own bound openid only (modules/wechat/payer.ts)
      openId: await payerOpenId(ctx, o.userId, o.channel, openId),
      userId: o.userId,
      expiresAt: o.expiresAt,
    })
  } catch (e) {
    if (e instanceof PaymentVerifyError) throw new AppError(400, e.message)
    throw e
  }
}

export interface PlaceSpec {
  userId: number
  goodsIds: number[]
  /** activity prices by goods id (activity orders) */
  prices?: Map<number, number>
  channel: 'small' | 'gzh' | 'activity'
  activityId?: number
  idempotencyKey: string
  inviteCode?: string
  openId?: string
}

/** The result of place / resume: the order and, while payment is due, the provider's pay parameters. */
export async function placeResult(ctx: Ctx, o: OrderRow, openId?: string) {
  const pending = o.status === ORDER_STATUS.pending
  return {
    orderId: o.id,
    orderNo: o.orderNo,
    orderStatus: o.status as OrderStatus,
    totalPrice: o.totalPrice,
    payPrice: o.payPrice,
    paid: o.paidAt !== null,
    pay: pending ? await payParamsFor(ctx, o, openId) : null,
  }
}

async function byKey(ctx: Scoped, userId: number, key: string) {
  const [o] = await ctx.db
    .select()
    .from(shopOrder)
    .where(ctx.scope.where(shopOrder, eq(shopOrder.userId, userId), eq(shopOrder.idempotencyKey, key)))
  return o
}

/**
 * Places an order. Prices come from the catalogue (or the activity); anything the client sent is ignored.
 * The same idempotency key returns the order it created first (double tap, retried request, concurrent
 * requests: the unique index lets one insert through). A total of 0 is paid at once.
 */
export async function placeOrder(ctx: Ctx, spec: PlaceSpec) {
  const existing = await byKey(ctx, spec.userId, spec.idempotencyKey)
  if (existing) return placeResult(ctx, existing, spec.openId)
  const ids = [...new Set(spec.goodsIds)]
  const rows = await ctx.db
    .select()
    .from(goods)
    .where(ctx.scope.where(goods, inArray(goods.id, ids)))
  for (const id of ids) {
    const g = rows.find((r) => r.id === id)
    if (!g) throw new AppError(404, `goods ${id} not found`)
    if (g.status !== 1) throw new AppError(400, `goods ${id} is not on sale`)
    if (await hasEntitlement(ctx, spec.userId, id)) throw new AppError(400, `goods ${id} is already bought`)
  }
  const struck = await listPrices(
    ctx,
    rows.map((r) => ({ goodsId: r.id, goodsType: r.goodsType, originalPrice: r.originalPrice })),
  )
  const lines = ids.map((id) => {
    const g = rows.find((r) => r.id === id)!
    return { g, price: spec.prices?.get(id) ?? g.price, originalPrice: struck.get(id) ?? g.originalPrice }
  })
  const totalPrice = lines.reduce((s, l) => s + l.g.price, 0)
  const payPrice = lines.reduce((s, l) => s + l.price, 0)
  const now = new Date()
  const created = await ctx.db.transaction(async (tx) => {
    const [o] = await tx
      .insert(shopOrder)
      .values(
        ctx.scope.row({
          userId: spec.userId,
          orderNo: newOrderNo(now),
          idempotencyKey: spec.idempotencyKey,
          status: ORDER_STATUS.pending,
          totalPrice,
          payPrice,
          channel: spec.channel,
          activityId: spec.activityId ?? null,
          inviteCode: spec.inviteCode ?? '',
          createdAt: now,
          expiresAt: new Date(now.getTime() + ORDER_TTL_MS),
        }),
      )
      .onConflictDoNothing()
      .returning()
    if (!o) return undefined
    await tx.insert(orderItem).values(
      lines.map((l) =>
        ctx.scope.row({
          orderId: o.id,
          goodsId: l.g.id,
          goodsName: l.g.name,
          goodsType: l.g.goodsType,
          cover: l.g.cover,
          price: l.price,
          originalPrice: l.originalPrice,
        }),
      ),
    )
    await tx.delete(cart).where(ctx.scope.where(cart, eq(cart.userId, spec.userId), inArray(cart.goodsId, ids)))
    return o
  })
  if (!created) {
    const other = await byKey(ctx, spec.userId, spec.idempotencyKey)
    if (!other) throw new AppError(409, 'order conflict, retry')
    return placeResult(ctx, other, spec.openId)
  }
  if (payPrice === 0) {
    await markPaid(ctx.db, ctx.scope, created.id, { provider: 'free', transactionId: null })
    const [paid] = await ctx.db
      .select()
      .from(shopOrder)
      .where(ctx.scope.where(shopOrder, eq(shopOrder.id, created.id)))
    return placeResult(ctx, paid!, spec.openId)
  }
  return placeResult(ctx, created, spec.openId)
}

/** Staff decision on a refund request (no admin UI yet: called by staff tooling and tests). */
export async function decideRefund(
  db: Db,
  tenantId: number,
  orderId: number,
  decision: { approve: boolean; reason?: string },
): Promise<OrderStatus> {
  const scope = new TenantScope(tenantId)
  return db.transaction(async (tx) => {
    const now = new Date()
    const [o] = await tx
      .update(shopOrder)
      .set({
        status: decision.approve ? ORDER_STATUS.refunded : ORDER_STATUS.refundRejected,
        refundHandledAt: now,
        refundRejectReason: decision.approve ? null : (decision.reason ?? ''),
      })
      .where(scope.where(shopOrder, eq(shopOrder.id, orderId), eq(shopOrder.status, ORDER_STATUS.refundRequested)))
      .returning()
    if (!o) throw new AppError(400, 'the order has no open refund request')
    if (decision.approve)
      await tx
        .update(userGoods)
        .set({ revokedAt: now })
        .where(scope.where(userGoods, eq(userGoods.orderId, o.id), isNull(userGoods.revokedAt)))
    await notify(
      tx as unknown as Db,
      scope,
      o.userId,
      MESSAGES.refundDecided({
        orderNo: o.orderNo,
        payPrice: o.payPrice,
        approved: decision.approve,
        reason: o.refundRejectReason,
      }),
    )
    return o.status as OrderStatus
  })
}

/** Staff marks an invoice issued (after that it can no longer be cancelled by the learner). */
export async function issueInvoice(db: Db, tenantId: number, invoiceId: number): Promise<boolean> {
  const scope = new TenantScope(tenantId)
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(invoice)
      .set({ status: 1, issuedAt: new Date() })
      .where(scope.where(invoice, eq(invoice.id, invoiceId), eq(invoice.status, 0)))
      .returning({ userId: invoice.userId, title: invoice.title, amount: invoice.amount, email: invoice.email })
    if (!row) return false
    await notify(tx as unknown as Db, scope, row.userId, MESSAGES.invoiceIssued(row))
    return true
  })
}
