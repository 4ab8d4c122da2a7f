import type { IncomingHttpHeaders } from 'node:http'
import { asc, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm'
import { BANK_CODE } from '../../../../contract/schemas/bank-codes'
import { DEADLINE_GRACE_SECONDS } from '../../../../contract/schemas/exam-codes'
import { type ExamQuestion, round2, scorePaper } from '../../../../shared/rules/scoring'
import { type Db, toInt } from '../../db'
import { bankRecord, recordAnswer } from '../../db/schema'
import { AppError, type TenantScope } from '../../http/core'
import { ownUploads, type UploadCaller } from '../../services/upload/own'
import { issueOnPass } from '../exam/certificates'
import {
  Access,
  assertNotSealed,
  dayOf,
  type ExamSeal,
  examSeal,
  type GradingRow,
  gapsOf,
  grade,
  gradingRowsByIds,
  isWrongState,
  notFound,
  paperById,
  type Ques,
  questionsByIds,
  questionView,
  type Scoped,
  secondsOf,
  toExamQuestion,
} from './core'
import { type Mode, planOf, type Scope, type StartInput } from './draw'
import { reviewMany } from './wrong'

export type { Mode, Scope, StartInput } from './draw'
export type RecordRow = typeof bankRecord.$inferSelect
export type AnswerRow = typeof recordAnswer.$inferSelect

/** The learner's unfinished attempt of a mode and scope key (one at most: the partial unique index). */
export async function openRecord(ctx: Scoped, userId: number, mode: Mode, scopeKey: string) {
  const [row] = await ctx.db
    .select()
    .from(bankRecord)
    .where(
      ctx.scope.where(
        bankRecord,
        eq(bankRecord.userId, userId),
        eq(bankRecord.mode, mode),
        eq(bankRecord.scopeKey, scopeKey),
        isNull(bankRecord.submittedAt),
      ),
    )
    .orderBy(desc(bankRecord.id))
    .limit(1)
  return row
}

/** Start an attempt, or resume the unfinished one of the same mode + scope (random: always new). */
export async function startRecord(ctx: Scoped, userId: number, input: StartInput) {
  const now = new Date()
  const access = await Access.of(ctx, userId)
  const plan = await planOf(ctx, access, userId, input, now)
  if (input.scope !== 'random') {
    const open = await openRecord(ctx, userId, input.mode, plan.scopeKey)
    if (open) return recordDetail(ctx, userId, open, true, access.seal)
  }
  const ids = await plan.ids()
  if (ids.length === 0) throw new AppError(404, `no questions to practise (${input.scope})`)
  const [created] = await ctx.db
    .insert(bankRecord)
    .values(
      ctx.scope.row({
        userId,
        mode: input.mode,
        scope: input.scope,
        scopeKey: plan.scopeKey,
        title: plan.title,
        bankId: plan.bankId,
        chapterId: plan.chapterId,
        paperId: plan.paperId,
        questionIds: ids,
        startedAt: now,
      }),
    )
    .onConflictDoNothing()
    .returning()
  if (created) return recordDetail(ctx, userId, created, false, access.seal)
  // a concurrent start of the same scope won the unique index: resume it
  const open = await openRecord(ctx, userId, input.mode, plan.scopeKey)
  if (!open) throw new AppError(500, 'could not start the attempt')
  return recordDetail(ctx, userId, open, true)
}

// ---- read ----

/** The learner's attempt (404 otherwise). A timed attempt past its deadline + grace is submitted first. */
export async function ownRecord(ctx: Scoped, userId: number, recordId: number): Promise<RecordRow> {
  if (recordId > 2_147_483_647) throw notFound('record')
  const [row] = await ctx.db
    .select()
    .from(bankRecord)
    .where(ctx.scope.where(bankRecord, eq(bankRecord.id, recordId), eq(bankRecord.userId, userId)))
  if (!row) throw notFound('record')
  return closeIfExpired(ctx, userId, row)
}

/** Submits the attempt when it is past its deadline + grace; returns the attempt as it is now. */
export async function closeIfExpired(ctx: Scoped, userId: number, r: RecordRow): Promise<RecordRow> {
  if (!isExpired(r)) return r
  await editRecord(ctx.db, ctx.scope, userId, { recordId: r.id, answers: [], final: true })
  const [row] = await ctx.db
    .select()
    .from(bankRecord)
    .where(ctx.scope.where(bankRecord, eq(bankRecord.id, r.id)))
  return row ?? r
}

/** A timed attempt still open after its deadline + DEADLINE_GRACE_SECONDS: nothing more is saved, it is submitted. */
export const isExpired = (r: RecordRow, now = new Date()) =>
  r.submittedAt === null &&
  r.deadlineAt !== null &&
  now.getTime() > r.deadlineAt.getTime() + DEADLINE_GRACE_SECONDS * 1000

export async function answersOf(ctx: Scoped, recordIds: number[]): Promise<AnswerRow[]> {
  if (recordIds.length === 0) return []
  return ctx.db
    .select()
    .from(recordAnswer)
    .where(ctx.scope.where(recordAnswer, inArray(recordAnswer.recordId, recordIds)))
    .orderBy(asc(recordAnswer.answeredAt))
}

export interface StoredReport {
  reportStatus: 0 | 1
  performance: number
  totalScore: number
  doQuestionNum: number
  doQuestionIds: number[]
  rightQuestionIds: number[]
  rightQuestionNum: number
  questionIds: number[]
  lessQuestionNum: number
  rightRate: number
  totalQuestionNum: number
  passScore: number
  timeSpentSeconds: number
}

export function summaryOf(r: RecordRow, answered: AnswerRow[]) {
  const report = r.report as StoredReport | null
  const last = answered.reduce<Date | null>((m, a) => (!m || a.answeredAt > m ? a.answeredAt : m), null)
  return {
    recordId: r.id,
    mode: r.mode as Mode,
    scope: r.scope as Scope,
    title: r.title,
    bankId: r.bankId,
    chapterId: r.chapterId,
    paperId: r.paperId,
    questionNum: r.questionIds.length,
    answeredNum: answered.length,
    submitted: r.submittedAt !== null,
    startTime: Math.floor(r.startedAt.getTime() / 1000),
    submitTime: r.submittedAt ? Math.floor(r.submittedAt.getTime() / 1000) : null,
    lastAnswerTime: last ? secondsOf(last) : null,
    performance: report?.performance ?? null,
    totalScore: report?.totalScore ?? null,
    rightRate: report?.rightRate ?? null,
    reportStatus: report?.reportStatus ?? null,
    examId: r.examId,
    // exact (fraction = ms): an app counting to it on the server clock reaches zero at or after the real deadline
    // (its clock estimate lags by the reply's travel time), so its time-up submit is recognised (autoSubmitted)
    deadlineTime: r.deadlineAt ? r.deadlineAt.getTime() / 1000 : null,
    autoSubmitted: r.autoSubmitted,
  }
}

/** A page of attempts (newest first) as summaries. */
export async function recordPage(ctx: Scoped, where: SQL, pageNum: number, pageSize: number) {
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(bankRecord)
      .where(where)
      .orderBy(desc(bankRecord.startedAt), desc(bankRecord.id))
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize),
    ctx.db.select({ n: count() }).from(bankRecord).where(where),
  ])
  const answers = await answersOf(
    ctx,
    rows.map((r) => r.id),
  )
  return {
    rows: rows.map((r) =>
      summaryOf(
        r,
        answers.filter((a) => a.recordId === r.id),
      ),
    ),
    total: toInt(total?.n),
  }
}

