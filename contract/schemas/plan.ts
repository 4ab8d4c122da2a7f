/**
 * Study plans (spec §7 "Study plans": /system/plan*): a learner plans, for one goods they own, which courses and
 * question banks to study on which weekdays between two dates, with a daily target per item (minutes watched or
 * sections finished of a course, questions answered of a bank). What was done on a day is DERIVED by the server
 * from the real study records and bank answers of that day, never sent by the app. Days are Asia/Shanghai days
 * (YYYY-MM-DD). Semantics: docs/DECISIONS.md "Study plans".
 */
import { z } from 'zod'
import type { RouteKey } from '../routes'
import {
  addDays,
  daysBetween,
  PLAN_DATE_RE,
  PLAN_DAY_STATE,
  PLAN_KINDS,
  PLAN_LIMITS,
  PLAN_STATUS,
  PLAN_TARGET,
  PLAN_UNITS,
  PLAN_UNITS_OF,
  weekdayOf,
} from './plan-codes'
import type { RouteSchema } from './types'

export * from './plan-codes'

const id = z.coerce.number().int().positive().max(2_147_483_647)
const int = z.number().int()
const pageQuery = {
  pageNum: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
}
const page = <T extends z.ZodType>(row: T) => z.object({ rows: z.array(row), total: int })

/** a YYYY-MM-DD that names a day of the calendar (2025-02-30 does not) */
const isRealDate = (s: string) => {
  const t = Date.parse(`${s}T00:00:00Z`)
  return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === s
}

const startDate = z.string().trim().regex(PLAN_DATE_RE, 'startDate must be YYYY-MM-DD').refine(isRealDate, {
  message: 'startDate is not a real date',
})
const endDate = z.string().trim().regex(PLAN_DATE_RE, 'endDate must be YYYY-MM-DD').refine(isRealDate, {
  message: 'endDate is not a real date',
})

const planName = z
  .string()
  .trim()
  .min(1, 'plan name is required')
  .max(PLAN_LIMITS.nameMax, 'plan name must be at most 30 characters')

export const planItemIn = z.object({
  kind: z.enum(PLAN_KINDS),
  /** kind course: a course of the plan's goods */
  courseId: id.optional(),
  /** kind bank: a question bank of the plan's goods */
  bankId: id.optional(),
  /** course: minutes | sections; bank: questions */
  unit: z.enum(PLAN_UNITS),
  /** per planned day, PLAN_TARGET[unit] */
  target: z.coerce.number().int(),
})

const weekdays = z
  .array(z.coerce.number().int().min(1).max(7))
  .min(1, 'choose at least one weekday')
  .max(7)
  .transform((days) => [...new Set(days)].sort((a, b) => a - b))

const TARGET_MESSAGE = {
  minutes: 'minutes a day must be 5-600',
  sections: 'sections a day must be 1-50',
  questions: 'questions a day must be 1-500',
} as const

interface PlanFields {
  startDate?: string
  endDate?: string
  weekdays?: number[]
  items?: z.output<typeof planItemIn>[]
}

/** The rules between fields (dates, weekdays, items); the server adds today, ownership and the open-plan limit. */
function checkPlan(p: PlanFields, ctx: z.RefinementCtx) {
  if (p.startDate && p.endDate && isRealDate(p.startDate) && isRealDate(p.endDate)) {
    const span = daysBetween(p.startDate, p.endDate)
    if (span < 0) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'endDate must not be before startDate' })
    else if (span + 1 > PLAN_LIMITS.rangeMaxDays)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'a plan spans at most 366 days' })
    else if (p.weekdays && p.weekdays.length > 0 && span < 6) {
      const inRange = new Set(Array.from({ length: span + 1 }, (_, i) => weekdayOf(addDays(p.startDate!, i))))
      if (!p.weekdays.some((d) => inRange.has(d)))
        ctx.addIssue({ code: 'custom', path: ['weekdays'], message: 'no chosen weekday falls between the dates' })
    }
  }
  const seen = new Set<string>()
  for (const [i, item] of (p.items ?? []).entries()) {
    const at = (field: string) => ['items', i, field]
    if (item.kind === 'course' && item.courseId === undefined)
      ctx.addIssue({ code: 'custom', path: at('courseId'), message: 'courseId is required for a course item' })
    if (item.kind === 'bank' && item.bankId === undefined)
      ctx.addIssue({ code: 'custom', path: at('bankId'), message: 'bankId is required for a bank item' })
    if (!PLAN_UNITS_OF[item.kind].includes(item.unit)) {
      ctx.addIssue({
        code: 'custom',
        path: at('unit'),
        message: item.kind === 'course' ? 'a course item counts minutes or sections' : 'a bank item counts questions',
      })
      continue
    }
    const range = PLAN_TARGET[item.unit]
    if (item.target < range.min || item.target > range.max)
      ctx.addIssue({ code: 'custom', path: at('target'), message: TARGET_MESSAGE[item.unit] })
    const key = item.kind === 'course' ? `c${item.courseId}` : `b${item.bankId}`
    if (seen.has(key))
      ctx.addIssue({
        code: 'custom',
        path: at(item.kind === 'course' ? 'courseId' : 'bankId'),
        message: 'this item is listed twice',
      })
    seen.add(key)
  }
}

