/**
 * How many SQL statements each learner hot path runs (issue 15): exam list, exam sites and the booking list,
 * course menu with progress, question list, study report, answer saves and a 100-question submit. Each bound is
 * the number reached; a new N+1 (a query per row) pushes a path over it and fails here. The bounds leave room for
 * the token's lookup, which a signed-in call runs only when its session is not yet in the process's memory
 * (services/shared/session-cache.ts; checked below). Each call is also checked for its answer, so a path cannot get
 * under its bound by doing less.
 */
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RouteKey } from '../../contract/routes'
import { defaultConfig } from '../../server/src/config'
import type { Database } from '../../server/src/db'
import { bankRecord, goods, recordAnswer, userGoods } from '../../server/src/db/schema'
import { TenantScope } from '../../server/src/http/core'
import { issueToken } from '../../server/src/services/tokens'
import { bankFixture, type Fixture, rightAnswer } from './bank-helpers'
import { type CallOptions, call, type Harness, harness } from './helpers'
import { QueryCounter } from './query-count'

/** A bound on the statements; the failure message lists them (which one is new shows at a glance). */
function within(queries: string[], bound: number) {
  expect(queries.length, `${queries.length} statements:\n${queries.join('\n')}`).toBeLessThanOrEqual(bound)
}

export function queryCountSuite(label: string, open: (counter: QueryCounter) => Promise<Database>) {
  describe(`queries per learner request (${label})`, () => {
    const counter = new QueryCounter()
    let h: Harness
    let fx: Fixture
    let token: string
    let courseGoods: number
    let menuQuery: { goodsId: number; courseId: number }
    let sectionId: number

    /** Calls the route as the learner; returns the reply and the statements it ran. */
    async function counted(key: RouteKey, o: CallOptions = {}) {
      const { result, queries } = await counter.run(() => call(h.app, key, { token, ...o }))
      expect(result.code, `${key}: ${result.raw.slice(0, 300)}`).toBe(200)
      return { reply: result, queries }
    }

    beforeAll(async () => {
      h = await harness(await open(counter))
      const db = h.database.db
      fx = await bankFixture(db)
      token = await issueToken(db, new TenantScope(1001), defaultConfig(), fx.userA, 'device-query-count')
      const [course] = await db
        .select({ id: goods.id })
        .from(goods)
        .where(and(eq(goods.tenantId, 1001), eq(goods.goodsType, 1), eq(goods.photoAtStart, false)))
        .limit(1)
      courseGoods = course!.id
      await db.insert(userGoods).values({ tenantId: 1001, userId: fx.userA, goodsId: courseGoods })
      const courses = await call(h.app, 'GET /course/courseList', { token, query: { goodsId: courseGoods } })
      menuQuery = { goodsId: courseGoods, courseId: courses.data[0].courseId }
      const menu = await call(h.app, 'GET /course/menuList', { token, query: menuQuery })
      sectionId = menu.data[0].sectionList[0].sectionId
    })
    afterAll(async () => {
      await h?.close()
    })

    it('a signed-in call reads its token once: the next calls find the session in memory', async () => {
      await counted('GET /app/user/getInfo')
      const { queries } = await counted('GET /app/user/getInfo')
      expect(queries.filter((q) => q.includes('user_token'))).toEqual([])
      expect(queries.length).toBeGreaterThan(0) // the learner's own row is still read
    })

    it('exam list: auth + entitlement, exams, their papers and the learner attempts', async () => {
      const { reply, queries } = await counted('GET /bank/exam/exam/list', { query: { pageSize: 50 } })
      expect(reply.data.rows.length).toBeGreaterThan(1)
      within(queries, 3)
    })

    it('exam sites of a booked exam, and the bookable-exam list the booking page opens with', async () => {
      const exams = await call(h.app, 'GET /bank/exam/exam/list', { token, query: { pageSize: 50 } })
      const booked = exams.data.rows.find((e: { requireAppointment: boolean }) => e.requireAppointment)
      const sites = await counted('GET /apply/subscribeApplySite', { query: { examId: booked.examId } })
      expect(sites.reply.data.length).toBeGreaterThan(0)
      within(sites.queries, 3)
      const list = await counted('GET /apply/subscribe', { query: { kind: 'exam' } })
      expect(list.reply.data.length).toBeGreaterThan(0)
      // token, bookable exams with their session counts, the learner's bookings of them, the exam rows
      within(list.queries, 4)
    })

    it('course menu with the learner progress per section', async () => {
      const { reply, queries } = await counted('GET /course/menuList', { query: menuQuery })
      expect(reply.data[0].sectionList.length).toBeGreaterThan(0)
      within(queries, 3)
    })

    it('question list of a chapter', async () => {
      const { reply, queries } = await counted('GET /app/common/bank/question/list', {
        query: { chapterId: fx.chapterA },
      })
      expect(reply.data.rows.length).toBe(fx.qa.length)
      within(queries, 3)
    })

    it('study report (a pause report on an open play session)', async () => {
      const opened = await call(h.app, 'POST /study/record/save/video', {
        token,
        body: { goodsId: courseGoods, sectionId },
      })
      expect(opened.code).toBe(200)
      const { queries } = await counted('POST /study/record', {
        body: { sessionId: opened.data.sessionId, startPosition: 0, endPosition: 0, event: 'pause' },
      })
      // a write in a transaction: token, the learner's lock (reports of two sessions never interleave), the session
      // locked with its section, goods and grant, the progress row, the progress write, the session's position
      within(queries, 6)
    })

    it('answer save in a timed exam (one answer)', async () => {
      const exams = await call(h.app, 'GET /bank/exam/exam/list', { token, query: { pageSize: 50 } })
      const quiz = exams.data.rows.find((e: { requireAppointment: boolean }) => !e.requireAppointment)
      const attempt = await call(h.app, 'POST /bank/exam/simulate', { token, body: { examId: quiz.examId } })
      expect(attempt.code).toBe(200)
      const q = attempt.data.questions[0]
      const { queries } = await counted('POST /exam/record/edit', {
        body: { recordId: attempt.data.recordId, answers: [{ questionId: q.questionId, ques: 'A', answeredAt: 1 }] },
      })
      within(queries, 3)
      const saved = await h.database.db
        .select()
        .from(recordAnswer)
        .where(eq(recordAnswer.recordId, attempt.data.recordId))
      expect(saved.map((a) => a.questionId)).toContain(q.questionId)
    })

    async function openPaperRecord(tag: string) {
      const [row] = await h.database.db
        .insert(bankRecord)
        .values({
          tenantId: 1001,
          userId: fx.userA,
          mode: 'test',
          scope: 'paper',
          scopeKey: `paper:${fx.bigPaper}:query-count:${tag}`,
          title: 'query count',
          bankId: fx.paidBank,
          paperId: fx.bigPaper,
          questionIds: fx.bigPaperIds,
          startedAt: new Date(),
        })
        .returning({ id: bankRecord.id })
      return row!.id
    }

    it('answer save in the question bank (one answer, not final)', async () => {
      const recordId = await openPaperRecord('save')
      const questionId = fx.bigPaperIds[0]!
      const { queries } = await counted('POST /bank/record/edit', {
        body: { recordId, answers: [{ questionId, ques: rightAnswer(1), answeredAt: 1 }], final: false },
      })
      within(queries, 3)
    })

    it('paper submit with 100 answers: a fixed number of statements, not one per answer', async () => {
      const recordId = await openPaperRecord('submit')
      const at = Math.floor(Date.now() / 1000)
      const answers = fx.bigPaperIds.map((questionId, i) => ({
        questionId,
        ques: rightAnswer(([1, 2, 3, 4, 5] as const)[i % 5]),
        answeredAt: at + i,
      }))
      expect(answers).toHaveLength(100)
      const { reply, queries } = await counted('POST /bank/record/edit', { body: { recordId, answers, final: true } })
      expect(reply.data.submitted).toBe(true)
      expect(reply.data.report).toBeTruthy()
      // token, the attempt (locked), its questions, ONE upsert of the 100 answers graded, the attempt's answers,
      // the paper's pass score, the attempt submitted, the wrong book's entries of these questions: 8 whatever the
      // number of answers (a wrong answer adds the wrong book's write)
      within(queries, 8)
      const saved = await h.database.db.select().from(recordAnswer).where(eq(recordAnswer.recordId, recordId))
      expect(saved).toHaveLength(100)
    })
  })
}
