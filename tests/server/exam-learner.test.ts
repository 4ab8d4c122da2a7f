/**
 * Issue 12, what a learner of exams trips over (server side): 用时 of a timed attempt is the sitting's wall time
 * (start to submit, at most to its deadline), not the time of its last answer; my mock applications say how many
 * attempts are used (so 我的报名 stops offering 进入考试 once the only attempt is taken).
 */
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bankRecord } from '../../server/src/db/schema'
import { sweepExpired } from '../../server/src/modules/exam/attempts'
import { idCardCheckChar } from '../../shared/rules/id-card'
import { addExam, type PaperQ, smallPaperOf } from './exam-helpers'
import { call, freshPglite, type Harness, harness, smsCodeFor } from './helpers'

let h: Harness
let token: string
let paperId: number
let qs: PaperQ[]

beforeAll(async () => {
  h = await harness(await freshPglite())
  // a learner of their own: the demo learner's attempts of other tests do not meet these
  const phone = `137${String(Date.now()).slice(-8)}`
  const code = await smsCodeFor(h, 'login', phone)
  const r = await call(h.app, 'POST /app/common/sms_login', {
    body: { telPhone: phone, code, deviceUuid: 'device-exam-learner' },
  })
  token = r.data.token
  ;({ paperId, questions: qs } = await smallPaperOf(h.database.db, 1001))
})
afterAll(async () => h?.close())

const db = () => h.database.db
const nowS = () => Date.now() / 1000
const record = async (id: number) => (await db().select().from(bankRecord).where(eq(bankRecord.id, id)))[0]!
const shiftStart = (recordId: number, startAgo: number, deadlineAgo: number) =>
  db()
    .update(bankRecord)
    .set({
      startedAt: sql`now() - make_interval(secs => ${startAgo})`,
      deadlineAt: sql`now() - make_interval(secs => ${deadlineAgo})`,
    })
    .where(eq(bankRecord.id, recordId))

describe('用时 of a timed attempt', () => {
  it('an attempt closed at its deadline took its whole time, whenever its last answer was', async () => {
    const e = await addExam(db(), 1001, paperId, { durationSeconds: 600 })
    const a = await call(h.app, 'POST /bank/exam/simulate', { token, body: { examId: e.id } })
    expect(a.code).toBe(200)
    // one answer in the first seconds, then nothing until the time ran out
    const saved = await call(h.app, 'POST /exam/record/edit', {
      token,
      body: { recordId: a.data.recordId, answers: [{ questionId: qs[0]!.id, ques: qs[0]!.right, answeredAt: nowS() }] },
    })
    expect(saved.code).toBe(200)
    await shiftStart(a.data.recordId, 640, 40)
    expect(await sweepExpired(db())).toBeGreaterThanOrEqual(1)
    const r = await record(a.data.recordId)
    expect(r.autoSubmitted).toBe(true)
    expect((r.report as { timeSpentSeconds: number }).timeSpentSeconds).toBe(600)
    const detail = await call(h.app, 'GET /exam/record/:id', { token, params: { id: a.data.recordId } })
    expect(detail.data.report.timeSpentSeconds).toBe(600)
  })

  it('a submit before the deadline: the time from the start to the submit', async () => {
    const e = await addExam(db(), 1001, paperId, { durationSeconds: 600 })
    const a = await call(h.app, 'POST /bank/exam/simulate', { token, body: { examId: e.id } })
    await shiftStart(a.data.recordId, 125, -475)
    const answers = qs.map((q) => ({ questionId: q.id, ques: q.right, answeredAt: nowS() - 100 }))
    const done = await call(h.app, 'POST /exam/record/edit', {
      token,
      body: { recordId: a.data.recordId, answers, final: true },
    })
    expect(done.data.submitted).toBe(true)
    expect(done.data.report.timeSpentSeconds).toBeGreaterThanOrEqual(124)
    expect(done.data.report.timeSpentSeconds).toBeLessThanOrEqual(130)
  })
})

describe('my mock applications carry the attempts', () => {
  it('used, maximum and the open attempt: 0 of 1, then the open one, then 1 of 1', async () => {
    const list = await call(h.app, 'GET /mock/apply/listApply', { token, query: { pageSize: 100 } })
    const mock = (list.data.rows as { examId: number; live: string; maxAttempts: number }[]).find(
      (m) => m.live === 'living' && m.maxAttempts === 1,
    )!
    expect(mock).toBeDefined()
    const first17 = '11010119900307123'
    const applied = await call(h.app, 'POST /mock/subscribe', {
      token,
      body: {
        examId: mock.examId,
        realName: '李雷',
        telPhone: '13700000009',
        idCard: `${first17}${idCardCheckChar(first17)}`,
      },
    })
    expect(applied.code).toBe(200)
    expect(applied.data).toMatchObject({ maxAttempts: 1, attemptsUsed: 0, openRecordId: null })

    const sat = await call(h.app, 'POST /mock/record', { token, body: { examId: mock.examId } })
    expect(sat.code).toBe(200)
    const mine = async () =>
      (await call(h.app, 'GET /mock/subscribe/listSubscribe', { token })).data.rows.find(
        (s: { examId: number }) => s.examId === mock.examId,
      )
    expect(await mine()).toMatchObject({ attemptsUsed: 1, openRecordId: sat.data.recordId })

    await call(h.app, 'POST /mock/record/edit', {
      token,
      body: { recordId: sat.data.recordId, answers: [], final: true },
    })
    expect(await mine()).toMatchObject({ maxAttempts: 1, attemptsUsed: 1, openRecordId: null })
    const info = await call(h.app, 'GET /mock/subscribe/info/:id', { token, params: { id: applied.data.subscribeId } })
    expect(info.data).toMatchObject({ attemptsUsed: 1, openRecordId: null })
    // and the start is refused: the one attempt is used
    expect((await call(h.app, 'POST /mock/record', { token, body: { examId: mock.examId } })).code).toBe(622)
  })
})
