/**
 * Special practice reports (spec: pages2/class/question_report): the learner's special-practice attempts
 * of a bank (scope special), newest first, paged; a tap opens the engine's report
 * (pages2/bank/question_report) or continues an unfinished attempt. Learner-only.
 */
import { View } from '@tarojs/components'
import Taro, { useDidShow, usePullDownRefresh, useReachBottom } from '@tarojs/taro'
import { useCallback } from 'react'
import NavBar from '@/components/nav-bar'
import { themeStyle } from '@/components/theme'
import { type RecordSummary, records } from '@/features/bank/api'
import { bankUrl, go, QUIET, requireLogin, useBankParams } from '@/features/bank/lib'
import { RecordRow } from '@/features/bank/tab/record-row'
import { ListFooter, StatusBox } from '@/features/bank/ui'
import { t } from '@/i18n/sub'
import { usePaged } from '@/lib/use-paged'

export default function SpecialReports() {
  const { bankId } = useBankParams()
  const fetchPage = useCallback(
    (pageNum: number, pageSize: number) =>
      records({ ...(bankId ? { bankId } : {}), scope: 'special', pageNum, pageSize }, QUIET),
    [bankId],
  )
  const list = usePaged<RecordSummary>(fetchPage, 10)
  useDidShow(() => {
    if (requireLogin()) list.reload(list.status === 'ready')
  })
  usePullDownRefresh(() => {
    list.reload(true).finally(() => Taro.stopPullDownRefresh())
  })
  useReachBottom(() => {
    list.loadMore()
  })
  return (
    <View className="page qb-page qb-special-reports" style={themeStyle}>
      <NavBar title={t('bankList.special.reports')} />
      <StatusBox
        status={list.status}
        empty={list.rows.length === 0}
        emptyText={t('bankList.records.empty')}
        emptyAction={t('bankList.special.start')}
        onEmptyAction={() => bankId && go(bankUrl.special(bankId))}
        onRetry={() => list.reload()}
      >
        <View className="qb-section">
          {list.rows.map((r) => (
            <RecordRow key={r.recordId} r={r} />
          ))}
        </View>
        <ListFooter more={list.more} done={list.done} onRetry={list.loadMore} />
      </StatusBox>
    </View>
  )
}
