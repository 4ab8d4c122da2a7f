/** My courses with progress, last / today's study, hours (学时) and abnormal reports. */
import { count, desc, eq, gte, inArray, type SQL, sql } from 'drizzle-orm'
import { toInt } from '../../db'
import { course, courseSection, goods, studyInterval, studyProgress, userFirstChoice } from '../../db/schema'
import { type Data, type Handlers, requireUser, toSeconds } from '../../http/core'
import { liveHoursByGoods, liveSecondsSince } from '../live/watch'
import {
  type CourseTree,
  courseTree,
  courseView,
  goodsByIds,
  goodsFamily,
  grantedTreeWithProgress,
  grantsOf,
  notFound,
  progressFor,
  progressOfTree,
  type Scoped,
  sectionView,
  settingsOf,
  startOfDay,
  summarize,
} from './core'

/** Study rows (progress joined with section, course and goods) on the wire, newest first. */
async function lastStudyRows(ctx: Scoped, userId: number, where?: SQL, limit = 1) {
  const rows = await ctx.db
    .select({
      goodsId: studyProgress.goodsId,
      goodsName: goods.name,
      courseId: studyProgress.courseId,
      courseName: course.name,
      chapterId: courseSection.chapterId,
      sectionId: studyProgress.sectionId,
      sectionName: courseSection.name,
      durationSeconds: courseSection.durationSeconds,
      position: studyProgress.position,
      furthest: studyProgress.furthest,
      status: studyProgress.status,
      updatedAt: studyProgress.updatedAt,
    })
    .from(studyProgress)
    .innerJoin(courseSection, eq(courseSection.id, studyProgress.sectionId))
    .innerJoin(course, eq(course.id, studyProgress.courseId))
    .innerJoin(goods, eq(goods.id, studyProgress.goodsId))
    .where(ctx.scope.where(studyProgress, eq(studyProgress.userId, userId), where))
    .orderBy(desc(studyProgress.updatedAt), desc(studyProgress.id))
    .limit(limit)
  return rows.map(({ updatedAt, ...r }) => ({ ...r, studyTime: toSeconds(updatedAt) }))
}

/** The goods' course tree with the learner's progress (404 / not entitled as goodsById and requireGrant). */
const treeFor = (ctx: Scoped, userId: number, goodsId: number) => grantedTreeWithProgress(ctx, userId, goodsId)

function courseIn(tree: CourseTree, courseId: number) {
  const c = tree.courses.find((x) => x.courseId === courseId)
  if (!c) throw notFound('course')
  return c
}

function chaptersView(tree: CourseTree, map: Awaited<ReturnType<typeof progressOfTree>>, courseId: number) {
  return tree.chapters
    .filter((ch) => ch.courseId === courseId)
    .map((ch) => {
      const sections = tree.sections.filter((s) => s.chapterId === ch.chapterId)
      const sum = summarize(tree, map, sections)
      return {
        chapterId: ch.chapterId,
        chapterName: ch.chapterName,
        courseId: ch.courseId,
        sort: ch.sort,
        sectionNum: sum.sectionNum,
        finishedSectionNum: sum.finishedSectionNum,
        sectionList: sections.map((s) => sectionView(s, progressFor(tree, map, s))),
      }
    })
}

/** The course goods the learner holds (or studied): owners of progress, not packages. */
async function studiedGoods(ctx: Scoped, userId: number) {
  const grants = await grantsOf(ctx, userId)
  const studied = await ctx.db
    .selectDistinct({ goodsId: studyProgress.goodsId })
    .from(studyProgress)
    .where(ctx.scope.where(studyProgress, eq(studyProgress.userId, userId)))
  const ids = [...new Set([...grants.keys(), ...studied.map((s) => s.goodsId)])]
  return (await goodsByIds(ctx, ids)).filter((g) => g.goodsType !== 4 && g.goodsType !== 2)
}

