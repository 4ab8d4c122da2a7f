/**
 * The calls the five tab pages make. They sit apart from their domain modules (bank, exam, learn, shop), which
 * re-export them, so the weapp main package carries these few wrappers and not every call of those domains: a
 * module that a tab page imports lands in the main package whole (docs/DECISIONS.md "Weapp main package").
 * Tab pages and what they render import calls from here; subpackage pages keep importing the domain modules.
 */
import type { RouteInput } from '../../../contract/types'
import { type CallOptions, call } from './call'

export { LEARN_CODE, SECTION_STATUS } from '../../../contract/schemas/learn-codes'

type Query<K extends Parameters<typeof call>[0]> = RouteInput<K> extends { query: infer Q } ? Q : never

// ---- shop (course centre, home, information) ----

export function educationTypes(opts?: CallOptions) {
  return call('GET /app/common/course/educationType/list', {}, opts)
}

export function businesses(educationTypeId?: number, opts?: CallOptions) {
  return call('GET /app/common/course/business/list', { query: educationTypeId ? { educationTypeId } : {} }, opts)
}

/** Subjects with status 1 (optionally of one business); each carries projectList. */
export function subjects(businessId?: number, opts?: CallOptions) {
  return call(
    'GET /app/common/course/subject/list',
    { query: { status: 1, ...(businessId ? { businessId } : {}) } },
    opts,
  )
}

export function goodsList(query: Query<'GET /app/common/goods/list'> = {}, opts?: CallOptions) {
  return call('GET /app/common/goods/list', { query }, opts)
}

export function goodsDetail(id: number, opts?: CallOptions) {
  return call('GET /app/common/goods/:id', { params: { id } }, opts)
}

export function checkBuy(goodsId: number, opts?: CallOptions) {
  return call('GET /order/check/buy/:id', { params: { id: goodsId } }, opts)
}

// ---- learning (learn tab, information) ----

export function myCourseGoods(pageNum = 1, pageSize = 10, opts?: CallOptions) {
  return call('GET /course/goodsList', { query: { pageNum, pageSize } }, opts)
}

/** The last section studied (in one goods, or anywhere): continue where you left off. Null = never studied. */
export function lastStudy(goodsId?: number, opts?: CallOptions) {
  return call('GET /study/record/last', { query: goodsId ? { goodsId } : {} }, opts)
}

/** Sections studied today (learn tab). */
export function todayStudy(opts?: CallOptions) {
  return call('GET /goods/todayStudySectionNum', undefined, opts)
}

export function goodsHandouts(goodsId: number, opts?: CallOptions) {
  return call('GET /course/handouts/listByGoods', { query: { goodsId } }, opts)
}

/** A signed URL for a handout the learner owns. */
export function handoutFile(handoutId: number, opts?: CallOptions) {
  return call('GET /course/handouts/file/detail', { query: { handoutId } }, opts)
}

/** A free handout, for anyone. */
export function freeHandoutFile(handoutId: number, opts?: CallOptions) {
  return call('GET /app/common/course/handouts/file/detail', { query: { handoutId } }, opts)
}

export function handoutTips(opts?: CallOptions) {
  return call('GET /base/handout/tip/list', undefined, opts)
}

export function markHandoutTip(goodsId: number, opts?: CallOptions) {
  return call('POST /base/handout/tip', { body: { goodsId } }, { noLoading: true, ...opts })
}

// ---- question bank tab ----

/** Every free paper of the school: a free paper of any bank (a paid bank's too) or a paper of a free bank. */
export function freePapers(opts?: CallOptions) {
  return call('GET /app/common/bank/exam/list', { query: {} }, opts)
}

/** Free papers of a goods. */
export function freePapersOfGoods(goodsId: number, opts?: CallOptions) {
  return call('GET /app/common/goods/course/moduleFreeExamList/:id', { params: { id: goodsId } }, opts)
}

/** Owned + free banks with done / right counts. */
export function myBanks(goodsId?: number, opts?: CallOptions) {
  return call('GET /goods/bank/list', { query: goodsId ? { goodsId } : {} }, opts)
}

export function bankQuestionNum(bankId: number, opts?: CallOptions) {
  return call('GET /goods/bank/questionNum/:id', { params: { id: bankId } }, opts)
}

export function doNum(bankId?: number, opts?: CallOptions) {
  return call('GET /bank/record/doNum', { query: bankId ? { bankId } : {} }, opts)
}

/** Every attempt, newest first (question_record_list). */
export function records(query: Query<'GET /bank/question/record/list'> = {}, opts?: CallOptions) {
  return call('GET /bank/question/record/list', { query }, opts)
}

export function wrongNum(bankId?: number, opts?: CallOptions) {
  return call('GET /exam/wwrong/record/wrongNum', { query: bankId ? { bankId } : {} }, opts)
}

// ---- exams (learn tab) ----

export function recentExamAppointment(opts?: CallOptions) {
  return call('GET /user/subscribe/recentExam', undefined, opts)
}

// ---- the school (My account's 关于我们) ----

/** The school's public profile: name, logo, address, hotline, email, introduction. */
export function schoolInfo(opts?: CallOptions) {
  return call('GET /school/info/getInfo', {}, opts)
}
