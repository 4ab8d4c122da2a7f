/**
 * Study plans (docs/DECISIONS.md "Study plans"): the goods a learner may plan, create / edit / delete with their
 * validation (dates, limits, items of a goods not owned or not of the goods), ownership (another learner's plan is
 * 404, another tenant's too), the day views ticking an item only after real study records and bank answers are
 * posted through the real API calls, planSum of infoAttached, and the reminder sweep writing one message a day.
 */
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays, weekdayOf } from '../../contract/schemas/plan-codes'
import type { Database } from '../../server/src/db'
import {
  bankChapter,
  goodsPackageItem,
  informUser,
  playSession,
  studyInterval,
  studyPlan,
  studyPlanRemind,
  userGoods,
} from '../../server/src/db/schema'
import { dayOf } from '../../server/src/modules/bank/core'
import { sweepPlanReminders } from '../../server/src/modules/plan/reminder'
import { call, type Harness, harness, smsCodeFor } from './helpers'
import { goodsId } from './shop-helpers'

type PlanGoods = {
  goodsId: number
  goodsName: string
  goodsType: number
  expireTime: number | null
  courses: { courseId: number; courseName: string; sectionNum: number; totalSeconds: number }[]
  banks: { bankId: number; bankName: string; questionNum: number }[]
}
type Item = {
  itemId: number
  kind: string
  courseId: number | null
  bankId: number | null
  name: string
  unit: string
  target: number
}
type PlanRow = {
  id: number
  name: string
  goodsId: number
  startDate: string
  endDate: string
  weekdays: number[]
  remind: boolean
  status: string
  entitled: boolean
  items: Item[]
  todayPlanned: boolean
  todayDone: number
  todayTotal: number
  plannedDays: number
  doneDays: number
}
type DayItem = Item & { planId: number; planName: string; goodsId: number; amount: number; done: boolean }
type Day = { date: string; weekday: number; isToday: boolean; items: DayItem[]; doneNum: number; totalNum: number }
type Detail = PlanRow & {
  days: { date: string; state: string; items: { itemId: number; amount: number; done: boolean }[] }[]
}

let phoneSeq = 0
const ALL_DAYS = [1, 2, 3, 4, 5, 6, 7]

