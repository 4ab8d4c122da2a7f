/**
 * After a booking (spec: pages2/appointment/appointment_success?appointmentId): the booking's summary; for an
 * exam sitting the commitment letter comes next (hidden once signed; re-read on show, so it disappears after
 * signing). Links to my bookings and back to the exam. Default navigation bar (page config).
 */
import { Button, Text, View } from '@tarojs/components'
import Taro, { useDidShow, useRouter } from '@tarojs/taro'
import Empty from '@/components/empty'
import '@/components/form/index.scss'
import NavBar from '@/components/nav-bar'
import ResultHead from '@/components/result-head'
import { themeStyle } from '@/components/theme'
import { numParam, QUIET, requireLogin, useLoader } from '@/features/bank/lib'
import { StatusBox } from '@/features/bank/ui'
import { APPOINTMENT_STATUS, appointment } from '@/features/exam/api'
import { tx } from './messages'
import { appointmentUrl, InfoRow } from './parts'
import './appointment.scss'
import { backTo, timeRange } from '@/features/exam/ui'

export default function AppointmentSuccess() {
  const { params } = useRouter()
  const p = params as Record<string, string | undefined>
  const appointmentId = numParam(p.appointmentId)
  const rescheduled = p.rescheduled === '1'
  const data = useLoader(() => appointment(appointmentId ?? 0, QUIET))

  const title = tx('title.success')
  useDidShow(() => {
    if (appointmentId && requireLogin()) data.reload(data.status === 'ready')
  })

  if (!appointmentId)
    return (
      <View className="page ap-page" style={themeStyle}>
        <NavBar title={title} />
        <Empty text={tx('success.notFound')} />
      </View>
    )

  const a = data.data
  const cancelled = a?.status === APPOINTMENT_STATUS.cancelled
  return (
    <View className="page ap-page ap-success" style={themeStyle}>
      <NavBar title={title} />
      <StatusBox status={data.status} empty={!a} emptyText={tx('success.notFound')} onRetry={() => data.reload()}>
        {a && (
          <>
            <ResultHead
              muted={cancelled}
              title={tx(cancelled ? 'success.cancelled' : rescheduled ? 'success.rescheduled' : 'success.booked')}
            />
            <View className="ap-card">
              <InfoRow label={tx('confirm.exam')} value={<Text className="ap-exam-name">{a.examName}</Text>} />
              <InfoRow label={tx('confirm.kind')} value={tx(a.kind === 'train' ? 'kind.train' : 'kind.exam')} />
              <InfoRow
                label={tx(a.kind === 'train' ? 'confirm.trainSite' : 'confirm.site')}
                value={<Text className="ap-site-name">{a.siteName}</Text>}
              />
              {!!a.siteAddress && <InfoRow label={tx('confirm.address')} value={a.siteAddress} />}
              {!!a.sitePhone && <InfoRow label={tx('confirm.phone')} value={a.sitePhone} />}
              <InfoRow
                label={tx('confirm.time')}
                value={<Text className="ap-time">{timeRange(a.startTime, a.endTime)}</Text>}
              />
              {a.kind === 'exam' && !cancelled && (
                <InfoRow
                  label=""
                  value={
                    <Text className={`ap-letter ${a.letterSigned ? 'is-signed' : 'is-todo'}`}>
                      {tx(a.letterSigned ? 'success.letterSigned' : 'success.letterTodo')}
                    </Text>
                  }
                />
              )}
            </View>
            <View className="ap-actions">
              {a.kind === 'exam' && !cancelled && !a.letterSigned && (
                <Button
                  className="form-submit ap-submit ap-sign-letter"
                  onClick={() => Taro.navigateTo({ url: appointmentUrl.signCommit(a.examId) })}
                >
                  {tx('success.signLetter')}
                </Button>
              )}
              <View className="ap-btn ap-my-appointments" onClick={() => Taro.navigateTo({ url: appointmentUrl.list })}>
                {tx('success.myAppointments')}
              </View>
              <View className="ap-btn ap-back-exam" onClick={() => backTo(appointmentUrl.examEntry(a.examId))}>
                {tx('success.backExam')}
              </View>
            </View>
          </>
        )}
      </StatusBox>
    </View>
  )
}
