/**
 * Test question, the answer card (GET_TEST_QUESTION_CONTENT, ANSWER_TEST_QUESTION, STOP_TEST_QUESTION,
 * GET_TEST_QUESTION_RESULT): the teacher pushes a choice or judgement question of the school's bank (never one of an
 * exam that has not closed), without its answer; learners answer once before the server clock says stop, scored
 * with the shared scoring rules; moderators see the results as they come (merged), everyone at the close, by the
 * teacher or at the time-out (./timed.ts).
 */
import { and, eq, gt, inArray, sql } from 'drizzle-orm'
import {
  type ActiveInteractions,
  INTERACTION,
  INTERACTION_ERRORS,
  type TestQuestionResult,
} from '../../../../../contract/schemas/live-interactions'
import { normaliseChoice, scoreQuestion } from '../../../../../shared/rules/scoring'
import { liveTest, liveTestAnswer, question } from '../../../db/schema'
import { TenantScope } from '../../../http/core'
import { examQuestionIds } from '../../bank/core'
import type { Kind, Kit, Payload, Seat } from './kit'
import { bad, fail, isInt, isPosInt, MSG, ok, outer, staffRoomOf } from './kit'
import { closing, type Timed } from './timed'

const OVER = 'this test question is over'

export class TestQuestion implements Kind {
  readonly timed: Timed = {
    name: 'test',
    deadline: { table: liveTest, open: 'open', at: liveTest.endsAt },
    expire: async (tenantId, id) => {
      await this.close(tenantId, id, 'timeout')
    },
  }
  readonly handlers = {
    GET_TEST_QUESTION_CONTENT: (seat: Seat, p: Payload) => this.push(seat, p),
    STOP_TEST_QUESTION: (seat: Seat, p: Payload) => this.stop(seat, p),
    ANSWER_TEST_QUESTION: (seat: Seat, p: Payload) => this.answer(seat, p),
  }

  constructor(private readonly k: Kit) {}

  /** the one running in the room, for the LOGIN snapshot */
  async active(seat: Seat, now: Date): Promise<ActiveInteractions['test']> {
    const c = seat.claims
    const s = new TenantScope(c.tenantId)
    const [ts] = await this.k.d.db
      .select({
        id: liveTest.id,
        questionId: liveTest.questionId,
        quesType: liveTest.quesType,
        stem: liveTest.stem,
        options: liveTest.options,
        endsAt: liveTest.endsAt,
        answered: sql<boolean>`exists (select 1 from ${liveTestAnswer} where ${liveTestAnswer.tenantId} = ${outer('live_test', 'tenant_id')} and ${liveTestAnswer.testId} = ${outer('live_test', 'id')} and ${liveTestAnswer.userId} = ${seat.user.userId})`,
      })
      .from(liveTest)
      .where(
        s.where(liveTest, eq(liveTest.sessionId, c.sessionId), eq(liveTest.state, 'open'), gt(liveTest.endsAt, now)),
      )
      .limit(1)
    return ts
      ? {
          testId: ts.id,
          questionId: ts.questionId,
          quesType: ts.quesType,
          stem: ts.stem,
          options: ts.options,
          endsAt: ts.endsAt.getTime(),
          answered: Boolean(ts.answered),
        }
      : null
  }

  private async push(seat: Seat, p: Payload) {
    if (!isPosInt(p.questionId)) return bad('questionId: a question id of this school')
    const { testMinS } = this.k.d.timing
    if (!isInt(p.limitSeconds, testMinS, INTERACTION.TEST_MAX_S))
      return bad(`limitSeconds: ${testMinS} to ${INTERACTION.TEST_MAX_S} seconds`)
    const c = seat.claims
    const s = new TenantScope(c.tenantId)
    const { db } = this.k.d
    const [q] = await db
      .select({
        id: question.id,
        type: question.type,
        title: question.title,
        optionsList: question.optionsList,
        ans: question.ans,
        analysis: question.analysis,
        score: question.score,
        partScore: question.partScore,
      })
      .from(question)
      .where(s.where(question, eq(question.id, p.questionId)))
    if (!q) return bad('questionId: no such question in this school', 'notPushable')
    if (q.type !== 1 && q.type !== 2 && q.type !== 3)
      return bad('questionId: only single choice, multiple choice and judgement questions can be pushed', 'notPushable')
    const [sealed] = await db
      .select({ id: question.id })
      .from(question)
      .where(s.where(question, and(eq(question.id, q.id), inArray(question.id, examQuestionIds({ db, scope: s })))))
    if (sealed) return bad('questionId: this question is in an exam that has not closed yet')
    const options = q.optionsList
      .filter((o) => o && typeof o.label === 'string' && /^[A-Z]$/.test(o.label.trim().toUpperCase()))
      .map((o): [string, string] => [o.label.trim().toUpperCase(), o.content ?? ''])
    const answer = normaliseChoice(q.ans)
    if (options.length < 2 || !answer || !answer.split(',').every((l) => options.some(([x]) => x === l)))
      return bad('questionId: this question has no usable options and answer', 'notPushable')
    await this.k.closeOverdue(this.timed.name, c.tenantId, c.sessionId)
    const endsAt = new Date(Date.now() + p.limitSeconds * 1000)
    const [row] = await db
      .insert(liveTest)
      .values(
        s.row({
          channelId: c.channelId,
          sessionId: c.sessionId,
          byUserId: seat.user.userId,
          questionId: q.id,
          quesType: q.type,
          stem: q.title,
          options,
          answer,
          analysis: q.analysis,
          score: q.score,
          partScore: q.partScore,
          endsAt,
        }),
      )
      .onConflictDoNothing()
      .returning({ id: liveTest.id })
    if (!row) return bad('a test question is running in this room: stop it first', 'testRunning')
    this.k.emit(seat.room, 'GET_TEST_QUESTION_CONTENT', {
      testId: row.id,
      questionId: q.id,
      quesType: q.type,
      stem: q.title,
      options,
      endsAt: endsAt.getTime(),
    })
    this.k.arm(this.timed.name, c.tenantId, row.id, endsAt.getTime())
    return ok({ testId: row.id, endsAt: endsAt.getTime() })
  }