export function planSuite(label: string, open: () => Promise<Database>) {
  describe(`study plans (${label})`, () => {
    let h: Harness
    const db = () => h.database.db
    const id: Record<string, number> = {}
    const today = () => dayOf(new Date())

    beforeAll(async () => {
      h = await harness(await open())
      const names: Record<string, string> = {
        tzDg: '特种作业低压电工取证班',
        dgBank: '低压电工作业考试题库',
        yjPkg: '一级建造师全科通关套餐',
        yjJj: '一级建造师《建设工程经济》精讲班',
        aqFull: '2025安全生产管理人员全程班',
      }
      for (const [k, n] of Object.entries(names)) id[k] = await goodsId(h, 1001, n)
      id.cjBank = await goodsId(h, 1002, '初级会计职称题库')
    })
    afterAll(async () => {
      await h?.close()
    })

    /** A new learner (SMS login of an unknown phone creates the account). */
    async function learner(tenant: 1001 | 1002 = 1001) {
      const phone = `136${String(Date.now() % 100_000).padStart(5, '0')}${String(++phoneSeq % 1000).padStart(3, '0')}`
      const code = await smsCodeFor(h, 'login', phone, tenant)
      const r = await call<{ token: string }>(h.app, 'POST /app/common/sms_login', {
        tenant,
        body: { telPhone: phone, code, deviceUuid: `device-plan-${phone}` },
      })
      if (r.code !== 200) throw new Error(`login failed: ${r.raw}`)
      const info = await call<{ userId: number }>(h.app, 'GET /app/user/getInfo', { tenant, token: r.data.token })
      return { token: r.data.token, userId: info.data.userId, tenant }
    }
    type Learner = Awaited<ReturnType<typeof learner>>

    /** What a paid order grants: the goods and, for a package, each goods inside. */
    async function grant(l: Learner, goods: number) {
      const items = await db()
        .select({ goodsId: goodsPackageItem.goodsId })
        .from(goodsPackageItem)
        .where(eq(goodsPackageItem.packageId, goods))
      for (const g of [goods, ...items.map((i) => i.goodsId)])
        await db().insert(userGoods).values({ tenantId: l.tenant, userId: l.userId, goodsId: g })
    }

    const as = (l: Learner) => ({ tenant: l.tenant, token: l.token })
    const listGoods = (l: Learner) => call<PlanGoods[]>(h.app, 'GET /system/plan/listGoods', as(l))
    const create = (l: Learner, body: unknown) => call<PlanRow>(h.app, 'POST /system/plan', { ...as(l), body })
    const edit = (l: Learner, body: unknown) =>
      call<PlanRow | null>(h.app, 'POST /system/plan/edit', { ...as(l), body })
    const info = (l: Learner, planId: number) =>
      call<Detail>(h.app, 'GET /system/plan/inFo', { ...as(l), query: { id: planId } })
    const list = (l: Learner, query: Record<string, unknown> = {}) =>
      call<{ rows: PlanRow[]; total: number }>(h.app, 'GET /system/plan/list', { ...as(l), query })
    const seven = (l: Learner) => call<Day[]>(h.app, 'GET /system/plan/userPlanSeven', as(l))
    const planSum = async (l: Learner) =>
      (await call<{ planSum: number }>(h.app, 'GET /app/user/infoAttached', as(l))).data.planSum

    /** A learner holding the course goods and the bank goods, with the choices listGoods offers. */
    async function owner() {
      const l = await learner()
      await grant(l, id.tzDg!)
      await grant(l, id.dgBank!)
      const goods = (await listGoods(l)).data
      const course = goods.find((g) => g.goodsId === id.tzDg)!
      const bank = goods.find((g) => g.goodsId === id.dgBank)!
      return { l, course: course.courses[0]!, bank: bank.banks[0]! }
    }

    const planBody = (goods: number, items: unknown[], over: Record<string, unknown> = {}) => ({
      goodsId: goods,
      name: '每天学一点',
      startDate: today(),
      endDate: addDays(today(), 29),
      weekdays: ALL_DAYS,
      items,
      ...over,
    })

    // ---- real study through the real API ----

    /** `seconds` of wall time pass for the learner (sessions and recorded intervals move back, as in learn.test). */
    async function elapse(userId: number, seconds: number) {
      const by = sql`make_interval(secs => ${seconds})`
      await db()
        .update(playSession)
        .set({ lastReportAt: sql`${playSession.lastReportAt} - ${by}`, openedAt: sql`${playSession.openedAt} - ${by}` })
        .where(eq(playSession.userId, userId))
      await db()
        .update(studyInterval)
        .set({ wallStart: sql`${studyInterval.wallStart} - ${by}`, wallEnd: sql`${studyInterval.wallEnd} - ${by}` })
        .where(eq(studyInterval.userId, userId))
    }

    async function sectionsOf(l: Learner, goods: number, courseId: number) {
      const menu = await call<{ sectionList: { sectionId: number; durationSeconds: number }[] }[]>(
        h.app,
        'GET /course/menuList',
        { ...as(l), query: { goodsId: goods, courseId } },
      )
      expect(menu.code).toBe(200)
      return menu.data.flatMap((c) => c.sectionList)
    }

    /** Plays a section from start to end in real time: open a session, report the whole video. */
    async function watch(l: Learner, goods: number, s: { sectionId: number; durationSeconds: number }) {
      const o = await call<{ sessionId: string }>(h.app, 'POST /study/record/save/video', {
        ...as(l),
        body: { goodsId: goods, sectionId: s.sectionId },
      })
      expect(o.code).toBe(200)
      await elapse(l.userId, s.durationSeconds)
      const r = await call<{ accepted: boolean }>(h.app, 'POST /study/record', {
        ...as(l),
        body: { sessionId: o.data.sessionId, startPosition: 0, endPosition: s.durationSeconds, event: 'end' },
      })
      expect(r.code).toBe(200)
      expect(r.data.accepted).toBe(true)
    }

    /** Practises `n` questions of a chapter of the bank and saves the answers (practice mode). */
    async function answer(l: Learner, bankId: number, n: number) {
      const [chapter] = await db()
        .select({ id: bankChapter.id })
        .from(bankChapter)
        .where(eq(bankChapter.bankId, bankId))
        .orderBy(bankChapter.sort, bankChapter.id)
      const r = await call<{ recordId: number; questions: { questionId: number; type: number }[] }>(
        h.app,
        'POST /bank/record',
        { ...as(l), body: { mode: 'practice', scope: 'chapter', chapterId: chapter!.id } },
      )
      expect(r.code).toBe(200)
      const qs = r.data.questions.slice(0, n)
      expect(qs.length).toBe(n)
      const at = Date.now() / 1000
      const saved = await call<{ saved: number }>(h.app, 'POST /bank/record/edit', {
        ...as(l),
        body: {
          recordId: r.data.recordId,
          answers: qs.map((q, i) => ({
            questionId: q.questionId,
            ques: q.type === 4 ? ['A'] : q.type === 5 ? { text: '我的作答', imageList: [] } : 'A',
            answeredAt: at + i * 0.001,
          })),
        },
      })
      expect(saved.code).toBe(200)
      expect(saved.data.saved).toBe(n)
    }

    describe('the goods to plan', () => {
      it('offers nothing to a learner who owns nothing, and refuses a plan for a goods not owned', async () => {
        const l = await learner()
        expect((await listGoods(l)).data).toEqual([])
        const r = await create(l, planBody(id.tzDg!, [{ kind: 'course', courseId: 1, unit: 'minutes', target: 30 }]))
        expect(r.code).toBe(403)
        expect(r.msg).toMatch(/goodsId/)
        expect((await list(l)).data.total).toBe(0)
      })

      it('lists owned goods with their courses and banks; a package stands for the goods inside it', async () => {
        const l = await learner()
        await grant(l, id.tzDg!)
        await grant(l, id.yjPkg!)
        const goods = (await listGoods(l)).data
        expect(goods.map((g) => g.goodsId).sort()).toEqual([id.tzDg, id.yjPkg].sort())
        const course = goods.find((g) => g.goodsId === id.tzDg)!
        expect(course.courses.length).toBeGreaterThan(0)
        expect(course.courses[0]!.sectionNum).toBeGreaterThan(0)
        expect(course.courses[0]!.totalSeconds).toBeGreaterThan(0)
        const pkg = goods.find((g) => g.goodsId === id.yjPkg)!
        expect(pkg.goodsType).toBe(4)
        expect(pkg.courses.length).toBe(2) // its two course goods
        expect(pkg.banks.length).toBeGreaterThan(0) // its question bank goods
        expect(pkg.banks[0]!.questionNum).toBeGreaterThan(0)
        expect(pkg.expireTime).toBeNull()
        // the course goods inside the package is not listed on its own
        expect(goods.some((g) => g.goodsId === id.yjJj)).toBe(false)
      })

      it('refuses an expired or revoked grant', async () => {
        const l = await learner()
        await db()
          .insert(userGoods)
          .values({ tenantId: 1001, userId: l.userId, goodsId: id.tzDg!, expiresAt: new Date(Date.now() - 1000) })
        expect((await listGoods(l)).data).toEqual([])
        const r = await create(l, planBody(id.tzDg!, [{ kind: 'course', courseId: 1, unit: 'sections', target: 1 }]))
        expect(r.code).toBe(403)
      })
    })

    describe('create, edit, delete', () => {
      it('creates a plan and shows it in my list, detail and today', async () => {
        const { l, course, bank } = await owner()
        const r = await create(
          l,
          planBody(id.tzDg!, [{ kind: 'course', courseId: course.courseId, unit: 'sections', target: 1 }], {
            name: '  电工冲刺  ',
            weekdays: [7, 1, 1, 3],
          }),
        )
        expect(r.code).toBe(200)
        expect(r.data).toMatchObject({
          name: '电工冲刺',
          goodsId: id.tzDg,
          status: 'active',
          entitled: true,
          remind: true,
        })
        expect(r.data.weekdays).toEqual([1, 3, 7])
        expect(r.data.items).toEqual([
          expect.objectContaining({
            kind: 'course',
            courseId: course.courseId,
            name: course.courseName,
            unit: 'sections',
            target: 1,
          }),
        ])
        const planned = [1, 3, 7].includes(weekdayOf(today()))
        expect(r.data.todayPlanned).toBe(planned)
        expect(r.data.todayTotal).toBe(planned ? 1 : 0)
        expect(r.data.plannedDays).toBeGreaterThanOrEqual(12)
        const mine = await list(l)
        expect(mine.data.total).toBe(1)
        expect(mine.data.rows[0]!.id).toBe(r.data.id)
        const d = await info(l, r.data.id)
        expect(d.code).toBe(200)
        expect(d.data.days.length).toBe(r.data.plannedDays)
        expect(d.data.days.every((x) => [1, 3, 7].includes(weekdayOf(x.date)))).toBe(true)
        // a bank plan of the other goods
        const b = await create(
          l,
          planBody(id.dgBank!, [{ kind: 'bank', bankId: bank.bankId, unit: 'questions', target: 10 }]),
        )
        expect(b.code).toBe(200)
        expect(b.data.items[0]).toMatchObject({ kind: 'bank', bankId: bank.bankId, name: bank.bankName })
        expect((await list(l)).data.total).toBe(2)
      })

      it('refuses bad input with a clear message and changes nothing', async () => {
        const { l, course, bank } = await owner()
        const c = { kind: 'course', courseId: course.courseId, unit: 'minutes', target: 30 }
        const cases: [unknown, RegExp][] = [
          [planBody(id.tzDg!, [c], { startDate: '2025-13-01' }), /startDate/],
          [planBody(id.tzDg!, [c], { startDate: '2025-02-30', endDate: '2025-03-30' }), /startDate/],
          [
            planBody(id.tzDg!, [c], { startDate: addDays(today(), -1) }),
            /startDate: the plan cannot start before today/,
          ],
          [planBody(id.tzDg!, [c], { endDate: addDays(today(), -1) }), /endDate/],
          [planBody(id.tzDg!, [c], { endDate: addDays(today(), 366) }), /at most 366 days/],
          [planBody(id.tzDg!, [c], { weekdays: [] }), /weekdays/],
          [planBody(id.tzDg!, [c], { weekdays: [8] }), /weekdays/],
          [planBody(id.tzDg!, [c], { name: '   ' }), /plan name is required/],
          [planBody(id.tzDg!, [c], { name: '计'.repeat(31) }), /at most 30/],
          [planBody(id.tzDg!, []), /at least one/],
          [
            planBody(
              id.tzDg!,
              Array.from({ length: 11 }, () => c),
            ),
            /at most 10/,
          ],
          [planBody(id.tzDg!, [{ ...c, target: 4 }]), /minutes a day must be 5-600/],
          [planBody(id.tzDg!, [{ ...c, unit: 'sections', target: 51 }]), /sections a day must be 1-50/],
          [planBody(id.tzDg!, [{ ...c, unit: 'questions' }]), /counts minutes or sections/],
          [planBody(id.tzDg!, [{ kind: 'course', unit: 'minutes', target: 30 }]), /courseId is required/],
          [planBody(id.tzDg!, [c, c]), /listed twice/],
          [planBody(id.dgBank!, [{ kind: 'bank', bankId: bank.bankId, unit: 'questions', target: 501 }]), /1-500/],
          // a one-day plan on a weekday that is not that day
          [
            planBody(id.tzDg!, [c], { endDate: today(), weekdays: [(weekdayOf(today()) % 7) + 1] }),
            /no chosen weekday/,
          ],
        ]
        for (const [body, msg] of cases) {
          const r = await create(l, body)
          expect([r.code, r.msg], JSON.stringify(body)).toEqual([400, expect.stringMatching(msg)])
        }
        expect((await list(l)).data.total).toBe(0)
      })

      it('refuses items that are not part of the goods, and goods of another tenant', async () => {
        const { l, course, bank } = await owner()
        // the bank belongs to another goods the learner owns: not to this one
        const r1 = await create(
          l,
          planBody(id.tzDg!, [{ kind: 'bank', bankId: bank.bankId, unit: 'questions', target: 5 }]),
        )
        expect([r1.code, r1.msg]).toEqual([
          400,
          expect.stringMatching(/items\.0\.bankId: this question bank is not part/),
        ])
        const r2 = await create(
          l,
          planBody(id.dgBank!, [{ kind: 'course', courseId: course.courseId, unit: 'minutes', target: 30 }]),
        )
        expect([r2.code, r2.msg]).toEqual([400, expect.stringMatching(/items\.0\.courseId: this course is not part/)])
        // a goods of tenant 1002 named under tenant 1001
        const r3 = await create(l, planBody(id.cjBank!, [{ kind: 'bank', bankId: 1, unit: 'questions', target: 5 }]))
        expect(r3.code).toBe(403)
        expect((await list(l)).data.total).toBe(0)
      })

      it('edits a plan (items replaced) and deletes it', async () => {
        const { l, course } = await owner()
        const made = await create(
          l,
          planBody(id.tzDg!, [{ kind: 'course', courseId: course.courseId, unit: 'minutes', target: 30 }]),
        )
        const planId = made.data.id
        const e = await edit(l, {
          ...planBody(id.tzDg!, [{ kind: 'course', courseId: course.courseId, unit: 'sections', target: 3 }]),
          id: planId,
          name: '周末复习',
          weekdays: [6, 7],
          remind: false,
        })
        expect(e.code).toBe(200)
        expect(e.data).toMatchObject({ id: planId, name: '周末复习', weekdays: [6, 7], remind: false })
        expect(e.data!.items).toHaveLength(1)
        expect(e.data!.items[0]).toMatchObject({ unit: 'sections', target: 3 })
        // a partial edit (a field missing) is refused and changes nothing
        const bad = await edit(l, { id: planId, name: '只改名字' })
        expect(bad.code).toBe(400)
        expect((await info(l, planId)).data.name).toBe('周末复习')
        // delete
        const d = await edit(l, { id: planId, delete: true })
        expect([d.code, d.data]).toEqual([200, null])
        expect((await info(l, planId)).code).toBe(404)
        expect((await list(l)).data.total).toBe(0)
        expect((await edit(l, { id: planId, delete: true })).code).toBe(404)
      })

      it('keeps a running plan editable: a start date already past may stay, a changed one may not be past', async () => {
        const { l, course } = await owner()
        const made = await create(
          l,
          planBody(id.tzDg!, [{ kind: 'course', courseId: course.courseId, unit: 'minutes', target: 30 }]),
        )
        const past = addDays(today(), -10)
        await db().update(studyPlan).set({ startDate: past }).where(eq(studyPlan.id, made.data.id))
        const items = [{ kind: 'course', courseId: course.courseId, unit: 'minutes', target: 45 }]
        const ok = await edit(l, { ...planBody(id.tzDg!, items, { startDate: past }), id: made.data.id })
        expect(ok.code).toBe(200)
        expect(ok.data!.startDate).toBe(past)
        const moved = await edit(l, {
          ...planBody(id.tzDg!, items, { startDate: addDays(past, -1) }),
          id: made.data.id,
        })
        expect([moved.code, moved.msg]).toEqual([400, expect.stringMatching(/cannot start before today/)])
      })

      it('limits the plans that have not ended', async () => {
        const { l, course } = await owner()
        const body = planBody(id.tzDg!, [{ kind: 'course', courseId: course.courseId, unit: 'minutes', target: 30 }])
        // 20 open plans written directly (the limit is about the count, not how they were made)
        for (let i = 0; i < 20; i++)
          await db()
            .insert(studyPlan)
            .values({
              tenantId: 1001,
              userId: l.userId,
              goodsId: id.tzDg!,
              name: `p${i}`,
              startDate: today(),
              endDate: today(),
              weekdays: ALL_DAYS,
            })
        const r = await create(l, body)
        expect([r.code, r.msg]).toEqual([400, expect.stringMatching(/20 plans/)])
        // an ended plan does not count
        await db()
          .update(studyPlan)
          .set({ startDate: '2024-01-01', endDate: '2024-01-31' })
          .where(and(eq(studyPlan.userId, l.userId), eq(studyPlan.name, 'p0')))
        expect((await create(l, body)).code).toBe(200)
        const ended = await list(l, { status: 'ended' })
        expect(ended.data.total).toBe(1)
        expect(ended.data.rows[0]!.status).toBe('ended')
        // running and upcoming first
        const all = await list(l, { pageSize: 100 })
        expect(all.data.total).toBe(21)
        expect(all.data.rows.at(-1)!.status).toBe('ended')
      })
    })

    describe('ownership and tenants', () => {
      it("answers 404 for another learner's plan: detail, edit and delete", async () => {
        const { l, course } = await owner()
        const made = await create(
          l,
          planBody(id.tzDg!, [{ kind: 'course', courseId: course.courseId, unit: 'minutes', target: 30 }]),
        )
        const other = await learner()
        await grant(other, id.tzDg!)
        expect((await info(other, made.data.id)).code).toBe(404)
        const e = await edit(other, {
          ...planBody(id.tzDg!, [{ kind: 'course', courseId: course.courseId, unit: 'minutes', target: 60 }]),
          id: made.data.id,
        })
        expect(e.code).toBe(404)
        expect((await edit(other, { id: made.data.id, delete: true })).code).toBe(404)
        expect((await list(other)).data.total).toBe(0)
        expect((await seven(other)).data.every((d) => d.items.length === 0)).toBe(true)
        // the owner's plan is untouched
        expect((await info(l, made.data.id)).data.items[0]!.target).toBe(30)
      })

      it('keeps tenants apart: a learner of another school sees nothing, a token under another tenant is refused', async () => {
        const { l, course } = await owner()
        const made = await create(
          l,
          planBody(id.tzDg!, [{ kind: 'course', courseId: course.courseId, unit: 'minutes', target: 30 }]),
        )
        const b = await learner(1002)
        expect((await info(b, made.data.id)).code).toBe(404)
        expect((await list(b)).data.total).toBe(0)
        const cross = await call(h.app, 'GET /system/plan/inFo', {
          tenant: 1002,
          token: l.token,
          query: { id: made.data.id },
        })
        expect(cross.code).toBe(401)
        // tenant 1002's own goods can be planned there
        await grant(b, id.cjBank!)
        const goods = (await listGoods(b)).data
        expect(goods.map((g) => g.goodsId)).toEqual([id.cjBank])
        const r = await create(
          b,
          planBody(id.cjBank!, [{ kind: 'bank', bankId: goods[0]!.banks[0]!.bankId, unit: 'questions', target: 5 }]),
        )
        expect(r.code).toBe(200)
      })

      it('needs a login', async () => {
        expect((await call(h.app, 'GET /system/plan/userPlanSeven', {})).code).toBe(401)
        expect((await call(h.app, 'POST /system/plan', { body: {} })).code).toBe(401)
      })
    })

    describe('what was done is derived from real study and practice', () => {
      it('ticks a course item after a section is finished and a bank item after the questions are answered', async () => {
        const { l, course, bank } = await owner()
        const c = await create(
          l,
          planBody(id.tzDg!, [{ kind: 'course', courseId: course.courseId, unit: 'sections', target: 1 }], {
            name: '看课',
          }),
        )
        const b = await create(
          l,
          planBody(id.dgBank!, [{ kind: 'bank', bankId: bank.bankId, unit: 'questions', target: 3 }], { name: '刷题' }),
        )
        expect([c.code, b.code]).toEqual([200, 200])

        let days = (await seven(l)).data
        expect(days).toHaveLength(7)
        expect(days[0]).toMatchObject({ date: today(), isToday: true, totalNum: 2, doneNum: 0 })
        expect(days.map((d) => d.date)).toEqual(Array.from({ length: 7 }, (_, i) => addDays(today(), i)))
        expect(days[6]!.totalNum).toBe(2)
        expect(await planSum(l)).toBe(2)

        // two answers: not yet the three planned
        await answer(l, bank.bankId, 2)
        days = (await seven(l)).data
        const bankItem = () => days[0]!.items.find((i) => i.kind === 'bank')!
        expect(bankItem()).toMatchObject({ amount: 2, done: false, planId: b.data.id, planName: '刷题' })
        expect(await planSum(l)).toBe(2)
        // answering the same questions again does not count twice; a third question does
        await answer(l, bank.bankId, 3)
        days = (await seven(l)).data
        expect(bankItem()).toMatchObject({ amount: 3, done: true })
        expect(days[0]!.doneNum).toBe(1)
        expect(await planSum(l)).toBe(1)

        // a section opened but not watched is not done
        const sections = await sectionsOf(l, id.tzDg!, course.courseId)
        const courseItem = () => days[0]!.items.find((i) => i.kind === 'course')!
        expect(courseItem()).toMatchObject({ amount: 0, done: false })
        await watch(l, id.tzDg!, sections[0]!)
        days = (await seven(l)).data
        expect(courseItem()).toMatchObject({ amount: 1, done: true, goodsId: id.tzDg })
        expect(days[0]).toMatchObject({ doneNum: 2, totalNum: 2 })
        // later days are not done by today's study
        expect(days[1]!.doneNum).toBe(0)
        expect(await planSum(l)).toBe(0)

        // the plans' rows and details say so too
        const rows = (await list(l)).data.rows
        expect(rows.every((r) => r.todayDone === r.todayTotal && r.todayTotal === 1)).toBe(true)
        const d = (await info(l, c.data.id)).data
        expect(d.days[0]).toMatchObject({ date: today(), state: 'done' })
        expect(d.days[1]!.state).toBe('upcoming')
        expect(d.doneDays).toBe(1)

        // listPlan answers the same days for a calendar range
        const range = await call<Day[]>(h.app, 'POST /system/plan/listPlan', {
          ...as(l),
          body: { startDate: addDays(today(), -3), endDate: addDays(today(), 3) },
        })
        expect(range.code).toBe(200)
        expect(range.data).toHaveLength(7)
        expect(range.data[0]!.totalNum).toBe(0) // before the plans start
        expect(range.data[3]).toMatchObject({ date: today(), isToday: true, doneNum: 2 })
      })

      it('counts minutes watched of the course', async () => {
        const { l, course } = await owner()
        await create(l, planBody(id.tzDg!, [{ kind: 'course', courseId: course.courseId, unit: 'minutes', target: 5 }]))
        const sections = await sectionsOf(l, id.tzDg!, course.courseId)
        let seconds = 0
        for (const s of sections.slice(0, 3)) {
          await watch(l, id.tzDg!, s)
          seconds += s.durationSeconds
        }
        const item = (await seven(l)).data[0]!.items[0]!
        expect(item.amount).toBe(Math.floor(seconds / 60))
        expect(item.done).toBe(seconds >= 300)
      })

      it('checks the calendar range', async () => {
        const l = await learner()
        const bad = await call(h.app, 'POST /system/plan/listPlan', {
          ...as(l),
          body: { startDate: today(), endDate: addDays(today(), 62) },
        })
        expect([bad.code, bad.msg]).toEqual([400, expect.stringMatching(/62 days/)])
        const reversed = await call(h.app, 'POST /system/plan/listPlan', {
          ...as(l),
          body: { startDate: today(), endDate: addDays(today(), -1) },
        })
        expect(reversed.code).toBe(400)
      })

      it('leaves a plan whose goods is no longer held out of the days and the badge', async () => {
        const { l, course } = await owner()
        const made = await create(
          l,
          planBody(id.tzDg!, [{ kind: 'course', courseId: course.courseId, unit: 'minutes', target: 30 }]),
        )
        expect(await planSum(l)).toBe(1)
        await db()
          .update(userGoods)
          .set({ revokedAt: new Date() })
          .where(and(eq(userGoods.userId, l.userId), eq(userGoods.goodsId, id.tzDg!)))
        expect(await planSum(l)).toBe(0)
        expect((await seven(l)).data[0]!.totalNum).toBe(0)
        const row = (await info(l, made.data.id)).data
        expect(row.entitled).toBe(false)
        expect(row.todayPlanned).toBe(false)
      })
    })

    describe('the reminder', () => {
      const at = (hour: number) => new Date(Date.parse(`${today()}T${String(hour).padStart(2, '0')}:00:00+08:00`))
      const planMessages = async (l: Learner) =>
        db()
          .select()
          .from(informUser)
          .where(and(eq(informUser.userId, l.userId), eq(informUser.kind, 'plan')))

      it('writes one message per learner on a planned day from 08:00, however often the sweep runs', async () => {
        const { l, course, bank } = await owner()
        await create(
          l,
          planBody(id.tzDg!, [{ kind: 'course', courseId: course.courseId, unit: 'minutes', target: 30 }]),
        )
        await create(l, planBody(id.dgBank!, [{ kind: 'bank', bankId: bank.bankId, unit: 'questions', target: 20 }]))
        // before 08:00: nothing yet
        await sweepPlanReminders(db(), at(7))
        expect(await planMessages(l)).toHaveLength(0)
        const sent = await sweepPlanReminders(db(), at(9))
        expect(sent).toBeGreaterThanOrEqual(1)
        await sweepPlanReminders(db(), at(9))
        await sweepPlanReminders(db(), at(15))
        const msgs = await planMessages(l)
        expect(msgs).toHaveLength(1) // two plans, one message
        expect(msgs[0]!.link).toBe('/pages2/plan/index')
        expect(msgs[0]!.content).toContain(course.courseName)
        expect(msgs[0]!.content).toContain(bank.bankName)
        expect(msgs[0]!.content).toContain('2 项')
        // the learner reads it in the messages list
        const unread = await call<{ informSum: number }>(h.app, 'GET /app/user/infoAttached', as(l))
        expect(unread.data.informSum).toBeGreaterThanOrEqual(1)
      })

      it('sends nothing for a plan without reminders, on a day off, or when everything is done already', async () => {
        const quiet = await owner()
        await create(
          quiet.l,
          planBody(id.tzDg!, [{ kind: 'course', courseId: quiet.course.courseId, unit: 'minutes', target: 30 }], {
            remind: false,
          }),
        )
        const dayOff = await owner()
        const other = (weekdayOf(today()) % 7) + 1
        await create(
          dayOff.l,
          planBody(id.tzDg!, [{ kind: 'course', courseId: dayOff.course.courseId, unit: 'minutes', target: 30 }], {
            weekdays: [other],
          }),
        )
        const busy = await owner()
        await create(
          busy.l,
          planBody(id.dgBank!, [{ kind: 'bank', bankId: busy.bank.bankId, unit: 'questions', target: 2 }]),
        )
        await answer(busy.l, busy.bank.bankId, 2)
        await sweepPlanReminders(db(), at(10))
        expect(await planMessages(quiet.l)).toHaveLength(0)
        expect(await planMessages(dayOff.l)).toHaveLength(0)
        expect(await planMessages(busy.l)).toHaveLength(0)
        // the busy learner's day was looked at once and is not looked at again
        const rows = await db().select().from(studyPlanRemind).where(eq(studyPlanRemind.userId, busy.l.userId))
        expect(rows).toEqual([expect.objectContaining({ day: today(), sent: false })])
      })
    })
  })
}
