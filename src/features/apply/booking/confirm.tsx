/**
 * The confirm step of a booking, shared by kporder (exam sittings) and order (trainings): the exam, the site,
 * the session and the rules; confirm books the session or moves the learner's booking to it. Refusals:
 * EXAM_CODE.notEligible lists the unmet entry conditions with a way to fix each, sessionFull sends the learner
 * back to the (reloaded) list, bookingRule shows the server's reason.
 */
import { Button, Text, View } from '@tarojs/components'
import Taro, { useDidShow, usePullDownRefresh, useRouter } from '@tarojs/taro'
import { useRef, useState } from 'react'
import Empty from '@/components/empty'
import '@/components/form/index.scss'
import NavBar from '@/components/nav-bar'
import { themeStyle } from '@/components/theme'
import { numParam, QUIET, requireLogin, useLoader } from '@/features/bank/lib'
import { StatusBox } from '@/features/bank/ui'
import {
  APPOINTMENT_STATUS,
  book,
  bookableExams,
  CHANGE_CUTOFF_HOURS,
  type EligibilityCheck,
  EXAM_CODE,
  MAX_RESCHEDULES,
  refusedChecks,
  reschedule,
  type SessionKind,
  sites,
} from '@/features/exam/api'
import { ApiError } from '@/services/http/request'
import { tx } from './messages'
import { appointmentUrl, EligibilityList, InfoRow, sessionLabel, sessionState, toastFailure } from './parts'
import './appointment.scss'
import { backTo, timeRange } from '@/features/exam/ui'

