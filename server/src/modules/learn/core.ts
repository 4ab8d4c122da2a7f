/**
 * Learning building blocks (docs/DECISIONS.md "Learning"): the course tree of a goods (a package stands for
 * the courses of its course goods), progress rows and their wire shapes, coverage arithmetic (credited
 * seconds = length of the union of watched intervals), access, photo due points and China day boundaries.
 *
 * Progress, sessions, intervals, photos and classes are stored under the course goods that owns the course
 * (`owner`), so a section studied through a package or through the goods itself is one record.
 */
import { createHash } from 'node:crypto'
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import { FINISH_RATIO, LEARN_CODE, SECTION_STATUS } from '../../../../contract/schemas/learn-codes'
import { percentOf, progressOf } from '../../../../shared/rules/progress'
import {
  course,
  courseChapter,
  courseSection,
  goods,
  goodsCourse,
  goodsPackageItem,
  photoLog,
  studyProgress,
  teacher,
  userGoods,
} from '../../db/schema'
import { AppError, keptContent, type Scoped } from '../../http/core'
import { entitlementOf } from '../order/entitlement'

export type { Scoped }

export const MAX_ID = 2_147_483_647
export const notFound = (what: string) => new AppError(404, `${what} not found`)
export const notEntitled = () =>
  new AppError(LEARN_CODE.notEntitled, 'this course is not yours: buy the goods to study it')
export const sessionGone = () =>
  new AppError(LEARN_CODE.sessionGone, 'the play session is closed or unknown: open a new one')
/** Session ids are 32 hex characters; anything else cannot name a session. */
export const isSessionId = (id: string) => /^[0-9a-f]{32}$/.test(id)
/** Control characters never reach the database (PostgreSQL text refuses NUL). */
const isControl = (ch: string) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f
export const hasControl = (s: string) => [...s].some(isControl)
export const stripControl = (s: string) => [...s].map((ch) => (isControl(ch) ? ' ' : ch)).join('')

/** Positions and coverage are kept to the millisecond. */
export const round3 = (n: number) => Math.round(n * 1000) / 1000
/** credited / total x 100 with one decimal: the app's and the server's one computation (shared/rules/progress.ts) */
export { percentOf }

// ---- days: learners are in China, days are Asia/Shanghai (UTC+8, no DST) ----
const TZ_MS = 8 * 3600 * 1000
const DAY_MS = 24 * 3600 * 1000
export const startOfDay = (d: Date) => new Date(Math.floor((d.getTime() + TZ_MS) / DAY_MS) * DAY_MS - TZ_MS)
export const dateOf = (d: Date) => new Date(d.getTime() + TZ_MS).toISOString().slice(0, 10)

// ---- coverage ----
export type Coverage = [number, number][]

/** The union of `cov` and [start, end] clipped to [0, duration], sorted and merged. */
export function mergeCoverage(cov: Coverage, start: number, end: number, duration: number): Coverage {
  const s = Math.max(0, Math.min(start, duration))
  const e = Math.max(0, Math.min(end, duration))
  const all: Coverage = [...cov]
  if (e > s) all.push([round3(s), round3(e)])
  all.sort((a, b) => a[0] - b[0])
  const out: Coverage = []
  for (const [a, b] of all) {
    const last = out[out.length - 1]
    if (last && a <= last[1]) last[1] = Math.max(last[1], b)
    else out.push([a, b])
  }
  return out
}

export const coveredSeconds = (cov: Coverage) => cov.reduce((sum, [a, b]) => sum + (b - a), 0)
/** distinct seconds credited (whole seconds, never more than covered) */
export const creditOf = (covered: number) => Math.floor(covered + 1e-6)
export const isFinished = (covered: number, duration: number) =>
  duration > 0 && covered + 1e-6 >= FINISH_RATIO * duration

// ---- goods and the course tree ----
export interface GoodsInfo {
  id: number
  name: string
  cover: string
  goodsType: number
  antiSkip: boolean
  photoAtStart: boolean
  photoRandomCount: number
  sort: number
}

export const goodsCols = {
  id: goods.id,
  name: goods.name,
  cover: goods.cover,
  goodsType: goods.goodsType,
  antiSkip: goods.antiSkip,
  photoAtStart: goods.photoAtStart,
  photoRandomCount: goods.photoRandomCount,
  sort: goods.sort,
}

