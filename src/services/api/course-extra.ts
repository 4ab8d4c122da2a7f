/**
 * Course extras (docs/DECISIONS.md "Course extras"): hours rebuilt from the recorded intervals, the player's skip
 * rule, majors, old editions and where they lead, section tests, the assessment checklist (考核), a goods'
 * teachers and the school's learning prompts.
 */
import type { RouteData } from '../../../contract/types'
import { type CallOptions, call } from './call'

export type RebuildStatus = RouteData<'GET /course/goodsRebuildStatus'>
export type Rebuilt = RouteData<'POST /course/period/rebuild'>
export type SkipRule = RouteData<'GET /course/skipPort'>
export type Major = RouteData<'GET /course/major/list'>[number]
export type OldGoods = RouteData<'GET /course/old/goods/list'>[number]
export type OldRedirect = RouteData<'GET /course/old/goods/redirect'>
export type SectionTest = RouteData<'GET /course/sectionExamList'>[number]
export type Examine = RouteData<'GET /course/examine/list'>
export type ExamineItem = Examine['items'][number]
export type GoodsTeacher = RouteData<'GET /goods/course/teacher/list'>[number]
export type Prompt = RouteData<'GET /app/common/prompt'>[number]

/** Does the stored progress of the goods differ from what the recorded intervals give? */
export function rebuildStatus(goodsId: number, opts?: CallOptions) {
  return call('GET /course/goodsRebuildStatus', { query: { goodsId } }, opts)
}

/** Recompute the goods' study hours from the recorded intervals (重新计算学时). */
export function rebuildHours(goodsId: number, opts?: CallOptions) {
  return call('POST /course/period/rebuild', { body: { goodsId } }, opts)
}

/** The skip rule of a goods (and section): may the player seek, and up to where. */
export function skipRule(goodsId: number, sectionId?: number, opts?: CallOptions) {
  return call('GET /course/skipPort', { query: { goodsId, ...(sectionId ? { sectionId } : {}) } }, opts)
}

export function majors(educationTypeId?: number, opts?: CallOptions) {
  return call('GET /course/major/list', { query: educationTypeId ? { educationTypeId } : {} }, opts)
}

export function oldGoods(opts?: CallOptions) {
  return call('GET /course/old/goods/list', {}, opts)
}

/** Where to study a goods the learner holds: the newer edition, the goods itself, or buy the newer edition. */
export function oldGoodsRedirect(goodsId: number, opts?: CallOptions) {
  return call('GET /course/old/goods/redirect', { query: { goodsId } }, opts)
}

export function sectionTests(
  goodsId: number,
  where: { courseId?: number; sectionId?: number } = {},
  opts?: CallOptions,
) {
  return call('GET /course/sectionExamList', { query: { goodsId, ...where } }, opts)
}

/** The assessment checklist of a goods: each item done or not, with its progress. */
export function examineList(goodsId: number, opts?: CallOptions) {
  return call('GET /course/examine/list', { query: { goodsId } }, opts)
}

export function goodsTeachers(goodsId: number, opts?: CallOptions) {
  return call('GET /goods/course/teacher/list', { query: { goodsId } }, opts)
}

/** The school's prompts (学习须知 `study`, 考试须知 `exam`); a goods' own prompt replaces the general one. */
export function prompts(query: { key?: string; goodsId?: number } = {}, opts?: CallOptions) {
  return call('GET /app/common/prompt', { query }, opts)
}
