/**
 * Mock-exam applications (docs/DECISIONS.md "Exams"): the mocks a learner may apply for, grouped by business
 * and by their window (scheduled / living / ended), and the learner's applications. An application needs the
 * application window open and a resident ID with a valid check digit; one active application per mock
 * (partial unique index mock_subscribe_active_uq); it may be changed or cancelled until the mock opens.
 */
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm'
import { EXAM_CODE, MOCK_SUBSCRIBE_STATUS } from '../../../../contract/schemas/exam-codes'
import { idCardProblem, maskIdCard, normalizeIdCard } from '../../../../shared/rules/id-card'
import { maskPhone } from '../../../../shared/rules/phone'
import { isUniqueViolation, toInt } from '../../db'
import { applySite, bankRecord, business, exam, mockSubscribe, subject } from '../../db/schema'
import { AppError, type Handlers, requireUser, toSeconds } from '../../http/core'
import type { Scoped } from '../bank/core'
import type { ExamRow } from '../exam/eligibility'
import { examRowsOf, statusOf, visibleExam, visibleExams } from '../exam/rows'
import { mockRooms } from '../live/rows'
import { notFound } from './views'

const rule = (msg: string) => new AppError(EXAM_CODE.bookingRule, msg)

/** YYYY-MM-DD HH:mm in China Standard Time. */
const cst = (d: Date) => new Date(d.getTime() + 8 * 3600 * 1000).toISOString().slice(0, 16).replace('T', ' ')

/** Why the application window refuses now ('' when it is open). Closed also once the mock itself ended. */
function applyClosedReason(e: ExamRow, now = new Date()): string {
  if (e.applyOpenAt && now < e.applyOpenAt) return `报名尚未开始，将于 ${cst(e.applyOpenAt)} 开放报名`
  if (e.applyCloseAt && now >= e.applyCloseAt) return `报名已于 ${cst(e.applyCloseAt)} 截止`
  if (statusOf(e, now) === 'closed') return '该模拟考试已结束'
  return ''
}

const liveOf = (e: ExamRow, now: Date) =>
  (({ upcoming: 'scheduled', open: 'living', closed: 'ended' }) as const)[statusOf(e, now)]

/** The contract's mockRow for each mock, in the given order. */
async function mockRows(ctx: Scoped, userId: number, mocks: ExamRow[]) {
  if (mocks.length === 0) return []
  const now = new Date()
  const businessIds = [...new Set(mocks.flatMap((m) => (m.businessId ? [m.businessId] : [])))]
  const subjectIds = [...new Set(mocks.flatMap((m) => (m.subjectId ? [m.subjectId] : [])))]
  const [rows, businesses, subjects, mine, rooms] = await Promise.all([
    examRowsOf(ctx, userId, mocks, now),
    businessIds.length
      ? ctx.db
          .select({ id: business.id, name: business.name })
          .from(business)
          .where(ctx.scope.where(business, inArray(business.id, businessIds)))
      : Promise.resolve([]),
    subjectIds.length
      ? ctx.db
          .select({ id: subject.id, name: subject.name })
          .from(subject)
          .where(ctx.scope.where(subject, inArray(subject.id, subjectIds)))
      : Promise.resolve([]),
    ctx.db
      .select({ id: mockSubscribe.id, examId: mockSubscribe.examId })
      .from(mockSubscribe)
      .where(
        ctx.scope.where(
          mockSubscribe,
          eq(mockSubscribe.userId, userId),
          eq(mockSubscribe.status, MOCK_SUBSCRIBE_STATUS.applied),
          inArray(
            mockSubscribe.examId,
            mocks.map((m) => m.id),
          ),
        ),
      ),
    // the mock's live room (explanation class) and its current or next session
    mockRooms(
      ctx,
      mocks.map((m) => m.id),
    ),
  ])
  return mocks.map((m, i) => {
    const sub = mine.find((s) => s.examId === m.id)
    return {
      ...rows[i]!,
      businessId: m.businessId,
      businessName: businesses.find((b) => b.id === m.businessId)?.name ?? '',
      subjectId: m.subjectId,
      subjectName: subjects.find((s) => s.id === m.subjectId)?.name ?? '',
      applyOpenTime: m.applyOpenAt ? toSeconds(m.applyOpenAt) : null,
      applyCloseTime: m.applyCloseAt ? toSeconds(m.applyCloseAt) : null,
      live: liveOf(m, now),
      applied: sub !== undefined,
      subscribeId: sub?.id ?? null,
      canApply: applyClosedReason(m, now) === '',
      channelId: rooms.get(m.id)?.channelId ?? null,
      liveSessionId: rooms.get(m.id)?.liveSessionId ?? null,
    }
  })
}

const paged = <T>(all: T[], pageNum: number, pageSize: number) => ({
  rows: all.slice((pageNum - 1) * pageSize, pageNum * pageSize),
  total: all.length,
})

/** Mocks whose window has not ended, soonest first (no opening time = open already). */
function notEnded(mocks: ExamRow[], now = new Date()) {
  return mocks
    .filter((m) => statusOf(m, now) !== 'closed')
    .sort((a, b) => (a.openAt?.getTime() ?? 0) - (b.openAt?.getTime() ?? 0) || a.id - b.id)
}

