/**
 * WeChat Pay APIv3, JSAPI (mini-program through Taro.requestPayment; H5 inside WeChat through
 * WeixinJSBridge / JSSDK chooseWXPay). node:crypto only:
 * - request signing: RSA-SHA256 (merchant private key) over `METHOD\nURL\ntimestamp\nnonce\nbody\n`;
 * - paySign: RSA-SHA256 over `appId\ntimeStamp\nnonceStr\nprepay_id=...\n`;
 * - callback: RSA-SHA256 signature over `timestamp\nnonce\nbody\n` checked with the platform certificate
 *   (or platform public key), then the `resource` decrypted with AES-256-GCM and the APIv3 key.
 * Env: WECHATPAY_MCHID, WECHATPAY_SERIAL (merchant certificate serial), WECHATPAY_PRIVATE_KEY_PATH,
 * WECHATPAY_APIV3_KEY, WECHATPAY_PLATFORM_CERT_PATH, WECHATPAY_APPID_MP (mini-program), WECHATPAY_APPID_GZH
 * (official account), WECHATPAY_NOTIFY_URL (https://<host>/api/wx/pay/callback).
 */
import {
  createDecipheriv,
  createPublicKey,
  createSign,
  createVerify,
  type KeyObject,
  randomBytes,
  X509Certificate,
} from 'node:crypto'
import fs from 'node:fs'
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

export interface WechatPayConfig {
  mchId: string
  /** merchant certificate serial number */
  serialNo: string
  /** merchant private key, PEM */
  privateKey: string
  /** 32-byte APIv3 key */
  apiV3Key: string
  /** platform certificate (X.509 PEM) or platform public key (PEM) */
  platformCert: string
  appIdMp: string
  appIdGzh: string
  notifyUrl: string
}

type Fetch = (
  url: string,
  init: { method: string; headers: Record<string, string>; body: string },
) => Promise<{
  status: number
  text(): Promise<string>
}>

export function wechatConfigFromEnv(env: NodeJS.ProcessEnv): WechatPayConfig | undefined {
  const need = [
    'WECHATPAY_MCHID',
    'WECHATPAY_SERIAL',
    'WECHATPAY_PRIVATE_KEY_PATH',
    'WECHATPAY_APIV3_KEY',
    'WECHATPAY_PLATFORM_CERT_PATH',
  ]
  if (need.some((k) => !env[k])) return undefined
  return {
    mchId: env.WECHATPAY_MCHID!,
    serialNo: env.WECHATPAY_SERIAL!,
    privateKey: fs.readFileSync(env.WECHATPAY_PRIVATE_KEY_PATH!, 'utf8'),
    apiV3Key: env.WECHATPAY_APIV3_KEY!,
    platformCert: fs.readFileSync(env.WECHATPAY_PLATFORM_CERT_PATH!, 'utf8'),
    appIdMp: env.WECHATPAY_APPID_MP ?? '',
    appIdGzh: env.WECHATPAY_APPID_GZH ?? '',
    notifyUrl: env.WECHATPAY_NOTIFY_URL ?? '',
  }
}

export const rsaSign = (privateKey: string | KeyObject, message: string) =>
  createSign('RSA-SHA256').update(message).sign(privateKey, 'base64')

/** AES-256-GCM as WeChat uses it: base64(ciphertext || 16-byte tag). */
export function decryptResource(apiV3Key: string, r: { ciphertext: string; nonce: string; associated_data?: string }) {
  const data = Buffer.from(r.ciphertext, 'base64')
  if (data.length < 17) throw new PaymentVerifyError('bad ciphertext')
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(r.nonce, 'utf8'))
  decipher.setAuthTag(data.subarray(data.length - 16))
  if (r.associated_data) decipher.setAAD(Buffer.from(r.associated_data, 'utf8'))
  try {
    return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8')
  } catch {
    throw new PaymentVerifyError('resource decryption failed')
  }
}

export class WechatPaymentProvider implements PaymentProvider {
  readonly name = 'wechat' as const
  private readonly platformKey: KeyObject
  private readonly platformSerial: string | undefined

  constructor(
    private readonly cfg: WechatPayConfig,
    private readonly fetchImpl: Fetch = fetch as unknown as Fetch,
  ) {
    if (Buffer.byteLength(cfg.apiV3Key, 'utf8') !== 32) throw new Error('WECHATPAY_APIV3_KEY must be 32 bytes')
    if (cfg.platformCert.includes('BEGIN CERTIFICATE')) {
      const cert = new X509Certificate(cfg.platformCert)
      this.platformKey = cert.publicKey
      this.platformSerial = cert.serialNumber.toUpperCase()
    } else {
      this.platformKey = createPublicKey(cfg.platformCert)
    }
  }

