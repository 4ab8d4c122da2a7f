/**
 * Where and when to book (docs/DECISIONS.md "Exams"): provinces and cities with their site counts, the exams
 * that can be booked (per session kind) and the sites with their sessions that have not ended.
 */
import { asc, count, eq, gt, inArray } from 'drizzle-orm'
import type { SessionKind } from '../../../../contract/schemas/exam-codes'
import { toInt } from '../../db'
import { applyArea, applySession, applySite } from '../../db/schema'
import { type Handlers, requireUser } from '../../http/core'
import type { Scoped } from '../bank/core'
import { examRowsOf, visibleExam, visibleExams } from '../exam/rows'
import { activeBooking, sessionView, sitesById } from './views'

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

/** Sites with sessions of the exam and kind that have not ended, each with those sessions (soonest first). */
async function sitesFor(ctx: Scoped, userId: number, examId: number, kind: SessionKind, cityId?: number) {
  await visibleExam(ctx, userId, examId)
  const now = new Date()
  const sessions = await ctx.db
    .select()
    .from(applySession)
    .where(
      ctx.scope.where(
        applySession,
        eq(applySession.examId, examId),
        eq(applySession.kind, kind),
        gt(applySession.endAt, now),
      ),
    )
    .orderBy(asc(applySession.startAt), asc(applySession.id))
  const current = (await activeBooking(ctx, userId, examId, kind))?.sessionId ?? null
  const sites = await sitesById(ctx, [...new Set(sessions.map((s) => s.siteId))], cityId)
  return sites.map((site) => ({
    ...site,
    sessions: sessions.filter((s) => s.siteId === site.siteId).map((s) => sessionView(s, current, now)),
  }))
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
    const formal = await visibleExams(ctx, userId, 'formal')
    const candidates = kind === 'exam' ? formal.filter((e) => e.requireAppointment) : formal
    if (candidates.length === 0) return []
    const counts = await ctx.db
      .select({ examId: applySession.examId, n: count() })
      .from(applySession)
      .where(
        ctx.scope.where(
          applySession,
          inArray(
            applySession.examId,
            candidates.map((e) => e.id),
          ),
          eq(applySession.kind, kind),
          gt(applySession.endAt, new Date()),
        ),
      )
      .groupBy(applySession.examId)
    const sessionNum = new Map(counts.map((c) => [c.examId, toInt(c.n)]))
    const withBooking = await Promise.all(
      candidates.map(async (e) => ({ e, appointment: await activeBooking(ctx, userId, e.id, kind) })),
    )
    const listed = withBooking.filter((x) => (sessionNum.get(x.e.id) ?? 0) > 0 || x.appointment !== null)
    const rows = await examRowsOf(
      ctx,
      userId,
      listed.map((x) => x.e),
    )
    return listed.map((x, i) => ({
      exam: rows[i]!,
      appointment: x.appointment,
      sessionNum: sessionNum.get(x.e.id) ?? 0,
    }))
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