export const answerView = (a: AnswerRow) => ({
  questionId: a.questionId,
  ques: (a.ques ?? null) as Ques,
  answeredAt: secondsOf(a.answeredAt),
  state: a.state as 'right' | 'partial' | 'wrong' | 'pending' | 'unanswered' | null,
  earned: a.earned,
})

/** Answers are visible in practice / memorise mode (access was checked at start) and once submitted. */
export const answersVisible = (r: RecordRow) => r.submittedAt !== null || r.mode !== 'test'

/** An attempt with its questions and answers; refused (624) when it holds questions of an open exam of the learner. */
export async function recordDetail(ctx: Scoped, userId: number, r: RecordRow, resumed: boolean, seal?: ExamSeal) {
  assertNotSealed(seal ?? (await examSeal(ctx, userId)), r)
  const [qs, answers, suggestedMinutes] = await Promise.all([
    questionsByIds(ctx, r.questionIds),
    answersOf(ctx, [r.id]),
    // a practice paper's time is a suggestion (docs/DECISIONS.md "Bank, paper and player fixes")
    r.scope === 'paper' && r.paperId !== null && r.deadlineAt === null
      ? paperById(ctx, r.paperId).then((p) => p.durationMinutes)
      : null,
  ])
  const visible = answersVisible(r)
  // test mode before submit: never the grade either (it would reveal the answer)
  const hideGrade = !visible
  return {
    ...summaryOf(r, answers),
    resumed,
    suggestedMinutes,
    questions: qs.map((q) => questionView(q, visible)),
    answers: answers.map((a) => ({ ...answerView(a), ...(hideGrade ? { state: null, earned: null } : {}) })),
    report: (r.report as StoredReport | null) ?? null,
  }
}

