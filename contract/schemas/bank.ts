/**
 * Question bank: banks (attached to goods of type 2), chapters, papers, questions, attempts (records) with
 * answers saved as they go, server scoring (shared/rules/scoring.ts), favourites, the wrong book (ts-fsrs),
 * daily / random / special practice and statistics. Semantics: docs/DECISIONS.md "Question bank".
 * Times are Unix seconds; `answeredAt` may carry a fraction (milliseconds) so answers order exactly.
 */
import { z } from 'zod'
import type { RouteKey } from '../routes'
import { RECORD_MODES, RECORD_SCOPES } from './bank-codes'
import type { RouteSchema } from './types'

export {
  ANSWER_GAP_CAP_SECONDS,
  BANK_CODE,
  DAILY_COUNT,
  PREVIEW_QUESTIONS,
  QUESTION_TYPE,
  RANDOM_COUNT,
  RECORD_MODES,
  RECORD_SCOPES,
  WRONG_LEAVE_AFTER,
  WRONG_LEAVE_STABILITY,
} from './bank-codes'

const id = z.coerce.number().int().positive().max(2_147_483_647)
const optionalId = z.preprocess((v) => (v === '' ? undefined : v), id.optional())
const int = z.number().int()
const num = z.number()
const pageQuery = {
  pageNum: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
}
const page = <T extends z.ZodType>(row: T) => z.object({ rows: z.array(row), total: int })
const optionalType = z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(5).optional())

export const questionType = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)])
export const recordMode = z.enum(RECORD_MODES)
export const recordScope = z.enum(RECORD_SCOPES)
/** per-question outcome: pending = an answered essay (not machine-marked); null = not graded (memorise, test before submit) */
export const answerState = z.enum(['right', 'partial', 'wrong', 'pending', 'unanswered'])

// ---- catalogue ----
export const bankRow = z.object({
  bankId: int,
  bankName: z.string(),
  goodsId: int,
  goodsName: z.string(),
  /** the goods is free (price 0): open to every logged-in learner */
  isFree: z.boolean(),
  chapterNum: int,
  questionNum: int,
  paperNum: int,
  sort: int,
})
export const myBankRow = bankRow.extend({
  /** active entitlement (or free) */
  owned: z.boolean(),
  /** entitlement expiry; null = no expiry or free */
  expireTime: int.nullable(),
  /** distinct questions of the bank the learner answered (graded) */
  doneNum: int,
  /** of those, the latest answer is right */
  rightNum: int,
})
export const chapterRow = z.object({
  chapterId: int,
  chapterName: z.string(),
  bankId: int,
  questionNum: int,
  sort: int,
})
export const paperRow = z.object({
  paperId: int,
  paperName: z.string(),
  bankId: int,
  /** free paper: open to every logged-in learner (and its questions with answers to anyone) */
  free: z.boolean(),
  questionNum: int,
  totalScore: num,
  passScore: num,
  durationMinutes: int,
  sort: int,
})
export const option = z.object({ label: z.string(), content: z.string() })
export const subQuestion = z.object({
  type: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  title: z.string(),
  optionsList: z.array(option),
  score: num,
  partScore: num.nullable(),
  /** null when the caller may not see answers */
  ans: z.string().nullable(),
  analysis: z.string().nullable(),
})
export const question = z.object({
  questionId: int,
  bankId: int,
  chapterId: int.nullable(),
  type: questionType,
  /** sanitised HTML */
  title: z.string(),
  optionsList: z.array(option),
  score: num,
  /** multiple choice: per chosen correct option when not all are chosen */
  partScore: num.nullable(),
  /** 1 easy, 2 medium, 3 hard */
  difficulty: int,
  /** composite (type 4) only; empty otherwise */
  subQuestions: z.array(subQuestion),
  /** correct answer ("A", "A,C"; essays: reference text); null when the caller may not see answers */
  ans: z.string().nullable(),
  /** explanation; null when the caller may not see answers */
  analysis: z.string().nullable(),
  sort: int,
})
export const questionList = z.object({
  rows: z.array(question),
  /** questions in the chapter / paper (rows may be fewer: a preview) */
  total: int,
  /** true when rows is a preview for a non-owner of a paid bank (PREVIEW_QUESTIONS, no answers) */
  preview: z.boolean(),
  /** ans/analysis are filled */
  withAnswers: z.boolean(),
})

// ---- answers and records ----
/**
 * The learner's answer: letters for types 1-3 ("A", "A,C"; normalised by the server), one string per
 * sub-question for composite (type 4), `{ text, imageList }` for essays (type 5). null clears.
 */
