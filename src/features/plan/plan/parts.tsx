/** Views and texts shared by the plan pages (a page file may export only its page on weapp). */
import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { bankUrl } from '@/features/bank/lib'
import { Bar } from '@/features/bank/ui'
import { learnUrl } from '@/features/learn/links'
import type { Plan, PlanDayItem, PlanItem, PlanUnit } from '@/features/plan/api'
import { px } from './messages'

export const PLAN_URL = {
  index: '/pages2/plan/index',
  create: '/pages2/plan/create',
  edit: (id: number) => `/pages2/plan/edit?id=${id}`,
} as const

/** "学习 30 分钟" */
export const goalText = (unit: PlanUnit, n: number) => px(`unit.${unit}`, { n })

/** "12/30 分钟" */
export const amountText = (unit: PlanUnit, amount: number, target: number) =>
  px(`amount.${unit}`, { amount: Math.min(amount, 9999), target })

export const weekdayName = (d: number) => px(`wd.${d}` as 'wd.1')

/** "每天" or "每周一、三、五" */
export function weekdaysText(days: readonly number[]): string {
  if (days.length === 7) return px('everyday')
  const sep = px('wd.1').length > 1 ? ', ' : '、'
  return px('weekdaysText', {
    days: [...days]
      .sort((a, b) => a - b)
      .map(weekdayName)
      .join(sep),
  })
}

/** "MM-DD" of a YYYY-MM-DD */
export const shortDate = (d: string) => d.slice(5)

/** Where an item is studied: a course's menu in the plan's goods, a bank's chapters to practise. */
export function studyUrl(goodsId: number, i: Pick<PlanItem, 'kind' | 'courseId' | 'bankId'>): string {
  if (i.kind === 'course' && i.courseId) return learnUrl.menu(goodsId, i.courseId)
  if (i.kind === 'bank' && i.bankId) return bankUrl.chapters(i.bankId)
  return PLAN_URL.index
}

/** One item of a day: name, goal, progress (today and past days) with a tick when done. */
export function DayItemRow({
  item,
  future,
  onOpen,
}: {
  item: PlanDayItem
  future: boolean
  onOpen: (url: string) => void
}) {
  const ratio = item.target > 0 ? Math.min(100, Math.round((item.amount / item.target) * 100)) : 0
  return (
    <View
      className={`pl-item pl-item-${item.kind} pl-item-${item.planId}-${item.itemId}${item.done ? ' is-done' : ''}`}
      onClick={() => onOpen(studyUrl(item.goodsId, item))}
    >
      <View className={`pl-tick${item.done ? ' is-done' : ''}`}>{item.done ? '✓' : ''}</View>
      <View className="pl-item-main">
        <Text className="pl-item-name">{item.name}</Text>
        <Text className="pl-muted">
          {px(`kind.${item.kind}`)} · {goalText(item.unit, item.target)} · {item.planName}
        </Text>
        {!future && (
          <View className="pl-item-progress">
            <Bar value={ratio} className="pl-bar" />
            <Text className="pl-item-amount">{amountText(item.unit, item.amount, item.target)}</Text>
          </View>
        )}
      </View>
      <Text className={`pl-go${item.done ? ' is-done' : ''}`}>
        {item.done ? px('done') : item.kind === 'bank' ? px('goPractice') : px('go')}
      </Text>
    </View>
  )
}

/** A plan of my list: name, goods, dates, weekdays, state and today's progress. */
export function PlanCard({ plan, onOpen }: { plan: Plan; onOpen: (p: Plan) => void }) {
  const tag = plan.entitled ? px(`status.${plan.status}`) : px('notEntitled')
  return (
    <View className={`pl-card pl-plan-${plan.id} pl-status-${plan.status}`} onClick={() => onOpen(plan)}>
      <View className="pl-card-head">
        <Text className="pl-card-name">{plan.name}</Text>
        <Text className={`pl-tag pl-tag-${plan.entitled ? plan.status : 'expired'}`}>{tag}</Text>
      </View>
      <Text className="pl-muted pl-card-goods">{plan.goodsName}</Text>
      <Text className="pl-muted">
        {px('range', { start: plan.startDate, end: plan.endDate })} · {weekdaysText(plan.weekdays)}
      </Text>
      <View className="pl-card-items">
        {plan.items.map((i) => (
          <Text key={i.itemId} className="pl-chip">
            {i.name} · {goalText(i.unit, i.target)}
          </Text>
        ))}
      </View>
      <View className="pl-card-foot">
        <Text className="pl-card-today">
          {plan.todayPlanned ? px('todayDone', { done: plan.todayDone, total: plan.todayTotal }) : px('todayOff')}
        </Text>
        <Text className="pl-muted">{px('daysDone', { done: plan.doneDays, total: plan.plannedDays })}</Text>
      </View>
    </View>
  )
}

/** Back to where the learner came from (the plan page), or to the plan page when opened directly. */
export function leave() {
  if ((Taro.getCurrentPages() ?? []).length > 1) Taro.navigateBack()
  else Taro.redirectTo({ url: PLAN_URL.index })
}
