/** One attempt in a records list: scope, title, progress or score; a tap opens the report or continues it. */
import { Text, View } from '@tarojs/components'
import type { RecordSummary } from '@/features/bank/api'
import { t } from '@/i18n/sub'
import { formatDate } from '@/lib/datetime'
import { openRecord, pct, scopeKey } from '../lib'

export function RecordRow({ r }: { r: RecordSummary }) {
  return (
    <View className={`qb-row record-item record-item-${r.recordId}`} onClick={() => openRecord(r)}>
      <View className="qb-row-main">
        <Text className="qb-row-title">{r.title}</Text>
        <Text className="qb-muted">
          {t(scopeKey(r.scope))} · {formatDate(r.submitTime ?? r.startTime, { time: true })}
        </Text>
        <Text className="qb-muted record-result">
          {r.submitted
            ? r.scope === 'paper'
              ? t('bankList.record.score', {
                  score: r.performance ?? 0,
                  total: r.totalScore ?? 0,
                  rate: pct(r.rightRate),
                })
              : t('bankList.rightRate', { rate: pct(r.rightRate) })
            : t('bankList.progress', { done: r.answeredNum, total: r.questionNum })}
        </Text>
      </View>
      <Text className={`qb-btn${r.submitted ? '' : ' is-primary'}`}>
        {r.submitted ? t('bankList.record.report') : t('bankList.continue.go')}
      </Text>
    </View>
  )
}
