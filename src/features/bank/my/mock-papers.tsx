/**
 * Mock papers of a bank (spec: pages5/examBank): each paper with its done status (attempts, best and last
 * score); a tap takes it in test mode, an unfinished attempt continues; 'records' lists the paper's
 * attempts. Learner-only.
 */
import { Text, View } from '@tarojs/components'
import Taro, { useDidShow, usePullDownRefresh } from '@tarojs/taro'
import NavBar from '@/components/nav-bar'
import { themeStyle } from '@/components/theme'
import { papersWithResults } from '@/features/bank/api'
import { bankUrl, go, QUIET, requireLogin, useBankParams, useLoader } from '@/features/bank/lib'
import { StatusBox } from '@/features/bank/ui'
import { t } from '@/i18n/sub'

export default function ExamBank() {
  const { bankId } = useBankParams()
  const papers = useLoader(() => (bankId ? papersWithResults(bankId, QUIET) : Promise.resolve([])))

  useDidShow(() => {
    if (requireLogin()) papers.reload(papers.status === 'ready')
  })
  usePullDownRefresh(() => {
    papers.reload(true).finally(() => Taro.stopPullDownRefresh())
  })

  const rows = [...(papers.data ?? [])].sort((a, b) => a.sort - b.sort)
  return (
    <View className="page qb-page qb-papers" style={themeStyle}>
      <NavBar title={t('bankList.papers.title')} />
      <StatusBox
        status={papers.status}
        empty={rows.length === 0}
        emptyText={t('bankList.papers.empty')}
        emptyAction={t('bankList.backToBank')}
        onEmptyAction={() => Taro.switchTab({ url: '/pages/questionBank/index' })}
        onRetry={() => papers.reload()}
      >
        <View className="qb-section">
          {rows.map((p) => (
            <View key={p.paperId} className={`qb-row paper-item paper-item-${p.paperId}`}>
              <View
                className="qb-row-main"
                onClick={() =>
                  go(p.unfinishedRecordId ? bankUrl.continueRecord(p.unfinishedRecordId) : bankUrl.test(p.paperId))
                }
              >
                <Text className="qb-row-title">{p.paperName}</Text>
                <Text className="qb-muted">
                  {t('bankList.paper.meta', { num: p.questionNum, score: p.totalScore, min: p.durationMinutes })}
                </Text>
                <Text className="qb-muted paper-status">
                  {p.submittedNum > 0
                    ? t('bankList.paper.done', { n: p.submittedNum, best: p.bestScore ?? 0, last: p.lastScore ?? 0 })
                    : p.unfinishedRecordId
                      ? t('bankList.paper.unfinished')
                      : t('bankList.paper.notDone')}
                </Text>
              </View>
              <View className="qb-row-actions">
                {p.attemptNum > 0 && (
                  <Text className="qb-btn paper-records" onClick={() => go(bankUrl.recordList({ paperId: p.paperId }))}>
                    {t('bankList.paper.records')}
                  </Text>
                )}
                <Text
                  className="qb-btn is-primary paper-start"
                  onClick={() =>
                    go(p.unfinishedRecordId ? bankUrl.continueRecord(p.unfinishedRecordId) : bankUrl.test(p.paperId))
                  }
                >
                  {p.unfinishedRecordId ? t('bankList.continue.go') : t('bankList.paper.start')}
                </Text>
              </View>
            </View>
          ))}
        </View>
      </StatusBox>
    </View>
  )
}
