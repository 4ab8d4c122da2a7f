/**
 * The local provider (default; development and tests): its pay page (`GET {apiBase}/pay/local/:payNo/:link`,
 * registered in pay-page.ts) confirms, builds a WeChat-shaped callback body, signs it and posts it through
 * the same `/wx/pay/callback` route and verification as a real callback. Signature: base64 HMAC-SHA256 over
 * `timestamp\nnonce\nbody\n` with a key derived from the server secret; header `wechatpay-serial: LOCAL`.
 *
 * The pay URL it hands out is a signed link bound to the order's learner: `link` =
 * `<userId>.<expiry>.<sig>`, expiry = the order's payment deadline (Unix seconds), sig = base64url
 * HMAC-SHA256 over `orderNo\nuserId\nexpiry` with another key derived from the server secret.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { IncomingHttpHeaders } from 'node:http'
import {
  checkTimestamp,
  header,
  noticeFromTransaction,
  type PaymentNotice,
  type PaymentProvider,
  PaymentVerifyError,
  type PayOrder,
  type PayParams,
} from './types'

export const LOCAL_SERIAL = 'LOCAL'

/** Why a pay link is refused (the page says it in words). */
export type PayLinkRefusal = 'missing' | 'invalid' | 'expired'

const LINK = /^(\d{1,15})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/

export class LocalPaymentProvider implements PaymentProvider {
  readonly name = 'local' as const
  private readonly key: Buffer
  private readonly linkKey: Buffer
  constructor(
    secret: string,
    private readonly apiBase: string,
  ) {
    this.key = createHmac('sha256', secret).update('local-pay-provider').digest()
    this.linkKey = createHmac('sha256', secret).update('local-pay-link').digest()
  }

  async createPayment(order: PayOrder): Promise<PayParams> {
    const link = this.payLink(order.orderNo, order.userId, Math.floor(order.expiresAt.getTime() / 1000))
    return { provider: 'local', payNo: order.orderNo, payUrl: `${this.apiBase}/pay/local/${order.orderNo}/${link}` }
  }

  private linkSig(orderNo: string, userId: number, expiry: number): Buffer {
    return createHmac('sha256', this.linkKey).update(`${orderNo}\n${userId}\n${expiry}`).digest()
  }

  /** The signed path segment of a pay link: `<userId>.<expiry>.<sig>` (expiry in Unix seconds). */
  payLink(orderNo: string, userId: number, expiry: number): string {
    return `${userId}.${expiry}.${this.linkSig(orderNo, userId, expiry).toString('base64url')}`
  }

  /** The learner a pay link of this order was made for, or why it is refused. */
  readLink(
    orderNo: string,
    link: string | undefined,
    now = Date.now(),
  ): { userId: number; expiry: number } | { refused: PayLinkRefusal } {
    if (!link) return { refused: 'missing' }
    const m = LINK.exec(link)
    if (!m) return { refused: 'invalid' }
    const userId = Number(m[1])
    const expiry = Number(m[2])
    // compared as text: base64url decoding ignores the last character's spare bits
    const given = Buffer.from(m[3]!)
    const expected = Buffer.from(this.linkSig(orderNo, userId, expiry).toString('base64url'))
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { refused: 'invalid' }
    if (expiry * 1000 <= now) return { refused: 'expired' }
    return { userId, expiry }
  }

  sign(timestamp: string, nonce: string, body: string): string {
    return createHmac('sha256', this.key).update(`${timestamp}\n${nonce}\n${body}\n`).digest('base64')
  }

  /** A signed callback for a confirmed payment (what the pay page posts). */
  buildCallback(orderNo: string, amount: number, now = Date.now()): { headers: Record<string, string>; body: string } {
    const body = JSON.stringify({
      id: `local-${randomBytes(8).toString('hex')}`,
      event_type: 'TRANSACTION.SUCCESS',
      resource_type: 'plain',
      resource: {
        out_trade_no: orderNo,
        transaction_id: `LOCAL${now}${randomBytes(4).toString('hex')}`,
        trade_state: 'SUCCESS',
        success_time: new Date(now).toISOString(),
        amount: { total: amount, payer_total: amount, currency: 'CNY' },
      },
    })
    const timestamp = String(Math.floor(now / 1000))
    const nonce = randomBytes(16).toString('hex')
    return {
      headers: {
        'content-type': 'application/json',
        'wechatpay-timestamp': timestamp,
        'wechatpay-nonce': nonce,
        'wechatpay-serial': LOCAL_SERIAL,
        'wechatpay-signature': this.sign(timestamp, nonce, body),
      },
      body,
    }
  }

  verifyCallback(headers: IncomingHttpHeaders, rawBody: string): PaymentNotice {
    const ts = header(headers, 'wechatpay-timestamp')
    const nonce = header(headers, 'wechatpay-nonce')
    const signature = header(headers, 'wechatpay-signature')
    if (header(headers, 'wechatpay-serial') !== LOCAL_SERIAL) throw new PaymentVerifyError('unknown serial')
    if (!nonce || !signature) throw new PaymentVerifyError('missing signature headers')
    checkTimestamp(ts)
    const expected = Buffer.from(this.sign(ts, nonce, rawBody), 'base64')
    const given = Buffer.from(signature, 'base64')
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new PaymentVerifyError('bad signature')
    let parsed: { resource?: unknown }
    try {
      parsed = JSON.parse(rawBody)
    } catch {
      throw new PaymentVerifyError('bad body')
    }
    return noticeFromTransaction('local', parsed?.resource)
  }
}
