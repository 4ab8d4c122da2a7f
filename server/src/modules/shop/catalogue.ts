/** Public catalogue reads: education types, businesses, subjects, goods, courses, chapters, teachers, activities. */
import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Schemas } from '../../../../contract/schemas'
import { GOODS_TYPE } from '../../../../contract/schemas/codes'
import { countRows, toInt } from '../../db'
import {
  business,
  course,
  courseChapter,
  courseSection,
  educationType,
  goods,
  goodsActivity,
  goodsActivityItem,
  goodsCourse,
  goodsPackageItem,
  goodsTeacher,
  liveChannel,
  liveSession,
  subject,
  teacher,
} from '../../db/schema'
import { AppError, type Ctx, type Handlers, toSeconds } from '../../http/core'
import { sanitizeArticle } from '../../services/sanitize'
import { stateSql } from '../live/rows'

type Scoped = Pick<Ctx, 'db' | 'scope'>
const MAX_ID = 2_147_483_647
const notFound = (what: string) => new AppError(404, `${what} not found`)
const checkId = (id: number, what: string) => {
  if (id > MAX_ID) throw notFound(what)
  return id
}

type GoodsType = 1 | 2 | 3 | 4
const asGoodsType = (n: number) => (n >= 1 && n <= 4 ? n : 1) as GoodsType

const goodsColumns = {
  goodsId: goods.id,
  goodsName: goods.name,
  goodsType: goods.goodsType,
  cover: goods.cover,
  price: goods.price,
  originalPrice: goods.originalPrice,
  buyCount: goods.buyCount,
  tags: goods.tags,
  educationTypeId: goods.educationTypeId,
  businessId: goods.businessId,
  subjectId: goods.subjectId,
  validityDays: goods.validityDays,
  status: goods.status,
}
type GoodsBase = { [K in keyof typeof goodsColumns]: (typeof goodsColumns)[K]['_']['data'] }

/**
 * The struck price a learner sees next to the price (cents, by goods id): a goods' own `originalPrice`; for a
 * package the sum of its goods' prices (what buying them one by one costs), so that a package's saving
 * (originalPrice − price, shared/rules/money.ts `saving`) is one number in the list, the detail, the cart and the
 * order. A package without goods keeps its stored price.
 */
export async function listPrices(
  ctx: Scoped,
  rows: readonly { goodsId: number; goodsType: number; originalPrice: number }[],
): Promise<Map<number, number>> {
  const out = new Map(rows.map((r) => [r.goodsId, r.originalPrice]))
  const pkgIds = rows.filter((r) => r.goodsType === 4).map((r) => r.goodsId)
  if (pkgIds.length === 0) return out
  const items = await ctx.db
    .select({ packageId: goodsPackageItem.packageId, price: goods.price })
    .from(goodsPackageItem)
    .innerJoin(goods, eq(goods.id, goodsPackageItem.goodsId))
    .where(ctx.scope.where(goodsPackageItem, inArray(goodsPackageItem.packageId, pkgIds)))
  for (const id of pkgIds) {
    const mine = items.filter((i) => i.packageId === id)
    if (mine.length > 0)
      out.set(
        id,
        mine.reduce((s, i) => s + i.price, 0),
      )
  }
  return out
}

