/**
 * Book (or reschedule) an exam sitting or a training (spec: pages2/appointment/index?kind=exam|train
 * &examId&appointmentId): the exam (when none is given: the bookable ones with the learner's booking), the
 * city (province, then city; the last choice is remembered), then the city's sites with their sessions.
 * A bookable session opens the confirm page (kporder for sittings, order for trainings). With an
 * appointmentId, or when the learner already holds a changeable booking of the exam, the choice reschedules.
 * Default navigation bar (page config).
 */
import { Text, View } from '@tarojs/components'
import Taro, { useDidShow, usePullDownRefresh, useRouter } from '@tarojs/taro'
import { useEffect, useRef, useState } from 'react'
import NavBar from '@/components/nav-bar'
import { themeStyle } from '@/components/theme'
import { go, numParam, QUIET, requireLogin, useLoader } from '@/features/bank/lib'
import { StatusBox } from '@/features/bank/ui'
import {
  APPOINTMENT_STATUS,
  type Area,
  type BookableExam,
  bookableExams,
  cities,
  MAX_RESCHEDULES,
  provinces,
  type Session,
  type Site,
  sites,
} from '@/features/exam/api'
import { t } from '@/i18n/sub'
import { isLoggedIn } from '@/store/session'
import { tx } from './messages'
import {
  appointmentUrl,
  kindParam,
  lastCity,
  lockedReason,
  type RememberedCity,
  rememberCity,
  sessionLabel,
  sessionState,
} from './parts'
import './appointment.scss'
import { timeRange } from '@/features/exam/ui'

type Step = 'exam' | 'province' | 'city' | 'sites'

function ExamRow({ row, onPick }: { row: BookableExam; onPick: (r: BookableExam) => void }) {
  const a = row.appointment?.status === APPOINTMENT_STATUS.booked ? row.appointment : null
  return (
    <View className={`ap-row ap-exam ap-exam-${row.exam.examId}`} onClick={() => onPick(row)}>
      <View className="ap-row-main">
        <Text className="ap-row-title">{row.exam.name}</Text>
        {!!row.exam.goodsName && <Text className="ap-muted">{row.exam.goodsName}</Text>}
        <Text className="ap-muted">{tx('exams.sessions', { n: row.sessionNum })}</Text>
        {a && (
          <Text className="ap-booked">
            {tx('exams.booked', { site: a.siteName, time: timeRange(a.startTime, a.endTime) })}
          </Text>
        )}
      </View>
      <View className="ap-arrow" />
    </View>
  )
}

function SiteCard({
  site,
  currentSessionId,
  onPick,
}: {
  site: Site
  currentSessionId: number | null
  onPick: (site: Site, s: Session) => void
}) {
  return (
    <View className={`ap-card ap-site ap-site-${site.siteId}`}>
      <Text className="ap-card-title">{site.name}</Text>
      {!!site.address && <Text className="ap-muted ap-site-address">{site.address}</Text>}
      {!!site.phone && <Text className="ap-muted ap-site-phone">{site.phone}</Text>}
      {site.sessions.length === 0 ? (
        <Text className="ap-muted ap-no-session">{tx('session.none')}</Text>
      ) : (
        <View className="ap-sessions">
          {site.sessions.map((s) => {
            const state = sessionState(s, currentSessionId)
            return (
              <View
                key={s.sessionId}
                className={`ap-session ap-session-${s.sessionId} is-${state}`}
                onClick={() => onPick(site, s)}
              >
                <Text className="ap-session-time">{timeRange(s.startTime, s.endTime)}</Text>
                <Text className="ap-session-seats">{sessionLabel(s, state)}</Text>
              </View>
            )
          })}
        </View>
      )}
    </View>
  )
}

