/**
 * Question-bank calls: banks, chapters, papers, questions, attempts (records), favourites, wrong book,
 * statistics. Semantics and the offline answer contract: docs/DECISIONS.md "Question bank".
 *
 * Attempt lifecycle (what the pages follow):
 * 1. `startRecord({ scope, mode, ... })` (or `startPaper(paperId)`) returns the attempt: `recordId`, the
 *    questions in order and the answers already saved. Starting the same unfinished mode + scope again
 *    RESUMES it (`resumed: true`); random practice is always a fresh draw. `record(id)` re-reads it
 *    (questionBankContinue).
 * 2. Every answer is saved as it is given: `saveAnswers(recordId, [{ questionId, ques, answeredAt }])`
 *    (quiet). Keep unsent answers on the device and re-send them when the network returns: the call is
 *    idempotent and order-tolerant (an answer older than the stored one is ignored). `answeredAt` is the
 *    device time in Unix seconds (fraction = ms): `answeredAtNow()`.
 * 3. `submitRecord(recordId, pendingAnswers)` scores on the server (never send a score) and returns the
 *    report; submitting again returns the same report. Saving (without final) after submit answers code
 *    BANK_CODE.recordSubmitted (611): drop those answers.
 */
import type { RouteData, RouteInput } from '../../../contract/types'
import { type CallOptions, call } from '../../services/api/call'

export {
  BANK_CODE,
  DAILY_COUNT,
  PREVIEW_QUESTIONS,
  QUESTION_TYPE,
  RANDOM_COUNT,
  RECORD_MODES,
  RECORD_SCOPES,
} from '../../../contract/schemas/bank-codes'
// The calls the tab pages make live in ./tabs (the weapp main package); re-exported for the other pages.
export {
  bankQuestionNum,
  doNum,
  freePapers,
  freePapersOfGoods,
  myBanks,
  records,
  wrongNum,
} from '../../services/api/tabs'

type Body<K extends Parameters<typeof call>[0]> = RouteInput<K> extends { body: infer B } ? B : never
type Query<K extends Parameters<typeof call>[0]> = RouteInput<K> extends { query: infer Q } ? Q : never

export type Bank = RouteData<'GET /app/common/bank/list'>[number]
export type MyBank = RouteData<'GET /goods/bank/list'>[number]
export type BankChapter = RouteData<'GET /app/common/bank/chapter/list'>[number]
export type Paper = RouteData<'GET /app/common/bank/exam/list'>[number]
export type Question = RouteData<'GET /app/common/bank/question/list'>['rows'][number]
export type QuestionList = RouteData<'GET /app/common/bank/question/list'>
export type RecordDetail = RouteData<'GET /bank/record/:id'>
export type RecordSummary = RouteData<'GET /exam/record/list'>['rows'][number]
export type SavedAnswer = RecordDetail['answers'][number]
export type ScoreReportWire = NonNullable<RecordDetail['report']>
export type EditResult = RouteData<'POST /bank/record/edit'>
export type StartRecord = Body<'POST /bank/record'>
export type AnswerIn = Body<'POST /bank/record/edit'>['answers'] extends (infer A)[] | undefined ? A : never
export type Ques = AnswerIn['ques']
export type Stats = RouteData<'GET /exam/record/count'>
export type TrendDay = RouteData<'GET /exam/record/group_list'>[number]
export type WrongRow = RouteData<'GET /exam/wwrong/record/list'>['rows'][number]
export type WrongQuestion = RouteData<'GET /exam/wwrong/record/type_question_list'>[number]
export type CollectRow = RouteData<'GET /collect/question/list'>['rows'][number]
export type ChapterDone = RouteData<'GET /study/record/menuAllList'>[number]
export type PaperDone = RouteData<'GET /exam/paper/list'>[number]
export type GoodsBanks = RouteData<'GET /bank/question/listGoodsUserQuestion'>[number]

/** The device time for `answeredAt`: Unix seconds with milliseconds as the fraction. */
export const answeredAtNow = () => Date.now() / 1000

// ---- public ----