export const handlers: Handlers = {
  'GET /course/goodsList': async (ctx, { query }) => {
    const { userId } = requireUser(ctx)
    const grants = await grantsOf(ctx, userId)
    const candidates = (await goodsByIds(ctx, [...grants.keys()])).filter((g) => g.goodsType === 1 || g.goodsType === 4)
    const [choice] = await ctx.db
      .select({ goodsId: userFirstChoice.goodsId })
      .from(userFirstChoice)
      .where(ctx.scope.where(userFirstChoice, eq(userFirstChoice.userId, userId)))
    const rows: Data<'GET /course/goodsList'>['rows'] = []
    for (const g of candidates) {
      const tree = await courseTree(ctx, g)
      if (tree.courses.length === 0) continue
      const map = await progressOfTree(ctx, userId, tree)
      const last = Math.max(0, ...[...map.values()].map((p) => p.updatedAt.getTime()))
      const expiresAt = grants.get(g.id)?.expiresAt ?? null
      rows.push({
        goodsId: g.id,
        goodsName: g.name,
        cover: g.cover,
        goodsType: g.goodsType,
        courseNum: tree.courses.length,
        ...summarize(tree, map, tree.sections),
        lastStudyTime: last > 0 ? Math.floor(last / 1000) : null,
        expireTime: expiresAt ? toSeconds(expiresAt) : null,
        firstChoice: g.id === choice?.goodsId,
      })
    }
    // the learner's first choice (pages3/preference) first, then most recently studied, then never-studied
    rows.sort(
      (a, b) => Number(b.firstChoice) - Number(a.firstChoice) || (b.lastStudyTime ?? 0) - (a.lastStudyTime ?? 0),
    )
    const start = (query.pageNum - 1) * query.pageSize
    return { rows: rows.slice(start, start + query.pageSize), total: rows.length }
  },

  'GET /course/courseList': async (ctx, { query }) => {
    const { userId } = requireUser(ctx)
    const { tree, map } = await treeFor(ctx, userId, query.goodsId)
    return tree.courses.map((c) => courseView(tree, map, c))
  },

  'GET /course/:id': async (ctx, { params, query }) => {
    const { userId } = requireUser(ctx)
    const { tree, map } = await treeFor(ctx, userId, query.goodsId)
    const c = courseIn(tree, params.id)
    const owner = tree.owners.get(c.ownerId)!
    return {
      ...courseView(tree, map, c),
      intro: c.intro,
      goodsId: tree.goods.id,
      goodsName: tree.goods.name,
      settings: settingsOf(owner),
    }
  },

  'GET /course/menuList': async (ctx, { query }) => {
    const { userId } = requireUser(ctx)
    const { tree, map } = await treeFor(ctx, userId, query.goodsId)
    return chaptersView(tree, map, courseIn(tree, query.courseId).courseId)
  },

  'GET /course/chapterList': async (ctx, { query }) => {
    const { userId } = requireUser(ctx)
    const { tree, map } = await treeFor(ctx, userId, query.goodsId)
    return chaptersView(tree, map, courseIn(tree, query.courseId).courseId).map(({ sectionList: _s, ...c }) => c)
  },

  'GET /course/sectionList': async (ctx, { query }) => {
    const { userId } = requireUser(ctx)
    const { tree, map } = await treeFor(ctx, userId, query.goodsId)
    if (!tree.chapters.some((ch) => ch.chapterId === query.chapterId)) throw notFound('chapter')
    return tree.sections
      .filter((s) => s.chapterId === query.chapterId)
      .map((s) => sectionView(s, progressFor(tree, map, s)))
  },

  'GET /goods/todayStudySectionNum': async (ctx) => {
    const { userId } = requireUser(ctx)
    const today = await ctx.db
      .select({
        goodsId: studyInterval.goodsId,
        sectionId: studyInterval.sectionId,
        seconds: sql<number>`sum(${studyInterval.creditedSeconds})`,
      })
      .from(studyInterval)
      .where(
        ctx.scope.where(
          studyInterval,
          eq(studyInterval.userId, userId),
          eq(studyInterval.accepted, true),
          gte(studyInterval.wallEnd, startOfDay(new Date())),
        ),
      )
      .groupBy(studyInterval.goodsId, studyInterval.sectionId)
    // live classes and their playback count like video (modules/live/watch.ts)
    const live = await liveSecondsSince(ctx, userId, startOfDay(new Date()))
    const seconds = today.reduce((s, r) => s + Number(r.seconds ?? 0), 0) + live
    const sections =
      today.length === 0
        ? []
        : await lastStudyRows(
            ctx,
            userId,
            sql`(${studyProgress.goodsId}, ${studyProgress.sectionId}) in (${sql.join(
              today.map((r) => sql`(${r.goodsId}::integer, ${r.sectionId}::integer)`),
              sql`, `,
            )})`,
            100,
          )
    return { sectionNum: today.length, seconds: Math.round(seconds), sections }
  },

  'GET /study/record/last': async (ctx, { query }) => {
    const { userId } = requireUser(ctx)
    const where = query.goodsId ? inArray(studyProgress.goodsId, await goodsFamily(ctx, query.goodsId)) : undefined
    const [row] = await lastStudyRows(ctx, userId, where)
    return row ?? null
  },

  'GET /course/period/listGoods': async (ctx) => {
    const { userId } = requireUser(ctx)
    const since = startOfDay(new Date())
    const out = []
    const studied = await studiedGoods(ctx, userId)
    // the live sessions of a goods' rooms count like its sections (modules/live/watch.ts)
    const live = await liveHoursByGoods(
      ctx,
      userId,
      studied.map((g) => g.id),
      since,
    )
    for (const g of studied) {
      const tree = await courseTree(ctx, g)
      const lh = live.get(g.id) ?? { totalSeconds: 0, creditedSeconds: 0, todaySeconds: 0 }
      if (tree.courses.length === 0 && lh.totalSeconds === 0) continue
      const map = await progressOfTree(ctx, userId, tree)
      const [[today], [abnormal]] = await Promise.all([
        ctx.db
          .select({ s: sql<number>`coalesce(sum(${studyInterval.creditedSeconds}), 0)` })
          .from(studyInterval)
          .where(
            ctx.scope.where(
              studyInterval,
              eq(studyInterval.userId, userId),
              eq(studyInterval.goodsId, g.id),
              eq(studyInterval.accepted, true),
              gte(studyInterval.wallEnd, since),
            ),
          ),
        ctx.db
          .select({ n: count() })
          .from(studyInterval)
          .where(
            ctx.scope.where(
              studyInterval,
              eq(studyInterval.userId, userId),
              eq(studyInterval.goodsId, g.id),
              eq(studyInterval.accepted, false),
            ),
          ),
      ])
      const sum = summarize(tree, map, tree.sections)
      out.push({
        goodsId: g.id,
        goodsName: g.name,
        totalSeconds: sum.totalSeconds + lh.totalSeconds,
        creditedSeconds: sum.creditedSeconds + lh.creditedSeconds,
        todaySeconds: Math.round(Number(today?.s ?? 0)) + lh.todaySeconds,
        sectionNum: sum.sectionNum,
        finishedSectionNum: sum.finishedSectionNum,
        abnormalNum: toInt(abnormal?.n),
      })
    }
    return out
  },

  'GET /course/period/cheat': async (ctx, { query }) => {
    const { userId } = requireUser(ctx)
    const where = ctx.scope.where(
      studyInterval,
      eq(studyInterval.userId, userId),
      eq(studyInterval.accepted, false),
      query.goodsId ? inArray(studyInterval.goodsId, await goodsFamily(ctx, query.goodsId)) : undefined,
    )
    const [rows, [total]] = await Promise.all([
      ctx.db
        .select({
          id: studyInterval.id,
          goodsId: studyInterval.goodsId,
          sectionId: studyInterval.sectionId,
          sectionName: courseSection.name,
          kind: studyInterval.abnormalKind,
          startPosition: studyInterval.startPosition,
          endPosition: studyInterval.endPosition,
          createdAt: studyInterval.createdAt,
        })
        .from(studyInterval)
        .innerJoin(courseSection, eq(courseSection.id, studyInterval.sectionId))
        .where(where)
        .orderBy(desc(studyInterval.id))
        .limit(query.pageSize)
        .offset((query.pageNum - 1) * query.pageSize),
      ctx.db.select({ n: count() }).from(studyInterval).where(where),
    ])
    return {
      rows: rows.map(({ createdAt, kind, ...r }) => ({ ...r, kind: kind ?? '', createTime: toSeconds(createdAt) })),
      total: toInt(total?.n),
    }
  },
}
