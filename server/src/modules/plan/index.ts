/**
 * Study plans (/system/plan*; docs/DECISIONS.md "Study plans"): create, edit, delete, my plans, the goods to plan,
 * one plan's detail, the seven days from today and a calendar range. Every row is the learner's own and the
 * tenant's: another learner's plan answers 404.
 */
import { count, eq, gte, ne, sql } from 'drizzle-orm'
import { addDays, PLAN_LIMITS } from '../../../../contract/schemas/plan-codes'
import { countRows } from '../../db'
import { studyPlan, studyPlanItem } from '../../db/schema'
import { AppError, type Ctx, type Handlers, requireUser } from '../../http/core'
import { goodsByIds, MAX_ID } from '../learn/core'
import { hasEntitlement } from '../order/entitlement'
import { plannable, plannableGoods } from './goods'
import {
  amountsFor,
  dayViews,
  detailDays,
  listOrder,
  loadPlans,
  type PlanRow,
  planView,
  statusWhere,
  today,
} from './plans'

const planNotFound = () => new AppError(404, 'plan not found')

interface PlanInput {
  goodsId: number
  name: string
  startDate: string
  endDate: string
  weekdays: number[]
  items: { kind: 'course' | 'bank'; courseId?: number; bankId?: number; unit: string; target: number }[]
  remind: boolean
}

async function ownPlan(ctx: Ctx, userId: number, id: number): Promise<PlanRow> {
  if (id > MAX_ID) throw planNotFound()
  const [row] = await ctx.db
    .select()
    .from(studyPlan)
    .where(ctx.scope.where(studyPlan, eq(studyPlan.id, id), eq(studyPlan.userId, userId)))
  if (!row) throw planNotFound()
  return row
}

/**
 * The checks the contract cannot make: dates against today (a start that was already saved may stay in the past),
 * the goods is the learner's, each item belongs to it, the number of plans not ended yet.
 */
async function checkInput(ctx: Ctx, userId: number, b: PlanInput, was?: PlanRow) {
  const day = today()
  if (b.startDate < day && b.startDate !== was?.startDate)
    throw new AppError(400, 'startDate: the plan cannot start before today')
  if (b.endDate < day && b.endDate !== was?.endDate)
    throw new AppError(400, 'endDate: the plan cannot end before today')
  if (!(await hasEntitlement(ctx, userId, b.goodsId)))
    throw new AppError(403, 'goodsId: you do not hold this goods: buy it to plan your study of it')
  const [g] = await goodsByIds(ctx, [b.goodsId])
  if (!g) throw new AppError(404, 'goods not found')
  const { courses, banks } = await plannable(ctx, g)
  for (const [i, item] of b.items.entries()) {
    if (item.kind === 'course' && !courses.some((c) => c.courseId === item.courseId))
      throw new AppError(400, `items.${i}.courseId: this course is not part of the goods`)
    if (item.kind === 'bank' && !banks.some((x) => x.bankId === item.bankId))
      throw new AppError(400, `items.${i}.bankId: this question bank is not part of the goods`)
  }
  // an ended plan opened again counts against the limit (a new plan is counted under a lock in create)
  if (was && b.endDate >= day && was.endDate < day) {
    const open = await countRows(
      ctx.db,
      studyPlan,
      ctx.scope.where(studyPlan, eq(studyPlan.userId, userId), gte(studyPlan.endDate, day), ne(studyPlan.id, was.id)),
    )
    if (open >= PLAN_LIMITS.openPlansMax)
      throw new AppError(400, 'you have 20 plans that have not ended: delete one before adding another')
  }
}

const itemRows = (ctx: Ctx, planId: number, b: PlanInput) =>
  b.items.map((item, i) =>
    ctx.scope.row({
      planId,
      kind: item.kind,
      courseId: item.kind === 'course' ? (item.courseId ?? null) : null,
      bankId: item.kind === 'bank' ? (item.bankId ?? null) : null,
      unit: item.unit,
      target: item.target,
      sort: i,
    }),
  )

async function oneView(ctx: Ctx, userId: number, row: PlanRow) {
  const day = today()
  const [loaded] = await loadPlans(ctx, userId, [row])
  const a = await amountsFor(ctx, userId, [loaded!], day)
  return { loaded: loaded!, a, view: planView(loaded!, a, day) }
}

