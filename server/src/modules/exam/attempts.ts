/**
 * Timed attempts of exams and mock exams (docs/DECISIONS.md "Exams"): rows of the bank's attempt table with
 * scope `exam` | `mock`, scope key `exam:<id>` | `mock:<id>`, test mode, the paper's questions and a deadline. Starting
 * resumes the one unfinished attempt (the partial unique index keeps one); a new one needs the window, an attempt
 * left, (mock) an application and the entry conditions. Saving and submitting are the bank's (records.ts), which
 * closes an attempt past its deadline + grace; `sweepExpired` does that for attempts nobody touches any more.
 */
import { and, asc, count, desc, eq, isNotNull, isNull, lt, lte } from 'drizzle-orm'
import { DEADLINE_GRACE_SECONDS, EXAM_CODE, MOCK_SUBSCRIBE_STATUS } from '../../../../contract/schemas/exam-codes'
import { type Db, toInt } from '../../db'
import { applySession, bankRecord, mockSubscribe } from '../../db/schema'
import { AppError, TenantScope } from '../../http/core'
import { paperById, paperQuestionIds, type Scoped } from '../bank/core'
import { closeIfExpired, editRecord, openRecord, type RecordRow, recordDetail } from '../bank/records'
import { activeExamAppointment, assertEligible, checksFor, type ExamRow } from './eligibility'
import { statusOf } from './rows'

/** The attempt scope of an exam: `exam` for formal exams, `mock` for mock exams. */
export const attemptScope = (e: Pick<ExamRow, 'kind'>): 'exam' | 'mock' => (e.kind === 'mock' ? 'mock' : 'exam')
/** The scope key that keeps one unfinished attempt per learner and exam: `exam:<id>` / `mock:<id>`. */
export const attemptKey = (e: Pick<ExamRow, 'kind' | 'id'>) => `${attemptScope(e)}:${e.id}`

const TZ_MS = 8 * 3600 * 1000
/** 2025-06-01 09:00 in China Standard Time */
export const cstTime = (d: Date) => new Date(d.getTime() + TZ_MS).toISOString().slice(0, 16).replace('T', ' ')

const openAttempt = (ctx: Scoped, userId: number, e: ExamRow) => openRecord(ctx, userId, 'test', attemptKey(e))

/** Submits every attempt of the learner that is past its deadline + grace (before lists and details). */
export async function closeExpiredOf(ctx: Scoped, userId: number, now = new Date()): Promise<number> {
  const rows = await ctx.db
    .select({ id: bankRecord.id })
    .from(bankRecord)
    .where(
      ctx.scope.where(
        bankRecord,
        eq(bankRecord.userId, userId),
        isNull(bankRecord.submittedAt),
        isNotNull(bankRecord.deadlineAt),
        lt(bankRecord.deadlineAt, new Date(now.getTime() - DEADLINE_GRACE_SECONDS * 1000)),
      ),
    )
  for (const r of rows) await editRecord(ctx.db, ctx.scope, userId, { recordId: r.id, answers: [], final: true }, now)
  return rows.length
}

/** The learner's attempts of an exam, newest first. */
export async function attemptsOf(ctx: Scoped, userId: number, examId: number): Promise<RecordRow[]> {
  return ctx.db
    .select()
    .from(bankRecord)
    .where(ctx.scope.where(bankRecord, eq(bankRecord.userId, userId), eq(bankRecord.examId, examId)))
    .orderBy(desc(bankRecord.id))
}

/** The contract's examAttempt: the bank's record detail plus the exam and the server clock. */
export async function attemptView(ctx: Scoped, userId: number, e: ExamRow, r: RecordRow, resumed: boolean) {
  const [detail, [n]] = await Promise.all([
    recordDetail(ctx, userId, r, resumed),
    ctx.db
      .select({ n: count() })
      .from(bankRecord)
      .where(
        ctx.scope.where(
          bankRecord,
          eq(bankRecord.userId, userId),
          eq(bankRecord.examId, e.id),
          lte(bankRecord.id, r.id),
        ),
      ),
  ])
  return {
    ...detail,
    examId: e.id,
    examName: e.name,
    durationSeconds: e.durationSeconds,
    sysTime: Date.now() / 1000,
    attemptNo: Math.max(1, toInt(n?.n)),
    maxAttempts: e.maxAttempts,
  }
}

/** The unfinished attempt of the exam with the clock (null when none; one past its time is submitted first). */
export async function unfinishedAttempt(ctx: Scoped, userId: number, e: ExamRow) {
  const open = await openAttempt(ctx, userId, e)
  if (!open) return null
  const now = await closeIfExpired(ctx, userId, open)
  return now.submittedAt ? null : attemptView(ctx, userId, e, now, true)
}

/**
 * Start (or resume) a timed attempt. Resuming the unfinished attempt is always allowed; a new one is refused
 * outside the window (623), when every attempt is used (622), without a mock application (627), when an entry
 * condition fails (621 with the checks) or outside the booked session (623).
 */
