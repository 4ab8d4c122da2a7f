/**
 * Exam rows as the contract's `examRow` (shared by the exam, mock and apply modules): which exams a learner
 * sees, and per exam the paper's size and total, attempts used, best score, pass and the open attempt.
 */
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm'
import type { ExamKind } from '../../../../contract/schemas/exam-codes'
import { toInt } from '../../db'
import { bankRecord, exam, goods, paper, paperQuestion, question } from '../../db/schema'
import { AppError } from '../../http/core'
import { MAX_ID, type Scoped } from '../bank/core'
import { entitledGoodsIds } from '../order/entitlement'
import type { ExamRow } from './eligibility'

const sec = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null)

export function statusOf(e: ExamRow, now = new Date()): 'upcoming' | 'open' | 'closed' {
  if (e.openAt && now < e.openAt) return 'upcoming'
  if (e.closeAt && now >= e.closeAt) return 'closed'
  return 'open'
}

/** Exams of a kind the learner may see: open to all, or tied to a goods the learner holds. Sorted. */
export async function visibleExams(ctx: Scoped, userId: number | null, kind: ExamKind): Promise<ExamRow[]> {
  const owned = userId ? await entitledGoodsIds(ctx, userId) : []
  return ctx.db
    .select()
    .from(exam)
    .where(
      ctx.scope.where(
        exam,
        eq(exam.kind, kind),
        owned.length > 0 ? or(isNull(exam.goodsId), inArray(exam.goodsId, owned)) : isNull(exam.goodsId),
      ),
    )
    .orderBy(asc(exam.sort), asc(exam.id))
}

/** One exam the learner may see (404 for unknown ids, another tenant's, or a goods the learner lacks). */
export async function visibleExam(ctx: Scoped, userId: number, examId: number, kind?: ExamKind): Promise<ExamRow> {
  if (examId > MAX_ID) throw new AppError(404, 'exam not found')
  const [e] = await ctx.db
    .select()
    .from(exam)
    .where(ctx.scope.where(exam, eq(exam.id, examId), kind ? eq(exam.kind, kind) : undefined))
  if (!e) throw new AppError(404, 'exam not found')
  if (e.goodsId) {
    const owned = await entitledGoodsIds(ctx, userId)
    if (!owned.includes(e.goodsId)) throw new AppError(404, 'exam not found')
  }
  return e
}

/** The contract's examRow for each exam, in the given order. */
export async function examRowsOf(ctx: Scoped, userId: number | null, exams: ExamRow[], now = new Date()) {
  if (exams.length === 0) return []
  const paperIds = [...new Set(exams.map((e) => e.paperId))]
  const goodsIds = [...new Set(exams.flatMap((e) => (e.goodsId ? [e.goodsId] : [])))]
  const examIds = exams.map((e) => e.id)
  const [papers, sizes, goodsRows, attempts] = await Promise.all([
    ctx.db
      .select({ id: paper.id, passScore: paper.passScore })
      .from(paper)
      .where(ctx.scope.where(paper, inArray(paper.id, paperIds))),
    ctx.db
      .select({
        paperId: paperQuestion.paperId,
        n: sql<number>`count(*)`,
        total: sql<number>`coalesce(sum(${question.score}), 0)`,
      })
      .from(paperQuestion)
      .innerJoin(question, eq(question.id, paperQuestion.questionId))
      .where(ctx.scope.where(paperQuestion, inArray(paperQuestion.paperId, paperIds)))
      .groupBy(paperQuestion.paperId),
    goodsIds.length
      ? ctx.db
          .select({ id: goods.id, name: goods.name })
          .from(goods)
          .where(ctx.scope.where(goods, inArray(goods.id, goodsIds)))
      : Promise.resolve([] as { id: number; name: string }[]),
    userId
      ? ctx.db
          .select({
            id: bankRecord.id,
            examId: bankRecord.examId,
            submittedAt: bankRecord.submittedAt,
            report: bankRecord.report,
          })
          .from(bankRecord)
          .where(ctx.scope.where(bankRecord, and(eq(bankRecord.userId, userId), inArray(bankRecord.examId, examIds))))
      : Promise.resolve([]),
  ])
  const passOf = new Map(papers.map((p) => [p.id, p.passScore]))
  const sizeOf = new Map(sizes.map((s) => [s.paperId, { n: toInt(s.n), total: Number(s.total) }]))
  const goodsName = new Map(goodsRows.map((g) => [g.id, g.name]))
  return exams.map((e) => {
    const mine = attempts.filter((a) => a.examId === e.id)
    const scores = mine.flatMap((a) => {
      const r = a.report as { performance?: number; reportStatus?: number } | null
      return a.submittedAt && r && typeof r.performance === 'number' ? [r] : []
    })
    const size = sizeOf.get(e.paperId) ?? { n: 0, total: 0 }
    const paperPass = passOf.get(e.paperId) ?? 0
    return {
      examId: e.id,
      kind: e.kind as ExamKind,
      name: e.name,
      goodsId: e.goodsId,
      goodsName: e.goodsId ? (goodsName.get(e.goodsId) ?? '') : '',
      paperId: e.paperId,
      questionNum: size.n,
      totalScore: Math.round(size.total * 100) / 100,
      passScore: paperPass > 0 ? paperPass : Math.round(size.total * 0.6 * 100) / 100,
      durationSeconds: e.durationSeconds,
      maxAttempts: e.maxAttempts,
      attemptsUsed: mine.length,
      openTime: sec(e.openAt),
      closeTime: sec(e.closeAt),
      status: statusOf(e, now),
      requireAppointment: e.requireAppointment,
      certificate: e.certificate,
      bestScore: scores.length ? Math.max(...scores.map((r) => r.performance as number)) : null,
      passed: scores.some((r) => r.reportStatus === 1),
      openRecordId: mine.find((a) => a.submittedAt === null)?.id ?? null,
    }
  })
}