const subscribeSelect = {
  s: mockSubscribe,
  examName: exam.name,
  maxAttempts: exam.maxAttempts,
  openAt: exam.openAt,
  closeAt: exam.closeAt,
  subjectName: subject.name,
  siteName: applySite.name,
}

const subscribeQuery = (ctx: Scoped) =>
  ctx.db
    .select(subscribeSelect)
    .from(mockSubscribe)
    .innerJoin(exam, eq(exam.id, mockSubscribe.examId))
    .leftJoin(subject, eq(subject.id, mockSubscribe.subjectId))
    .leftJoin(applySite, eq(applySite.id, mockSubscribe.siteId))

type SubscribeJoin = Awaited<ReturnType<ReturnType<typeof subscribeQuery>['where']>>[number]

/**
 * Applications as the contract's rows, with the learner's attempts of each mock (used = submitted + the open
 * one, as the exam list counts them): "我的报名" offers 进入考试 only while an attempt is left.
 */
async function subscribeViews(ctx: Scoped, userId: number, rows: SubscribeJoin[]) {
  const examIds = [...new Set(rows.map((r) => r.s.examId))]
  const attempts = examIds.length
    ? await ctx.db
        .select({ id: bankRecord.id, examId: bankRecord.examId, submittedAt: bankRecord.submittedAt })
        .from(bankRecord)
        .where(ctx.scope.where(bankRecord, eq(bankRecord.userId, userId), inArray(bankRecord.examId, examIds)))
    : []
  return rows.map((r) => {
    const mine = attempts.filter((a) => a.examId === r.s.examId)
    return {
      ...subscribeView(r),
      maxAttempts: r.maxAttempts,
      attemptsUsed: mine.length,
      openRecordId: mine.find((a) => a.submittedAt === null)?.id ?? null,
    }
  })
}
const subscribeViewOf = async (ctx: Scoped, userId: number, r: SubscribeJoin) =>
  (await subscribeViews(ctx, userId, [r]))[0]!

function subscribeView(r: SubscribeJoin) {
  return {
    subscribeId: r.s.id,
    examId: r.s.examId,
    examName: r.examName,
    realName: r.s.realName,
    idCard: maskIdCard(r.s.idCard),
    telPhone: maskPhone(r.s.telPhone),
    subjectId: r.s.subjectId,
    subjectName: r.subjectName ?? '',
    siteId: r.s.siteId,
    siteName: r.siteName ?? '',
    status: r.s.status,
    createdTime: toSeconds(r.s.createdAt),
    openTime: r.openAt ? toSeconds(r.openAt) : null,
    closeTime: r.closeAt ? toSeconds(r.closeAt) : null,
  }
}

async function ownSubscription(ctx: Scoped, userId: number, subscribeId: number) {
  const [row] = await subscribeQuery(ctx).where(
    ctx.scope.where(mockSubscribe, eq(mockSubscribe.id, subscribeId), eq(mockSubscribe.userId, userId)),
  )
  if (!row) throw notFound('application')
  return row
}

/** subjectId / siteId of an application must name rows of the tenant. */
async function checkRefs(ctx: Scoped, refs: { subjectId?: number; siteId?: number }) {
  if (refs.subjectId) {
    const [s] = await ctx.db
      .select({ id: subject.id })
      .from(subject)
      .where(ctx.scope.where(subject, eq(subject.id, refs.subjectId)))
    if (!s) throw new AppError(400, 'subjectId: no such subject')
  }
  if (refs.siteId) {
    const [s] = await ctx.db
      .select({ id: applySite.id })
      .from(applySite)
      .where(ctx.scope.where(applySite, eq(applySite.id, refs.siteId)))
    if (!s) throw new AppError(400, 'siteId: no such exam site')
  }
}

