/**
 * The staff desk's orders (contract/staff.ts, managers): refund requests are approved or rejected (approval revokes
 * the entitlement; the money itself is returned in the payment provider's merchant platform) and requested invoices
 * are marked issued. Registered by the route loop like every call (server/src/app.ts): the tenant, the staff
 * account's role (or the operator's X-Staff-Token) and the input are checked before a handler runs.
 */
import { asc, eq } from 'drizzle-orm'
import { ORDER_STATUS } from '../../../../contract/schemas/codes'
import { invoice, shopOrder, sysUser } from '../../db/schema'
import { AppError, type Handlers } from '../../http/core'
import { decideRefund, issueInvoice } from './service'

export const handlers: Handlers = {
  'GET /staff/refunds': async (ctx) => {
    const rows = await ctx.db
      .select({
        orderId: shopOrder.id,
        orderNo: shopOrder.orderNo,
        userAccount: sysUser.userAccount,
        payPrice: shopOrder.payPrice,
        refundReason: shopOrder.refundReason,
        refundRequestedAt: shopOrder.refundRequestedAt,
      })
      .from(shopOrder)
      .innerJoin(sysUser, eq(sysUser.id, shopOrder.userId))
      .where(ctx.scope.where(shopOrder, eq(shopOrder.status, ORDER_STATUS.refundRequested)))
      .orderBy(asc(shopOrder.refundRequestedAt))
    return rows.map((r) => ({ ...r, refundRequestedAt: r.refundRequestedAt?.toISOString() ?? null }))
  },

  'POST /staff/refunds/:orderId': async (ctx, { params, body }) => {
    const orderStatus = await decideRefund(ctx.db, ctx.scope.tenantId, params.orderId, body)
    return { orderId: params.orderId, orderStatus }
  },

  'GET /staff/invoices': async (ctx) =>
    ctx.db
      .select({
        invoiceId: invoice.id,
        userAccount: sysUser.userAccount,
        titleType: invoice.titleType,
        title: invoice.title,
        taxNo: invoice.taxNo,
        email: invoice.email,
        amount: invoice.amount,
        orderIds: invoice.orderIds,
      })
      .from(invoice)
      .innerJoin(sysUser, eq(sysUser.id, invoice.userId))
      .where(ctx.scope.where(invoice, eq(invoice.status, 0)))
      .orderBy(asc(invoice.createdAt)),

  'POST /staff/invoices/:invoiceId/issue': async (ctx, { params }) => {
    if (!(await issueInvoice(ctx.db, ctx.scope.tenantId, params.invoiceId)))
      throw new AppError(400, 'no requested invoice with that id')
    return { invoiceId: params.invoiceId, invoiceStatus: 1 }
  },
}
