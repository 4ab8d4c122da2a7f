/**
 * Favourite questions (spec: pages2/subject/collect): of a chapter (?chapterId=, exam_question_list) or,
 * without one, every favourite of the bank (paged list); a tap previews the question (question_detail);
 * 'practise' opens the engine's favourites practice (collectById) of the same bank / chapter. Learner-only.
 */
import { Text, View } from '@tarojs/components'
import Taro, { useDidShow, usePullDownRefresh, useReachBottom } from '@tarojs/taro'
import { useCallback } from 'react'
import NavBar from '@/components/nav-bar'
import { themeStyle } from '@/components/theme'
import { collectList, collectQuestions } from '@/features/bank/api'
import { bankUrl, go, QUIET, requireLogin, useBankParams } from '@/features/bank/lib'
import { ListFooter, StatusBox } from '@/features/bank/ui'
import { t } from '@/i18n/sub'
import { usePaged } from '@/lib/use-paged'
import { CollectItem } from './parts'

type Item = { questionId: number; bankId: number; type: number; title: string; collectTime?: number }

export default function Collect() {
  const { bankId, chapterId } = useBankParams()
  const fetchPage = useCallback(
    async (pageNum: number, pageSize: number): Promise<{ rows: Item[]; total: number }> => {
      if (chapterId) {
        const rows = await collectQuestions({ ...(bankId ? { bankId } : {}), chapterId }, QUIET)
        return { rows, total: rows.length }
      }
      return collectList({ ...(bankId ? { bankId } : {}), pageNum, pageSize }, QUIET)
    },
    [bankId, chapterId],
  )
  const list = usePaged<Item>(fetchPage, 20)
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
    <View className="page qb-page qb-collect" style={themeStyle}>
      <NavBar title={t('bankList.collect.listTitle')} />
      <StatusBox
        status={list.status}
        empty={list.rows.length === 0}
        emptyText={t('bankList.collect.empty')}
        emptyHint={t('bankList.collect.emptyHint')}
        onRetry={() => list.reload()}
      >
        <View className="qb-section qb-section-head">
          <Text className="qb-muted">{t('bankList.collect.total', { n: list.total })}</Text>
          <Text
            className="qb-btn is-primary collect-practise"
            onClick={() => go(bankUrl.collectPractise(bankId, { chapterId }))}
          >
            {t('bankList.collect.practise')}
          </Text>
        </View>
        <View className="qb-section">
          {list.rows.map((c) => (
            <CollectItem key={c.questionId} q={c} />
          ))}
        </View>
        <ListFooter more={list.more} done={list.done} onRetry={list.loadMore} />
      </StatusBox>
    </View>
  )
}
