/**
 * Shared by the appointment pages (page files export only their page on weapp): URLs, the remembered
 * city, session states, time ranges, info rows, the eligibility checklist and the refusal helpers.
 */
import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import type { ReactNode } from 'react'
import type { Appointment, EligibilityCheck, Session, SessionKind } from '@/features/exam/api'
import { t } from '@/i18n/sub'
import { ApiError, TENANT_ERROR } from '@/services/http/request'
import { type StorageKey, storage } from '@/services/storage'
import { tx } from './messages'

export const kindParam = (v: string | undefined): SessionKind => (v === 'train' ? 'train' : 'exam')

function qs(q: Record<string, string | number | undefined>): string {
  return Object.entries(q)
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&')
}

export const appointmentUrl = {
  index: (q: { kind: SessionKind; examId?: number; appointmentId?: number }) => `/pages2/appointment/index?${qs(q)}`,
  /** the confirm page of a session: kporder (exam sittings) or order (trainings) */
  confirm: (
    kind: SessionKind,
    q: { sessionId: number; examId: number; siteId: number; cityId?: number; appointmentId?: number },
  ) => `/pages2/appointment/${kind === 'train' ? 'order' : 'kporder'}?${qs(q)}`,
  success: (appointmentId: number) => `/pages2/appointment/appointment_success?appointmentId=${appointmentId}`,
  list: '/pages5/examAppointList',
  signCommit: (examId: number) => `/pages2/exam/signCommit?examId=${examId}`,
  examEntry: (examId: number) => `/pages2/exam/exam_appointment?examId=${examId}`,
}

// ---- the city chosen last ----

export interface RememberedCity {
  provinceId: number
  provinceName: string
  cityId: number
  cityName: string
}

// Not yet in StorageKey (src/services/storage.ts): the key this feature stores under.
const CITY_KEY: StorageKey = 'apply_city'

export function lastCity(): RememberedCity | null {
  const v = storage.get<Partial<RememberedCity>>(CITY_KEY)
  if (!v || typeof v !== 'object') return null
  const { provinceId, provinceName, cityId, cityName } = v
  if (!Number.isInteger(cityId) || (cityId as number) <= 0 || typeof cityName !== 'string') return null
  return {
    provinceId: Number.isInteger(provinceId) ? (provinceId as number) : 0,
    provinceName: typeof provinceName === 'string' ? provinceName : '',
    cityId: cityId as number,
    cityName,
  }
}

export function rememberCity(c: RememberedCity): void {
  storage.set(CITY_KEY, c)
}

// ---- session states (times: @/services/exam/ui) ----

export type SessionState = 'open' | 'full' | 'current' | 'closed'

export function sessionState(s: Session, currentSessionId?: number | null): SessionState {
  if (currentSessionId === s.sessionId) return 'current'
  if (s.bookable) return 'open'
  return s.remaining <= 0 ? 'full' : 'closed'
}

export function sessionLabel(s: Session, state: SessionState): string {
  if (state === 'open') return tx('session.left', { n: s.remaining })
  if (state === 'current') return tx('session.current')
  if (state === 'full') return tx('session.full')
  return tx('session.closed')
}

/** Why a booking can no longer change (or '' when it can). */
export function lockedReason(a: Pick<Appointment, 'canChange' | 'canCancel'>) {
  if (a.canChange) return ''
  return a.canCancel ? tx('locked.noReschedule') : tx('locked.cutoff')
}

// ---- views ----

export function InfoRow({ label, value, className = '' }: { label: string; value: ReactNode; className?: string }) {
  return (
    <View className={`ap-info-row ${className}`.trim()}>
      <Text className="ap-info-label">{label}</Text>
      <View className="ap-info-value">{value}</View>
    </View>
  )
}

/** The entry conditions the server refused with: each unmet one with what is missing and where to fix it. */
export function EligibilityList({ checks }: { checks: EligibilityCheck[] }) {
  const missing = checks.filter((c) => !c.ok)
  return (
    <View className="ap-card ap-eligibility">
      <Text className="ap-card-title">{tx('refuse.eligible')}</Text>
      <Text className="ap-muted">{tx('refuse.eligibleHint')}</Text>
      {missing.map((c) => (
        <View key={c.key} className={`ap-check ap-check-${c.key}`}>
          <View className="ap-check-main">
            <Text className="ap-check-title">{c.title}</Text>
            {!!c.message && <Text className="ap-check-msg">{c.message}</Text>}
          </View>
          {!!c.fixPath && (
            <View className="ap-btn ap-check-fix" onClick={() => Taro.navigateTo({ url: c.fixPath })}>
              {tx('refuse.fix')}
            </View>
          )}
        </View>
      ))}
    </View>
  )
}

// ---- refusals ----

/** A failure of a `silent` call: session codes were handled by the request layer; anything else is toasted. */
export function toastFailure(e: unknown): void {
  if (e instanceof ApiError && [401, 409, 601, 699, TENANT_ERROR].includes(e.code)) return
  const title = e instanceof ApiError && e.msg ? e.msg : t('error.unknown')
  Taro.showToast({ title, icon: 'none' })
}
