/**
 * Learning statistics (spec: pages2/bank/question_statistics): the right rate as a ring with questions done,
 * answers, time spent and attempts; the right rate of the last 30 days as a line over the answers per day; the
 * right rate per chapter and per question type as bars (src/components/chart: SVG pictures and views, no
 * chart library). Learner-only.
 */
import { Text, View } from '@tarojs/components'
import Taro, { useDidShow, usePullDownRefresh } from '@tarojs/taro'
import { RateBars, Ring, TrendChart } from '@/components/chart'
import NavBar from '@/components/nav-bar'
import { themeStyle, usePrimary } from '@/components/theme'
import { statistics, trend } from '@/features/bank/api'
import { minutes, pct, QUIET, requireLogin, typeKey, useBankParams, useLoader } from '@/features/bank/lib'
import { Section, StatusBox } from '@/features/bank/ui'
import { t } from '@/i18n/sub'
import { sx } from './stats-messages'
import './stats.scss'

/** #rrggbb at an opacity, as rgba() (the bars under the line are the brand colour, lighter). */
function tint(hex: string, alpha: number): string {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim())
  // the brand is always #rrggbb (src/services/tenant/brand.ts); anything else is drawn as it is, never in a
  // colour of its own (one build serves every school)
  if (!m) return hex
  const n = Number.parseInt(m[1]!, 16)
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`
}

export default function QuestionStatistics() {
  const { bankId } = useBankParams()
  const primary = usePrimary()
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
  const active = days.filter((d) => d.answerNum > 0)
  return (
    <View className="page qb-page qb-stats" style={themeStyle}>
      <NavBar title={t('bankList.stats.title')} />
      <StatusBox status={data.status} empty={!s} emptyText={t('bankList.stats.empty')} onRetry={() => data.reload()}>
        {s && (
          <>
            <View className="qb-section stats-overview">
              <Ring
                value={s.rightRate}
                text={pct(s.rightRate)}
                caption={sx('ring.caption')}
                color={primary}
                valueClassName="stats-rate"
              />
              <View className="stats-figures">
                <View className="stats-figure">
                  <Text className="stats-figure-value stats-done">{s.doneNum}</Text>
                  <Text className="qb-muted">{t('bankList.today.done')}</Text>
                </View>
                <View className="stats-figure">
                  <Text className="stats-figure-value stats-right">{s.rightNum}</Text>
                  <Text className="qb-muted">{t('bankList.stats.right')}</Text>
                </View>
                <View className="stats-figure">
                  <Text className="stats-figure-value stats-answers">{s.answerNum}</Text>
                  <Text className="qb-muted">{t('bankList.stats.answers')}</Text>
                </View>
                <View className="stats-figure">
                  <Text className="stats-figure-value stats-time">{minutes(s.timeSpentSeconds)}</Text>
                  <Text className="qb-muted">{t('bankList.stats.minutes')}</Text>
                </View>
              </View>
              <View className="stats-records-line">
                <Text className="stats-records">{s.submittedNum}</Text>
                <Text className="qb-muted">{t('bankList.stats.submitted', { n: s.recordNum })}</Text>
              </View>
            </View>
            {s.doneNum === 0 && (
              <View className="qb-section">
                <Text className="qb-muted">{t('bankList.stats.nothingYet')}</Text>
              </View>
            )}
            <Section
              title={sx('trend.title')}
              extra={
                active.length > 0 ? (
                  <Text className="qb-muted">
                    {sx('trend.summary', { days: active.length, answers: active.reduce((n, d) => n + d.answerNum, 0) })}
                  </Text>
                ) : undefined
              }
            >
              {active.length > 0 ? (
                <View className="stats-trend">
                  <TrendChart
                    days={days}
                    color={primary}
                    barColor={tint(primary, 0.22)}
                    rateLabel={sx('trend.rate')}
                    countLabel={sx('trend.count')}
                  />
                </View>
              ) : (
                <Text className="qb-muted stats-trend-empty">{sx('trend.empty')}</Text>
              )}
            </Section>
            {s.byChapter.length > 0 && (
              <Section title={t('bankList.stats.byChapter')}>
                <RateBars
                  rows={s.byChapter.map((c) => ({
                    key: c.chapterId,
                    className: `stats-chapter stats-chapter-${c.chapterId}`,
                    label: c.chapterName,
                    rate: c.rightRate,
                    rateText: c.doneNum > 0 ? pct(c.rightRate) : '-',
                    empty: c.doneNum === 0,
                    meta: t('bankList.progress', { done: c.doneNum, total: c.questionNum }),
                  }))}
                />
              </Section>
            )}
            {s.byType.length > 0 && (
              <Section title={t('bankList.stats.byType')}>
                <RateBars
                  rows={s.byType.map((x) => ({
                    key: x.type,
                    className: `stats-type stats-type-${x.type}`,
                    label: t(typeKey(x.type)),
                    rate: x.rightRate,
                    rateText: x.doneNum > 0 ? pct(x.rightRate) : '-',
                    empty: x.doneNum === 0,
                    meta: t('bankList.progress', { done: x.doneNum, total: x.questionNum }),
                  }))}
                />
              </Section>
            )}
          </>
        )}
      </StatusBox>
    </View>
  )
}