// ---- save / submit ----

export interface AnswerIn {
  questionId: number
  ques: Ques
  answeredAt: number
}

/**
 * Essay answers name their images by uploads: each must be an image of the learner's own upload (the rule of every
 * upload field, services/upload/own.ts) and is kept as its canonical URL; a 400 naming the answer otherwise. One
 * read per essay answer that has images; every other answer passes untouched.
 */
export async function withOwnEssayImages<B extends { answers: AnswerIn[] }>(
  ctx: UploadCaller,
  userId: number,
  body: B,
  headers: IncomingHttpHeaders,
): Promise<B> {
  if (!body.answers.some((a) => isEssay(a.ques) && a.ques.imageList.length > 0)) return body
  const answers: AnswerIn[] = []
  for (const [i, a] of body.answers.entries()) {
    if (!isEssay(a.ques) || a.ques.imageList.length === 0) answers.push(a)
    else {
      const own = await ownUploads(ctx, userId, a.ques.imageList, `answers.${i}.ques.imageList`, { headers })
      answers.push({ ...a, ques: { ...a.ques, imageList: own.map((u) => u.url) } })
    }
  }
  return { ...body, answers }
}
const isEssay = (q: Ques): q is { text: string; imageList: string[] } =>
  q !== null && typeof q === 'object' && !Array.isArray(q) && Array.isArray(q.imageList)

/** Accept device times up to 5 minutes ahead of the server; later ones are clamped. */
const FUTURE_SLACK_MS = 5 * 60 * 1000

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/**
 * Save answers and/or submit, under a row lock on the attempt. A timed attempt past its deadline + grace saves
 * nothing from this call and is submitted with what is stored (`autoSubmitted`); a submit that arrives after the
 * deadline but within the grace is also marked `autoSubmitted`. `now` is the server clock (tests and the sweep).
 */
