/**
 * Exams: timed attempts (start / resume on the server clock, answers saved, auto-submit on a late edit, by the
 * sweep and on read), attempt limits, the window, entry conditions, certificates and their public verification,
 * ranking, info confirmation, mock-exam attempts and the wrong book, tenant isolation.
 */
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RouteKey } from '../../contract/routes'
import { schemas } from '../../contract/schemas'
import { EXAM_CODE } from '../../contract/schemas/exam-codes'
import { REVIEW_STATUS } from '../../contract/schemas/learn-codes'
import type { Database } from '../../server/src/db'
import {
  bank,
  bankRecord,
  certificate,
  exam,
  identityCert,
  mockSubscribe,
  question,
  recordAnswer,
  sysUser,
  userGoods,
} from '../../server/src/db/schema'
import { sweepExpired } from '../../server/src/modules/exam/attempts'
import { SERIAL_ALPHABET } from '../../server/src/modules/exam/certificates'
import { idCardCheckChar, isValidIdCard } from '../../shared/rules/id-card'
import { addExam, addSession, book, type PaperQ, smallPaperOf } from './exam-helpers'
import { call, type Harness, harness, login, smsCodeFor } from './helpers'

type Attempt = {
  recordId: number
  examId: number
  resumed: boolean
  deadlineTime: number
  sysTime: number
  attemptNo: number
  questions: { questionId: number; ans: unknown }[]
  answers: { questionId: number }[]
  /** on a 621 refusal the data is the eligibility */
  eligible?: boolean
  checks: { key: string; ok: boolean; message: string; fixPath: string }[]
}

