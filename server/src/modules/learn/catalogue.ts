/**
 * The catalogue side of the course extras (docs/DECISIONS.md "Course extras"): majors (专业 = the business level
 * of the catalogue), goods replaced by a newer edition (`goods.replaced_by_id`) and the teachers of a goods'
 * courses.
 */
import { and, asc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm'
import { GOODS_TYPE } from '../../../../contract/schemas/codes'
import type { RedirectAction } from '../../../../contract/schemas/learn-course'
import { business, course, educationType, goods, subject, teacher } from '../../db/schema'
import { type Ctx, type Handlers, requireUser } from '../../http/core'
import { entitledGoodsIds } from '../order/entitlement'
import { handlers as publicCatalogue } from '../shop/catalogue'
import { courseTree, goodsById, grantsOf, MAX_ID, notEntitled, progressOfTree, type Scoped, summarize } from './core'

// ---- majors ----

/**
 * The majors a learner can study in: businesses (in use) that have course goods or packages on sale, or a goods
 * the learner holds; with their education type and subjects; the learner's own first, then catalogue order.
 */
export async function majors(ctx: Scoped, userId: number, educationTypeId?: number) {
  const rows = await ctx.db
    .select({
      majorId: business.id,
      majorName: business.name,
      description: business.description,
      educationTypeId: educationType.id,
      educationTypeName: educationType.name,
      typeSort: educationType.sort,
      sort: business.sort,
    })
    .from(business)
    .innerJoin(
      educationType,
      and(eq(educationType.id, business.educationTypeId), eq(educationType.tenantId, ctx.scope.tenantId)),
    )
    .where(
      ctx.scope.where(
        business,
        eq(business.status, 1),
        eq(educationType.status, 1),
        educationTypeId ? eq(business.educationTypeId, educationTypeId) : undefined,
      ),
    )
    .orderBy(asc(educationType.sort), asc(educationType.id), asc(business.sort), asc(business.id))
  if (rows.length === 0) return []
  const ids = rows.map((r) => r.majorId)
  const courseGoods = inArray(goods.goodsType, [GOODS_TYPE.course, GOODS_TYPE.package])
  const [subjects, onSale, owned] = await Promise.all([
    ctx.db
      .select({ subjectId: subject.id, subjectName: subject.name, businessId: subject.businessId })
      .from(subject)
      .where(ctx.scope.where(subject, eq(subject.status, 1), inArray(subject.businessId, ids)))
      .orderBy(asc(subject.sort), asc(subject.id)),
    ctx.db
      .select({ businessId: goods.businessId, n: sql<number>`count(*)` })
      .from(goods)
      .where(ctx.scope.where(goods, eq(goods.status, 1), courseGoods, inArray(goods.businessId, ids)))
      .groupBy(goods.businessId),
    entitledGoodsIds(ctx, userId).then(async (gids) =>
      gids.length === 0
        ? []
        : ctx.db
            .selectDistinct({ businessId: goods.businessId })
            .from(goods)
            .where(ctx.scope.where(goods, courseGoods, inArray(goods.id, gids))),
    ),
  ])
  const mine = new Set(owned.map((o) => o.businessId))
  const num = new Map(onSale.map((o) => [o.businessId, Number(o.n)]))
  return rows
    .map((r) => ({
      majorId: r.majorId,
      majorName: r.majorName,
      description: r.description,
      educationTypeId: r.educationTypeId,
      educationTypeName: r.educationTypeName,
      subjects: subjects
        .filter((s) => s.businessId === r.majorId)
        .map((s) => ({ subjectId: s.subjectId, subjectName: s.subjectName })),
      goodsNum: num.get(r.majorId) ?? 0,
      mine: mine.has(r.majorId),
    }))
    .filter((r) => r.goodsNum > 0 || r.mine)
    .sort((a, b) => Number(b.mine) - Number(a.mine))
}

// ---- old editions ----

const detailPath = (goodsType: number, goodsId: number) =>
  goodsType === GOODS_TYPE.package ? `/pages3/course/jydetail?id=${goodsId}` : `/pages3/course/detail?id=${goodsId}`
const learnPath = (goodsId: number) => `/pages2/learn/details?goodsId=${goodsId}`

const goodsRow = {
  id: goods.id,
  name: goods.name,
  cover: goods.cover,
  goodsType: goods.goodsType,
  price: goods.price,
  status: goods.status,
  replacedById: goods.replacedById,
}
interface GoodsRow {
  id: number
  name: string
  cover: string
  goodsType: number
  price: number
  status: number
  replacedById: number | null
}

async function goodsRows(ctx: Scoped, where: SQL | undefined): Promise<GoodsRow[]> {
  return ctx.db.select(goodsRow).from(goods).where(ctx.scope.where(goods, where))
}

/** The newest edition: follows replaced_by to its end (at most 10 steps; a loop stops where it closes). */
async function newestOf(ctx: Scoped, g: GoodsRow): Promise<GoodsRow | undefined> {
  if (g.replacedById === null) return undefined
  const seen = new Set([g.id])
  let cur = g
  for (let i = 0; i < 10 && cur.replacedById !== null && !seen.has(cur.replacedById); i++) {
    const [next] = await goodsRows(ctx, eq(goods.id, cur.replacedById))
    if (!next) break
    seen.add(next.id)
    cur = next
  }
  return cur.id === g.id ? undefined : cur
}

type Grant = { expiresAt: Date | null }
const active = (grant: Grant | undefined, now: Date) =>
  grant !== undefined && (grant.expiresAt === null || grant.expiresAt > now)

async function successorView(s: GoodsRow, grants: Map<number, Grant>, now: Date) {
  return {
    goodsId: s.id,
    goodsName: s.name,
    cover: s.cover,
    goodsType: s.goodsType,
    price: s.price,
    onSale: s.status === 1,
    owned: active(grants.get(s.id), now),
  }
}

/** Old goods the learner holds (not revoked) that the school replaced, each with its newest edition. */
export async function oldGoods(ctx: Scoped, userId: number) {
  const grants = await grantsOf(ctx, userId)
  if (grants.size === 0) return []
  const now = new Date()
  const rows = await goodsRows(ctx, and(inArray(goods.id, [...grants.keys()]), isNotNull(goods.replacedById)))
  rows.sort((a, b) => a.id - b.id)
  const out = []
  for (const g of rows) {
    const s = await newestOf(ctx, g)
    if (!s) continue
    const info = await goodsById(ctx, g.id)
    const tree = await courseTree(ctx, info)
    const map = await progressOfTree(ctx, userId, tree)
    const grant = grants.get(g.id)
    out.push({
      goodsId: g.id,
      goodsName: g.name,
      cover: g.cover,
      goodsType: g.goodsType,
      expireTime: grant?.expiresAt ? Math.floor(grant.expiresAt.getTime() / 1000) : null,
      playable: active(grant, now) && tree.courses.length > 0,
      percent: summarize(tree, map, tree.sections).percent,
      successor: await successorView(s, grants, now),
    })
  }
  return out
}

/** Where a learner who holds `goodsId` should go to study it. */
export async function redirectOf(ctx: Scoped, userId: number, goodsId: number) {
  if (goodsId > MAX_ID) throw notEntitled()
  const [g] = await goodsRows(ctx, eq(goods.id, goodsId))
  if (!g) await goodsById(ctx, goodsId) // the 404 of an unknown goods
  const grants = await grantsOf(ctx, userId)
  if (!g || !grants.has(g.id)) throw notEntitled()
  const now = new Date()
  const s = await newestOf(ctx, g)
  let action: RedirectAction = 'old'
  let target = g
  if (s) {
    const tree = await courseTree(ctx, await goodsById(ctx, g.id))
    if (active(grants.get(s.id), now)) [action, target] = ['successor', s]
    else if (active(grants.get(g.id), now) && tree.courses.length > 0) action = 'old'
    else [action, target] = ['buy', s]
  }
  return {
    goodsId: g.id,
    action,
    targetGoodsId: target.id,
    path: action === 'buy' ? detailPath(target.goodsType, target.id) : learnPath(target.id),
    successor: s ? await successorView(s, grants, now) : null,
  }
}

// ---- teachers ----

/**
 * The teachers of a goods: those named on the goods (the public list's query, shop/catalogue.ts) and those who
 * give its courses (a package: the courses of its course goods), each with the courses they give.
 */
export async function goodsTeachers(ctx: Ctx, goodsId: number) {
  const g = await goodsById(ctx, goodsId)
  const tree = await courseTree(ctx, g)
  const named = await publicCatalogue['GET /app/common/course/teacher/list']!(ctx, {
    query: { goodsId },
    params: undefined,
    body: undefined,
    headers: {},
  })
  const list = Array.isArray(named) ? named : []
  const courseIds = tree.courses.map((c) => c.courseId)
  const giving =
    courseIds.length === 0
      ? []
      : await ctx.db
          .select({
            teacherId: teacher.id,
            teacherName: teacher.name,
            title: teacher.title,
            avatar: teacher.avatar,
            intro: teacher.intro,
            courseId: course.id,
            courseName: course.name,
          })
          .from(course)
          .innerJoin(teacher, and(eq(teacher.id, course.teacherId), eq(teacher.tenantId, ctx.scope.tenantId)))
          .where(ctx.scope.where(course, inArray(course.id, courseIds)))
  const order = (courseId: number) => courseIds.indexOf(courseId)
  giving.sort((a, b) => order(a.courseId) - order(b.courseId))
  const out = new Map<
    number,
    {
      teacherId: number
      teacherName: string
      title: string
      avatar: string
      intro: string
      courses: { courseId: number; courseName: string }[]
    }
  >()
  for (const t of list) out.set(t.teacherId, { ...t, courses: [] })
  for (const r of giving) {
    const cur = out.get(r.teacherId) ?? {
      teacherId: r.teacherId,
      teacherName: r.teacherName,
      title: r.title,
      avatar: r.avatar,
      intro: r.intro,
      courses: [],
    }
    cur.courses.push({ courseId: r.courseId, courseName: r.courseName })
    out.set(r.teacherId, cur)
  }
  return [...out.values()]
}

export const handlers: Handlers = {
  'GET /course/major/list': async (ctx, { query }) => majors(ctx, requireUser(ctx).userId, query.educationTypeId),

  'GET /course/old/goods/list': async (ctx) => oldGoods(ctx, requireUser(ctx).userId),

  'GET /course/old/goods/redirect': async (ctx, { query }) => redirectOf(ctx, requireUser(ctx).userId, query.goodsId),

  'GET /goods/course/teacher/list': async (ctx, { query }) => {
    requireUser(ctx)
    return goodsTeachers(ctx, query.goodsId)
  },
}
