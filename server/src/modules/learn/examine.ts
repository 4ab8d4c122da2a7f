/**
 * Section tests (随堂测试) and the assessment checklist (考核) of a goods (docs/DECISIONS.md "Course extras").
 * A section test is a paper named on the section (`course_section.test_paper_id`), taken as a paper practice
 * (`POST /exam/record`, scope paper) of the bank the course goods carries; its result is the learner's best
 * submitted attempt. The checklist reads real records only: required courses finished (progress), hours credited
 * against the goods' target (`goods.required_seconds`), section tests passed, and each formal exam of the goods
 * passed (the exam rows of the exam module).
 */
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import { SECTION_STATUS } from '../../../../contract/schemas/learn-codes'
import type { ExamineKey } from '../../../../contract/schemas/learn-course'
import { toInt } from '../../db'
import { bankRecord, courseSection, goods, paper, paperQuestion, question } from '../../db/schema'
import { type Handlers, requireUser } from '../../http/core'
import { type Lang, localize } from '../../http/refusals'
import { examRowsOf, visibleExams } from '../exam/rows'
import {
  type CourseTree,
  courseView,
  goodsFamily,
  grantedTreeWithProgress,
  notFound,
  type ProgressRow,
  percentOf,
  progressFor,
  type Scoped,
  type SectionInfo,
  summarize,
} from './core'

export const testPath = (paperId: number) => `/pages2/bank/questionBankTest?paperId=${paperId}`
const detailsPath = (goodsId: number) => `/pages2/learn/details?goodsId=${goodsId}`
const examPath = (examId: number) => `/pages2/exam/exam_appointment?examId=${examId}`

/** The section tests of some sections of a tree, in menu order, with the learner's best result. */
export async function sectionTests(
  ctx: Scoped,
  userId: number,
  tree: CourseTree,
  map: Map<string, ProgressRow>,
  sections: SectionInfo[],
) {
  if (sections.length === 0) return []
  const tenantId = ctx.scope.tenantId
  const links = await ctx.db
    .select({
      sectionId: courseSection.id,
      paperId: courseSection.testPaperId,
      paperName: paper.name,
      passScore: paper.passScore,
      n: sql<number>`(select count(*) from ${paperQuestion} pq where pq.tenant_id = ${tenantId}
        and pq.paper_id = ${courseSection.testPaperId})`,
      total: sql<number>`(select coalesce(sum(q.score), 0) from ${paperQuestion} pq
        join ${question} q on q.id = pq.question_id where pq.tenant_id = ${tenantId}
        and pq.paper_id = ${courseSection.testPaperId})`,
    })
    .from(courseSection)
    .innerJoin(paper, and(eq(paper.id, courseSection.testPaperId), eq(paper.tenantId, tenantId)))
    .where(
      ctx.scope.where(
        courseSection,
        isNotNull(courseSection.testPaperId),
        inArray(
          courseSection.id,
          sections.map((s) => s.sectionId),
        ),
      ),
    )
  if (links.length === 0) return []
  const paperIds = [...new Set(links.map((l) => l.paperId!))]
  const recs = await ctx.db
    .select({ paperId: bankRecord.paperId, report: bankRecord.report })
    .from(bankRecord)
    .where(
      ctx.scope.where(
        bankRecord,
        eq(bankRecord.userId, userId),
        eq(bankRecord.scope, 'paper'),
        inArray(bankRecord.paperId, paperIds),
        isNotNull(bankRecord.submittedAt),
      ),
    )
  const bySection = new Map(links.map((l) => [l.sectionId, l]))
  return sections.flatMap((s) => {
    const l = bySection.get(s.sectionId)
    if (!l) return []
    const paperId = l.paperId!
    const mine = recs
      .filter((r) => r.paperId === paperId)
      .map((r) => r.report as { performance?: number; reportStatus?: number } | null)
    const scores = mine.flatMap((r) => (r && typeof r.performance === 'number' ? [r.performance] : []))
    const total = Number(l.total ?? 0)
    const p = progressFor(tree, map, s)
    return [
      {
        sectionId: s.sectionId,
        sectionName: s.sectionName,
        chapterId: s.chapterId,
        courseId: s.courseId,
        paperId,
        paperName: l.paperName,
        questionNum: toInt(l.n),
        totalScore: Math.round(total * 100) / 100,
        passScore: l.passScore > 0 ? l.passScore : Math.round(total * 60) / 100,
        sectionFinished: p?.status === SECTION_STATUS.finished,
        attemptNum: mine.length,
        bestScore: scores.length > 0 ? Math.max(...scores) : null,
        passed: mine.some((r) => r?.reportStatus === 1),
        path: testPath(paperId),
      },
    ]
  })
}

