/**
 * Shared by the pages5 exam pages (my appointments, mock-exam home and records, application and its result):
 * URLs, times, the action a mock row offers, tabs and info rows. Page files export only their page on weapp.
 */
import { ScrollView, Text, View } from '@tarojs/components'
import type { ReactNode } from 'react'
import { MOCK_SUBSCRIBE_STATUS, type MockRow, type MockSubscribe, mockApplyList } from '@/features/exam/api'
import { dateTime, timeRange } from '@/features/exam/ui'
import { tx } from './mock-messages'

export const mockUrl = {
  home: '/pages5/mockRecord/mock_record',
  apply: (examId: number) => `/pages5/mockExam/examApply?examId=${examId}`,
  success: (subscribeId: number) => `/pages5/mockExam/registrationSuccess?subscribeId=${subscribeId}`,
  records: (examId: number) => `/pages5/mockRecord/mock_record_list?examId=${examId}`,
  /** the timed sitting (starts or resumes the attempt) */
  sit: (examId: number) => `/pages5/exam/index?examId=${examId}&kind=mock`,
  report: (recordId: number, examId: number) =>
    `/pages5/examReport/index?recordId=${recordId}&examId=${examId}&kind=mock`,
}

/** One mock of the application list (there is no single-mock route): pages of 100 until found. */
export async function findMock(examId: number, maxPages = 20): Promise<MockRow | null> {
  for (let pageNum = 1; pageNum <= maxPages; pageNum++) {
    const page = await mockApplyList({ pageNum, pageSize: 100 }, { noLoading: true, silent: true })
    const hit = page.rows.find((m) => m.examId === examId)
    if (hit) return hit
    if (page.rows.length === 0 || pageNum * 100 >= page.total) return null
  }
  return null
}

export const nowSeconds = () => Date.now() / 1000

/** A window with open ends ("不限" for a missing end). */
export function windowText(open: number | null, close: number | null): string {
  if (open && close) return timeRange(open, close)
  return `${open ? dateTime(open) : tx('mock.anyTime')} - ${close ? dateTime(close) : tx('mock.anyTime')}`
}

export type Live = MockRow['live']

/** scheduled before open, living inside the window, ended after close (open ends count as open). */
export function liveOf(open: number | null, close: number | null, now = nowSeconds()): Live {
  if (open && now < open) return 'scheduled'
  if (close && now >= close) return 'ended'
  return 'living'
}

/**
 * What a mock row offers the learner: a button (apply, enter, continue, results, cancel) or a note saying why
 * not. Applied: enter (or continue the open attempt) while living; once every attempt is used (or the mock
 * ended after one) its results instead; withdraw before it opens. Not applied: apply while applications are open.
 */
export type MockAction =
  | { kind: 'apply' | 'enter' | 'continue' | 'results' | 'cancel' }
  | { kind: 'note'; text: string }
  | { kind: 'none' }

/** Every attempt of the mock is used (an open one still counts as used: it is continued, not started). */
export const attemptsUsedUp = (m: { maxAttempts: number; attemptsUsed: number }) =>
  m.maxAttempts > 0 && m.attemptsUsed >= m.maxAttempts

export function mockAction(m: MockRow, now = nowSeconds()): MockAction {
  if (m.applied) {
    if (m.live === 'living') {
      if (m.openRecordId) return { kind: 'continue' }
      return attemptsUsedUp(m) ? { kind: 'results' } : { kind: 'enter' }
    }
    if (m.live === 'scheduled') return m.subscribeId ? { kind: 'cancel' } : { kind: 'none' }
    return m.attemptsUsed > 0 ? { kind: 'results' } : { kind: 'none' }
  }
  if (m.canApply) return { kind: 'apply' }
  if (m.live === 'ended') return { kind: 'none' }
  if (m.applyOpenTime && now < m.applyOpenTime) return { kind: 'note', text: tx('mock.applyNotOpen') }
  return { kind: 'note', text: tx('mock.applyClosed') }
}

/** What one of my applications offers: the same rules as a mock row, on the application's own counts. */
export function subscriptionAction(s: MockSubscribe, now = nowSeconds()): MockAction['kind'] {
  const applied = s.status === MOCK_SUBSCRIBE_STATUS.applied
  const live = liveOf(s.openTime, s.closeTime, now)
  if (applied && live === 'living') {
    if (s.openRecordId) return 'continue'
    return attemptsUsedUp(s) ? 'results' : 'enter'
  }
  if (applied && live === 'scheduled') return 'cancel'
  return s.attemptsUsed > 0 && !s.openRecordId ? 'results' : 'none'
}

export function Tabs<K extends string>({
  tabs,
  active,
  onChange,
}: {
  tabs: readonly { key: K; label: string }[]
  active: K
  onChange: (key: K) => void
}) {
  return (
    <ScrollView className="mk-tabs" scrollX enhanced showScrollbar={false}>
      {tabs.map((x) => (
        <View
          key={x.key}
          className={`mk-tab mk-tab-${x.key}${x.key === active ? ' is-active' : ''}`}
          onClick={() => {
            if (x.key !== active) onChange(x.key)
          }}
        >
          <Text>{x.label}</Text>
        </View>
      ))}
    </ScrollView>
  )
}

export function InfoRow({ label, value, className = '' }: { label: string; value: ReactNode; className?: string }) {
  return (
    <View className={`mk-info-row ${className}`.trim()}>
      <Text className="mk-info-label">{label}</Text>
      <View className="mk-info-value">{value}</View>
    </View>
  )
}

/** Score text: 87.5 -> "87.5" (two decimals at most). */
export const scoreText = (s: number | null | undefined) =>
  s === null || s === undefined ? '-' : String(Math.round(s * 100) / 100)