/** Banks of a goods; without goodsId the banks of every free bank goods. */
export function banks(goodsId?: number, opts?: CallOptions) {
  return call('GET /app/common/bank/list', { query: goodsId ? { goodsId } : {} }, opts)
}

export function bankChapters(bankId: number, opts?: CallOptions) {
  return call('GET /app/common/bank/chapter/list', { query: { bankId } }, opts)
}

export function bankPapers(bankId: number, opts?: CallOptions) {
  return call('GET /app/common/bank/exam/list', { query: { bankId } }, opts)
}

/**
 * Questions of a chapter or a paper. A logged-in owner (the token is sent when present), a free bank or a
 * free paper gets answers; anyone else a preview without answers (`preview: true`).
 */
export function bankQuestions(query: { chapterId?: number; paperId?: number }, opts?: CallOptions) {
  return call('GET /app/common/bank/question/list', { query }, { noToken: false, ...opts })
}

/** Questions by id (at most 100), same answer rule. */
export function questionsByIds(ids: number[], opts?: CallOptions) {
  return call('GET /app/common/bank/question/temp/list', { query: { ids: ids.join(',') } }, { noToken: false, ...opts })
}

// ---- the learner's banks ----

export function bankDoList(goodsId?: number, opts?: CallOptions) {
  return call('GET /goods/bank/dolist', { query: goodsId ? { goodsId } : {} }, opts)
}

export function chapterDoList(bankId: number, opts?: CallOptions) {
  return call('GET /goods/chapter/dolist', { query: { bankId } }, opts)
}

export function paperDoList(bankId: number, opts?: CallOptions) {
  return call('GET /goods/exam/dolist', { query: { bankId } }, opts)
}

export function goodsPapers(goodsId: number, opts?: CallOptions) {
  return call('POST /goods/rel/exam', { body: { goodsId } }, opts)
}

export function myBankGoods(opts?: CallOptions) {
  return call('GET /bank/question/listGoodsUserQuestion', {}, opts)
}

export function freeBankGoods(opts?: CallOptions) {
  return call('GET /bank/question/listFreeGoodsList', {}, opts)
}

export function freeAndOwnedBankGoods(opts?: CallOptions) {
  return call('GET /bank/question/listUserFreeUnionBuyGoodsList', {}, opts)
}

/** Chapters of a bank with the learner's done / right counts. */
export function chapterMenu(bankId: number, opts?: CallOptions) {
  return call('GET /study/record/menuAllList', { query: { bankId } }, opts)
}

export function chapterMenuWithPapers(bankId: number, opts?: CallOptions) {
  return call('GET /study/record/menuAllListWithExam', { query: { bankId } }, opts)
}

export function specialQuestions(query: Query<'GET /course/special/question/list'>, opts?: CallOptions) {
  return call('GET /course/special/question/list', { query }, opts)
}

export function specialCount(bankId: number, opts?: CallOptions) {
  return call('GET /course/special/question/count', { query: { bankId } }, opts)
}

export function beforeKnow(opts?: CallOptions) {
  return call('GET /apply/before/know', {}, opts)
}

// ---- attempts ----

/** Start or resume an attempt (scope chapter | paper | daily | random | wrong | collect | special). */
export function startRecord(body: StartRecord, opts?: CallOptions) {
  return call('POST /bank/record', { body }, opts)
}

/** Start or resume a paper attempt (test mode by default). */
export function startPaper(paperId: number, mode: 'practice' | 'test' | 'memorise' = 'test', opts?: CallOptions) {
  return call('POST /exam/record', { body: { paperId, mode } }, opts)
}

/** The attempt with saved answers; once submitted also the report, answers and analysis. */
export function record(recordId: number, opts?: CallOptions) {
  return call('GET /bank/record/:id', { params: { id: recordId } }, opts)
}

/** Save answers quietly (no loading mask, no toast): idempotent, older answers are ignored. */
export function saveAnswers(recordId: number, answers: AnswerIn[], opts?: CallOptions) {
  return call(
    'POST /bank/record/edit',
    { body: { recordId, answers, final: false } },
    { noLoading: true, silent: true, ...opts },
  )
}

