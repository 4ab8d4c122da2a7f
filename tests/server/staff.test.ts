/**
 * The staff desk: only with the staff token and for the tenant named; approving a refund revokes what was
 * bought, rejecting keeps it; an issued invoice can no longer be withdrawn by the learner.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ORDER_STATUS } from '../../contract/schemas/codes'
import { REVIEW_STATUS } from '../../contract/schemas/learn-codes'
import { bankRecord, certificate, exam, photoLog, uploadObject } from '../../server/src/db/schema'
import { call, freshPglite, type Harness, harness, login } from './helpers'
import { goodsId, localProvider, place, postCallback } from './shop-helpers'

const STAFF = 'staff-token-0123456789abcdef'

describe('staff desk', () => {
  let h: Harness
  let token: string
  const staff = (
    method: 'GET' | 'POST',
    url: string,
    payload?: unknown,
    opts: { token?: string; tenant?: string } = {},
  ) =>
    h.app.inject({
      method,
      url: `/api/staff/${url}`,
      headers: { 'x-staff-token': opts.token ?? STAFF, 'tenant-id': opts.tenant ?? '1001' },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    })
  const body = <T = { orderStatus: number; invoiceStatus: number }>(r: { body: string }) =>
    JSON.parse(r.body) as { code: number; msg: string; data: T }
  const bought = async (id: number) =>
    (await call<{ bought: boolean }>(h.app, 'GET /order/check/buy/:id', { token, params: { id } })).data.bought

  /** A paid order for one goods, then a refund request on it. */
  async function refundRequested(name: string) {
    const id = await goodsId(h, 1001, name)
    const o = await place(h, token, { goodsIds: [id] })
    await postCallback(h, localProvider().buildCallback(o.data.orderNo, o.data.payPrice))
    expect(await bought(id)).toBe(true)
    const r = await call(h.app, 'POST /order/refund', { token, body: { orderId: o.data.orderId, reason: '重复购买' } })
    expect(r.code).toBe(200)
    return { goods: id, orderId: o.data.orderId }
  }

  beforeAll(async () => {
    h = await harness(await freshPglite(), { staffToken: STAFF })
    token = await login(h, 1001, 'device-staff-1')
  })
  afterAll(async () => h?.close())

  it('refuses a missing or wrong staff token, and an unknown tenant', async () => {
    expect(body(await staff('GET', 'refunds', undefined, { token: 'nope' })).code).toBe(401)
    expect(
      (await h.app.inject({ method: 'GET', url: '/api/staff/refunds', headers: { 'tenant-id': '1001' } })).statusCode,
    ).toBe(401)
    expect(body(await staff('GET', 'refunds', undefined, { tenant: '9999' })).code).toBe(404)
  })

  it('lists open refund requests and approves one: the learner loses the goods', async () => {
    const a = await refundRequested('特种作业低压电工取证班')
    const list = body<{ orderId: number }[]>(await staff('GET', 'refunds'))
    expect(list.data.map((r) => r.orderId)).toContain(a.orderId)
    // another tenant's staff neither sees nor decides it
    expect(body(await staff('GET', 'refunds', undefined, { tenant: '1002' })).data).toEqual([])
    expect(body(await staff('POST', `refunds/${a.orderId}`, { approve: true }, { tenant: '1002' })).code).toBe(400)
    const r = body(await staff('POST', `refunds/${a.orderId}`, { approve: true }))
    expect(r.data).toEqual({ orderId: a.orderId, orderStatus: ORDER_STATUS.refunded })
    expect(await bought(a.goods)).toBe(false)
    expect(body(await staff('POST', `refunds/${a.orderId}`, { approve: true })).code).toBe(400)
  })

  it('rejects a refund with a reason: the learner keeps the goods', async () => {
    const a = await refundRequested('低压电工作业考试题库')
    expect(body(await staff('POST', `refunds/${a.orderId}`, { approve: 'yes' })).code).toBe(400)
    const r = body(await staff('POST', `refunds/${a.orderId}`, { approve: false, reason: '已学习超过30%' }))
    expect(r.data.orderStatus).toBe(ORDER_STATUS.refundRejected)
    expect(await bought(a.goods)).toBe(true)
  })

  it('issues a requested invoice, after which the learner cannot withdraw it', async () => {
    const id = await goodsId(h, 1001, '安全生产管理人员考试题库')
    const o = await place(h, token, { goodsIds: [id] })
    await postCallback(h, localProvider().buildCallback(o.data.orderNo, o.data.payPrice))
    const inv = await call<{ invoiceId: number }>(h.app, 'POST /order/invoice', {
      token,
      body: { orderIds: [o.data.orderId], titleType: 1, title: '张三', email: 'zs@example.com' },
    })
    expect(inv.code).toBe(200)
    const open = body<{ invoiceId: number; amount: number; orderIds: number[] }[]>(await staff('GET', 'invoices'))
    const row = open.data.find((r) => r.orderIds.includes(o.data.orderId))!
    expect(row.amount).toBe(o.data.payPrice)
    expect(body(await staff('POST', `invoices/${row.invoiceId}/issue`)).data.invoiceStatus).toBe(1)
    expect(body(await staff('POST', `invoices/${row.invoiceId}/issue`)).code).toBe(400)
    const cancel = await call(h.app, 'POST /order/invoice/cancel', { token, body: { invoiceId: row.invoiceId } })
    expect(cancel.code).toBe(400)
    expect(cancel.msg).toMatch(/issued/)
  })

  it('reviews identity certifications by hand: approval certifies and fills the account, nothing else is decided twice', async () => {
    const info = await call<{ userId: number; certStatus: number }>(h.app, 'GET /app/user/getInfo', { token })
    const userId = info.data.userId
    const upload = async () => {
      const key = `t1001/u${userId}/img/20261122/${Math.random().toString(16).slice(2)}.jpg`
      await h.database.db
        .insert(uploadObject)
        .values({ tenantId: 1001, userId, key, size: 2048, mimeType: 'image/jpeg' })
      return `/oss/${key}`
    }
    const submitted = await call(h.app, 'POST /face/certification/idCardCompareFace', {
      token,
      body: {
        realName: '张三',
        idCard: '11010119900307459X',
        idCardImageUrl: await upload(),
        faceImageUrl: await upload(),
      },
    })
    expect(submitted.code).toBe(200)
    expect(info.data.certStatus).toBe(REVIEW_STATUS.none)
    const list = body<{ userId: number; idCard: string }[]>(await staff('GET', 'certifications'))
    expect(list.data).toEqual([expect.objectContaining({ userId, idCard: '11010119900307459X' })])
    expect(body(await staff('GET', 'certifications', undefined, { tenant: '1002' })).data).toEqual([])
    expect(body(await staff('POST', `certifications/${userId}`, { approve: true }, { tenant: '1002' })).code).toBe(400)
    expect(body(await staff('POST', `certifications/${userId}`, { approve: true })).data).toEqual({
      userId,
      status: REVIEW_STATUS.approved,
    })
    const after = await call<{ certStatus: number; realName: string; idCard: string }>(h.app, 'GET /app/user/getInfo', {
      token,
    })
    expect(after.data).toMatchObject({
      certStatus: REVIEW_STATUS.approved,
      realName: '张三',
      idCard: '1101**********459X',
    })
    expect(body(await staff('POST', `certifications/${userId}`, { approve: false })).code).toBe(400)
    expect(body(await staff('GET', 'certifications')).data).toEqual([])
  })

  it('reviews study photos: pending ones are listed oldest first and decided once', async () => {
    const info = await call<{ userId: number }>(h.app, 'GET /app/user/getInfo', { token })
    const [photo] = await h.database.db
      .insert(photoLog)
      .values({ tenantId: 1001, userId: info.data.userId, scene: 'start', imageUrl: '/oss/t1001/u1/img/x.jpg' })
      .returning({ id: photoLog.id })
    const list = body<{ photoId: number }[]>(await staff('GET', 'photos'))
    expect(list.data.map((p) => p.photoId)).toContain(photo!.id)
    expect(body(await staff('POST', `photos/${photo!.id}`, { approve: false }, { tenant: '1002' })).code).toBe(400)
    expect(body(await staff('POST', `photos/${photo!.id}`, { approve: false })).data).toEqual({
      photoId: photo!.id,
      reviewStatus: REVIEW_STATUS.rejected,
    })
    expect(body(await staff('POST', `photos/${photo!.id}`, { approve: true })).code).toBe(400)
  })

  it('lists certificates and revokes one: its public verification then says it is revoked', async () => {
    const info = await call<{ userId: number }>(h.app, 'GET /app/user/getInfo', { token })
    const db = h.database.db
    const [e] = await db.select().from(exam).where(eq(exam.tenantId, 1001)).limit(1)
    const [rec] = await db
      .insert(bankRecord)
      .values({
        tenantId: 1001,
        userId: info.data.userId,
        mode: 'test',
        scope: 'exam',
        scopeKey: `exam:${e!.id}:staff-test`,
        questionIds: [],
        examId: e!.id,
        submittedAt: new Date(),
      })
      .returning({ id: bankRecord.id })
    await db.insert(certificate).values({
      tenantId: 1001,
      userId: info.data.userId,
      examId: e!.id,
      recordId: rec!.id,
      serial: 'STAFFTEST2345678',
      realName: '张三',
      examName: e!.name,
      score: 90,
      passScore: 60,
    })
    const list = body<{ serial: string; revokedAt: string | null }[]>(await staff('GET', 'certificates'))
    expect(list.data.find((c) => c.serial === 'STAFFTEST2345678')?.revokedAt).toBeNull()
    // another tenant's desk cannot touch it
    expect(body(await staff('POST', 'certificates/STAFFTEST2345678/revoke', {}, { tenant: '1002' })).code).toBe(400)
    expect(body(await staff('POST', 'certificates/STAFFTEST2345678/revoke', {})).code).toBe(200)
    expect(body(await staff('POST', 'certificates/STAFFTEST2345678/revoke', {})).code).toBe(400)
    const verify = await h.app.inject({ method: 'GET', url: '/api/certificate/verify/STAFFTEST2345678' })
    expect(JSON.parse(verify.body)).toMatchObject({ valid: false, serial: 'STAFFTEST2345678' })
  })
})