export async function goodsByIds(ctx: Scoped, ids: number[]): Promise<GoodsInfo[]> {
  const safe = ids.filter((i) => i > 0 && i <= MAX_ID)
  if (safe.length === 0) return []
  return ctx.db
    .select(goodsCols)
    .from(goods)
    .where(ctx.scope.where(goods, inArray(goods.id, safe)))
    .orderBy(asc(goods.sort), asc(goods.id))
}

export async function goodsById(ctx: Scoped, id: number): Promise<GoodsInfo> {
  const [g] = await goodsByIds(ctx, [id])
  if (!g) throw notFound('goods')
  return g
}

export const settingsOf = (g: GoodsInfo) => ({
  antiSkip: g.antiSkip,
  photoAtStart: g.photoAtStart,
  photoRandomCount: g.photoRandomCount,
})

/** A goods and, for a package, the goods inside (in package order). */
export async function goodsFamily(ctx: Scoped, goodsId: number): Promise<number[]> {
  if (goodsId > MAX_ID) return []
  const items = await ctx.db
    .select({ goodsId: goodsPackageItem.goodsId })
    .from(goodsPackageItem)
    .where(ctx.scope.where(goodsPackageItem, eq(goodsPackageItem.packageId, goodsId)))
    .orderBy(asc(goodsPackageItem.sort), asc(goodsPackageItem.id))
  return [goodsId, ...items.map((i) => i.goodsId)]
}

export interface CourseInfo {
  courseId: number
  courseName: string
  cover: string
  intro: string
  teacherName: string
  required: boolean
  /** the course goods that owns the course: progress is stored under it */
  ownerId: number
}
export interface ChapterInfo {
  chapterId: number
  chapterName: string
  courseId: number
  sort: number
}
export interface SectionInfo {
  sectionId: number
  sectionName: string
  chapterId: number
  courseId: number
  durationSeconds: number
  videoId: string
  audition: boolean
  sort: number
}
export interface CourseTree {
  goods: GoodsInfo
  courses: CourseInfo[]
  chapters: ChapterInfo[]
  /** menu order: course, chapter, section */
  sections: SectionInfo[]
  /** owner goods of the courses by id (settings, names) */
  owners: Map<number, GoodsInfo>
}

export const sectionCols = {
  sectionId: courseSection.id,
  sectionName: courseSection.name,
  chapterId: courseSection.chapterId,
  courseId: courseSection.courseId,
  durationSeconds: courseSection.durationSeconds,
  videoId: courseSection.videoId,
  audition: courseSection.audition,
  sort: courseSection.sort,
}

/**
 * The courses a goods stands for, in order: a package's course goods (goods type 1) in package order, else the
 * goods' own courses. Chapters and sections in menu order.
 */
export async function courseTree(ctx: Scoped, g: GoodsInfo): Promise<CourseTree> {
  const owners = new Map<number, GoodsInfo>()
  if (g.goodsType === 4) {
    const items = (await goodsFamily(ctx, g.id)).slice(1)
    const infos = await goodsByIds(ctx, items)
    for (const id of items) {
      const info = infos.find((i) => i.id === id)
      if (info?.goodsType === 1) owners.set(id, info)
    }
  } else owners.set(g.id, g)
  const ownerIds = [...owners.keys()]
  if (ownerIds.length === 0) return { goods: g, courses: [], chapters: [], sections: [], owners }
  const rows = await ctx.db
    .select({
      courseId: course.id,
      courseName: course.name,
      cover: course.cover,
      intro: course.intro,
      teacherName: sql<string>`coalesce(${teacher.name}, '')`,
      required: goodsCourse.required,
      ownerId: goodsCourse.goodsId,
    })
    .from(goodsCourse)
    .innerJoin(course, eq(course.id, goodsCourse.courseId))
    .leftJoin(teacher, eq(teacher.id, course.teacherId))
    .where(ctx.scope.where(goodsCourse, inArray(goodsCourse.goodsId, ownerIds)))
    .orderBy(asc(goodsCourse.sort), asc(course.id))
  rows.sort((a, b) => ownerIds.indexOf(a.ownerId) - ownerIds.indexOf(b.ownerId))
  // a course shared by two goods of a package is listed once (under the first)
  const courses = rows.filter((r, i) => rows.findIndex((x) => x.courseId === r.courseId) === i)
  const courseIds = courses.map((c) => c.courseId)
  if (courseIds.length === 0) return { goods: g, courses: [], chapters: [], sections: [], owners }
  const [chapters, sections] = await Promise.all([
    ctx.db
      .select({
        chapterId: courseChapter.id,
        chapterName: courseChapter.name,
        courseId: courseChapter.courseId,
        sort: courseChapter.sort,
      })
      .from(courseChapter)
      .where(ctx.scope.where(courseChapter, inArray(courseChapter.courseId, courseIds)))
      .orderBy(asc(courseChapter.sort), asc(courseChapter.id)),
    ctx.db
      .select(sectionCols)
      .from(courseSection)
      .where(ctx.scope.where(courseSection, inArray(courseSection.courseId, courseIds)))
      .orderBy(asc(courseSection.sort), asc(courseSection.id)),
  ])
  chapters.sort((a, b) => courseIds.indexOf(a.courseId) - courseIds.indexOf(b.courseId))
  const chapterOrder = chapters.map((c) => c.chapterId)
  sections.sort((a, b) => chapterOrder.indexOf(a.chapterId) - chapterOrder.indexOf(b.chapterId))
  return { goods: g, courses, chapters, sections, owners }
}