  /** JSAPI pay parameters for Taro.requestPayment / WeixinJSBridge (paySign over the four lines). */
  payParams(appId: string, prepayId: string, orderNo: string, now = Date.now()): PayParams {
    const timeStamp = String(Math.floor(now / 1000))
    const nonceStr = randomBytes(16).toString('hex')
    const pkg = `prepay_id=${prepayId}`
    const paySign = rsaSign(this.cfg.privateKey, `${appId}\n${timeStamp}\n${nonceStr}\n${pkg}\n`)
    return { provider: 'wechat', payNo: orderNo, appId, timeStamp, nonceStr, package: pkg, signType: 'RSA', paySign }
  }

  authorization(method: string, urlPath: string, body: string, now = Date.now()) {
    const timestamp = String(Math.floor(now / 1000))
    const nonce = randomBytes(16).toString('hex')
    const signature = rsaSign(this.cfg.privateKey, `${method}\n${urlPath}\n${timestamp}\n${nonce}\n${body}\n`)
    return `WECHATPAY2-SHA256-RSA2048 mchid="${this.cfg.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${this.cfg.serialNo}"`
  }

  async createPayment(order: PayOrder): Promise<PayParams> {
    if (!order.openId) throw new PaymentVerifyError('openId is required for WeChat Pay')
    const appId = order.channel === 'small' ? this.cfg.appIdMp : this.cfg.appIdGzh
    const urlPath = '/v3/pay/transactions/jsapi'
    const notify = new URL(this.cfg.notifyUrl)
    notify.searchParams.set('tenantId', String(order.tenantId))
    const body = JSON.stringify({
      appid: appId,
      mchid: this.cfg.mchId,
      description: order.description.slice(0, 127),
      out_trade_no: order.orderNo,
      notify_url: notify.toString(),
      amount: { total: order.payPrice, currency: 'CNY' },
      payer: { openid: order.openId },
    })
    const res = await this.fetchImpl(`https://api.mch.weixin.qq.com${urlPath}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        authorization: this.authorization('POST', urlPath, body),
      },
      body,
    })
    const text = await res.text()
    let prepayId: unknown
    try {
      prepayId = (JSON.parse(text) as { prepay_id?: unknown }).prepay_id
    } catch {
      prepayId = undefined
    }
    if (res.status !== 200 || typeof prepayId !== 'string')
      throw new Error(`WeChat Pay jsapi order failed: ${res.status} ${text.slice(0, 200)}`)
    return this.payParams(appId, prepayId, order.orderNo)
  }

  verifyCallback(headers: IncomingHttpHeaders, rawBody: string): PaymentNotice {
    const ts = header(headers, 'wechatpay-timestamp')
    const nonce = header(headers, 'wechatpay-nonce')
    const signature = header(headers, 'wechatpay-signature')
    const serial = header(headers, 'wechatpay-serial').toUpperCase()
    if (!nonce || !signature) throw new PaymentVerifyError('missing signature headers')
    if (this.platformSerial && serial !== this.platformSerial) throw new PaymentVerifyError('unknown serial')
    checkTimestamp(ts)
    const ok = createVerify('RSA-SHA256')
      .update(`${ts}\n${nonce}\n${rawBody}\n`)
      .verify(this.platformKey, signature, 'base64')
    if (!ok) throw new PaymentVerifyError('bad signature')
    let parsed: {
      event_type?: unknown
      resource?: { ciphertext?: unknown; nonce?: unknown; associated_data?: unknown }
    }
    try {
      parsed = JSON.parse(rawBody)
    } catch {
      throw new PaymentVerifyError('bad body')
    }
    const r = parsed?.resource
    if (!r || typeof r.ciphertext !== 'string' || typeof r.nonce !== 'string')
      throw new PaymentVerifyError('missing resource')
    const plain = decryptResource(this.cfg.apiV3Key, {
      ciphertext: r.ciphertext,
      nonce: r.nonce,
      associated_data: typeof r.associated_data === 'string' ? r.associated_data : undefined,
    })
    let transaction: unknown
    try {
      transaction = JSON.parse(plain)
    } catch {
      throw new PaymentVerifyError('bad resource')
    }
    return noticeFromTransaction('wechat', transaction)
  }
}