export default function AppointmentIndex() {
  const { params } = useRouter()
  const p = params as Record<string, string | undefined>
  const kind = kindParam(p.kind)
  const fixedExamId = numParam(p.examId)
  const askedAppointmentId = numParam(p.appointmentId)

  const [examId, setExamId] = useState<number | undefined>(fixedExamId)
  const [city, setCity] = useState<RememberedCity | null>(() => lastCity())
  /** choosing a city: province null = the province list */
  const [picking, setPicking] = useState<{ province: Area | null } | null>(null)

  const exams = useLoader(() => bookableExams(kind, QUIET))
  const provinceList = useLoader(() => provinces(QUIET))
  const cityList = useLoader(() => cities(picking?.province?.areaId ?? 0, QUIET))
  const siteList = useLoader(() => sites(kind, examId ?? 0, city?.cityId, QUIET))

  const step: Step = !examId ? 'exam' : picking?.province ? 'city' : picking || !city ? 'province' : 'sites'

  const loadStep = (quiet: boolean) => {
    if (step === 'sites') return siteList.reload(quiet)
    if (step === 'province') return provinceList.reload(quiet || provinceList.status === 'ready')
    if (step === 'city') return cityList.reload(quiet)
    return Promise.resolve()
  }

  const title = tx(kind === 'train' ? 'title.train' : 'title.exam')

  const shown = useRef(false)
  useDidShow(() => {
    if (!requireLogin()) return
    const again = shown.current
    shown.current = true
    exams.reload(again)
    // back from a confirm page: seats and the learner's booking may have changed
    if (again) loadStep(true)
  })

  // biome-ignore lint/correctness/useExhaustiveDependencies: load each step's data when the step (or its key) changes
  useEffect(() => {
    if (isLoggedIn()) loadStep(false)
  }, [step, examId, city?.cityId, picking?.province?.areaId])

  usePullDownRefresh(() => {
    Promise.all([exams.reload(true), loadStep(true)]).finally(() => Taro.stopPullDownRefresh())
  })

  // the learner's booking of the chosen exam (of this kind): rescheduled by a new choice, or locked
  const row = exams.data?.find((r) => r.exam.examId === examId) ?? null
  const booked = row?.appointment?.status === APPOINTMENT_STATUS.booked ? row.appointment : null
  const target = askedAppointmentId ? (booked?.appointmentId === askedAppointmentId ? booked : null) : booked
  const locked = !!target && !target.canChange
  const rescheduleId = askedAppointmentId ?? (target?.canChange ? target.appointmentId : undefined)

  const pickExam = (r: BookableExam) => {
    setExamId(r.exam.examId)
  }

  const pickSession = (site: Site, s: Session) => {
    if (!examId) return
    const state = sessionState(s, target?.sessionId)
    if (state !== 'open') {
      Taro.showToast({ title: sessionLabel(s, state), icon: 'none' })
      return
    }
    if (locked && target) {
      Taro.showToast({ title: lockedReason(target) || tx('locked.toast'), icon: 'none' })
      return
    }
    go(
      appointmentUrl.confirm(kind, {
        sessionId: s.sessionId,
        examId,
        siteId: site.siteId,
        cityId: city?.cityId,
        appointmentId: rescheduleId,
      }),
    )
  }

  const pickCity = (c: Area) => {
    const province = picking?.province
    const chosen: RememberedCity = {
      provinceId: province?.areaId ?? c.parentId,
      provinceName: province?.name ?? '',
      cityId: c.areaId,
      cityName: c.name,
    }
    rememberCity(chosen)
    setCity(chosen)
    setPicking(null)
  }

  return (
    <View className="page ap-page ap-index" style={themeStyle}>
      <NavBar title={title} />
      {step !== 'exam' && (
        <View className="ap-card ap-exam-head">
          <View className="ap-row-main">
            <Text className="ap-row-title ap-exam-name">{row?.exam.name ?? ''}</Text>
            <Text className="ap-tag">{tx(kind === 'train' ? 'kind.train' : 'kind.exam')}</Text>
          </View>
          {!fixedExamId && (
            <Text className="ap-link ap-change-exam" onClick={() => setExamId(undefined)}>
              {tx('exams.change')}
            </Text>
          )}
        </View>
      )}
      {step !== 'exam' && target && (
        <View className={`ap-banner ${locked ? 'is-locked' : 'is-reschedule'}`}>
          <Text>
            {tx(locked ? 'locked.banner' : 'reschedule.banner', {
              site: target.siteName,
              time: timeRange(target.startTime, target.endTime),
            })}
          </Text>
          <Text className="ap-banner-sub">
            {locked
              ? lockedReason(target)
              : tx('reschedule.left', { n: Math.max(0, MAX_RESCHEDULES - target.rescheduleNum) })}
          </Text>
        </View>
      )}

      {step === 'exam' && (
        <StatusBox
          status={exams.status}
          empty={(exams.data ?? []).length === 0}
          emptyText={tx(kind === 'train' ? 'exams.emptyTrain' : 'exams.empty')}
          onRetry={() => exams.reload()}
        >
          <View className="ap-card">
            <Text className="ap-card-title">{tx('exams.title')}</Text>
            {(exams.data ?? []).map((r) => (
              <ExamRow key={r.exam.examId} row={r} onPick={pickExam} />
            ))}
          </View>
        </StatusBox>
      )}

      {step === 'sites' && city && (
        <View className="ap-city-bar">
          <Text className="ap-muted">{tx('city.label')}</Text>
          <Text className="ap-city-name">{city.cityName}</Text>
          <Text className="ap-link ap-switch-city" onClick={() => setPicking({ province: null })}>
            {tx('city.switch')}
          </Text>
        </View>
      )}

      {step === 'province' && (
        <View className="ap-card ap-provinces">
          <View className="ap-card-head">
            <Text className="ap-card-title">{tx('city.province')}</Text>
            {city && (
              <Text className="ap-link ap-pick-cancel" onClick={() => setPicking(null)}>
                {t('common.cancel')}
              </Text>
            )}
          </View>
          <StatusBox
            status={provinceList.status}
            empty={(provinceList.data ?? []).length === 0}
            emptyText={tx('city.empty')}
            onRetry={() => provinceList.reload()}
          >
            {(provinceList.data ?? []).map((a) => (
              <View
                key={a.areaId}
                className={`ap-row ap-area ap-province-${a.areaId}${a.siteNum > 0 ? '' : ' is-empty'}`}
                onClick={() => setPicking({ province: a })}
              >
                <Text className="ap-row-title">{a.name}</Text>
                <Text className="ap-muted">{tx('city.sites', { n: a.siteNum })}</Text>
              </View>
            ))}
          </StatusBox>
        </View>
      )}

      {step === 'city' && picking?.province && (
        <View className="ap-card ap-cities">
          <View className="ap-card-head">
            <Text className="ap-card-title">{tx('city.cities', { province: picking.province.name })}</Text>
            <Text className="ap-link ap-back-provinces" onClick={() => setPicking({ province: null })}>
              {tx('city.back')}
            </Text>
          </View>
          <StatusBox
            status={cityList.status}
            empty={(cityList.data ?? []).length === 0}
            emptyText={tx('city.emptyCities')}
            emptyAction={tx('city.back')}
            onEmptyAction={() => setPicking({ province: null })}
            onRetry={() => cityList.reload()}
          >
            {(cityList.data ?? []).map((a) => (
              <View
                key={a.areaId}
                className={`ap-row ap-area ap-city-${a.areaId}${a.siteNum > 0 ? '' : ' is-empty'}`}
                onClick={() => pickCity(a)}
              >
                <Text className="ap-row-title">{a.name}</Text>
                <Text className="ap-muted">{tx('city.sites', { n: a.siteNum })}</Text>
              </View>
            ))}
          </StatusBox>
        </View>
      )}

      {step === 'sites' && (
        <StatusBox
          status={siteList.status}
          empty={(siteList.data ?? []).length === 0}
          emptyText={tx('sites.empty')}
          emptyHint={tx('sites.emptyHint')}
          emptyAction={tx('sites.otherCity')}
          onEmptyAction={() => setPicking({ province: null })}
          onRetry={() => siteList.reload()}
        >
          {(siteList.data ?? []).map((s) => (
            <SiteCard key={s.siteId} site={s} currentSessionId={target?.sessionId ?? null} onPick={pickSession} />
          ))}
        </StatusBox>
      )}
    </View>
  )
}
