/**
 * Study plans: reading a learner's plans with their items, and the day views (docs/DECISIONS.md "Study plans").
 * Done is derived (./progress.ts): a plan item is done on a day when the learner's amount that day reaches its
 * target. A plan whose goods the learner no longer holds (expired, refunded) stays listed (`entitled: false`) but is
 * left out of the day views, the badge and the reminders: there is nothing the learner could study for it.
 */
import { and, asc, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm'
import type { PlanDayState, PlanStatus, PlanUnit } from '../../../../contract/schemas/plan-codes'
import { addDays, daysBetween, weekdayOf } from '../../../../contract/schemas/plan-codes'
import { bank, course, goods, studyPlan, studyPlanItem } from '../../db/schema'
import { toSeconds } from '../../http/core'
import { dayOf } from '../bank/core'
import type { Scoped } from '../learn/core'
import { entitledGoodsIds } from '../order/entitlement'
import { type Amounts, amountOf, amounts } from './progress'

export type PlanRow = typeof studyPlan.$inferSelect

export interface ItemView {
  itemId: number
  kind: 'course' | 'bank'
  courseId: number | null
  bankId: number | null
  name: string
  unit: PlanUnit
  target: number
}

export interface LoadedPlan {
  plan: PlanRow
  goodsName: string
  goodsCover: string
  entitled: boolean
  items: ItemView[]
}

export const today = (now = new Date()) => dayOf(now)

export const isPlanned = (p: Pick<PlanRow, 'startDate' | 'endDate' | 'weekdays'>, day: string) =>
  p.startDate <= day && day <= p.endDate && p.weekdays.includes(weekdayOf(day))

export const statusOf = (p: Pick<PlanRow, 'startDate' | 'endDate'>, day: string): PlanStatus =>
  day < p.startDate ? 'upcoming' : day > p.endDate ? 'ended' : 'active'

/** Every planned day of a plan, in order. */
export function plannedDays(p: Pick<PlanRow, 'startDate' | 'endDate' | 'weekdays'>): string[] {
  const n = daysBetween(p.startDate, p.endDate)
  const out: string[] = []
  for (let i = 0; i <= n; i++) {
    const d = addDays(p.startDate, i)
    if (p.weekdays.includes(weekdayOf(d))) out.push(d)
  }
  return out
}

/** The plan filter of a status on a day. */
export function statusWhere(status: PlanStatus, day: string): SQL {
  if (status === 'upcoming') return sql`${studyPlan.startDate} > ${day}`
  if (status === 'ended') return sql`${studyPlan.endDate} < ${day}`
  return and(lte(studyPlan.startDate, day), gte(studyPlan.endDate, day)) as SQL
}

/** The plans with their goods and items (names joined), in the order given. */
export async function loadPlans(ctx: Scoped, userId: number, plans: PlanRow[]): Promise<LoadedPlan[]> {
  if (plans.length === 0) return []
  const ids = plans.map((p) => p.id)
  const goodsIds = [...new Set(plans.map((p) => p.goodsId))]
  const [items, goodsRows, owned] = await Promise.all([
    ctx.db
      .select({
        planId: studyPlanItem.planId,
        itemId: studyPlanItem.id,
        kind: studyPlanItem.kind,
        courseId: studyPlanItem.courseId,
        bankId: studyPlanItem.bankId,
        unit: studyPlanItem.unit,
        target: studyPlanItem.target,
        courseName: course.name,
        bankName: bank.name,
      })
      .from(studyPlanItem)
      .leftJoin(course, and(eq(course.id, studyPlanItem.courseId), eq(course.tenantId, ctx.scope.tenantId)))
      .leftJoin(bank, and(eq(bank.id, studyPlanItem.bankId), eq(bank.tenantId, ctx.scope.tenantId)))
      .where(ctx.scope.where(studyPlanItem, inArray(studyPlanItem.planId, ids)))
      .orderBy(asc(studyPlanItem.sort), asc(studyPlanItem.id)),
    ctx.db
      .select({ id: goods.id, name: goods.name, cover: goods.cover })
      .from(goods)
      .where(ctx.scope.where(goods, inArray(goods.id, goodsIds))),
    entitledGoodsIds(ctx, userId),
  ])
  const ownedSet = new Set(owned)
  return plans.map((plan) => {
    const g = goodsRows.find((x) => x.id === plan.goodsId)
    return {
      plan,
      goodsName: g?.name ?? '',
      goodsCover: g?.cover ?? '',
      entitled: ownedSet.has(plan.goodsId),
      items: items
        .filter((i) => i.planId === plan.id)
        .map((i) => ({
          itemId: i.itemId,
          kind: i.kind === 'bank' ? ('bank' as const) : ('course' as const),
          courseId: i.courseId,
          bankId: i.bankId,
          name: (i.kind === 'bank' ? i.bankName : i.courseName) ?? '',
          unit: i.unit as PlanUnit,
          target: i.target,
        })),
    }
  })
}

const itemDone = (a: Amounts, day: string, i: ItemView) => amountOf(a, day, i) >= i.target

/** A plan on the wire (planRow) from its loaded form and the amounts over its days up to today. */
export function planView(l: LoadedPlan, a: Amounts, day: string) {
  const p = l.plan
  const planned = isPlanned(p, day) && l.entitled
  const todayDone = planned ? l.items.filter((i) => itemDone(a, day, i)).length : 0
  const days = plannedDays(p)
  return {
    id: p.id,
    name: p.name,
    goodsId: p.goodsId,
    goodsName: l.goodsName,
    goodsCover: l.goodsCover,
    startDate: p.startDate,
    endDate: p.endDate,
    weekdays: [...p.weekdays].sort((x, y) => x - y),
    remind: p.remind,
    status: statusOf(p, day),
    entitled: l.entitled,
    items: l.items,
    todayPlanned: planned,
    todayDone,
    todayTotal: planned ? l.items.length : 0,
    plannedDays: days.length,
    doneDays: days.filter((d) => d <= day && l.items.length > 0 && l.items.every((i) => itemDone(a, d, i))).length,
    createTime: toSeconds(p.createdAt),
    updateTime: toSeconds(p.updatedAt),
  }
}

/** The amounts each plan needs: its items over [its start, min(its end, today)]. One query set for all plans. */
export async function amountsFor(ctx: Scoped, userId: number, loaded: LoadedPlan[], day: string) {
  const running = loaded.filter((l) => l.plan.startDate <= day)
  if (running.length === 0) return new Map() as Amounts
  // YYYY-MM-DD strings sort as dates
  const from = running.map((l) => l.plan.startDate).sort()[0]!
  const to = running
    .map((l) => (l.plan.endDate < day ? l.plan.endDate : day))
    .sort()
    .at(-1)!
  return amounts(
    ctx,
    userId,
    running.flatMap((l) => l.items),
    from,
    to,
  )
}

/** Planned days of one plan with their progress (inFo). */
export function detailDays(l: LoadedPlan, a: Amounts, day: string) {
  return plannedDays(l.plan).map((d) => {
    const items = l.items.map((i) => {
      const amount = d <= day ? amountOf(a, d, i) : 0
      return { itemId: i.itemId, amount, done: amount >= i.target }
    })
    const doneNum = items.filter((i) => i.done).length
    const all = doneNum === items.length && items.length > 0
    const state: PlanDayState =
      d > day ? 'upcoming' : d === day ? (all ? 'done' : 'today') : all ? 'done' : doneNum > 0 ? 'partial' : 'missed'
    return { date: d, weekday: weekdayOf(d), state, items, doneNum, totalNum: items.length }
  })
}

/** My plans touching [from, to] whose goods I still hold (optionally only those that remind). */
export async function plansOver(ctx: Scoped, userId: number, from: string, to: string, onlyRemind = false) {
  const rows = await ctx.db
    .select()
    .from(studyPlan)
    .where(
      ctx.scope.where(
        studyPlan,
        eq(studyPlan.userId, userId),
        lte(studyPlan.startDate, to),
        gte(studyPlan.endDate, from),
        onlyRemind ? eq(studyPlan.remind, true) : undefined,
      ),
    )
    .orderBy(asc(studyPlan.startDate), asc(studyPlan.id))
  return (await loadPlans(ctx, userId, rows)).filter((l) => l.entitled && l.items.length > 0)
}

/**
 * Each day of [from, to] with the items planned that day and their progress (days after today: nothing done yet).
 * userPlanSeven, listPlan, the badge and the reminder read this one view.
 */
export async function dayViews(
  ctx: Scoped,
  userId: number,
  from: string,
  to: string,
  opts: { now?: Date; onlyRemind?: boolean } = {},
) {
  const day = today(opts.now)
  const loaded = await plansOver(ctx, userId, from, to, opts.onlyRemind)
  const last = to < day ? to : day
  const a = await amounts(
    ctx,
    userId,
    loaded.flatMap((l) => l.items),
    from,
    last,
  )
  const out = []
  for (let i = 0; i <= daysBetween(from, to); i++) {
    const d = addDays(from, i)
    const items = loaded
      .filter((l) => isPlanned(l.plan, d))
      .flatMap((l) =>
        l.items.map((it) => {
          const amount = d <= day ? amountOf(a, d, it) : 0
          return {
            ...it,
            planId: l.plan.id,
            planName: l.plan.name,
            goodsId: l.plan.goodsId,
            amount,
            done: amount >= it.target,
          }
        }),
      )
    out.push({
      date: d,
      weekday: weekdayOf(d),
      isToday: d === day,
      items,
      doneNum: items.filter((x) => x.done).length,
      totalNum: items.length,
    })
  }
  return out
}

/** `planSum` of /app/user/infoAttached: today's planned items not done yet. */
export async function planSum(ctx: Scoped, userId: number, now = new Date()): Promise<number> {
  const day = today(now)
  const [v] = await dayViews(ctx, userId, day, day, { now })
  return v ? v.totalNum - v.doneNum : 0
}

/** Ordering of my plans: running and upcoming first (soonest start first), then ended (latest end first). */
export const listOrder = (day: string) => [
  sql`(${studyPlan.endDate} < ${day})`,
  sql`case when ${studyPlan.endDate} >= ${day} then ${studyPlan.startDate} end`,
  desc(studyPlan.endDate),
  desc(studyPlan.id),
]
