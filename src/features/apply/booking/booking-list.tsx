/**
 * My appointments (spec: pages5/examAppointList): exam sittings and trainings by tab (upcoming, past, all),
 * paged, pull-down refresh. A booking can be rescheduled while `canChange` (before the cut-off, reschedules
 * left) and cancelled while `canCancel` (before the cut-off; confirm first); after the cut-off the row says so. An exam
 * sitting shows whether its commitment letter is signed and links to signing it.
 */
import { Text, View } from '@tarojs/components'
import Taro, { useDidShow, usePullDownRefresh, useReachBottom } from '@tarojs/taro'
import { useCallback, useRef, useState } from 'react'
import NavBar from '@/components/nav-bar'
import { themeStyle } from '@/components/theme'
import { go, QUIET, requireLogin } from '@/features/bank/lib'
import { ListFooter, StatusBox } from '@/features/bank/ui'
import { APPOINTMENT_STATUS, type Appointment, appointments, cancelAppointment } from '@/features/exam/api'
import { usePaged } from '@/lib/use-paged'
import { tx } from '../mock-messages'
import { nowSeconds, Tabs } from '../mock-parts'
import '../mock.scss'
import { dateTime, timeRange } from '@/features/exam/ui'

type When = 'upcoming' | 'past' | 'all'

const appointmentIndex = (a: Appointment) =>
  `/pages2/appointment/index?kind=${a.kind}&examId=${a.examId}&appointmentId=${a.appointmentId}`
const signCommitUrl = (examId: number) => `/pages2/exam/signCommit?examId=${examId}`

const STATUS_KEY = {
  booked: 'appts.status.booked',
  cancelled: 'appts.status.cancelled',
  ended: 'appts.status.ended',
} as const

function statusOf(a: Appointment, now: number): 'booked' | 'cancelled' | 'ended' {
  if (a.status === APPOINTMENT_STATUS.cancelled) return 'cancelled'
  return a.status === APPOINTMENT_STATUS.booked && now < a.endTime ? 'booked' : 'ended'
}

function AppointmentCard({ a, onCancel }: { a: Appointment; onCancel: (a: Appointment) => void }) {
  const now = nowSeconds()
  const status = statusOf(a, now)
  const active = status === 'booked'
  return (
    <View className={`mk-card mk-appt mk-appt-${a.appointmentId} is-${status}`}>
      <View className="mk-card-head">
        <Text className="mk-tag">{tx(a.kind === 'train' ? 'appts.kind.train' : 'appts.kind.exam')}</Text>
        <Text className="mk-card-title">{a.examName}</Text>
        <Text className={`mk-status mk-status-${status}`}>{tx(STATUS_KEY[status])}</Text>
      </View>
      <Text className="mk-muted mk-appt-site">
        {a.cityName ? tx('appts.site', { city: a.cityName, site: a.siteName }) : a.siteName}
      </Text>
      {!!a.siteAddress && <Text className="mk-muted">{a.siteAddress}</Text>}
      <Text className="mk-appt-time">{timeRange(a.startTime, a.endTime)}</Text>
      {a.kind === 'exam' && status !== 'cancelled' && (
        <Text className={`mk-badge mk-letter ${a.letterSigned ? 'is-signed' : 'is-todo'}`}>
          {tx(a.letterSigned ? 'appts.letter.signed' : 'appts.letter.todo')}
        </Text>
      )}
      {active && (
        <View className="mk-card-foot">
          <Text className="mk-muted mk-appt-note">
            {a.canChange
              ? tx('appts.deadline', { time: dateTime(a.changeDeadlineTime) })
              : a.canCancel
                ? tx('appts.noReschedule')
                : tx('appts.cutoff')}
          </Text>
          <View className="mk-actions">
            {a.kind === 'exam' && !a.letterSigned && (
              <View className="mk-btn mk-sign" onClick={() => go(signCommitUrl(a.examId))}>
                {tx('appts.sign')}
              </View>
            )}
            {a.canCancel && (
              <View className="mk-btn mk-cancel" onClick={() => onCancel(a)}>
                {tx('appts.cancel')}
              </View>
            )}
            {a.canChange && (
              <View className="mk-btn is-primary mk-reschedule" onClick={() => go(appointmentIndex(a))}>
                {tx('appts.reschedule')}
              </View>
            )}
          </View>
        </View>
      )}
    </View>
  )
}

export default function ExamAppointList() {
  const [tab, setTab] = useState<When>('upcoming')
  // read by the fetcher at call time: a tab switch reloads before the next render
  const when = useRef<When>('upcoming')
  const fetchPage = useCallback(
    (pageNum: number, pageSize: number) => appointments({ when: when.current, pageNum, pageSize }, QUIET),
    [],
  )
  const list = usePaged<Appointment>(fetchPage, 10)

  useDidShow(() => {
    if (requireLogin()) list.reload(list.status === 'ready')
  })
  usePullDownRefresh(() => {
    list.reload(true).finally(() => Taro.stopPullDownRefresh())
  })
  useReachBottom(() => {
    list.loadMore()
  })

  const switchTab = (key: When) => {
    when.current = key
    setTab(key)
    list.reload()
  }

  const onCancel = async (a: Appointment) => {
    const res = await Taro.showModal({
      title: tx('appts.cancelTitle'),
      content: tx('appts.cancelConfirm', { exam: a.examName, time: timeRange(a.startTime, a.endTime) }),
      confirmText: tx('appts.cancelOk'),
      cancelText: tx('appts.cancelKeep'),
    })
    if (!res.confirm) return
    try {
      await cancelAppointment(a.appointmentId)
      Taro.showToast({ title: tx('appts.cancelled'), icon: 'none' })
    } catch {
      // the request layer showed why
    }
    await list.reload(true)
  }

  const tabs = [
    { key: 'upcoming' as const, label: tx('appts.tab.upcoming') },
    { key: 'past' as const, label: tx('appts.tab.past') },
    { key: 'all' as const, label: tx('appts.tab.all') },
  ]
  return (
    <View className="page mk-page mk-appts" style={themeStyle}>
      <NavBar title={tx('appts.title')} />
      <Tabs tabs={tabs} active={tab} onChange={switchTab} />
      <StatusBox
        status={list.status}
        empty={list.rows.length === 0}
        emptyText={tx(tab === 'upcoming' ? 'appts.emptyUpcoming' : 'appts.empty')}
        emptyAction={tab === 'past' ? undefined : tx('appts.book')}
        onEmptyAction={() => go('/pages2/appointment/index?kind=exam')}
        onRetry={() => list.reload()}
      >
        {list.rows.map((a) => (
          <AppointmentCard key={a.appointmentId} a={a} onCancel={onCancel} />
        ))}
        <ListFooter more={list.more} done={list.done} onRetry={() => list.loadMore()} />
      </StatusBox>
    </View>
  )
}
