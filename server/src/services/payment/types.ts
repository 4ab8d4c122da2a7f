/**
 * Payment behind one interface (docs/DECISIONS.md "Shop / Payment"). A provider creates the parameters the
 * app pays with and verifies the provider's server-to-server callback; the callback handling itself
 * (mark paid, grant entitlements, idempotent) is shared (modules/order/service.ts settlePayment).
 */
import type { IncomingHttpHeaders } from 'node:http'

export interface PayOrder {
  tenantId: number
  orderId: number
  /** out_trade_no */
  orderNo: string
  /** cents */
  payPrice: number
  description: string
  /** 'small' (mini-program) | 'gzh' (H5 / official account) | 'activity' */
  channel: string
  /** WeChat payer openid (JSAPI); the local provider ignores it */
  openId?: string
  /** the learner who placed the order (the local provider binds its pay link to them) */
  userId: number
  /** the order's payment deadline (the local pay link expires with it) */
  expiresAt: Date
}

export type PayParams =
  | { provider: 'local'; payNo: string; payUrl: string }
  | {
      provider: 'wechat'
      payNo: string
      appId: string
      timeStamp: string
      nonceStr: string
      package: string
      signType: 'RSA'
      paySign: string
    }

/** What a verified callback says, provider-neutral. */
export interface PaymentNotice {
  provider: 'local' | 'wechat'
  orderNo: string
  transactionId: string
  /** cents actually paid */
  amount: number
  success: boolean
}

export interface PaymentProvider {
  readonly name: 'local' | 'wechat'
  createPayment(order: PayOrder): Promise<PayParams>
  /** throws PaymentVerifyError when the signature, the time stamp or the body does not check out */
  verifyCallback(headers: IncomingHttpHeaders, rawBody: string): PaymentNotice
}

export class PaymentVerifyError extends Error {}

/** Callbacks older (or newer) than this are refused: a captured callback cannot be replayed much later. */
export const CALLBACK_MAX_SKEW_SECONDS = 300

export const header = (headers: IncomingHttpHeaders, name: string): string => {
  const v = headers[name]
  return (Array.isArray(v) ? v[0] : v) ?? ''
}

export function checkTimestamp(ts: string, now = Date.now()) {
  if (!/^\d{9,11}$/.test(ts)) throw new PaymentVerifyError('bad timestamp')
  if (Math.abs(now / 1000 - Number(ts)) > CALLBACK_MAX_SKEW_SECONDS) throw new PaymentVerifyError('stale timestamp')
}

/** The provider's transaction notice, the fields both providers share (WeChat's decrypted `resource`). */
export function noticeFromTransaction(provider: 'local' | 'wechat', t: unknown): PaymentNotice {
  const o = t as {
    out_trade_no?: unknown
    transaction_id?: unknown
    trade_state?: unknown
    amount?: { total?: unknown; payer_total?: unknown }
  }
  const total = o?.amount?.payer_total ?? o?.amount?.total
  if (
    typeof o?.out_trade_no !== 'string' ||
    typeof o.transaction_id !== 'string' ||
    typeof o.trade_state !== 'string' ||
    typeof total !== 'number' ||
    !Number.isInteger(total)
  )
    throw new PaymentVerifyError('malformed transaction')
  return {
    provider,
    orderNo: o.out_trade_no,
    transactionId: o.transaction_id,
    amount: total,
    success: o.trade_state === 'SUCCESS',
  }
}
