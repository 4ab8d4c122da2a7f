/**
 * Study plan calls (/system/plan*): my plans, the goods to plan, one plan with its days, the seven days from today,
 * a calendar range, create, edit and delete. What was done is derived by the server from real study and practice;
 * the app never sends it. Semantics: docs/DECISIONS.md "Study plans".
 */
import type { RouteData, RouteInput } from '../../../contract/types'
import { type CallOptions, call } from '../../services/api/call'

export {
  addDays,
  chinaToday,
  daysBetween,
  PLAN_KINDS,
  PLAN_LIMITS,
  PLAN_STATUS,
  PLAN_TARGET,
  PLAN_UNITS,
  PLAN_UNITS_OF,
  type PlanDayState,
  type PlanKind,
  type PlanStatus,
  type PlanUnit,
  weekdayOf,
} from '../../../contract/schemas/plan-codes'

type Body<K extends Parameters<typeof call>[0]> = RouteInput<K> extends { body: infer B } ? B : never

export type Plan = RouteData<'GET /system/plan/list'>['rows'][number]
export type PlanItem = Plan['items'][number]
export type PlanDetail = RouteData<'GET /system/plan/inFo'>
export type PlanDetailDay = PlanDetail['days'][number]
export type PlanDay = RouteData<'GET /system/plan/userPlanSeven'>[number]
export type PlanDayItem = PlanDay['items'][number]
export type PlanGoods = RouteData<'GET /system/plan/listGoods'>[number]
export type PlanInput = Body<'POST /system/plan'>
export type PlanItemInput = PlanInput['items'][number]

export function myPlans(q: { pageNum: number; pageSize: number; status?: Plan['status'] }, opts?: CallOptions) {
  return call('GET /system/plan/list', { query: q }, opts)
}

export function planSeven(opts?: CallOptions) {
  return call('GET /system/plan/userPlanSeven', undefined, opts)
}

/** The days of [startDate, endDate] (YYYY-MM-DD, at most PLAN_LIMITS.listRangeMaxDays days). */
export function planCalendar(startDate: string, endDate: string, opts?: CallOptions) {
  return call('POST /system/plan/listPlan', { body: { startDate, endDate } }, opts)
}

/** `goodsId`: an existing plan's goods, listed even when it came inside a package the learner holds. */
export function planGoods(goodsId?: number, opts?: CallOptions) {
  return call('GET /system/plan/listGoods', { query: goodsId ? { goodsId } : {} }, opts)
}

export function planInfo(id: number, opts?: CallOptions) {
  return call('GET /system/plan/inFo', { query: { id } }, opts)
}

export function createPlan(body: PlanInput, opts?: CallOptions) {
  return call('POST /system/plan', { body }, opts)
}

/** The whole plan again (items replaced). */
export function editPlan(id: number, body: PlanInput, opts?: CallOptions) {
  return call('POST /system/plan/edit', { body: { ...body, id } }, opts)
}

export function deletePlan(id: number, opts?: CallOptions) {
  return call('POST /system/plan/edit', { body: { id, delete: true } }, opts)
}
