/**
 * The plan reminder (docs/DECISIONS.md "Study plans"): on a planned day, from PLAN_REMIND_HOUR until
 * PLAN_REMIND_UNTIL_HOUR (Asia/Shanghai), each learner with a plan that reminds gets ONE message for the day (kind
 * 'plan', opening the plan page) listing what is still to do, whatever the number of plans. A learner who has done
 * everything already, or no longer holds the plans' goods, gets none. `study_plan_remind` (unique per learner and
 * day) records that the day was handled, written in the same transaction as the message: a repeated sweep, another
 * process or a restart never writes a second one. Run by a periodic sweep once per tick across processes
 * (server/src/app.ts, services/shared/ticks.ts).
 */
import { and, eq, sql } from 'drizzle-orm'
import { PLAN_REMIND_HOUR, PLAN_REMIND_UNTIL_HOUR, weekdayOf } from '../../../../contract/schemas/plan-codes'
import type { Db } from '../../db'
import { studyPlan, studyPlanRemind } from '../../db/schema'
import { TenantScope } from '../../http/core'
import { type InformMessage, notify } from '../../services/inform'
import { dayOf } from '../bank/core'
import { dayViews } from './plans'

/** how often the sweep looks (a learner is reminded within this long after PLAN_REMIND_HOUR) */
export const PLAN_REMIND_SWEEP_MS = 5 * 60_000
/** learners handled per batch; a run goes on while batches come back full, up to MAX_BATCHES */
const BATCH = 200
const MAX_BATCHES = 25

export const PLAN_PAGE = '/pages2/plan/index'

const UNIT_TEXT = {
  minutes: (n: number) => `学习 ${n} 分钟`,
  sections: (n: number) => `完成 ${n} 节`,
  questions: (n: number) => `练习 ${n} 题`,
} as const

/** The day's message: the items still to do (the first three by name, then how many more). */
export function planReminder(items: { name: string; unit: keyof typeof UNIT_TEXT; target: number }[]): InformMessage {
  const named = items
    .slice(0, 3)
    .map((i) => `《${i.name}》${UNIT_TEXT[i.unit](i.target)}`)
    .join('；')
  const more = items.length > 3 ? ` 等 ${items.length} 项` : ''
  return {
    kind: 'plan',
    title: '今日学习计划提醒',
    content: `今天的学习计划还有 ${items.length} 项待完成：${named}${more}。学完后计划页会自动打勾。`,
    link: PLAN_PAGE,
  }
}

/** China hour (0-23) of a time */
const hourOf = (d: Date) => new Date(d.getTime() + 8 * 3600_000).getUTCHours()

/**
 * One sweep: every learner of every tenant with a reminding plan planned today and no reminder row for today.
 * Returns the number of messages written.
 */
export async function sweepPlanReminders(db: Db, now = new Date()): Promise<number> {
  const hour = hourOf(now)
  if (hour < PLAN_REMIND_HOUR || hour >= PLAN_REMIND_UNTIL_HOUR) return 0
  const day = dayOf(now)
  const weekday = weekdayOf(day)
  let sent = 0
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const learners = await db
      .selectDistinct({ tenantId: studyPlan.tenantId, userId: studyPlan.userId })
      .from(studyPlan)
      .where(
        and(
          sql`${studyPlan.endDate} >= ${day}`,
          sql`${studyPlan.startDate} <= ${day}`,
          eq(studyPlan.remind, true),
          sql`${weekday}::int = any(${studyPlan.weekdays})`,
          sql`not exists (select 1 from ${studyPlanRemind} where ${studyPlanRemind.tenantId} = ${studyPlan.tenantId}
            and ${studyPlanRemind.userId} = ${studyPlan.userId} and ${studyPlanRemind.day} = ${day})`,
        ),
      )
      .limit(BATCH)
    for (const { tenantId, userId } of learners) {
      const scope = new TenantScope(tenantId)
      const [view] = await dayViews({ db, scope }, userId, day, day, { now, onlyRemind: true })
      const todo = (view?.items ?? []).filter((i) => !i.done)
      const wrote = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(studyPlanRemind)
          .values(scope.row({ userId, day, sent: todo.length > 0 }))
          .onConflictDoNothing()
          .returning({ id: studyPlanRemind.id })
        if (!row || todo.length === 0) return false
        await notify(tx as unknown as Db, scope, userId, planReminder(todo))
        return true
      })
      if (wrote) sent++
    }
    if (learners.length < BATCH) break
  }
  return sent
}