  private async result(tenantId: number, id: number): Promise<TestQuestionResult | null> {
    const s = new TenantScope(tenantId)
    const { db } = this.k.d
    const [t] = await db
      .select({
        questionId: liveTest.questionId,
        options: liveTest.options,
        answer: liveTest.answer,
        analysis: liveTest.analysis,
      })
      .from(liveTest)
      .where(s.where(liveTest, eq(liveTest.id, id)))
    if (!t) return null
    const rows = await db
      .select({ option: liveTestAnswer.option, result: liveTestAnswer.result })
      .from(liveTestAnswer)
      .where(s.where(liveTestAnswer, eq(liveTestAnswer.testId, id)))
    const distribution: Record<string, number> = Object.fromEntries(t.options.map(([label]) => [label, 0]))
    let right = 0
    for (const r of rows) {
      if (r.result === 'right') right++
      for (const l of r.option.split(',')) if (l in distribution) distribution[l]!++
    }
    return {
      testId: id,
      questionId: t.questionId,
      answer: t.answer.split(','),
      analysis: t.analysis,
      answered: rows.length,
      right,
      rightRate: rows.length ? Math.round((right / rows.length) * 10_000) / 10_000 : 0,
      distribution,
    }
  }

  /** closes it once (the teacher, or the time-out by the server clock) and tells everyone the result */
  private async close(tenantId: number, id: number, by: number | 'timeout'): Promise<TestQuestionResult | null> {
    const s = new TenantScope(tenantId)
    const [row] = await this.k.d.db
      .update(liveTest)
      .set({ state: 'closed', closedAt: new Date() })
      .where(s.where(liveTest, ...closing(liveTest, id, by)))
      .returning({ channelId: liveTest.channelId, sessionId: liveTest.sessionId })
    if (!row) return null
    const result = await this.result(tenantId, id)
    if (result) this.k.emit(this.k.roomOf(tenantId, row), 'GET_TEST_QUESTION_RESULT', result)
    return result
  }

  private async stop(seat: Seat, p: Payload) {
    if (!isPosInt(p.testId)) return bad('testId: a test id')
    const result = await this.close(seat.claims.tenantId, p.testId, seat.claims.sessionId)
    if (!result) return fail(INTERACTION_ERRORS.over, OVER)
    return ok({ result })
  }

  private async answer(seat: Seat, p: Payload) {
    if (!isPosInt(p.testId)) return bad('testId: a test id')
    const testId = p.testId
    if (
      !Array.isArray(p.option) ||
      p.option.length < 1 ||
      p.option.length > 26 ||
      !p.option.every((o) => typeof o === 'string')
    )
      return bad('option: the chosen option labels, e.g. ["A"]')
    const c = seat.claims
    const s = new TenantScope(c.tenantId)
    const { db } = this.k.d
    const [t] = await db
      .select({
        quesType: liveTest.quesType,
        options: liveTest.options,
        answer: liveTest.answer,
        score: liveTest.score,
        partScore: liveTest.partScore,
        questionId: liveTest.questionId,
        state: liveTest.state,
        endsAt: liveTest.endsAt,
      })
      .from(liveTest)
      .where(s.where(liveTest, eq(liveTest.id, testId), eq(liveTest.sessionId, c.sessionId)))
    // the server's clock decides: an answer after endsAt is refused even before the time-out closed the row
    if (t?.state !== 'open' || t.endsAt.getTime() <= Date.now()) return fail(INTERACTION_ERRORS.over, OVER)
    const labels = (p.option as string[]).map((o) => o.trim().toUpperCase())
    const chosen = normaliseChoice(labels.join(','))
    const picked = chosen ? chosen.split(',') : []
    if (picked.length !== labels.length || !picked.every((l) => t.options.some(([x]) => x === l)))
      return bad('option: labels of this question, each once')
    if (t.quesType !== 2 && picked.length !== 1) return bad('option: exactly one option')
    const scored = scoreQuestion({
      questionId: t.questionId,
      type: t.quesType as 1 | 2 | 3,
      score: t.score,
      ...(t.partScore === null ? {} : { partScore: t.partScore }),
      ans: t.answer,
      ques: chosen,
    })
    const result = scored.state === 'right' || scored.state === 'partial' ? scored.state : 'wrong'
    const [row] = await db
      .insert(liveTestAnswer)
      .values(s.row({ testId, userId: seat.user.userId, option: chosen, result, earned: scored.earned }))
      .onConflictDoNothing()
      .returning({ id: liveTestAnswer.id })
    if (!row) return fail(INTERACTION_ERRORS.already, MSG.already)
    this.k.d.merged(`test:${c.tenantId}:${testId}`, this.k.d.timing.resultPushMs, async () => {
      const r = await this.result(c.tenantId, testId)
      if (r) this.k.emit(staffRoomOf(seat.room), 'GET_TEST_QUESTION_RESULT', r)
    })
    return ok()
  }
}
