/**
 * An exam's entry page (?examId): the facts, the entry conditions (each failed one with its fix; personal
 * info is confirmed right here), the ex-site booking (reschedule, cancel, sign the letter), the attempts,
 * and the start / continue button, which is on only when the server would let the attempt start; otherwise
 * it says why. Read again on every show, so coming back from a fix shows the new state.
 */
import { Button, Text, View } from '@tarojs/components'
import Taro, { useDidShow, usePullDownRefresh, useRouter } from '@tarojs/taro'
import { type ReactNode, useState } from 'react'
import Empty from '@/components/empty'
import { useSubmit } from '@/components/form/use-submit'
import NavBar from '@/components/nav-bar'
import RichHtml from '@/components/rich-html'
import { themeStyle } from '@/components/theme'
import { numParam, QUIET, requireLogin, useLoader } from '@/features/bank/lib'
import { Section, StatusBox } from '@/features/bank/ui'
import {
  type Appointment,
  CHANGE_CUTOFF_HOURS,
  cancelAppointment,
  confirmInfo,
  type EligibilityCheck,
  type ExamDetail,
  examDetail,
  type InfoDetail,
  infoDetail,
  MAX_RESCHEDULES,
} from '@/features/exam/api'
import { ApiError } from '@/services/http/request'
import { go } from './actions'
import { tx } from './messages'
import { AttemptList, BookingCard, maxText, StatusTag, sessionText, windowText } from './parts'
import { examUrl, type StartBlock, score, startBlock } from './rules'
import './exam.scss'
import { dateTime } from '@/features/exam/ui'

interface EntryData {
  d: ExamDetail
  /** loaded when the info check is not met */
  info: InfoDetail | null
  infoFailed: boolean
}

async function loadEntry(examId: number): Promise<EntryData | null> {
  let d: ExamDetail
  try {
    d = await examDetail(examId, QUIET)
  } catch (e) {
    if (e instanceof ApiError && e.code === 404) return null
    throw e
  }
  const infoCheck = d.eligibility.checks.find((c) => c.key === 'info')
  if (!infoCheck || infoCheck.ok) return { d, info: null, infoFailed: false }
  try {
    return { d, info: await infoDetail(QUIET), infoFailed: false }
  } catch {
    return { d, info: null, infoFailed: true }
  }
}

function Fact({ label, value, className = '' }: { label: string; value: string; className?: string }) {
  return (
    <View className={`ex-kv ${className}`.trim()}>
      <Text className="ex-k">{label}</Text>
      <Text className="ex-v">{value}</Text>
    </View>
  )
}

function Facts({ d }: { d: ExamDetail }) {
  return (
    <Section title={tx('facts.title')} extra={<StatusTag status={d.status} />}>
      <Fact label={tx('facts.duration')} value={tx('facts.minutes', { n: Math.round(d.durationSeconds / 60) })} />
      <Fact label={tx('facts.questions')} value={tx('facts.questionsValue', { n: d.questionNum })} />
      <Fact label={tx('facts.total')} value={tx('facts.points', { n: score(d.totalScore) })} />
      <Fact label={tx('facts.pass')} value={tx('facts.points', { n: score(d.passScore) })} />
      <Fact
        className="ex-fact-attempts"
        label={tx('facts.attempts')}
        value={tx('facts.attemptsValue', { used: d.attemptsUsed, max: maxText(d.maxAttempts) })}
      />
      <Fact label={tx('facts.window')} value={windowText(d)} />
      {!!d.description && <RichHtml className="ex-description" html={d.description} />}
    </Section>
  )
}

