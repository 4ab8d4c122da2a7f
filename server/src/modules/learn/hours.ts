/**
 * Study hours rebuilt from the accepted intervals (docs/DECISIONS.md "Course extras"). A section's stored progress
 * (coverage, credited seconds, status, furthest) is what its accepted `study_interval` rows give when replayed in
 * the order they were accepted, with the same arithmetic as the progress report (learn/core.ts mergeCoverage,
 * creditOf, isFinished). `status` compares the two without writing; `rebuild` writes the difference in one
 * transaction under the learner's report lock, so a report cannot land in the middle. Running it twice changes
 * nothing the second time.
 */
import { asc, eq, inArray, sql } from 'drizzle-orm'
import { SECTION_STATUS } from '../../../../contract/schemas/learn-codes'
import type { Db } from '../../db'
import { studyInterval, studyProgress } from '../../db/schema'
import { type Handlers, requireUser } from '../../http/core'
import {
  type CourseTree,
  type Coverage,
  coveredSeconds,
  creditOf,
  grantedTreeWithProgress,
  isFinished,
  mergeCoverage,
  type ProgressRow,
  progressKey,
  progressOfTree,
  round3,
  type Scoped,
  type SectionInfo,
  summarize,
} from './core'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** What one section's progress should be according to its accepted intervals. */
interface Expected {
  ownerId: number
  section: SectionInfo
  status: number
  creditedSeconds: number
  coverage: Coverage
  furthest: number
  /** where the last accepted interval ended (a new row resumes there) */
  lastEnd: number
  finishedAt: Date | null
}

/** The sections of the tree with the goods (owner) their progress is stored under. */
function ownedSections(tree: CourseTree) {
  const owner = new Map(tree.courses.map((c) => [c.courseId, c.ownerId]))
  return tree.sections.flatMap((s) => {
    const ownerId = owner.get(s.courseId)
    return ownerId === undefined ? [] : [{ ownerId, section: s }]
  })
}

/** Replays the learner's accepted intervals of the tree's sections. */
async function expectedOf(ctx: Scoped, userId: number, tree: CourseTree): Promise<Map<string, Expected>> {
  const list = ownedSections(tree)
  const out = new Map<string, Expected>()
  if (list.length === 0) return out
  const rows = await ctx.db
    .select({
      goodsId: studyInterval.goodsId,
      sectionId: studyInterval.sectionId,
      start: studyInterval.startPosition,
      end: studyInterval.endPosition,
      wallEnd: studyInterval.wallEnd,
    })
    .from(studyInterval)
    .where(
      ctx.scope.where(
        studyInterval,
        eq(studyInterval.userId, userId),
        eq(studyInterval.accepted, true),
        inArray(studyInterval.goodsId, [...tree.owners.keys()]),
        inArray(
          studyInterval.sectionId,
          list.map((x) => x.section.sectionId),
        ),
      ),
    )
    .orderBy(asc(studyInterval.wallEnd), asc(studyInterval.id))
  for (const { ownerId, section } of list) {
    const key = progressKey(ownerId, section.sectionId)
    const duration = section.durationSeconds
    let coverage: Coverage = []
    let furthest = 0
    let lastEnd = 0
    let finishedAt: Date | null = null
    for (const r of rows) {
      if (r.goodsId !== ownerId || r.sectionId !== section.sectionId) continue
      coverage = mergeCoverage(coverage, r.start, r.end, duration)
      furthest = Math.max(furthest, Math.min(r.end, duration))
      lastEnd = Math.min(r.end, duration)
      if (!finishedAt && isFinished(coveredSeconds(coverage), duration)) finishedAt = r.wallEnd
    }
    const covered = coveredSeconds(coverage)
    const any = coverage.length > 0
    out.set(key, {
      ownerId,
      section,
      status: finishedAt ? SECTION_STATUS.finished : any ? SECTION_STATUS.learning : SECTION_STATUS.notStarted,
      creditedSeconds: Math.min(creditOf(covered), duration),
      coverage,
      furthest: round3(furthest),
      lastEnd: round3(lastEnd),
      finishedAt,
    })
  }
  return out
}

const sameCoverage = (a: Coverage, b: Coverage) =>
  a.length === b.length && a.every(([s, e], i) => Math.abs(s - b[i]![0]) < 0.002 && Math.abs(e - b[i]![1]) < 0.002)

