/**
 * The local provider (default; development and tests): its pay page (`GET {apiBase}/pay/local/:payNo`,
 * registered in pay-page.ts) confirms, builds a WeChat-shaped callback body, signs it and posts it through
 * the same `/wx/pay/callback` route and verification as a real callback. Signature: base64 HMAC-SHA256 over
 * `timestamp\nnonce\nbody\n` with a key derived from the server secret; header `wechatpay-serial: LOCAL`.
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

export class LocalPaymentProvider implements PaymentProvider {
  readonly name = 'local' as const
  private readonly key: Buffer
  constructor(
    secret: string,
    private readonly apiBase: string,
  ) {
    this.key = createHmac('sha256', secret).update('local-pay-provider').digest()
  }

  async createPayment(order: PayOrder): Promise<PayParams> {
    return { provider: 'local', payNo: order.orderNo, payUrl: `${this.apiBase}/pay/local/${order.orderNo}` }
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