/** Personal info to confirm: what the certificate will carry; missing fields link to where they are filled. */
function InfoCard({
  info,
  failed,
  busy,
  onConfirm,
  onRetry,
}: {
  info: InfoDetail | null
  failed: boolean
  busy: boolean
  onConfirm: () => void
  onRetry: () => void
}) {
  if (!info) {
    return failed ? (
      <View className="ex-info-card ex-info-failed" onClick={onRetry}>
        <Text className="ex-warn">{tx('info.loadFailed')}</Text>
      </View>
    ) : null
  }
  const missing = new Set(info.missing)
  const row = (key: 'realName' | 'idCard', label: string, value: string) => (
    <View className={`ex-kv ex-info-${key}`}>
      <Text className="ex-k">{label}</Text>
      {missing.has(key) || !value ? (
        <View className="ex-v ex-info-missing">
          <Text className="ex-warn">{tx('info.missing')}</Text>
          <Text
            className={`qb-link ex-info-fix ex-info-fix-${key}`}
            onClick={() => go(key === 'idCard' ? examUrl.identity : examUrl.profile)}
          >
            {key === 'idCard' ? tx('info.toIdentity') : tx('info.toProfile')}
          </Text>
        </View>
      ) : (
        <Text className="ex-v">{value}</Text>
      )}
    </View>
  )
  const incomplete = missing.size > 0 || !info.realName || !info.idCard
  return (
    <View className="ex-info-card">
      <Text className="ex-info-title">{tx('info.title')}</Text>
      <Text className="qb-muted">{tx('info.hint')}</Text>
      {row('realName', tx('info.name'), info.realName)}
      {row('idCard', tx('info.idCard'), info.idCard)}
      <View className="ex-kv ex-info-telPhone">
        <Text className="ex-k">{tx('info.phone')}</Text>
        {info.telPhone ? (
          <Text className="ex-v">{info.telPhone}</Text>
        ) : (
          <View className="ex-v ex-info-missing">
            <Text className="ex-warn">{tx('info.noPhone')}</Text>
            <Text className="qb-link ex-info-fix" onClick={() => go(examUrl.profile)}>
              {tx('info.toProfile')}
            </Text>
          </View>
        )}
      </View>
      {incomplete && <Text className="ex-warn ex-info-fill-first">{tx('info.fillFirst')}</Text>}
      <Button
        className={`ex-btn ex-info-confirm${busy ? ' is-busy' : ''}`}
        disabled={incomplete || busy || undefined}
        onClick={() => {
          if (!incomplete && !busy) onConfirm()
        }}
      >
        {busy ? tx('info.confirming') : tx('info.confirm')}
      </Button>
    </View>
  )
}

function CheckRow({ c, children }: { c: EligibilityCheck; children?: ReactNode }) {
  return (
    <View className={`ex-check ex-check-${c.key} ${c.ok ? 'is-ok' : 'is-missing'}`}>
      <View className="ex-check-line">
        <Text className="ex-check-mark">{c.ok ? '✓' : '✗'}</Text>
        <View className="ex-check-main">
          <Text className="ex-check-title">{c.title}</Text>
          {!c.ok && !!c.message && <Text className="ex-check-msg">{c.message}</Text>}
        </View>
        {c.ok ? (
          <Text className="ex-check-state">{tx('check.ok')}</Text>
        ) : (
          c.key !== 'info' && (
            <Text className={`qb-btn is-primary ex-check-fix ex-fix-${c.key}`} onClick={() => go(c.fixPath)}>
              {tx('check.fix')}
            </Text>
          )
        )}
      </View>
      {children}
    </View>
  )
}

function BookingSection({ d, onCancel }: { d: ExamDetail; onCancel: (a: Appointment) => void }) {
  const a = d.appointment
  if (!a) {
    return (
      <Section title={tx('booking.title')}>
        <View className="ex-booking-none">
          <Text className="ex-booking-none-title">{tx('booking.none')}</Text>
          <Text className="qb-muted">{tx('booking.noneHint')}</Text>
          <Text className="qb-btn is-primary ex-book" onClick={() => go(examUrl.book(d.examId))}>
            {tx('action.book')}
          </Text>
        </View>
      </Section>
    )
  }
  return (
    <Section title={tx('booking.title')}>
      <BookingCard
        a={a}
        actions={
          <>
            <View className="ex-booking-actions">
              {a.canChange && (
                <Text
                  className="qb-btn ex-reschedule"
                  onClick={() => go(examUrl.reschedule(d.examId, a.appointmentId))}
                >
                  {tx('booking.reschedule')}
                </Text>
              )}
              {a.canCancel && (
                <Text className="qb-btn ex-cancel-booking" onClick={() => onCancel(a)}>
                  {tx('booking.cancel')}
                </Text>
              )}
              <Text
                className={`qb-btn ex-sign${a.letterSigned ? '' : ' is-primary'}`}
                onClick={() => go(examUrl.sign(d.examId))}
              >
                {a.letterSigned ? tx('booking.viewLetter') : tx('booking.sign')}
              </Text>
            </View>
            {!a.canChange && (
              <Text className="qb-muted ex-booking-locked">
                {a.canCancel
                  ? tx('booking.lockedReschedules', { max: MAX_RESCHEDULES })
                  : tx('booking.lockedCutoff', { hours: CHANGE_CUTOFF_HOURS })}
              </Text>
            )}
          </>
        }
      />
    </Section>
  )
}