/**
 * The goods (404 when unknown) the learner holds a non-revoked grant of (active or expired: notEntitled
 * otherwise), with its course tree and the learner's progress: two queries, where goodsById + requireGrant +
 * courseTree + progressOfTree take six. The tree is the school's, the same for every learner: it is kept
 * (keptContent, frozen: nobody may change what others read) and only the goods with the grant and the learner's
 * progress are read on each call. When the tree is not kept yet, a course goods reads it with the progress in one
 * query; a package takes the long way (courseTree) once.
 */
export async function grantedTreeWithProgress(ctx: Scoped, userId: number, goodsId: number) {
  const tenantId = ctx.scope.tenantId
  const [row] =
    goodsId > 0 && goodsId <= MAX_ID
      ? await ctx.db
          .select({
            g: goodsCols,
            // "goods"."id" spelled out: drizzle leaves the columns of a one-table select unqualified
            granted: sql<boolean>`exists (select 1 from ${userGoods} where ${userGoods.tenantId} = ${tenantId}
              and ${userGoods.userId} = ${userId} and ${userGoods.goodsId} = "goods"."id" and ${userGoods.revokedAt} is null)`,
          })
          .from(goods)
          .where(ctx.scope.where(goods, eq(goods.id, goodsId)))
      : []
  if (!row) throw notFound('goods')
  if (!row.granted) throw notEntitled()
  const g = row.g
  let readWithTree: Map<string, ProgressRow> | undefined
  const kept = await keptContent(ctx, `course-tree ${g.id}`, async () => {
    if (g.goodsType === 4) return freezeTree(await courseTree(ctx, g))
    const read = await treeAndProgress(ctx, userId, g)
    readWithTree = read.map
    return freezeTree(read.tree)
  })
  // the goods as read now (its settings), with the school's tree
  const tree: CourseTree = { ...kept, goods: g, owners: g.goodsType === 4 ? kept.owners : new Map([[g.id, g]]) }
  return { tree, map: readWithTree ?? (await progressOfTree(ctx, userId, tree)) }
}

function freezeTree(tree: CourseTree): CourseTree {
  for (const list of [tree.courses, tree.chapters, tree.sections]) {
    for (const item of list) Object.freeze(item)
    Object.freeze(list)
  }
  return tree
}

