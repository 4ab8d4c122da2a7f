/**
 * Classes (grades) of course goods: an entitled learner joins the goods' default class on first study;
 * `changeGrade` moves them to another class of the goods that has room (capacity checked under a row lock
 * of the class, so two learners cannot take the last seat together). Study is closed before a class starts
 * and after it ends.
 */
import { asc, count, eq, inArray } from 'drizzle-orm'
import { LEARN_CODE, SECTION_STATUS } from '../../../../contract/schemas/learn-codes'
import { type Db, toInt } from '../../db'
import { goods, grade, gradeMember } from '../../db/schema'
import { AppError, type Handlers, requireUser, toSeconds } from '../../http/core'
import { localize } from '../../http/refusals'
import { entitlementOf, hasEntitlement } from '../order/entitlement'
import {
  courseTree,
  dateOf,
  goodsById,
  goodsFamily,
  grantsOf,
  notEntitled,
  notFound,
  progressFor,
  progressOfTree,
  requireGrant,
  type Scoped,
  summarize,
} from './core'

type GradeRow = typeof grade.$inferSelect
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

async function memberCounts(ctx: Scoped, gradeIds: number[]) {
  if (gradeIds.length === 0) return new Map<number, number>()
  const rows = await ctx.db
    .select({ gradeId: gradeMember.gradeId, n: count() })
    .from(gradeMember)
    .where(ctx.scope.where(gradeMember, inArray(gradeMember.gradeId, gradeIds)))
    .groupBy(gradeMember.gradeId)
  return new Map(rows.map((r) => [r.gradeId, toInt(r.n)]))
}

/** Grade rows on the wire, with member counts, goods names and the learner's membership. */
async function gradeViews(ctx: Scoped, userId: number, rows: GradeRow[]) {
  if (rows.length === 0) return []
  const ids = rows.map((r) => r.id)
  const goodsIds = [...new Set(rows.map((r) => r.goodsId))]
  const [counts, names, mine] = await Promise.all([
    memberCounts(ctx, ids),
    ctx.db
      .select({ id: goods.id, name: goods.name })
      .from(goods)
      .where(ctx.scope.where(goods, inArray(goods.id, goodsIds))),
    ctx.db
      .select({ gradeId: gradeMember.gradeId })
      .from(gradeMember)
      .where(ctx.scope.where(gradeMember, eq(gradeMember.userId, userId), inArray(gradeMember.gradeId, ids))),
  ])
  return rows.map((g) => ({
    gradeId: g.id,
    gradeName: g.name,
    goodsId: g.goodsId,
    goodsName: names.find((n) => n.id === g.goodsId)?.name ?? '',
    startTime: g.startAt ? toSeconds(g.startAt) : null,
    endTime: g.endAt ? toSeconds(g.endAt) : null,
    capacity: g.capacity,
    memberNum: counts.get(g.id) ?? 0,
    teacherName: g.teacherName,
    mine: mine.some((m) => m.gradeId === g.id),
  }))
}

async function gradesOfGoods(ctx: Scoped, goodsIds: number[]) {
  if (goodsIds.length === 0) return []
  return ctx.db
    .select()
    .from(grade)
    .where(ctx.scope.where(grade, inArray(grade.goodsId, goodsIds)))
    .orderBy(asc(grade.goodsId), asc(grade.sort), asc(grade.id))
}

/** The learner's class in a goods, if any. */
export async function memberGrade(ctx: Scoped, userId: number, goodsId: number): Promise<GradeRow | undefined> {
  const [row] = await ctx.db
    .select({ g: grade })
    .from(gradeMember)
    .innerJoin(grade, eq(grade.id, gradeMember.gradeId))
    .where(ctx.scope.where(gradeMember, eq(gradeMember.userId, userId), eq(gradeMember.goodsId, goodsId)))
  return row?.g
}

async function defaultGrade(ctx: Scoped, goodsId: number): Promise<GradeRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(grade)
    .where(ctx.scope.where(grade, eq(grade.goodsId, goodsId), eq(grade.isDefault, true)))
    .orderBy(asc(grade.sort), asc(grade.id))
    .limit(1)
  return row
}

/**
 * The learner's class in the goods; on first study (join) they are put into the default class. The default
 * class is the catch-all of the goods: it takes every new learner whatever its capacity.
 */
export async function classOf(ctx: Scoped, userId: number, goodsId: number, join: boolean) {
  const mine = await memberGrade(ctx, userId, goodsId)
  if (mine) return mine
  const d = await defaultGrade(ctx, goodsId)
  if (!d || !join) return d
  await ctx.db
    .insert(gradeMember)
    .values(ctx.scope.row({ gradeId: d.id, goodsId, userId }))
    .onConflictDoNothing()
  return (await memberGrade(ctx, userId, goodsId)) ?? d
}

export type StudyCheck = { allowed: boolean; reason: string; msg: string }
const ok: StudyCheck = { allowed: true, reason: '', msg: '' }

/** Why the class refuses study now ('' when it allows it). */
export function classWindow(g: GradeRow | undefined, now = new Date()): StudyCheck {
  if (!g) return ok
  if (g.startAt && g.startAt > now)
    return {
      allowed: false,
      reason: 'class-not-started',
      msg: `班级“${g.name}”将于${dateOf(g.startAt)}开课，开课后才能学习`,
    }
  if (g.endAt && g.endAt <= now)
    return { allowed: false, reason: 'class-ended', msg: `班级“${g.name}”已于${dateOf(g.endAt)}结课，不能继续学习` }
  return ok
}