function blockText(block: StartBlock, d: ExamDetail): string {
  switch (block) {
    case 'upcoming':
      return d.openTime ? tx('start.why.upcoming', { time: dateTime(d.openTime) }) : tx('start.why.upcomingNoTime')
    case 'beforeSession':
      return tx('start.why.beforeSession', { time: d.appointment ? sessionText(d.appointment) : '' })
    default:
      return tx(`start.why.${block}`)
  }
}

export default function ExamEntry() {
  const { params } = useRouter()
  const examId = numParam((params as Record<string, string | undefined>).examId)
  const page = useLoader(() => (examId ? loadEntry(examId) : Promise.resolve(null)))
  const { submitting: confirming, run } = useSubmit()
  const [, setTick] = useState(0)

  useDidShow(() => {
    if (requireLogin()) page.reload(page.status === 'ready')
  })
  usePullDownRefresh(() => {
    page.reload(true).finally(() => Taro.stopPullDownRefresh())
  })

  const data = page.data
  const d = data?.d

  const onConfirmInfo = () =>
    run(async () => {
      await confirmInfo()
      Taro.showToast({ title: tx('info.confirmed'), icon: 'success' })
      await page.reload(true)
    })

  const onCancel = async (a: Appointment) => {
    const r = await Taro.showModal({
      title: tx('booking.cancelTitle'),
      content: tx('booking.cancelContent', { time: sessionText(a), site: a.siteName }),
      confirmText: tx('modal.confirm'),
      cancelText: tx('modal.cancel'),
    })
    if (!r?.confirm) return
    await run(async () => {
      await cancelAppointment(a.appointmentId)
      Taro.showToast({ title: tx('booking.cancelled'), icon: 'success' })
      await page.reload(true)
    })
  }

  const block = d ? startBlock(d, Date.now() / 1000) : null
  const resuming = d?.openRecordId != null
  const onStart = async () => {
    if (!d) return
    // the clock may have moved since the render (a session that just began)
    const now = startBlock(d, Date.now() / 1000)
    if (now) {
      setTick((n) => n + 1)
      return
    }
    // the exam page asks before it starts a new attempt (pages5/exam/index)
    go(examUrl.sit(d.examId))
  }

  return (
    <View className="qb-page ex-page ex-entry" style={themeStyle}>
      <NavBar title={d?.name ?? tx('entryPage.title')} />
      {!examId ? (
        <Empty text={tx('entryPage.notFound')} />
      ) : (
        <StatusBox
          status={page.status}
          empty={page.status === 'ready' && !d}
          emptyText={tx('entryPage.notFound')}
          onRetry={() => page.reload()}
          rows={5}
        >
          {d && data && (
            <>
              <View className="ex-title-card">
                <Text className="ex-title-name">{d.name}</Text>
                {!!d.goodsName && <Text className="qb-muted">{d.goodsName}</Text>}
              </View>
              <Facts d={d} />

              <Section title={tx('check.title')}>
                {d.eligibility.checks.length === 0 ? (
                  <Text className="qb-muted">{tx('check.none')}</Text>
                ) : (
                  d.eligibility.checks.map((c) => (
                    <CheckRow key={c.key} c={c}>
                      {c.key === 'info' && !c.ok && (
                        <InfoCard
                          info={data.info}
                          failed={data.infoFailed}
                          busy={confirming}
                          onConfirm={onConfirmInfo}
                          onRetry={() => page.reload(true)}
                        />
                      )}
                    </CheckRow>
                  ))
                )}
              </Section>

              {(d.requireAppointment || d.appointment) && <BookingSection d={d} onCancel={onCancel} />}

              <Section
                title={tx('attempts.title')}
                extra={
                  d.attempts.length > 0 ? (
                    <Text className="qb-link ex-to-result" onClick={() => go(examUrl.result(d.examId))}>
                      {tx('attempts.result')}
                    </Text>
                  ) : undefined
                }
              >
                {d.attempts.length === 0 ? (
                  <Text className="qb-muted">{tx('attempts.none')}</Text>
                ) : (
                  <AttemptList
                    attempts={d.attempts}
                    passScore={d.passScore}
                    onOpen={(r) => go(r.submitted ? examUrl.report(r.recordId) : examUrl.sit(d.examId))}
                  />
                )}
              </Section>

              <View className="ex-start-holder" />
              <View className="ex-start-bar">
                {block && <Text className="ex-start-why">{blockText(block, d)}</Text>}
                <Button
                  className={`ex-btn ex-start${block ? ' is-disabled' : ''}`}
                  disabled={!!block || undefined}
                  onClick={onStart}
                >
                  {resuming ? tx('start.continue') : tx('start.start')}
                </Button>
              </View>
            </>
          )}
        </StatusBox>
      )}
    </View>
  )
}
