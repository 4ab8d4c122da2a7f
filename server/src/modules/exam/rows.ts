/**
 * Exam rows as the contract's `examRow` (shared by the exam, mock and apply modules): which exams a learner
 * sees, and per exam the paper's size and total, attempts used, best score, pass and the open attempt.
 */
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm'
import { DEADLINE_GRACE_SECONDS, type ExamKind } from '../../../../contract/schemas/exam-codes'
import { toInt } from '../../db'
import { exam, goods, paper } from '../../db/schema'
import { AppError, keptContent, type Scoped } from '../../http/core'
import { MAX_ID } from '../bank/core'
import { entitledGoodsQuery } from '../order/entitlement'
import type { ExamRow } from './eligibility'

const sec = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null)

export function statusOf(e: ExamRow, now = new Date()): 'upcoming' | 'open' | 'closed' {
  if (e.openAt && now < e.openAt) return 'upcoming'
  if (e.closeAt && now >= e.closeAt) return 'closed'
  return 'open'
}

/** Exams of a kind the learner may see: open to all, or tied to a goods the learner holds. Sorted. One query. */
export async function visibleExams(ctx: Scoped, userId: number | null, kind: ExamKind): Promise<ExamRow[]> {
  return ctx.db
    .select()
    .from(exam)
    .where(
      ctx.scope.where(
        exam,
        eq(exam.kind, kind),
        userId
          ? or(isNull(exam.goodsId), inArray(exam.goodsId, entitledGoodsQuery(ctx, userId)))
          : isNull(exam.goodsId),
      ),
    )
    .orderBy(asc(exam.sort), asc(exam.id))
}

/** One exam the learner may see (404 for unknown ids, another tenant's, or a goods the learner lacks). One query. */
export async function visibleExam(ctx: Scoped, userId: number, examId: number, kind?: ExamKind): Promise<ExamRow> {
  if (examId > MAX_ID) throw new AppError(404, 'exam not found')
  const [e] = await ctx.db
    .select()
    .from(exam)
    .where(
      ctx.scope.where(
        exam,
        eq(exam.id, examId),
        kind ? eq(exam.kind, kind) : undefined,
        or(isNull(exam.goodsId), inArray(exam.goodsId, entitledGoodsQuery(ctx, userId))),
      ),
    )
  if (!e) throw new AppError(404, 'exam not found')
  return e
}

type ExamStats = { passScore: number | null; goodsName: string | null; n: number; total: number }
type AttemptBrief = {
  examId: number
  id: number
  submitted: boolean
  performance: number | null
  reportStatus: number | null
}

/** Per exam of the school: its paper's size, total and pass score, and its goods' name. One query for all. */
async function loadExamStats(ctx: Scoped): Promise<Map<number, ExamStats>> {
  const tenantId = ctx.scope.tenantId
  const rows = await ctx.db
    .select({
      examId: exam.id,
      passScore: paper.passScore,
      goodsName: goods.name,
      n: sql<number>`(select count(*) from paper_question pq join question q on q.id = pq.question_id
        where pq.tenant_id = ${tenantId} and pq.paper_id = "exam"."paper_id")`,
      total: sql<number>`(select coalesce(sum(q.score), 0) from paper_question pq join question q on q.id = pq.question_id
        where pq.tenant_id = ${tenantId} and pq.paper_id = "exam"."paper_id")`,
    })
    .from(exam)
    .leftJoin(paper, and(eq(paper.id, exam.paperId), eq(paper.tenantId, tenantId)))
    .leftJoin(goods, and(eq(goods.id, exam.goodsId), eq(goods.tenantId, tenantId)))
    .where(ctx.scope.where(exam))
  return new Map(
    rows.map((r) => [
      r.examId,
      { passScore: r.passScore, goodsName: r.goodsName, n: toInt(r.n), total: Number(r.total) },
    ]),
  )
}

/**
 * The stats of these exams: the school's, kept (keptContent); read again when one of them is newer than what is
 * kept (an exam added since).
 */
async function examStats(ctx: Scoped, examIds: number[]): Promise<Map<number, ExamStats>> {
  const kept = await keptContent(ctx, 'exam-stats', () => loadExamStats(ctx))
  if (examIds.every((id) => kept.has(id))) return kept
  return loadExamStats(ctx)
}

/**
 * The contract's examRow for each exam, in the given order. The papers' sizes and the goods' names are the school's
 * (examStats, kept); the learner's attempts of these exams and whether one of theirs is past its deadline are ONE
 * query. `expiredOpen`: the learner has an attempt past its deadline + grace that nobody submitted yet (the caller
 * closes it and asks again; the sweep would within a minute).
 */
export async function examRowsAndExpiry(ctx: Scoped, userId: number | null, exams: ExamRow[], now = new Date()) {
  if (exams.length === 0) return { rows: [], expiredOpen: false }
  const tenantId = ctx.scope.tenantId
  const cutoff = new Date(now.getTime() - DEADLINE_GRACE_SECONDS * 1000).toISOString()
  const ids = exams.map((e) => e.id)
  const [statsOf, learner] = await Promise.all([
    examStats(ctx, ids),
    userId
      ? ctx.db
          .execute(
            sql`select
              (select json_agg(json_build_object('examId', r.exam_id, 'id', r.id, 'submitted', r.submitted_at is not null,
                'performance', r.report->'performance', 'reportStatus', r.report->'reportStatus'))
                from bank_record r where r.tenant_id = ${tenantId} and r.user_id = ${userId}
                and r.exam_id in (${sql.join(
                  ids.map((id) => sql`${id}`),
                  sql`, `,
                )})) as attempts,
              exists (select 1 from bank_record r where r.tenant_id = ${tenantId} and r.user_id = ${userId}
                and r.submitted_at is null and r.deadline_at is not null
                and r.deadline_at < ${cutoff}::timestamptz) as expired`,
          )
          // both drivers answer a raw statement with { rows }
          .then((res) => (res as unknown as { rows: { attempts: AttemptBrief[] | null; expired: boolean }[] }).rows[0])
      : undefined,
  ])
  const attemptsOf = new Map<number, AttemptBrief[]>()
  for (const a of learner?.attempts ?? []) {
    const list = attemptsOf.get(Number(a.examId)) ?? []
    list.push(a)
    attemptsOf.set(Number(a.examId), list)
  }
  const rows = exams.map((e) => {
    const st = statsOf.get(e.id)
    const mine = attemptsOf.get(e.id) ?? []
    const scores = mine.flatMap((a) =>
      a.submitted && typeof a.performance === 'number'
        ? [{ performance: a.performance, passed: a.reportStatus === 1 }]
        : [],
    )
    const size = { n: st?.n ?? 0, total: st?.total ?? 0 }
    const paperPass = st?.passScore ?? 0
    return {
      examId: e.id,
      kind: e.kind as ExamKind,
      name: e.name,
      goodsId: e.goodsId,
      goodsName: e.goodsId ? (st?.goodsName ?? '') : '',
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
      bestScore: scores.length ? Math.max(...scores.map((r) => r.performance)) : null,
      passed: scores.some((r) => r.passed),
      openRecordId: mine.find((a) => !a.submitted)?.id ?? null,
    }
  })
  return { rows, expiredOpen: Boolean(learner?.expired) }
}

/** The contract's examRow for each exam, in the given order (one query of the learner's). */
export async function examRowsOf(ctx: Scoped, userId: number | null, exams: ExamRow[], now = new Date()) {
  return (await examRowsAndExpiry(ctx, userId, exams, now)).rows
}
