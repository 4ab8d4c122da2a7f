/**
 * WeChat Pay APIv3 provider with key pairs generated here (no network): callback signature + AES-256-GCM
 * resource, paySign, request signing, and the callback route paying an order through this provider.
 */
import { createCipheriv, createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/src/app'
import { defaultConfig } from '../../server/src/config'
import type { Database } from '../../server/src/db'
import { shopOrder } from '../../server/src/db/schema'
import { WechatPaymentProvider } from '../../server/src/services/payment'
import type { WechatPayConfig } from '../../server/src/services/payment/wechat'
import { call, captchaFor, DEMO, freshPglite, SECRET } from './helpers'
import { goodsId } from './shop-helpers'

const pem = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  })
const merchant = pem()
const platform = pem()
const apiV3Key = randomBytes(16).toString('hex') // 32 bytes
const cfg: WechatPayConfig = {
  mchId: '1900000001',
  serialNo: 'MERCHANTSERIAL',
  privateKey: merchant.privateKey,
  apiV3Key,
  platformCert: platform.publicKey,
  appIdMp: 'wxminiprogram0001',
  appIdGzh: 'wxofficialacct001',
  notifyUrl: 'https://pay.example.com/api/wx/pay/callback',
}

/** A callback as WeChat sends it: encrypted resource, signed by the platform key. */
function wechatCallback(transaction: object, opts: { key?: string; signer?: string; ts?: number } = {}) {
  const nonce = randomBytes(6).toString('hex') // 12 chars
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(opts.key ?? apiV3Key), Buffer.from(nonce))
  cipher.setAAD(Buffer.from('transaction'))
  const enc = Buffer.concat([cipher.update(JSON.stringify(transaction)), cipher.final(), cipher.getAuthTag()])
  const body = JSON.stringify({
    id: 'EV-2018022511223320873',
    event_type: 'TRANSACTION.SUCCESS',
    resource_type: 'encrypt-resource',
    resource: {
      algorithm: 'AEAD_AES_256_GCM',
      ciphertext: enc.toString('base64'),
      associated_data: 'transaction',
      nonce,
      original_type: 'transaction',
    },
  })
  const timestamp = String(Math.floor((opts.ts ?? Date.now()) / 1000))
  const headerNonce = randomBytes(16).toString('hex')
  const signature = createSign('RSA-SHA256')
    .update(`${timestamp}\n${headerNonce}\n${body}\n`)
    .sign(opts.signer ?? platform.privateKey, 'base64')
  return {
    headers: {
      'content-type': 'application/json',
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': headerNonce,
      'wechatpay-signature': signature,
      'wechatpay-serial': 'PLATFORMSERIAL',
    },
    body,
  }
}

const tx = (orderNo: string, total: number, state = 'SUCCESS') => ({
  out_trade_no: orderNo,
  transaction_id: `4200001234${Date.now()}`,
  trade_state: state,
  amount: { total, payer_total: total, currency: 'CNY' },
})

