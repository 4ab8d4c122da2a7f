/**
 * The order's receipt as an HTML page (issue 17; docs/DECISIONS.md "Account extras"), outside the contract (a page,
 * not a JSON call): `GET {apiBase}/order/view/:orderNo/:link`, for the signed link `/order/getViewSign/:id` made
 * (receipt.ts). 403 page for a missing, altered, expired or foreign link.
 */
import { eq } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { INVOICE_STATUS, ORDER_STATUS } from '../../../../contract/schemas/codes'
import { maskPhone } from '../../../../shared/rules/phone'
import type { AppConfig } from '../../config'
import type { Db } from '../../db'
import { invoice, orderItem, shopOrder, sysUser } from '../../db/schema'
import { TenantScope } from '../../http/core'
import { brandOf } from '../common'
import { RECEIPT_STATUSES, readViewLink } from './receipt'

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
const yuan = (cents: number) => `¥${(cents / 100).toFixed(2)}`
const when = (d: Date | null) =>
  d
    ? new Intl.DateTimeFormat('zh-CN', {
        timeZone: 'Asia/Shanghai',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hour12: false,
      }).format(d)
    : '—'

const page = (title: string, body: string) => `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${esc(title)}</title>
<style>body{font-family:sans-serif;background:#f5f6f8;margin:0;padding:24px;color:#222}
.card{background:#fff;border-radius:12px;padding:20px;max-width:480px;margin:0 auto}
h1{font-size:18px;margin:0 0 4px}.school{color:#666;margin-bottom:16px}
table{width:100%;border-collapse:collapse;table-layout:fixed;font-size:14px}td{padding:6px 0;border-bottom:1px solid #eee;vertical-align:top}td:first-child{width:42%;padding-right:8px}
td:last-child{text-align:right;overflow-wrap:anywhere}.amount{font-size:28px;color:#f5222d;margin:12px 0}
.stamp{display:inline-block;border:2px solid #f5222d;color:#f5222d;border-radius:6px;padding:2px 8px;font-weight:bold}
.muted{color:#888;font-size:12px;margin-top:16px}</style></head>
<body><div class="card">${body}</div></body></html>`

const STATUS_TEXT: Record<number, string> = {
  [ORDER_STATUS.paid]: '已支付',
  [ORDER_STATUS.refundRequested]: '已支付（退款申请中）',
  [ORDER_STATUS.refunded]: '已退款',
  [ORDER_STATUS.refundRejected]: '已支付（退款未通过）',
}
const INVOICE_TEXT: Record<number, string> = {
  [INVOICE_STATUS.requested]: '发票申请中',
  [INVOICE_STATUS.issued]: '已开票',
}
const PROVIDER_TEXT: Record<string, string> = {
  wechat: '微信支付',
  local: '本地支付（开发环境）',
  free: '免费（无需支付）',
}

const REFUSED = {
  invalid: '凭证链接无效（签名不符）',
  expired: '凭证链接已过期',
  otherLearner: '该凭证链接不属于此订单的学员',
} as const

const refusedPage = (why: keyof typeof REFUSED) =>
  page('无法查看凭证', `<h1>${REFUSED[why]}</h1><p>请回到 App 的“我的订单”重新点击“查看凭证”。</p>`)

export async function registerReceiptPage(root: FastifyInstance, db: Db, config: AppConfig) {
  const orderMissing = (reply: FastifyReply) =>
    reply.code(404).type('text/html; charset=utf-8').send(page('订单凭证', '<h1>订单不存在</h1>'))

  root.get(`${config.apiBase}/order/view/:orderNo`, async (_req, reply) =>
    reply.code(403).type('text/html; charset=utf-8').send(refusedPage('invalid')),
  )

  root.get(`${config.apiBase}/order/view/:orderNo/:link`, async (req, reply) => {
    const { orderNo, link } = req.params as { orderNo: string; link: string }
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer')
    if (!/^\d{10,32}$/.test(orderNo)) return orderMissing(reply)
    const signed = readViewLink(config.secret, orderNo, link)
    if ('refused' in signed) return reply.code(403).type('text/html; charset=utf-8').send(refusedPage(signed.refused))
    // system lookup by the globally unique order number; everything after it goes through the order's tenant
    const [o] = await db.select().from(shopOrder).where(eq(shopOrder.orderNo, orderNo))
    if (!o) return orderMissing(reply)
    if (o.userId !== signed.userId)
      return reply.code(403).type('text/html; charset=utf-8').send(refusedPage('otherLearner'))
    const scope = new TenantScope(o.tenantId)
    const [items, school, [inv], [u]] = await Promise.all([
      db
        .select({ goodsName: orderItem.goodsName, price: orderItem.price })
        .from(orderItem)
        .where(scope.where(orderItem, eq(orderItem.orderId, o.id))),
      // the school's name as the app shows it (its brand)
      brandOf({ db, scope }),
      o.invoiceId
        ? db
            .select({ status: invoice.status, title: invoice.title })
            .from(invoice)
            .where(scope.where(invoice, eq(invoice.id, o.invoiceId)))
        : Promise.resolve([]),
      db
        .select({ realName: sysUser.realName, telPhone: sysUser.telPhone })
        .from(sysUser)
        .where(scope.where(sysUser, eq(sysUser.id, o.userId))),
    ])
    reply.type('text/html; charset=utf-8')
    const head = `<h1>订单凭证</h1><div class="school">${esc(school.name)}</div>`
    if (!RECEIPT_STATUSES.includes(o.status))
      return page(
        '订单凭证',
        `${head}<p>该订单未支付，没有支付凭证。</p><div class="muted">订单号 ${esc(o.orderNo)}</div>`,
      )
    const rows: [string, string][] = [
      ['订单号', o.orderNo],
      ['学员', [u?.realName, maskPhone(u?.telPhone ?? '')].filter(Boolean).join(' ')],
      ...items.map((i): [string, string] => [i.goodsName, yuan(i.price)]),
      ['订单金额', yuan(o.totalPrice)],
      ['支付方式', PROVIDER_TEXT[o.payProvider ?? ''] ?? (o.payProvider || '—')],
      ['交易单号', o.transactionId ?? '—'],
      ['下单时间', when(o.createdAt)],
      ['支付时间', when(o.paidAt)],
      ...(o.refundHandledAt && o.status === ORDER_STATUS.refunded
        ? [['退款时间', when(o.refundHandledAt)] as [string, string]]
        : []),
      ...(inv && INVOICE_TEXT[inv.status]
        ? [['发票', `${INVOICE_TEXT[inv.status]} · ${inv.title}`] as [string, string]]
        : []),
    ]
    const table = rows.map(([k, v]) => `<tr><td>${esc(k)}</td><td>${esc(v)}</td></tr>`).join('')
    return page(
      '订单凭证',
      `${head}<span class="stamp">${esc(STATUS_TEXT[o.status] ?? '')}</span><div class="amount">${yuan(o.payPrice)}</div><table>${table}</table><div class="muted">本凭证仅证明上述订单的支付情况，不作为发票使用。</div>`,
    )
  })
}
