/** Views of the timed exam page: the nav bar that asks before leaving, the countdown, refusals, the closing veil. */
import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import Empty from '@/components/empty'
import NavBar from '@/components/nav-bar'
import { isTabPath } from '@/components/tab-bar/tabs'
import { formatClock, isUrgent } from './clock'
import { disableLeaveGuard } from './leave-guard'
import { tx } from './messages'
import type { Refusal } from './session'
import '@/components/nav-bar/index.scss'
import './exam.scss'

export const HOME_URL = '/pages/index/index'
export const EXAMS_URL = '/pages2/exam/index'
export const MOCKS_URL = '/pages5/mockRecord/mock_record'

/** Back to the previous page, or (opened directly) to `fallback`. */
export function goBack(fallback: string): void {
  Promise.resolve(Taro.navigateBack()).catch(() => Taro.redirectTo({ url: fallback }))
}

/** Open an app path: tab pages switch, others open on top. */
export function openPath(path: string): void {
  const url = path.startsWith('/') ? path : `/${path}`
  if (isTabPath(url)) Taro.switchTab({ url: url.split('?')[0] ?? url })
  else Taro.navigateTo({ url })
}

/** Ask before leaving a running exam (leaving loses nothing: the attempt resumes, but the clock keeps going). */
export async function confirmLeave(): Promise<boolean> {
  const r = await Taro.showModal({
    title: tx('exam.tip'),
    content: tx('exam.leave'),
    confirmText: tx('exam.leave.ok'),
    cancelText: tx('exam.leave.stay'),
  })
  return !!r?.confirm
}

/** The nav bar of the exam page: back and home ask first while the clock runs (`guard`). */
export function ExamNavBar({ title, guard, fallback }: { title: string; guard: boolean; fallback: string }) {
  const beforeLeave = async () => {
    if (!guard) return true
    if (!(await confirmLeave())) return false
    disableLeaveGuard()
    return true
  }
  return <NavBar title={title} beforeLeave={beforeLeave} fallbackUrl={fallback} buttonClass="exam-nav" />
}

export interface CountdownBarProps {
  name: string
  /** seconds left; null before the clock is known */
  left: number | null
  attemptNo: number | null
  maxAttempts: number | null
}

/** Exam name, attempt number and the countdown (red under URGENT_SECONDS). */
export function CountdownBar({ name, left, attemptNo, maxAttempts }: CountdownBarProps) {
  const urgent = left !== null && isUrgent(left)
  return (
    <View className={`exam-clock-bar${urgent ? ' is-urgent' : ''}`}>
      <View className="exam-clock-main">
        <Text className="exam-name">{name}</Text>
        {attemptNo !== null && (
          <Text className="exam-attempt">
            {maxAttempts
              ? tx('exam.attemptNoOf', { n: attemptNo, max: maxAttempts })
              : tx('exam.attemptNo', { n: attemptNo })}
          </Text>
        )}
      </View>
      {left !== null && (
        <View className="exam-clock">
          <Text className="exam-clock-label">{tx('exam.left')}</Text>
          <Text className={`exam-countdown${urgent ? ' is-urgent' : ''}`}>{formatClock(left)}</Text>
        </View>
      )}
    </View>
  )
}

/** Why the exam cannot start: the failed entry conditions with a way to fix each, or the server's reason. */
export function RefusalView({
  refusal,
  onRetry,
  fallback,
}: {
  refusal: Refusal
  onRetry: () => void
  fallback: string
}) {
  if (refusal.kind === 'notEligible')
    return (
      <View className="exam-checks">
        <Text className="exam-checks-title">{tx('exam.checks.title')}</Text>
        <Text className="exam-checks-hint">{tx('exam.checks.hint')}</Text>
        {refusal.checks.map((c) => (
          <View key={c.key} className={`exam-check exam-check-${c.key}${c.ok ? ' is-ok' : ' is-missing'}`}>
            <View className="exam-check-main">
              <Text className="exam-check-title">{c.title}</Text>
              <Text className="exam-check-message">{c.ok ? tx('exam.checks.ok') : c.message}</Text>
            </View>
            {!c.ok && !!c.fixPath && (
              <View className="exam-btn exam-check-fix" onClick={() => openPath(c.fixPath)}>
                <Text>{tx('exam.checks.fix')}</Text>
              </View>
            )}
          </View>
        ))}
        {refusal.checks.length === 0 && !!refusal.message && (
          <Text className="exam-check-message">{refusal.message}</Text>
        )}
        <View className="exam-checks-actions">
          <View className="exam-btn exam-checks-back" onClick={() => goBack(fallback)}>
            <Text>{tx('exam.back')}</Text>
          </View>
          <View className="exam-btn is-primary exam-recheck" onClick={onRetry}>
            <Text>{tx('exam.checks.recheck')}</Text>
          </View>
        </View>
      </View>
    )
  return (
    <View className={`exam-refused exam-refused-${refusal.kind}`}>
      <Empty
        text={tx(`exam.refused.${refusal.kind}`)}
        hint={refusal.message}
        actionText={tx('exam.back')}
        onAction={() => goBack(fallback)}
      />
    </View>
  )
}

/** Over the page while the attempt is being closed at zero (answering is locked). */
export function ClosingVeil({ retries }: { retries: number }) {
  return (
    <View className="exam-closing">
      <View className="exam-closing-box">
        <Text className="exam-closing-title">{tx('exam.timeUp')}</Text>
        <Text className="exam-closing-state">
          {retries > 0 ? tx('exam.submitRetry', { n: retries }) : tx('exam.submitting')}
        </Text>
      </View>
    </View>
  )
}
