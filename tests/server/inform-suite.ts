/**
 * Messages (docs/DECISIONS.md "Messages"): the learner's list, detail and mark-read calls (validation, ownership,
 * tenant scope, paging, read state and informSum), every event that writes a message (order paid, refund approved
 * and rejected, invoice issued, booking, the day-before reminder sent once, certificate, identity decision), the
 * staff desk's announcements (every learner of the tenant, none of another; a learner's token is refused) and
 * subscribeSum.
 */
import { and, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ORDER_STATUS } from '../../contract/schemas/codes'
import { REVIEW_STATUS } from '../../contract/schemas/learn-codes'
import type { Database } from '../../server/src/db'
import { appointment, informUser, sysUser, uploadObject } from '../../server/src/db/schema'
import { TenantScope } from '../../server/src/http/core'
import { sweepReminders } from '../../server/src/modules/inform/reminders'
import { notify } from '../../server/src/services/inform'
import { addExam, addSession, book, smallPaperOf } from './exam-helpers'
import { call, type Harness, harness, smsCodeFor } from './helpers'
import { goodsId, localProvider, place, postCallback } from './shop-helpers'

const STAFF = 'staff-token-inform-0123456789'
const HOUR = 3600

type Row = {
  id: number
  kind: string
  title: string
  summary: string
  link: string
  readStatus: number
  createTime: number
}
type List = { rows: Row[]; total: number; unread: number }
type Detail = Row & { content: string; noticeId: number | null }

let phoneSeq = 0