const planFields = z.object({
  /** a goods the learner holds an active entitlement to (listGoods) */
  goodsId: id,
  name: planName,
  startDate,
  endDate,
  weekdays,
  items: z
    .array(planItemIn)
    .min(1, 'add at least one course or question bank')
    .max(PLAN_LIMITS.itemsMax, 'at most 10 items in a plan'),
  /** a reminder message on each planned day (default on) */
  remind: z.boolean().default(true),
})

export const planItem = z.object({
  itemId: int,
  kind: z.enum(PLAN_KINDS),
  courseId: int.nullable(),
  bankId: int.nullable(),
  /** the course's or the bank's name */
  name: z.string(),
  unit: z.enum(PLAN_UNITS),
  target: int,
})

/** An item on one day: what the learner did that day (derived) against the target. */
export const planDayItem = planItem.extend({
  planId: int,
  planName: z.string(),
  goodsId: int,
  /** minutes watched, sections finished or questions answered that day */
  amount: int,
  done: z.boolean(),
})

export const planRow = z.object({
  id: int,
  name: z.string(),
  goodsId: int,
  goodsName: z.string(),
  goodsCover: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  /** ISO weekdays, 1 Monday .. 7 Sunday, ascending */
  weekdays: z.array(int),
  remind: z.boolean(),
  status: z.enum(PLAN_STATUS),
  /** false: the learner no longer holds the goods (expired or refunded); the plan stays but is not planned */
  entitled: z.boolean(),
  items: z.array(planItem),
  /** today: is it a planned day of this plan, and how many of its items are done */
  todayPlanned: z.boolean(),
  todayDone: int,
  todayTotal: int,
  /** planned days in the plan, and those up to today with every item done */
  plannedDays: int,
  doneDays: int,
  createTime: int,
  updateTime: int,
})

/** One day of the learner's plans (userPlanSeven, listPlan): every item planned that day with its progress. */
export const planDay = z.object({
  date: z.string(),
  weekday: int,
  isToday: z.boolean(),
  items: z.array(planDayItem),
  doneNum: int,
  totalNum: int,
})

/** One planned day of a plan (inFo). */
export const planDetailDay = z.object({
  date: z.string(),
  weekday: int,
  state: z.enum(PLAN_DAY_STATE),
  items: z.array(z.object({ itemId: int, amount: int, done: z.boolean() })),
  doneNum: int,
  totalNum: int,
})

export const planGoods = z.object({
  goodsId: int,
  goodsName: z.string(),
  goodsCover: z.string(),
  /** 1 course, 2 question bank, 4 package */
  goodsType: int,
  /** Unix seconds, null = no expiry */
  expireTime: int.nullable(),
  courses: z.array(z.object({ courseId: int, courseName: z.string(), sectionNum: int, totalSeconds: int })),
  banks: z.array(z.object({ bankId: int, bankName: z.string(), questionNum: int })),
})

export const planSchemas = {
  /** Create a plan (validated against today, the learner's goods and PLAN_LIMITS); answers the plan. */
  'POST /system/plan': {
    body: planFields.superRefine(checkPlan),
    data: planRow,
  },
  /**
   * Edit a plan: the whole plan again (fields as create, goods included) + `id`; the items are replaced. Delete:
   * `{ id, delete: true }` (answers null). A past start date may stay as it was; a changed one must not be before
   * today.
   */
  'POST /system/plan/edit': {
    body: planFields
      .partial()
      .extend({ id, delete: z.boolean().optional() })
      .superRefine((b, ctx) => {
        if (b.delete === true) return
        for (const f of ['goodsId', 'name', 'startDate', 'endDate', 'weekdays', 'items'] as const)
          if (b[f] === undefined) ctx.addIssue({ code: 'custom', path: [f], message: 'this field is required' })
        checkPlan(b, ctx)
      }),
    data: planRow.nullable(),
  },
  /** The learner's plans day by day over a range (a calendar): at most PLAN_LIMITS.listRangeMaxDays days. */
  'POST /system/plan/listPlan': {
    body: z
      .object({ startDate, endDate })
      .refine((b) => b.startDate <= b.endDate, { message: 'endDate must not be before startDate', path: ['endDate'] })
      .refine((b) => daysBetween(b.startDate, b.endDate) < PLAN_LIMITS.listRangeMaxDays, {
        message: 'a calendar range spans at most 62 days',
        path: ['endDate'],
      }),
    data: z.array(planDay),
  },
  /** My plans: running and upcoming first (by start date), then ended ones (latest first). */
  'GET /system/plan/list': {
    query: z.object({ ...pageQuery, status: z.enum(PLAN_STATUS).optional() }),
    data: page(planRow),
  },
  /** The goods the learner may plan (active entitlements) with their courses and banks to choose from. */
  'GET /system/plan/listGoods': {
    /** goodsId: an existing plan's goods, listed even when it came inside a package the learner holds */
    query: z.object({ goodsId: z.preprocess((v) => (v === '' || v === null ? undefined : v), id.optional()) }),
    data: z.array(planGoods),
  },
  /** One of my plans with every planned day and its progress (404 for another learner's plan). */
  'GET /system/plan/inFo': {
    query: z.object({ id }),
    data: planRow.extend({ days: z.array(planDetailDay) }),
  },
  /** Today and the six days after it: per day the items planned and whether each is done. */
  'GET /system/plan/userPlanSeven': {
    data: z.array(planDay),
  },
} satisfies Partial<Record<RouteKey, RouteSchema>>