export const handlers: Handlers = {
  'POST /system/plan': async (ctx, { body }) => {
    const { userId } = requireUser(ctx)
    await checkInput(ctx, userId, body)
    const row = await ctx.db.transaction(async (tx) => {
      // one learner's plan writes in turn: the open-plan count above cannot be raced past by a double tap
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`plan:${ctx.scope.tenantId}:${userId}`}, 0))`,
      )
      const [open] = await tx
        .select({ n: count() })
        .from(studyPlan)
        .where(ctx.scope.where(studyPlan, eq(studyPlan.userId, userId), gte(studyPlan.endDate, today())))
      if (Number(open?.n ?? 0) >= PLAN_LIMITS.openPlansMax)
        throw new AppError(400, 'you have 20 plans that have not ended: delete one before adding another')
      const [plan] = await tx
        .insert(studyPlan)
        .values(
          ctx.scope.row({
            userId,
            goodsId: body.goodsId,
            name: body.name,
            startDate: body.startDate,
            endDate: body.endDate,
            weekdays: body.weekdays,
            remind: body.remind,
          }),
        )
        .returning()
      await tx.insert(studyPlanItem).values(itemRows(ctx, plan!.id, body))
      return plan!
    })
    return (await oneView(ctx, userId, row)).view
  },

  'POST /system/plan/edit': async (ctx, { body }) => {
    const { userId } = requireUser(ctx)
    const was = await ownPlan(ctx, userId, body.id)
    if (body.delete === true) {
      await ctx.db.transaction(async (tx) => {
        await tx.delete(studyPlanItem).where(ctx.scope.where(studyPlanItem, eq(studyPlanItem.planId, was.id)))
        await tx
          .delete(studyPlan)
          .where(ctx.scope.where(studyPlan, eq(studyPlan.id, was.id), eq(studyPlan.userId, userId)))
      })
      return null
    }
    // the contract requires every field when not deleting
    const input = body as PlanInput & { id: number }
    await checkInput(ctx, userId, input, was)
    const row = await ctx.db.transaction(async (tx) => {
      const [plan] = await tx
        .update(studyPlan)
        .set({
          goodsId: input.goodsId,
          name: input.name,
          startDate: input.startDate,
          endDate: input.endDate,
          weekdays: input.weekdays,
          remind: input.remind ?? was.remind,
          updatedAt: new Date(),
        })
        .where(ctx.scope.where(studyPlan, eq(studyPlan.id, was.id), eq(studyPlan.userId, userId)))
        .returning()
      if (!plan) throw planNotFound()
      await tx.delete(studyPlanItem).where(ctx.scope.where(studyPlanItem, eq(studyPlanItem.planId, was.id)))
      await tx.insert(studyPlanItem).values(itemRows(ctx, was.id, input))
      return plan
    })
    return (await oneView(ctx, userId, row)).view
  },

  'GET /system/plan/list': async (ctx, { query }) => {
    const { userId } = requireUser(ctx)
    const day = today()
    const where = ctx.scope.where(
      studyPlan,
      eq(studyPlan.userId, userId),
      query.status ? statusWhere(query.status, day) : undefined,
    )
    const [rows, total] = await Promise.all([
      ctx.db
        .select()
        .from(studyPlan)
        .where(where)
        .orderBy(...listOrder(day))
        .limit(query.pageSize)
        .offset((query.pageNum - 1) * query.pageSize),
      countRows(ctx.db, studyPlan, where),
    ])
    const loaded = await loadPlans(ctx, userId, rows)
    const a = await amountsFor(ctx, userId, loaded, day)
    return { rows: loaded.map((l) => planView(l, a, day)), total }
  },

  'GET /system/plan/listGoods': async (ctx, { query }) => {
    const { userId } = requireUser(ctx)
    const list = await plannableGoods(ctx, userId, query.goodsId)
    return list.map((p) => ({
      goodsId: p.goods.id,
      goodsName: p.goods.name,
      goodsCover: p.goods.cover,
      goodsType: p.goods.goodsType,
      expireTime: p.expireTime,
      courses: p.courses,
      banks: p.banks,
    }))
  },

  'GET /system/plan/inFo': async (ctx, { query }) => {
    const { userId } = requireUser(ctx)
    const row = await ownPlan(ctx, userId, query.id)
    const { loaded, a, view } = await oneView(ctx, userId, row)
    return { ...view, days: detailDays(loaded, a, today()) }
  },

  'GET /system/plan/userPlanSeven': async (ctx) => {
    const { userId } = requireUser(ctx)
    const day = today()
    return dayViews(ctx, userId, day, addDays(day, 6))
  },

  'POST /system/plan/listPlan': async (ctx, { body }) => {
    const { userId } = requireUser(ctx)
    return dayViews(ctx, userId, body.startDate, body.endDate)
  },
}
