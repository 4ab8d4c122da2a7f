/**
 * One study plan (spec: pages2/plan/edit?id): its detail (inFo) — every planned day coloured by what was done
 * (derived from real study and practice) — and the form to change it, or delete it after a confirm. A plan whose
 * goods the learner no longer holds can only be deleted. Learner-only; pull-down refreshes the progress.
 */
import { Button, Text, View } from '@tarojs/components'
import Taro, { useDidShow, usePullDownRefresh, useRouter } from '@tarojs/taro'
import Empty from '@/components/empty'
import { useSubmit } from '@/components/form/use-submit'
import NavBar from '@/components/nav-bar'
import { themeStyle } from '@/components/theme'
import { numParam, QUIET, requireLogin, useLoader } from '@/features/bank/lib'
import { StatusBox } from '@/features/bank/ui'
import { deletePlan, editPlan, type PlanDetail, planGoods, planInfo } from '@/features/plan/api'
import { formOf } from './form-state'
import { px } from './messages'
import { goalText, leave, shortDate, weekdaysText } from './parts'
import PlanForm from './plan-form'
import './plan.scss'

function Progress({ plan }: { plan: PlanDetail }) {
  const tag = plan.entitled ? px(`status.${plan.status}`) : px('notEntitled')
  return (
    <View className="pl-section pl-detail">
      <View className="pl-card-head">
        <Text className="pl-card-name">{plan.name}</Text>
        <Text className={`pl-tag pl-tag-${plan.entitled ? plan.status : 'expired'}`}>{tag}</Text>
      </View>
      <Text className="pl-muted">{plan.goodsName}</Text>
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
      <View className="pl-section-head pl-progress-head">
        <Text className="pl-section-title">{px('progress')}</Text>
        <Text className="pl-muted pl-days-done">
          {px('daysDone', { done: plan.doneDays, total: plan.plannedDays })}
        </Text>
      </View>
      <View className="pl-cal">
        {plan.days.map((d) => (
          <View key={d.date} className={`pl-cal-day pl-cal-${d.state} pl-cal-${d.date}`}>
            <Text className="pl-cal-date">{shortDate(d.date)}</Text>
            <Text className="pl-cal-state">{px(`state.${d.state}`)}</Text>
          </View>
        ))}
      </View>
    </View>
  )
}

export default function PlanEdit() {
  const { params } = useRouter()
  const id = numParam((params as Record<string, string | undefined>).id)
  // the plan, then the goods to choose from (its own goods included even when it came inside a package)
  const page = useLoader(async () => {
    const plan = await planInfo(id ?? 0, QUIET)
    return { plan, goods: plan.entitled ? await planGoods(plan.goodsId, QUIET) : [] }
  })
  const { submitting, run } = useSubmit()
  const { submitting: deleting, run: runDelete } = useSubmit()

  useDidShow(() => {
    if (!id || !requireLogin()) return
    page.reload(page.status === 'ready')
  })
  usePullDownRefresh(() => {
    ;(id ? page.reload(true) : Promise.resolve()).finally(() => Taro.stopPullDownRefresh())
  })

  const onDelete = () =>
    runDelete(async () => {
      const res = await Taro.showModal({
        title: px('delete'),
        content: px('deleteConfirm'),
        confirmText: px('confirm'),
        cancelText: px('cancel'),
        confirmColor: '#f53f3f',
      })
      if (!res.confirm || !id) return
      await deletePlan(id)
      Taro.showToast({ title: px('deleted'), icon: 'success' })
      leave()
    })
  const deleteButton = (
    <Button className={`pl-delete${deleting ? ' is-busy' : ''}`} onClick={onDelete}>
      {px('delete')}
    </Button>
  )

  if (!id)
    return (
      <View className="page pl-page" style={themeStyle}>
        <NavBar title={px('editTitle')} />
        <Empty text={px('notFound')} />
      </View>
    )

  const plan = page.data?.plan
  return (
    <View className="page pl-page pl-edit" style={themeStyle}>
      <NavBar title={px('editTitle')} />
      <StatusBox status={page.status} empty={!plan} emptyText={px('notFound')} onRetry={() => page.reload()}>
        {plan && (
          <>
            <Progress plan={plan} />
            {plan.entitled ? (
              <PlanForm
                key={plan.id}
                goods={page.data?.goods ?? []}
                initial={formOf(plan)}
                keptStart={plan.startDate}
                submitting={submitting}
                footer={deleteButton}
                onSubmit={(body) =>
                  run(async () => {
                    await editPlan(plan.id, body)
                    Taro.showToast({ title: px('saved'), icon: 'success' })
                    leave()
                  })
                }
              />
            ) : (
              <View className="pl-section pl-expired">
                <Text className="pl-muted">{px('notEntitledEdit')}</Text>
                <View className="pl-actions">{deleteButton}</View>
              </View>
            )}
          </>
        )}
      </StatusBox>
    </View>
  )
}