const pct = (current: number, target: number) => (target <= 0 ? 100 : Math.min(100, percentOf(current, target)))

/** The assessment checklist of a goods for the learner (the tree and progress are the learner's own). */
export async function examineList(
  ctx: Scoped & { lang?: Lang | null },
  userId: number,
  tree: CourseTree,
  map: Map<string, ProgressRow>,
) {
  const g = tree.goods
  const items: {
    key: ExamineKey
    examId: number | null
    title: string
    done: boolean
    current: number
    target: number
    unit: 'course' | 'second' | 'test' | 'score'
    percent: number
    path: string
  }[] = []
  const required = tree.courses.filter((c) => c.required)
  if (required.length > 0) {
    const finished = required.filter((c) => {
      const v = courseView(tree, map, c)
      return v.sectionNum > 0 && v.finishedSectionNum === v.sectionNum
    }).length
    items.push({
      key: 'courses',
      examId: null,
      title: '完成必修课程',
      done: finished === required.length,
      current: finished,
      target: required.length,
      unit: 'course',
      percent: pct(finished, required.length),
      path: detailsPath(g.id),
    })
  }
  const [target] = await ctx.db
    .select({ s: goods.requiredSeconds })
    .from(goods)
    .where(ctx.scope.where(goods, eq(goods.id, g.id)))
  const needSeconds = target?.s ?? 0
  if (needSeconds > 0) {
    const credited = summarize(tree, map, tree.sections).creditedSeconds
    items.push({
      key: 'hours',
      examId: null,
      title: '学时达标',
      done: credited >= needSeconds,
      current: credited,
      target: needSeconds,
      unit: 'second',
      percent: pct(credited, needSeconds),
      path: detailsPath(g.id),
    })
  }
  const tests = await sectionTests(ctx, userId, tree, map, tree.sections)
  if (tests.length > 0) {
    const passed = tests.filter((x) => x.passed).length
    const next = tests.find((x) => !x.passed)
    items.push({
      key: 'sectionTests',
      examId: null,
      title: '通过随堂测试',
      done: passed === tests.length,
      current: passed,
      target: tests.length,
      unit: 'test',
      percent: pct(passed, tests.length),
      path: next ? next.path : detailsPath(g.id),
    })
  }
  // the formal exams of the goods (a package: of it or of a goods inside)
  const family = new Set(await goodsFamily(ctx, g.id))
  const exams = (await visibleExams(ctx, userId, 'formal')).filter((e) => e.goodsId !== null && family.has(e.goodsId))
  for (const row of await examRowsOf(ctx, userId, exams)) {
    const best = row.bestScore ?? 0
    items.push({
      key: 'exam',
      examId: row.examId,
      title: `通过考试：${row.name}`,
      done: row.passed,
      current: best,
      target: row.passScore,
      unit: 'score',
      percent: row.passed ? 100 : pct(best, row.passScore),
      path: examPath(row.examId),
    })
  }
  return {
    goodsId: g.id,
    allDone: items.every((i) => i.done),
    items: items.map((i) => ({ ...i, title: localize(i.title, ctx.lang) })),
  }
}

/** Section tests of a goods' course or section (404 when the course / section is not the goods'). */
export function sectionsAsked(tree: CourseTree, courseId?: number, sectionId?: number) {
  return tree.sections.filter(
    (s) =>
      (courseId === undefined || s.courseId === courseId) && (sectionId === undefined || s.sectionId === sectionId),
  )
}

export const handlers: Handlers = {
  'GET /course/sectionExamList': async (ctx, { query }) => {
    const { userId } = requireUser(ctx)
    const { tree, map } = await grantedTreeWithProgress(ctx, userId, query.goodsId)
    if (query.courseId !== undefined && !tree.courses.some((c) => c.courseId === query.courseId))
      throw notFound('course')
    if (query.sectionId !== undefined && !tree.sections.some((s) => s.sectionId === query.sectionId))
      throw notFound('section')
    return sectionTests(ctx, userId, tree, map, sectionsAsked(tree, query.courseId, query.sectionId))
  },

  'GET /course/examine/list': async (ctx, { query }) => {
    const { userId } = requireUser(ctx)
    const { tree, map } = await grantedTreeWithProgress(ctx, userId, query.goodsId)
    return examineList(ctx, userId, tree, map)
  },
}
