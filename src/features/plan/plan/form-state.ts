/**
 * The plan form's state and its checks (the same rules the server enforces: contract/schemas/plan.ts), without
 * Taro: the create and edit pages share it, and a unit test can read it.
 */

import type { PlanDetail, PlanGoods, PlanInput } from '@/features/plan/api'
import {
  addDays,
  chinaToday,
  daysBetween,
  PLAN_LIMITS,
  PLAN_TARGET,
  PLAN_UNITS_OF,
  type PlanKind,
  type PlanUnit,
  weekdayOf,
} from '../../../../contract/schemas/plan-codes'
import type { PlanMessage } from './messages'

export const ALL_WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const

export interface ItemState {
  kind: PlanKind
  /** the course's or the bank's id */
  refId: number
  unit: PlanUnit
  /** as typed */
  target: string
}

export interface FormState {
  name: string
  goodsId: number | null
  startDate: string
  endDate: string
  weekdays: number[]
  items: ItemState[]
  remind: boolean
}

export type FormErrors = Partial<
  Record<'name' | 'goods' | 'items' | 'startDate' | 'endDate' | 'weekdays', PlanMessage>
> & {
  /** per item key (itemKey) */
  targets?: Record<string, PlanMessage>
}

export const itemKey = (i: Pick<ItemState, 'kind' | 'refId'>) => `${i.kind}:${i.refId}`

/** A new plan: today for a month, every day, reminders on, the first goods chosen. */
export function blankForm(goods: PlanGoods[], today = chinaToday()): FormState {
  return {
    name: '',
    goodsId: goods[0]?.goodsId ?? null,
    startDate: today,
    endDate: addDays(today, 29),
    weekdays: [...ALL_WEEKDAYS],
    items: [],
    remind: true,
  }
}

/** The form of an existing plan. */
export function formOf(p: PlanDetail): FormState {
  return {
    name: p.name,
    goodsId: p.goodsId,
    startDate: p.startDate,
    endDate: p.endDate,
    weekdays: [...p.weekdays],
    items: p.items.map((i) => ({
      kind: i.kind,
      refId: (i.kind === 'course' ? i.courseId : i.bankId) ?? 0,
      unit: i.unit,
      target: String(i.target),
    })),
    remind: p.remind,
  }
}

/** A newly ticked item with its default unit and target. */
export function newItem(kind: PlanKind, refId: number): ItemState {
  const unit = PLAN_UNITS_OF[kind][0]!
  return { kind, refId, unit, target: String(PLAN_TARGET[unit].default) }
}

/** The target, clamped to its unit's range, after a step of +/- `by`. */
export function stepTarget(item: ItemState, by: number): string {
  const r = PLAN_TARGET[item.unit]
  const n = Number.parseInt(item.target, 10)
  const base = Number.isFinite(n) ? n : r.default
  return String(Math.min(r.max, Math.max(r.min, base + by)))
}

/** How far the +/- buttons step a unit. */
export const STEP: Record<PlanUnit, number> = { minutes: 5, sections: 1, questions: 5 }

/**
 * The checks of the form. `keptStart`: the start date the plan already had (an edit may keep a past start).
 */
export function validate(f: FormState, today = chinaToday(), keptStart?: string): FormErrors {
  const e: FormErrors = {}
  const name = f.name.trim()
  if (!name) e.name = 'err.name'
  else if ([...name].length > PLAN_LIMITS.nameMax) e.name = 'err.nameLong'
  if (!f.goodsId) e.goods = 'err.goods'
  if (f.items.length === 0) e.items = 'err.items'
  else if (f.items.length > PLAN_LIMITS.itemsMax) e.items = 'err.itemsMax'
  const targets: Record<string, PlanMessage> = {}
  for (const i of f.items) {
    const r = PLAN_TARGET[i.unit]
    const n = Number(i.target)
    if (!/^\d+$/.test(i.target.trim()) || n < r.min || n > r.max) targets[itemKey(i)] = 'err.target'
  }
  if (Object.keys(targets).length > 0) e.targets = targets
  if (f.startDate < today && f.startDate !== keptStart) e.startDate = 'err.start'
  const span = daysBetween(f.startDate, f.endDate)
  if (span < 0) e.endDate = 'err.end'
  else if (span + 1 > PLAN_LIMITS.rangeMaxDays) e.endDate = 'err.range'
  if (f.weekdays.length === 0) e.weekdays = 'err.weekdays'
  else if (span >= 0 && span < 6) {
    const inRange = new Set(Array.from({ length: span + 1 }, (_, i) => weekdayOf(addDays(f.startDate, i))))
    if (!f.weekdays.some((d) => inRange.has(d))) e.weekdays = 'err.noDay'
  }
  return e
}

export const hasErrors = (e: FormErrors) => Object.keys(e).length > 0

/** The call's body (the form must be valid). */
export function toBody(f: FormState): PlanInput {
  return {
    goodsId: f.goodsId ?? 0,
    name: f.name.trim(),
    startDate: f.startDate,
    endDate: f.endDate,
    weekdays: [...f.weekdays].sort((a, b) => a - b),
    remind: f.remind,
    items: f.items.map((i) => ({
      kind: i.kind,
      ...(i.kind === 'course' ? { courseId: i.refId } : { bankId: i.refId }),
      unit: i.unit,
      target: Number(i.target),
    })),
  }
}
