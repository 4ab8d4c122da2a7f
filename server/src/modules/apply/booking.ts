/**
 * Bookings (docs/DECISIONS.md "Exams"): book, reschedule and cancel a session, and the learner's bookings.
 * A seat is taken with one conditional increment (`booked < capacity`, session not ended) inside the booking's
 * transaction: the row lock serialises concurrent bookings, so a session is never overbooked. One active booking
 * per learner, exam and kind (partial unique index appointment_active_uq). Cancel and reschedule end
 * CHANGE_CUTOFF_HOURS before the booked session starts; a reschedule keeps the signed letter.
 */

import { and, count, eq, gt, lt, lte, or, sql } from 'drizzle-orm'
import {
  APPOINTMENT_STATUS,
  CHANGE_CUTOFF_HOURS,
  EXAM_CODE,
  MAX_RESCHEDULES,
} from '../../../../contract/schemas/exam-codes'
import { type Db, isUniqueViolation, toInt } from '../../db'
import { applySession, appointment } from '../../db/schema'
import { AppError, type Handlers, requireUser } from '../../http/core'
import { cstDateTime, MESSAGES, notify, placeOf } from '../../services/inform'
import type { Scoped } from '../bank/core'
import { assertEligible, checksFor } from '../exam/eligibility'
import { statusOf, visibleExam } from '../exam/rows'
import {
  activeBooking,
  appointmentQuery,
  appointmentView,
  changeDeadline,
  notFound,
  ownAppointment,
  sessionById,
  type Tx,
  upcomingBookings,
} from './views'

const rule = (msg: string) => new AppError(EXAM_CODE.bookingRule, msg)
const ALREADY_BOOKED = '你已预约该考试，可改期或取消后再约'

/**
 * Takes a seat: `booked + 1` only while there is room and the session has not ended. No row means the seat
 * was not taken: the session's state says why (ended: 626, full: 625).
 */
async function takeSeat(ctx: Scoped, tx: Tx, sessionId: number, now: Date) {
  const [taken] = await tx
    .update(applySession)
    .set({ booked: sql`${applySession.booked} + 1` })
    .where(
      ctx.scope.where(
        applySession,
        eq(applySession.id, sessionId),
        lt(applySession.booked, applySession.capacity),
        gt(applySession.endAt, now),
      ),
    )
    .returning({ id: applySession.id })
  if (taken) return
  const s = await sessionById({ db: tx, scope: ctx.scope }, sessionId)
  if (s.endAt <= now) throw rule('该场次已结束，请选择其他场次')
  throw new AppError(EXAM_CODE.sessionFull, '该场次已约满，请选择其他场次')
}

async function freeSeat(ctx: Scoped, tx: Tx, sessionId: number) {
  await tx
    .update(applySession)
    .set({ booked: sql`greatest(${applySession.booked} - 1, 0)` })
    .where(ctx.scope.where(applySession, eq(applySession.id, sessionId)))
}

/** The learner's booking locked for a change; refused when cancelled or past the cut-off. */
async function lockForChange(ctx: Scoped, tx: Tx, userId: number, appointmentId: number, now: Date) {
  const [row] = await appointmentQuery({ db: tx, scope: ctx.scope })
    .where(ctx.scope.where(appointment, eq(appointment.id, appointmentId), eq(appointment.userId, userId)))
    .for('update', { of: appointment })
  if (!row) throw notFound('appointment')
  if (row.a.status !== APPOINTMENT_STATUS.booked) throw rule('该预约已取消')
  if (now >= changeDeadline(row.startAt)) throw rule(`距开始不足 ${CHANGE_CUTOFF_HOURS} 小时，已不能改期或取消`)
  return row
}