export async function editRecord(
  db: Db,
  scope: TenantScope,
  userId: number,
  body: { recordId: number; answers: AnswerIn[]; final: boolean },
  now = new Date(),
) {
  return db.transaction(async (tx: Tx) => {
    const ctx: Scoped = { db: tx as unknown as Db, scope }
    const [r] = await tx
      .select()
      .from(bankRecord)
      .where(scope.where(bankRecord, eq(bankRecord.id, body.recordId), eq(bankRecord.userId, userId)))
      .for('update')
    if (!r) throw notFound('record')
    const empty = { recordId: r.id, saved: 0, ignored: [], results: [], autoSubmitted: r.autoSubmitted }
    if (r.submittedAt) {
      if (body.final) {
        return { ...empty, submitted: true, alreadySubmitted: true, report: r.report as StoredReport }
      }
      throw new AppError(BANK_CODE.recordSubmitted, 'this attempt is already submitted: answers are no longer saved')
    }
    if (isExpired(r, now)) {
      const qRows = new Map((await gradingRowsByIds(ctx, r.questionIds)).map((q) => [q.id, q]))
      // it ended at its deadline: that is its submit time, however late the sweep or a read came
      const report = await submit(ctx, userId, r, qRows, true, r.deadlineAt!)
      return { ...empty, submitted: true, alreadySubmitted: false, report, autoSubmitted: true }
    }
    const late = r.deadlineAt !== null && now.getTime() > r.deadlineAt.getTime()
    const inRecord = new Set(r.questionIds)
    const ignored: { questionId: number; reason: 'older' | 'not_in_record' }[] = []
    // newest answer per question of this batch
    const newest = new Map<number, AnswerIn>()
    const maxAt = now.getTime() + FUTURE_SLACK_MS
    for (const a of body.answers) {
      if (!inRecord.has(a.questionId)) {
        ignored.push({ questionId: a.questionId, reason: 'not_in_record' })
        continue
      }
      const at = { ...a, answeredAt: Math.min(a.answeredAt * 1000, maxAt) / 1000 }
      const cur = newest.get(a.questionId)
      if (!cur) newest.set(a.questionId, at)
      else if (cur.answeredAt < at.answeredAt) {
        newest.set(a.questionId, at)
        ignored.push({ questionId: a.questionId, reason: 'older' })
      } else ignored.push({ questionId: a.questionId, reason: 'older' })
    }
    const batch = [...newest.values()]
    const practice = r.mode === 'practice'
    // a practice grade of a question an open exam holds would tell its answer: stored, not replied
    const seal = practice ? await examSeal(ctx, userId, now) : undefined
    const qRows = new Map(
      (await gradingRowsByIds(ctx, practice || body.final ? r.questionIds : [])).map((q) => [q.id, q]),
    )
    const results: {
      questionId: number
      state: 'right' | 'partial' | 'wrong' | 'pending' | 'unanswered'
      earned: number
    }[] = []
    let saved = 0
    if (batch.length > 0) {
      // practice grades each answer as it comes; a test's final batch is graded now too, so the submit below has
      // nothing left to grade for these answers (one statement less for a paper sent whole)
      const gradeNow = practice || (body.final && r.mode === 'test')
      const values = batch.map((a) => {
        const g = gradeNow ? gradeOf(qRows.get(a.questionId), a.ques) : null
        return scope.row({
          recordId: r.id,
          userId,
          questionId: a.questionId,
          ques: a.ques,
          answeredAt: new Date(Math.round(a.answeredAt * 1000)),
          state: g?.state ?? null,
          earned: g?.earned ?? null,
        })
      })
      // the batch travels as ONE json parameter, not 8 a row: a 100-answer submit binds 1 value instead of 800,
      // which is most of its cost on PGlite (each parameter is encoded on its own)
      const batchJson = JSON.stringify(
        values.map((v) => ({
          question_id: v.questionId,
          ques: v.ques ?? null,
          answered_at: v.answeredAt.toISOString(),
          state: v.state,
          earned: v.earned,
        })),
      )
      // both drivers answer a raw statement with { rows }
      const applied = (
        (await tx.execute(sql`insert into ${recordAnswer}
          (tenant_id, record_id, user_id, question_id, ques, answered_at, state, earned)
          select ${scope.tenantId}::int, ${r.id}::int, ${userId}::int, x.question_id, x.ques, x.answered_at, x.state, x.earned
          from json_to_recordset(${batchJson}::json)
            as x(question_id int, ques jsonb, answered_at timestamptz, state varchar, earned double precision)
          on conflict (tenant_id, record_id, question_id) do update
            set ques = excluded.ques, answered_at = excluded.answered_at, state = excluded.state, earned = excluded.earned
            where ${recordAnswer}.answered_at < excluded.answered_at
          returning question_id`)) as unknown as { rows: { question_id: number }[] }
      ).rows
      const appliedIds = new Set(applied.map((a) => Number(a.question_id)))
      saved = appliedIds.size
      const reviews: { questionId: number; right: boolean; at: Date }[] = []
      for (const v of values) {
        if (!appliedIds.has(v.questionId)) {
          ignored.push({ questionId: v.questionId, reason: 'older' })
          continue
        }
        if (practice && v.state && !seal?.questionIds.has(v.questionId)) {
          results.push({ questionId: v.questionId, state: v.state as 'right', earned: v.earned ?? 0 })
          const r = reviewOf(v.questionId, v.state, v.answeredAt)
          if (r) reviews.push(r)
        }
      }
      await reviewMany(ctx, userId, reviews)
    }
    if (!body.final)
      return { ...empty, saved, ignored, results, submitted: false, alreadySubmitted: false, report: null }
    const report = await submit(ctx, userId, r, qRows, late)
    return {
      recordId: r.id,
      saved,
      ignored,
      results,
      submitted: true,
      alreadySubmitted: false,
      report,
      autoSubmitted: late,
    }
  })
}

const gradeOf = (q: GradingRow | undefined, ques: Ques) => (q ? grade(q, ques) : null)

const reviewOf = (questionId: number, state: string, at: Date) =>
  state === 'right' || isWrongState(state) ? { questionId, right: state === 'right', at } : undefined

/**
 * 用时 of an attempt. A timed attempt (exam, mock) is a sitting: the wall time from its start to its submit,
 * and at most to its deadline (an attempt closed at time-up took its whole time, whenever the last answer was).
 * Practice: the gaps between its answers, each capped (a break is not study).
 */
