/**
 * The local provider's pay page, outside the contract: `GET {apiBase}/pay/local/:payNo/:link` shows the order
 * (number, goods, amount) with a confirm button and a cancel link; `POST {apiBase}/pay/local/:payNo/:link/confirm`
 * builds a signed callback and posts it through `/wx/pay/callback` (same verification and handling as a
 * real callback), then redirects to the app's `/pages2/order/confirm_success?orderId=...`.
 * `link` is the signed part of the pay URL the server handed to the order's learner (LocalPaymentProvider
 * payLink: learner + payment deadline, HMAC with the server secret): a missing, altered or expired link, or one
 * made for another learner, gets a 403 page and changes nothing. Once the order is paid the link confirms
 * nothing more (it shows the order as paid; a second POST only redirects to the success page).
 * The pay number is the order number (globally unique), so the page finds the order's tenant from it.
 * Development and tests only: not registered with PAY_PROVIDER=wechat, nor with NODE_ENV=production unless
 * PAY_LOCAL_ENABLE=1 (config.payment.localPage).
 */
import { eq } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { ORDER_STATUS } from '../../../../contract/schemas/codes'
import type { AppConfig } from '../../config'
import type { Db } from '../../db'
import { orderItem, shopOrder } from '../../db/schema'
import { TenantScope } from '../../http/core'
import type { LocalPaymentProvider, PayLinkRefusal } from '../../services/payment'

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
const yuan = (cents: number) => `¥${(cents / 100).toFixed(2)}`

const page = (title: string, body: string) => `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title>
<style>body{font-family:sans-serif;background:#f5f6f8;margin:0;padding:24px;color:#222}
.card{background:#fff;border-radius:12px;padding:20px;max-width:420px;margin:0 auto}
h1{font-size:18px;margin:0 0 12px}.amount{font-size:32px;color:#f5222d;margin:12px 0}
li{margin:4px 0}button{width:100%;padding:12px;border:0;border-radius:8px;background:#1677ff;color:#fff;font-size:16px}
a{display:block;text-align:center;margin-top:12px;color:#666}.muted{color:#888;font-size:13px}</style></head>
<body><div class="card">${body}</div></body></html>`

export const SUCCESS_PATH = '/pages2/order/confirm_success'
export const ORDERS_PATH = '/pages2/order/index'

const REFUSED: Record<PayLinkRefusal | 'otherLearner', string> = {
  missing: '支付链接缺少签名',
  invalid: '支付链接无效（签名不符）',
  expired: '支付链接已过期',
  otherLearner: '该支付链接不属于此订单的学员',
}

const refusedPage = (why: PayLinkRefusal | 'otherLearner') =>
  page(
    '无法支付',
    `<h1>${REFUSED[why]}</h1><p>请回到 App 的“我的订单”重新发起支付。</p><a href="${ORDERS_PATH}">返回我的订单</a>`,
  )

export async function registerLocalPayPage(
  root: FastifyInstance,
  db: Db,
  config: AppConfig,
  provider: LocalPaymentProvider,
) {
  if (config.payment.localPage === false) {
    root.log.warn('local pay page not registered (NODE_ENV=production without PAY_LOCAL_ENABLE=1)')
    return
  }
  await root.register(async (app) => {
    // the confirm button posts an empty form
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
    )
    type Params = { payNo: string; link?: string }
    /** The order a valid link of its own learner names; otherwise the refusal page is sent. */
    const orderOf = async (params: Params, reply: FastifyReply) => {
      reply.type('text/html; charset=utf-8')
      const { payNo, link } = params
      if (!/^\d{10,32}$/.test(payNo)) {
        reply.code(404).send(page('支付', '<h1>订单不存在</h1>'))
        return undefined
      }
      const signed = provider.readLink(payNo, link)
      if ('refused' in signed) {
        reply.code(403).send(refusedPage(signed.refused))
        return undefined
      }
      // system lookup by the globally unique pay number; everything after it goes through the tenant scope
      const [o] = await db.select().from(shopOrder).where(eq(shopOrder.orderNo, payNo))
      if (!o) {
        reply.code(404).send(page('支付', '<h1>订单不存在</h1>'))
        return undefined
      }
      if (o.userId !== signed.userId) {
        reply.code(403).send(refusedPage('otherLearner'))
        return undefined
      }
      return { o, link: link! }
    }
    const base = `${config.apiBase}/pay/local/:payNo`
    const unsigned = async (_req: FastifyRequest, reply: FastifyReply) =>
      reply.code(403).type('text/html; charset=utf-8').send(refusedPage('missing'))
    app.get(base, unsigned)
    app.post(`${base}/confirm`, unsigned)

    app.get(`${base}/:link`, async (req, reply) => {
      const found = await orderOf(req.params as Params, reply)
      if (!found) return reply
      const { o, link } = found
      const scope = new TenantScope(o.tenantId)
      const items = await db
        .select({ goodsName: orderItem.goodsName, price: orderItem.price })
        .from(orderItem)
        .where(scope.where(orderItem, eq(orderItem.orderId, o.id)))
      const list = items.map((i) => `<li>${esc(i.goodsName)} <span class="muted">${yuan(i.price)}</span></li>`).join('')
      const head = `<h1>本地支付（开发环境）</h1><div class="muted">订单号 ${esc(o.orderNo)}</div><ul>${list}</ul><div class="amount">${yuan(o.payPrice)}</div>`
      if (o.status !== ORDER_STATUS.pending || o.expiresAt < new Date()) {
        const why = o.paidAt ? '该订单已支付' : '该订单已关闭或已取消'
        return page('支付', `${head}<p>${why}</p><a href="${ORDERS_PATH}">返回我的订单</a>`)
      }
      return page(
        '确认支付',
        `${head}<form method="post" action="${esc(`${config.apiBase}/pay/local/${o.orderNo}/${link}/confirm`)}"><button type="submit">确认支付</button></form><a href="${ORDERS_PATH}">取消</a>`,
      )
    })

    app.post(`${base}/:link/confirm`, async (req, reply) => {
      const found = await orderOf(req.params as Params, reply)
      if (!found) return reply
      const { o } = found
      // paid already (a second tap, the back button): nothing is confirmed again
      if (!o.paidAt) {
        if (o.status !== ORDER_STATUS.pending || o.expiresAt < new Date())
          return reply
            .code(400)
            .send(page('支付', `<h1>该订单已关闭或已取消</h1><a href="${ORDERS_PATH}">返回我的订单</a>`))
        const cb = provider.buildCallback(o.orderNo, o.payPrice)
        const res = await root.inject({
          method: 'POST',
          url: `${config.apiBase}/wx/pay/callback?tenantId=${o.tenantId}`,
          headers: cb.headers,
          payload: cb.body,
        })
        if (res.statusCode !== 200) {
          req.log.warn({ status: res.statusCode, body: res.body }, 'local payment callback failed')
          return reply.code(502).send(page('支付', '<h1>支付失败，请重试</h1>'))
        }
      }
      return reply.redirect(`${SUCCESS_PATH}?orderId=${o.id}`, 303)
    })
  })
}
