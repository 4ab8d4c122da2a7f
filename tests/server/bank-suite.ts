/**
 * Question bank: access and answer visibility, resume, offline answer saving (late older answers), submit
 * once with the server's score, wrong book with FSRS, favourites, daily / random practice, statistics and
 * tenant isolation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BANK_CODE, PREVIEW_QUESTIONS } from '../../contract/schemas/bank-codes'
import type { Database } from '../../server/src/db'
import { TenantScope } from '../../server/src/http/core'
import { gapsOf, questionsByIds, toExamQuestion } from '../../server/src/modules/bank/core'
import { seededRng, weightedDraw } from '../../server/src/modules/bank/draw'
import { scorePaper } from '../../shared/rules/scoring'
import { bankFixture, type Fixture, rightAnswer, wrongAnswer } from './bank-helpers'
import { call, type Harness, harness, login, smsCodeFor } from './helpers'

const DAY = 86400
const nowS = () => Date.now() / 1000

export function bankSuite(label: string, open: () => Promise<Database>) {
  describe(`question bank (${label})`, () => {
    let h: Harness
    let f: Fixture
    let tokenA: string
    let tokenB: string
    let stranger: string
    beforeAll(async () => {
      h = await harness(await open())
      f = await bankFixture(h.database.db)
      tokenA = await login(h, 1001, 'device-bank-a')
      tokenB = await login(h, 1002, 'device-bank-b')
      const phone = `137${String(Date.now()).slice(-8)}`
      const code = await smsCodeFor(h, 'login', phone)
      const r = await call(h.app, 'POST /app/common/sms_login', {
        body: { telPhone: phone, code, deviceUuid: 'device-bank-s' },
      })
      stranger = r.data.token
    })
    afterAll(async () => {
      await h?.close()
    })

    const start = (token: string, body: Record<string, unknown>, tenant = 1001) =>
      call(h.app, 'POST /bank/record', { token, tenant, body })
    const edit = (token: string, body: Record<string, unknown>) =>
      call(h.app, 'POST /bank/record/edit', { token, body })
    const typeOf = async (id: number) =>
      (await questionsByIds({ db: h.database.db, scope: new TenantScope(1001) }, [id]))[0]!.type

    describe('access', () => {
      it('a non-owner gets a preview without answers; the owner and free content get answers', async () => {
        const anon = await call(h.app, 'GET /app/common/bank/question/list', { query: { chapterId: f.chapterA } })
        expect(anon.code).toBe(200)
        expect(anon.data.preview).toBe(true)
        expect(anon.data.rows).toHaveLength(PREVIEW_QUESTIONS)
        expect(anon.data.total).toBe(10)
        expect(
          anon.data.rows.every((q: { ans: unknown; analysis: unknown }) => q.ans === null && q.analysis === null),
        ).toBe(true)
        expect(anon.raw).not.toContain('A 解析')
        const s = await call(h.app, 'GET /app/common/bank/question/list', {
          token: stranger,
          query: { chapterId: f.chapterA },
        })
        expect(s.data.preview).toBe(true)
        const owner = await call(h.app, 'GET /app/common/bank/question/list', {
          token: tokenA,
          query: { chapterId: f.chapterA },
        })
        expect(owner.data.preview).toBe(false)
        expect(owner.data.rows).toHaveLength(10)
        expect(owner.data.rows[0].ans).toBe('B')
        const free = await call(h.app, 'GET /app/common/bank/question/list', { query: { paperId: f.freePaper } })
        expect(free.data.withAnswers).toBe(true)
        const byIds = await call(h.app, 'GET /app/common/bank/question/temp/list', {
          query: { ids: `${f.qa[0]},${f.qb[0]}` },
        })
        expect(byIds.data.map((q: { ans: unknown }) => q.ans)).toEqual([null, 'B']) // qb[0] is in the free paper
      })

      it('a non-owner cannot practise a paid bank but may take a free paper', async () => {
        const r = await start(stranger, { scope: 'chapter', chapterId: f.chapterA })
        expect(r.code).toBe(BANK_CODE.notEntitled)
        expect((await start(stranger, { scope: 'paper', paperId: f.paidPaper, mode: 'test' })).code).toBe(
          BANK_CODE.notEntitled,
        )
        const free = await start(stranger, { scope: 'paper', paperId: f.freePaper, mode: 'test' })
        expect(free.code).toBe(200)
        expect(free.data.questions).toHaveLength(5)
        expect(free.data.questions[0].ans).toBeNull() // test mode: answers after submit
        const ok = await start(tokenA, { scope: 'chapter', chapterId: f.chapterA, mode: 'memorise' })
        expect(ok.code).toBe(200)
        expect(ok.data.questions[0].ans).toBe('B')
        expect((await call(h.app, 'POST /bank/record', { body: { scope: 'daily' } })).code).toBe(401)
      })
    })

    describe('attempts', () => {
      it('resumes the unfinished attempt of a scope with its saved answers', async () => {
        const a = await start(tokenA, { scope: 'chapter', chapterId: f.chapterB, mode: 'test' })
        expect(a.data.resumed).toBe(false)
        const t = nowS()
        const s = await edit(tokenA, {
          recordId: a.data.recordId,
          answers: [
            { questionId: f.qb[0], ques: 'B', answeredAt: t },
            { questionId: f.qb[1], ques: 'A,C', answeredAt: t + 1 },
          ],
        })
        expect(s.code).toBe(200)
        expect(s.data.saved).toBe(2)
        const b = await start(tokenA, { scope: 'chapter', chapterId: f.chapterB, mode: 'test' })
        expect(b.data.resumed).toBe(true)
        expect(b.data.recordId).toBe(a.data.recordId)
        expect(b.data.answers.map((x: { questionId: number; ques: unknown }) => [x.questionId, x.ques])).toEqual([
          [f.qb[0], 'B'],
          [f.qb[1], 'A,C'],
        ])
        const check = await call(h.app, 'GET /bank/record/check/bank/record', {
          token: tokenA,
          query: { scope: 'chapter', chapterId: f.chapterB, mode: 'test' },
        })
        expect(check.data).toEqual({ recordId: a.data.recordId, answeredNum: 2, questionNum: 10 })
      })

      it('a late, older answer does not overwrite a newer one; re-sending is harmless', async () => {
        const a = await start(tokenA, { scope: 'chapter', chapterId: f.chapterA, mode: 'test' })
        const t = nowS()
        await edit(tokenA, {
          recordId: a.data.recordId,
          answers: [{ questionId: f.qa[0], ques: 'C', answeredAt: t + 10 }],
        })
        const late = await edit(tokenA, {
          recordId: a.data.recordId,
          answers: [{ questionId: f.qa[0], ques: 'A', answeredAt: t }],
        })
        expect(late.data.saved).toBe(0)
        expect(late.data.ignored).toEqual([{ questionId: f.qa[0], reason: 'older' }])
        const again = await edit(tokenA, {
          recordId: a.data.recordId,
          answers: [{ questionId: f.qa[0], ques: 'C', answeredAt: t + 10 }],
        })
        expect(again.code).toBe(200)
        const r = await call(h.app, 'GET /bank/record/:id', { token: tokenA, params: { id: a.data.recordId } })
        expect(r.data.answers).toHaveLength(1)
        expect(r.data.answers[0].ques).toBe('C')
        expect(r.data.answers[0].state).toBeNull() // test mode: no grade before submit
        const foreign = await edit(tokenA, {
          recordId: a.data.recordId,
          answers: [{ questionId: f.qb[5], ques: 'A', answeredAt: t }],
        })
        expect(foreign.data.ignored).toEqual([{ questionId: f.qb[5], reason: 'not_in_record' }])
      })

      it('submitting twice records one result; the score is the server scorePaper; saving after submit is refused', async () => {
        const a = await start(tokenA, { scope: 'paper', paperId: f.paidPaper, mode: 'test' })
        const ids: number[] = a.data.questions.map((q: { questionId: number }) => q.questionId)
        const t = nowS()
        const answers = await Promise.all(
          ids.map(async (id, i) => ({
            questionId: id,
            ques: i % 2 === 0 ? rightAnswer(await typeOf(id)) : wrongAnswer(await typeOf(id)),
            answeredAt: t + i,
          })),
        )
        const sub = await edit(tokenA, {
          recordId: a.data.recordId,
          answers,
          final: true,
          score: 999,
          performance: 999,
        })
        expect(sub.code).toBe(200)
        const qs = await questionsByIds({ db: h.database.db, scope: new TenantScope(1001) }, ids)
        const list = qs.map((q, i) => toExamQuestion(q, answers[i]!.ques as never))
        list[0]!.passScore = 3
        const expected = scorePaper(list)
        expect(sub.data.report).toMatchObject(expected)
        expect(sub.data.report.passScore).toBe(3)
        const twice = await edit(tokenA, { recordId: a.data.recordId, final: true })
        expect(twice.data.alreadySubmitted).toBe(true)
        expect(twice.data.report).toEqual(sub.data.report)
        const late = await edit(tokenA, {
          recordId: a.data.recordId,
          answers: [{ questionId: ids[0], ques: 'A', answeredAt: t + 100 }],
        })
        expect(late.code).toBe(BANK_CODE.recordSubmitted)
        const list2 = await call(h.app, 'GET /exam/record/list', { token: tokenA, query: { paperId: f.paidPaper } })
        expect(list2.data.rows.filter((r: { submitted: boolean }) => r.submitted)).toHaveLength(1)
        const detail = await call(h.app, 'GET /exam/record/:id', { token: tokenA, params: { id: a.data.recordId } })
        expect(detail.data.questions[0].ans).not.toBeNull()
        expect(detail.data.report.performance).toBe(expected.performance)
        const wrongs = await call(h.app, 'GET /exam/record/wrong_list', {
          token: tokenA,
          query: { recordId: a.data.recordId },
        })
        expect(wrongs.data.map((q: { questionId: number }) => q.questionId)).toEqual(expected.questionIds)
        // a new start of the paper is a new attempt
        const next = await start(tokenA, { scope: 'paper', paperId: f.paidPaper, mode: 'test' })
        expect(next.data.recordId).not.toBe(a.data.recordId)
      })
    })

    describe('wrong book', () => {
      it('a wrong practice answer lands in the book; right answers move the FSRS schedule; it leaves after 3 rights', async () => {
        const q = f.qa[5]! // type 1
        const a = await start(tokenA, { scope: 'chapter', chapterId: f.chapterA, mode: 'practice' })
        const t0 = nowS() - 20 * DAY
        const s = await edit(tokenA, {
          recordId: a.data.recordId,
          answers: [{ questionId: q, ques: 'D', answeredAt: t0 }],
        })
        expect(s.data.results).toEqual([{ questionId: q, state: 'wrong', earned: 0 }])
        const book = await call(h.app, 'GET /exam/wwrong/record/list', { token: tokenA })
        const row = book.data.rows.find((r: { questionId: number }) => r.questionId === q)
        expect(row).toBeDefined()
        expect(row.dueToday).toBe(true)
        let due = row.due
        const times = [t0 + DAY, t0 + 4 * DAY, t0 + 12 * DAY]
        for (const [i, at] of times.entries()) {
          const r = await call(h.app, 'POST /exam/wwrong/record', {
            token: tokenA,
            body: { questionId: q, ques: 'B', answeredAt: at },
          })
          expect(r.data.state).toBe('right')
          expect(r.data.wrong.due).toBeGreaterThan(due)
          due = r.data.wrong.due
          expect(r.data.inBook).toBe(i < 2)
        }
        // a re-sent older review changes nothing
        const old = await call(h.app, 'POST /exam/wwrong/record', {
          token: tokenA,
          body: { questionId: q, ques: 'D', answeredAt: t0 + 2 * DAY },
        })
        expect(old.data.inBook).toBe(false)
        const after = await call(h.app, 'GET /exam/wwrong/record/list', { token: tokenA })
        expect(after.data.rows.some((r: { questionId: number }) => r.questionId === q)).toBe(false)
      })

      it('issue 25: the review shows the times answered wrong, and a right review clears 今日待复习', async () => {
        // a new learner of school A practises the free chapter (types cycle 1..5: the first is single choice)
        const phone = `135${String(Date.now()).slice(-8)}`
        const code = await smsCodeFor(h, 'login', phone)
        const token = (
          await call(h.app, 'POST /app/common/sms_login', { body: { telPhone: phone, code, deviceUuid: 'device-w25' } })
        ).data.token as string
        const a = await start(token, { scope: 'chapter', chapterId: f.freeChapter, mode: 'practice' })
        expect(a.code, a.msg).toBe(200)
        const q = a.data.questions[0].questionId as number
        const t = nowS()
        const saved = await edit(token, {
          recordId: a.data.recordId,
          answers: [{ questionId: q, ques: wrongAnswer(1), answeredAt: t - 120 }],
        })
        expect(saved.data.results).toEqual([{ questionId: q, state: 'wrong', earned: 0 }])
        const before = await call(h.app, 'GET /exam/wwrong/record/wrongNum', { token })
        expect(before.data).toEqual({ total: 1, dueToday: 1 })
        // the review page's list (by type) says how many times it was answered wrong: once
        const review = await call(h.app, 'GET /exam/wwrong/record/type_question_list', { token, query: { type: 1 } })
        expect(review.data.map((x: { wrong: { wrongTimes: number } }) => x.wrong.wrongTimes)).toEqual([1])
        // reviewed right: still in the book (one right is not mastered), but not due again today
        const r = await call(h.app, 'POST /exam/wwrong/record', {
          token,
          body: { questionId: q, ques: rightAnswer(1), answeredAt: t - 60 },
        })
        expect(r.data).toMatchObject({ state: 'right', inBook: true, wrong: { dueToday: false, wrongTimes: 1 } })
        const after = await call(h.app, 'GET /exam/wwrong/record/wrongNum', { token })
        expect(after.data).toEqual({ total: 1, dueToday: 0 })
        const types = await call(h.app, 'GET /exam/wwrong/record/type_list', { token })
        expect(types.data).toEqual([{ type: 1, num: 1, dueNum: 0 }])
        // wrong again: due today again, counted twice
        const again = await call(h.app, 'POST /exam/wwrong/record', {
          token,
          body: { questionId: q, ques: wrongAnswer(1), answeredAt: t - 30 },
        })
        expect(again.data.wrong).toMatchObject({ dueToday: true, wrongTimes: 2 })
        expect((await call(h.app, 'GET /exam/wwrong/record/wrongNum', { token })).data.dueToday).toBe(1)
      })

      it('submit adds wrong answers; the learner can remove a question; counts', async () => {
        const q = f.qa[6]! // type 2
        const a = await start(tokenA, { scope: 'collect', mode: 'test' }).catch(() => null)
        void a
        await call(h.app, 'POST /exam/wwrong/record', { token: tokenA, body: { questionId: q } })
        const n1 = await call(h.app, 'GET /exam/wwrong/record/wrongNum', { token: tokenA })
        expect(n1.data.total).toBeGreaterThan(0)
        const types = await call(h.app, 'GET /exam/wwrong/record/type_list', { token: tokenA })
        expect(types.data.find((t: { type: number }) => t.type === 2).num).toBeGreaterThan(0)
        const wrongStart = await start(tokenA, { scope: 'wrong', mode: 'practice' })
        expect(wrongStart.code).toBe(200)
        expect(wrongStart.data.questions.map((x: { questionId: number }) => x.questionId)).toContain(q)
        const del = await call(h.app, 'POST /exam/wwrong/record/delete/question', {
          token: tokenA,
          body: { questionId: q },
        })
        expect(del.data.removed).toBe(1)
        const n2 = await call(h.app, 'GET /exam/wwrong/record/wrongNum', { token: tokenA })
        expect(n2.data.total).toBe(n1.data.total - 1)
      })
    })

    describe('practice papers (issue 25)', () => {
      it("a paper attempt carries the paper's suggested time and no deadline; other attempts carry none", async () => {
        const p = await start(tokenA, { scope: 'paper', paperId: f.bigPaper, mode: 'test' })
        expect(p.code, p.msg).toBe(200)
        expect(p.data).toMatchObject({ suggestedMinutes: 60, deadlineTime: null })
        const again = await call(h.app, 'GET /bank/record/:id', { token: tokenA, params: { id: p.data.recordId } })
        expect(again.data).toMatchObject({ suggestedMinutes: 60, deadlineTime: null })
        const c = await start(tokenA, { scope: 'chapter', chapterId: f.chapterB, mode: 'practice' })
        expect(c.data.suggestedMinutes).toBeNull()
      })
    })

    describe('favourites', () => {
      it('add (idempotent), info, lists, remove', async () => {
        const q = f.qb[2]!
        const a1 = await call(h.app, 'POST /collect/question', { token: tokenA, body: { questionId: q } })
        const a2 = await call(h.app, 'POST /collect/question', { token: tokenA, body: { questionId: q } })
        expect(a2.data.collectId).toBe(a1.data.collectId)
        expect(
          (await call(h.app, 'GET /collect/question/getInfo', { token: tokenA, query: { questionId: q } })).data
            .collected,
        ).toBe(true)
        const list = await call(h.app, 'GET /collect/question/list', { token: tokenA })
        expect(list.data.total).toBe(1)
        expect(list.data.rows[0].questionId).toBe(q)
        const full = await call(h.app, 'GET /collect/question/exam_question_list', { token: tokenA })
        expect(full.data[0].ans).toBe('A')
        const groups = await call(h.app, 'GET /collect/question/exam_list', { token: tokenA })
        expect(groups.data).toEqual([
          { bankId: f.paidBank, bankName: '测试付费题库', chapterId: f.chapterB, chapterName: '第二章', num: 1 },
        ])
        const practice = await start(tokenA, { scope: 'collect', mode: 'practice' })
        expect(practice.data.questions.map((x: { questionId: number }) => x.questionId)).toEqual([q])
        await call(h.app, 'POST /collect/question/delete/:id', { token: tokenA, params: { id: q } })
        expect(
          (await call(h.app, 'GET /collect/question/getInfo', { token: tokenA, query: { questionId: q } })).data
            .collected,
        ).toBe(false)
      })
    })

    describe('daily and random practice', () => {
      it('daily: the same set all day (resumed or not), a fixed size', async () => {
        const a = await start(tokenA, { scope: 'daily', mode: 'practice' })
        expect(a.code).toBe(200)
        const ids = a.data.questions.map((q: { questionId: number }) => q.questionId)
        expect(ids).toHaveLength(20)
        await edit(tokenA, { recordId: a.data.recordId, final: true })
        const b = await start(tokenA, { scope: 'daily', mode: 'practice' })
        expect(b.data.recordId).not.toBe(a.data.recordId)
        expect(b.data.questions.map((q: { questionId: number }) => q.questionId)).toEqual(ids)
      })

      it('daily: another day draws another set (deterministic per learner + day)', async () => {
        const pool = Array.from({ length: 200 }, (_, i) => i + 1)
        const { shuffle } = await import('../../server/src/modules/bank/draw')
        const d1 = shuffle(pool, seededRng('1001:7:2025-05-01:0')).slice(0, 20)
        const d1b = shuffle(pool, seededRng('1001:7:2025-05-01:0')).slice(0, 20)
        const d2 = shuffle(pool, seededRng('1001:7:2025-05-02:0')).slice(0, 20)
        expect(d1b).toEqual(d1)
        expect(d2).not.toEqual(d1)
      })

      it('random: only from banks the learner may practise, a fresh draw each time', async () => {
        const r1 = await start(tokenA, { scope: 'random', count: 15 })
        const r2 = await start(tokenA, { scope: 'random', count: 15 })
        expect(r1.data.recordId).not.toBe(r2.data.recordId)
        const freeOnly = await start(stranger, { scope: 'random', count: 15 })
        expect(freeOnly.code).toBe(200)
        const freeBanks = new Set(
          (await call(h.app, 'GET /app/common/bank/list')).data.map((b: { bankId: number }) => b.bankId),
        )
        expect(freeBanks.has(f.freeBank)).toBe(true)
        expect(freeOnly.data.questions.every((q: { bankId: number }) => freeBanks.has(q.bankId))).toBe(true)
        const mine = new Set(
          (await call(h.app, 'GET /goods/bank/list', { token: tokenA })).data.map((b: { bankId: number }) => b.bankId),
        )
        expect(mine.has(f.paidBank)).toBe(true)
        expect(mine.has(f.tenantBBank)).toBe(false)
        expect(r1.data.questions.every((q: { bankId: number }) => mine.has(q.bankId))).toBe(true)
        const other = await start(tokenA, { scope: 'random', bankId: f.tenantBBank })
        expect(other.code).toBe(404)
      })

      it('random: weighted toward weak chapters (seeded RNG)', () => {
        const pool = [
          ...Array.from({ length: 50 }, (_, i) => ({ id: i + 1, chapterId: 1 })),
          ...Array.from({ length: 50 }, (_, i) => ({ id: i + 101, chapterId: 2 })),
        ]
        const rates = new Map([
          [1, { done: 20, right: 20 }],
          [2, { done: 20, right: 2 }],
        ])
        const rng = seededRng('weights')
        let weak = 0
        let strong = 0
        for (let i = 0; i < 200; i++) {
          for (const id of weightedDraw(pool, rates, 10, rng)) id > 100 ? weak++ : strong++
        }
        expect(weak / (weak + strong)).toBeGreaterThan(0.8)
        const even = weightedDraw(pool, new Map(), 100, seededRng('x'))
        expect(new Set(even).size).toBe(100)
      })
    })

    describe('statistics', () => {
      it('counts, right rate per chapter and type, time spent, trend from real answers', async () => {
        // a fresh learner's numbers: the stranger practises the free bank
        const a = await start(stranger, { scope: 'chapter', chapterId: f.freeChapter, mode: 'practice' })
        const qs: { questionId: number; type: number }[] = a.data.questions
        const t = nowS()
        const answers = qs.slice(0, 4).map((q, i) => ({
          questionId: q.questionId,
          ques: i < 2 ? rightAnswer(q.type) : wrongAnswer(q.type),
          answeredAt: t + [10, 20, 30, 250][i]!,
        }))
        await edit(stranger, { recordId: a.data.recordId, answers })
        const st = await call(h.app, 'GET /exam/record/count', { token: stranger, query: { bankId: f.freeBank } })
        expect(st.code).toBe(200)
        expect(st.data.doneNum).toBe(4)
        expect(st.data.rightNum).toBe(2)
        expect(st.data.rightRate).toBe(50)
        expect(st.data.byChapter).toEqual([
          expect.objectContaining({ chapterId: f.freeChapter, questionNum: 5, doneNum: 4, rightNum: 2, rightRate: 50 }),
        ])
        expect(st.data.byType.find((x: { type: number }) => x.type === 1)).toMatchObject({ doneNum: 1, rightNum: 1 })
        // gaps start -> 10 -> 20 -> 30 -> 250 s
        expect(st.data.timeSpentSeconds).toBeGreaterThanOrEqual(250)
        expect(st.data.timeSpentSeconds).toBeLessThanOrEqual(252)
        expect(gapsOf(new Date(0), [new Date(1000_000), new Date(1010_000)])).toEqual([300, 10])
        const trend = await call(h.app, 'GET /exam/record/group_list', { token: stranger, query: { days: 30 } })
        expect(trend.data).toHaveLength(30)
        expect(trend.data.reduce((s: number, d: { answerNum: number }) => s + d.answerNum, 0)).toBe(4)
        const chapters = await call(h.app, 'GET /study/record/menuAllList', {
          token: stranger,
          query: { bankId: f.freeBank },
        })
        expect(chapters.data[0]).toMatchObject({ doneNum: 4, rightNum: 2 })
        const doNum = await call(h.app, 'GET /bank/record/doNum', { token: stranger })
        expect(doNum.data).toMatchObject({ doneNum: 4, rightNum: 2, answerNum: 4 })
      })
    })

    describe('tenant isolation', () => {
      it("tenant B sees none of A's records, favourites or wrong book", async () => {
        const a = await start(tokenA, { scope: 'chapter', chapterId: f.chapterA, mode: 'practice' })
        const r = await call(h.app, 'GET /bank/record/:id', {
          token: tokenB,
          tenant: 1002,
          params: { id: a.data.recordId },
        })
        expect(r.code).toBe(404)
        const e = await call(h.app, 'POST /bank/record/edit', {
          token: tokenB,
          tenant: 1002,
          body: { recordId: a.data.recordId, answers: [] },
        })
        expect(e.code).toBe(404)
        expect(
          (await call(h.app, 'GET /exam/wwrong/record/wrongNum', { token: tokenB, tenant: 1002 })).data.total,
        ).toBe(0)
        expect((await call(h.app, 'GET /collect/question/list', { token: tokenB, tenant: 1002 })).data.total).toBe(0)
        expect(
          (await call(h.app, 'POST /collect/question', { token: tokenB, tenant: 1002, body: { questionId: f.qa[0] } }))
            .code,
        ).toBe(404)
        expect(
          (await call(h.app, 'GET /app/common/bank/chapter/list', { tenant: 1002, query: { bankId: f.paidBank } }))
            .code,
        ).toBe(404)
        expect((await start(tokenB, { scope: 'chapter', chapterId: f.chapterA }, 1002)).code).toBe(404)
        // a token of tenant A is not a session in tenant B
        expect((await call(h.app, 'GET /exam/record/count', { token: tokenA, tenant: 1002 })).code).toBe(401)
      })
    })
  })
}