/** A stored row (or none) differs from what its intervals give. No row and no intervals is the same. */
function differs(p: ProgressRow | undefined, e: Expected) {
  if (!p) return e.coverage.length > 0
  return (
    p.status !== e.status ||
    p.creditedSeconds !== e.creditedSeconds ||
    Math.abs(p.furthest - e.furthest) > 0.002 ||
    !sameCoverage((p.coverage ?? []) as Coverage, e.coverage)
  )
}

/** The progress map a summary of the intervals' numbers reads (only the fields summarize looks at are real). */
function expectedMap(expected: Map<string, Expected>) {
  const map = new Map<string, ProgressRow>()
  for (const [key, e] of expected)
    if (e.coverage.length > 0)
      map.set(key, { status: e.status, creditedSeconds: e.creditedSeconds } as unknown as ProgressRow)
  return map
}

const totals = (tree: CourseTree, map: Map<string, ProgressRow>) => {
  const s = summarize(tree, map, tree.sections)
  return {
    sectionNum: s.sectionNum,
    finishedSectionNum: s.finishedSectionNum,
    totalSeconds: s.totalSeconds,
    creditedSeconds: s.creditedSeconds,
    percent: s.percent,
  }
}

/** Stored numbers, interval numbers and the sections that differ (no writes). */
export async function rebuildStatus(ctx: Scoped, userId: number, tree: CourseTree, stored: Map<string, ProgressRow>) {
  const expected = await expectedOf(ctx, userId, tree)
  const stale = [...expected].filter(([key, e]) => differs(stored.get(key), e)).length
  return {
    goodsId: tree.goods.id,
    stale: stale > 0,
    staleSectionNum: stale,
    stored: totals(tree, stored),
    fromIntervals: totals(tree, expectedMap(expected)),
  }
}

/** Rewrites every section's progress of the tree from its intervals, in one transaction under the report lock. */
export async function rebuild(ctx: Scoped, userId: number, tree: CourseTree) {
  return ctx.db.transaction(async (tx: Tx) => {
    const t: Scoped = { db: tx as unknown as Db, scope: ctx.scope }
    // the same lock as every progress report of the learner (learn/play.ts): no report lands half way
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`learn:${ctx.scope.tenantId}:${userId}`}, 0))`)
    const before = await progressOfTree(t, userId, tree)
    const expected = await expectedOf(t, userId, tree)
    let changed = 0
    const now = new Date()
    for (const [key, e] of expected) {
      const p = before.get(key)
      if (!differs(p, e)) continue
      changed++
      const values = {
        status: e.status,
        creditedSeconds: e.creditedSeconds,
        coverage: e.coverage,
        furthest: e.furthest,
        finishedAt: e.status === SECTION_STATUS.finished ? (p?.finishedAt ?? e.finishedAt) : null,
        updatedAt: now,
      }
      if (p) {
        const duration = e.section.durationSeconds
        await tx
          .update(studyProgress)
          .set({ ...values, position: round3(Math.max(0, Math.min(p.position, duration))) })
          .where(ctx.scope.where(studyProgress, eq(studyProgress.id, p.id)))
      } else
        await tx.insert(studyProgress).values(
          ctx.scope.row({
            userId,
            goodsId: e.ownerId,
            courseId: e.section.courseId,
            sectionId: e.section.sectionId,
            position: e.status === SECTION_STATUS.finished ? 0 : e.lastEnd,
            ...values,
          }),
        )
    }
    const after = await progressOfTree(t, userId, tree)
    return {
      goodsId: tree.goods.id,
      changedSectionNum: changed,
      before: totals(tree, before),
      after: totals(tree, after),
    }
  })
}

export const handlers: Handlers = {
  'GET /course/goodsRebuildStatus': async (ctx, { query }) => {
    const { userId } = requireUser(ctx)
    const { tree, map } = await grantedTreeWithProgress(ctx, userId, query.goodsId)
    return rebuildStatus(ctx, userId, tree, map)
  },

  'POST /course/period/rebuild': async (ctx, { body }) => {
    const { userId } = requireUser(ctx)
    const { tree } = await grantedTreeWithProgress(ctx, userId, body.goodsId)
    return rebuild(ctx, userId, tree)
  },
}
