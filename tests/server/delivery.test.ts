/**
 * What is bought is what is unlocked: every seeded paid goods of both demo tenants (course, question bank, live,
 * package) bought by a new learner through the local pay page shows up everywhere it belongs — bought, My
 * courses, the bank lists and practice (its bank, chapters and papers), the learning tab, the exams tied to it.
 * Also the lists around a purchase: free papers, the wrong book's count, an order's invoice state and the one
 * package-saving rule.
 */
import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exam } from '../../server/src/db/schema'
import { issueInvoice } from '../../server/src/modules/order/service'
import { call, freshPglite, type Harness, harness, login, smsCodeFor } from './helpers'
import { goodsId, type Placed, place } from './shop-helpers'

interface GoodsRow {
  goodsId: number
  goodsName: string
  goodsType: 1 | 2 | 3 | 4
  price: number
  originalPrice: number
}

let h: Harness
let phone = 0

beforeAll(async () => {
  h = await harness(await freshPglite())
})
afterAll(async () => {
  await h?.close()
})

async function newLearner(tenant: number): Promise<string> {
  const telPhone = `1360000${String(1000 + ++phone)}`
  const code = await smsCodeFor(h, 'register', telPhone, tenant)
  const r = await call<{ token: string }>(h.app, 'POST /app/common/register_small', {
    tenant,
    body: { telPhone, code, password: 'Passw0rd' },
  })
  expect(r.code).toBe(200)
  return r.data.token
}

/** Pays through the local provider's page, as the learner's browser does (GET the page, POST its confirm). */
async function payLocal(p: Placed) {
  expect((await h.app.inject({ method: 'GET', url: p.pay!.payUrl! })).statusCode).toBe(200)
  const confirm = await h.app.inject({
    method: 'POST',
    url: `${p.pay!.payUrl}/confirm`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  })
  expect(confirm.statusCode).toBe(303)
}

async function buy(tenant: number, token: string, goods: number) {
  const p = await place(h, token, { goodsIds: [goods] }, tenant)
  expect(p.code, p.msg).toBe(200)
  await payLocal(p.data)
  return p.data
}

async function catalogue(tenant: number): Promise<GoodsRow[]> {
  const r = await call<{ rows: GoodsRow[] }>(h.app, 'GET /app/common/goods/list', { tenant, query: { pageSize: 100 } })
  return r.data.rows
}

describe.each([1001, 1002])('every paid goods of tenant %i, once bought', (tenant) => {
  it('is unlocked everywhere it belongs', async () => {
    const all = await catalogue(tenant)
    const paid = all.filter((g) => g.price > 0)
    expect(paid.map((g) => g.goodsType).sort()).toEqual(expect.arrayContaining([1, 2, 3, 4]))
    for (const g of paid) {
      const token = await newLearner(tenant)
      const as = { tenant, token }
      const what = `${g.goodsName} (${g.goodsId})`
      await buy(tenant, token, g.goodsId)

      const items =
        g.goodsType === 4
          ? (
              await call<GoodsRow[]>(h.app, 'GET /app/common/goods/goods/list/:id', {
                tenant,
                params: { id: g.goodsId },
              })
            ).data
          : [g]
      expect(items.length, what).toBeGreaterThan(0)
      const mine = await call<{ rows: { goodsId: number }[] }>(h.app, 'GET /order/goods/list', {
        ...as,
        query: { pageSize: 100 },
      })
      const courses = await call<{ rows: { goodsId: number }[] }>(h.app, 'GET /course/goodsList', {
        ...as,
        query: { pageSize: 100 },
      })
      const myBanks = await call<{ bankId: number; owned: boolean }[]>(h.app, 'GET /goods/bank/list', as)
      const bankGoods = await call<{ goodsId: number; banks: { bankId: number }[] }[]>(
        h.app,
        'GET /bank/question/listGoodsUserQuestion',
        as,
      )
      const union = await call<{ goodsId: number }[]>(h.app, 'GET /bank/question/listUserFreeUnionBuyGoodsList', as)
      const exams = await call<{ rows: { examId: number }[] }>(h.app, 'GET /bank/exam/exam/list', {
        ...as,
        query: { pageSize: 100 },
      })

      for (const item of [g, ...items.filter((i) => i.goodsId !== g.goodsId)]) {
        const it = `${what} -> ${item.goodsName}`
        const bought = await call(h.app, 'GET /order/check/buy/:id', { ...as, params: { id: item.goodsId } })
        expect(bought.data.bought, it).toBe(true)
        expect(
          mine.data.rows.map((r) => r.goodsId),
          it,
        ).toContain(item.goodsId)

        if (item.goodsType === 1) {
          // the learning tab and its course list
          expect(
            courses.data.rows.map((r) => r.goodsId),
            it,
          ).toContain(item.goodsId)
          const list = await call<unknown[]>(h.app, 'GET /course/courseList', {
            ...as,
            query: { goodsId: item.goodsId },
          })
          expect(list.data.length, it).toBeGreaterThan(0)
        }

        if (item.goodsType === 2) {
          const banks = await call<{ bankId: number; bankName: string }[]>(h.app, 'GET /app/common/bank/list', {
            tenant,
            query: { goodsId: item.goodsId },
          })
          // a paid question-bank goods sells a bank about what it is named after
          expect(banks.data.length, `${it}: has no bank`).toBeGreaterThan(0)
          for (const b of banks.data) expect(b.bankName, it).toContain(item.goodsName.slice(0, 4))
          const ids = banks.data.map((b) => b.bankId)
          expect(
            myBanks.data.filter((b) => b.owned).map((b) => b.bankId),
            it,
          ).toEqual(expect.arrayContaining(ids))
          expect(
            bankGoods.data.map((x) => x.goodsId),
            it,
          ).toContain(item.goodsId)
          expect(
            union.data.map((x) => x.goodsId),
            it,
          ).toContain(item.goodsId)
          for (const bankId of ids) {
            // practise its first chapter (answers shown: the learner owns it) and find its papers
            const chapters = await call<{ chapterId: number; questionNum: number }[]>(
              h.app,
              'GET /app/common/bank/chapter/list',
              { tenant, query: { bankId } },
            )
            expect(chapters.data[0]?.questionNum, it).toBeGreaterThan(0)
            const rec = await call<{ questions: { ans: string | null }[] }>(h.app, 'POST /bank/record', {
              ...as,
              body: { mode: 'practice', scope: 'chapter', chapterId: chapters.data[0]!.chapterId },
            })
            expect(rec.code, `${it}: ${rec.msg}`).toBe(200)
            expect(rec.data.questions.length, it).toBeGreaterThan(0)
            expect(
              rec.data.questions.every((q) => q.ans !== null && q.ans !== undefined),
              it,
            ).toBe(true)
            const papers = await call<unknown[]>(h.app, 'GET /goods/exam/dolist', { ...as, query: { bankId } })
            expect(papers.data.length, `${it}: no paper to practise`).toBeGreaterThan(0)
          }
        }
      }

      // the exams tied to what was bought are listed
      const tied = await h.database.db
        .select({ id: exam.id })
        .from(exam)
        .where(
          inArray(
            exam.goodsId,
            items.map((i) => i.goodsId),
          ),
        )
      for (const e of tied)
        expect(
          exams.data.rows.map((r) => r.examId),
          what,
        ).toContain(e.id)
    }
  }, 300_000)
})

