/** Views and formats shared by the exam pages (page files export only their page: weapp keeps nothing else). */
import { Text, View } from '@tarojs/components'
import type { ReactNode } from 'react'
import type { RecordSummary } from '@/features/bank/api'
import type { Appointment, Certificate, ExamRow } from '@/features/exam/api'
import { dateOnly, dateTime, timeRange } from '@/features/exam/ui'
import { tx } from './messages'
import { attemptPassed, score } from './rules'

export const sessionText = (a: Pick<Appointment, 'startTime' | 'endTime'>) => timeRange(a.startTime, a.endTime)

export function windowText(e: Pick<ExamRow, 'openTime' | 'closeTime'>): string {
  // one span: the year on both ends when it crosses one (src/lib/datetime.ts)
  if (e.openTime && e.closeTime) return timeRange(e.openTime, e.closeTime)
  if (e.openTime) return tx('exam.windowFrom', { from: dateTime(e.openTime) })
  if (e.closeTime) return tx('exam.windowTo', { to: dateTime(e.closeTime) })
  return tx('exam.windowAny')
}

export const maxText = (max: number) => (max === 0 ? tx('exam.unlimited') : String(max))

export function StatusTag({ status }: { status: ExamRow['status'] }) {
  return <Text className={`ex-tag ex-status ex-status-${status}`}>{tx(`status.${status}`)}</Text>
}

export function PassBadge({ passed }: { passed: boolean }) {
  return passed ? <Text className="ex-tag ex-passed">{tx('exam.passed')}</Text> : null
}

/** One exam in a list: name, status, attempts, best score, passed. */
export function ExamItem({ e, onClick }: { e: ExamRow; onClick: () => void }) {
  return (
    <View className={`qb-row ex-item ex-item-${e.examId}`} onClick={onClick}>
      <View className="qb-row-main">
        <View className="ex-item-head">
          <Text className="qb-row-title ex-item-name">{e.name}</Text>
          <StatusTag status={e.status} />
          <PassBadge passed={e.passed} />
        </View>
        <Text className="qb-muted">{windowText(e)}</Text>
        <View className="ex-item-meta">
          <Text className="qb-muted ex-item-attempts">
            {tx('exam.attempts', { used: e.attemptsUsed, max: maxText(e.maxAttempts) })}
          </Text>
          <Text className="qb-muted ex-item-best">
            {e.bestScore === null ? tx('exam.noScore') : tx('exam.best', { score: score(e.bestScore) })}
          </Text>
        </View>
        {e.openRecordId !== null && <Text className="ex-warn">{tx('exam.unfinished')}</Text>}
      </View>
      <View className="ex-arrow" />
    </View>
  )
}

/** A booking: site, address, session, letter state; actions below when given. */
export function BookingCard({ a, actions, onClick }: { a: Appointment; actions?: ReactNode; onClick?: () => void }) {
  return (
    <View className={`ex-booking ex-booking-${a.appointmentId}`} onClick={onClick}>
      <Text className="ex-booking-exam">{a.examName}</Text>
      <View className="ex-kv">
        <Text className="ex-k">{tx('booking.time')}</Text>
        <Text className="ex-v ex-booking-time">{sessionText(a)}</Text>
      </View>
      <View className="ex-kv">
        <Text className="ex-k">{tx('booking.site')}</Text>
        <Text className="ex-v ex-booking-site">{[a.cityName, a.siteName].filter(Boolean).join(' · ')}</Text>
      </View>
      {!!a.siteAddress && (
        <View className="ex-kv">
          <Text className="ex-k">{tx('booking.address')}</Text>
          <Text className="ex-v">{a.siteAddress}</Text>
        </View>
      )}
      {!!a.sitePhone && (
        <View className="ex-kv">
          <Text className="ex-k">{tx('booking.phone')}</Text>
          <Text className="ex-v">{a.sitePhone}</Text>
        </View>
      )}
      <View className="ex-kv">
        <Text className="ex-k">{tx('booking.letter')}</Text>
        <Text className={`ex-v ex-letter ${a.letterSigned ? 'is-ok' : 'is-missing'}`}>
          {a.letterSigned ? tx('booking.signed') : tx('booking.unsigned')}
        </Text>
      </View>
      {actions}
    </View>
  )
}

/** The learner's attempts of one exam, newest first (the API's order), numbered oldest = 1. */
export function AttemptList({
  attempts,
  passScore,
  highlight,
  onOpen,
}: {
  attempts: RecordSummary[]
  passScore: number
  highlight?: number
  onOpen: (r: RecordSummary) => void
}) {
  return (
    <View className="ex-attempts">
      {attempts.map((r, i) => {
        const passed = attemptPassed(r, passScore)
        return (
          <View
            key={r.recordId}
            className={`qb-row ex-attempt ex-attempt-${r.recordId}${r.recordId === highlight ? ' is-current' : ''}`}
            onClick={() => onOpen(r)}
          >
            <View className="qb-row-main">
              <Text className="qb-row-title">
                {tx('attempts.no', { n: attempts.length - i })}
                {r.recordId === highlight ? ` · ${tx('result.thisAttempt')}` : ''}
              </Text>
              <Text className="qb-muted">
                {dateTime(r.submitTime ?? r.startTime)}
                {r.autoSubmitted ? ` · ${tx('attempts.auto')}` : ''}
              </Text>
            </View>
            {r.submitted ? (
              <View className="ex-attempt-result">
                <Text className="ex-attempt-score">
                  {tx('attempts.score', { score: score(r.performance), total: score(r.totalScore) })}
                </Text>
                <Text className={`ex-tag ${passed ? 'ex-passed' : 'ex-failed'}`}>
                  {passed ? tx('exam.passed') : tx('exam.notPassed')}
                </Text>
              </View>
            ) : (
              <Text className="ex-tag ex-failed">{tx('attempts.inProgress')}</Text>
            )}
          </View>
        )
      })}
    </View>
  )
}

export function CertificateItem({ c, onClick }: { c: Certificate; onClick: () => void }) {
  return (
    <View className={`qb-row ex-cert-item ex-cert-${c.certificateId}`} onClick={onClick}>
      <View className="qb-row-main">
        <Text className="qb-row-title">{c.examName}</Text>
        <Text className="qb-muted">
          {tx('cert.serial', { serial: c.serial })} · {tx('cert.issued', { date: dateOnly(c.issuedTime) })}
        </Text>
        {!c.valid && <Text className="ex-warn">{tx('cert.invalid')}</Text>}
      </View>
      <View className="ex-arrow" />
    </View>
  )
}