export function examSuite(label: string, open: () => Promise<Database>) {
  describe(`exams (${label})`, () => {
    let h: Harness
    let tokenA: string
    let tokenB: string
    let tokenC: string
    let userA: number
    let paperId: number
    let qs: PaperQ[]
    let bPaperId: number

    beforeAll(async () => {
      h = await harness(await open())
      tokenA = await login(h, 1001, 'device-exam-a')
      tokenB = await login(h, 1002, 'device-exam-b')
      const phone = `136${String(Date.now()).slice(-8)}`
      const code = await smsCodeFor(h, 'login', phone)
      const r = await call(h.app, 'POST /app/common/sms_login', {
        body: { telPhone: phone, code, deviceUuid: 'device-exam-c' },
      })
      tokenC = r.data.token
      const users = await db()
        .select({ id: sysUser.id, tenantId: sysUser.tenantId, tel: sysUser.telPhone })
        .from(sysUser)
      userA = users.find((u) => u.tenantId === 1001 && u.tel !== phone)!.id
      ;({ paperId, questions: qs } = await smallPaperOf(db(), 1001))
      bPaperId = (await smallPaperOf(db(), 1002)).paperId
    })
    afterAll(async () => {
      await h?.close()
    })

    const db = () => h.database.db
    const start = (examId: number, token = tokenA) =>
      call<Attempt>(h.app, 'POST /bank/exam/simulate', { token, body: { examId } })
    const nowS = () => Date.now() / 1000
    const answers = (pick: 'right' | 'wrong', n = qs.length) =>
      qs.slice(0, n).map((q, i) => ({ questionId: q.id, ques: q[pick], answeredAt: nowS() - 5 + i * 0.01 }))
    const edit = (recordId: number, body: { answers?: unknown[]; final?: boolean }, token = tokenA) =>
      call(h.app, 'POST /exam/record/edit', { token, body: { recordId, answers: [], ...body } })
    const record = async (id: number) => (await db().select().from(bankRecord).where(eq(bankRecord.id, id)))[0]!
    /** Moves the attempt's deadline `seconds` into the past. */
    const expire = (recordId: number, seconds: number) =>
      db()
        .update(bankRecord)
        .set({ deadlineAt: sql`now() - make_interval(secs => ${seconds})` })
        .where(eq(bankRecord.id, recordId))

    /**
     * Ends learner A's attempts that earlier tests left open (through the real sweep): while one is open its
     * questions are sealed, and A's other attempts on the same paper could not be read (integrity).
     */
    const settleA = async () => {
      await db()
        .update(bankRecord)
        .set({ deadlineAt: sql`now() - interval '1 minute'` })
        .where(and(eq(bankRecord.userId, userA), isNull(bankRecord.submittedAt), isNotNull(bankRecord.examId)))
      await sweepExpired(db())
    }

    it('the seed gives each tenant its exams and mock exams', async () => {
      const list = await call(h.app, 'GET /bank/exam/exam/list', { token: tokenA, query: { kind: 'formal' } })
      expect(list.code).toBe(200)
      const names = list.data.rows.map((r: { name: string }) => r.name)
      expect(names).toContain('在线模拟考试（短时）')
      expect(names).toContain('练习测验')
      expect(names).not.toContain('结业考试') // tied to a course goods the learner does not hold
      const short = list.data.rows.find((r: { name: string }) => r.name === '在线模拟考试（短时）')
      expect(short).toMatchObject({ durationSeconds: 60, maxAttempts: 3, certificate: true, requireAppointment: true })
      expect(short.questionNum).toBe(5)
      const mocks = await call(h.app, 'GET /bank/exam/exam/list', { token: tokenA, query: { kind: 'mock' } })
      expect(mocks.data.rows).toHaveLength(2)
      expect(mocks.data.rows.every((r: { maxAttempts: number }) => r.maxAttempts === 1)).toBe(true)
    })

    describe('timed attempts', () => {
      it('starts, saves answers and resumes the same attempt on the server clock', async () => {
        const e = await addExam(db(), 1001, paperId, { durationSeconds: 600 })
        const first = await start(e.id)
        expect(first.code).toBe(200)
        expect(first.data).toMatchObject({ examId: e.id, resumed: false, attemptNo: 1, examName: e.name })
        expect(first.data).toMatchObject({ scope: 'exam', mode: 'test', title: e.name, maxAttempts: 0 })
        expect((await record(first.data.recordId)).scopeKey).toBe(`exam:${e.id}`)
        expect(first.data.deadlineTime - first.data.sysTime).toBeGreaterThan(590)
        expect(first.data.deadlineTime - first.data.sysTime).toBeLessThanOrEqual(600)
        expect(first.data.questions.map((q) => q.questionId)).toEqual(qs.map((q) => q.id))
        expect(first.data.questions.every((q) => q.ans === null)).toBe(true) // test mode: no answers before submit
        const saved = await edit(first.data.recordId, { answers: answers('right', 2) })
        expect(saved.code).toBe(200)
        expect(saved.data).toMatchObject({ saved: 2, submitted: false, autoSubmitted: false })

        const again = await start(e.id)
        expect(again.data.recordId).toBe(first.data.recordId)
        expect(again.data.resumed).toBe(true)
        expect(again.data.answers).toHaveLength(2)
        expect(again.data.deadlineTime).toBe(first.data.deadlineTime)
        const temp = await call(h.app, 'GET /bank/exam/temp/:id', { token: tokenA, params: { id: e.id } })
        expect(temp.data.recordId).toBe(first.data.recordId)
        expect(temp.data.deadlineTime - temp.data.sysTime).toBeLessThanOrEqual(600)
        const detail = await call(h.app, 'GET /bank/exam/:id', { token: tokenA, params: { id: e.id } })
        expect(detail.data).toMatchObject({ openRecordId: first.data.recordId, attemptsUsed: 1 })
        expect(detail.data.eligibility).toEqual({ eligible: true, checks: [] })
        const next = await call(h.app, 'GET /bank/exam/nextExam', { token: tokenA })
        expect(next.data.exam.examId).toBe(e.id)

        const done = await edit(first.data.recordId, { answers: answers('right').slice(2), final: true })
        expect(done.data).toMatchObject({ submitted: true, autoSubmitted: false })
        expect(done.data.report.performance).toBe(qs.reduce((s, q) => s + q.score, 0))
        expect((await call(h.app, 'GET /bank/exam/temp/:id', { token: tokenA, params: { id: e.id } })).data).toBeNull()
      })

      it('the deadline is capped at the exam close time', async () => {
        const e = await addExam(db(), 1001, paperId, { durationSeconds: 3600, closeAt: new Date(Date.now() + 120_000) })
        const a = await start(e.id)
        expect(a.data.deadlineTime).toBeLessThanOrEqual(Math.ceil(nowS() + 120))
        expect(a.data.deadlineTime - a.data.sysTime).toBeLessThan(125)
      })

      it('an edit after the deadline + grace saves nothing and submits what was stored', async () => {
        const e = await addExam(db(), 1001, paperId, { durationSeconds: 1 })
        const a = await start(e.id)
        await edit(a.data.recordId, { answers: answers('right', 1) })
        await expire(a.data.recordId, 30)
        const late = await edit(a.data.recordId, { answers: answers('right').slice(1) })
        expect(late.code).toBe(200)
        expect(late.data).toMatchObject({ saved: 0, submitted: true, autoSubmitted: true, alreadySubmitted: false })
        expect(late.data.report.doQuestionNum).toBe(1)
        const r = await record(a.data.recordId)
        expect(r.submittedAt).not.toBeNull()
        expect(r.autoSubmitted).toBe(true)
        expect(r.submittedAt!.getTime()).toBe(r.deadlineAt!.getTime()) // it ended at its deadline
        const stored = await db().select().from(recordAnswer).where(eq(recordAnswer.recordId, a.data.recordId))
        expect(stored).toHaveLength(1)
        // the same through the bank's route: already submitted
        const again = await call(h.app, 'POST /bank/record/edit', {
          token: tokenA,
          body: { recordId: a.data.recordId, answers: [], final: true },
        })
        expect(again.data).toMatchObject({ alreadySubmitted: true, autoSubmitted: true })
      })

      it('a submit that arrives after the deadline but within the grace is saved and marked autoSubmitted', async () => {
        const e = await addExam(db(), 1001, paperId, { durationSeconds: 60 })
        const a = await start(e.id)
        await expire(a.data.recordId, 3)
        const out = await edit(a.data.recordId, { answers: answers('right'), final: true })
        expect(out.data).toMatchObject({ saved: qs.length, submitted: true, autoSubmitted: true })
        expect(out.data.report.doQuestionNum).toBe(qs.length)
      })

      it('the sweep submits an abandoned attempt without any call of the learner', async () => {
        const e = await addExam(db(), 1001, paperId, { durationSeconds: 2 })
        const a = await start(e.id)
        await edit(a.data.recordId, { answers: answers('right', 3) })
        expect(await sweepExpired(db())).toBe(0) // not yet past its time
        await expire(a.data.recordId, 15)
        expect(await sweepExpired(db())).toBeGreaterThanOrEqual(1)
        const r = await record(a.data.recordId)
        expect(r.submittedAt).not.toBeNull()
        expect(r.autoSubmitted).toBe(true)
        expect((r.report as { doQuestionNum: number }).doQuestionNum).toBe(3)
        expect(await sweepExpired(db())).toBe(0)
      })

      it('reads of an attempt past its time submit it (temp, detail, record)', async () => {
        await settleA()
        const e = await addExam(db(), 1001, paperId, { durationSeconds: 60 })
        const a = await start(e.id)
        await expire(a.data.recordId, 20)
        const temp = await call(h.app, 'GET /bank/exam/temp/:id', { token: tokenA, params: { id: e.id } })
        expect(temp.code).toBe(200)
        expect(temp.data).toBeNull()
        expect((await record(a.data.recordId)).autoSubmitted).toBe(true)

        const b = await start(e.id)
        expect(b.data.recordId).not.toBe(a.data.recordId)
        expect(b.data.attemptNo).toBe(2)
        await expire(b.data.recordId, 20)
        const rec = await call(h.app, 'GET /exam/record/:id', { token: tokenA, params: { id: b.data.recordId } })
        expect(rec.data).toMatchObject({ submitted: true, autoSubmitted: true })

        const c = await start(e.id)
        await expire(c.data.recordId, 20)
        const detail = await call(h.app, 'GET /bank/exam/:id', { token: tokenA, params: { id: e.id } })
        expect(detail.data.openRecordId).toBeNull()
        expect(detail.data.attempts).toHaveLength(3)
        expect(detail.data.attempts.every((x: { submitted: boolean }) => x.submitted)).toBe(true)
      })
    })

    describe('limits, window and entry conditions', () => {
      it('refuses a new attempt when every attempt is used (622), resuming is allowed', async () => {
        const e = await addExam(db(), 1001, paperId, { maxAttempts: 1 })
        const a = await start(e.id)
        expect((await start(e.id)).data.recordId).toBe(a.data.recordId)
        await edit(a.data.recordId, { final: true })
        const again = await start(e.id)
        expect(again.code).toBe(EXAM_CODE.attemptsUsed)
        expect(again.status).toBe(200)
        const row = (await call(h.app, 'GET /bank/exam/:id', { token: tokenA, params: { id: e.id } })).data
        expect(row).toMatchObject({ attemptsUsed: 1, maxAttempts: 1 })
      })

      it('refuses outside the window (623)', async () => {
        const early = await addExam(db(), 1001, paperId, { openAt: new Date(Date.now() + 3600_000) })
        const r1 = await start(early.id)
        expect(r1.code).toBe(EXAM_CODE.notOpen)
        expect(r1.msg).toContain('尚未开始')
        const late = await addExam(db(), 1001, paperId, { closeAt: new Date(Date.now() - 1000) })
        expect((await start(late.id)).code).toBe(EXAM_CODE.notOpen)
      })

      it('refuses with the failed checks (621) until identity, info, booking and letter are done', async () => {
        const e = await addExam(db(), 1001, paperId, {
          requireIdentity: true,
          requireInfoConfirm: true,
          requireAppointment: true,
          certificate: true,
        })
        const r = await start(e.id)
        expect(r.code).toBe(EXAM_CODE.notEligible)
        expect(r.data.eligible).toBe(false)
        const byKey = Object.fromEntries(r.data.checks.map((c) => [c.key, c]))
        expect(Object.keys(byKey)).toEqual(['identity', 'info', 'appointment', 'letter'])
        expect(byKey.identity).toMatchObject({ ok: false, message: '尚未实名认证' })
        expect(byKey.info.ok).toBe(false)
        expect(byKey.info.message).toContain('尚未确认个人信息')
        expect(byKey.appointment).toMatchObject({ ok: false, message: '尚未预约考场' })
        expect(byKey.letter).toMatchObject({ ok: false, message: '尚未签署考试承诺书' })
        expect(byKey.appointment.fixPath).toContain(`examId=${e.id}`)

        await db().insert(identityCert).values({
          tenantId: 1001,
          userId: userA,
          realName: '王小明',
          idCard: '11010519491231002X',
          idCardImage: '/oss/x.jpg',
          faceImage: '/oss/y.jpg',
          status: REVIEW_STATUS.approved,
          provider: 'local',
        })
        expect((await call(h.app, 'POST /user/confirm/info', { token: tokenA, body: { confirm: true } })).code).toBe(
          200,
        )
        const session = await addSession(db(), 1001, e.id, 600, 4000) // starts in 10 minutes
        await book(db(), 1001, userA, e.id, session.id, false)
        const r2 = await start(e.id)
        expect(r2.code).toBe(EXAM_CODE.notEligible)
        expect(r2.data.checks.filter((c: { ok: boolean }) => !c.ok).map((c: { key: string }) => c.key)).toEqual([
          'letter',
        ])
        // signed, but the booked session has not started yet
        await db().execute(
          sql`update appointment set signed_at = now(), signature_url = '/oss/s.png' where exam_id = ${e.id}`,
        )
        const r3 = await start(e.id)
        expect(r3.code).toBe(EXAM_CODE.notOpen)
        // the session is in progress: the attempt ends with the session
        await db().execute(
          sql`update apply_session set start_at = now() - interval '5 minutes', end_at = now() + interval '100 seconds' where id = ${session.id}`,
        )
        const r4 = await start(e.id)
        expect(r4.code).toBe(200)
        expect(r4.data.deadlineTime - r4.data.sysTime).toBeLessThanOrEqual(101)
        const detail = await call(h.app, 'GET /bank/exam/:id', { token: tokenA, params: { id: e.id } })
        expect(detail.data.eligibility.eligible).toBe(true)
        expect(detail.data.appointment).toMatchObject({
          sessionId: session.id,
          letterSigned: true,
          siteName: '测试考点',
        })
      })

      it('an exam tied to a goods is hidden without it and checks the required courses with it', async () => {
        const [final] = await db()
          .select()
          .from(exam)
          .where(and(eq(exam.tenantId, 1001), eq(exam.name, '结业考试')))
        expect(final).toBeDefined()
        expect((await call(h.app, 'GET /bank/exam/:id', { token: tokenA, params: { id: final!.id } })).code).toBe(404)
        expect((await start(final!.id)).code).toBe(404)
        const goodsExams = () =>
          call(h.app, 'GET /course/menu/exam/list', { token: tokenA, query: { goodsId: final!.goodsId! } })
        expect((await goodsExams()).data).toEqual([])
        await db().insert(userGoods).values({ tenantId: 1001, userId: userA, goodsId: final!.goodsId! })
        // the course's learning page lists its final exam once the learner holds the goods
        expect((await goodsExams()).data.map((e: { examId: number }) => e.examId)).toEqual([final!.id])
        const detail = await call(h.app, 'GET /bank/exam/:id', { token: tokenA, params: { id: final!.id } })
        expect(detail.code).toBe(200)
        const courses = detail.data.eligibility.checks.find((c: { key: string }) => c.key === 'courses')
        expect(courses.ok).toBe(false)
        expect(courses.message).toContain('门必修课未学完')
        expect((await start(final!.id)).code).toBe(EXAM_CODE.notEligible)
      })
    })

    describe('certificates', () => {
      let certExam: number
      let serial: string

      it('a pass issues one certificate with a random serial, a fail none', async () => {
        const e = await addExam(db(), 1001, paperId, { certificate: true, maxAttempts: 3, name: '安全知识结业考试' })
        certExam = e.id
        const fail = await start(e.id)
        const failed = await edit(fail.data.recordId, { answers: answers('wrong'), final: true })
        expect(failed.data.report.reportStatus).toBe(0)
        expect((await db().select().from(certificate).where(eq(certificate.examId, e.id))).length).toBe(0)

        await db().update(sysUser).set({ realName: '王小明' }).where(eq(sysUser.id, userA))
        const pass = await start(e.id)
        const passed = await edit(pass.data.recordId, { answers: answers('right'), final: true })
        expect(passed.data.report.reportStatus).toBe(1)
        const list = await call(h.app, 'GET /user/certificate/list', { token: tokenA })
        const mine = list.data.rows.filter((c: { examId: number }) => c.examId === e.id)
        expect(mine).toHaveLength(1)
        serial = mine[0].serial
        expect(serial).toHaveLength(16)
        expect([...serial].every((ch) => SERIAL_ALPHABET.includes(ch))).toBe(true)
        expect(mine[0]).toMatchObject({ examName: '安全知识结业考试', realName: '王小明', valid: true })
        expect(mine[0].verifyUrl).toBe(`/verify/certificate/${serial}`)
        const detail = await call(h.app, 'GET /bank/exam/:id', { token: tokenA, params: { id: e.id } })
        expect(detail.data.certificate.serial).toBe(serial)
        expect(detail.data.passed).toBe(true)

        // a second pass keeps the first certificate
        const again = await start(e.id)
        await edit(again.data.recordId, { answers: answers('right'), final: true })
        const certs = await db().select().from(certificate).where(eq(certificate.examId, e.id))
        expect(certs).toHaveLength(1)
        expect(certs[0]!.recordId).toBe(pass.data.recordId)
      })

      it('is verified publicly by serial (JSON and HTML), with the name masked and nothing personal', async () => {
        const json = await h.app.inject({ method: 'GET', url: `/api/certificate/verify/${serial}` })
        expect(json.statusCode).toBe(200)
        expect(JSON.parse(json.body)).toMatchObject({
          valid: true,
          serial,
          realName: '王*',
          examName: '安全知识结业考试',
        })
        const lower = await h.app.inject({ method: 'GET', url: `/api/certificate/verify/${serial.toLowerCase()}` })
        expect(lower.statusCode).toBe(200)
        const html = await h.app.inject({ method: 'GET', url: `/verify/certificate/${serial}` })
        expect(html.statusCode).toBe(200)
        expect(html.headers['content-type']).toContain('text/html')
        expect(html.body).toContain('安全知识结业考试')
        expect(html.body).toContain('王*')
        expect(html.body).toContain('有效')
        expect(html.body).toContain(serial)
        expect(html.body).not.toContain('王小明')
        expect(html.body).not.toContain('13800000001')
        expect(html.body).not.toContain('110101')
        const unknown = await h.app.inject({ method: 'GET', url: '/verify/certificate/ABCDEFGHJKLMNPQR' })
        expect(unknown.statusCode).toBe(404)
        expect(unknown.body).toContain('未找到该证书')
        const bad = await h.app.inject({ method: 'GET', url: '/api/certificate/verify/%3Cscript%3E' })
        expect(bad.statusCode).toBe(404)
        expect(JSON.parse(bad.body)).toMatchObject({ valid: false, code: 404 })
        // revoked
        await db().update(certificate).set({ revokedAt: new Date() }).where(eq(certificate.serial, serial))
        const revoked = await h.app.inject({ method: 'GET', url: `/verify/certificate/${serial}` })
        expect(revoked.body).toContain('已撤销')
        expect(JSON.parse((await h.app.inject({ url: `/api/certificate/verify/${serial}` })).body).valid).toBe(false)
      })

      it('ranks each learner by the best score, then less time, names masked', async () => {
        const c = await start(certExam, tokenC)
        await edit(c.data.recordId, { answers: answers('right', 2), final: true }, tokenC)
        const r = await call(h.app, 'GET /app/user/rankingList', { token: tokenC, query: { examId: certExam } })
        expect(r.code).toBe(200)
        expect(r.data.total).toBe(2)
        expect(r.data.rows.map((x: { userName: string; me: boolean }) => [x.userName, x.me])).toEqual([
          ['王*', false],
          [expect.stringMatching(/^.\*$/), true],
        ])
        expect(r.data.rows[0].score).toBeGreaterThan(r.data.rows[1].score)
        expect(r.data.mine).toMatchObject({ rank: 2, me: true })
        const top1 = await call(h.app, 'GET /app/user/rankingList', {
          token: tokenC,
          query: { examId: certExam, limit: 1 },
        })
        expect(top1.data.rows).toHaveLength(1)
        expect(top1.data.mine.rank).toBe(2)

        // the same best score: the learner who took less time ranks first
        const c2 = await start(certExam, tokenC)
        await edit(c2.data.recordId, { answers: answers('right'), final: true }, tokenC)
        const setTime = (userId: number, seconds: number) =>
          db().execute(
            sql`update bank_record set report = jsonb_set(report, '{timeSpentSeconds}', to_jsonb(${seconds}::int)) where exam_id = ${certExam} and user_id = ${userId}`,
          )
        await setTime(userA, 300)
        await setTime((await record(c2.data.recordId)).userId, 120)
        const tie = await call(h.app, 'GET /app/user/rankingList', { token: tokenA, query: { examId: certExam } })
        expect(tie.data.rows.map((x: { me: boolean }) => x.me)).toEqual([false, true])
        expect(tie.data.rows[0].score).toBe(tie.data.rows[1].score)
        expect(tie.data.rows[0].timeSpentSeconds).toBe(120)
        expect(tie.data.mine).toMatchObject({ rank: 2, userName: '王*' })
      })
    })

    describe('info confirmation', () => {
      it('shows masked info, confirms a snapshot and a later name change unconfirms it', async () => {
        await db().update(sysUser).set({ realName: '王小明' }).where(eq(sysUser.id, userA))
        const ok = await call(h.app, 'POST /user/confirm/info', { token: tokenA, body: { confirm: true } })
        expect(ok.code).toBe(200)
        expect(ok.data.confirmed).toBe(true)
        expect(ok.data.telPhone).toBe('138****0001')
        expect(ok.data.idCard).toMatch(/^\d{4}\*{10}\d{3}[\dX]$/)
        expect(ok.data.missing).toEqual([])
        await db().update(sysUser).set({ realName: '王晓明' }).where(eq(sysUser.id, userA))
        const after = await call(h.app, 'GET /user/confirm/info/detail', { token: tokenA })
        expect(after.data.confirmed).toBe(false)
        expect(after.data.confirmedTime).not.toBeNull()
        const e = await addExam(db(), 1001, paperId, { requireInfoConfirm: true })
        const r = await start(e.id)
        expect(r.code).toBe(EXAM_CODE.notEligible)
        expect(r.data.checks[0].message).toBe('个人信息已变更，请重新确认')
      })

      it('refuses to confirm while the name or ID is missing', async () => {
        const d = await call(h.app, 'GET /user/confirm/info/detail', { token: tokenC })
        expect(d.data.missing).toEqual(expect.arrayContaining(['realName', 'idCard']))
        const r = await call(h.app, 'POST /user/confirm/info', { token: tokenC, body: { confirm: true } })
        expect(r.code).toBe(400)
      })
    })

    describe('mock exams', () => {
      /** The n-th seeded mock, its window set relative to now (the test database may be days old). */
      const mockNamed = async (n: number, openInHours: number, closeInHours: number) => {
        const m = (
          await db()
            .select()
            .from(exam)
            .where(and(eq(exam.tenantId, 1001), eq(exam.kind, 'mock')))
            .orderBy(exam.sort)
        )[n - 1]!
        const hour = 3600_000
        await db()
          .update(exam)
          .set({
            openAt: new Date(Date.now() + openInHours * hour),
            closeAt: new Date(Date.now() + closeInHours * hour),
          })
          .where(eq(exam.id, m.id))
        return m
      }

      it('needs an application and the mock window; results, groups and the wrong book', async () => {
        await settleA()
        const living = await mockNamed(1, -1, 24 * 30)
        const none = await call(h.app, 'POST /mock/record', { token: tokenA, body: { examId: living.id } })
        expect(none.code).toBe(EXAM_CODE.notApplied)
        // a formal exam id is not a mock
        const formal = await addExam(db(), 1001, paperId, {})
        expect((await call(h.app, 'POST /mock/record', { token: tokenA, body: { examId: formal.id } })).code).toBe(404)
        await db().insert(mockSubscribe).values({
          tenantId: 1001,
          userId: userA,
          examId: living.id,
          realName: '王小明',
          idCard: '11010519491231002X',
          telPhone: '13800000001',
        })
        const a = await call<Attempt>(h.app, 'POST /mock/record', { token: tokenA, body: { examId: living.id } })
        expect(a.code).toBe(200)
        expect(a.data.deadlineTime - a.data.sysTime).toBeGreaterThan(90 * 60 - 10)
        const mockQs = a.data.questions.map((q) => q.questionId)
        const wrong = await call(h.app, 'POST /mock/record/edit', {
          token: tokenA,
          body: { recordId: a.data.recordId, answers: [], final: true },
        })
        expect(wrong.data.submitted).toBe(true)
        const rec = await call(h.app, 'GET /mock/record/:id', { token: tokenA, params: { id: a.data.recordId } })
        expect(rec.data).toMatchObject({ scope: 'mock', submitted: true, examId: living.id })
        expect(rec.data.questions).toHaveLength(mockQs.length)
        const groups = await call(h.app, 'GET /mock/record/group_list', { token: tokenA })
        expect(groups.data).toEqual([expect.objectContaining({ examId: living.id, attempts: 1, name: living.name })])
        const list = await call(h.app, 'GET /mock/record/list', { token: tokenA, query: { examId: living.id } })
        expect(list.data.total).toBe(1)
        // one attempt only
        expect((await call(h.app, 'POST /mock/record', { token: tokenA, body: { examId: living.id } })).code).toBe(
          EXAM_CODE.attemptsUsed,
        )

        const scheduled = await mockNamed(2, 72, 96)
        await db().insert(mockSubscribe).values({
          tenantId: 1001,
          userId: userA,
          examId: scheduled.id,
          realName: '王小明',
          idCard: '11010519491231002X',
          telPhone: '13800000001',
        })
        expect((await call(h.app, 'POST /mock/record', { token: tokenA, body: { examId: scheduled.id } })).code).toBe(
          EXAM_CODE.notOpen,
        )
      })

      it('puts the wrong and partly right questions of an attempt into the wrong book', async () => {
        const m = await addExam(db(), 1001, paperId, { kind: 'mock', maxAttempts: 0 })
        await db().insert(mockSubscribe).values({
          tenantId: 1001,
          userId: userA,
          examId: m.id,
          realName: '王小明',
          idCard: '11010519491231002X',
          telPhone: '13800000001',
        })
        const a = await call<Attempt>(h.app, 'POST /mock/record', { token: tokenA, body: { examId: m.id } })
        const mixed = qs.map((q, i) => ({
          questionId: q.id,
          ques: i < 2 ? q.wrong : q.right,
          answeredAt: nowS() - 3 + i * 0.01,
        }))
        const early = await call(h.app, 'POST /mock/wwrong/record', {
          token: tokenA,
          body: { recordId: a.data.recordId },
        })
        expect(early.code).toBe(400) // not submitted yet
        await call(h.app, 'POST /mock/record/edit', {
          token: tokenA,
          body: { recordId: a.data.recordId, answers: mixed, final: true },
        })
        const n = await call(h.app, 'GET /mock/wwrong/record/wrongNum/:id', {
          token: tokenA,
          params: { id: a.data.recordId },
        })
        expect(n.data.wrongNum).toBe(2)
        // the submit already reviewed them into the book (test-mode grading)
        expect(n.data.inBookNum).toBe(2)
        await call(h.app, 'POST /exam/wwrong/record/delete/question', {
          token: tokenA,
          body: { questionIds: [qs[0]!.id, qs[1]!.id] },
        })
        const added = await call(h.app, 'POST /mock/wwrong/record', {
          token: tokenA,
          body: { recordId: a.data.recordId },
        })
        expect(added.data.added).toBe(2)
        const n2 = await call(h.app, 'GET /mock/wwrong/record/wrongNum/:id', {
          token: tokenA,
          params: { id: a.data.recordId },
        })
        expect(n2.data.inBookNum).toBe(2)
      })
    })

    describe('integrity', () => {
      it('while an exam attempt is open no call shows its answers, grades or reports; after submit all do', async () => {
        const phone = `135${String(Date.now()).slice(-8)}`
        const code = await smsCodeFor(h, 'login', phone)
        const token = (
          await call(h.app, 'POST /app/common/sms_login', {
            body: { telPhone: phone, code, deviceUuid: 'device-seal' },
          })
        ).data.token as string
        const [me] = await db().select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.telPhone, phone))
        const [q0] = await db().select().from(question).where(eq(question.id, qs[0]!.id))
        const [b] = await db().select().from(bank).where(eq(bank.id, q0!.bankId))
        await db().insert(userGoods).values({ tenantId: 1001, userId: me!.id, goodsId: b!.goodsId })
        const as = <T>(r: { data: T }) => r.data
        const q = (key: RouteKey, query: Record<string, unknown>) => call(h.app, key, { token, query })
        type Row = { questionId: number; ans: unknown; analysis: unknown }
        const ansOf = (rows: Row[], id = q0!.id) => rows.find((r) => r.questionId === id)?.ans
        const chapterList = async () =>
          as<{ rows: Row[]; withAnswers: boolean }>(
            await q('GET /app/common/bank/question/list', { chapterId: q0!.chapterId }),
          )

        // the paper an unclosed exam uses is not a practice paper, for anyone
        const e = await addExam(db(), 1001, paperId, { maxAttempts: 2 })
        const listed = as<{ paperId: number }[]>(await q('GET /app/common/bank/exam/list', { bankId: b!.id }))
        expect(listed.map((p) => p.paperId)).not.toContain(paperId)
        expect((await q('GET /app/common/bank/question/list', { paperId })).code).toBe(EXAM_CODE.examInProgress)
        const paperPractice = await call(h.app, 'POST /bank/record', {
          token,
          body: { scope: 'paper', paperId, mode: 'test' },
        })
        expect(paperPractice.code).toBe(EXAM_CODE.examInProgress)

        // before the exam: the owner practises the chapter with answers, and keeps a practice attempt open
        expect(ansOf((await chapterList()).rows)).toBe(q0!.ans)
        const practice = await call(h.app, 'POST /bank/record', {
          token,
          body: { scope: 'chapter', chapterId: q0!.chapterId, mode: 'practice' },
        })
        expect(practice.code).toBe(200)
        await call(h.app, 'POST /collect/question', { token, body: { questionId: q0!.id } })

        const attempt = await start(e.id, token)
        expect(attempt.code).toBe(200)
        const recordId = attempt.data.recordId
        // every way to a sealed question's answer is shut
        const during = await chapterList()
        expect(ansOf(during.rows)).toBeNull()
        expect(during.rows.find((r) => r.questionId === q0!.id)?.analysis).toBeNull()
        expect(during.withAnswers).toBe(false)
        expect(JSON.stringify(during)).not.toContain(String(q0!.analysis))
        expect(ansOf(as<Row[]>(await q('GET /app/common/bank/question/temp/list', { ids: String(q0!.id) })))).toBeNull()
        const special = as<{ rows: Row[] }>(
          await q('GET /course/special/question/list', { bankId: b!.id, pageSize: 100 }),
        )
        expect(special.rows.some((r) => r.questionId === q0!.id)).toBe(true)
        expect(ansOf(special.rows)).toBeNull()
        expect(ansOf(as<Row[]>(await q('GET /collect/question/exam_question_list', {})))).toBeNull()
        // other attempts holding its questions: detail refused, a practice save tells no grade
        const other = await call(h.app, 'GET /bank/record/:id', { token, params: { id: practice.data.recordId } })
        expect(other.code).toBe(EXAM_CODE.examInProgress)
        const restart = await call(h.app, 'POST /bank/record', {
          token,
          body: { scope: 'chapter', chapterId: q0!.chapterId, mode: 'practice' },
        })
        expect(restart.code).toBe(EXAM_CODE.examInProgress)
        const practised = await call(h.app, 'POST /bank/record/edit', {
          token,
          body: {
            recordId: practice.data.recordId,
            answers: [{ questionId: q0!.id, ques: qs[0]!.right, answeredAt: nowS() }],
          },
        })
        expect(practised.code).toBe(200)
        expect(practised.data.saved).toBe(1)
        expect(practised.data.results).toEqual([])
        // the exam attempt itself still opens (without answers)
        const own = await call(h.app, 'GET /exam/record/:id', { token, params: { id: recordId } })
        expect(own.code).toBe(200)
        expect(own.data.questions.every((x: Row) => x.ans === null)).toBe(true)

        // after submit: reports explain, practice shows answers again
        const done = await edit(recordId, { answers: answers('wrong'), final: true }, token)
        expect(done.data.submitted).toBe(true)
        const wrong = await q('GET /exam/record/wrong_list', { recordId })
        expect(wrong.code).toBe(200)
        expect(ansOf(wrong.data)).toBe(q0!.ans)
        expect(ansOf((await chapterList()).rows)).toBe(q0!.ans)
        expect(
          (await call(h.app, 'GET /bank/record/:id', { token, params: { id: practice.data.recordId } })).code,
        ).toBe(200)

        // a second attempt seals the first attempt's report too
        const second = await start(e.id, token)
        expect(second.code).toBe(200)
        expect((await q('GET /exam/record/wrong_list', { recordId })).code).toBe(EXAM_CODE.examInProgress)
        expect((await call(h.app, 'GET /exam/record/:id', { token, params: { id: recordId } })).code).toBe(
          EXAM_CODE.examInProgress,
        )
        await edit(second.data.recordId, { final: true }, token)
        // once the exam closes its paper returns to practice
        const using = await db()
          .select({ id: exam.id, closeAt: exam.closeAt })
          .from(exam)
          .where(eq(exam.paperId, paperId))
        await db()
          .update(exam)
          .set({ closeAt: new Date(Date.now() - 1000) })
          .where(eq(exam.paperId, paperId))
        const back = as<{ paperId: number }[]>(await q('GET /app/common/bank/exam/list', { bankId: b!.id }))
        expect(back.map((p) => p.paperId)).toContain(paperId)
        expect((await q('GET /app/common/bank/question/list', { paperId })).code).toBe(200)
        for (const u of using) await db().update(exam).set({ closeAt: u.closeAt }).where(eq(exam.id, u.id))
      })
    })

    describe('tenant isolation', () => {
      it("another tenant's learner gets 404 for the exam and its record, and no certificates", async () => {
        const e = await addExam(db(), 1001, paperId, { certificate: true })
        const a = await start(e.id)
        await edit(a.data.recordId, { answers: answers('right'), final: true })
        const asB = { token: tokenB, tenant: 1002 }
        expect((await call(h.app, 'GET /bank/exam/:id', { ...asB, params: { id: e.id } })).code).toBe(404)
        expect((await call(h.app, 'POST /bank/exam/simulate', { ...asB, body: { examId: e.id } })).code).toBe(404)
        expect((await call(h.app, 'GET /bank/exam/temp/:id', { ...asB, params: { id: e.id } })).code).toBe(404)
        expect((await call(h.app, 'GET /app/user/rankingList', { ...asB, query: { examId: e.id } })).code).toBe(404)
        expect((await call(h.app, 'GET /mock/record/:id', { ...asB, params: { id: a.data.recordId } })).code).toBe(404)
        expect((await call(h.app, 'GET /exam/record/:id', { ...asB, params: { id: a.data.recordId } })).code).toBe(404)
        const edits = await call(h.app, 'POST /mock/record/edit', {
          ...asB,
          body: { recordId: a.data.recordId, answers: [], final: true },
        })
        expect(edits.code).toBe(404)
        const certs = await call(h.app, 'GET /user/certificate/list', asB)
        expect(certs.data).toEqual({ rows: [], total: 0 })
        const list = await call(h.app, 'GET /bank/exam/exam/list', asB)
        expect(list.data.rows.map((r: { examId: number }) => r.examId)).not.toContain(e.id)
        // tenant B's own exams are its own
        const own = await addExam(db(), 1002, bPaperId, {})
        expect((await call(h.app, 'POST /bank/exam/simulate', { ...asB, body: { examId: own.id } })).code).toBe(200)
        expect((await start(own.id)).code).toBe(404)
      })
    })

    it('every exam reply matches its contract schema', async () => {
      await settleA()
      const e = await addExam(db(), 1001, paperId, { certificate: true, maxAttempts: 2 })
      const attempt = await start(e.id)
      const replies: [RouteKey, Awaited<ReturnType<typeof call>>][] = [
        ['POST /bank/exam/simulate', attempt],
        [
          'GET /bank/exam/temp/:id',
          await call(h.app, 'GET /bank/exam/temp/:id', { token: tokenA, params: { id: e.id } }),
        ],
        ['GET /bank/exam/nextExam', await call(h.app, 'GET /bank/exam/nextExam', { token: tokenA })],
      ]
      await edit(attempt.data.recordId, { answers: answers('right'), final: true })
      const mock = (
        await db()
          .select()
          .from(exam)
          .where(and(eq(exam.tenantId, 1001), eq(exam.kind, 'mock')))
      )[0]!
      const mockRecord = (
        await db()
          .select({ id: bankRecord.id })
          .from(bankRecord)
          .where(and(eq(bankRecord.examId, mock.id), eq(bankRecord.userId, userA)))
      )[0]!.id
      const get = (key: RouteKey, o: Parameters<typeof call>[2] = {}) =>
        call(h.app, key, { token: tokenA, ...o }).then((r) => [key, r] as [RouteKey, typeof r])
      replies.push(
        await get('GET /bank/exam/exam/list'),
        await get('GET /bank/exam/exam/list', { query: { kind: 'mock', status: 'open' } }),
        await get('GET /bank/exam/:id', { params: { id: e.id } }),
        await get('GET /app/user/rankingList', { query: { examId: e.id } }),
        await get('GET /user/certificate/list'),
        await get('GET /user/confirm/info/detail'),
        await get('GET /mock/record/:id', { params: { id: mockRecord } }),
        await get('GET /mock/record/group_list'),
        await get('GET /mock/record/list'),
        await get('GET /mock/wwrong/record/wrongNum/:id', { params: { id: mockRecord } }),
      )
      for (const [key, r] of replies) {
        expect(r.code, `${key}: ${r.msg}`).toBe(200)
        const schema = (
          schemas as Record<string, { data: { safeParse(v: unknown): { success: boolean; error?: unknown } } }>
        )[key]!
        const parsed = schema.data.safeParse(r.data)
        expect(parsed.success, `${key}: ${JSON.stringify(parsed.error)}`).toBe(true)
      }
    })

    it('validates resident ID numbers with the GB 11643 check character', () => {
      expect(isValidIdCard('11010519491231002X')).toBe(true)
      expect(isValidIdCard('11010519491231002x')).toBe(true)
      expect(isValidIdCard('110105194912310021')).toBe(false)
      expect(isValidIdCard('1101051949123100')).toBe(false)
      expect(idCardCheckChar('44052418800101001')).toBe('4')
    })
  })
}
