/**
 * My account's "my online courses" (spec: pages2/wd/class): the learner's course goods with progress and
 * expiry, paged; a row opens the goods' courses. Learner-only.
 */
import { View } from '@tarojs/components'
import Taro, { useDidShow, usePullDownRefresh, useReachBottom } from '@tarojs/taro'
import { useCallback } from 'react'
import { useShopDoor } from '@/components/goods-card/buy-elsewhere'
import NavBar from '@/components/nav-bar'
import { themeStyle } from '@/components/theme'
import { t } from '@/i18n/sub'
import { usePaged } from '@/pages/course/use-paged'
import { GoodsRow } from '@/pages/learn/parts'
import { go, QUIET, requireLogin } from '@/pages/questionBank/lib'
import { ListFooter, StatusBox } from '@/pages/questionBank/ui'
import { type MyCourseGoods, myCourseGoods } from '@/services/api/learn'
import { learnUrl } from '@/services/study/links'

export default function MyOnlineCourses() {
  // 去选课, or 咨询开通 where this platform must not sell (src/components/goods-card/buy-elsewhere.tsx)
  const toShop = useShopDoor(t('learn.goods.toShop'))
  const fetchPage = useCallback((pageNum: number, pageSize: number) => myCourseGoods(pageNum, pageSize, QUIET), [])
  const list = usePaged<MyCourseGoods>(fetchPage, 10)
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
    <View className="page ln-page ln-classes" style={themeStyle}>
      <NavBar title={t('learn.classes.title')} />
      <StatusBox
        status={list.status}
        empty={list.rows.length === 0}
        emptyText={t('learn.goods.empty')}
        emptyHint={t('learn.goods.emptyHint')}
        emptyAction={toShop.text}
        onEmptyAction={toShop.open}
        onRetry={() => list.reload()}
      >
        <View className="ln-section">
          {list.rows.map((g) => (
            <GoodsRow key={g.goodsId} g={g} showExpiry onOpen={(row) => go(learnUrl.details(row.goodsId))} />
          ))}
        </View>
        <ListFooter more={list.more} done={list.done} onRetry={() => list.loadMore()} />
      </StatusBox>
    </View>
  )
}