describe('WeChat Pay provider', () => {
  const provider = new WechatPaymentProvider(cfg, async (_url, init) => {
    // the request to WeChat is signed with the merchant key over METHOD\nPATH\nts\nnonce\nbody\n
    const m = /nonce_str="(\w+)",signature="([^"]+)",timestamp="(\d+)"/.exec(init.headers.authorization!)
    expect(m).not.toBeNull()
    const [, nonce, sig, ts] = m!
    const ok = createVerify('RSA-SHA256')
      .update(`POST\n/v3/pay/transactions/jsapi\n${ts}\n${nonce}\n${init.body}\n`)
      .verify(merchant.publicKey, sig!, 'base64')
    expect(ok).toBe(true)
    expect(JSON.parse(init.body).notify_url).toBe('https://pay.example.com/api/wx/pay/callback?tenantId=1001')
    return { status: 200, text: async () => JSON.stringify({ prepay_id: 'wx201410272009395522657a690389285100' }) }
  })

  it('verifies a signed callback and decrypts its resource', () => {
    const cb = wechatCallback(tx('20250101000000123', 19900))
    expect(provider.verifyCallback(cb.headers, cb.body)).toMatchObject({
      provider: 'wechat',
      orderNo: '20250101000000123',
      amount: 19900,
      success: true,
    })
  })

  it('refuses a tampered body, another signer, a wrong APIv3 key and a stale time stamp', () => {
    const cb = wechatCallback(tx('20250101000000123', 19900))
    expect(() => provider.verifyCallback(cb.headers, cb.body.replace('encrypt-resource', 'encrypt-resourcE'))).toThrow(
      /signature/,
    )
    const other = pem()
    const forged = wechatCallback(tx('20250101000000123', 1), { signer: other.privateKey })
    expect(() => provider.verifyCallback(forged.headers, forged.body)).toThrow(/signature/)
    const wrongKey = wechatCallback(tx('20250101000000123', 1), { key: randomBytes(16).toString('hex') })
    expect(() => provider.verifyCallback(wrongKey.headers, wrongKey.body)).toThrow(/decryption/)
    const stale = wechatCallback(tx('20250101000000123', 1), { ts: Date.now() - 3600_000 })
    expect(() => provider.verifyCallback(stale.headers, stale.body)).toThrow(/stale/)
  })

  it('creates JSAPI pay params whose paySign verifies with the merchant public key', async () => {
    const p = await provider.createPayment({
      tenantId: 1001,
      orderId: 1,
      orderNo: '20250101000000123',
      payPrice: 19900,
      description: '一级建造师四科题库',
      channel: 'small',
      openId: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o',
      userId: 1,
      expiresAt: new Date(Date.now() + 1800_000),
    })
    if (p.provider !== 'wechat') throw new Error('expected wechat params')
    expect(p).toMatchObject({
      appId: cfg.appIdMp,
      signType: 'RSA',
      package: 'prepay_id=wx201410272009395522657a690389285100',
    })
    const ok = createVerify('RSA-SHA256')
      .update(`${p.appId}\n${p.timeStamp}\n${p.nonceStr}\n${p.package}\n`)
      .verify(merchant.publicKey, p.paySign, 'base64')
    expect(ok).toBe(true)
    await expect(
      provider.createPayment({
        tenantId: 1001,
        orderId: 1,
        orderNo: '1',
        payPrice: 1,
        description: 'x',
        channel: 'gzh',
        userId: 1,
        expiresAt: new Date(Date.now() + 1800_000),
      }),
    ).rejects.toThrow(/openId/)
  })

  describe('through the callback route', () => {
    let database: Database
    let app: Awaited<ReturnType<typeof buildApp>>
    beforeAll(async () => {
      database = await freshPglite()
      app = await buildApp({
        db: database.db,
        config: defaultConfig({
          secret: SECRET,
          rateLimit: { max: 1_000_000, loginMax: 1_000_000, smsMax: 1_000_000 },
        }),
        services: { payment: provider },
      })
      await app.ready()
    })
    afterAll(async () => {
      await app?.close()
      await database?.close()
    })

    it('pays an order once; replays and forgeries change nothing', async () => {
      const c = await captchaFor({ app, database } as never, 1001)
      const login = await call<{ token: string }>(app, 'POST /app/common/account_login', {
        body: { account: DEMO[1001].account, password: DEMO[1001].password, code: c.code, uuid: c.uuid },
      })
      const token = login.data.token
      const g = await goodsId({ database } as never, 1001, '一级建造师四科题库')
      const placed = await call<{ orderId: number; orderNo: string; pay: { provider: string; paySign: string } }>(
        app,
        'POST /order/placeSmallOrder',
        { token, body: { goodsIds: [g], idempotencyKey: 'wechat-flow-0001', openId: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' } },
      )
      expect(placed.data.pay.provider).toBe('wechat')
      const post = (cb: { headers: Record<string, string>; body: string }) =>
        app.inject({ method: 'POST', url: '/api/wx/pay/callback?tenantId=1001', headers: cb.headers, payload: cb.body })
      const forged = wechatCallback(tx(placed.data.orderNo, 19900), { signer: pem().privateKey })
      expect((await post(forged)).statusCode).toBe(401)
      const wrongAmount = wechatCallback(tx(placed.data.orderNo, 100))
      expect((await post(wrongAmount)).statusCode).toBe(400)
      const [pending] = await database.db.select().from(shopOrder).where(eq(shopOrder.id, placed.data.orderId))
      expect(pending!.status).toBe(1)
      const good = wechatCallback(tx(placed.data.orderNo, 19900))
      const r1 = await post(good)
      expect(r1.statusCode).toBe(200)
      const [paid] = await database.db.select().from(shopOrder).where(eq(shopOrder.id, placed.data.orderId))
      expect(paid).toMatchObject({ status: 2, payProvider: 'wechat' })
      const r2 = await post(good)
      expect(r2.statusCode).toBe(200)
      expect(JSON.parse(r2.body).data).toEqual({ code: 'SUCCESS', message: '成功' })
      const [after] = await database.db.select().from(shopOrder).where(eq(shopOrder.id, placed.data.orderId))
      expect(after!.paidAt).toEqual(paid!.paidAt)
      const buy = await call<{ bought: boolean }>(app, 'GET /order/check/buy/:id', { token, params: { id: g } })
      expect(buy.data.bought).toBe(true)
      // the local pay page is not served with the WeChat provider
      expect((await app.inject({ method: 'GET', url: `/api/pay/local/${placed.data.orderNo}` })).statusCode).toBe(404)
    })
  })
})