export const ques = z.union([
  z.string().max(4000),
  z.array(z.string().max(200)).max(50),
  z.object({ text: z.string().max(20_000).default(''), imageList: z.array(z.string().max(500)).max(9).default([]) }),
  z.null(),
])
export const answerIn = z.object({
  questionId: id,
  ques,
  /** when the learner answered, Unix seconds (fraction = ms) from the device clock; an older answer never overwrites a newer one */
  answeredAt: z.number().positive().max(1e11),
})
export const savedAnswer = z.object({
  questionId: int,
  ques,
  answeredAt: num,
  /** graded outcome (practice: at save; test: after submit); null = not graded yet / memorise */
  state: answerState.nullable(),
  earned: num.nullable(),
})
export const scoreReport = z.object({
  reportStatus: z.union([z.literal(0), z.literal(1)]),
  performance: num,
  totalScore: num,
  doQuestionNum: int,
  doQuestionIds: z.array(int),
  rightQuestionIds: z.array(int),
  rightQuestionNum: int,
  /** answered, not fully right (wrong or partial) */
  questionIds: z.array(int),
  lessQuestionNum: int,
  rightRate: num,
  totalQuestionNum: int,
  /** pass mark used (first question's passScore, else 60% of totalScore) */
  passScore: num,
  /** from answer gaps, capped per answer (ANSWER_GAP_CAP_SECONDS) */
  timeSpentSeconds: int,
})
export const recordSummary = z.object({
  recordId: int,
  mode: recordMode,
  scope: recordScope,
  title: z.string(),
  bankId: int.nullable(),
  chapterId: int.nullable(),
  paperId: int.nullable(),
  questionNum: int,
  answeredNum: int,
  submitted: z.boolean(),
  startTime: int,
  submitTime: int.nullable(),
  lastAnswerTime: num.nullable(),
  /** submitted only */
  performance: num.nullable(),
  totalScore: num.nullable(),
  rightRate: num.nullable(),
  reportStatus: int.nullable(),
  /** scope exam | mock: the exam sat */
  examId: int.nullable(),
  /** timed attempts: when it ends (server clock, Unix seconds, fraction = ms) */
  deadlineTime: num.nullable(),
  /** submitted because the time ran out (by the app at zero or by the server) */
  autoSubmitted: z.boolean(),
})
export const recordDetail = recordSummary.extend({
  /** true when POST /bank/record resumed an unfinished attempt of the same scope */
  resumed: z.boolean(),
  /**
   * scope paper: the paper's suggested time in minutes. A practice paper is not timed (no deadline, nothing submits
   * by itself); the app shows the time spent next to it. null for every other scope (an exam's limit is deadlineTime).
   */
  suggestedMinutes: int.nullable(),
  /** in attempt order; ans/analysis: practice and memorise modes, and every mode once submitted */
  questions: z.array(question),
  answers: z.array(savedAnswer),
  report: scoreReport.nullable(),
})

const startBody = z
  .object({
    mode: recordMode.default('practice'),
    scope: recordScope,
    bankId: id.optional(),
    chapterId: id.optional(),
    paperId: id.optional(),
    /** special practice: question type / difficulty filter */
    type: z.number().int().min(1).max(5).optional(),
    difficulty: z.number().int().min(1).max(3).optional(),
    /** random / special / wrong / collect: how many (default 20) */
    count: z.number().int().min(1).max(100).optional(),
  })
  .refine((b) => b.scope !== 'chapter' || b.chapterId !== undefined, 'chapterId is required for scope chapter')
  .refine((b) => b.scope !== 'paper' || b.paperId !== undefined, 'paperId is required for scope paper')
  .refine((b) => b.scope !== 'special' || b.bankId !== undefined, 'bankId is required for scope special')
  .refine((b) => b.scope !== 'exam' && b.scope !== 'mock', 'exams start with POST /bank/exam/simulate or /mock/record')