export const handlers: Handlers = {
  'GET /mock/apply/listApply': async (ctx, { query }) => {
    const { userId } = requireUser(ctx)
    const mocks = (await visibleExams(ctx, userId, 'mock')).filter(
      (m) => !query.businessId || m.businessId === query.businessId,
    )
    const page = paged(mocks, query.pageNum, query.pageSize)
    return { rows: await mockRows(ctx, userId, page.rows), total: page.total }
  },

  'GET /mock/apply/listApplyName': async (ctx) => {
    const { userId } = requireUser(ctx)
    return (await visibleExams(ctx, userId, 'mock')).map((m) => ({ examId: m.id, name: m.name }))
  },

  'GET /mock/apply/listApplyBusiness': async (ctx) => {
    const { userId } = requireUser(ctx)
    const mocks = await visibleExams(ctx, userId, 'mock')
    const num = new Map<number, number>()
    for (const m of mocks) if (m.businessId) num.set(m.businessId, (num.get(m.businessId) ?? 0) + 1)
    if (num.size === 0) return []
    const rows = await ctx.db
      .select({ businessId: business.id, businessName: business.name })
      .from(business)
      .where(ctx.scope.where(business, inArray(business.id, [...num.keys()])))
      .orderBy(asc(business.sort), asc(business.id))
    return rows.map((b) => ({ ...b, examNum: num.get(b.businessId) ?? 0 }))
  },

  'GET /mock/apply/listMockLive': async (ctx, { query }) => {
    const { userId } = requireUser(ctx)
    const page = paged(notEnded(await visibleExams(ctx, userId, 'mock')), query.pageNum, query.pageSize)
    return { rows: await mockRows(ctx, userId, page.rows), total: page.total }
  },

  'GET /mock/apply/mockLiving': async (ctx) => {
    const { userId } = requireUser(ctx)
    const now = new Date()
    const living = notEnded(await visibleExams(ctx, userId, 'mock'), now).filter((m) => statusOf(m, now) === 'open')
    return mockRows(ctx, userId, living)
  },

  'POST /mock/subscribe': async (ctx, { body }) => {
    const { userId } = requireUser(ctx)
    const e = await visibleExam(ctx, userId, body.examId, 'mock')
    const idCard = normalizeIdCard(body.idCard)
    const problem = idCardProblem(idCard)
    if (problem === 'birthdate')
      throw new AppError(
        400,
        'idCard: the birth date in it (digits 7-14) is not a real day, or is in the future or before 1900',
      )
    if (problem) throw new AppError(400, 'idCard: the check digit does not match: not a valid ID number')
    const closed = applyClosedReason(e)
    if (closed) throw new AppError(EXAM_CODE.notApplied, closed)
    await checkRefs(ctx, body)
    const active = and(eq(mockSubscribe.userId, userId), eq(mockSubscribe.examId, e.id))
    const [dup] = await ctx.db
      .select({ id: mockSubscribe.id })
      .from(mockSubscribe)
      .where(ctx.scope.where(mockSubscribe, active, eq(mockSubscribe.status, MOCK_SUBSCRIBE_STATUS.applied)))
    const already = '你已报名该模拟考试，可在“我的报名”中查看、修改或取消'
    if (dup) throw rule(already)
    let id: number
    try {
      const [row] = await ctx.db
        .insert(mockSubscribe)
        .values(
          ctx.scope.row({
            userId,
            examId: e.id,
            realName: body.realName,
            idCard,
            telPhone: body.telPhone,
            subjectId: body.subjectId ?? e.subjectId ?? null,
            siteId: body.siteId ?? null,
          }),
        )
        .returning({ id: mockSubscribe.id })
      id = row!.id
    } catch (err) {
      if (isUniqueViolation(err)) throw rule(already)
      throw err
    }
    return subscribeViewOf(ctx, userId, await ownSubscription(ctx, userId, id))
  },

  'POST /mock/subscribe/edit': async (ctx, { body }) => {
    const { userId } = requireUser(ctx)
    const cur = await ownSubscription(ctx, userId, body.subscribeId)
    if (cur.s.status !== MOCK_SUBSCRIBE_STATUS.applied) throw rule('该报名已取消')
    const now = new Date()
    if (!cur.openAt || now >= cur.openAt)
      throw rule(body.action === 'cancel' ? '模拟考试已开始，不能取消报名' : '模拟考试已开始，不能修改报名')
    const set =
      body.action === 'cancel'
        ? { status: MOCK_SUBSCRIBE_STATUS.cancelled }
        : {
            ...(body.telPhone ? { telPhone: body.telPhone } : {}),
            ...(body.siteId ? { siteId: body.siteId } : {}),
            ...(body.subjectId ? { subjectId: body.subjectId } : {}),
          }
    if (Object.keys(set).length === 0) throw new AppError(400, 'telPhone: give the phone, site or subject to change')
    if (body.action === 'update') await checkRefs(ctx, body)
    const [saved] = await ctx.db
      .update(mockSubscribe)
      .set({ ...set, updatedAt: now })
      .where(
        ctx.scope.where(
          mockSubscribe,
          eq(mockSubscribe.id, cur.s.id),
          eq(mockSubscribe.status, MOCK_SUBSCRIBE_STATUS.applied),
        ),
      )
      .returning({ id: mockSubscribe.id })
    if (!saved) throw rule('该报名已取消')
    return subscribeViewOf(ctx, userId, await ownSubscription(ctx, userId, cur.s.id))
  },

  'GET /mock/subscribe/listSubscribe': async (ctx, { query }) => {
    const { userId } = requireUser(ctx)
    const where = ctx.scope.where(mockSubscribe, eq(mockSubscribe.userId, userId))
    const [total] = await ctx.db.select({ n: count() }).from(mockSubscribe).where(where)
    const rows = await subscribeQuery(ctx)
      .where(where)
      .orderBy(desc(mockSubscribe.createdAt), desc(mockSubscribe.id))
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize)
    return { rows: await subscribeViews(ctx, userId, rows), total: toInt(total?.n) }
  },

  'GET /mock/subscribe/info/:id': async (ctx, { params }) => {
    const { userId } = requireUser(ctx)
    return subscribeViewOf(ctx, userId, await ownSubscription(ctx, userId, params.id))
  },
}