/** Submit (with any answers not yet sent): the server scores; a second submit returns the same report. */
export function submitRecord(recordId: number, answers: AnswerIn[] = [], opts?: CallOptions) {
  return call('POST /bank/record/edit', { body: { recordId, answers, final: true } }, opts)
}

export function checkUnfinished(query: Query<'GET /bank/record/check/bank/record'>, opts?: CallOptions) {
  return call('GET /bank/record/check/bank/record', { query }, opts)
}

/** Paper attempts, newest first. */
export function paperRecords(query: Query<'GET /exam/record/list'> = {}, opts?: CallOptions) {
  return call('GET /exam/record/list', { query }, opts)
}

export function papersWithResults(bankId: number, opts?: CallOptions) {
  return call('GET /exam/paper/list', { query: { bankId } }, opts)
}

export function rightList(recordId: number, opts?: CallOptions) {
  return call('GET /exam/record/right_list', { query: { recordId } }, opts)
}

export function wrongList(recordId: number, opts?: CallOptions) {
  return call('GET /exam/record/wrong_list', { query: { recordId } }, opts)
}

/** Statistics: done, right rate per chapter and per type, time spent. */
export function statistics(bankId?: number, opts?: CallOptions) {
  return call('GET /exam/record/count', { query: bankId ? { bankId } : {} }, opts)
}

/** Trend per day (default 30 days, oldest first). */
export function trend(query: Query<'GET /exam/record/group_list'> = {}, opts?: CallOptions) {
  return call('GET /exam/record/group_list', { query }, opts)
}

// ---- favourites ----

export function collect(questionId: number, opts?: CallOptions) {
  return call('POST /collect/question', { body: { questionId } }, opts)
}

export function uncollect(questionId: number, opts?: CallOptions) {
  return call('POST /collect/question/delete/:id', { params: { id: questionId } }, opts)
}

export function collectInfo(questionId: number, opts?: CallOptions) {
  return call('GET /collect/question/getInfo', { query: { questionId } }, opts)
}

export function collectTypes(bankId?: number, opts?: CallOptions) {
  return call('GET /collect/question/type_list', { query: bankId ? { bankId } : {} }, opts)
}

export function collectGroups(bankId?: number, opts?: CallOptions) {
  return call('GET /collect/question/exam_list', { query: bankId ? { bankId } : {} }, opts)
}

export function collectQuestions(query: Query<'GET /collect/question/exam_question_list'> = {}, opts?: CallOptions) {
  return call('GET /collect/question/exam_question_list', { query }, opts)
}

export function collectList(query: Query<'GET /collect/question/list'> = {}, opts?: CallOptions) {
  return call('GET /collect/question/list', { query }, opts)
}

// ---- wrong book ----

export function addWrong(questionId: number, opts?: CallOptions) {
  return call('POST /exam/wwrong/record', { body: { questionId } }, opts)
}

/** A review answer outside an attempt: updates the FSRS schedule (right -> Good, wrong -> Again). */
export function reviewWrong(questionId: number, ques: Ques, answeredAt = answeredAtNow(), opts?: CallOptions) {
  return call('POST /exam/wwrong/record', { body: { questionId, ques, answeredAt } }, opts)
}

export function removeWrong(questionIds: number[], opts?: CallOptions) {
  return call('POST /exam/wwrong/record/delete/question', { body: { questionIds } }, opts)
}

/** The wrong book, due today first. */
export function wrongBook(query: Query<'GET /exam/wwrong/record/list'> = {}, opts?: CallOptions) {
  return call('GET /exam/wwrong/record/list', { query }, opts)
}

export function wrongTypes(bankId?: number, opts?: CallOptions) {
  return call('GET /exam/wwrong/record/type_list', { query: bankId ? { bankId } : {} }, opts)
}

export function wrongTypeQuestions(type: number, bankId?: number, opts?: CallOptions) {
  return call('GET /exam/wwrong/record/type_question_list', { query: { type, ...(bankId ? { bankId } : {}) } }, opts)
}

export function wrongChapterQuestions(
  query: Query<'GET /exam/wwrong/record/exam_question_list'> = {},
  opts?: CallOptions,
) {
  return call('GET /exam/wwrong/record/exam_question_list', { query }, opts)
}
