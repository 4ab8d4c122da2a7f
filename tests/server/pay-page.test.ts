/**
 * The local provider's pay page is bound to the order's learner by a signed link (orderNo + userId + the
 * order's payment deadline, HMAC with the server secret): unsigned, altered, other-learner and expired links
 * are refused with a 403 page and the order stays unpaid; a good link pays once. With NODE_ENV=production the
 * page is not registered unless PAY_LOCAL_ENABLE=1.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ORDER_STATUS } from '../../contract/schemas/codes'
import { buildApp } from '../../server/src/app'
import { configFromEnv, defaultConfig, paymentStartupLog } from '../../server/src/config'
import { call, freshPglite, type Harness, harness, login, SECRET, smsCodeFor } from './helpers'
import { goodsId, localProvider, orderRow, type Placed, place } from './shop-helpers'

describe('local pay page: signed one-time links', () => {
  let h: Harness
  let tokenA: string
  let tokenA2: string
  let goods: number[]
  beforeAll(async () => {
    h = await harness(await freshPglite())
    tokenA = await login(h, 1001, 'device-pay-a')
    // another learner of the same tenant
    const telPhone = '13700000077'
    const reg = await call<{ token: string }>(h.app, 'POST /app/common/register_small', {
      body: { telPhone, code: await smsCodeFor(h, 'register', telPhone), password: 'Passw0rd' },
    })
    tokenA2 = reg.data.token
    goods = [
      await goodsId(h, 1001, '安全生产管理人员考试题库'),
      await goodsId(h, 1001, '低压电工作业考试题库'),
      await goodsId(h, 1001, '一级建造师四科题库'),
    ]
  })
  afterAll(async () => {
    await h?.close()
  })

  const get = (url: string) => h.app.inject({ method: 'GET', url })
  const confirm = (url: string) =>
    h.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    })
  const placeOne = async (token: string, g: number) => {
    const r = await place(h, token, { goodsIds: [g] })
    expect(r.code).toBe(200)
    return r.data as Placed & { pay: { payUrl: string } }
  }
  const expectUnpaid = async (orderId: number) => {
    const o = await orderRow(h, orderId)
    expect(o.status).toBe(ORDER_STATUS.pending)
    expect(o.paidAt).toBeNull()
  }

  it('refuses a link without signature (page and confirm) and changes nothing', async () => {
    const p = await placeOne(tokenA, goods[0]!)
    for (const res of [
      await get(`/api/pay/local/${p.orderNo}`),
      await confirm(`/api/pay/local/${p.orderNo}/confirm`),
    ]) {
      expect(res.statusCode).toBe(403)
      expect(res.headers['content-type']).toMatch(/text\/html/)
      expect(res.body).toContain('支付链接缺少签名')
      expect(res.body).not.toContain(p.orderNo) // nothing about the order is shown
    }
    await expectUnpaid(p.orderId)
  })

  it('refuses a tampered link (signature, learner, expiry or order number changed)', async () => {
    const p = await placeOne(tokenA, goods[0]!)
    const link = p.pay.payUrl.split('/').pop()!
    const [user, expiry, sig] = link.split('.') as [string, string, string]
    const flip = (c: string) => (c === 'A' ? 'B' : 'A')
    const other = await placeOne(tokenA, goods[1]!)
    const tampered = [
      `${user}.${expiry}.${flip(sig[0]!)}${sig.slice(1)}`,
      `${user}.${expiry}.${sig.slice(0, -1)}${flip(sig.at(-1)!)}`,
      `${Number(user) + 1}.${expiry}.${sig}`,
      `${user}.${Number(expiry) + 3600}.${sig}`,
      `${user}.${expiry}`,
      'garbage',
    ]
    for (const t of tampered) {
      for (const res of [
        await get(`/api/pay/local/${p.orderNo}/${t}`),
        await confirm(`/api/pay/local/${p.orderNo}/${t}/confirm`),
      ]) {
        expect(res.statusCode, t).toBe(403)
        expect(res.body).toContain('支付链接无效')
      }
    }
    // this order's good link on another order
    const moved = await confirm(`/api/pay/local/${other.orderNo}/${link}/confirm`)
    expect(moved.statusCode).toBe(403)
    await expectUnpaid(p.orderId)
    await expectUnpaid(other.orderId)
  })

  it("refuses a link made for another learner of the order (even one signed with the server's key)", async () => {
    const p = await placeOne(tokenA, goods[0]!)
    const mine = await placeOne(tokenA2, goods[0]!)
    const owner = (await orderRow(h, p.orderId)).userId
    const intruder = (await orderRow(h, mine.orderId)).userId
    expect(intruder).not.toBe(owner)
    const expiry = Math.floor((await orderRow(h, p.orderId)).expiresAt.getTime() / 1000)
    const forged = localProvider().payLink(p.orderNo, intruder, expiry)
    const page = await get(`/api/pay/local/${p.orderNo}/${forged}`)
    expect(page.statusCode).toBe(403)
    expect(page.body).toContain('不属于此订单的学员')
    expect((await confirm(`/api/pay/local/${p.orderNo}/${forged}/confirm`)).statusCode).toBe(403)
    // the other learner's own link does not pay this order either
    const theirs = mine.pay.payUrl.split('/').pop()!
    expect((await confirm(`/api/pay/local/${p.orderNo}/${theirs}/confirm`)).statusCode).toBe(403)
    await expectUnpaid(p.orderId)
    await expectUnpaid(mine.orderId)
  })

  it('refuses an expired link', async () => {
    const p = await placeOne(tokenA, goods[0]!)
    const owner = (await orderRow(h, p.orderId)).userId
    const expired = localProvider().payLink(p.orderNo, owner, Math.floor(Date.now() / 1000) - 1)
    for (const res of [
      await get(`/api/pay/local/${p.orderNo}/${expired}`),
      await confirm(`/api/pay/local/${p.orderNo}/${expired}/confirm`),
    ]) {
      expect(res.statusCode).toBe(403)
      expect(res.body).toContain('支付链接已过期')
    }
    await expectUnpaid(p.orderId)
  })

  it('a good link shows the order and pays it once; afterwards it confirms nothing', async () => {
    const p = await placeOne(tokenA, goods[2]!)
    const page = await get(p.pay.payUrl)
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain(p.orderNo)
    expect(page.body).toContain(`action="${p.pay.payUrl}/confirm"`)
    const ok = await confirm(`${p.pay.payUrl}/confirm`)
    expect(ok.statusCode).toBe(303)
    expect(ok.headers.location).toBe(`/pages2/order/confirm_success?orderId=${p.orderId}`)
    const paid = await orderRow(h, p.orderId)
    expect(paid).toMatchObject({ status: ORDER_STATUS.paid, payProvider: 'local' })
    const again = await confirm(`${p.pay.payUrl}/confirm`)
    expect(again.statusCode).toBe(303)
    const after = await orderRow(h, p.orderId)
    expect(after.transactionId).toBe(paid.transactionId)
    expect(after.paidAt).toEqual(paid.paidAt)
    const shown = await get(p.pay.payUrl)
    expect(shown.body).toContain('该订单已支付')
    expect(shown.body).not.toContain('<form')
  })

  it('with NODE_ENV=production the page is not registered unless PAY_LOCAL_ENABLE=1', async () => {
    const p = await placeOne(tokenA, goods[1]!)
    const prod = configFromEnv({ NODE_ENV: 'production' }, SECRET)
    expect(prod.payment).toEqual({ provider: 'local', localPage: false })
    const off = await buildApp({ db: h.database.db, config: prod })
    try {
      expect((await off.inject({ method: 'GET', url: p.pay.payUrl })).statusCode).toBe(404)
      expect((await off.inject({ method: 'POST', url: `${p.pay.payUrl}/confirm` })).statusCode).toBe(404)
    } finally {
      await off.close()
    }
    await expectUnpaid(p.orderId)
    const on = await buildApp({
      db: h.database.db,
      config: configFromEnv({ NODE_ENV: 'production', PAY_LOCAL_ENABLE: '1' }, SECRET),
    })
    try {
      expect((await on.inject({ method: 'GET', url: `/api/pay/local/${p.orderNo}` })).statusCode).toBe(403)
      expect((await on.inject({ method: 'GET', url: p.pay.payUrl })).statusCode).toBe(200)
    } finally {
      await on.close()
    }
    expect(configFromEnv({}, SECRET).payment.localPage).toBe(true)
  })

  it('start-up names the payment provider and warns about the local one in production', () => {
    const dev = paymentStartupLog(defaultConfig(), {})
    expect(dev.info).toMatch(/^payment provider: local \(pay page at \/api\/pay\/local\//)
    expect(dev.warn).toBeUndefined()
    const prodOff = paymentStartupLog(configFromEnv({ NODE_ENV: 'production' }, SECRET), { NODE_ENV: 'production' })
    expect(prodOff.info).toMatch(/local \(pay page not registered\)/)
    expect(prodOff.warn).toMatch(/LOCAL payment provider.*PAY_PROVIDER=wechat/)
    const prodOn = paymentStartupLog(configFromEnv({ NODE_ENV: 'production', PAY_LOCAL_ENABLE: '1' }, SECRET), {
      NODE_ENV: 'production',
    })
    expect(prodOn.warn).toMatch(/without paying/)
  })
})