export const handlers: Handlers = {
  'POST /apply/save': async (ctx, { body }) => {
    const { userId } = requireUser(ctx)
    const now = new Date()
    const s = await sessionById(ctx, body.sessionId)
    const e = await visibleExam(ctx, userId, s.examId)
    if (s.endAt <= now) throw rule('该场次已结束，请选择其他场次')
    if (statusOf(e, now) === 'closed') throw rule('该考试已结束，不能再预约')
    // a booking whose session ended is done: it no longer blocks booking the exam again (a retake)
    await ctx.db
      .update(appointment)
      .set({ status: APPOINTMENT_STATUS.done, updatedAt: now })
      .where(
        ctx.scope.where(
          appointment,
          eq(appointment.userId, userId),
          eq(appointment.examId, s.examId),
          eq(appointment.kind, s.kind),
          eq(appointment.status, APPOINTMENT_STATUS.booked),
          sql`exists (select 1 from ${applySession} where ${applySession.id} = ${appointment.sessionId} and ${applySession.endAt} <= ${now})`,
        ),
      )
    if (await activeBooking(ctx, userId, s.examId, s.kind as 'exam' | 'train')) throw rule(ALREADY_BOOKED)
    if (s.kind === 'exam') assertEligible(await checksFor(ctx, userId, e, 'booking'))
    const id = await ctx.db.transaction(async (tx) => {
      await takeSeat(ctx, tx, s.id, now)
      try {
        const [a] = await tx
          .insert(appointment)
          .values(ctx.scope.row({ userId, examId: s.examId, sessionId: s.id, kind: s.kind }))
          .returning({ id: appointment.id })
        // the learner's message, written with the booking (docs/DECISIONS.md "Messages")
        const v = await ownAppointment({ db: tx as unknown as Db, scope: ctx.scope }, userId, a!.id)
        await notify(
          tx as unknown as Db,
          ctx.scope,
          userId,
          MESSAGES.booked({
            appointmentId: v.appointmentId,
            kind: v.kind,
            examName: v.examName,
            site: placeOf(v),
            time: cstDateTime(new Date(v.startTime * 1000)),
          }),
        )
        return a!.id
      } catch (err) {
        // a concurrent booking of the same exam and kind won: the seat taken above is rolled back too
        if (isUniqueViolation(err)) throw rule(ALREADY_BOOKED)
        throw err
      }
    })
    return ownAppointment(ctx, userId, id)
  },

  'POST /apply/edit': async (ctx, { body }) => {
    const { userId } = requireUser(ctx)
    const now = new Date()
    await ctx.db.transaction(async (tx) => {
      const cur = await lockForChange(ctx, tx, userId, body.appointmentId, now)
      if (body.action === 'cancel') {
        await tx
          .update(appointment)
          .set({ status: APPOINTMENT_STATUS.cancelled, updatedAt: now })
          .where(ctx.scope.where(appointment, eq(appointment.id, cur.a.id)))
        await freeSeat(ctx, tx, cur.a.sessionId)
        return
      }
      if (cur.a.rescheduleNum >= MAX_RESCHEDULES) throw rule(`每个预约最多改期 ${MAX_RESCHEDULES} 次，已用完`)
      const target = await sessionById({ db: tx, scope: ctx.scope }, body.sessionId!)
      if (target.examId !== cur.a.examId || target.kind !== cur.a.kind)
        throw rule('只能改到同一考试、同一类型的其他场次')
      if (target.id === cur.a.sessionId) throw rule('已预约该场次，请选择其他场次')
      await takeSeat(ctx, tx, target.id, now)
      await freeSeat(ctx, tx, cur.a.sessionId)
      // the signed letter stays with the booking (same exam)
      await tx
        .update(appointment)
        .set({ sessionId: target.id, rescheduleNum: sql`${appointment.rescheduleNum} + 1`, updatedAt: now })
        .where(ctx.scope.where(appointment, eq(appointment.id, cur.a.id)))
    })
    return ownAppointment(ctx, userId, body.appointmentId)
  },

  'GET /apply/list': async (ctx, { query }) => {
    const { userId } = requireUser(ctx)
    const now = new Date()
    const when =
      query.when === 'upcoming'
        ? and(eq(appointment.status, APPOINTMENT_STATUS.booked), gt(applySession.endAt, now))
        : query.when === 'past'
          ? or(eq(appointment.status, APPOINTMENT_STATUS.cancelled), lte(applySession.endAt, now))
          : undefined
    const where = ctx.scope.where(
      appointment,
      eq(appointment.userId, userId),
      query.kind ? eq(appointment.kind, query.kind) : undefined,
      when,
    )
    const [total] = await ctx.db
      .select({ n: count() })
      .from(appointment)
      .innerJoin(applySession, eq(applySession.id, appointment.sessionId))
      .where(where)
    const soonest = query.when === 'upcoming'
    const rows = await appointmentQuery(ctx)
      .where(where)
      .orderBy(
        soonest ? sql`${applySession.startAt} asc` : sql`${applySession.startAt} desc`,
        soonest ? sql`${appointment.id} asc` : sql`${appointment.id} desc`,
      )
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize)
    return { rows: rows.map((r) => appointmentView(r, now)), total: toInt(total?.n) }
  },

  'GET /apply/subscribeNext': async (ctx) => {
    const { userId } = requireUser(ctx)
    const [next] = await upcomingBookings(ctx, userId)
    return next ?? null
  },

  'GET /user/subscribe/recentExam': async (ctx) => {
    const { userId } = requireUser(ctx)
    const [next] = await upcomingBookings(ctx, userId, 'exam')
    return next ?? null
  },

  'GET /user/subscribe/:id': async (ctx, { params }) => {
    const { userId } = requireUser(ctx)
    return ownAppointment(ctx, userId, params.id)
  },
}
