/**
 * Course extras (docs/DECISIONS.md "Course extras"): hours rebuilt from the accepted intervals after the stored
 * progress was corrupted, the skip rule the player follows, majors, old editions and where they redirect, section
 * tests taken through the real paper calls, the assessment checklist flipping on real records, the teachers of a
 * goods and the public learning prompts with their cache. Validation 400s, 612 without a grant, another tenant's
 * goods 404.
 */
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../server/src/db'
import {
  bankRecord,
  config as configTable,
  courseSection,
  exam,
  goods,
  playSession,
  question,
  studyInterval,
  studyProgress,
  userGoods,
} from '../../server/src/db/schema'
import { call, type Harness, harness, smsCodeFor } from './helpers'
import { goodsId } from './shop-helpers'

type Totals = {
  sectionNum: number
  finishedSectionNum: number
  totalSeconds: number
  creditedSeconds: number
  percent: number
}
type Status = { goodsId: number; stale: boolean; staleSectionNum: number; stored: Totals; fromIntervals: Totals }
type Rebuilt = { goodsId: number; changedSectionNum: number; before: Totals; after: Totals }
type Section = { sectionId: number; durationSeconds: number; status: number; creditedSeconds: number }
type Skip = {
  goodsId: number
  sectionId: number | null
  antiSkip: boolean
  trial: boolean
  finished: boolean
  seekable: boolean
  skipPoint: number
  slackSeconds: number
  durationSeconds: number
}
type Major = { majorId: number; majorName: string; educationTypeId: number; goodsNum: number; mine: boolean }
type Successor = { goodsId: number; goodsName: string; onSale: boolean; owned: boolean }
type OldRow = { goodsId: number; goodsName: string; playable: boolean; successor: Successor }
type Redirect = {
  goodsId: number
  action: string
  targetGoodsId: number
  path: string
  successor: Successor | null
}
type Test = {
  sectionId: number
  paperId: number
  questionNum: number
  passScore: number
  bestScore: number | null
  passed: boolean
  attemptNum: number
  sectionFinished: boolean
  path: string
}
type Item = { key: string; examId: number | null; done: boolean; current: number; target: number; title: string }
type Examine = { goodsId: number; allDone: boolean; items: Item[] }
type Teacher = { teacherId: number; teacherName: string; courses: { courseId: number; courseName: string }[] }
type Prompt = { key: string; title: string; content: string; goodsId: number | null }

let phoneSeq = 0
const STAFF_TOKEN = 'courses-staff-token'

