/**
 * Favourites of one question type (spec: pages2/subject/collectTypeBank, ?type=1-5 [&bankId=]): paged,
 * pull-down refresh; a tap previews the question (question_detail). Learner-only.
 */
import { View } from '@tarojs/components'
import Taro, { useDidShow, usePullDownRefresh, useReachBottom } from '@tarojs/taro'
import { useCallback } from 'react'
import NavBar from '@/components/nav-bar'
import { themeStyle } from '@/components/theme'
import { type CollectRow, collectList } from '@/features/bank/api'
import { QUIET, requireLogin, typeKey, useBankParams } from '@/features/bank/lib'
import { ListFooter, StatusBox } from '@/features/bank/ui'
import { t } from '@/i18n/sub'
import { usePaged } from '@/lib/use-paged'
import { CollectItem } from './parts'

export default function CollectTypeBank() {
  const { bankId, type } = useBankParams()
  const fetchPage = useCallback(
    (pageNum: number, pageSize: number) =>
      collectList({ ...(bankId ? { bankId } : {}), ...(type ? { type } : {}), pageNum, pageSize }, QUIET),
    [bankId, type],
  )
  const list = usePaged<CollectRow>(fetchPage, 20)
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
    <View className="page qb-page qb-collect-type" style={themeStyle}>
      <NavBar title={type ? t(typeKey(type)) : t('bankList.entry.collect')} />
      <StatusBox
        status={list.status}
        empty={list.rows.length === 0}
        emptyText={t('bankList.collect.empty')}
        onRetry={() => list.reload()}
      >
        <View className="qb-section">
          {list.rows.map((c) => (
            <CollectItem key={c.collectId} q={c} />
          ))}
        </View>
        <ListFooter more={list.more} done={list.done} onRetry={list.loadMore} />
      </StatusBox>
    </View>
  )
}
