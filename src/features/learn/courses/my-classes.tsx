/**
 * My account's "my online courses" (spec: pages2/wd/class): the learner's course goods with progress and
 * expiry, paged; a row opens the goods' courses. Learner-only.
 */
import { View } from '@tarojs/components'
import Taro, { useDidShow, usePullDownRefresh, useReachBottom } from '@tarojs/taro'
import { useCallback } from 'react'
import NavBar from '@/components/nav-bar'
import { themeStyle } from '@/components/theme'
import { go, QUIET, requireLogin } from '@/features/bank/lib'
import { ListFooter, StatusBox } from '@/features/bank/ui'
import { type MyCourseGoods, myCourseGoods } from '@/features/learn/api'
import { learnUrl } from '@/features/learn/links'
import { GoodsRow } from '@/features/learn/tab/parts'
import { useShopDoor } from '@/features/shop/components/goods-card/buy-elsewhere'
import { t } from '@/i18n/sub'
import { usePaged } from '@/lib/use-paged'

export default function MyOnlineCourses() {
  // 去选课, or 咨询开通 where this platform must not sell (src/features/shop/components/goods-card/buy-elsewhere.tsx)
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
