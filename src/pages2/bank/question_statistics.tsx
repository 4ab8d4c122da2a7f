/**
 * Learning statistics (spec: pages2/bank/question_statistics): questions done, right rate, answers, time
 * spent, attempts; right rate per chapter and per question type; the last 30 days (answers per day). Bars
 * are plain Views (no chart library). Learner-only.
 */
import { Text, View } from '@tarojs/components'
import Taro, { useDidShow, usePullDownRefresh } from '@tarojs/taro'
import NavBar from '@/components/nav-bar'
import { themeStyle } from '@/components/theme'
import { t } from '@/i18n'
import { minutes, pct, QUIET, requireLogin, typeKey, useBankParams, useLoader } from '@/pages/questionBank/lib'
import { Bar, Section, StatusBox } from '@/pages/questionBank/ui'
import { statistics, trend } from '@/services/api/bank'

export default function QuestionStatistics() {
  const { bankId } = useBankParams()
  const data = useLoader(async () => {
    const [stats, days] = await Promise.all([
      statistics(bankId, QUIET),
      trend({ ...(bankId ? { bankId } : {}), days: 30 }, QUIET).catch(() => []),
    ])
    return { stats, days }
  })
  useDidShow(() => {
    if (requireLogin()) data.reload(data.status === 'ready')
  })
  usePullDownRefresh(() => {
    data.reload(true).finally(() => Taro.stopPullDownRefresh())
  })

  const s = data.data?.stats
  const days = data.data?.days ?? []
  const peak = Math.max(1, ...days.map((d) => d.answerNum))
  return (
    <View className="page qb-page qb-stats" style={themeStyle}>
      <NavBar title={t('bankList.stats.title')} />
      <StatusBox status={data.status} empty={!s} emptyText={t('bankList.stats.empty')} onRetry={() => data.reload()}>
        {s && (
          <>
            <View className="qb-section qb-numbers">
              <View className="qb-number">
                <Text className="qb-number-value stats-done">{s.doneNum}</Text>
                <Text className="qb-muted">{t('bankList.today.done')}</Text>
              </View>
              <View className="qb-number">
                <Text className="qb-number-value stats-rate">{pct(s.rightRate)}</Text>
                <Text className="qb-muted">{t('bankList.stats.rate')}</Text>
              </View>
              <View className="qb-number">
                <Text className="qb-number-value stats-time">{minutes(s.timeSpentSeconds)}</Text>
                <Text className="qb-muted">{t('bankList.stats.minutes')}</Text>
              </View>
            </View>
            <View className="qb-section qb-numbers">
              <View className="qb-number">
                <Text className="qb-number-value stats-answers">{s.answerNum}</Text>
                <Text className="qb-muted">{t('bankList.stats.answers')}</Text>
              </View>
              <View className="qb-number">
                <Text className="qb-number-value stats-right">{s.rightNum}</Text>
                <Text className="qb-muted">{t('bankList.stats.right')}</Text>
              </View>
              <View className="qb-number">
                <Text className="qb-number-value stats-records">{s.submittedNum}</Text>
                <Text className="qb-muted">{t('bankList.stats.submitted', { n: s.recordNum })}</Text>
              </View>
            </View>
            {s.doneNum === 0 && (
              <View className="qb-section">
                <Text className="qb-muted">{t('bankList.stats.nothingYet')}</Text>
              </View>
            )}
            {s.byChapter.length > 0 && (
              <Section title={t('bankList.stats.byChapter')}>
                {s.byChapter.map((c) => (
                  <View key={c.chapterId} className={`qb-row stats-chapter stats-chapter-${c.chapterId}`}>
                    <View className="qb-row-main">
                      <Text className="qb-row-title">{c.chapterName}</Text>
                      <Bar value={c.rightRate} />
                      <Text className="qb-muted">
                        {t('bankList.progress', { done: c.doneNum, total: c.questionNum })} ·{' '}
                        {t('bankList.rightRate', { rate: pct(c.rightRate) })}
                      </Text>
                    </View>
                  </View>
                ))}
              </Section>
            )}
            {s.byType.length > 0 && (
              <Section title={t('bankList.stats.byType')}>
                {s.byType.map((x) => (
                  <View key={x.type} className={`qb-row stats-type stats-type-${x.type}`}>
                    <View className="qb-row-main">
                      <Text className="qb-row-title">{t(typeKey(x.type))}</Text>
                      <Bar value={x.rightRate} />
                      <Text className="qb-muted">
                        {t('bankList.progress', { done: x.doneNum, total: x.questionNum })} ·{' '}
                        {t('bankList.rightRate', { rate: pct(x.rightRate) })}
                      </Text>
                    </View>
                  </View>
                ))}
              </Section>
            )}
            {days.length > 0 && (
              <Section title={t('bankList.stats.trend')}>
                <View className="qb-trend stats-trend">
                  {days.map((d) => (
                    <View
                      key={d.date}
                      className="qb-trend-col"
                      style={{ height: `${Math.round((d.answerNum / peak) * 100)}%` }}
                    />
                  ))}
                </View>
                <View className="qb-section-head">
                  <Text className="qb-muted">{days[0]?.date}</Text>
                  <Text className="qb-muted">{days.at(-1)?.date}</Text>
                </View>
              </Section>
            )}
          </>
        )}
      </StatusBox>
    </View>
  )
}