/** checkGoodsStudy: entitlement, expiry, then the learner's class (or the default class they would join). */
export async function studyCheck(ctx: Scoped, userId: number, goodsId: number, join = false): Promise<StudyCheck> {
  const e = await entitlementOf(ctx, userId, goodsId)
  if (!e) return { allowed: false, reason: 'not-entitled', msg: '尚未购买该商品，购买后即可学习' }
  if (!e.active) return { allowed: false, reason: 'expired', msg: '学习有效期已过，不能继续学习' }
  return classWindow(await classOf(ctx, userId, goodsId, join))
}

export const studyClosed = (c: StudyCheck) => new AppError(LEARN_CODE.studyClosed, c.msg)

/** Required courses of a goods the learner has not finished (empty = all finished). */
export async function requiredMissing(ctx: Scoped, userId: number, g: Awaited<ReturnType<typeof goodsById>>) {
  const tree = await courseTree(ctx, g)
  const map = await progressOfTree(ctx, userId, tree)
  const missing = []
  for (const c of tree.courses.filter((x) => x.required)) {
    const sections = tree.sections.filter((s) => s.courseId === c.courseId)
    const done = sections.filter((s) => progressFor(tree, map, s)?.status === SECTION_STATUS.finished).length
    if (done === sections.length) continue
    missing.push({
      courseId: c.courseId,
      courseName: c.courseName,
      sectionNum: sections.length,
      finishedSectionNum: done,
      percent: summarize(tree, map, sections).percent,
    })
  }
  return missing
}

export const handlers: Handlers = {
  'GET /grade/grade/list': async (ctx) => {
    const { userId } = requireUser(ctx)
    const rows = await ctx.db
      .select({ g: grade })
      .from(gradeMember)
      .innerJoin(grade, eq(grade.id, gradeMember.gradeId))
      .where(ctx.scope.where(gradeMember, eq(gradeMember.userId, userId)))
      .orderBy(asc(gradeMember.goodsId))
    return gradeViews(
      ctx,
      userId,
      rows.map((r) => r.g),
    )
  },

  'GET /grade/grade/:id': async (ctx, { params }) => {
    const { userId } = requireUser(ctx)
    const [g] = await ctx.db
      .select()
      .from(grade)
      .where(ctx.scope.where(grade, eq(grade.id, params.id)))
    // visible to its members and to learners holding its goods
    if (!g) throw notFound('class')
    const [view] = await gradeViews(ctx, userId, [g])
    if (!view!.mine && !(await grantsOf(ctx, userId)).has(g.goodsId)) throw notFound('class')
    return view!
  },

  'GET /grade/list': async (ctx, { query }) => {
    const { userId } = requireUser(ctx)
    await goodsById(ctx, query.goodsId)
    await requireGrant(ctx, userId, query.goodsId)
    return gradeViews(ctx, userId, await gradesOfGoods(ctx, await goodsFamily(ctx, query.goodsId)))
  },

  'POST /grade/grade/changeGrade': async (ctx, { body }) => {
    const { userId } = requireUser(ctx)
    await goodsById(ctx, body.goodsId)
    if (!(await hasEntitlement(ctx, userId, body.goodsId))) throw notEntitled()
    const family = await goodsFamily(ctx, body.goodsId)
    const gradeId = await ctx.db.transaction(async (tx: Tx) => {
      const [g] = await tx
        .select()
        .from(grade)
        .where(ctx.scope.where(grade, eq(grade.id, body.gradeId), inArray(grade.goodsId, family)))
        .for('update')
      if (!g) throw notFound('class')
      if (g.endAt && g.endAt <= new Date()) throw new AppError(400, 'this class has ended: choose another one')
      const [cur] = await tx
        .select({ gradeId: gradeMember.gradeId })
        .from(gradeMember)
        .where(ctx.scope.where(gradeMember, eq(gradeMember.userId, userId), eq(gradeMember.goodsId, g.goodsId)))
      if (cur?.gradeId === g.id) return g.id
      const [n] = await tx
        .select({ n: count() })
        .from(gradeMember)
        .where(ctx.scope.where(gradeMember, eq(gradeMember.gradeId, g.id)))
      if (toInt(n?.n) >= g.capacity) throw new AppError(409, 'this class is full: choose another one')
      await tx
        .insert(gradeMember)
        .values(ctx.scope.row({ gradeId: g.id, goodsId: g.goodsId, userId }))
        .onConflictDoUpdate({
          target: [gradeMember.tenantId, gradeMember.goodsId, gradeMember.userId],
          set: { gradeId: g.id, joinedAt: new Date() },
        })
      return g.id
    })
    const [g] = await ctx.db
      .select()
      .from(grade)
      .where(ctx.scope.where(grade, eq(grade.id, gradeId)))
    return (await gradeViews(ctx, userId, [g!]))[0]!
  },

  'GET /grade/grade/checkTenClassGradeUser': async (ctx, { query }) => {
    const { userId } = requireUser(ctx)
    await goodsById(ctx, query.goodsId)
    for (const goodsId of await goodsFamily(ctx, query.goodsId)) {
      const g = await memberGrade(ctx, userId, goodsId)
      if (g) return { inGrade: true, grade: (await gradeViews(ctx, userId, [g]))[0]! }
    }
    return { inGrade: false, grade: null }
  },

  'GET /grade/grade/checkGoodsStudy': async (ctx, { query }) => {
    const { userId } = requireUser(ctx)
    await goodsById(ctx, query.goodsId)
    const check = await studyCheck(ctx, userId, query.goodsId)
    return { ...check, msg: localize(check.msg, ctx.lang) }
  },

  'GET /grade/grade/checkFinishRequiredCourse': async (ctx, { query }) => {
    const { userId } = requireUser(ctx)
    const g = await goodsById(ctx, query.goodsId)
    await requireGrant(ctx, userId, g.id)
    const missing = await requiredMissing(ctx, userId, g)
    return { finished: missing.length === 0, missing }
  },
}
