/** Exam lists, detail (entry conditions, booking, attempts, certificate), what to sit next, and timed attempts. */
import { desc, eq, isNotNull, isNull } from 'drizzle-orm'
import { bankRecord } from '../../db/schema'
import { AppError, type Handlers, requireUser } from '../../http/core'
import { sanitizeArticle } from '../../services/sanitize'
import { activeBooking, upcomingBookings } from '../apply/views'
import type { Scoped } from '../bank/core'
import { answersOf, summaryOf } from '../bank/records'
import { attemptsOf, closeExpiredOf, startAttempt, unfinishedAttempt } from './attempts'
import { certificateOf, certificateView } from './certificates'
import { checksFor, type ExamRow } from './eligibility'
import { examRowsAndExpiry, examRowsOf, statusOf, visibleExam, visibleExams } from './rows'

async function oneRow(ctx: Scoped, userId: number, e: ExamRow) {
  return (await examRowsOf(ctx, userId, [e]))[0]!
}

/** The learner's active exam-site booking of the exam, as the contract's appointmentRow. */
const appointmentOf = (ctx: Scoped, userId: number, examId: number) => activeBooking(ctx, userId, examId, 'exam')

/** visibleExam, or undefined when the learner may no longer see it (goods expired, exam removed). */
async function visibleOrNone(ctx: Scoped, userId: number, examId: number) {
  try {
    return await visibleExam(ctx, userId, examId)
  } catch (err) {
    if (err instanceof AppError && err.code === 404) return undefined
    throw err
  }
}

/** The unfinished attempt's exam, else the soonest booked session's exam, else the first open exam to sit. */
async function nextExam(ctx: Scoped, userId: number) {
  const open = await ctx.db
    .select({ examId: bankRecord.examId })
    .from(bankRecord)
    .where(
      ctx.scope.where(
        bankRecord,
        eq(bankRecord.userId, userId),
        isNull(bankRecord.submittedAt),
        isNotNull(bankRecord.examId),
      ),
    )
    .orderBy(desc(bankRecord.startedAt))
  for (const r of open) {
    const e = await visibleOrNone(ctx, userId, r.examId!)
    if (e) return { exam: await oneRow(ctx, userId, e), appointment: await appointmentOf(ctx, userId, e.id) }
  }
  const booked = await upcomingBookings(ctx, userId, 'exam')
  for (const a of booked) {
    const e = await visibleOrNone(ctx, userId, a.examId)
    if (e) return { exam: await oneRow(ctx, userId, e), appointment: a }
  }
  const now = new Date()
  const candidates = (await visibleExams(ctx, userId, 'formal')).filter((e) => statusOf(e, now) === 'open')
  for (const row of await examRowsOf(ctx, userId, candidates, now)) {
    if (row.passed || (row.maxAttempts > 0 && row.attemptsUsed >= row.maxAttempts)) continue
    const e = candidates.find((c) => c.id === row.examId)!
    const checks = await checksFor(ctx, userId, e, 'sitting')
    if (checks.every((c) => c.ok)) return { exam: row, appointment: null }
  }
  return { exam: null, appointment: null }
}

export const handlers: Handlers = {
  'GET /course/menu/exam/list': async (ctx, { query }) => {
    const { userId } = requireUser(ctx)
    await closeExpiredOf(ctx, userId)
    const mine = (await visibleExams(ctx, userId, 'formal')).filter((e) => e.goodsId === query.goodsId)
    return examRowsOf(ctx, userId, mine)
  },

  'GET /bank/exam/exam/list': async (ctx, { query }) => {
    const { userId } = requireUser(ctx)
    const now = new Date()
    const all = (await visibleExams(ctx, userId, query.kind)).filter(
      (e) => !query.status || statusOf(e, now) === query.status,
    )
    const start = (query.pageNum - 1) * query.pageSize
    const page = all.slice(start, start + query.pageSize)
    // three queries (token, exams, rows) unless an attempt is past its deadline: then it is closed first
    let { rows, expiredOpen } = await examRowsAndExpiry(ctx, userId, page, now)
    if (expiredOpen) {
      await closeExpiredOf(ctx, userId, now)
      rows = await examRowsOf(ctx, userId, page, now)
    }
    return { rows, total: all.length }
  },

  'GET /bank/exam/:id': async (ctx, { params }) => {
    const { userId } = requireUser(ctx)
    const e = await visibleExam(ctx, userId, params.id)
    await closeExpiredOf(ctx, userId)
    const [row, checks, appt, attempts, cert] = await Promise.all([
      oneRow(ctx, userId, e),
      checksFor(ctx, userId, e, 'sitting'),
      appointmentOf(ctx, userId, e.id),
      attemptsOf(ctx, userId, e.id),
      certificateOf(ctx, userId, e.id),
    ])
    const answers = await answersOf(
      ctx,
      attempts.map((r) => r.id),
    )
    return {
      ...row,
      description: sanitizeArticle(e.description),
      eligibility: { eligible: checks.every((c) => c.ok), checks },
      appointment: appt,
      attempts: attempts.map((r) =>
        summaryOf(
          r,
          answers.filter((a) => a.recordId === r.id),
        ),
      ),
      certificate: cert ? certificateView(cert, ctx.config) : null,
      issuesCertificate: e.certificate,
    }
  },

  'GET /bank/exam/nextExam': async (ctx) => {
    const { userId } = requireUser(ctx)
    await closeExpiredOf(ctx, userId)
    return nextExam(ctx, userId)
  },

  'GET /bank/exam/temp/:id': async (ctx, { params }) => {
    const { userId } = requireUser(ctx)
    return unfinishedAttempt(ctx, userId, await visibleExam(ctx, userId, params.id))
  },

  'POST /bank/exam/simulate': async (ctx, { body }) => {
    const { userId } = requireUser(ctx)
    return startAttempt(ctx, userId, await visibleExam(ctx, userId, body.examId, 'formal'))
  },
}
