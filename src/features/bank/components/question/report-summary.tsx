import { Text, View } from '@tarojs/components'
import type { ScoreReportWire } from '@/features/bank/api'
import { t } from '@/i18n/sub'
import { formatDuration } from '@/lib/datetime'
import './index.scss'

export interface ReportSummaryProps {
  report: ScoreReportWire
  title?: string
  onWrongExplain?: () => void
  onAllExplain?: () => void
}

/** The server's score report: score, pass / fail, right rate, counts, links to the explanations. */
export default function ReportSummary({ report: r, title, onWrongExplain, onAllExplain }: ReportSummaryProps) {
  const pass = r.reportStatus === 1
  const wrongNum = r.questionIds.length
  return (
    <View className="report-summary">
      {!!title && <Text className="report-title">{title}</Text>}
      <View className={`report-head${pass ? ' is-pass' : ' is-fail'}`}>
        <Text className="report-score">{r.performance}</Text>
        <Text className="report-total">{t('bank.report.total', { n: r.totalScore })}</Text>
        <Text className={`report-status${pass ? ' is-pass' : ' is-fail'}`}>
          {pass ? t('bank.report.pass') : t('bank.report.fail')}
        </Text>
        <Text className="report-pass-line">{t('bank.report.passLine', { n: r.passScore })}</Text>
      </View>
      <View className="report-grid">
        <View className="report-cell">
          <Text className="report-rate">{`${r.rightRate}%`}</Text>
          <Text className="report-label">{t('bank.report.rate')}</Text>
        </View>
        <View className="report-cell">
          <Text className="report-done">{`${r.doQuestionNum}/${r.totalQuestionNum}`}</Text>
          <Text className="report-label">{t('bank.report.done')}</Text>
        </View>
        <View className="report-cell">
          <Text className="report-right">{r.rightQuestionNum}</Text>
          <Text className="report-label">{t('bank.report.right')}</Text>
        </View>
        <View className="report-cell">
          <Text className="report-wrong">{wrongNum}</Text>
          <Text className="report-label">{t('bank.report.wrong')}</Text>
        </View>
        <View className="report-cell">
          <Text className="report-partial">{r.lessQuestionNum}</Text>
          <Text className="report-label">{t('bank.report.partial')}</Text>
        </View>
        <View className="report-cell">
          <Text className="report-time">{formatDuration(r.timeSpentSeconds)}</Text>
          <Text className="report-label">{t('bank.report.time')}</Text>
        </View>
      </View>
      <View className="report-actions">
        {onWrongExplain && (
          <View
            className={`report-btn report-wrong-explain${wrongNum === 0 ? ' is-disabled' : ''}`}
            onClick={onWrongExplain}
          >
            <Text>{t('bank.report.wrongExplain')}</Text>
          </View>
        )}
        {onAllExplain && (
          <View className="report-btn is-primary report-all-explain" onClick={onAllExplain}>
            <Text>{t('bank.report.allExplain')}</Text>
          </View>
        )}
      </View>
    </View>
  )
}
