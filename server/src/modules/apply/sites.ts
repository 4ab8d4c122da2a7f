/**
 * Where and when to book (docs/DECISIONS.md "Exams"): provinces and cities with their site counts, the exams
 * that can be booked (per session kind) and the sites with their sessions that have not ended.
 */
import { and, asc, count, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm'
import { APPOINTMENT_STATUS, type SessionKind } from '../../../../contract/schemas/exam-codes'
import { toInt } from '../../db'
import { applyArea, applySession, applySite, appointment, exam } from '../../db/schema'
import { type Handlers, keptContent, requireUser, type Scoped } from '../../http/core'
import { examRowsOf, visibleExam } from '../exam/rows'
import { entitledGoodsQuery } from '../order/entitlement'
import { appointmentViews, sessionView, siteColumns } from './views'

/** Areas with parent `parentId` and the number of sites in each (a province counts its cities' sites). */
async function areasOf(ctx: Scoped, parentId: number) {
  const areas = await ctx.db
    .select({ areaId: applyArea.id, parentId: applyArea.parentId, name: applyArea.name })
    .from(applyArea)
    .where(ctx.scope.where(applyArea, eq(applyArea.parentId, parentId)))
    .orderBy(asc(applyArea.sort), asc(applyArea.id))
  if (areas.length === 0) return []
  const ids = areas.map((a) => a.areaId)
  const counted =
    parentId === 0
      ? await ctx.db
          .select({ areaId: applyArea.parentId, n: count() })
          .from(applySite)
          .innerJoin(applyArea, eq(applyArea.id, applySite.cityId))
          .where(ctx.scope.where(applySite, inArray(applyArea.parentId, ids)))
          .groupBy(applyArea.parentId)
      : await ctx.db
          .select({ areaId: applySite.cityId, n: count() })
          .from(applySite)
          .where(ctx.scope.where(applySite, inArray(applySite.cityId, ids)))
          .groupBy(applySite.cityId)
  const n = new Map(counted.map((c) => [c.areaId, toInt(c.n)]))
  return areas.map((a) => ({ ...a, siteNum: n.get(a.areaId) ?? 0 }))
}

type LayoutSession = { id: number; startMs: number; endMs: number; capacity: number }
type LayoutSite = {
  siteId: number
  name: string
  address: string
  phone: string
  cityId: number
  cityName: string
  sessions: LayoutSession[]
}

/**
 * The exam's sites with their sessions of the kind that had not ended when read (soonest first), in the sites'
 * display order, as the school set them up: everything but the booked counts. It is the same for every learner and
 * changes only with the school's content, so it is kept with the public reads (services.content: dropped on every
 * process when the content changes, 30 s at most) instead of read again on each learner's call: a row per site with
 * its sessions as one json column (a row per session repeated the site's text on hundreds of rows, and PGlite
 * decodes every field in JavaScript).
 */
function siteLayout(ctx: Scoped, examId: number, kind: SessionKind): Promise<LayoutSite[]> {
  const load = async () => {
    const rows = await ctx.db
      .select({
        ...siteColumns,
        sessions: sql<LayoutSession[]>`json_agg(json_build_object('id', ${applySession.id},
          'startMs', floor(extract(epoch from ${applySession.startAt}) * 1000),
          'endMs', floor(extract(epoch from ${applySession.endAt}) * 1000),
          'capacity', ${applySession.capacity})
          order by ${applySession.startAt}, ${applySession.id})`,
      })
      .from(applySession)
      .innerJoin(applySite, and(eq(applySite.id, applySession.siteId), eq(applySite.tenantId, ctx.scope.tenantId)))
      .innerJoin(applyArea, eq(applyArea.id, applySite.cityId))
      .where(
        ctx.scope.where(
          applySession,
          eq(applySession.examId, examId),
          eq(applySession.kind, kind),
          gt(applySession.endAt, new Date()),
        ),
      )
      .groupBy(applySite.id, applyArea.id)
      .orderBy(asc(applyArea.sort), asc(applySite.cityId), asc(applySite.sort), asc(applySite.id))
    return rows.map((r) => ({
      ...r,
      sessions: r.sessions.map((j) => ({
        id: Number(j.id),
        startMs: Number(j.startMs),
        endMs: Number(j.endMs),
        capacity: Number(j.capacity),
      })),
    }))
  }
  return keptContent(ctx, `apply-sites ${examId} ${kind}`, load)
}

/**
 * Sites with sessions of the exam and kind that have not ended, each with those sessions and their seats as they
 * are now, and the learner's booked session of the exam and kind (at most one: appointment_active_uq). Two queries,
 * at once: the exam (the learner may see it), and the booked counts with the learner's booking in one row (two
 * arrays: no per-session row to decode); then the school's layout, kept (siteLayout).
 */
async function sitesFor(ctx: Scoped, userId: number, examId: number, kind: SessionKind, cityId?: number) {
  const now = new Date()
  // the exam check and the seats at once (a 404 discards the seats); the layout after the check, so an exam the
  // learner may not see is never read into the kept content
  const [, [live]] = await Promise.all([
    visibleExam(ctx, userId, examId),
    ctx.db
      .select({
        ids: sql<(number | string)[] | null>`array_agg(${applySession.id})`,
        booked: sql<number[] | null>`array_agg(${applySession.booked})`,
        current: sql<number | null>`(select a.session_id from appointment a where a.tenant_id = ${ctx.scope.tenantId}
          and a.user_id = ${userId} and a.exam_id = ${examId} and a.kind = ${kind}
          and a.status = ${APPOINTMENT_STATUS.booked} limit 1)`,
      })
      .from(applySession)
      .where(
        ctx.scope.where(
          applySession,
          eq(applySession.examId, examId),
          eq(applySession.kind, kind),
          gt(applySession.endAt, now),
        ),
      ),
  ])
  const layout = await siteLayout(ctx, examId, kind)
  const bookedOf = new Map<number, number>()
  ;(live?.ids ?? []).forEach((id, i) => {
    bookedOf.set(Number(id), Number(live!.booked![i]))
  })
  const current = live?.current == null ? null : Number(live.current)
  return layout
    .filter((site) => !cityId || site.cityId === cityId)
    .map(({ sessions, ...site }) => ({
      ...site,
      // a session still there and not ended (the layout may be up to 30 s old)
      sessions: sessions
        .filter((j) => bookedOf.has(j.id) && j.endMs > now.getTime())
        .map((j) =>
          sessionView(
            {
              id: j.id,
              tenantId: ctx.scope.tenantId,
              siteId: site.siteId,
              examId,
              kind,
              startAt: new Date(j.startMs),
              endAt: new Date(j.endMs),
              capacity: j.capacity,
              booked: bookedOf.get(j.id)!,
            },
            current,
            now,
          ),
        ),
    }))
    .filter((site) => site.sessions.length > 0)
}

/** Exams of the learner that can be booked, each with its number of sessions of the kind that have not ended. */
async function bookableExams(ctx: Scoped, userId: number, kind: SessionKind) {
  return ctx.db
    .select({
      e: exam,
      // "exam"."id" spelled out: drizzle leaves the columns of a one-table select unqualified
      sessionNum: sql<number>`(select count(*) from apply_session s where s.tenant_id = ${ctx.scope.tenantId}
        and s.exam_id = "exam"."id" and s.kind = ${kind} and s.end_at > ${new Date().toISOString()}::timestamptz)`,
    })
    .from(exam)
    .where(
      ctx.scope.where(
        exam,
        eq(exam.kind, 'formal'),
        kind === 'exam' ? eq(exam.requireAppointment, true) : undefined,
        or(isNull(exam.goodsId), inArray(exam.goodsId, entitledGoodsQuery(ctx, userId))),
      ),
    )
    .orderBy(asc(exam.sort), asc(exam.id))
}

export const handlers: Handlers = {
  'GET /apply/areas/list': async (ctx) => {
    requireUser(ctx)
    return areasOf(ctx, 0)
  },

  'GET /apply/areas/cityList': async (ctx, { query }) => {
    requireUser(ctx)
    return areasOf(ctx, query.parentId)
  },

  'GET /apply/subscribe': async (ctx, { query }) => {
    const { userId } = requireUser(ctx)
    const kind = query.kind
    const candidates = await bookableExams(ctx, userId, kind)
    if (candidates.length === 0) return []
    // the learner's booked appointments of these exams: one query for all (appointment_active_uq: one per exam)
    const booked = await appointmentViews(
      ctx,
      userId,
      and(
        inArray(
          appointment.examId,
          candidates.map((c) => c.e.id),
        ),
        eq(appointment.kind, kind),
        eq(appointment.status, APPOINTMENT_STATUS.booked),
      ),
    )
    const bookingOf = new Map(booked.map((a) => [a.examId, a]))
    const listed = candidates
      .map((c) => ({ e: c.e, sessionNum: toInt(c.sessionNum), appointment: bookingOf.get(c.e.id) ?? null }))
      .filter((x) => x.sessionNum > 0 || x.appointment !== null)
    const rows = await examRowsOf(
      ctx,
      userId,
      listed.map((x) => x.e),
    )
    return listed.map((x, i) => ({ exam: rows[i]!, appointment: x.appointment, sessionNum: x.sessionNum }))
  },

  'GET /apply/subscribeApplySite': async (ctx, { query }) => {
    const { userId } = requireUser(ctx)
    return sitesFor(ctx, userId, query.examId, 'exam', query.cityId)
  },

  'GET /apply/subscribeApplySiteTrain': async (ctx, { query }) => {
    const { userId } = requireUser(ctx)
    return sitesFor(ctx, userId, query.examId, 'train', query.cityId)
  },
}