/** A course goods' tree and the learner's progress in it, in one query. */
async function treeAndProgress(ctx: Scoped, userId: number, g: GoodsInfo) {
  const tenantId = ctx.scope.tenantId
  const rows = await ctx.db
    .select({
      courseId: course.id,
      courseName: course.name,
      cover: course.cover,
      // a course's intro (long text) on its first row only, not repeated on each of its sections' rows
      intro: sql<string | null>`case when row_number() over (partition by ${course.id}) = 1 then ${course.intro} end`,
      teacherName: sql<string>`coalesce(${teacher.name}, '')`,
      required: goodsCourse.required,
      chapterId: courseChapter.id,
      chapterName: courseChapter.name,
      chapterSort: courseChapter.sort,
      section: sectionCols,
      p: studyProgress,
    })
    .from(goodsCourse)
    .innerJoin(course, eq(course.id, goodsCourse.courseId))
    .leftJoin(teacher, eq(teacher.id, course.teacherId))
    .leftJoin(courseChapter, and(eq(courseChapter.courseId, course.id), eq(courseChapter.tenantId, tenantId)))
    .leftJoin(courseSection, and(eq(courseSection.chapterId, courseChapter.id), eq(courseSection.tenantId, tenantId)))
    .leftJoin(
      studyProgress,
      and(
        eq(studyProgress.tenantId, tenantId),
        eq(studyProgress.userId, userId),
        eq(studyProgress.goodsId, g.id),
        eq(studyProgress.sectionId, courseSection.id),
      ),
    )
    .where(ctx.scope.where(goodsCourse, eq(goodsCourse.goodsId, g.id)))
    .orderBy(
      asc(goodsCourse.sort),
      asc(course.id),
      asc(courseChapter.sort),
      asc(courseChapter.id),
      asc(courseSection.sort),
      asc(courseSection.id),
    )
  const tree: CourseTree = { goods: g, courses: [], chapters: [], sections: [], owners: new Map([[g.id, g]]) }
  const map = new Map<string, ProgressRow>()
  const seenCourse = new Set<number>()
  const seenChapter = new Set<number>()
  for (const r of rows) {
    // the intro comes on one row of the course, not necessarily its first in menu order
    if (r.intro !== null) {
      const known = tree.courses.find((c) => c.courseId === r.courseId)
      if (known) known.intro = r.intro
    }
    if (!seenCourse.has(r.courseId)) {
      seenCourse.add(r.courseId)
      tree.courses.push({
        courseId: r.courseId,
        courseName: r.courseName,
        cover: r.cover,
        intro: r.intro ?? '',
        teacherName: r.teacherName,
        required: r.required,
        ownerId: g.id,
      })
    }
    if (r.chapterId !== null && !seenChapter.has(r.chapterId)) {
      seenChapter.add(r.chapterId)
      tree.chapters.push({
        chapterId: r.chapterId,
        chapterName: r.chapterName ?? '',
        courseId: r.courseId,
        sort: r.chapterSort ?? 0,
      })
    }
    if (r.section) tree.sections.push(r.section)
    if (r.p) map.set(progressKey(r.p.goodsId, r.p.sectionId), r.p)
  }
  return { tree, map }
}

export const ownerOf = (tree: CourseTree, courseId: number) => {
  const c = tree.courses.find((x) => x.courseId === courseId)
  return c ? tree.owners.get(c.ownerId) : undefined
}

// ---- progress ----
export type ProgressRow = typeof studyProgress.$inferSelect
export const progressKey = (goodsId: number, sectionId: number) => `${goodsId}:${sectionId}`

/** The learner's progress rows for the sections of a tree, by owner:section. */
export async function progressOfTree(ctx: Scoped, userId: number, tree: CourseTree) {
  const map = new Map<string, ProgressRow>()
  if (tree.sections.length === 0) return map
  const rows = await ctx.db
    .select()
    .from(studyProgress)
    .where(
      ctx.scope.where(
        studyProgress,
        eq(studyProgress.userId, userId),
        inArray(studyProgress.goodsId, [...tree.owners.keys()]),
        inArray(
          studyProgress.sectionId,
          tree.sections.map((s) => s.sectionId),
        ),
      ),
    )
  for (const r of rows) map.set(progressKey(r.goodsId, r.sectionId), r)
  return map
}

export function progressFor(tree: CourseTree, map: Map<string, ProgressRow>, s: SectionInfo) {
  const c = tree.courses.find((x) => x.courseId === s.courseId)
  return c ? map.get(progressKey(c.ownerId, s.sectionId)) : undefined
}

export function sectionView(s: SectionInfo, p: ProgressRow | undefined) {
  return {
    sectionId: s.sectionId,
    sectionName: s.sectionName,
    chapterId: s.chapterId,
    courseId: s.courseId,
    durationSeconds: s.durationSeconds,
    sort: s.sort,
    status: p?.status ?? SECTION_STATUS.notStarted,
    position: p?.position ?? 0,
    furthest: p?.furthest ?? 0,
    creditedSeconds: p?.creditedSeconds ?? 0,
    percent: percentOf(p?.creditedSeconds ?? 0, s.durationSeconds),
  }
}