/** Teacher names and course counts for a set of goods (a package counts the courses of its goods). */
async function decorate(ctx: Scoped, rows: GoodsBase[]) {
  const ids = rows.map((r) => r.goodsId)
  if (ids.length === 0) return []
  const [teachers, pkgItems, struck] = await Promise.all([
    ctx.db
      .select({ goodsId: goodsTeacher.goodsId, name: teacher.name })
      .from(goodsTeacher)
      .innerJoin(teacher, eq(teacher.id, goodsTeacher.teacherId))
      .where(ctx.scope.where(goodsTeacher, inArray(goodsTeacher.goodsId, ids)))
      .orderBy(asc(goodsTeacher.sort)),
    ctx.db
      .select({ packageId: goodsPackageItem.packageId, goodsId: goodsPackageItem.goodsId })
      .from(goodsPackageItem)
      .where(ctx.scope.where(goodsPackageItem, inArray(goodsPackageItem.packageId, ids))),
    listPrices(ctx, rows),
  ])
  const allIds = [...new Set([...ids, ...pkgItems.map((p) => p.goodsId)])]
  const counts = await ctx.db
    .select({ goodsId: goodsCourse.goodsId, n: sql<number>`count(*)` })
    .from(goodsCourse)
    .where(ctx.scope.where(goodsCourse, inArray(goodsCourse.goodsId, allIds)))
    .groupBy(goodsCourse.goodsId)
  const courseCount = new Map(counts.map((c) => [c.goodsId, toInt(c.n)]))
  return rows.map((r) => ({
    goodsId: r.goodsId,
    goodsName: r.goodsName,
    goodsType: asGoodsType(r.goodsType),
    cover: r.cover,
    price: r.price,
    originalPrice: struck.get(r.goodsId) ?? r.originalPrice,
    isFree: r.price === 0,
    buyCount: r.buyCount,
    teacherNames: teachers.filter((t) => t.goodsId === r.goodsId).map((t) => t.name),
    courseNum:
      r.goodsType === 4
        ? pkgItems.filter((p) => p.packageId === r.goodsId).reduce((s, p) => s + (courseCount.get(p.goodsId) ?? 0), 0)
        : (courseCount.get(r.goodsId) ?? 0),
    tags: r.tags,
    educationTypeId: r.educationTypeId,
    businessId: r.businessId,
    subjectId: r.subjectId,
    validityDays: r.validityDays,
  }))
}

export const onShelf = (ctx: Scoped, ...more: (SQL | undefined)[]) =>
  ctx.scope.where(goods, eq(goods.status, 1), ...more)

export async function goodsRows(ctx: Scoped, where: SQL, order: SQL[] = [asc(goods.sort), asc(goods.id)]) {
  const rows = await ctx.db
    .select(goodsColumns)
    .from(goods)
    .where(where)
    .orderBy(...order)
  return decorate(ctx, rows)
}

/** Goods inside a package, in package order (on-shelf or not: a bought package keeps its contents). */
export async function packageContents(ctx: Scoped, packageId: number) {
  const items = await ctx.db
    .select(goodsColumns)
    .from(goodsPackageItem)
    .innerJoin(goods, eq(goods.id, goodsPackageItem.goodsId))
    .where(ctx.scope.where(goodsPackageItem, eq(goodsPackageItem.packageId, packageId)))
    .orderBy(asc(goodsPackageItem.sort))
  return decorate(ctx, items)
}

async function coursesOf(ctx: Scoped, goodsId: number) {
  // a package lists the courses of its goods
  const pkg = await ctx.db
    .select({ goodsId: goodsPackageItem.goodsId })
    .from(goodsPackageItem)
    .where(ctx.scope.where(goodsPackageItem, eq(goodsPackageItem.packageId, goodsId)))
    .orderBy(asc(goodsPackageItem.sort))
  const ids = pkg.length > 0 ? pkg.map((p) => p.goodsId) : [goodsId]
  const rows = await ctx.db
    .select({
      courseId: course.id,
      courseName: course.name,
      cover: course.cover,
      teacherName: sql<string>`coalesce(${teacher.name}, '')`,
      goodsId: goodsCourse.goodsId,
    })
    .from(goodsCourse)
    .innerJoin(course, eq(course.id, goodsCourse.courseId))
    .leftJoin(teacher, eq(teacher.id, course.teacherId))
    .where(ctx.scope.where(goodsCourse, inArray(goodsCourse.goodsId, ids)))
    .orderBy(asc(goodsCourse.sort), asc(course.id))
  rows.sort((a, b) => ids.indexOf(a.goodsId) - ids.indexOf(b.goodsId))
  const courseIds = rows.map((r) => r.courseId)
  if (courseIds.length === 0) return []
  const [ch, se] = await Promise.all([
    ctx.db
      .select({ courseId: courseChapter.courseId, n: sql<number>`count(*)` })
      .from(courseChapter)
      .where(ctx.scope.where(courseChapter, inArray(courseChapter.courseId, courseIds)))
      .groupBy(courseChapter.courseId),
    ctx.db
      .select({ courseId: courseSection.courseId, n: sql<number>`count(*)` })
      .from(courseSection)
      .where(ctx.scope.where(courseSection, inArray(courseSection.courseId, courseIds)))
      .groupBy(courseSection.courseId),
  ])
  const chapterNum = new Map(ch.map((c) => [c.courseId, toInt(c.n)]))
  const sectionNum = new Map(se.map((c) => [c.courseId, toInt(c.n)]))
  return rows.map(({ goodsId: _g, ...r }) => ({
    ...r,
    chapterNum: chapterNum.get(r.courseId) ?? 0,
    sectionNum: sectionNum.get(r.courseId) ?? 0,
  }))
}

