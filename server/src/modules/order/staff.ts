/**
 * The staff desk: what a training school's staff decide about learners' orders, outside the learner
 * contract. Refund requests are approved or rejected (approval revokes the entitlement; the money itself is
 * returned in the payment provider's merchant platform) and requested invoices are marked issued.
 * Registered only when STAFF_TOKEN is set; every call needs `x-staff-token` and the `tenant-id` it acts for.
 *   GET  {apiBase}/staff/refunds                  open refund requests
 *   POST {apiBase}/staff/refunds/:orderId         { approve: boolean, reason? }
 *   GET  {apiBase}/staff/invoices                 requested, not yet issued invoices
 *   POST {apiBase}/staff/invoices/:invoiceId/issue
 */
import { timingSafeEqual } from 'node:crypto'
import { asc, eq } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { ORDER_STATUS } from '../../../../contract/schemas/codes'
import type { Db } from '../../db'
import { invoice, shopOrder, sysUser, tenant } from '../../db/schema'
import { AppError, envelope, TenantScope } from '../../http/core'
import { decideRefund, issueInvoice } from './service'

const idParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) })
const decision = z.object({ approve: z.boolean(), reason: z.string().trim().max(200).optional() })

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

export async function registerStaffRoutes(root: FastifyInstance, db: Db, apiBase: string, staffToken: string) {
  await root.register(
    async (app) => {
      const scopeOf = async (req: FastifyRequest): Promise<TenantScope> => {
        const token = req.headers['x-staff-token']
        if (typeof token !== 'string' || !sameSecret(token, staffToken)) throw new AppError(401, 'staff token required')
        const raw = req.headers['tenant-id']
        if (typeof raw !== 'string' || !/^\d{1,9}$/.test(raw)) throw new AppError(400, 'tenant-id header is required')
        const [t] = await db
          .select({ id: tenant.id })
          .from(tenant)
          .where(eq(tenant.id, Number(raw)))
        if (!t) throw new AppError(404, 'unknown tenant')
        return new TenantScope(t.id)
      }
      const parse = <T>(schema: z.ZodType<T>, value: unknown, what: string): T => {
        const r = schema.safeParse(value)
        if (!r.success) throw new AppError(400, `${what}: ${r.error.issues[0]?.message ?? 'invalid'}`)
        return r.data
      }

      app.get('/staff/refunds', async (req) => {
        const scope = await scopeOf(req)
        const rows = await db
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
          .where(scope.where(shopOrder, eq(shopOrder.status, ORDER_STATUS.refundRequested)))
          .orderBy(asc(shopOrder.refundRequestedAt))
        return envelope(200, 'ok', rows)
      })

      app.post('/staff/refunds/:id', async (req) => {
        const scope = await scopeOf(req)
        const { id } = parse(idParam, req.params, 'orderId')
        const body = parse(decision, req.body, 'body')
        const orderStatus = await decideRefund(db, scope.tenantId, id, body)
        return envelope(200, 'ok', { orderId: id, orderStatus })
      })

      app.get('/staff/invoices', async (req) => {
        const scope = await scopeOf(req)
        const rows = await db
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
          .where(scope.where(invoice, eq(invoice.status, 0)))
          .orderBy(asc(invoice.createdAt))
        return envelope(200, 'ok', rows)
      })

      app.post('/staff/invoices/:id/issue', async (req) => {
        const scope = await scopeOf(req)
        const { id } = parse(idParam, req.params, 'invoiceId')
        if (!(await issueInvoice(db, scope.tenantId, id))) throw new AppError(400, 'no requested invoice with that id')
        return envelope(200, 'ok', { invoiceId: id, invoiceStatus: 1 })
      })
    },
    { prefix: apiBase },
  )
}