export function informSuite(label: string, open: () => Promise<Database>) {
  describe(`messages (${label})`, () => {
    let h: Harness
    const db = () => h.database.db

    beforeAll(async () => {
      h = await harness(await open(), { staffToken: STAFF })
    })
    afterAll(async () => {
      await h?.close()
    })

    /** A new learner (SMS login of an unknown phone creates the account, with its welcome message). */
    async function learner(tenant: 1001 | 1002 = 1001) {
      const phone = `137${String(Date.now() % 100_000).padStart(5, '0')}${String(++phoneSeq % 1000).padStart(3, '0')}`
      const code = await smsCodeFor(h, 'login', phone, tenant)
      const r = await call<{ token: string }>(h.app, 'POST /app/common/sms_login', {
        tenant,
        body: { telPhone: phone, code, deviceUuid: `device-inform-${phone}` },
      })
      if (r.code !== 200) throw new Error(`login failed: ${r.raw}`)
      const info = await call<{ userId: number }>(h.app, 'GET /app/user/getInfo', { tenant, token: r.data.token })
      return { token: r.data.token, userId: info.data.userId, tenant }
    }
    type Learner = Awaited<ReturnType<typeof learner>>

    const list = (l: Learner, query: Record<string, unknown> = {}) =>
      call<List>(h.app, 'GET /app/informUser/list', { tenant: l.tenant, token: l.token, query })
    const open1 = (l: Learner, id: number) =>
      call<Detail>(h.app, 'GET /app/informUser/:id', { tenant: l.tenant, token: l.token, params: { id } })
    const mark = (l: Learner, body: unknown) =>
      call<{ updated: number; unread: number }>(h.app, 'POST /app/informUser', {
        tenant: l.tenant,
        token: l.token,
        body,
      })
    const informSum = async (l: Learner) =>
      (await call<{ informSum: number }>(h.app, 'GET /app/user/infoAttached', { tenant: l.tenant, token: l.token }))
        .data.informSum
    /** the learner's newest message of a kind */
    const newest = async (l: Learner, kind: string) =>
      (await list(l, { pageSize: 100 })).data.rows.find((r) => r.kind === kind)
    const staff = (
      method: 'GET' | 'POST',
      url: string,
      payload?: unknown,
      o: { tenant?: string; bearer?: string } = {},
    ) =>
      h.app
        .inject({
          method,
          url: `/api/staff/${url}`,
          headers: {
            'tenant-id': o.tenant ?? '1001',
            ...(o.bearer ? { authorization: `Bearer ${o.bearer}` } : { 'x-staff-token': STAFF }),
          },
          ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
        })
        // biome-ignore lint/suspicious/noExplicitAny: staff replies are narrowed by each caller
        .then((r) => JSON.parse(r.body) as { code: number; msg: string; data: any })

    describe('the learner calls', () => {
      it('a new account has its welcome message, unread, counted by informSum', async () => {
        const a = await learner()
        const r = await list(a)
        expect(r.code).toBe(200)
        expect(r.data.total).toBe(1)
        expect(r.data.unread).toBe(1)
        expect(r.data.rows[0]).toMatchObject({
          kind: 'welcome',
          title: '欢迎加入',
          readStatus: 0,
          link: '/pages2/wd/info',
        })
        expect(r.data.rows[0]!.summary).toContain('欢迎注册成为学员')
        expect(await informSum(a)).toBe(1)
      })

      it('refuses bad input and changes nothing', async () => {
        const a = await learner()
        expect((await list(a, { pageSize: 1000 })).code).toBe(400)
        expect((await list(a, { pageNum: 0 })).code).toBe(400)
        expect((await list(a, { readStatus: 2 })).code).toBe(400)
        expect((await open1(a, 'abc' as unknown as number)).code).toBe(400)
        const empty = await mark(a, {})
        expect(empty.code).toBe(400)
        expect(empty.msg).toContain('name the messages to mark read, or all')
        expect((await mark(a, { ids: [] })).code).toBe(400)
        expect((await mark(a, { ids: [1], all: true })).code).toBe(400)
        expect((await mark(a, { all: false })).code).toBe(400)
        expect((await mark(a, { ids: Array.from({ length: 101 }, (_, i) => i + 1) })).code).toBe(400)
        expect((await mark(a, { ids: ['x'] })).code).toBe(400)
        expect(await informSum(a)).toBe(1)
        // without a token: login first
        expect((await call(h.app, 'GET /app/informUser/list')).code).toBe(401)
      })

      it('a learner never reads nor marks another learner’s message, nor one of another tenant', async () => {
        const a = await learner()
        const c = await learner()
        const b = await learner(1002)
        const mine = (await list(a)).data.rows[0]!
        for (const other of [c, b]) {
          const r = await open1(other, mine.id)
          expect(r.code).toBe(404)
          expect(r.msg).toBe('message not found')
          const m = await mark(other, { ids: [mine.id] })
          expect(m.data.updated).toBe(0)
          expect((await list(other)).data.rows.map((x) => x.id)).not.toContain(mine.id)
        }
        // still unread for its owner
        expect((await list(a)).data.unread).toBe(1)
        // a message of another tenant's learner, with the id asked under this tenant
        const bm = (await list(b)).data.rows[0]!
        const cross = await call(h.app, 'GET /app/informUser/:id', {
          tenant: 1001,
          token: a.token,
          params: { id: bm.id },
        })
        expect(cross.code).toBe(404)
      })

      it('pages newest first and filters by read state; opening marks read; read-all clears informSum', async () => {
        const a = await learner()
        const scope = new TenantScope(1001)
        for (let i = 1; i <= 24; i++)
          await notify(db(), scope, a.userId, { kind: 'notice', title: `消息 ${i}`, content: `第 ${i} 条`, link: '' })
        const p1 = await list(a, { pageNum: 1, pageSize: 10 })
        expect(p1.data.total).toBe(25)
        expect(p1.data.rows).toHaveLength(10)
        expect(p1.data.rows[0]!.title).toBe('消息 24')
        const p3 = await list(a, { pageNum: 3, pageSize: 10 })
        expect(p3.data.rows).toHaveLength(5)
        expect(p3.data.rows.at(-1)!.kind).toBe('welcome')
        const ids = new Set(
          [...p1.data.rows, ...(await list(a, { pageNum: 2, pageSize: 10 })).data.rows, ...p3.data.rows].map(
            (r) => r.id,
          ),
        )
        expect(ids.size).toBe(25)
        for (let i = 1; i < p1.data.rows.length; i++)
          expect(p1.data.rows[i - 1]!.createTime).toBeGreaterThanOrEqual(p1.data.rows[i]!.createTime)

        expect(await informSum(a)).toBe(25)
        const d = await open1(a, p1.data.rows[0]!.id)
        expect(d.code).toBe(200)
        expect(d.data).toMatchObject({ title: '消息 24', content: '第 24 条', readStatus: 1, noticeId: null })
        expect(await informSum(a)).toBe(24)
        // opening it again is fine and changes nothing
        expect((await open1(a, p1.data.rows[0]!.id)).data.readStatus).toBe(1)
        expect(await informSum(a)).toBe(24)

        const some = await mark(a, { ids: [p1.data.rows[1]!.id, p1.data.rows[2]!.id, p1.data.rows[0]!.id] })
        expect(some.data).toEqual({ updated: 2, unread: 22 })
        expect((await list(a, { readStatus: 1 })).data.total).toBe(3)
        expect((await list(a, { readStatus: 0 })).data.total).toBe(22)
        const all = await mark(a, { all: true })
        expect(all.data).toEqual({ updated: 22, unread: 0 })
        expect(await informSum(a)).toBe(0)
        expect((await list(a, { readStatus: 0 })).data.rows).toEqual([])
      })
    })

    describe('events write messages', () => {
      it('order paid, then refund approved; another order’s refund rejected with the reason', async () => {
        const a = await learner()
        const paid = async (name: string) => {
          const o = await place(h, a.token, { goodsIds: [await goodsId(h, 1001, name)] })
          expect(o.code).toBe(200)
          await postCallback(h, localProvider().buildCallback(o.data.orderNo, o.data.payPrice))
          return o.data
        }
        const o1 = await paid('特种作业低压电工取证班')
        const m = await newest(a, 'order')
        expect(m).toMatchObject({ title: '订单支付成功', link: '/pages2/order/index?tab=paid', readStatus: 0 })
        expect(m!.summary).toContain(o1.orderNo)
        expect(m!.summary).toContain('特种作业低压电工取证班')
        // a replayed callback writes nothing more
        await postCallback(h, localProvider().buildCallback(o1.orderNo, o1.payPrice))
        expect((await list(a, { pageSize: 100 })).data.rows.filter((r) => r.kind === 'order')).toHaveLength(1)

        expect(
          (
            await call(h.app, 'POST /order/refund', {
              token: a.token,
              body: { orderId: o1.orderId, reason: '不需要了' },
            })
          ).code,
        ).toBe(200)
        expect((await staff('POST', `refunds/${o1.orderId}`, { approve: true })).data.orderStatus).toBe(
          ORDER_STATUS.refunded,
        )
        const approved = await newest(a, 'refund')
        expect(approved).toMatchObject({ title: '退款申请已通过', link: '/pages2/order/index?tab=refund' })
        expect(approved!.summary).toContain(o1.orderNo)

        const o2 = await paid('低压电工作业考试题库')
        await call(h.app, 'POST /order/refund', { token: a.token, body: { orderId: o2.orderId, reason: '买错了' } })
        await staff('POST', `refunds/${o2.orderId}`, { approve: false, reason: '已学习超过30%' })
        const rejected = await newest(a, 'refund')
        expect(rejected!.title).toBe('退款申请未通过')
        const d = await open1(a, rejected!.id)
        expect(d.data.content).toContain('已学习超过30%')
        expect(d.data.content).toContain(o2.orderNo)
      })

      it('invoice issued', async () => {
        const a = await learner()
        const o = await place(h, a.token, { goodsIds: [await goodsId(h, 1001, '安全生产管理人员考试题库')] })
        await postCallback(h, localProvider().buildCallback(o.data.orderNo, o.data.payPrice))
        const inv = await call<{ invoiceId: number }>(h.app, 'POST /order/invoice', {
          token: a.token,
          body: { orderIds: [o.data.orderId], titleType: 1, title: '李四', email: 'ls@example.com' },
        })
        expect(inv.code).toBe(200)
        const open = (await staff('GET', 'invoices')).data as { invoiceId: number; orderIds: number[] }[]
        const row = open.find((r) => r.orderIds.includes(o.data.orderId))!
        expect((await staff('POST', `invoices/${row.invoiceId}/issue`)).code).toBe(200)
        const m = await newest(a, 'invoice')
        expect(m).toMatchObject({ title: '发票已开具', link: '/pages2/invoice/index' })
        expect(m!.summary).toContain('李四')
        expect(m!.summary).toContain('ls@example.com')
      })

      it('a booking writes its message; the day-before reminder is sent once per booking and session', async () => {
        const a = await learner()
        const { paperId } = await smallPaperOf(db(), 1001)
        const e = await addExam(db(), 1001, paperId, {})
        const s = await addSession(db(), 1001, e.id, 3 * 24 * HOUR, 3 * 24 * HOUR + 2 * HOUR)
        const r = await call<{ appointmentId: number }>(h.app, 'POST /apply/save', {
          token: a.token,
          body: { sessionId: s.id },
        })
        expect(r.code).toBe(200)
        const booked = await newest(a, 'exam')
        expect(booked).toMatchObject({
          title: '考试预约成功',
          link: `/pages2/appointment/appointment_success?appointmentId=${r.data.appointmentId}`,
        })
        expect(booked!.summary).toContain(e.name)
        expect(booked!.summary).toContain('测试考点')

        const exams = async () => (await list(a, { pageSize: 100 })).data.rows.filter((x) => x.kind === 'exam')
        // three days ahead: nothing due yet
        await sweepReminders(db())
        expect(await exams()).toHaveLength(1)
        // the day before (the sweep's clock moved on): one reminder, however often the sweep runs
        const dayBefore = new Date(s.startAt.getTime() - 20 * HOUR * 1000)
        expect(await sweepReminders(db(), dayBefore)).toBeGreaterThanOrEqual(1)
        await Promise.all([sweepReminders(db(), dayBefore), sweepReminders(db(), dayBefore)])
        await sweepReminders(db(), new Date(dayBefore.getTime() + HOUR * 1000))
        const after = await exams()
        expect(after).toHaveLength(2)
        expect(after[0]).toMatchObject({
          title: '考试提醒：明天开考',
          link: `/pages2/appointment/appointment_success?appointmentId=${r.data.appointmentId}`,
        })
        // a cancelled booking is not reminded
        const c = await learner()
        const s2 = await addSession(db(), 1001, e.id, 3 * 24 * HOUR, 3 * 24 * HOUR + 2 * HOUR)
        const r2 = await call<{ appointmentId: number }>(h.app, 'POST /apply/save', {
          token: c.token,
          body: { sessionId: s2.id },
        })
        await call(h.app, 'POST /apply/edit', {
          token: c.token,
          body: { appointmentId: r2.data.appointmentId, action: 'cancel' },
        })
        await sweepReminders(db(), new Date(s2.startAt.getTime() - 20 * HOUR * 1000))
        expect((await list(c, { pageSize: 100 })).data.rows.filter((x) => x.title.startsWith('考试提醒'))).toEqual([])
      })

      it('a passed exam with certificates writes the certificate message', async () => {
        const a = await learner()
        const { paperId, questions } = await smallPaperOf(db(), 1001)
        const e = await addExam(db(), 1001, paperId, { certificate: true })
        const start = await call<{ recordId: number }>(h.app, 'POST /bank/exam/simulate', {
          token: a.token,
          body: { examId: e.id },
        })
        expect(start.code).toBe(200)
        const now = Date.now() / 1000
        const sub = await call(h.app, 'POST /exam/record/edit', {
          token: a.token,
          body: {
            recordId: start.data.recordId,
            final: true,
            answers: questions.map((q, i) => ({ questionId: q.id, ques: q.right, answeredAt: now - 5 + i * 0.01 })),
          },
        })
        expect(sub.code).toBe(200)
        const m = await newest(a, 'certificate')
        expect(m).toMatchObject({ title: '证书已颁发', link: `/pages2/exam/exam_result?examId=${e.id}` })
        expect(m!.summary).toContain(e.name)
      })

      it('an identity review decided by staff: rejected with the reason, then approved', async () => {
        const a = await learner()
        const upload = async () => {
          const key = `t1001/u${a.userId}/img/20261122/${Math.random().toString(16).slice(2)}.jpg`
          await db()
            .insert(uploadObject)
            .values({ tenantId: 1001, userId: a.userId, key, size: 2048, mimeType: 'image/jpeg' })
          return `/oss/${key}`
        }
        const submit = async () =>
          call(h.app, 'POST /face/certification/idCardCompareFace', {
            token: a.token,
            body: {
              realName: '王五',
              idCard: '11010119900307459X',
              idCardImageUrl: await upload(),
              faceImageUrl: await upload(),
            },
          })
        expect((await submit()).code).toBe(200)
        await staff('POST', `certifications/${a.userId}`, { approve: false, reason: '照片不清晰' })
        const no = await newest(a, 'identity')
        expect(no).toMatchObject({ title: '实名认证未通过', link: '/pages2/verify/input' })
        expect(no!.summary).toContain('照片不清晰')
        expect((await submit()).code).toBe(200)
        expect((await staff('POST', `certifications/${a.userId}`, { approve: true })).data.status).toBe(
          REVIEW_STATUS.approved,
        )
        expect((await newest(a, 'identity'))!.title).toBe('实名认证已通过')
      })
    })

    describe('announcements', () => {
      it('reach every learner of the tenant once and no one of another tenant; staff accounts get none', async () => {
        const a = await learner()
        const b = await learner(1002)
        const learners1001 = async () =>
          Number(
            (
              await db()
                .select({ n: count() })
                .from(sysUser)
                .where(and(eq(sysUser.tenantId, 1001), eq(sysUser.staffRole, '')))
            )[0]!.n,
          )
        const n = await learners1001()
        const r = await staff('POST', 'notices', {
          title: '  端午放假通知  ',
          content: '6月1日至3日放假，直播课顺延。',
        })
        expect(r.code).toBe(200)
        expect(r.data.recipients).toBe(n)
        const copies = await db()
          .select({ userId: informUser.userId, tenantId: informUser.tenantId })
          .from(informUser)
          .where(eq(informUser.noticeId, r.data.noticeId))
        expect(copies).toHaveLength(n)
        expect(new Set(copies.map((c) => c.userId)).size).toBe(n)
        expect(copies.every((c) => c.tenantId === 1001)).toBe(true)

        const m = await newest(a, 'notice')
        expect(m).toMatchObject({ title: '端午放假通知', link: '', readStatus: 0 })
        const d = await open1(a, m!.id)
        expect(d.data).toMatchObject({ content: '6月1日至3日放假，直播课顺延。', noticeId: r.data.noticeId })
        expect(await newest(b, 'notice')).toBeUndefined()

        // the desk's list: newest first, with how many copies were read; another tenant's desk sees none of it
        const sent = await staff('GET', 'notices')
        expect(sent.data.rows[0]).toMatchObject({
          noticeId: r.data.noticeId,
          title: '端午放假通知',
          recipients: n,
          readCount: 1,
        })
        const other = await staff('GET', 'notices', undefined, { tenant: '1002' })
        expect(other.data.rows.map((x: { noticeId: number }) => x.noticeId)).not.toContain(r.data.noticeId)
      })

      it('refuses empty or too long input, a learner’s token and no credential', async () => {
        const a = await learner()
        const before = (await list(a)).data.total
        expect((await staff('POST', 'notices', { title: ' ', content: 'x' })).code).toBe(400)
        expect((await staff('POST', 'notices', { title: 'x', content: '' })).code).toBe(400)
        expect((await staff('POST', 'notices', { title: 'x'.repeat(201), content: 'x' })).code).toBe(400)
        expect((await staff('POST', 'notices', { title: 'x', content: 'x'.repeat(5001) })).code).toBe(400)
        const learnerToken = await staff('POST', 'notices', { title: '假公告', content: 'x' }, { bearer: a.token })
        expect(learnerToken.code).toBe(403)
        expect((await staff('GET', 'notices', undefined, { bearer: a.token })).code).toBe(403)
        const none = await h.app.inject({
          method: 'POST',
          url: '/api/staff/notices',
          headers: { 'tenant-id': '1001' },
          payload: { title: 'x', content: 'x' },
        })
        expect(JSON.parse(none.body).code).toBe(401)
        expect((await list(a)).data.total).toBe(before)
      })
    })

    describe('subscribeSum', () => {
      it('counts booked exam sittings still to come whose letter is not signed', async () => {
        const a = await learner()
        const attached = async () =>
          (await call<{ subscribeSum: number }>(h.app, 'GET /app/user/infoAttached', { token: a.token })).data
            .subscribeSum
        expect(await attached()).toBe(0)
        const { paperId } = await smallPaperOf(db(), 1001)
        const e1 = await addExam(db(), 1001, paperId, {})
        const e2 = await addExam(db(), 1001, paperId, {})
        const e3 = await addExam(db(), 1001, paperId, {})
        await book(db(), 1001, a.userId, e1.id, (await addSession(db(), 1001, e1.id, 2 * HOUR, 4 * HOUR)).id, false)
        await book(db(), 1001, a.userId, e2.id, (await addSession(db(), 1001, e2.id, 2 * HOUR, 4 * HOUR)).id, true)
        // an ended session asks nothing any more
        await book(db(), 1001, a.userId, e3.id, (await addSession(db(), 1001, e3.id, -4 * HOUR, -2 * HOUR)).id, false)
        expect(await attached()).toBe(1)
        await db()
          .update(appointment)
          .set({ signedAt: new Date() })
          .where(and(eq(appointment.userId, a.userId), eq(appointment.examId, e1.id)))
        expect(await attached()).toBe(0)
      })
    })
  })
}