const sectionColumns = {
  sectionId: courseSection.id,
  sectionName: courseSection.name,
  chapterId: courseSection.chapterId,
  courseId: courseSection.courseId,
  durationSeconds: courseSection.durationSeconds,
  audition: courseSection.audition,
  sort: courseSection.sort,
}

async function chaptersOf(ctx: Scoped, courseIds: number[]) {
  if (courseIds.length === 0) return []
  const rows = await ctx.db
    .select({
      chapterId: courseChapter.id,
      chapterName: courseChapter.name,
      courseId: courseChapter.courseId,
      sort: courseChapter.sort,
    })
    .from(courseChapter)
    .where(ctx.scope.where(courseChapter, inArray(courseChapter.courseId, courseIds)))
    .orderBy(asc(courseChapter.sort), asc(courseChapter.id))
  rows.sort((a, b) => courseIds.indexOf(a.courseId) - courseIds.indexOf(b.courseId))
  const sections = await ctx.db
    .select(sectionColumns)
    .from(courseSection)
    .where(ctx.scope.where(courseSection, inArray(courseSection.courseId, courseIds)))
    .orderBy(asc(courseSection.sort), asc(courseSection.id))
  return rows.map((c) => {
    const sectionList = sections.filter((s) => s.chapterId === c.chapterId)
    return { ...c, sectionNum: sectionList.length, sectionList }
  })
}

async function courseIdsOfGoods(ctx: Scoped, goodsId: number) {
  return (await coursesOf(ctx, goodsId)).map((c) => c.courseId)
}

async function activityLanding(ctx: Scoped, where: SQL) {
  const [a] = await ctx.db.select().from(goodsActivity).where(where)
  if (a?.status !== 1 || (a.endsAt && a.endsAt < new Date())) throw notFound('activity')
  const items = await ctx.db
    .select({ goodsId: goodsActivityItem.goodsId, activityPrice: goodsActivityItem.activityPrice })
    .from(goodsActivityItem)
    .where(ctx.scope.where(goodsActivityItem, eq(goodsActivityItem.activityId, a.id)))
  const rows =
    items.length === 0
      ? []
      : await goodsRows(
          ctx,
          onShelf(
            ctx,
            inArray(
              goods.id,
              items.map((i) => i.goodsId),
            ),
          ),
        )
  return {
    activityId: a.id,
    activityName: a.name,
    kind: (a.kind === 'share' ? 'share' : 'distribution') as 'share' | 'distribution',
    code: a.code,
    endTime: a.endsAt ? toSeconds(a.endsAt) : null,
    goods: rows.map((r) => ({ ...r, activityPrice: items.find((i) => i.goodsId === r.goodsId)!.activityPrice })),
  }
}

const subjectColumns = {
  subjectId: subject.id,
  subjectName: subject.name,
  businessId: subject.businessId,
  status: subject.status,
  projectList: subject.projectList,
  sort: subject.sort,
}

/** The education types the school offers, in the shop's order (its first filter row). */
export const educationTypes = (ctx: Scoped) =>
  ctx.db
    .select({ educationTypeId: educationType.id, educationName: educationType.name, sort: educationType.sort })
    .from(educationType)
    .where(ctx.scope.where(educationType, eq(educationType.status, 1)))
    .orderBy(asc(educationType.sort), asc(educationType.id))

/** A page of the shop's goods on shelf, filtered as the purchase centre asks (also its server-painted copy). */
export async function goodsPage(ctx: Scoped, query: z.output<Schemas['GET /app/common/goods/list']['query']>) {
  const kw = query.keyword?.replace(/[\\%_]/g, (c) => `\\${c}`)
  const where = onShelf(
    ctx,
    query.educationTypeId ? eq(goods.educationTypeId, query.educationTypeId) : undefined,
    query.businessId ? eq(goods.businessId, query.businessId) : undefined,
    query.subjectId ? eq(goods.subjectId, query.subjectId) : undefined,
    query.goodsType ? eq(goods.goodsType, query.goodsType) : undefined,
    kw ? ilike(goods.name, `%${kw}%`) : undefined,
  )
  const [rows, total] = await Promise.all([
    ctx.db
      .select(goodsColumns)
      .from(goods)
      .where(where)
      .orderBy(asc(goods.sort), desc(goods.id))
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize),
    countRows(ctx.db, goods, where),
  ])
  return { rows: await decorate(ctx, rows), total }
}