export function coursesSuite(label: string, open: () => Promise<Database>) {
  describe(`course extras (${label})`, () => {
    let h: Harness
    const db = () => h.database.db
    const id: Record<string, number> = {}

    beforeAll(async () => {
      h = await harness(await open(), { staffToken: STAFF_TOKEN })
      id.aqJx = await goodsId(h, 1001, '安全员继续教育（2025年度必修）')
      id.aqOld = await goodsId(h, 1001, '安全员继续教育（2024年度必修）')
      id.tzDg = await goodsId(h, 1001, '特种作业低压电工取证班')
      id.kjJx = await goodsId(h, 1002, '会计人员继续教育（2025年度）')
      // the photo checks of this goods are the learn suite's subject, not this one's: off here
      await db().update(goods).set({ photoAtStart: false, photoRandomCount: 0 }).where(eq(goods.id, id.aqJx))
    })
    afterAll(async () => {
      await h?.close()
    })

    async function learner(tenant: 1001 | 1002 = 1001) {
      const phone = `137${String(Date.now() % 100_000).padStart(5, '0')}${String(++phoneSeq % 1000).padStart(3, '0')}`
      const code = await smsCodeFor(h, 'login', phone, tenant)
      const r = await call<{ token: string }>(h.app, 'POST /app/common/sms_login', {
        tenant,
        body: { telPhone: phone, code, deviceUuid: `device-courses-${phone}` },
      })
      if (r.code !== 200) throw new Error(`login failed: ${r.raw}`)
      const info = await call<{ userId: number }>(h.app, 'GET /app/user/getInfo', { tenant, token: r.data.token })
      return { token: r.data.token, userId: info.data.userId, tenant }
    }
    type Learner = Awaited<ReturnType<typeof learner>>
    const as = (l: Learner) => ({ tenant: l.tenant, token: l.token })
    const grant = (l: Learner, goods: number, expiresAt: Date | null = null) =>
      db().insert(userGoods).values({ tenantId: l.tenant, userId: l.userId, goodsId: goods, expiresAt })

    /** `seconds` of wall time pass for the learner (sessions and intervals move back, as in learn.test). */
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

    async function sectionsOf(l: Learner, goods: number) {
      const courses = await call<{ courseId: number }[]>(h.app, 'GET /course/courseList', {
        ...as(l),
        query: { goodsId: goods },
      })
      expect(courses.code).toBe(200)
      const out: Section[] = []
      for (const c of courses.data) {
        const menu = await call<{ sectionList: Section[] }[]>(h.app, 'GET /course/menuList', {
          ...as(l),
          query: { goodsId: goods, courseId: c.courseId },
        })
        out.push(...menu.data.flatMap((ch) => ch.sectionList))
      }
      return out
    }

    /** Plays a section from start to end in real time through the real calls. */
    async function watch(l: Learner, goods: number, s: Section) {
      const o = await call<{ sessionId: string; photos: unknown[] }>(h.app, 'POST /study/record/save/video', {
        ...as(l),
        body: { goodsId: goods, sectionId: s.sectionId },
      })
      expect(o.code, o.raw).toBe(200)
      await elapse(l.userId, s.durationSeconds)
      const r = await call<{ accepted: boolean }>(h.app, 'POST /study/record', {
        ...as(l),
        body: { sessionId: o.data.sessionId, startPosition: 0, endPosition: s.durationSeconds, event: 'end' },
      })
      expect(r.code, r.raw).toBe(200)
      expect(r.data.accepted).toBe(true)
    }

    /** Takes a section test through the real paper calls, every answer right (or every answer wrong). */
    async function takeTest(l: Learner, paperId: number, right = true) {
      const r = await call<{ recordId: number; questions: { questionId: number }[] }>(h.app, 'POST /exam/record', {
        ...as(l),
        body: { paperId },
      })
      expect(r.code, r.raw).toBe(200)
      const answers = []
      for (const [i, q] of r.data.questions.entries()) {
        const [row] = await db().select({ ans: question.ans }).from(question).where(eq(question.id, q.questionId))
        const ans = right ? row!.ans : row!.ans === 'A' ? 'B' : 'A'
        answers.push({ questionId: q.questionId, ques: ans, answeredAt: Date.now() / 1000 + i * 0.001 })
      }
      const done = await call<{ submitted: boolean }>(h.app, 'POST /exam/record/edit', {
        ...as(l),
        body: { recordId: r.data.recordId, answers, final: true },
      })
      expect(done.code, done.raw).toBe(200)
      expect(done.data.submitted).toBe(true)
    }

    const status = (l: Learner, goods: number) =>
      call<Status>(h.app, 'GET /course/goodsRebuildStatus', { ...as(l), query: { goodsId: goods } })
    const rebuild = (l: Learner, goods: unknown) =>
      call<Rebuilt>(h.app, 'POST /course/period/rebuild', { ...as(l), body: { goodsId: goods } })
    const examine = (l: Learner, goods: number) =>
      call<Examine>(h.app, 'GET /course/examine/list', { ...as(l), query: { goodsId: goods } })
    const tests = (l: Learner, query: Record<string, unknown>) =>
      call<Test[]>(h.app, 'GET /course/sectionExamList', { ...as(l), query })

    describe('hours rebuilt from intervals', () => {
      it('gives back the interval-derived numbers after the stored progress was corrupted, once', async () => {
        const l = await learner()
        await grant(l, id.aqJx!)
        const [s0, s1] = await sectionsOf(l, id.aqJx!)
        await watch(l, id.aqJx!, s0!)
        const fresh = await status(l, id.aqJx!)
        expect(fresh.code).toBe(200)
        expect(fresh.data.stale).toBe(false)
        expect(fresh.data.stored).toEqual(fresh.data.fromIntervals)
        expect(fresh.data.stored.creditedSeconds).toBe(s0!.durationSeconds)

        // stored progress corrupted: credit lost on one section, credit out of nowhere on another
        await db()
          .update(studyProgress)
          .set({ creditedSeconds: 1, status: 1, coverage: [[0, 1]] })
          .where(and(eq(studyProgress.userId, l.userId), eq(studyProgress.sectionId, s0!.sectionId)))
        await db()
          .insert(studyProgress)
          .values({
            tenantId: 1001,
            userId: l.userId,
            goodsId: id.aqJx!,
            courseId: (await sectionRow(s1!.sectionId)).courseId,
            sectionId: s1!.sectionId,
            status: 2,
            creditedSeconds: s1!.durationSeconds,
            coverage: [[0, s1!.durationSeconds]],
            furthest: s1!.durationSeconds,
          })
        const stale = await status(l, id.aqJx!)
        expect(stale.data).toMatchObject({ stale: true, staleSectionNum: 2 })
        expect(stale.data.stored.creditedSeconds).toBe(1 + s1!.durationSeconds)
        expect(stale.data.fromIntervals.creditedSeconds).toBe(s0!.durationSeconds)
        expect(stale.data.fromIntervals.finishedSectionNum).toBe(1)

        const r = await rebuild(l, id.aqJx!)
        expect(r.code, r.raw).toBe(200)
        expect(r.data.changedSectionNum).toBe(2)
        expect(r.data.before.creditedSeconds).toBe(1 + s1!.durationSeconds)
        expect(r.data.after).toEqual(stale.data.fromIntervals)
        const after = await sectionsOf(l, id.aqJx!)
        expect(after[0]).toMatchObject({ status: 2, creditedSeconds: s0!.durationSeconds })
        expect(after[1]).toMatchObject({ status: 0, creditedSeconds: 0 })
        expect((await status(l, id.aqJx!)).data.stale).toBe(false)
        // idempotent
        const again = await rebuild(l, id.aqJx!)
        expect(again.data.changedSectionNum).toBe(0)
        expect(again.data.after).toEqual(r.data.after)

        // a lost row comes back from its intervals
        await db()
          .delete(studyProgress)
          .where(and(eq(studyProgress.userId, l.userId), eq(studyProgress.sectionId, s0!.sectionId)))
        expect((await status(l, id.aqJx!)).data.stale).toBe(true)
        expect((await rebuild(l, id.aqJx!)).data.after.creditedSeconds).toBe(s0!.durationSeconds)
        expect((await sectionsOf(l, id.aqJx!))[0]).toMatchObject({ status: 2 })
      })

      it('refuses bad input, goods not held and another school goods', async () => {
        const l = await learner()
        const bad = await rebuild(l, 'x')
        expect(bad.code).toBe(400)
        expect(bad.msg).toContain('goodsId')
        expect((await call(h.app, 'GET /course/goodsRebuildStatus', { ...as(l), query: {} })).code).toBe(400)
        expect((await rebuild(l, id.aqJx!)).code).toBe(612)
        expect((await status(l, id.aqJx!)).code).toBe(612)
        expect((await rebuild(l, id.kjJx!)).code).toBe(404)
        expect((await call(h.app, 'POST /course/period/rebuild', { body: { goodsId: id.aqJx } })).code).toBe(401)
      })
    })

    async function sectionRow(sectionId: number) {
      const [row] = await db().select().from(courseSection).where(eq(courseSection.id, sectionId))
      return row!
    }

    describe('skip rule', () => {
      it('follows the goods setting and the section state, as checkVideo says', async () => {
        const l = await learner()
        await grant(l, id.aqJx!)
        const [s0] = await sectionsOf(l, id.aqJx!)
        const q = { goodsId: id.aqJx, sectionId: s0!.sectionId }
        const before = await call<Skip>(h.app, 'GET /course/skipPort', { ...as(l), query: q })
        expect(before.code, before.raw).toBe(200)
        const cv = await call<{ antiSkip: boolean; furthest: number }>(h.app, 'GET /study/record/check/video', {
          ...as(l),
          query: q,
        })
        expect(before.data).toMatchObject({
          sectionId: s0!.sectionId,
          antiSkip: cv.data.antiSkip,
          finished: false,
          trial: false,
          seekable: !cv.data.antiSkip,
          skipPoint: cv.data.furthest,
          durationSeconds: s0!.durationSeconds,
        })
        await watch(l, id.aqJx!, s0!)
        const after = await call<Skip>(h.app, 'GET /course/skipPort', { ...as(l), query: q })
        expect(after.data).toMatchObject({ finished: true, seekable: true, skipPoint: s0!.durationSeconds })
        const goodsRule = await call<Skip>(h.app, 'GET /course/skipPort', { ...as(l), query: { goodsId: id.aqJx } })
        expect(goodsRule.data).toMatchObject({ sectionId: null, antiSkip: cv.data.antiSkip })
      })

      it('refuses a section outside the goods, goods not held, bad ids and another school', async () => {
        const l = await learner()
        await grant(l, id.aqJx!)
        const [s0] = await sectionsOf(l, id.aqJx!)
        const notHeld = await call(h.app, 'GET /course/skipPort', { ...as(l), query: { goodsId: id.tzDg } })
        expect(notHeld.code).toBe(612)
        const bad = await call(h.app, 'GET /course/skipPort', { ...as(l), query: { goodsId: id.aqJx, sectionId: 'a' } })
        expect(bad.code).toBe(400)
        expect(bad.msg).toContain('sectionId')
        const b = await learner(1002)
        const foreign = await call(h.app, 'GET /course/skipPort', {
          ...as(b),
          query: { goodsId: id.aqJx, sectionId: s0!.sectionId },
        })
        expect(foreign.code).toBe(404)
      })
    })

    describe('majors', () => {
      it('lists the businesses with course goods, the learner’s own first', async () => {
        const l = await learner()
        const before = await call<Major[]>(h.app, 'GET /course/major/list', as(l))
        expect(before.code).toBe(200)
        const aq = before.data.find((m) => m.majorName === '安全员继续教育')
        expect(aq).toMatchObject({ mine: false })
        expect(aq!.goodsNum).toBeGreaterThan(0)
        expect(before.data.some((m) => m.majorName === '会计人员继续教育')).toBe(false) // the other school's
        await grant(l, id.aqJx!)
        const after = await call<Major[]>(h.app, 'GET /course/major/list', as(l))
        expect(after.data[0]).toMatchObject({ majorName: '安全员继续教育', mine: true })
        const only = await call<Major[]>(h.app, 'GET /course/major/list', {
          ...as(l),
          query: { educationTypeId: aq!.educationTypeId },
        })
        expect(only.data.length).toBeGreaterThan(0)
        expect(only.data.every((m) => m.educationTypeId === aq!.educationTypeId)).toBe(true)
        const bad = await call(h.app, 'GET /course/major/list', { ...as(l), query: { educationTypeId: '-1' } })
        expect(bad.code).toBe(400)
        expect(bad.msg).toContain('educationTypeId')
      })
    })

    describe('old editions', () => {
      it('lists a replaced goods with its successor and redirects to the right place', async () => {
        const l = await learner()
        const none = await call<OldRow[]>(h.app, 'GET /course/old/goods/list', as(l))
        expect(none.data).toEqual([])
        await grant(l, id.aqOld!)
        const list = await call<OldRow[]>(h.app, 'GET /course/old/goods/list', as(l))
        expect(list.data).toHaveLength(1)
        expect(list.data[0]).toMatchObject({
          goodsId: id.aqOld,
          playable: true,
          successor: { goodsId: id.aqJx, onSale: true, owned: false },
        })
        const go = (goods: number) =>
          call<Redirect>(h.app, 'GET /course/old/goods/redirect', { ...as(l), query: { goodsId: goods } })
        // it still plays: stay on it
        expect((await go(id.aqOld!)).data).toMatchObject({
          action: 'old',
          targetGoodsId: id.aqOld,
          path: `/pages2/learn/details?goodsId=${id.aqOld}`,
        })
        // expired and no successor held: buy the new edition
        await db()
          .update(userGoods)
          .set({ expiresAt: new Date(Date.now() - 86_400_000) })
          .where(and(eq(userGoods.userId, l.userId), eq(userGoods.goodsId, id.aqOld!)))
        expect((await go(id.aqOld!)).data).toMatchObject({
          action: 'buy',
          targetGoodsId: id.aqJx,
          path: `/pages3/course/detail?id=${id.aqJx}`,
        })
        // the successor held: study it
        await grant(l, id.aqJx!)
        expect((await go(id.aqOld!)).data).toMatchObject({
          action: 'successor',
          targetGoodsId: id.aqJx,
          path: `/pages2/learn/details?goodsId=${id.aqJx}`,
        })
        const again = await call<OldRow[]>(h.app, 'GET /course/old/goods/list', as(l))
        expect(again.data[0]).toMatchObject({ playable: false, successor: { owned: true } })
        // a current goods redirects to itself
        expect((await go(id.aqJx!)).data).toMatchObject({ action: 'old', targetGoodsId: id.aqJx, successor: null })
      })

      it('refuses goods not held, unknown ids, bad input and another school', async () => {
        const l = await learner()
        const go = (goodsId: unknown, who = l) =>
          call<Redirect>(h.app, 'GET /course/old/goods/redirect', { ...as(who), query: { goodsId } })
        expect((await go(id.aqOld)).code).toBe(612)
        expect((await go(999_999)).code).toBe(404)
        const bad = await go('abc')
        expect(bad.code).toBe(400)
        expect(bad.msg).toContain('goodsId')
        const b = await learner(1002)
        expect((await go(id.aqOld, b)).code).toBe(404)
        expect((await call<OldRow[]>(h.app, 'GET /course/old/goods/list', as(b))).data).toEqual([])
      })
    })

    describe('section tests and the assessment checklist', () => {
      it('lists the section tests with the best result, and the checklist flips on real records', async () => {
        const l = await learner()
        await grant(l, id.aqJx!)
        const list = await tests(l, { goodsId: id.aqJx })
        expect(list.code, list.raw).toBe(200)
        expect(list.data).toHaveLength(2)
        for (const t of list.data) {
          expect(t).toMatchObject({ passed: false, bestScore: null, attemptNum: 0, questionNum: 3 })
          expect(t.path).toBe(`/pages2/bank/questionBankTest?paperId=${t.paperId}`)
        }
        const first = await examine(l, id.aqJx!)
        expect(first.code, first.raw).toBe(200)
        expect(first.data.allDone).toBe(false)
        const keys = first.data.items.map((i) => i.key)
        expect(keys).toEqual(expect.arrayContaining(['courses', 'hours', 'sectionTests']))
        const item = (e: Examine, key: string) => e.items.find((i) => i.key === key)!
        expect(item(first.data, 'courses')).toMatchObject({ done: false, current: 0, title: '完成必修课程' })
        expect(item(first.data, 'hours')).toMatchObject({ done: false, current: 0 })
        expect(item(first.data, 'sectionTests')).toMatchObject({ done: false, current: 0, target: 2 })

        // a section test opens once its lesson is finished: refused before, and its questions come without answers
        const early = await call(h.app, 'POST /exam/record', { ...as(l), body: { paperId: list.data[0]!.paperId } })
        expect(early.code, early.raw).toBe(400)
        expect(early.msg).toMatch(/section test|章节测试/)
        const peek = await call<{ rows: { ans: string | null }[]; preview: boolean }>(
          h.app,
          'GET /app/common/bank/question/list',
          { ...as(l), query: { paperId: list.data[0]!.paperId } },
        )
        expect(peek.code, peek.raw).toBe(200)
        expect(peek.data.preview).toBe(true)
        expect(peek.data.rows.every((q) => q.ans === null)).toBe(true)
        for (const s of await sectionsOf(l, id.aqJx!)) await watch(l, id.aqJx!, s)
        expect((await tests(l, { goodsId: id.aqJx })).data.every((t) => t.sectionFinished)).toBe(true)

        // a failed attempt counts as an attempt, not a pass
        await takeTest(l, list.data[0]!.paperId, false)
        const failed = await tests(l, { goodsId: id.aqJx, sectionId: list.data[0]!.sectionId })
        expect(failed.data).toHaveLength(1)
        expect(failed.data[0]).toMatchObject({ attemptNum: 1, passed: false, bestScore: 0 })
        for (const t of list.data) await takeTest(l, t.paperId)
        const passed = await tests(l, { goodsId: id.aqJx })
        expect(passed.data.every((t) => t.passed && t.bestScore === 3)).toBe(true)
        expect(item((await examine(l, id.aqJx!)).data, 'sectionTests')).toMatchObject({ done: true, current: 2 })

        const done = await examine(l, id.aqJx!)
        expect(item(done.data, 'courses')).toMatchObject({ done: true, current: 1, target: 1 })
        const hours = item(done.data, 'hours')
        expect(hours.done).toBe(true)
        expect(hours.current).toBeGreaterThanOrEqual(hours.target)
        expect(done.data.allDone).toBe(done.data.items.every((i) => i.done))
      })

      it('has an item per exam of the goods that flips when the learner passes it', async () => {
        const [e] = await db()
          .select({ id: exam.id, goodsId: exam.goodsId, paperId: exam.paperId })
          .from(exam)
          .where(and(eq(exam.tenantId, 1001), eq(exam.name, '结业考试')))
        const l = await learner()
        await grant(l, e!.goodsId!)
        const before = await examine(l, e!.goodsId!)
        const it0 = before.data.items.find((i) => i.key === 'exam')!
        expect(it0).toMatchObject({ examId: e!.id, done: false })
        await db()
          .insert(bankRecord)
          .values({
            tenantId: 1001,
            userId: l.userId,
            mode: 'test',
            scope: 'exam',
            scopeKey: `exam:${e!.id}`,
            paperId: e!.paperId,
            examId: e!.id,
            questionIds: [],
            submittedAt: new Date(),
            report: { reportStatus: 1, performance: 99 },
          })
        const after = await examine(l, e!.goodsId!)
        expect(after.data.items.find((i) => i.key === 'exam')).toMatchObject({ done: true, current: 99 })
      })

      it('refuses goods not held, a course or section of another goods, bad input and another school', async () => {
        const l = await learner()
        expect((await tests(l, { goodsId: id.aqJx })).code).toBe(612)
        expect((await examine(l, id.aqJx!)).code).toBe(612)
        await grant(l, id.aqJx!)
        await grant(l, id.tzDg!)
        const [other] = await sectionsOf(l, id.tzDg!)
        expect((await tests(l, { goodsId: id.aqJx, sectionId: other!.sectionId })).code).toBe(404)
        expect((await tests(l, { goodsId: id.aqJx, courseId: 999_999 })).code).toBe(404)
        const bad = await tests(l, { goodsId: id.aqJx, courseId: 'x' })
        expect(bad.code).toBe(400)
        expect(bad.msg).toContain('courseId')
        expect((await tests(l, { goodsId: id.tzDg })).data).toEqual([]) // a goods without section tests
        const b = await learner(1002)
        expect((await tests(b, { goodsId: id.aqJx })).code).toBe(404)
        expect((await examine(b, id.aqJx!)).code).toBe(404)
      })
    })

    describe('teachers of a goods', () => {
      it('lists the teachers of the goods and the courses they give', async () => {
        const l = await learner()
        const r = await call<Teacher[]>(h.app, 'GET /goods/course/teacher/list', {
          ...as(l),
          query: { goodsId: id.aqJx },
        })
        expect(r.code, r.raw).toBe(200)
        expect(r.data.length).toBeGreaterThan(0)
        const giving = r.data.filter((t) => t.courses.length > 0)
        expect(giving.flatMap((t) => t.courses.map((c) => c.courseName))).toContain('安全员年度继续教育')
        const pub = await call<{ teacherId: number }[]>(h.app, 'GET /app/common/course/teacher/list', {
          query: { goodsId: id.aqJx },
        })
        for (const t of pub.data) expect(r.data.map((x) => x.teacherId)).toContain(t.teacherId)
        expect((await call(h.app, 'GET /goods/course/teacher/list', { query: { goodsId: id.aqJx } })).code).toBe(401)
        const b = await learner(1002)
        expect(
          (await call(h.app, 'GET /goods/course/teacher/list', { ...as(b), query: { goodsId: id.aqJx } })).code,
        ).toBe(404)
        expect((await call(h.app, 'GET /goods/course/teacher/list', { ...as(l), query: { goodsId: '0' } })).code).toBe(
          400,
        )
      })
    })

    describe('learning prompts', () => {
      const prompt = (query: Record<string, unknown> = {}, tenant = 1001) =>
        call<Prompt[]>(h.app, 'GET /app/common/prompt', { tenant, query })

      it('answers without a token: the school’s prompts, a goods’ own one replacing the general one', async () => {
        const all = await prompt()
        expect(all.code, all.raw).toBe(200)
        expect(all.data.map((p) => p.key)).toEqual(['exam', 'study'])
        expect(all.data.every((p) => p.goodsId === null)).toBe(true)
        const own = await prompt({ key: 'study', goodsId: id.aqJx })
        expect(own.data).toEqual([expect.objectContaining({ key: 'study', goodsId: id.aqJx })])
        expect(own.data[0]!.title).toBe('安全员继续教育学习须知')
        expect(own.data[0]!.content).toContain('<p>')
        const general = await prompt({ key: 'study', goodsId: id.tzDg })
        expect(general.data[0]).toMatchObject({ title: '学习须知', goodsId: null })
        expect((await prompt({ key: 'nothing-here' })).data).toEqual([])
        const bad = await prompt({ key: 'Bad Key!' })
        expect(bad.code).toBe(400)
        expect(bad.msg).toContain('key')
        expect((await prompt({ goodsId: id.kjJx })).code).toBe(404) // another school's goods
        expect((await prompt({ goodsId: id.kjJx }, 1002)).data.find((p) => p.key === 'study')?.goodsId).toBe(id.kjJx)
      })

      it('is cached per school until the content is announced changed', async () => {
        const key = 'prompt.exam'
        const before = (await prompt({ key: 'exam' })).data[0]!
        await db()
          .update(configTable)
          .set({ configValue: JSON.stringify({ title: '新的考试须知', content: '<p>x</p><script>x</script>' }) })
          .where(and(eq(configTable.tenantId, 1001), eq(configTable.configKey, key)))
        expect((await prompt({ key: 'exam' })).data[0]!.title).toBe(before.title)
        const announced = await h.app.inject({
          method: 'POST',
          url: '/api/staff/content/changed',
          headers: { 'tenant-id': '1001', 'x-staff-token': STAFF_TOKEN },
          payload: {},
        })
        expect(announced.statusCode).toBe(200)
        const now = (await prompt({ key: 'exam' })).data[0]!
        expect(now.title).toBe('新的考试须知')
        expect(now.content).not.toContain('script')
      })

      it('staff set and remove prompts; the public read shows the change at once', async () => {
        const staff = (method: 'GET' | 'POST', url: string, payload?: object, tenant = 1001, token = STAFF_TOKEN) =>
          h.app.inject({
            method,
            url: `/api/staff/${url}`,
            headers: { 'tenant-id': String(tenant), 'x-staff-token': token },
            ...(payload ? { payload } : {}),
          })
        await prompt({ key: 'live' }) // cached empty
        const set = await staff('POST', 'prompts', {
          key: 'live',
          title: '直播须知',
          content: '<p>请提前 5 分钟进入直播间</p><img src=x onerror=alert(1)>',
        })
        expect(set.statusCode, set.body).toBe(200)
        const live = (await prompt({ key: 'live' })).data
        expect(live).toEqual([expect.objectContaining({ key: 'live', title: '直播须知', goodsId: null })])
        expect(live[0]!.content).not.toContain('onerror')
        const own = await staff('POST', 'prompts', {
          key: 'live',
          goodsId: id.tzDg,
          title: '电工直播须知',
          content: 'x',
        })
        expect(own.statusCode).toBe(200)
        expect((await prompt({ key: 'live', goodsId: id.tzDg })).data[0]).toMatchObject({ title: '电工直播须知' })
        const listed = JSON.parse((await staff('GET', 'prompts')).body) as { data: { key: string }[] }
        expect(listed.data.filter((p) => p.key === 'live')).toHaveLength(2)
        // validation, another school's goods, a wrong token
        expect((await staff('POST', 'prompts', { key: 'Live!', title: 't', content: 'c' })).statusCode).toBe(400)
        expect((await staff('POST', 'prompts', { key: 'live', title: '', content: 'c' })).statusCode).toBe(400)
        expect(
          (await staff('POST', 'prompts', { key: 'live', goodsId: id.kjJx, title: 't', content: 'c' })).statusCode,
        ).toBe(404)
        expect(
          (await staff('POST', 'prompts', { key: 'live', title: 't', content: 'c' }, 1001, 'wrong')).statusCode,
        ).toBe(401)
        expect((await prompt({ key: 'live' }, 1002)).data).toEqual([]) // the other school has none
        const del = await staff('POST', 'prompts/delete', { key: 'live' })
        expect(JSON.parse(del.body).data).toEqual({ deleted: 1 })
        expect((await prompt({ key: 'live' })).data).toEqual([])
        expect((await prompt({ key: 'live', goodsId: id.tzDg })).data[0]).toMatchObject({ goodsId: id.tzDg })
      })
    })
  })
}
