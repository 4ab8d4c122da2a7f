/** Order states (contract/schemas/codes.ts ORDER_STATUS) as the My-orders page shows and acts on them. */

import type { Invoice, Order } from '@/features/shop/api'
import type { MessageKey } from '@/i18n/sub'
import { INVOICE_STATUS, ORDER_STATUS } from '../../../../contract/schemas/codes'

export type OrderTabKey = 'all' | 'pending' | 'paid' | 'refund' | 'cancelled' | 'closed'

/**
 * The tabs. 'refund' reads /order/refund/list (requested, refunded, rejected); the others filter
 * /order/list by one status (the server filters one status at a time, so cancelled and closed are two tabs).
 */
export const ORDER_TABS: readonly { key: OrderTabKey; label: MessageKey; status?: number }[] = [
  { key: 'all', label: 'order.tab.all' },
  { key: 'pending', label: 'order.tab.pending', status: ORDER_STATUS.pending },
  { key: 'paid', label: 'order.tab.paid', status: ORDER_STATUS.paid },
  { key: 'refund', label: 'order.tab.refund' },
  { key: 'cancelled', label: 'order.status.3', status: ORDER_STATUS.cancelled },
  { key: 'closed', label: 'order.tab.closed', status: ORDER_STATUS.closed },
]

/** An order's own page (status, goods, money, times, invoice and refund, every action). */
export const orderDetailUrl = (orderId: number) => `/pages2/order/detail?orderId=${orderId}`

export function orderStatusKey(status: number): MessageKey {
  return status >= 1 && status <= 7 ? (`order.status.${status}` as MessageKey) : 'order.status.unknown'
}

export function invoiceStatusKey(status: number): MessageKey {
  return status >= 0 && status <= 2 ? (`order.invoice.status.${status}` as MessageKey) : 'order.status.unknown'
}

/** Money actually taken (paid, or paid and then in a refund) is 实付; an order never paid shows what is due (应付). */
export function payLabelKey(status: number): MessageKey {
  const paid =
    status === ORDER_STATUS.paid ||
    status === ORDER_STATUS.refundRequested ||
    status === ORDER_STATUS.refunded ||
    status === ORDER_STATUS.refundRejected
  return paid ? 'order.list.payPrice' : 'order.list.duePrice'
}

export interface OrderActions {
  pay: boolean
  cancel: boolean
  /** the server refuses refunds of free orders and of invoiced orders (cancel the invoice first) */
  refund: boolean
  invoice: boolean
  /** the order is on an invoice: what it says follows the invoice (requested / issued) */
  invoiced: MessageKey | null
}

export function orderActions(o: Pick<Order, 'orderStatus' | 'payPrice' | 'invoiceId' | 'invoiceStatus'>): OrderActions {
  const pending = o.orderStatus === ORDER_STATUS.pending
  const paid = o.orderStatus === ORDER_STATUS.paid
  // the server invoices paid and refund-rejected orders with something paid and no invoice yet
  const invoiceable = paid || o.orderStatus === ORDER_STATUS.refundRejected
  const charged = o.payPrice > 0
  return {
    pay: pending,
    cancel: pending,
    refund: paid && charged && o.invoiceId === null,
    invoice: invoiceable && charged && o.invoiceId === null,
    invoiced:
      invoiceable && o.invoiceId !== null
        ? o.invoiceStatus === INVOICE_STATUS.issued
          ? 'order.action.invoiced'
          : 'order.action.invoicing'
        : null,
  }
}

export function canCancelInvoice(inv: Pick<Invoice, 'invoiceStatus'>): boolean {
  return inv.invoiceStatus === INVOICE_STATUS.requested
}

/** Seconds left -> 'mm:ss' (or 'h:mm:ss'); never negative. */
export function formatLeft(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds))
  const h = Math.floor(s / 3600)
  const m = Math.floor((s % 3600) / 60)
  const sec = s % 60
  const mm = String(m).padStart(2, '0')
  const ss = String(sec).padStart(2, '0')
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`
}

/** '1,2,x' -> [1, 2] (positive integers only, no duplicates). */
export function parseIds(v: string | undefined): number[] {
  if (!v) return []
  const out: number[] = []
  let text = v
  try {
    text = decodeURIComponent(v)
  } catch {
    // already plain
  }
  for (const part of text.split(',')) {
    const n = Number(part.trim())
    if (Number.isInteger(n) && n > 0 && !out.includes(n)) out.push(n)
  }
  return out
}
