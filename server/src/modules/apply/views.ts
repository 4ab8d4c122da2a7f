/**
 * Appointment building blocks (docs/DECISIONS.md "Exams"): bookings, sessions and sites as the contract's rows,
 * the change cut-off, and the learner's active booking of an exam and kind.
 */
import { and, asc, desc, eq, gt, inArray, type SQL } from 'drizzle-orm'
import {
  APPOINTMENT_STATUS,
  CHANGE_CUTOFF_HOURS,
  MAX_RESCHEDULES,
  type SessionKind,
} from '../../../../contract/schemas/exam-codes'
import type { Db } from '../../db'
import { applyArea, applySession, applySite, appointment, exam } from '../../db/schema'
import { AppError, toSeconds } from '../../http/core'
import type { Scoped } from '../bank/core'

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
export type SessionRow = typeof applySession.$inferSelect

const CUTOFF_MS = CHANGE_CUTOFF_HOURS * 3600 * 1000

export const notFound = (what: string) => new AppError(404, `${what} not found`)

/** Cancel and reschedule are allowed until this instant. */
export const changeDeadline = (startAt: Date) => new Date(startAt.getTime() - CUTOFF_MS)

/** A booking whose session has not ended yet. */
export const isUpcoming = (status: number, endAt: Date, now = new Date()) =>
  status === APPOINTMENT_STATUS.booked && endAt > now

const appointmentSelect = {
  a: appointment,
  examName: exam.name,
  siteId: applySite.id,
  siteName: applySite.name,
  siteAddress: applySite.address,
  sitePhone: applySite.phone,
  cityName: applyArea.name,
  startAt: applySession.startAt,
  endAt: applySession.endAt,
}
type AppointmentJoin = {
  a: typeof appointment.$inferSelect
  examName: string
  siteId: number
  siteName: string
  siteAddress: string
  sitePhone: string
  cityName: string
  startAt: Date
  endAt: Date
}

/** The booking joined with its session, site, city and exam (FROM + JOINs; the caller adds WHERE). */
export const appointmentQuery = (ctx: Scoped) =>
  ctx.db
    .select(appointmentSelect)
    .from(appointment)
    .innerJoin(applySession, eq(applySession.id, appointment.sessionId))
    .innerJoin(applySite, eq(applySite.id, applySession.siteId))
    .innerJoin(applyArea, eq(applyArea.id, applySite.cityId))
    .innerJoin(exam, eq(exam.id, appointment.examId))

/** The contract's appointmentRow. */
export function appointmentView(r: AppointmentJoin, now = new Date()) {
  const deadline = changeDeadline(r.startAt)
  const booked = r.a.status === APPOINTMENT_STATUS.booked
  return {
    appointmentId: r.a.id,
    kind: r.a.kind as SessionKind,
    status: r.a.status,
    examId: r.a.examId,
    examName: r.examName,
    sessionId: r.a.sessionId,
    siteId: r.siteId,
    siteName: r.siteName,
    siteAddress: r.siteAddress,
    sitePhone: r.sitePhone,
    cityName: r.cityName,
    startTime: toSeconds(r.startAt),
    endTime: toSeconds(r.endAt),
    rescheduleNum: r.a.rescheduleNum,
    canChange: booked && now < deadline && r.a.rescheduleNum < MAX_RESCHEDULES,
    canCancel: booked && now < deadline,
    changeDeadlineTime: toSeconds(deadline),
    letterSigned: r.a.signedAt !== null,
    signatureUrl: r.a.signatureUrl,
    signedTime: r.a.signedAt ? toSeconds(r.a.signedAt) : null,
    createdTime: toSeconds(r.a.createdAt),
  }
}
export type AppointmentView = ReturnType<typeof appointmentView>

/** Bookings of the learner matching `where`, as rows. */
export async function appointmentViews(
  ctx: Scoped,
  userId: number,
  where?: SQL,
  order: 'soonest' | 'latest' = 'latest',
) {
  const rows = await appointmentQuery(ctx)
    .where(ctx.scope.where(appointment, eq(appointment.userId, userId), where))
    .orderBy(
      order === 'soonest' ? asc(applySession.startAt) : desc(applySession.startAt),
      order === 'soonest' ? asc(appointment.id) : desc(appointment.id),
    )
  const now = new Date()
  return rows.map((r) => appointmentView(r, now))
}

/** One booking of the learner (404 for another learner's or another tenant's). */
export async function ownAppointment(ctx: Scoped, userId: number, appointmentId: number): Promise<AppointmentView> {
  const [row] = await appointmentViews(ctx, userId, eq(appointment.id, appointmentId))
  if (!row) throw notFound('appointment')
  return row
}

/** The learner's active (status booked) booking of an exam and kind, if any. */
/** The learner's booked sessions that have not ended (of one kind, or all), soonest first. */
export function upcomingBookings(ctx: Scoped, userId: number, kind?: SessionKind) {
  return appointmentViews(
    ctx,
    userId,
    and(
      kind ? eq(appointment.kind, kind) : undefined,
      eq(appointment.status, APPOINTMENT_STATUS.booked),
      gt(applySession.endAt, new Date()),
    ),
    'soonest',
  )
}

export async function activeBooking(ctx: Scoped, userId: number, examId: number, kind: SessionKind) {
  const [row] = await appointmentViews(
    ctx,
    userId,
    and(eq(appointment.examId, examId), eq(appointment.kind, kind), eq(appointment.status, APPOINTMENT_STATUS.booked)),
  )
  return row ?? null
}

/** The contract's sessionRow; `current` = the learner's booked session (not bookable again). */
export function sessionView(s: SessionRow, current: number | null, now = new Date()) {
  const remaining = Math.max(0, s.capacity - s.booked)
  return {
    sessionId: s.id,
    siteId: s.siteId,
    examId: s.examId,
    kind: s.kind as SessionKind,
    startTime: toSeconds(s.startAt),
    endTime: toSeconds(s.endAt),
    capacity: s.capacity,
    booked: s.booked,
    remaining,
    // bookable until the session ends (one in progress may be booked and sat at once)
    bookable: s.endAt > now && remaining > 0 && s.id !== current,
  }
}

/** A site as the learner sees it, with its city's name (select from apply_site joined with apply_area). */
export const siteColumns = {
  siteId: applySite.id,
  name: applySite.name,
  address: applySite.address,
  phone: applySite.phone,
  cityId: applySite.cityId,
  cityName: applyArea.name,
}

/** Sites by id with their city names, in display order. */
export async function sitesById(ctx: Scoped, siteIds: number[], cityId?: number) {
  if (siteIds.length === 0) return []
  return ctx.db
    .select(siteColumns)
    .from(applySite)
    .innerJoin(applyArea, eq(applyArea.id, applySite.cityId))
    .where(
      ctx.scope.where(applySite, inArray(applySite.id, siteIds), cityId ? eq(applySite.cityId, cityId) : undefined),
    )
    .orderBy(asc(applyArea.sort), asc(applySite.cityId), asc(applySite.sort), asc(applySite.id))
}

/** A session of the tenant (404 otherwise). */
export async function sessionById(ctx: Scoped, sessionId: number) {
  const [s] = await ctx.db
    .select()
    .from(applySession)
    .where(ctx.scope.where(applySession, eq(applySession.id, sessionId)))
  if (!s) throw notFound('session')
  return s
}
