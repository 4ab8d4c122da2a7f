/**
 * Records overview (spec: pages2/bank/question_record): today's counts, the attempts grouped by day (newest
 * first, paged), each with its score / right rate (a tap opens the report or continues), the per-scope lists
 * (question_record_list) and the last 30 days of answering (group_list). Pull-down refresh. Learner-only.
 */
import { Text, View } from '@tarojs/components'
import Taro, { useDidShow, usePullDownRefresh, useReachBottom } from '@tarojs/taro'
import dayjs from 'dayjs'
import { useCallback } from 'react'
import NavBar from '@/components/nav-bar'
import { themeStyle } from '@/components/theme'
import { doNum, type RecordSummary, records, trend } from '@/features/bank/api'
import { bankUrl, go, pct, QUIET, requireLogin, SCOPES, scopeKey, useBankParams, useLoader } from '@/features/bank/lib'
import { RecordRow } from '@/features/bank/tab/record-row'
import { ListFooter, Section, StatusBox } from '@/features/bank/ui'
import { t } from '@/i18n/sub'
import { usePaged } from '@/lib/use-paged'

/** Attempts grouped by their day (YYYY-MM-DD of the last activity), in list order. */
export function groupByDay(rows: RecordSummary[]): { day: string; rows: RecordSummary[] }[] {
  const out: { day: string; rows: RecordSummary[] }[] = []
  for (const r of rows) {
    const day = dayjs.unix(r.submitTime ?? r.startTime).format('YYYY-MM-DD')
    const last = out.at(-1)
    if (last?.day === day) last.rows.push(r)
    else out.push({ day, rows: [r] })
  }
  return out
}

export default function QuestionRecord() {
  const { bankId } = useBankParams()
  const summary = useLoader(async () => {
    const [n, days] = await Promise.all([doNum(bankId, QUIET), trend(bankId ? { bankId } : {}, QUIET)])
    return { n, days: days.filter((d) => d.answerNum > 0).reverse() }
  })
  const fetchPage = useCallback(
    (pageNum: number, pageSize: number) => records({ ...(bankId ? { bankId } : {}), pageNum, pageSize }, QUIET),
    [bankId],
  )
  const list = usePaged<RecordSummary>(fetchPage, 10)

  useDidShow(() => {
    if (!requireLogin()) return
    summary.reload(summary.status === 'ready')
    list.reload(list.status === 'ready')
  })
  usePullDownRefresh(() => {
    Promise.all([summary.reload(true), list.reload(true)]).finally(() => Taro.stopPullDownRefresh())
  })
  useReachBottom(() => {
    list.loadMore()
  })

  const s = summary.data
  return (
    <View className="page qb-page qb-records" style={themeStyle}>
      <NavBar title={t('bankList.records.title')} />
      {s && (
        <View className="qb-section qb-numbers">
          <View className="qb-number">
            <Text className="qb-number-value">{s.n.todayNum}</Text>
            <Text className="qb-muted">{t('bankList.today.answered')}</Text>
          </View>
          <View className="qb-number">
            <Text className="qb-number-value">{s.n.doneNum}</Text>
            <Text className="qb-muted">{t('bankList.today.done')}</Text>
          </View>
          <View className="qb-number">
            <Text className="qb-number-value">{s.n.answerNum}</Text>
            <Text className="qb-muted">{t('bankList.stats.answers')}</Text>
          </View>
        </View>
      )}
      <View className="qb-chips qb-scopes">
        {SCOPES.map((sc) => (
          <Text
            key={sc}
            className={`qb-chip qb-scope-${sc}`}
            onClick={() => go(bankUrl.recordList({ bankId, scope: sc }))}
          >
            {t(scopeKey(sc))}
          </Text>
        ))}
      </View>
      <StatusBox
        status={list.status}
        empty={list.rows.length === 0}
        emptyText={t('bankList.records.empty')}
        emptyAction={t('bankList.backToBank')}
        onEmptyAction={() => Taro.switchTab({ url: '/pages/questionBank/index' })}
        onRetry={() => list.reload()}
      >
        {groupByDay(list.rows).map((g) => (
          <View key={g.day} className="qb-record-day">
            <Text className="qb-day">{g.day}</Text>
            <View className="qb-section">
              {g.rows.map((r) => (
                <RecordRow key={r.recordId} r={r} />
              ))}
            </View>
          </View>
        ))}
        <ListFooter more={list.more} done={list.done} onRetry={list.loadMore} />
      </StatusBox>
      {s && s.days.length > 0 && (
        <Section title={t('bankList.records.byDay')}>
          {s.days.map((d) => (
            <View key={d.date} className="qb-row qb-trend-day">
              <Text>{d.date}</Text>
              <Text className="qb-muted">
                {t('bankList.records.dayLine', { n: d.answerNum, rate: pct(d.rightRate) })}
              </Text>
            </View>
          ))}
        </Section>
      )}
    </View>
  )
}