export async function startAttempt(ctx: Scoped, userId: number, e: ExamRow) {
  const open = await openAttempt(ctx, userId, e)
  if (open) {
    const current = await closeIfExpired(ctx, userId, open)
    if (!current.submittedAt) return attemptView(ctx, userId, e, current, true)
  }
  const now = new Date()
  const status = statusOf(e, now)
  if (status === 'upcoming') throw new AppError(EXAM_CODE.notOpen, `考试尚未开始，开考时间 ${cstTime(e.openAt!)}`)
  if (status === 'closed') throw new AppError(EXAM_CODE.notOpen, '考试已结束')
  if (e.maxAttempts > 0) {
    const used = (await attemptsOf(ctx, userId, e.id)).length
    if (used >= e.maxAttempts) throw new AppError(EXAM_CODE.attemptsUsed, `考试次数已用完（共 ${e.maxAttempts} 次）`)
  }
  if (e.kind === 'mock') {
    const [applied] = await ctx.db
      .select({ id: mockSubscribe.id })
      .from(mockSubscribe)
      .where(
        ctx.scope.where(
          mockSubscribe,
          eq(mockSubscribe.userId, userId),
          eq(mockSubscribe.examId, e.id),
          eq(mockSubscribe.status, MOCK_SUBSCRIBE_STATUS.applied),
        ),
      )
    if (!applied) throw new AppError(EXAM_CODE.notApplied, '请先报名该模拟考试')
  }
  assertEligible(await checksFor(ctx, userId, e, 'sitting'))

  let deadline = now.getTime() + e.durationSeconds * 1000
  if (e.closeAt) deadline = Math.min(deadline, e.closeAt.getTime())
  if (e.requireAppointment) {
    const a = await activeExamAppointment(ctx, userId, e.id)
    const [s] = a
      ? await ctx.db
          .select({ startAt: applySession.startAt, endAt: applySession.endAt })
          .from(applySession)
          .where(ctx.scope.where(applySession, eq(applySession.id, a.sessionId)))
      : []
    if (!s) throw new AppError(EXAM_CODE.notOpen, '尚未预约考场')
    if (now < s.startAt)
      throw new AppError(
        EXAM_CODE.notOpen,
        `请在预约的场次时间内开考（${cstTime(s.startAt)} 至 ${cstTime(s.endAt).slice(11)}）`,
      )
    if (now >= s.endAt) throw new AppError(EXAM_CODE.notOpen, '预约的场次已结束，请重新预约')
    deadline = Math.min(deadline, s.endAt.getTime())
  }

  const p = await paperById(ctx, e.paperId)
  const questionIds = await paperQuestionIds(ctx, p.id)
  if (questionIds.length === 0) throw new AppError(404, 'the exam paper has no questions')
  const [created] = await ctx.db
    .insert(bankRecord)
    .values(
      ctx.scope.row({
        userId,
        mode: 'test',
        scope: attemptScope(e),
        scopeKey: attemptKey(e),
        title: e.name,
        bankId: p.bankId,
        paperId: p.id,
        questionIds,
        startedAt: now,
        examId: e.id,
        deadlineAt: new Date(deadline),
      }),
    )
    .onConflictDoNothing()
    .returning()
  if (created) return attemptView(ctx, userId, e, created, false)
  // a concurrent start won the unique index: resume its attempt
  const winner = await openAttempt(ctx, userId, e)
  if (!winner) throw new AppError(500, 'could not start the attempt')
  return attemptView(ctx, userId, e, winner, true)
}

// ---- the sweep ----

/**
 * Submits every open attempt whose deadline + grace passed, in every tenant (the learner's app is gone). Each
 * attempt goes through the bank's editRecord (its own transaction and row lock), so an answer racing the sweep
 * is either saved before the submit or refused after it. Returns how many were submitted.
 */
export async function sweepExpired(
  db: Db,
  now = new Date(),
  onError?: (err: unknown, recordId: number) => void,
  batch = 200,
): Promise<number> {
  const cutoff = new Date(now.getTime() - DEADLINE_GRACE_SECONDS * 1000)
  let done = 0
  for (;;) {
    // system query across tenants on bank_record_deadline_idx; each attempt is then handled in its tenant's scope
    const rows = await db
      .select({ id: bankRecord.id, tenantId: bankRecord.tenantId, userId: bankRecord.userId })
      .from(bankRecord)
      .where(and(isNull(bankRecord.submittedAt), isNotNull(bankRecord.deadlineAt), lt(bankRecord.deadlineAt, cutoff)))
      .orderBy(asc(bankRecord.deadlineAt))
      .limit(batch)
    if (rows.length === 0) return done
    let progressed = 0
    for (const r of rows) {
      try {
        const out = await editRecord(
          db,
          new TenantScope(r.tenantId),
          r.userId,
          { recordId: r.id, answers: [], final: true },
          now,
        )
        if (out.submitted) progressed++
      } catch (err) {
        onError?.(err, r.id) // one broken attempt must not hold up the others
      }
    }
    done += progressed
    if (rows.length < batch || progressed === 0) return done
  }
}
