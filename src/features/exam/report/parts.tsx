/** Sections of the exam report: the learner's attempts, the ranking, the certificate, the mock wrong book. */
import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { type ReactNode, useState } from 'react'
import type { RecordSummary } from '@/features/bank/api'
import { type Certificate, mockWrongToBook, type Ranking } from '@/features/exam/api'
import { formatDate, formatDuration } from '@/lib/datetime'
import { tx } from '../sit/messages'
import { type ExamKindParam, examPageUrl, examReportUrl } from '../sit/session'

export const EXAM_RESULT_URL = '/pages2/exam/exam_result'

function Section({
  title,
  extra,
  className,
  children,
}: {
  title: string
  extra?: string
  className: string
  children: ReactNode
}) {
  return (
    <View className={`qb-section ${className}`}>
      <View className="qb-section-head">
        <Text className="qb-section-title">{title}</Text>
        {!!extra && <Text className="qb-muted">{extra}</Text>}
      </View>
      {children}
    </View>
  )
}

/** A quiet section that failed to load: one line, tap to retry. */
export function SectionFailed({ text, onRetry, className }: { text: string; onRetry: () => void; className: string }) {
  return (
    <View className={`qb-section ${className}`} onClick={onRetry}>
      <Text className="qb-muted">{text}</Text>
    </View>
  )
}

const when = (r: RecordSummary) => formatDate(r.submitTime ?? r.startTime, { time: true })

/** Every attempt of this exam (newest first); the one shown is marked; a tap opens another one. */
export function AttemptHistory({
  attempts,
  current,
  examId,
  kind,
}: {
  attempts: RecordSummary[]
  current: number
  examId: number
  kind: ExamKindParam
}) {
  if (attempts.length === 0) return null
  return (
    <Section title={tx('report.history')} className="exam-history">
      {attempts.map((r, i) => {
        const n = attempts.length - i
        const me = r.recordId === current
        const open = () => {
          if (me) return
          Taro.redirectTo({
            url: r.submitted
              ? examReportUrl(r.recordId, examId, kind)
              : examPageUrl({ recordId: r.recordId, examId, kind }),
          })
        }
        return (
          <View
            key={r.recordId}
            className={`exam-attempt-row attempt-item-${r.recordId}${me ? ' is-current' : ''}`}
            onClick={open}
          >
            <View className="exam-attempt-name">
              <Text>{tx('report.history.item', { n })}</Text>
              <Text className="qb-muted">{` · ${when(r)}`}</Text>
            </View>
            {r.submitted ? (
              <Text className="exam-attempt-score">
                {tx('report.history.score', { score: r.performance ?? 0, total: r.totalScore ?? 0 })}
              </Text>
            ) : (
              <Text className="exam-tag is-open">{tx('report.history.open')}</Text>
            )}
            {r.submitted && (
              <Text className={`exam-tag ${r.reportStatus === 1 ? 'is-pass' : 'is-fail'}`}>
                {r.reportStatus === 1 ? tx('report.pass') : tx('report.fail')}
              </Text>
            )}
            {me && <Text className="exam-tag">{tx('report.history.current')}</Text>}
          </View>
        )
      })}
    </Section>
  )
}

/** Best score per learner in the tenant: the top list and where the learner stands. */
export function RankingSection({ ranking }: { ranking: Ranking }) {
  return (
    <Section
      title={tx('report.ranking')}
      extra={tx('report.ranking.total', { n: ranking.total })}
      className="exam-ranking"
    >
      <Text className="exam-rank-mine">
        {ranking.mine
          ? tx('report.ranking.mine', { rank: ranking.mine.rank, score: ranking.mine.score })
          : tx('report.ranking.none')}
      </Text>
      {ranking.rows.length === 0 && <Text className="qb-muted">{tx('report.ranking.empty')}</Text>}
      {ranking.rows.map((r) => (
        <View key={`${r.rank}-${r.userName}`} className={`exam-rank-row rank-item-${r.rank}${r.me ? ' is-me' : ''}`}>
          <Text className="exam-rank-no">{r.rank}</Text>
          <Text className="exam-rank-name">{r.userName}</Text>
          <Text className="qb-muted">{formatDuration(r.timeSpentSeconds)}</Text>
          <Text className="exam-rank-score">{tx('report.ranking.score', { score: r.score })}</Text>
        </View>
      ))}
    </Section>
  )
}

export function CertificateSection({ certificate, examId }: { certificate: Certificate; examId: number }) {
  return (
    <Section title={tx('report.certificate')} className="exam-certificate">
      <View className="exam-row">
        <View className="exam-attempt-name">
          <Text>{certificate.examName}</Text>
          <Text className="qb-muted">{` · ${formatDate(certificate.issuedTime, { year: 'always' })}`}</Text>
        </View>
      </View>
      <Text className="qb-muted exam-certificate-serial">
        {tx('report.certificate.serial', { serial: certificate.serial })}
      </Text>
      <View className="exam-report-actions">
        <View
          className="exam-btn is-primary exam-certificate-view"
          onClick={() => Taro.navigateTo({ url: `${EXAM_RESULT_URL}?examId=${examId}` })}
        >
          <Text>{tx('report.certificate.view')}</Text>
        </View>
      </View>
    </Section>
  )
}

/** Mock attempts: how many wrong questions, how many already in the wrong book, and a button to add them. */
export function MockWrongSection({
  recordId,
  wrongNum,
  inBookNum,
  onAdded,
}: {
  recordId: number
  wrongNum: number
  inBookNum: number
  onAdded: () => void
}) {
  const [busy, setBusy] = useState(false)
  const allIn = wrongNum > 0 && inBookNum >= wrongNum
  const disabled = busy || wrongNum === 0 || allIn
  const add = async () => {
    if (disabled) return
    setBusy(true)
    try {
      const r = await mockWrongToBook(recordId)
      Taro.showToast({ title: tx('report.wrong.added', { n: r.added }), icon: 'none' })
      onAdded()
    } catch {
      // the request layer has said why
    } finally {
      setBusy(false)
    }
  }
  return (
    <View className="qb-section exam-mock-wrong">
      <Text className="exam-mock-wrong-count">
        {wrongNum === 0 ? tx('report.wrong.none') : tx('report.wrong.count', { wrong: wrongNum, inBook: inBookNum })}
      </Text>
      <View className="exam-report-actions">
        <View className={`exam-btn is-primary exam-wrong-add${disabled ? ' is-disabled' : ''}`} onClick={add}>
          <Text>{allIn ? tx('report.wrong.allIn') : tx('report.wrong.add')}</Text>
        </View>
      </View>
    </View>
  )
}