describe('a learner who has bought nothing', () => {
  it('owns no paid bank', async () => {
    const token = await newLearner(1001)
    expect((await call(h.app, 'GET /bank/question/listGoodsUserQuestion', { token })).data).toEqual([])
    const banks = await call<{ isFree: boolean }[]>(h.app, 'GET /goods/bank/list', { token })
    expect(banks.data.every((b) => b.isFree)).toBe(true)
  })
})

describe('free papers', () => {
  it.each([1001, 1002])('lists every free paper of tenant %i, whatever bank holds it', async (tenant) => {
    const r = await call<{ paperName: string; free: boolean; bankId: number }[]>(
      h.app,
      'GET /app/common/bank/exam/list',
      { tenant },
    )
    expect(r.code, r.msg).toBe(200)
    expect(r.data.length).toBeGreaterThan(0)
    expect(r.data.map((p) => p.paperName)).toContainEqual(expect.stringContaining('免费试卷'))
    // the free paper sits on a paid bank: only a free paper of it is listed, not its mock papers
    expect(r.data.every((p) => p.free)).toBe(true)
  })
})

describe('the wrong book', () => {
  it('counts the times the learner answered a question wrong', async () => {
    const token = await newLearner(1001)
    const banks = await call<{ bankId: number; isFree: boolean }[]>(h.app, 'GET /app/common/bank/list')
    const free = banks.data.find((b) => b.isFree)!
    const chapters = await call<{ chapterId: number }[]>(h.app, 'GET /app/common/bank/chapter/list', {
      query: { bankId: free.bankId },
    })
    const rec = await call<{ recordId: number; questions: { questionId: number; type: number; ans: string }[] }>(
      h.app,
      'POST /bank/record',
      { token, body: { mode: 'practice', scope: 'chapter', chapterId: chapters.data[0]!.chapterId } },
    )
    const q = rec.data.questions.find((x) => x.type === 1)!
    const wrong = q.ans === 'A' ? 'B' : 'A'
    const t0 = Math.floor(Date.now() / 1000) - 600
    // wrong in practice, then wrong again when reviewing it in the book
    const saved = await call(h.app, 'POST /bank/record/edit', {
      token,
      body: { recordId: rec.data.recordId, answers: [{ questionId: q.questionId, ques: wrong, answeredAt: t0 }] },
    })
    expect(saved.code, saved.msg).toBe(200)
    const review = await call(h.app, 'POST /exam/wwrong/record', {
      token,
      body: { questionId: q.questionId, ques: wrong, answeredAt: t0 + 60 },
    })
    expect(review.code, review.msg).toBe(200)
    const list = await call<{ rows: { questionId: number; wrongTimes: number }[] }>(
      h.app,
      'GET /exam/wwrong/record/list',
      { token, query: { bankId: free.bankId } },
    )
    expect(list.data.rows.find((r) => r.questionId === q.questionId)?.wrongTimes).toBe(2)
    // a right answer does not add to it
    await call(h.app, 'POST /exam/wwrong/record', {
      token,
      body: { questionId: q.questionId, ques: q.ans, answeredAt: t0 + 120 },
    })
    const after = await call<{ rows: { questionId: number; wrongTimes: number }[] }>(
      h.app,
      'GET /exam/wwrong/record/list',
      { token, query: { bankId: free.bankId } },
    )
    expect(after.data.rows.find((r) => r.questionId === q.questionId)?.wrongTimes).toBe(2)
  })
})