export const handlers: Handlers = {
  'GET /app/common/course/educationType/list': async (ctx) => educationTypes(ctx),

  'GET /app/common/course/business/list': async (ctx, { query }) =>
    ctx.db
      .select({
        businessId: business.id,
        businessName: business.name,
        educationTypeId: business.educationTypeId,
        educationName: educationType.name,
        sort: business.sort,
      })
      .from(business)
      .innerJoin(educationType, eq(educationType.id, business.educationTypeId))
      .where(
        ctx.scope.where(
          business,
          eq(business.status, 1),
          query.educationTypeId ? eq(business.educationTypeId, query.educationTypeId) : undefined,
        ),
      )
      .orderBy(asc(educationType.sort), asc(business.sort), asc(business.id)),

  'GET /app/common/course/subject/list': async (ctx, { query }) =>
    ctx.db
      .select(subjectColumns)
      .from(subject)
      .where(
        ctx.scope.where(
          subject,
          query.status !== undefined ? eq(subject.status, query.status) : undefined,
          query.businessId ? eq(subject.businessId, query.businessId) : undefined,
        ),
      )
      .orderBy(asc(subject.businessId), asc(subject.sort), asc(subject.id)),

  'GET /app/common/course/business/:id': async (ctx, { params }) => {
    const id = checkId(params.id, 'business')
    const [b] = await ctx.db
      .select({
        businessId: business.id,
        businessName: business.name,
        educationTypeId: business.educationTypeId,
        educationName: educationType.name,
        sort: business.sort,
        description: business.description,
      })
      .from(business)
      .innerJoin(educationType, eq(educationType.id, business.educationTypeId))
      .where(ctx.scope.where(business, eq(business.id, id), eq(business.status, 1)))
    if (!b) throw notFound('business')
    const subjects = await ctx.db
      .select(subjectColumns)
      .from(subject)
      .where(ctx.scope.where(subject, eq(subject.businessId, id), eq(subject.status, 1)))
      .orderBy(asc(subject.sort), asc(subject.id))
    return { ...b, subjects }
  },

  'GET /app/common/goods/list': async (ctx, { query }) => goodsPage(ctx, query),

  'GET /app/common/goods/:id': async (ctx, { params }) => {
    const id = checkId(params.id, 'goods')
    const [g] = await ctx.db
      .select({ ...goodsColumns, description: goods.description, handoutCount: goods.handoutCount })
      .from(goods)
      .where(ctx.scope.where(goods, eq(goods.id, id)))
    // off-shelf goods stay readable (an order or the learning tab links to them) with onSale false
    if (!g) throw notFound('goods')
    const [[row], courses, teachers, packageGoods] = await Promise.all([
      decorate(ctx, [g]),
      coursesOf(ctx, id),
      ctx.db
        .select({
          teacherId: teacher.id,
          teacherName: teacher.name,
          title: teacher.title,
          avatar: teacher.avatar,
          intro: teacher.intro,
        })
        .from(goodsTeacher)
        .innerJoin(teacher, eq(teacher.id, goodsTeacher.teacherId))
        .where(ctx.scope.where(goodsTeacher, eq(goodsTeacher.goodsId, id)))
        .orderBy(asc(goodsTeacher.sort)),
      g.goodsType === 4 ? packageContents(ctx, id) : Promise.resolve([]),
    ])
    // a live goods' classes with their dates: what the contents' "第N次直播" sections do not say
    const liveSessions =
      g.goodsType === GOODS_TYPE.live
        ? await ctx.db
            .select({
              sessionId: liveSession.id,
              title: liveSession.title,
              startAt: liveSession.startAt,
              endAt: liveSession.endAt,
              state: stateSql(new Date()),
            })
            .from(liveSession)
            .innerJoin(
              liveChannel,
              and(eq(liveChannel.id, liveSession.channelId), eq(liveChannel.tenantId, liveSession.tenantId)),
            )
            .where(ctx.scope.where(liveSession, eq(liveChannel.goodsId, id), eq(liveChannel.status, 1)))
            .orderBy(asc(liveSession.startAt), asc(liveSession.id))
            .limit(200)
        : null
    const courseIds = courses.map((c) => c.courseId)
    const audition =
      courseIds.length === 0
        ? []
        : await ctx.db
            .select({ id: courseSection.id })
            .from(courseSection)
            .where(
              ctx.scope.where(
                courseSection,
                inArray(courseSection.courseId, courseIds),
                eq(courseSection.audition, true),
              ),
            )
            .orderBy(asc(courseSection.id))
    return {
      ...row!,
      description: sanitizeArticle(g.description),
      onSale: g.status === 1,
      handoutCount: g.handoutCount,
      goodsAuditionConfigIdList: audition.map((a) => a.id),
      courses,
      teachers,
      packageGoods,
      ...(liveSessions
        ? {
            liveSessions: liveSessions.map((x) => ({
              sessionId: x.sessionId,
              title: x.title,
              startTime: toSeconds(x.startAt),
              endTime: toSeconds(x.endAt),
              state: x.state,
            })),
          }
        : {}),
    }
  },

  'GET /app/common/goods/course/list/:id': async (ctx, { params }) => coursesOf(ctx, checkId(params.id, 'goods')),

  'GET /app/common/course/teacher/list': async (ctx, { query }) => {
    const cols = {
      teacherId: teacher.id,
      teacherName: teacher.name,
      title: teacher.title,
      avatar: teacher.avatar,
      intro: teacher.intro,
    }
    if (!query.goodsId)
      return ctx.db
        .select(cols)
        .from(teacher)
        .where(ctx.scope.where(teacher))
        .orderBy(asc(teacher.sort), asc(teacher.id))
    return ctx.db
      .select(cols)
      .from(goodsTeacher)
      .innerJoin(teacher, eq(teacher.id, goodsTeacher.teacherId))
      .where(ctx.scope.where(goodsTeacher, eq(goodsTeacher.goodsId, query.goodsId)))
      .orderBy(asc(goodsTeacher.sort))
  },

  'GET /app/common/course/menuList': async (ctx, { query }) => {
    if (query.courseId) return chaptersOf(ctx, [query.courseId])
    return chaptersOf(ctx, await courseIdsOfGoods(ctx, query.goodsId!))
  },

  'GET /app/common/course/chapterList/:id': async (ctx, { params }) =>
    (await chaptersOf(ctx, [checkId(params.id, 'course')])).map(({ sectionList: _s, ...c }) => c),

  'GET /app/common/course/sectionList/:id': async (ctx, { params }) =>
    ctx.db
      .select(sectionColumns)
      .from(courseSection)
      .where(ctx.scope.where(courseSection, eq(courseSection.chapterId, checkId(params.id, 'chapter'))))
      .orderBy(asc(courseSection.sort), asc(courseSection.id)),

  'GET /app/common/goods/goods/list/:id': async (ctx, { params }) => {
    const id = checkId(params.id, 'package')
    const [g] = await ctx.db
      .select({ goodsType: goods.goodsType })
      .from(goods)
      .where(ctx.scope.where(goods, eq(goods.id, id)))
    if (!g) throw notFound('package')
    return g.goodsType === 4 ? packageContents(ctx, id) : []
  },

  'GET /app/common/goods/distribution/goods': async (ctx, { query }) =>
    activityLanding(
      ctx,
      ctx.scope.where(goodsActivity, eq(goodsActivity.code, query.code), eq(goodsActivity.kind, 'distribution')),
    ),

  'GET /app/common/goods/share/list/:id': async (ctx, { params }) =>
    activityLanding(
      ctx,
      ctx.scope.where(
        goodsActivity,
        eq(goodsActivity.id, checkId(params.id, 'activity')),
        or(eq(goodsActivity.kind, 'share'), eq(goodsActivity.kind, 'distribution')),
      ),
    ),
}

/** An activity's price for a goods (activity open, goods in it), or undefined. */
export async function activityPrice(ctx: Scoped, activityId: number, goodsId: number) {
  const [row] = await ctx.db
    .select({ price: goodsActivityItem.activityPrice, status: goodsActivity.status, endsAt: goodsActivity.endsAt })
    .from(goodsActivityItem)
    .innerJoin(goodsActivity, eq(goodsActivity.id, goodsActivityItem.activityId))
    .where(
      ctx.scope.where(
        goodsActivityItem,
        and(eq(goodsActivityItem.activityId, activityId), eq(goodsActivityItem.goodsId, goodsId)),
      ),
    )
  if (row?.status !== 1 || (row.endsAt && row.endsAt < new Date())) return undefined
  return row.price
}
