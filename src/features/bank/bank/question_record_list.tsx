/**
 * Attempts of one scope (spec: pages2/bank/question_record_list): ?scope= (chapter, paper, daily, ...) of
 * a bank, or ?paperId= for one paper's attempts; newest first, paged, pull-down refresh. A tap opens the
 * report or continues the attempt. Learner-only.
 */
import { View } from '@tarojs/components'
import Taro, { useDidShow, usePullDownRefresh, useReachBottom } from '@tarojs/taro'
import { useCallback } from 'react'
import NavBar from '@/components/nav-bar'
import { themeStyle } from '@/components/theme'
import { paperRecords, type RecordSummary, records } from '@/features/bank/api'
import { QUIET, requireLogin, scopeKey, useBankParams } from '@/features/bank/lib'
import { RecordRow } from '@/features/bank/tab/record-row'
import { ListFooter, StatusBox } from '@/features/bank/ui'
import { t } from '@/i18n/sub'
import { usePaged } from '@/lib/use-paged'

export default function QuestionRecordList() {
  const { bankId, scope, paperId } = useBankParams()
  const fetchPage = useCallback(
    (pageNum: number, pageSize: number) =>
      paperId
        ? paperRecords({ paperId, pageNum, pageSize }, QUIET)
        : records({ ...(bankId ? { bankId } : {}), ...(scope ? { scope } : {}), pageNum, pageSize }, QUIET),
    [bankId, scope, paperId],
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

  const title = paperId
    ? t('bankList.paper.records')
    : scope
      ? `${t(scopeKey(scope))} · ${t('bankList.records.title')}`
      : t('bankList.records.title')
  return (
    <View className="page qb-page qb-record-list" style={themeStyle}>
      <NavBar title={title} />
      <StatusBox
        status={list.status}
        empty={list.rows.length === 0}
        emptyText={t('bankList.records.empty')}
        emptyAction={t('bankList.backToBank')}
        onEmptyAction={() => Taro.switchTab({ url: '/pages/questionBank/index' })}
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
