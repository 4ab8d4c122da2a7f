/**
 * Study plans (spec: pages2/plan/index): the seven days from today as a strip (each day's done / planned items),
 * the chosen day's items with their progress and a tick when done — derived by the server from real study and
 * practice — each opening where it is studied (a course's menu, a bank's chapters); then my plans, paged, with
 * pull-down refresh; a plan opens its detail and edit page. Learner-only. Reloaded on show (after studying).
 */
import { Text, View } from '@tarojs/components'
import Taro, { useDidShow, usePullDownRefresh, useReachBottom } from '@tarojs/taro'
import { useCallback, useState } from 'react'
import NavBar from '@/components/nav-bar'
import { themeStyle } from '@/components/theme'
import { go, QUIET, requireLogin, useLoader } from '@/features/bank/lib'
import { ListFooter, StatusBox } from '@/features/bank/ui'
import { myPlans, type Plan, type PlanDay, planSeven } from '@/features/plan/api'
import { usePaged } from '@/lib/use-paged'
import { px } from './messages'
import { DayItemRow, PLAN_URL, PlanCard, shortDate, weekdayName } from './parts'
import './plan.scss'

function DayChip({ day, active, onPick }: { day: PlanDay; active: boolean; onPick: () => void }) {
  const all = day.totalNum > 0 && day.doneNum === day.totalNum
  return (
    <View
      className={`pl-day pl-day-${day.date}${active ? ' is-active' : ''}${day.isToday ? ' is-today' : ''}`}
      onClick={onPick}
    >
      <Text className="pl-day-name">{day.isToday ? px('today') : weekdayName(day.weekday)}</Text>
      <Text className="pl-day-date">{shortDate(day.date)}</Text>
      <View className={`pl-day-mark${all ? ' is-done' : day.totalNum === 0 ? ' is-off' : ''}`}>
        <Text>{day.totalNum === 0 ? '–' : all ? '✓' : `${day.doneNum}/${day.totalNum}`}</Text>
      </View>
    </View>
  )
}

export default function PlanIndex() {
  const seven = useLoader(() => planSeven(QUIET))
  const fetchPage = useCallback((pageNum: number, pageSize: number) => myPlans({ pageNum, pageSize }, QUIET), [])
  const list = usePaged<Plan>(fetchPage, 10)
  const [picked, setPicked] = useState(0)

  useDidShow(() => {
    if (!requireLogin()) return
    seven.reload(seven.status === 'ready')
    list.reload(list.status === 'ready')
  })
  usePullDownRefresh(() => {
    Promise.all([seven.reload(true), list.reload(true)]).finally(() => Taro.stopPullDownRefresh())
  })
  useReachBottom(() => {
    list.loadMore()
  })

  const days = seven.data ?? []
  const day = days[Math.min(picked, days.length - 1)]
  const noPlans = list.status === 'ready' && list.total === 0
  const create = () => go(PLAN_URL.create)

  return (
    <View className="page pl-page pl-index" style={themeStyle}>
      <NavBar title={px('title')} />
      {!noPlans && (
        <View className="pl-section pl-seven">
          <View className="pl-section-head">
            <Text className="pl-section-title">{px('seven')}</Text>
          </View>
          <StatusBox
            status={seven.status}
            empty={days.length === 0}
            emptyText={px('dayEmpty')}
            onRetry={() => seven.reload()}
            rows={2}
          >
            <View className="pl-days">
              {days.map((d, i) => (
                <DayChip key={d.date} day={d} active={d === day} onPick={() => setPicked(i)} />
              ))}
            </View>
            {day && (
              <View className="pl-day-panel">
                {day.totalNum === 0 ? (
                  <Text className="pl-muted pl-day-empty">{px('dayEmpty')}</Text>
                ) : (
                  <>
                    <Text className="pl-day-summary">
                      {day.isToday && day.doneNum === day.totalNum
                        ? px('dayAllDone')
                        : px('dayProgress', { done: day.doneNum, total: day.totalNum })}
                    </Text>
                    {!day.isToday && <Text className="pl-muted pl-day-hint">{px('upcomingHint')}</Text>}
                    {day.items.map((item) => (
                      <DayItemRow key={`${item.planId}-${item.itemId}`} item={item} future={!day.isToday} onOpen={go} />
                    ))}
                  </>
                )}
              </View>
            )}
          </StatusBox>
        </View>
      )}

      <View className="pl-section pl-mine">
        <View className="pl-section-head">
          <Text className="pl-section-title">{px('mine')}</Text>
          {!noPlans && (
            <Text className="pl-link pl-create-link" onClick={create}>
              + {px('create')}
            </Text>
          )}
        </View>
        <StatusBox
          status={list.status}
          empty={list.rows.length === 0}
          emptyText={px('empty')}
          emptyHint={px('emptyHint')}
          emptyAction={px('create')}
          onEmptyAction={create}
          onRetry={() => list.reload()}
        >
          {list.rows.map((p) => (
            <PlanCard key={p.id} plan={p} onOpen={(x) => go(PLAN_URL.edit(x.id))} />
          ))}
          <ListFooter more={list.more} done={list.done} onRetry={list.loadMore} />
        </StatusBox>
      </View>
    </View>
  )
}
