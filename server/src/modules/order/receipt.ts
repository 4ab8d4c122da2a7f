/**
 * An order's receipt (支付凭证) behind a short-lived signed link (issue 17; docs/DECISIONS.md "Account extras").
 * `GET /order/getViewSign/:id` hands the order's learner `{apiBase}/order/view/<orderNo>/<userId>.<expiry>.<sig>`,
 * sig = base64url HMAC-SHA256 over `orderNo\nuserId\nexpiry` with a key derived from the server secret
 * (`order-view-link`), valid VIEW_LINK_SECONDS. The page (receipt-page.ts) answers 403 to a missing, altered or expired
 * link and to one made for another learner, before it shows anything of the order.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { ORDER_STATUS } from '../../../../contract/schemas/codes'
import { shopOrder } from '../../db/schema'
import { AppError, type Handlers, requireUser } from '../../http/core'
import { MAX_ID, notFound } from '../learn/core'

/** a receipt link opens for ten minutes: long enough to open and save it, short enough not to be passed round */
export const VIEW_LINK_SECONDS = 600

/** orders that were paid (even when refunded later) have a receipt; the others have nothing to show */
export const RECEIPT_STATUSES: readonly number[] = [
  ORDER_STATUS.paid,
  ORDER_STATUS.refundRequested,
  ORDER_STATUS.refunded,
  ORDER_STATUS.refundRejected,
]

const key = (secret: string) => createHmac('sha256', secret).update('order-view-link').digest()
const mac = (secret: string, orderNo: string, userId: number, expiry: number) =>
  createHmac('sha256', key(secret)).update(`${orderNo}\n${userId}\n${expiry}`).digest('base64url')

export function viewLink(secret: string, apiBase: string, orderNo: string, userId: number, nowMs = Date.now()) {
  const expireTime = Math.floor(nowMs / 1000) + VIEW_LINK_SECONDS
  const link = `${userId}.${expireTime}.${mac(secret, orderNo, userId, expireTime)}`
  return { url: `${apiBase}/order/view/${orderNo}/${link}`, expireTime }
}

export type ViewRefusal = 'invalid' | 'expired'

/** The learner the link was made for, or why it is refused. */
export function readViewLink(
  secret: string,
  orderNo: string,
  link: string,
  nowMs = Date.now(),
): { userId: number } | { refused: ViewRefusal } {
  const m = /^(\d{1,10})\.(\d{1,12})\.([\w-]{43})$/.exec(link)
  if (!m) return { refused: 'invalid' }
  const userId = Number(m[1])
  const expiry = Number(m[2])
  const expected = Buffer.from(mac(secret, orderNo, userId, expiry))
  const given = Buffer.from(m[3]!)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { refused: 'invalid' }
  if (expiry * 1000 < nowMs) return { refused: 'expired' }
  return { userId }
}

export const handlers: Handlers = {
  /** A ten-minute link to the receipt of one of the learner's paid orders (receipt-page.ts serves it). */
  'GET /order/getViewSign/:id': async (ctx, { params }) => {
    const { userId } = requireUser(ctx)
    if (params.id > MAX_ID) throw notFound('order')
    const [o] = await ctx.db
      .select({ orderNo: shopOrder.orderNo, status: shopOrder.status })
      .from(shopOrder)
      .where(ctx.scope.where(shopOrder, eq(shopOrder.id, params.id), eq(shopOrder.userId, userId)))
    if (!o) throw notFound('order')
    if (!RECEIPT_STATUSES.includes(o.status)) throw new AppError(409, 'this order has not been paid: it has no receipt')
    return viewLink(ctx.config.secret, ctx.config.apiBase, o.orderNo, userId)
  },
}