export const editBody = z.object({
  recordId: id,
  /** saved in one go; each kept only when newer than the stored answer of that question */
  answers: z.array(answerIn).max(500).default([]),
  /** submit: the server scores the attempt (answers given here are saved first) */
  final: z.boolean().default(false),
})
export const editResult = z.object({
  recordId: int,
  /** answers stored (new or newer) */
  saved: int,
  /** answers ignored: older than the stored one, or not in the attempt */
  ignored: z.array(z.object({ questionId: int, reason: z.enum(['older', 'not_in_record']) })),
  /** practice mode: the grade of each saved answer (empty in test / memorise) */
  results: z.array(z.object({ questionId: int, state: answerState, earned: num })),
  submitted: z.boolean(),
  /** true when the attempt was already submitted before this call (the stored report is returned) */
  alreadySubmitted: z.boolean(),
  report: scoreReport.nullable(),
  /** the attempt was closed because its time ran out (answers in this call after the grace were not saved) */
  autoSubmitted: z.boolean(),
})

// ---- statistics ----
const rateRow = { doneNum: int, rightNum: int, rightRate: num, answerNum: int }
export const chapterStat = z.object({ chapterId: int, chapterName: z.string(), questionNum: int, ...rateRow })
export const typeStat = z.object({ type: questionType, questionNum: int, ...rateRow })
export const stats = z.object({
  /** distinct questions answered (graded) */
  doneNum: int,
  /** of those, the latest answer is right */
  rightNum: int,
  /** rightNum / doneNum x 100, 2 decimals */
  rightRate: num,
  /** graded answers given (every attempt) */
  answerNum: int,
  timeSpentSeconds: int,
  recordNum: int,
  submittedNum: int,
  byChapter: z.array(chapterStat),
  byType: z.array(typeStat),
})
export const trendDay = z.object({
  /** YYYY-MM-DD (server time zone) */
  date: z.string(),
  answerNum: int,
  rightNum: int,
  rightRate: num,
  timeSpentSeconds: int,
})

// ---- wrong book / favourites ----
export const wrongRow = z.object({
  questionId: int,
  bankId: int,
  chapterId: int.nullable(),
  type: questionType,
  title: z.string(),
  /** next review (Unix seconds) */
  due: int,
  dueToday: z.boolean(),
  reps: int,
  /** FSRS lapses (failures after the card reached review); not the number of wrong answers */
  lapses: int,
  /** how many times the learner answered the question wrong (a question added by hand: 0) */
  wrongTimes: int,
  consecutiveRight: int,
  /** FSRS stability in days */
  stability: num,
  addTime: int,
  lastReviewTime: int.nullable(),
})
export const wrongQuestion = question.extend({ wrong: wrongRow })
export const collectRow = z.object({
  collectId: int,
  questionId: int,
  bankId: int,
  chapterId: int.nullable(),
  type: questionType,
  title: z.string(),
  collectTime: int,
})
const typeCount = z.object({ type: questionType, num: int })

const bankQuery = z.object({ bankId: optionalId })
const goodsBanks = z.object({
  goodsId: int,
  goodsName: z.string(),
  cover: z.string(),
  isFree: z.boolean(),
  owned: z.boolean(),
  expireTime: int.nullable(),
  banks: z.array(myBankRow),
})
const paperDone = paperRow.extend({
  attemptNum: int,
  submittedNum: int,
  bestScore: num.nullable(),
  lastScore: num.nullable(),
  lastSubmitTime: int.nullable(),
  /** an unfinished attempt to continue, or null */
  unfinishedRecordId: int.nullable(),
})
const chapterDone = chapterRow.extend({ doneNum: int, rightNum: int, rightRate: num })

