/**
 * Question bank building blocks: access (entitlements / free goods / free papers), question rows on the
 * wire (answers only where the learner has the right), scoring through shared/rules/scoring.ts, day
 * boundaries (China Standard Time) and time spent.
 */
import { asc, eq, gt, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm'
import { BANK_CODE } from '../../../../contract/schemas/bank-codes'
import { DEADLINE_GRACE_SECONDS, EXAM_CODE } from '../../../../contract/schemas/exam-codes'
import { SECTION_STATUS } from '../../../../contract/schemas/learn-codes'
import { type ExamQuestion, type QuestionScore, round2, scoreQuestion } from '../../../../shared/rules/scoring'
import { answerGaps } from '../../../../shared/rules/time-spent'
import {
  bank,
  bankChapter,
  bankRecord,
  courseSection,
  exam,
  goods,
  paper,
  paperQuestion,
  question,
  type StoredSubQuestion,
} from '../../db/schema'
import { AppError, type Scoped } from '../../http/core'
import { entitledGoodsIds } from '../order/entitlement'

export type { Scoped }

export const MAX_ID = 2_147_483_647
export const notFound = (what: string) => new AppError(404, `${what} not found`)
export const notEntitled = () =>
  new AppError(BANK_CODE.notEntitled, 'this question bank is not yours: buy the goods to practise it')

// ---- days (the product's learners are in China: day boundaries in UTC+8) ----
const TZ_MS = 8 * 3600 * 1000
const DAY_MS = 24 * 3600 * 1000
/** YYYY-MM-DD of a time in UTC+8 */
export const dayOf = (d: Date) => new Date(d.getTime() + TZ_MS).toISOString().slice(0, 10)
/** the first instant of the next day (UTC+8) after `d` */
export const endOfDay = (d: Date) => new Date(Math.floor((d.getTime() + TZ_MS) / DAY_MS + 1) * DAY_MS - TZ_MS)
export const secondsOf = (d: Date) => d.getTime() / 1000

// ---- access ----
export interface BankInfo {
  bankId: number
  bankName: string
  goodsId: number
  goodsName: string
  goodsCover: string
  isFree: boolean
  sort: number
}

export async function banksWhere(ctx: Scoped, where?: SQL): Promise<BankInfo[]> {
  return ctx.db
    .select({
      bankId: bank.id,
      bankName: bank.name,
      goodsId: bank.goodsId,
      goodsName: goods.name,
      goodsCover: goods.cover,
      isFree: sql<boolean>`${goods.price} = 0`,
      sort: bank.sort,
    })
    .from(bank)
    .innerJoin(goods, eq(goods.id, bank.goodsId))
    .where(ctx.scope.where(bank, eq(bank.status, 1), where))
    .orderBy(asc(bank.sort), asc(bank.id))
    .then((rows) => rows.map((r) => ({ ...r, isFree: Boolean(r.isFree) })))
}

export async function bankById(ctx: Scoped, bankId: number): Promise<BankInfo> {
  if (bankId > MAX_ID) throw notFound('bank')
  const [b] = await banksWhere(ctx, eq(bank.id, bankId))
  if (!b) throw notFound('bank')
  return b
}

// ---- exam integrity (docs/DECISIONS.md "Exams", integrity) ----

/**
 * The learner's open timed attempts (formal or mock exam, not submitted, deadline + grace not passed): their ids
 * and the questions they hold. While one is open no reply to that learner carries those questions' answers,
 * explanations or grades.
 */
export interface ExamSeal {
  recordIds: Set<number>
  questionIds: Set<number>
}

export const NO_SEAL: ExamSeal = { recordIds: new Set(), questionIds: new Set() }

/** Where-clause of the learner's open timed attempts (examSeal). */
function sealWhere(ctx: Scoped, userId: number, now: Date) {
  const cutoff = new Date(now.getTime() - DEADLINE_GRACE_SECONDS * 1000)
  return ctx.scope.where(
    bankRecord,
    eq(bankRecord.userId, userId),
    isNotNull(bankRecord.examId),
    isNull(bankRecord.submittedAt),
    or(isNull(bankRecord.deadlineAt), gt(bankRecord.deadlineAt, cutoff)),
  )
}

export async function examSeal(ctx: Scoped, userId: number | undefined, now = new Date()): Promise<ExamSeal> {
  if (!userId) return NO_SEAL
  const rows = await ctx.db
    .select({ id: bankRecord.id, ids: bankRecord.questionIds })
    .from(bankRecord)
    .where(sealWhere(ctx, userId, now))
  if (rows.length === 0) return NO_SEAL
  return { recordIds: new Set(rows.map((r) => r.id)), questionIds: new Set(rows.flatMap((r) => r.ids)) }
}

/** The question ids of examSeal as a column (an int array, null when none): folds the seal into another query. */
export const sealedQuestionsColumn = (ctx: Scoped, userId: number, now = new Date()) =>
  sql<
    number[] | null
  >`(select array_agg(q) from ${bankRecord}, unnest(${bankRecord.questionIds}) as q where ${sealWhere(ctx, userId, now)})`

export const examInProgress = () =>
  new AppError(
    EXAM_CODE.examInProgress,
    'an exam is in progress: practice and reports with its questions open again after you submit',
  )

/**
 * Another attempt (practice, an earlier exam) holding a sealed question is not shown while the exam is open: its
 * answers, grades and report would tell the exam's answers.
 */
export function assertNotSealed(seal: ExamSeal, r: { id: number; questionIds: number[] }): void {
  if (seal.questionIds.size === 0 || seal.recordIds.has(r.id)) return
  if (r.questionIds.some((id) => seal.questionIds.has(id))) throw examInProgress()
}

/** Papers an exam uses whose exam has not closed: they are not listed for practice nor practisable. */
export async function examPaperIds(ctx: Scoped, now = new Date()): Promise<Set<number>> {
  const rows = await ctx.db
    .selectDistinct({ paperId: exam.paperId })
    .from(exam)
    .where(ctx.scope.where(exam, or(isNull(exam.closeAt), gt(exam.closeAt, now))))
  return new Set(rows.map((r) => r.paperId))
}

/** Subquery: the questions of papers an unclosed exam uses (never shown before the exam closes: live pushes too). */
export function examQuestionIds(ctx: Scoped, now = new Date()) {
  return ctx.db
    .selectDistinct({ id: paperQuestion.questionId })
    .from(paperQuestion)
    .where(
      ctx.scope.where(
        paperQuestion,
        inArray(
          paperQuestion.paperId,
          ctx.db
            .select({ id: exam.paperId })
            .from(exam)
            .where(ctx.scope.where(exam, or(isNull(exam.closeAt), gt(exam.closeAt, now)))),
        ),
      ),
    )
}

export async function assertPractisablePaper(ctx: Scoped, paperId: number): Promise<void> {
  if ((await examPaperIds(ctx)).has(paperId))
    throw new AppError(
      EXAM_CODE.examInProgress,
      'this paper is an exam paper: it opens for practice after the exam closes',
    )
}

/**
 * A section's test (course_section.test_paper_id) opens once its lesson is finished: true when the paper is some
 * section's test and the learner (anonymous: nobody) has finished none of those sections. One query.
 */
export async function sectionTestLocked(ctx: Scoped, userId: number | undefined, paperId: number): Promise<boolean> {
  const rows = await ctx.db
    .select({
      done: userId
        ? // "course_section"."id" spelled out: drizzle leaves the columns of a one-table select unqualified
          sql<boolean>`exists (select 1 from study_progress p where p.tenant_id = ${ctx.scope.tenantId}
            and p.user_id = ${userId} and p.section_id = "course_section"."id"
            and p.status = ${SECTION_STATUS.finished})`
        : sql<boolean>`false`,
    })
    .from(courseSection)
    .where(ctx.scope.where(courseSection, eq(courseSection.testPaperId, paperId)))
  return rows.length > 0 && !rows.some((r) => r.done)
}

/** What a learner (or an anonymous visitor) may open. */
export class Access {
  constructor(
    readonly userId: number | undefined,
    private readonly owned: Set<number>,
    /** questions of the learner's open exam attempts: never shown with answers */
    readonly seal: ExamSeal = NO_SEAL,
  ) {}
  static async of(ctx: Scoped, userId: number | undefined): Promise<Access> {
    if (!userId) return new Access(userId, new Set())
    const [owned, seal] = await Promise.all([entitledGoodsIds(ctx, userId), examSeal(ctx, userId)])
    return new Access(userId, new Set(owned), seal)
  }
  /** the answer of this question may go out (the learner has the right and no open exam holds it) */
  shows(questionId: number, right: boolean) {
    return right && !this.seal.questionIds.has(questionId)
  }
  ownsGoods(goodsId: number) {
    return this.owned.has(goodsId)
  }
  /** free bank, or a bank whose goods the learner holds an active entitlement to */
  canPractise(b: Pick<BankInfo, 'goodsId' | 'isFree'>) {
    return b.isFree || (this.userId !== undefined && this.owned.has(b.goodsId))
  }
  /** every bank the learner may practise */
  async banks(ctx: Scoped, bankId?: number): Promise<BankInfo[]> {
    const all = await banksWhere(ctx, bankId ? eq(bank.id, bankId) : undefined)
    return all.filter((b) => this.canPractise(b))
  }
}

/** Questions that appear in a free paper (their answers are open). */
export async function inFreePapers(ctx: Scoped, questionIds: number[]): Promise<Set<number>> {
  if (questionIds.length === 0) return new Set()
  const rows = await ctx.db
    .selectDistinct({ questionId: paperQuestion.questionId })
    .from(paperQuestion)
    .innerJoin(paper, eq(paper.id, paperQuestion.paperId))
    .where(ctx.scope.where(paperQuestion, inArray(paperQuestion.questionId, questionIds), eq(paper.free, true)))
  return new Set(rows.map((r) => r.questionId))
}

/** Ids of the given questions whose answers the learner may see (free / owned bank, or in a free paper). */
export async function answerRights(ctx: Scoped, access: Access, rows: QuestionRow[]): Promise<Set<number>> {
  const bankIds = [...new Set(rows.map((r) => r.bankId))]
  const banks = bankIds.length > 0 ? await banksWhere(ctx, inArray(bank.id, bankIds)) : []
  const open = new Set(banks.filter((b) => access.canPractise(b)).map((b) => b.bankId))
  const rest = rows.filter((r) => !open.has(r.bankId)).map((r) => r.id)
  const free = await inFreePapers(ctx, rest)
  return new Set(rows.filter((r) => open.has(r.bankId) || free.has(r.id)).map((r) => r.id))
}

// ---- questions ----
export type QuestionRow = typeof question.$inferSelect
export type QType = 1 | 2 | 3 | 4 | 5
export const asType = (n: number) => (n >= 1 && n <= 5 ? n : 1) as QType

export function subQuestionsOf(q: Pick<QuestionRow, 'type' | 'jsonStr'>): StoredSubQuestion[] {
  if (q.type !== 4 || !q.jsonStr) return []
  try {
    const v = JSON.parse(q.jsonStr) as unknown
    return Array.isArray(v) ? (v as StoredSubQuestion[]) : []
  } catch {
    return []
  }
}

/** A question on the wire; `withAnswer` false blanks ans / analysis (also of sub-questions). */
export function questionView(q: QuestionRow, withAnswer: boolean) {
  return {
    questionId: q.id,
    bankId: q.bankId,
    chapterId: q.chapterId,
    type: asType(q.type),
    title: q.title,
    optionsList: q.optionsList ?? [],
    score: q.score,
    partScore: q.partScore,
    difficulty: q.difficulty,
    subQuestions: subQuestionsOf(q).map((s) => ({
      type: s.type,
      title: s.title ?? '',
      optionsList: s.optionsList ?? [],
      score: s.score,
      partScore: s.partScore ?? null,
      ans: withAnswer ? s.ans : null,
      analysis: withAnswer ? (s.analysis ?? '') : null,
    })),
    ans: withAnswer ? q.ans : null,
    analysis: withAnswer ? q.analysis : null,
    sort: q.sort,
  }
}
export type QuestionView = ReturnType<typeof questionView>

/** Questions by id, in the order given (missing ids skipped). */
export async function questionsByIds(ctx: Scoped, ids: number[]): Promise<QuestionRow[]> {
  const safe = ids.filter((i) => i > 0 && i <= MAX_ID)
  if (safe.length === 0) return []
  const rows = await ctx.db
    .select()
    .from(question)
    .where(ctx.scope.where(question, inArray(question.id, safe)))
  const byId = new Map(rows.map((r) => [r.id, r]))
  return safe.map((i) => byId.get(i)).filter((r): r is QuestionRow => r !== undefined)
}

export async function chapterById(ctx: Scoped, chapterId: number) {
  if (chapterId > MAX_ID) throw notFound('chapter')
  const [c] = await ctx.db
    .select()
    .from(bankChapter)
    .where(ctx.scope.where(bankChapter, eq(bankChapter.id, chapterId)))
  if (!c) throw notFound('chapter')
  return c
}

export async function paperById(ctx: Scoped, paperId: number) {
  if (paperId > MAX_ID) throw notFound('paper')
  const [p] = await ctx.db
    .select()
    .from(paper)
    .where(ctx.scope.where(paper, eq(paper.id, paperId)))
  if (!p) throw notFound('paper')
  return p
}

export async function chapterQuestionIds(ctx: Scoped, chapterId: number): Promise<number[]> {
  const rows = await ctx.db
    .select({ id: question.id })
    .from(question)
    .where(ctx.scope.where(question, eq(question.chapterId, chapterId)))
    .orderBy(asc(question.sort), asc(question.id))
  return rows.map((r) => r.id)
}

export async function paperQuestionIds(ctx: Scoped, paperId: number): Promise<number[]> {
  const rows = await ctx.db
    .select({ id: paperQuestion.questionId })
    .from(paperQuestion)
    .where(ctx.scope.where(paperQuestion, eq(paperQuestion.paperId, paperId)))
    .orderBy(asc(paperQuestion.sort), asc(paperQuestion.id))
  return rows.map((r) => r.id)
}

// ---- answers and scoring ----
export type Ques = string | string[] | { text: string; imageList: string[] } | null

/** The learner's wire answer as the scoring module's ExamQuestion (composite answers go into jsonStr). */
/** What grading reads of a question: its type, key, scores and sub-questions (not its text). */
export type GradingRow = Pick<QuestionRow, 'id' | 'type' | 'ans' | 'score' | 'partScore' | 'jsonStr'>

/**
 * The grading columns of questions by id, in the given order (one query): a submit of 100 answers needs only
 * these, and decoding 100 titles, options and analyses in PGlite was a fifth of its time.
 */
export async function gradingRowsByIds(ctx: Scoped, ids: number[]): Promise<GradingRow[]> {
  const safe = ids.filter((i) => i > 0 && i <= MAX_ID)
  if (safe.length === 0) return []
  const rows = await ctx.db
    .select({
      id: question.id,
      type: question.type,
      ans: question.ans,
      score: question.score,
      partScore: question.partScore,
      jsonStr: question.jsonStr,
    })
    .from(question)
    .where(ctx.scope.where(question, inArray(question.id, safe)))
  const byId = new Map(rows.map((r) => [r.id, r]))
  return safe.map((i) => byId.get(i)).filter((r): r is GradingRow => r !== undefined)
}

export function toExamQuestion(q: GradingRow, ques: Ques | undefined): ExamQuestion {
  const type = asType(q.type)
  const base = { questionId: q.id, type, score: q.score, partScore: q.partScore ?? undefined, ans: q.ans }
  if (type === 4) {
    const answers = Array.isArray(ques) ? ques : []
    const subs = subQuestionsOf(q).map((s, i) => ({
      type: s.type,
      score: s.score,
      partScore: s.partScore,
      ans: s.ans,
      ques: answers[i] ?? null,
    }))
    return { ...base, ques: null, jsonStr: JSON.stringify(subs) }
  }
  if (type === 5) {
    if (ques && typeof ques === 'object' && !Array.isArray(ques)) return { ...base, ques }
    return { ...base, ques: typeof ques === 'string' ? { text: ques, imageList: [] } : null }
  }
  return { ...base, ques: typeof ques === 'string' ? ques : Array.isArray(ques) ? ques.join(',') : null }
}

export const grade = (q: GradingRow, ques: Ques | undefined): QuestionScore => scoreQuestion(toExamQuestion(q, ques))

/** Graded states that put a question in the wrong book (Again) / count as right (Good). */
export const isWrongState = (s: string | null) => s === 'wrong' || s === 'partial'

/** Seconds spent: gaps between consecutive answers of one attempt (first from its start), each capped (the app's rule too). */
export function gapsOf(startedAt: Date, answeredAt: Date[]): number[] {
  return answerGaps(
    startedAt.getTime() / 1000,
    answeredAt.map((t) => t.getTime() / 1000),
  )
}

export const rate = (right: number, done: number) => (done > 0 ? round2((right / done) * 100) : 0)