export function timeSpent(
  r: Pick<RecordRow, 'startedAt' | 'deadlineAt'>,
  submittedAt: Date,
  answers: { answeredAt: Date }[],
) {
  if (r.deadlineAt) {
    const end = Math.min(submittedAt.getTime(), r.deadlineAt.getTime())
    return Math.max(0, Math.round((end - r.startedAt.getTime()) / 1000))
  }
  return Math.round(
    gapsOf(
      r.startedAt,
      answers.map((a) => a.answeredAt),
    ).reduce((s, g) => s + g, 0),
  )
}

async function submit(
  ctx: Scoped,
  userId: number,
  r: RecordRow,
  qRows: Map<number, GradingRow>,
  autoSubmitted: boolean,
  submittedAt = new Date(),
) {
  const answers = await answersOf(ctx, [r.id])
  const byQ = new Map(answers.map((a) => [a.questionId, a]))
  const paperPass = r.paperId ? (await paperById(ctx, r.paperId)).passScore : 0
  const list: ExamQuestion[] = r.questionIds
    .map((id) => qRows.get(id))
    .filter((q): q is GradingRow => q !== undefined)
    .map((q) => toExamQuestion(q, (byQ.get(q.id)?.ques ?? null) as Ques))
  if (list[0]) list[0].passScore = paperPass > 0 ? paperPass : null
  const scored = scorePaper(list)
  const report: StoredReport = {
    ...scored,
    passScore: paperPass > 0 ? paperPass : round2(scored.totalScore * 0.6),
    timeSpentSeconds: timeSpent(r, submittedAt, answers),
  }
  await ctx.db
    .update(bankRecord)
    .set({ submittedAt, report, autoSubmitted })
    .where(ctx.scope.where(bankRecord, eq(bankRecord.id, r.id), isNull(bankRecord.submittedAt)))
  // an exam with certificates: the first pass issues one, in this transaction
  if (r.examId !== null) await issueOnPass(ctx, userId, r, report)
  // test mode: the answers are graded now (statistics and the wrong book); memorise is never graded
  if (r.mode === 'test' && answers.length > 0) {
    const graded = answers.flatMap((a) => {
      const q = qRows.get(a.questionId)
      return q ? [{ a, g: grade(q, (a.ques ?? null) as Ques) }] : []
    })
    // answers saved before the final batch are graded here (those of the final batch were graded on insert)
    const regrade = graded.filter(({ a, g }) => a.state !== g.state || a.earned !== g.earned)
    if (regrade.length > 0) {
      // one json parameter for all the grades (see the answers' insert in editRecord)
      const rows = JSON.stringify(regrade.map(({ a, g }) => ({ id: a.id, state: g.state, earned: g.earned })))
      await ctx.db.execute(
        sql`update ${recordAnswer} set state = v.state, earned = v.earned
          from json_to_recordset(${rows}::json) as v(id int, state varchar, earned double precision)
          where ${recordAnswer.id} = v.id and ${recordAnswer.tenantId} = ${ctx.scope.tenantId}`,
      )
    }
    await reviewMany(
      ctx,
      userId,
      graded.flatMap(({ a, g }) => reviewOf(a.questionId, g.state, a.answeredAt) ?? []),
    )
  }
  return report
}

/** Unfinished attempt of a scope (for "continue where you left off"). */
export async function checkOpen(
  ctx: Scoped,
  userId: number,
  q: { mode: Mode; scope: Scope; bankId?: number; chapterId?: number; paperId?: number },
) {
  const now = new Date()
  const key =
    q.scope === 'chapter'
      ? `chapter:${q.chapterId ?? 0}`
      : q.scope === 'paper'
        ? `paper:${q.paperId ?? 0}`
        : q.scope === 'daily'
          ? `daily:${dayOf(now)}:${q.bankId ?? 0}`
          : `${q.scope}:${q.bankId ?? 0}`
  const open =
    q.scope === 'random' || q.scope === 'special'
      ? (
          await ctx.db
            .select()
            .from(bankRecord)
            .where(
              ctx.scope.where(
                bankRecord,
                eq(bankRecord.userId, userId),
                eq(bankRecord.mode, q.mode),
                eq(bankRecord.scope, q.scope),
                isNull(bankRecord.submittedAt),
                q.bankId ? eq(bankRecord.bankId, q.bankId) : undefined,
              ),
            )
            .orderBy(desc(bankRecord.id))
            .limit(1)
        )[0]
      : await openRecord(ctx, userId, q.mode, key)
  if (!open) return { recordId: null, answeredNum: 0, questionNum: 0 }
  const answers = await answersOf(ctx, [open.id])
  return { recordId: open.id, answeredNum: answers.length, questionNum: open.questionIds.length }
}