export function BookingConfirm({ kind }: { kind: SessionKind }) {
  const { params } = useRouter()
  const p = params as Record<string, string | undefined>
  const sessionId = numParam(p.sessionId)
  const examId = numParam(p.examId)
  const siteId = numParam(p.siteId)
  const cityId = numParam(p.cityId)
  const appointmentId = numParam(p.appointmentId)
  const valid = !!sessionId && !!examId

  const data = useLoader(async () => {
    const [siteRows, examRows] = await Promise.all([
      sites(kind, examId ?? 0, cityId, QUIET),
      bookableExams(kind, QUIET),
    ])
    const site =
      siteRows.find((s) => s.siteId === siteId && s.sessions.some((x) => x.sessionId === sessionId)) ??
      siteRows.find((s) => s.sessions.some((x) => x.sessionId === sessionId)) ??
      null
    const session = site?.sessions.find((x) => x.sessionId === sessionId) ?? null
    const row = examRows.find((r) => r.exam.examId === examId) ?? null
    const current = row?.appointment && row.appointment.status === APPOINTMENT_STATUS.booked ? row.appointment : null
    return { site, session, exam: row?.exam ?? null, current }
  })
  const [checks, setChecks] = useState<EligibilityCheck[] | null>(null)
  const [submitting, setSubmitting] = useState(false)
  const busy = useRef(false)

  const title = tx(kind === 'train' ? 'title.confirmTrain' : 'title.confirmExam')
  useDidShow(() => {
    if (valid && requireLogin()) data.reload(data.status === 'ready')
  })
  usePullDownRefresh(() => {
    const r = valid ? data.reload(true) : Promise.resolve()
    r.finally(() => Taro.stopPullDownRefresh())
  })

  const backToList = () => backTo(appointmentUrl.index({ kind, examId, appointmentId: appointmentId || undefined }))

  const confirm = async () => {
    const session = data.data?.session
    if (busy.current || !session?.bookable) return
    busy.current = true
    setSubmitting(true)
    try {
      const a = appointmentId
        ? await reschedule(appointmentId, session.sessionId, { silent: true })
        : await book(session.sessionId, { silent: true })
      setChecks(null)
      Taro.redirectTo({
        url: `${appointmentUrl.success(a.appointmentId)}${appointmentId ? '&rescheduled=1' : ''}`,
      })
    } catch (e) {
      const refused = refusedChecks(e)
      if (refused) {
        setChecks(refused)
      } else if (e instanceof ApiError && e.code === EXAM_CODE.sessionFull) {
        await Taro.showModal({
          title: tx('refuse.full'),
          content: tx('refuse.fullHint'),
          showCancel: false,
          confirmText: tx('ok'),
        })
        backToList()
      } else if (e instanceof ApiError && e.code === EXAM_CODE.bookingRule) {
        await Taro.showModal({ title: tx('refuse.rule'), content: e.msg, showCancel: false, confirmText: tx('ok') })
        data.reload(true)
      } else {
        toastFailure(e)
      }
    } finally {
      busy.current = false
      setSubmitting(false)
    }
  }

  if (!valid)
    return (
      <View className="page ap-page" style={themeStyle}>
        <NavBar title={title} />
        <Empty text={tx('confirm.gone')} />
      </View>
    )

  const d = data.data
  const session = d?.session ?? null
  const site = d?.site ?? null
  const current = d?.current && (!appointmentId || d.current.appointmentId === appointmentId) ? d.current : null
  const state = session ? sessionState(session, current?.sessionId) : 'closed'
  const canConfirm = state === 'open' && !submitting
  return (
    <View className={`page ap-page ap-confirm ap-confirm-${kind}`} style={themeStyle}>
      <NavBar title={title} />
      <StatusBox
        status={data.status}
        empty={!session || !site}
        emptyText={tx('confirm.gone')}
        emptyAction={tx('confirm.pickAgain')}
        onEmptyAction={backToList}
        onRetry={() => data.reload()}
      >
        {session && site && (
          <>
            <View className="ap-card">
              <InfoRow label={tx('confirm.exam')} value={<Text className="ap-exam-name">{d?.exam?.name ?? ''}</Text>} />
              <InfoRow label={tx('confirm.kind')} value={tx(kind === 'train' ? 'kind.train' : 'kind.exam')} />
              <InfoRow
                label={tx(kind === 'train' ? 'confirm.trainSite' : 'confirm.site')}
                value={<Text className="ap-site-name">{site.name}</Text>}
              />
              {!!site.address && <InfoRow label={tx('confirm.address')} value={site.address} />}
              {!!site.phone && (
                <InfoRow
                  label={tx('confirm.phone')}
                  value={
                    <Text
                      className="ap-link ap-phone"
                      onClick={() => Taro.makePhoneCall({ phoneNumber: site.phone }).catch(() => undefined)}
                    >
                      {site.phone}
                    </Text>
                  }
                />
              )}
              <InfoRow
                label={tx('confirm.time')}
                value={<Text className="ap-time">{timeRange(session.startTime, session.endTime)}</Text>}
              />
              <InfoRow
                label={tx('confirm.seats')}
                value={<Text className={`ap-seats is-${state}`}>{sessionLabel(session, state)}</Text>}
              />
              {current && appointmentId && (
                <>
                  <InfoRow
                    className="ap-current"
                    label={tx('confirm.current')}
                    value={`${current.siteName} ${timeRange(current.startTime, current.endTime)}`}
                  />
                  <InfoRow
                    label=""
                    value={tx('reschedule.left', { n: Math.max(0, MAX_RESCHEDULES - current.rescheduleNum) })}
                  />
                </>
              )}
            </View>

            <View className="ap-card ap-rules">
              <Text className="ap-card-title">{tx('confirm.rules')}</Text>
              <Text className="ap-rule">{tx('rule.cutoff', { h: CHANGE_CUTOFF_HOURS })}</Text>
              <Text className="ap-rule">{tx('rule.reschedule', { n: MAX_RESCHEDULES })}</Text>
              {kind === 'exam' && <Text className="ap-rule ap-rule-letter">{tx('rule.letter')}</Text>}
              <Text className="ap-rule">{tx('rule.arrive')}</Text>
            </View>

            {checks && <EligibilityList checks={checks} />}

            {state !== 'open' && state !== 'current' && (
              <Text className="ap-warn ap-not-bookable">{tx('confirm.notBookable')}</Text>
            )}
            <View className="ap-actions">
              <Button
                className={`form-submit ap-submit ap-confirm-btn${canConfirm ? '' : ' is-disabled'}`}
                disabled={!canConfirm || undefined}
                onClick={confirm}
              >
                {tx(appointmentId ? 'confirm.reschedule' : 'confirm.book')}
              </Button>
              {state !== 'open' && (
                <View className="ap-btn ap-pick-again" onClick={backToList}>
                  {tx('confirm.pickAgain')}
                </View>
              )}
            </View>
          </>
        )}
      </StatusBox>
    </View>
  )
}