export const bankSchemas = {
  // ---- public ----
  /** banks of a goods (a package: of its goods); without goodsId: banks of every free bank goods */
  'GET /app/common/bank/list': { query: z.object({ goodsId: optionalId }), data: z.array(bankRow) },
  'GET /app/common/bank/chapter/list': { query: z.object({ bankId: id }), data: z.array(chapterRow) },
  /** papers of a bank; without bankId: every free paper (a free paper of any bank, or a paper of a free bank) */
  'GET /app/common/bank/exam/list': { query: z.object({ bankId: optionalId }), data: z.array(paperRow) },
  /**
   * Questions of a chapter or a paper. Answers for: free banks, free papers, owners (send the token).
   * Anyone else: the first PREVIEW_QUESTIONS questions without answers (preview: true).
   */
  'GET /app/common/bank/question/list': {
    query: z
      .object({ chapterId: optionalId, paperId: optionalId })
      .refine((q) => (q.chapterId ? 1 : 0) + (q.paperId ? 1 : 0) === 1, 'give chapterId or paperId'),
    data: questionList,
  },
  /** Questions by id (comma-separated, at most 100): same answer rule per question; unknown ids are skipped */
  'GET /app/common/bank/question/temp/list': {
    query: z.object({
      ids: z
        .string()
        .trim()
        .regex(/^\d{1,10}(,\d{1,10}){0,99}$/, 'ids must be comma-separated question ids (at most 100)'),
    }),
    data: z.array(question),
  },
  /** free papers of a goods (id = goodsId) */
  'GET /app/common/goods/course/moduleFreeExamList/:id': { params: z.object({ id }), data: z.array(paperRow) },

  // ---- the learner's banks ----
  /** owned (active entitlement) + free banks */
  'GET /goods/bank/list': { query: z.object({ goodsId: optionalId }), data: z.array(myBankRow) },
  /** id = bankId */
  'GET /goods/bank/questionNum/:id': {
    params: z.object({ id }),
    data: z.object({
      bankId: int,
      questionNum: int,
      doneNum: int,
      rightNum: int,
      /** in the wrong book now */
      wrongNum: int,
      collectNum: int,
      byType: z.array(typeCount),
    }),
  },
  'GET /goods/bank/dolist': { query: z.object({ goodsId: optionalId }), data: z.array(myBankRow) },
  'GET /goods/chapter/dolist': { query: z.object({ bankId: id }), data: z.array(chapterDone) },
  'GET /goods/exam/dolist': { query: z.object({ bankId: id }), data: z.array(paperDone) },
  /** papers related to a goods (free or gifted), with whether the learner may take each */
  'POST /goods/rel/exam': {
    body: z.object({ goodsId: id }),
    data: z.array(paperRow.extend({ canTake: z.boolean() })),
  },

  // ---- favourites ----
  'POST /collect/question': { body: z.object({ questionId: id }), data: z.object({ collectId: int }) },
  /** id = questionId (idempotent) */
  'POST /collect/question/delete/:id': { params: z.object({ id }), data: z.null() },
  'GET /collect/question/getInfo': {
    query: z.object({ questionId: id }),
    data: z.object({ collected: z.boolean(), collectId: int.nullable() }),
  },
  'GET /collect/question/type_list': { query: bankQuery, data: z.array(typeCount) },
  /** collected questions (full, answers when the learner has access) of a bank / chapter / type */
  'GET /collect/question/exam_question_list': {
    query: z.object({ bankId: optionalId, chapterId: optionalId, type: optionalType }),
    data: z.array(question),
  },
  /** collected counts grouped by bank and chapter */
  'GET /collect/question/exam_list': {
    query: bankQuery,
    data: z.array(
      z.object({ bankId: int, bankName: z.string(), chapterId: int.nullable(), chapterName: z.string(), num: int }),
    ),
  },
  'GET /collect/question/list': {
    query: z.object({ bankId: optionalId, type: optionalType, ...pageQuery }),
    data: page(collectRow),
  },

  // ---- records (attempts) ----
  /** start an attempt, or resume the unfinished one of the same mode + scope (random: always a fresh draw) */
  'POST /bank/record': { body: startBody, data: recordDetail },
  /** save answers (quiet, idempotent, order-tolerant) and/or submit (final: true) */
  'POST /bank/record/edit': { body: editBody, data: editResult },
  'GET /bank/record/:id': { params: z.object({ id }), data: recordDetail },
  'GET /bank/record/doNum': {
    query: bankQuery,
    data: z.object({ doneNum: int, rightNum: int, answerNum: int, todayNum: int }),
  },
  'GET /bank/record/check/bank/record': {
    query: z.object({
      mode: recordMode.default('practice'),
      scope: recordScope,
      bankId: optionalId,
      chapterId: optionalId,
      paperId: optionalId,
    }),
    data: z.object({ recordId: int.nullable(), answeredNum: int, questionNum: int }),
  },
  /** paper attempts (same table as /bank/record): start or resume a paper, test mode by default */
  'POST /exam/record': {
    body: z.object({ paperId: id, mode: recordMode.default('test') }),
    data: recordDetail,
  },
  'POST /exam/record/edit': { body: editBody, data: editResult },
  'GET /exam/record/:id': { params: z.object({ id }), data: recordDetail },
  /** the submitted attempt's right questions (with the learner's answers) */
  'GET /exam/record/right_list': {
    query: z.object({ recordId: id }),
    data: z.array(question.extend({ answer: savedAnswer.nullable() })),
  },
  /** the submitted attempt's wrong / partial questions (with the learner's answers) */
  'GET /exam/record/wrong_list': {
    query: z.object({ recordId: id }),
    data: z.array(question.extend({ answer: savedAnswer.nullable() })),
  },
  /** statistics from every graded answer: done count, right rate per chapter and per type, time spent */
  'GET /exam/record/count': { query: bankQuery, data: stats },
  /** paper attempts (scope paper), newest first */
  'GET /exam/record/list': {
    query: z.object({ bankId: optionalId, paperId: optionalId, ...pageQuery }),
    data: page(recordSummary),
  },
  /** trend: one row per day for the last `days` days (default 30), oldest first */
  'GET /exam/record/group_list': {
    query: z.object({ bankId: optionalId, days: z.coerce.number().int().min(1).max(90).default(30) }),
    data: z.array(trendDay),
  },
  'GET /exam/paper/list': { query: z.object({ bankId: id }), data: z.array(paperDone) },

  // ---- wrong book ----
  /**
   * Without ques: add the question to the wrong book. With ques + answeredAt: a review answer (graded;
   * right -> Good, wrong -> Again; leaves the book after WRONG_LEAVE_AFTER rights in a row with stability >= WRONG_LEAVE_STABILITY days).
   */
  'POST /exam/wwrong/record': {
    body: z.object({ questionId: id, ques: ques.optional(), answeredAt: z.number().positive().max(1e11).optional() }),
    data: z.object({
      questionId: int,
      inBook: z.boolean(),
      state: answerState.nullable(),
      wrong: wrongRow.nullable(),
    }),
  },
  'POST /exam/wwrong/record/delete/question': {
    body: z
      .object({ questionId: id.optional(), questionIds: z.array(id).min(1).max(200).optional() })
      .refine((b) => b.questionId !== undefined || b.questionIds !== undefined, 'give questionId or questionIds'),
    data: z.object({ removed: int }),
  },
  /** the wrong book, due today first (then by due) */
  'GET /exam/wwrong/record/list': {
    query: z.object({
      bankId: optionalId,
      type: optionalType,
      dueOnly: z.preprocess((v) => v === 'true' || v === '1' || v === true, z.boolean()).optional(),
      ...pageQuery,
    }),
    data: page(wrongRow),
  },
  'GET /exam/wwrong/record/type_list': {
    query: bankQuery,
    data: z.array(typeCount.extend({ dueNum: int })),
  },
  'GET /exam/wwrong/record/type_question_list': {
    query: z.object({ bankId: optionalId, type: z.coerce.number().int().min(1).max(5) }),
    data: z.array(wrongQuestion),
  },
  'GET /exam/wwrong/record/exam_question_list': {
    query: z.object({ bankId: optionalId, chapterId: optionalId }),
    data: z.array(wrongQuestion),
  },
  'GET /exam/wwrong/record/wrongNum': {
    query: bankQuery,
    data: z.object({ total: int, dueToday: int }),
  },

  // ---- goods lists of the bank tab ----
  /** the learner's bank goods (active entitlements) with their banks */
  'GET /bank/question/listGoodsUserQuestion': { data: z.array(goodsBanks) },
  /** every attempt (all scopes), newest first */
  'GET /bank/question/record/list': {
    query: z.object({
      bankId: optionalId,
      scope: z.preprocess((v) => (v === '' ? undefined : v), recordScope.optional()),
      ...pageQuery,
    }),
    data: page(recordSummary),
  },
  'GET /bank/question/listFreeGoodsList': { data: z.array(goodsBanks) },
  'GET /bank/question/listUserFreeUnionBuyGoodsList': { data: z.array(goodsBanks) },

  // ---- chapters of a bank for the learner ----
  'GET /study/record/menuAllList': { query: z.object({ bankId: id }), data: z.array(chapterDone) },
  'GET /study/record/menuAllListWithExam': {
    query: z.object({ bankId: id }),
    data: z.object({ chapters: z.array(chapterDone), papers: z.array(paperDone) }),
  },

  // ---- special practice (by type / difficulty) ----
  'GET /course/special/question/list': {
    query: z.object({
      bankId: id,
      type: optionalType,
      difficulty: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(3).optional()),
      ...pageQuery,
    }),
    data: page(question),
  },
  'GET /course/special/question/count': {
    query: z.object({ bankId: id }),
    data: z.object({
      byType: z.array(typeCount),
      byDifficulty: z.array(z.object({ difficulty: int, num: int })),
    }),
  },
  /** the notice a learner reads before practising / applying (tenant config `bank.beforeKnow`, sanitised HTML) */
  'GET /apply/before/know': { data: z.object({ title: z.string(), content: z.string() }) },
} satisfies Partial<Record<RouteKey, RouteSchema>>
