/**
 * Wrong questions (spec: pages2/subject/wrong): the wrong book of a bank, due today first (?dueOnly=1:
 * only the due ones), paged with pull-down refresh; each question can be reviewed (engine's wrongById) or
 * removed (delete/question). Learner-only.
 */
import { View } from '@tarojs/components'
import Taro, { useDidShow, usePullDownRefresh, useReachBottom, useRouter } from '@tarojs/taro'
import { useCallback, useState } from 'react'
import NavBar from '@/components/nav-bar'
import { themeStyle } from '@/components/theme'
import { type WrongRow, wrongBook } from '@/features/bank/api'
import { QUIET, requireLogin, useBankParams } from '@/features/bank/lib'
import { ListFooter, StatusBox } from '@/features/bank/ui'
import { t } from '@/i18n/sub'
import { usePaged } from '@/lib/use-paged'
import { WrongItem } from './parts'

export default function WrongList() {
  const { bankId, type } = useBankParams()
  const dueOnly = useRouter().params.dueOnly === '1'
  const [removed, setRemoved] = useState<number[]>([])
  const fetchPage = useCallback(
    (pageNum: number, pageSize: number) =>
      wrongBook(
        {
          ...(bankId ? { bankId } : {}),
          ...(type ? { type } : {}),
          ...(dueOnly ? { dueOnly } : {}),
          pageNum,
          pageSize,
        },
        QUIET,
      ),
    [bankId, type, dueOnly],
  )
  const list = usePaged<WrongRow>(fetchPage, 20)
  const reload = async (quiet: boolean) => {
    await list.reload(quiet)
    setRemoved([])
  }
  useDidShow(() => {
    if (requireLogin()) reload(list.status === 'ready')
  })
  usePullDownRefresh(() => {
    reload(true).finally(() => Taro.stopPullDownRefresh())
  })
  useReachBottom(() => {
    list.loadMore()
  })
  const rows = list.rows.filter((w) => !removed.includes(w.questionId))
  return (
    <View className="page qb-page qb-wrong-list" style={themeStyle}>
      <NavBar title={t('bankList.wrong.listTitle')} />
      <StatusBox
        status={list.status}
        empty={rows.length === 0}
        emptyText={t('bankList.wrong.empty')}
        emptyHint={t('bankList.wrong.emptyHint')}
        emptyAction={t('bankList.backToBank')}
        onEmptyAction={() => Taro.switchTab({ url: '/pages/questionBank/index' })}
        onRetry={() => reload(false)}
      >
        <View className="qb-section">
          {rows.map((w) => (
            <WrongItem key={w.questionId} w={w} onRemoved={(id) => setRemoved((r) => [...r, id])} />
          ))}
        </View>
        <ListFooter more={list.more} done={list.done} onRetry={list.loadMore} />
      </StatusBox>
    </View>
  )
}