describe('an order and its invoice', () => {
  it("shows the invoice's real state: requested, then issued", async () => {
    const token = await newLearner(1001)
    const g = await goodsId(h, 1001, '低压电工作业考试题库')
    const placed = await buy(1001, token, g)
    const inv = await call<{ invoiceId: number }>(h.app, 'POST /order/invoice', {
      token,
      body: { orderIds: [placed.orderId], titleType: 1, title: '张三', email: 'zhangsan@example.com' },
    })
    expect(inv.code, inv.msg).toBe(200)
    const stateOf = async () =>
      (
        await call<{ rows: { orderId: number; invoiceId: number | null; invoiceStatus: number | null }[] }>(
          h.app,
          'GET /order/list',
          { token },
        )
      ).data.rows.find((o) => o.orderId === placed.orderId)
    expect(await stateOf()).toMatchObject({ invoiceId: inv.data.invoiceId, invoiceStatus: 0 })
    expect(await issueInvoice(h.database.db, 1001, inv.data.invoiceId)).toBe(true)
    expect(await stateOf()).toMatchObject({ invoiceStatus: 1 })
    const info = await call(h.app, 'GET /order/info', { token, query: { orderId: placed.orderId } })
    expect(info.data).toMatchObject({ invoiceStatus: 1 })
  })
  it('an order without an invoice has no invoice state', async () => {
    const token = await newLearner(1001)
    const placed = await place(h, token, { goodsIds: [await goodsId(h, 1001, '一级建造师四科题库')] })
    const rows = (
      await call<{ rows: { orderId: number; invoiceStatus: number | null }[] }>(h.app, 'GET /order/list', { token })
    ).data.rows
    expect(rows.find((o) => o.orderId === placed.data.orderId)?.invoiceStatus).toBeNull()
  })
})

describe('the package saving', () => {
  it.each([1001, 1002])(
    "tenant %i: a package's struck price is the sum of its goods' prices, the same in the list, detail, cart and order",
    async (tenant) => {
      const token = tenant === 1001 ? await login(h, 1001, 'device-pkg-a') : await login(h, 1002, 'device-pkg-b')
      const pkgs = (await catalogue(tenant)).filter((g) => g.goodsType === 4)
      expect(pkgs.length).toBeGreaterThan(0)
      for (const p of pkgs) {
        const items = (
          await call<GoodsRow[]>(h.app, 'GET /app/common/goods/goods/list/:id', { tenant, params: { id: p.goodsId } })
        ).data
        const sum = items.reduce((s, i) => s + i.price, 0)
        expect(p.originalPrice, p.goodsName).toBe(sum)
        expect(sum).toBeGreaterThan(p.price)
        const detail = await call<GoodsRow>(h.app, 'GET /app/common/goods/:id', { tenant, params: { id: p.goodsId } })
        expect(detail.data.originalPrice).toBe(sum)
        await call(h.app, 'POST /base/cart', { tenant, token, body: { goodsId: p.goodsId } })
        const cart = await call<{ rows: { goodsId: number; originalPrice: number }[] }>(h.app, 'GET /base/cart/list', {
          tenant,
          token,
        })
        expect(cart.data.rows.find((r) => r.goodsId === p.goodsId)?.originalPrice).toBe(sum)
      }
      const first = pkgs[0]!
      const placed = await place(h, token, { goodsIds: [first.goodsId] }, tenant)
      const info = await call<{ goods: { goodsId: number; originalPrice: number }[] }>(h.app, 'GET /order/info', {
        tenant,
        token,
        query: { orderId: placed.data.orderId },
      })
      expect(info.data.goods[0]?.originalPrice).toBe(first.originalPrice)
    },
  )
})

describe('the seed', () => {
  it('gives the second tenant its own 二级建造师 bank goods: the 施工管理 bank is not sold as 初级会计', async () => {
    const g = await goodsId(h, 1002, '二级建造师《建设工程施工管理》题库')
    const banks = await call<{ bankName: string }[]>(h.app, 'GET /app/common/bank/list', {
      tenant: 1002,
      query: { goodsId: g },
    })
    expect(banks.data.map((b) => b.bankName)).toEqual(['二级建造师·建设工程施工管理'])
    const exams = await h.database.db.select({ paperId: exam.paperId }).from(exam).where(eq(exam.tenantId, 1002))
    expect(exams.length).toBeGreaterThan(0)
  })
})