/** Totals over sections: counts, seconds and percent. */
export function summarize(tree: CourseTree, map: Map<string, ProgressRow>, sections: SectionInfo[]) {
  const rows = sections.map((s) => ({ s, p: progressFor(tree, map, s) }))
  const sum = progressOf(
    rows.map(({ s, p }) => ({ durationSeconds: s.durationSeconds, creditedSeconds: p?.creditedSeconds ?? 0 })),
  )
  return {
    sectionNum: sections.length,
    finishedSectionNum: rows.filter(({ p }) => p?.status === SECTION_STATUS.finished).length,
    totalSeconds: sum.totalSeconds,
    creditedSeconds: sum.creditedSeconds,
    percent: sum.percent,
  }
}

export function courseView(tree: CourseTree, map: Map<string, ProgressRow>, c: CourseInfo) {
  return {
    courseId: c.courseId,
    courseName: c.courseName,
    cover: c.cover,
    teacherName: c.teacherName,
    required: c.required,
    ...summarize(
      tree,
      map,
      tree.sections.filter((s) => s.courseId === c.courseId),
    ),
  }
}

// ---- access ----
/** Reading one's own progress of a goods: any grant that was not revoked (active or expired). */
export async function requireGrant(ctx: Scoped, userId: number, goodsId: number) {
  const e = await entitlementOf(ctx, userId, goodsId)
  if (!e) throw notEntitled()
  return e
}

/** Non-revoked grants of the learner: goods id -> longest expiry (null = none). */
export async function grantsOf(ctx: Scoped, userId: number) {
  const rows = await ctx.db
    .select({ goodsId: userGoods.goodsId, expiresAt: userGoods.expiresAt, grantedAt: userGoods.grantedAt })
    .from(userGoods)
    .where(ctx.scope.where(userGoods, eq(userGoods.userId, userId), isNull(userGoods.revokedAt)))
  const out = new Map<number, { expiresAt: Date | null; grantedAt: Date }>()
  for (const r of rows) {
    const cur = out.get(r.goodsId)
    if (!cur) out.set(r.goodsId, { expiresAt: r.expiresAt, grantedAt: r.grantedAt })
    else if (cur.expiresAt !== null && (r.expiresAt === null || r.expiresAt > cur.expiresAt))
      out.set(r.goodsId, { expiresAt: r.expiresAt, grantedAt: cur.grantedAt })
  }
  return out
}

// ---- photos ----
export type PhotoDue = { scene: 'start' | 'random'; position: number }

/** Random photo points of a section for a learner: deterministic, between 10% and 90% of the duration, sorted. */
export function photoPoints(tenantId: number, userId: number, sectionId: number, count: number, duration: number) {
  if (count <= 0 || duration <= 0) return []
  const out: number[] = []
  for (let i = 0; i < count; i++) {
    const h = createHash('sha256').update(`photo:${tenantId}:${userId}:${sectionId}:${i}`).digest()
    const f = h.readUInt32BE(0) / 0x1_0000_0000
    out.push(Math.round((0.1 + 0.8 * f) * duration * 10) / 10)
  }
  return out.sort((a, b) => a - b)
}

/**
 * Photos still due in a section, in playback order. The start photo is cleared by any start photo logged for
 * the section; the k-th random point by the k-th random photo logged for it (the player stops at each point).
 */
export async function duePhotos(
  ctx: Scoped,
  userId: number,
  owner: GoodsInfo,
  section: Pick<SectionInfo, 'sectionId' | 'durationSeconds'>,
): Promise<PhotoDue[]> {
  if (!owner.photoAtStart && owner.photoRandomCount <= 0) return []
  const logs = await ctx.db
    .select({ scene: photoLog.scene, n: sql<number>`count(*)` })
    .from(photoLog)
    .where(
      ctx.scope.where(
        photoLog,
        eq(photoLog.userId, userId),
        eq(photoLog.goodsId, owner.id),
        eq(photoLog.sectionId, section.sectionId),
      ),
    )
    .groupBy(photoLog.scene)
  const logged = (scene: string) => Number(logs.find((l) => l.scene === scene)?.n ?? 0)
  const due: PhotoDue[] = []
  if (owner.photoAtStart && logged('start') === 0) due.push({ scene: 'start', position: 0 })
  const points = photoPoints(
    ctx.scope.tenantId,
    userId,
    section.sectionId,
    owner.photoRandomCount,
    section.durationSeconds,
  )
  for (const position of points.slice(logged('random'))) due.push({ scene: 'random', position })
  return due
}
