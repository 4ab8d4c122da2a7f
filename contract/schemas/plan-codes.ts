/**
 * Study plans (docs/DECISIONS.md "Study plans"), plain values without zod: the app's forms check the same limits the
 * server enforces.
 */

/** What a plan item counts per planned day. */
export const PLAN_UNITS = ['minutes', 'sections', 'questions'] as const
export type PlanUnit = (typeof PLAN_UNITS)[number]

export const PLAN_KINDS = ['course', 'bank'] as const
export type PlanKind = (typeof PLAN_KINDS)[number]

/** The units each kind of item may use. */
export const PLAN_UNITS_OF: Record<PlanKind, readonly PlanUnit[]> = {
  course: ['minutes', 'sections'],
  bank: ['questions'],
}

/** Daily target bounds per unit, both inclusive. */
export const PLAN_TARGET: Record<PlanUnit, { min: number; max: number; default: number }> = {
  minutes: { min: 5, max: 600, default: 30 },
  sections: { min: 1, max: 50, default: 2 },
  questions: { min: 1, max: 500, default: 20 },
}

export const PLAN_LIMITS = {
  /** characters of a plan name */
  nameMax: 30,
  /** items of one plan */
  itemsMax: 10,
  /** a plan spans at most this many days (start and end included) */
  rangeMaxDays: 366,
  /** plans of a learner that have not ended yet */
  openPlansMax: 20,
  /** a listPlan (calendar) range spans at most this many days */
  listRangeMaxDays: 62,
} as const

/** A plan by its dates: not started yet, running (today is within its dates), ended. */
export const PLAN_STATUS = ['upcoming', 'active', 'ended'] as const
export type PlanStatus = (typeof PLAN_STATUS)[number]

/** A planned day of a plan detail: every item reached, some, none (past days), today, a day still to come. */
export const PLAN_DAY_STATE = ['done', 'partial', 'missed', 'today', 'upcoming'] as const
export type PlanDayState = (typeof PLAN_DAY_STATE)[number]

/**
 * The reminder sweep writes a learner's plan message on a planned day from this hour (Asia/Shanghai) until
 * PLAN_REMIND_UNTIL_HOUR; a day missed in that window (server down) is not reminded late at night.
 */
export const PLAN_REMIND_HOUR = 8
export const PLAN_REMIND_UNTIL_HOUR = 22

/** YYYY-MM-DD with a real month and day */
export const PLAN_DATE_RE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/

// ---- days (YYYY-MM-DD, calendar arithmetic in UTC so the device's time zone never shifts a day) ----
const DAY_MS = 24 * 3600 * 1000

/** the day n days after a YYYY-MM-DD */
export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10)

/** days from a to b (YYYY-MM-DD), b - a */
export const daysBetween = (a: string, b: string) =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS)

/** ISO weekday of a YYYY-MM-DD: 1 Monday .. 7 Sunday */
export const weekdayOf = (day: string) => ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1

/** Today (YYYY-MM-DD) in Asia/Shanghai, the product's day, whatever the device's time zone. */
export const chinaToday = (now = Date.now()) => new Date(now + 8 * 3600 * 1000).toISOString().slice(0, 10)
