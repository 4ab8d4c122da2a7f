/**
 * Shop: catalogue, cart, orders (server totals, idempotency, states), local payment callback (verification,
 * replay), entitlements, refunds, invoices and tenant isolation.
 */
import { and, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ORDER_STATUS } from '../../contract/schemas/codes'
import type { Database } from '../../server/src/db'
import { toInt } from '../../server/src/db'
import { cart, shopOrder, userGoods } from '../../server/src/db/schema'
import { closeExpiredOrders, decideRefund, issueInvoice } from '../../server/src/modules/order/service'
import { call, type Harness, harness, login } from './helpers'
import { goodsId, key, localProvider, orderRow, type Placed, place, postCallback } from './shop-helpers'

export function shopSuite(label: string, open: () => Promise<Database>) {
  describe(`shop (${label})`, () => {
    let h: Harness
    let tokenA: string
    let tokenB: string
    const id: Record<string, number> = {}
    beforeAll(async () => {
      h = await harness(await open())
      tokenA = await login(h, 1001, 'device-shop-a')
      tokenB = await login(h, 1002, 'device-shop-b')
      const names: Record<string, string> = {
        aqFull: '2025安全生产管理人员全程班',
        aqBank: '安全生产管理人员考试题库',
        tzDg: '特种作业低压电工取证班',
        tzBank: '低压电工作业考试题库',
        yjJj: '一级建造师《建设工程经济》精讲班',
        yjSw: '一级建造师《建筑工程管理与实务》精讲班',
        yjBank: '一级建造师四科题库',
        yjLive: '一级建造师考前冲刺直播班',
        ejSw: '二级建造师《建筑工程实务》精讲班',
        xfLive: '消防设施操作员（初级）直播班',
        aqFree: '安全生产法律法规公开课',
        yjPkg: '一级建造师全科通关套餐',
        aqJx: '安全员继续教育（2025年度必修）',
        ckMath: '成人高考专升本《高等数学（二）》',
      }
      for (const [k, n] of Object.entries(names)) id[k] = await goodsId(h, 1001, n)
    })
    afterAll(async () => {
      await h?.close()
    })

    const entitled = async (goods: number, token = tokenA, tenant = 1001) =>
      (await call<{ bought: boolean }>(h.app, 'GET /order/check/buy/:id', { tenant, token, params: { id: goods } }))
        .data.bought

    /** Pays a pending order through the local pay page (GET page, POST confirm). */
    const payLocal = async (p: Placed) => {
      const page = await h.app.inject({ method: 'GET', url: p.pay!.payUrl! })
      expect(page.statusCode).toBe(200)
      expect(page.body).toContain(p.orderNo)
      const confirm = await h.app.inject({
        method: 'POST',
        url: `${p.pay!.payUrl}/confirm`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      })
      expect(confirm.statusCode).toBe(303)
      expect(confirm.headers.location).toBe(`/pages2/order/confirm_success?orderId=${p.orderId}`)
    }

    describe('catalogue', () => {
      it('lists education types, businesses, subjects (status filter, projectList) per tenant', async () => {
        const types = await call<{ educationTypeId: number; educationName: string }[]>(
          h.app,
          'GET /app/common/course/educationType/list',
        )
        expect(types.data.map((t) => t.educationName)).toEqual(['职业资格', '继续教育', '学历提升'])
        const biz = await call<{ businessId: number; businessName: string }[]>(
          h.app,
          'GET /app/common/course/business/list',
          { query: { educationTypeId: types.data[0]!.educationTypeId } },
        )
        expect(biz.data.map((b) => b.businessName)).toContain('一级建造师')
        const subjects = await call<{ subjectName: string; projectList: number[] }[]>(
          h.app,
          'GET /app/common/course/subject/list',
          { query: { status: 1 } },
        )
        expect(subjects.data.find((s) => s.subjectName === '建设工程经济')?.projectList).toEqual([1, 2, 3])
        const detail = await call<{ subjects: unknown[] }>(h.app, 'GET /app/common/course/business/:id', {
          params: { id: biz.data[0]!.businessId },
        })
        expect(detail.data.subjects.length).toBeGreaterThan(0)
        const typesB = await call<{ educationName: string }[]>(h.app, 'GET /app/common/course/educationType/list', {
          tenant: 1002,
        })
        expect(typesB.data).toHaveLength(3)
        const bizB = await call<{ businessName: string }[]>(h.app, 'GET /app/common/course/business/list', {
          tenant: 1002,
        })
        expect(bizB.data.map((b) => b.businessName)).toContain('中级会计职称')
        expect(bizB.data.map((b) => b.businessName)).not.toContain('一级建造师')
      })

      it('goods list: filters, paging, prices in cents, free flag, teachers', async () => {
        const all = await call<{ rows: { goodsId: number; price: number; isFree: boolean }[]; total: number }>(
          h.app,
          'GET /app/common/goods/list',
          { query: { pageSize: 100 } },
        )
        expect(all.data.total).toBe(16)
        expect(all.data.rows.filter((r) => r.isFree)).toHaveLength(2)
        const pkgs = await call<{ rows: { goodsName: string; goodsType: number; courseNum: number }[] }>(
          h.app,
          'GET /app/common/goods/list',
          { query: { goodsType: 4 } },
        )
        expect(pkgs.data.rows.map((r) => r.goodsType)).toEqual([4, 4])
        expect(pkgs.data.rows.find((r) => r.goodsName === '一级建造师全科通关套餐')?.courseNum).toBe(3)
        const kw = await call<{ rows: { goodsName: string; price: number; teacherNames: string[] }[] }>(
          h.app,
          'GET /app/common/goods/list',
          { query: { keyword: '低压电工' } },
        )
        expect(kw.data.rows.map((r) => r.goodsName).sort()).toEqual(['低压电工作业考试题库', '特种作业低压电工取证班'])
        expect(kw.data.rows.find((r) => r.goodsName === '低压电工作业考试题库')).toMatchObject({
          price: 4900,
          teacherNames: ['陈志强'],
        })
        const page2 = await call<{ rows: unknown[]; total: number }>(h.app, 'GET /app/common/goods/list', {
          query: { pageNum: 2, pageSize: 10 },
        })
        expect(page2.data.rows).toHaveLength(6)
      })

      it('goods detail: sanitised description, audition sections, package contents; menu flags audition', async () => {
        const d = await call<{
          packageGoods: { goodsId: number }[]
          goodsAuditionConfigIdList: number[]
          courses: { courseId: number; chapterNum: number }[]
          teachers: unknown[]
          description: string
          onSale: boolean
        }>(h.app, 'GET /app/common/goods/:id', { params: { id: id.yjPkg! } })
        expect(d.data.packageGoods.map((g) => g.goodsId)).toEqual([id.yjJj, id.yjSw, id.yjBank, id.yjLive])
        expect(d.data.goodsAuditionConfigIdList.length).toBeGreaterThan(0)
        expect(d.data.courses).toHaveLength(3)
        expect(d.data.onSale).toBe(true)
        expect(d.data.description).toMatch(/^<p>/)
        const menu = await call<{ sectionList: { sectionId: number; audition: boolean }[] }[]>(
          h.app,
          'GET /app/common/course/menuList',
          { query: { goodsId: id.yjJj } },
        )
        const auditions = menu.data.flatMap((c) => c.sectionList.filter((s) => s.audition).map((s) => s.sectionId))
        expect(auditions.length).toBeGreaterThan(0)
        for (const s of auditions) expect(d.data.goodsAuditionConfigIdList).toContain(s)
        const inside = await call<{ goodsId: number }[]>(h.app, 'GET /app/common/goods/goods/list/:id', {
          params: { id: id.yjPkg! },
        })
        expect(inside.data).toHaveLength(4)
        const courses = await call<{ courseId: number; chapterNum: number }[]>(
          h.app,
          'GET /app/common/goods/course/list/:id',
          { params: { id: id.aqFull! } },
        )
        expect(courses.data.map((c) => c.chapterNum)).toEqual([3, 3])
        const chapters = await call<{ chapterId: number }[]>(h.app, 'GET /app/common/course/chapterList/:id', {
          params: { id: courses.data[0]!.courseId },
        })
        const sections = await call<unknown[]>(h.app, 'GET /app/common/course/sectionList/:id', {
          params: { id: chapters.data[0]!.chapterId },
        })
        expect(sections.data).toHaveLength(3)
        const teachers = await call<{ teacherName: string }[]>(h.app, 'GET /app/common/course/teacher/list', {
          query: { goodsId: id.aqFull },
        })
        expect(teachers.data.map((t) => t.teacherName)).toEqual(['王建国', '李慧敏'])
        // another tenant's goods is not found
        expect((await call(h.app, 'GET /app/common/goods/:id', { tenant: 1002, params: { id: id.yjPkg! } })).code).toBe(
          404,
        )
      })

      it('distribution and share landings carry activity prices', async () => {
        const d = await call<{ activityId: number; goods: { goodsId: number; activityPrice: number }[] }>(
          h.app,
          'GET /app/common/goods/distribution/goods',
          { query: { code: 'AX2025TJ' } },
        )
        expect(d.data.goods.find((g) => g.goodsId === id.aqFull)?.activityPrice).toBe(34900)
        expect((await call(h.app, 'GET /app/common/goods/distribution/goods', { query: { code: 'NOPE' } })).code).toBe(
          404,
        )
        expect(
          (await call(h.app, 'GET /app/common/goods/distribution/goods', { tenant: 1002, query: { code: 'AX2025TJ' } }))
            .code,
        ).toBe(404)
      })
    })

    describe('orders and payment', () => {
      it('the server computes totals; prices sent by the client are ignored', async () => {
        const r = await place(h, tokenA, { goodsIds: [id.tzDg, id.yjLive], price: 1, totalPrice: 1, payPrice: 1 })
        expect(r.code).toBe(200)
        expect(r.data).toMatchObject({
          totalPrice: 29900 + 29900,
          payPrice: 29900 + 29900,
          orderStatus: ORDER_STATUS.pending,
          paid: false,
        })
        expect(r.data.pay).toMatchObject({ provider: 'local', payNo: r.data.orderNo })
        // a link signed for this learner (tests/server/pay-page.test.ts)
        expect(r.data.pay!.payUrl).toMatch(new RegExp(`^/api/pay/local/${r.data.orderNo}/\\d+\\.\\d+\\.[\\w-]{43}$`))
        const pkg = await place(h, tokenA, { goodsIds: [id.yjPkg] })
        expect(pkg.data.payPrice).toBe(129900)
        const info = await call<{ goods: { price: number; originalPrice: number }[] }>(h.app, 'GET /order/info', {
          token: tokenA,
          query: { orderNo: pkg.data.orderNo },
        })
        // a package's struck price is the sum of its goods' prices (499 + 599 + 199 + 299 yuan), as everywhere
        expect(info.data.goods).toEqual([expect.objectContaining({ price: 129900, originalPrice: 159600 })])
      })

      it('an activity order uses the activity price', async () => {
        const land = await call<{ activityId: number }>(h.app, 'GET /app/common/goods/distribution/goods', {
          query: { code: 'AX2025TJ' },
        })
        const r = await call<Placed>(h.app, 'POST /order/activity/goods', {
          token: tokenA,
          body: { activityId: land.data.activityId, goodsId: id.aqFull, idempotencyKey: key() },
        })
        expect(r.data).toMatchObject({ payPrice: 34900, totalPrice: 39900, orderStatus: 1 })
        const notIn = await call(h.app, 'POST /order/activity/goods', {
          token: tokenA,
          body: { activityId: land.data.activityId, goodsId: id.xfLive, idempotencyKey: key() },
        })
        expect(notIn.code).toBe(404)
      })

      it('free goods complete without payment and grant the entitlement', async () => {
        expect(await entitled(id.aqFree!)).toBe(false)
        const r = await place(h, tokenA, { goodsIds: [id.aqFree] })
        expect(r.data).toMatchObject({ payPrice: 0, paid: true, pay: null, orderStatus: ORDER_STATUS.paid })
        expect(await entitled(id.aqFree!)).toBe(true)
        const study = await call(h.app, 'GET /order/study/check/:id', { token: tokenA, params: { id: id.aqFree! } })
        expect(study.data).toMatchObject({ canStudy: true, reason: 'ok', expireTime: null })
        // owned: cannot be ordered or carted again
        expect((await place(h, tokenA, { goodsIds: [id.aqFree] })).code).toBe(400)
        expect((await call(h.app, 'POST /base/cart', { token: tokenA, body: { goodsId: id.aqFree } })).code).toBe(400)
      })

      it('the same idempotency key creates one order, also when sent concurrently', async () => {
        const k = key()
        const a = await place(h, tokenA, { goodsIds: [id.ckMath], idempotencyKey: k })
        const b = await place(h, tokenA, { goodsIds: [id.ckMath], idempotencyKey: k })
        expect(b.data.orderId).toBe(a.data.orderId)
        const k2 = key()
        const many = await Promise.all(
          Array.from({ length: 6 }, () => place(h, tokenA, { goodsIds: [id.ejSw], idempotencyKey: k2 })),
        )
        expect(new Set(many.map((m) => m.data.orderId)).size).toBe(1)
        const [n] = await h.database.db
          .select({ n: count() })
          .from(shopOrder)
          .where(and(eq(shopOrder.tenantId, 1001), eq(shopOrder.idempotencyKey, k2)))
        expect(toInt(n!.n)).toBe(1)
      })

      it('local provider: the pay page confirms through the verified callback; a replay changes nothing', async () => {
        const r = await place(h, tokenA, { goodsIds: [id.aqJx] })
        const before = await call<{ orderSum: number }>(h.app, 'GET /app/user/infoAttached', { token: tokenA })
        expect(before.data.orderSum).toBeGreaterThan(0)
        const pay = await call(h.app, 'POST /wx/pay/payment', { token: tokenA, body: { orderId: r.data.orderId } })
        expect(pay.data).toMatchObject({ provider: 'local', payUrl: r.data.pay!.payUrl })
        await payLocal(r.data)
        const paid = await orderRow(h, r.data.orderId)
        expect(paid).toMatchObject({ status: ORDER_STATUS.paid, payProvider: 'local' })
        expect(await entitled(id.aqJx!)).toBe(true)
        const after = await call<{ orderSum: number }>(h.app, 'GET /app/user/infoAttached', { token: tokenA })
        expect(after.data.orderSum).toBe(before.data.orderSum - 1)

        // replay: a fresh signed callback for the same order answers success and changes nothing
        const grants = async () =>
          toInt(
            (
              await h.database.db.select({ n: count() }).from(userGoods).where(eq(userGoods.orderId, r.data.orderId))
            )[0]!.n,
          )
        const g0 = await grants()
        const cb = localProvider().buildCallback(r.data.orderNo, r.data.payPrice)
        for (let i = 0; i < 3; i++) {
          const again = await postCallback(h, cb)
          expect(again.status).toBe(200)
          expect(again.body.data).toEqual({ code: 'SUCCESS', message: '成功' })
        }
        expect(await grants()).toBe(g0)
        const still = await orderRow(h, r.data.orderId)
        expect(still.paidAt).toEqual(paid.paidAt)
        expect(still.transactionId).toBe(paid.transactionId)
        // a paid order has no pay page action and no new pay params
        expect(
          (await call(h.app, 'POST /wx/pay/payment', { token: tokenA, body: { orderId: r.data.orderId } })).code,
        ).toBe(400)
      })

      it('refuses tampered bodies, bad signatures, wrong amounts and stale callbacks; nothing changes', async () => {
        const r = await place(h, tokenA, { goodsIds: [id.xfLive] })
        const p = localProvider()
        const good = p.buildCallback(r.data.orderNo, r.data.payPrice)
        const tampered = {
          headers: good.headers,
          body: good.body.replace('"trade_state":"SUCCESS"', '"trade_state":"SUCCESS" '),
        }
        expect((await postCallback(h, tampered)).status).toBe(401)
        const badSig = {
          headers: { ...good.headers, 'wechatpay-signature': Buffer.alloc(32).toString('base64') },
          body: good.body,
        }
        expect((await postCallback(h, badSig)).status).toBe(401)
        const noSig = { headers: { 'content-type': 'application/json' }, body: good.body }
        expect((await postCallback(h, noSig)).status).toBe(401)
        const wrongKey = new (p.constructor as typeof import('../../server/src/services/payment').LocalPaymentProvider)(
          'another-secret',
          '/api',
        ).buildCallback(r.data.orderNo, r.data.payPrice)
        expect((await postCallback(h, wrongKey)).status).toBe(401)
        const stale = p.buildCallback(r.data.orderNo, r.data.payPrice, Date.now() - 3600_000)
        expect((await postCallback(h, stale)).status).toBe(401)
        const cheap = p.buildCallback(r.data.orderNo, 1)
        const mismatch = await postCallback(h, cheap)
        expect(mismatch.status).toBe(400)
        expect(mismatch.body.msg).toMatch(/amount/)
        expect(await orderRow(h, r.data.orderId)).toMatchObject({ status: ORDER_STATUS.pending, paidAt: null })
        expect(await entitled(id.xfLive!)).toBe(false)
        // the good one still works
        expect((await postCallback(h, good)).status).toBe(200)
        expect(await entitled(id.xfLive!)).toBe(true)
      })

      it('a paid package grants each goods inside', async () => {
        const r = await place(h, tokenA, { goodsIds: [id.yjPkg] })
        expect(r.data.orderStatus).toBe(1)
        expect((await postCallback(h, localProvider().buildCallback(r.data.orderNo, 129900))).status).toBe(200)
        for (const g of [id.yjPkg, id.yjJj, id.yjSw, id.yjBank, id.yjLive]) expect(await entitled(g!)).toBe(true)
        const mine = await call<{
          rows: { goodsId: number; expired: boolean; expireTime: number | null }[]
          total: number
        }>(h.app, 'GET /order/goods/list', { token: tokenA, query: { pageSize: 100 } })
        const ids = mine.data.rows.map((r) => r.goodsId)
        for (const g of [id.yjPkg, id.yjJj, id.yjSw, id.yjBank, id.yjLive]) expect(ids).toContain(g)
        expect(mine.data.rows.find((x) => x.goodsId === id.yjJj)?.expireTime).toBeGreaterThan(
          Date.now() / 1000 + 300 * 86400,
        )
        const status = await call<{ goodsId: number; owned: boolean; priceChanged: boolean; onSale: boolean }[]>(
          h.app,
          'POST /goods/check/goods/status',
          { token: tokenA, body: { goodsIds: [id.yjJj, id.tzBank], prices: [49900, 100] } },
        )
        expect(status.data).toEqual([
          { goodsId: id.yjJj, onSale: true, price: 49900, priceChanged: false, owned: true },
          { goodsId: id.tzBank, onSale: true, price: 4900, priceChanged: true, owned: false },
        ])
      })

      it('cancel a pending order; a paid one cannot be cancelled; closes after the time-out', async () => {
        const r = await place(h, tokenA, { goodsIds: [id.tzBank] })
        const c = await call(h.app, 'POST /order/edit', {
          token: tokenA,
          body: { orderId: r.data.orderId, action: 'cancel' },
        })
        expect(c.data).toEqual({ orderId: r.data.orderId, orderStatus: ORDER_STATUS.cancelled })
        expect(
          (await call(h.app, 'POST /wx/pay/payment', { token: tokenA, body: { orderId: r.data.orderId } })).code,
        ).toBe(400)
        const page = await h.app.inject({ method: 'POST', url: `${r.data.pay!.payUrl}/confirm` })
        expect(page.statusCode).toBe(400)
        expect((await orderRow(h, r.data.orderId)).status).toBe(ORDER_STATUS.cancelled)

        const free = await place(h, tokenA, { goodsIds: [id.aqJx] }) // owned already
        expect(free.code).toBe(400)
        const paidOrder = (
          await call<{ rows: { orderId: number }[] }>(h.app, 'GET /order/list', {
            token: tokenA,
            query: { orderStatus: ORDER_STATUS.paid },
          })
        ).data.rows[0]!
        const c2 = await call(h.app, 'POST /order/edit', {
          token: tokenA,
          body: { orderId: paidOrder.orderId, action: 'cancel' },
        })
        expect(c2.code).toBe(400)

        // time-out: lazily closed on read
        const t = await place(h, tokenA, { goodsIds: [id.tzBank] })
        await h.database.db
          .update(shopOrder)
          .set({ expiresAt: new Date(Date.now() - 1000) })
          .where(eq(shopOrder.id, t.data.orderId))
        const info = await call<{ orderStatus: number }>(h.app, 'GET /order/info', {
          token: tokenA,
          query: { orderId: t.data.orderId },
        })
        expect(info.data.orderStatus).toBe(ORDER_STATUS.closed)
        const resume = await call(h.app, 'POST /order/resumePlaceGzhOrder', {
          token: tokenA,
          body: { orderId: t.data.orderId },
        })
        expect(resume.code).toBe(400)
        // and by the sweep
        const s = await place(h, tokenA, { goodsIds: [id.tzBank] })
        await h.database.db
          .update(shopOrder)
          .set({ expiresAt: new Date(Date.now() - 1000) })
          .where(eq(shopOrder.id, s.data.orderId))
        expect(await closeExpiredOrders(h.database.db)).toBeGreaterThanOrEqual(1)
        expect((await orderRow(h, s.data.orderId)).status).toBe(ORDER_STATUS.closed)
        // resume a pending one returns pay params
        const p = await place(h, tokenA, { goodsIds: [id.tzBank] })
        const again = await call<Placed>(h.app, 'POST /order/resumeSmallOrder', {
          token: tokenA,
          body: { orderId: p.data.orderId },
        })
        expect(again.data.pay?.provider).toBe('local')
      })

      it('refund: request -> approve removes the entitlement; request -> reject keeps it', async () => {
        const a = await place(h, tokenA, { goodsIds: [id.tzDg] })
        await postCallback(h, localProvider().buildCallback(a.data.orderNo, a.data.payPrice))
        expect(await entitled(id.tzDg!)).toBe(true)
        const pending = await place(h, tokenA, { goodsIds: [id.aqBank] })
        expect(
          (
            await call(h.app, 'POST /order/refund', {
              token: tokenA,
              body: { orderId: pending.data.orderId, reason: '不想要了' },
            })
          ).code,
        ).toBe(400)
        const req = await call(h.app, 'POST /order/refund', {
          token: tokenA,
          body: { orderId: a.data.orderId, reason: '重复购买' },
        })
        expect(req.data).toEqual({ orderId: a.data.orderId, orderStatus: ORDER_STATUS.refundRequested })
        const list = await call<{ rows: { orderId: number; refundReason: string }[] }>(
          h.app,
          'GET /order/refund/list',
          {
            token: tokenA,
          },
        )
        expect(list.data.rows.find((r) => r.orderId === a.data.orderId)?.refundReason).toBe('重复购买')
        expect(await decideRefund(h.database.db, 1001, a.data.orderId, { approve: true })).toBe(ORDER_STATUS.refunded)
        expect(await entitled(id.tzDg!)).toBe(false)
        await expect(decideRefund(h.database.db, 1001, a.data.orderId, { approve: true })).rejects.toThrow()
        // the other tenant's staff cannot decide it
        await expect(decideRefund(h.database.db, 1002, a.data.orderId, { approve: false })).rejects.toThrow()

        await postCallback(h, localProvider().buildCallback(pending.data.orderNo, pending.data.payPrice))
        await call(h.app, 'POST /order/refund', {
          token: tokenA,
          body: { orderId: pending.data.orderId, reason: '试试' },
        })
        expect(
          await decideRefund(h.database.db, 1001, pending.data.orderId, { approve: false, reason: '已学习超过30%' }),
        ).toBe(ORDER_STATUS.refundRejected)
        expect(await entitled(id.aqBank!)).toBe(true)
        const info = await call<{ orderStatus: number; refundRejectReason: string }>(h.app, 'GET /order/info', {
          token: tokenA,
          query: { orderId: pending.data.orderId },
        })
        expect(info.data).toMatchObject({
          orderStatus: ORDER_STATUS.refundRejected,
          refundRejectReason: '已学习超过30%',
        })
      })

      it('invoices: only paid, company needs a tax number, cancel while not issued', async () => {
        const can = await call<{ orderId: number; payPrice: number; orderStatus: number }[]>(
          h.app,
          'GET /order/invoice/canInvoiceList',
          { token: tokenA },
        )
        expect(can.data.length).toBeGreaterThan(0)
        for (const o of can.data) {
          expect([ORDER_STATUS.paid, ORDER_STATUS.refundRejected]).toContain(o.orderStatus)
          expect(o.payPrice).toBeGreaterThan(0)
        }
        const target = can.data[0]!.orderId
        const pending = await place(h, tokenA, { goodsIds: [id.aqFull] })
        const onPending = await call(h.app, 'POST /order/invoice', {
          token: tokenA,
          body: { orderIds: [pending.data.orderId], titleType: 1, title: '张明', email: 'zm@example.com' },
        })
        expect(onPending.code).toBe(400)
        const company = await call(h.app, 'POST /order/invoice', {
          token: tokenA,
          body: { orderIds: [target], titleType: 2, title: '北京安信建设有限公司', email: 'fp@example.com' },
        })
        expect(company.code).toBe(400)
        expect(company.msg).toMatch(/^taxNo: /)
        const ok = await call<{ invoiceId: number }>(h.app, 'POST /order/invoice', {
          token: tokenA,
          body: {
            orderIds: [target],
            titleType: 2,
            title: '北京安信建设有限公司',
            taxNo: '91110105MA01abcd3x',
            email: 'fp@example.com',
          },
        })
        expect(ok.code).toBe(200)
        const can2 = await call<{ orderId: number }[]>(h.app, 'GET /order/invoice/canInvoiceList', { token: tokenA })
        expect(can2.data.map((o) => o.orderId)).not.toContain(target)
        const twice = await call(h.app, 'POST /order/invoice', {
          token: tokenA,
          body: { orderIds: [target], titleType: 1, title: '张明', email: 'zm@example.com' },
        })
        expect(twice.code).toBe(400)
        // an invoiced order cannot be refunded
        expect(
          (await call(h.app, 'POST /order/refund', { token: tokenA, body: { orderId: target, reason: 'x' } })).code,
        ).toBe(400)
        const list = await call<{
          rows: { invoiceId: number; taxNo: string; invoiceStatus: number; amount: number }[]
        }>(h.app, 'GET /order/invoice/list', { token: tokenA })
        expect(list.data.rows[0]).toMatchObject({
          invoiceId: ok.data.invoiceId,
          taxNo: '91110105MA01ABCD3X',
          invoiceStatus: 0,
        })
        expect(
          (
            await call(h.app, 'POST /order/invoice/cancel', {
              token: tokenB,
              tenant: 1002,
              body: { invoiceId: ok.data.invoiceId },
            })
          ).code,
        ).toBe(404)
        expect(
          (await call(h.app, 'POST /order/invoice/cancel', { token: tokenA, body: { invoiceId: ok.data.invoiceId } }))
            .code,
        ).toBe(200)
        const can3 = await call<{ orderId: number }[]>(h.app, 'GET /order/invoice/canInvoiceList', { token: tokenA })
        expect(can3.data.map((o) => o.orderId)).toContain(target)
        // issued: cannot be cancelled
        const again = await call<{ invoiceId: number }>(h.app, 'POST /order/invoice', {
          token: tokenA,
          body: { orderIds: [target], titleType: 1, title: '张明', email: 'zm@example.com' },
        })
        expect(await issueInvoice(h.database.db, 1001, again.data.invoiceId)).toBe(true)
        const cancelIssued = await call(h.app, 'POST /order/invoice/cancel', {
          token: tokenA,
          body: { invoiceId: again.data.invoiceId },
        })
        expect(cancelIssued.code).toBe(400)
      })

      it('stores the first-choice goods and an offline subscription lead', async () => {
        expect(
          (await call(h.app, 'POST /order/firstChoiceGoods', { token: tokenA, body: { goodsId: id.yjJj } })).code,
        ).toBe(200)
        expect(
          (await call(h.app, 'POST /order/firstChoiceGoods', { token: tokenA, body: { goodsId: id.aqJx } })).code,
        ).toBe(200)
        const sub = await call<{ subscribeId: number }>(h.app, 'POST /user/subscribe/save/offline', {
          token: tokenA,
          body: { name: '张明', telPhone: '13800000001', goodsId: id.yjPkg, remark: '周末上课' },
        })
        expect(sub.data.subscribeId).toBeGreaterThan(0)
        const bad = await call(h.app, 'POST /user/subscribe/save/offline', {
          token: tokenA,
          body: { name: '张明', telPhone: '123' },
        })
        expect(bad.msg).toMatch(/^telPhone: /)
      })
    })

    describe('cart', () => {
      it('adding twice keeps one row; concurrent adds stay consistent; choice and total', async () => {
        const add = (goodsId: number) => call(h.app, 'POST /base/cart', { token: tokenA, body: { goodsId } })
        const a1 = await add(id.ejSw!)
        const a2 = await add(id.ejSw!)
        expect(a2.data.cartId).toBe(a1.data.cartId)
        const many = await Promise.all(Array.from({ length: 6 }, () => add(id.ckMath!)))
        expect(new Set(many.map((m) => m.data.cartId)).size).toBe(1)
        await add(id.aqFull!)
        const list = await call<{
          rows: { cartId: number; goodsId: number; choice: number }[]
          total: number
          chosenTotalPrice: number
        }>(h.app, 'GET /base/cart/list', { token: tokenA })
        expect(list.data.total).toBe(3)
        expect(list.data.chosenTotalPrice).toBe(39900 + 29900 + 39900)
        const cartOf = (g: number) => list.data.rows.find((r) => r.goodsId === g)!.cartId
        await call(h.app, 'POST /base/cart/updateBatchChoice', {
          token: tokenA,
          body: { cartIds: [cartOf(id.ckMath!), cartOf(id.aqFull!)], choice: 0 },
        })
        const l2 = await call<{ chosenTotalPrice: number; chosenCount: number }>(h.app, 'GET /base/cart/list', {
          token: tokenA,
        })
        expect(l2.data).toMatchObject({ chosenTotalPrice: 39900, chosenCount: 1 })
        await call(h.app, 'POST /base/cart/updateBatchChoice', { token: tokenA, body: { all: true, choice: 1 } })
        expect(
          (await call<{ chosenCount: number }>(h.app, 'GET /base/cart/list', { token: tokenA })).data.chosenCount,
        ).toBe(3)
        // tenant B cannot delete tenant A's row; A can
        expect(
          (
            await call(h.app, 'POST /base/cart/delete/:id', {
              tenant: 1002,
              token: tokenB,
              params: { id: cartOf(id.aqFull!) },
            })
          ).code,
        ).toBe(404)
        expect(
          (await call(h.app, 'POST /base/cart/delete/:id', { token: tokenA, params: { id: cartOf(id.aqFull!) } })).code,
        ).toBe(200)
        expect(
          (await call<{ total: number }>(h.app, 'GET /base/cart/list', { tenant: 1002, token: tokenB })).data.total,
        ).toBe(0)
        // order from the cart: rows are removed, totals from the catalogue
        const r = await place(h, tokenA, { cartIds: [cartOf(id.ejSw!), cartOf(id.ckMath!)] })
        expect(r.data.payPrice).toBe(39900 + 29900)
        const l3 = await call<{ total: number }>(h.app, 'GET /base/cart/list', { token: tokenA })
        expect(l3.data.total).toBe(0)
        const rows = await h.database.db.select().from(cart).where(eq(cart.tenantId, 1001))
        expect(rows).toHaveLength(0)
        // off-shelf goods and another tenant's goods cannot be carted
        expect(
          (await call(h.app, 'POST /base/cart', { tenant: 1002, token: tokenB, body: { goodsId: id.ejSw } })).code,
        ).toBe(404)
      })
    })

    describe('tenant isolation', () => {
      it("tenant B cannot see, cancel, pay or order tenant A's things", async () => {
        const a = await place(h, tokenA, { goodsIds: [id.aqFull] })
        const asB = { tenant: 1002, token: tokenB }
        expect((await call(h.app, 'GET /order/info', { ...asB, query: { orderId: a.data.orderId } })).code).toBe(404)
        expect((await call(h.app, 'GET /order/info', { ...asB, query: { orderNo: a.data.orderNo } })).code).toBe(404)
        expect(
          (await call(h.app, 'POST /order/edit', { ...asB, body: { orderId: a.data.orderId, action: 'cancel' } })).code,
        ).toBe(404)
        expect((await call(h.app, 'POST /wx/pay/payment', { ...asB, body: { orderId: a.data.orderId } })).code).toBe(
          404,
        )
        expect(
          (await call(h.app, 'POST /order/resumePlaceGzhOrder', { ...asB, body: { orderId: a.data.orderId } })).code,
        ).toBe(404)
        expect((await call<{ total: number }>(h.app, 'GET /order/list', asB)).data.total).toBe(0)
        expect((await place(h, tokenB, { goodsIds: [id.aqFull] }, 1002)).code).toBe(404)
        // a correctly signed callback under the wrong tenant finds no order and pays nothing
        const cb = localProvider().buildCallback(a.data.orderNo, a.data.payPrice)
        expect((await postCallback(h, cb, 1002)).status).toBe(404)
        expect((await orderRow(h, a.data.orderId)).status).toBe(ORDER_STATUS.pending)
        // B's own shop works in its own catalogue
        const bGoods = await goodsId(h, 1002, '初级会计实务精讲班')
        const b = await place(h, tokenB, { goodsIds: [bGoods] }, 1002)
        expect(b.data.payPrice).toBe(39900)
        expect((await call(h.app, 'GET /order/info', { token: tokenA, query: { orderId: b.data.orderId } })).code).toBe(
          404,
        )
      })
    })
  })
}
