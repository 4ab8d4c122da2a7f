/**
 * Course content choice (spec: pages3/preference): the learner picks which of their course goods comes
 * first on the learning tab (POST /order/firstChoiceGoods).
 */
import { Text, View } from '@tarojs/components'
import Taro, { useDidShow, usePullDownRefresh, useReachBottom } from '@tarojs/taro'
import { useCallback, useState } from 'react'
import NavBar from '@/components/nav-bar'
import { themeStyle } from '@/components/theme'
import { QUIET, requireLogin } from '@/features/bank/lib'
import { ListFooter, StatusBox } from '@/features/bank/ui'
import { type MyCourseGoods, myCourseGoods } from '@/features/learn/api'
import { GoodsRow } from '@/features/learn/tab/parts'
import { firstChoiceGoods } from '@/features/shop/api'
import { useShopDoor } from '@/features/shop/components/goods-card/buy-elsewhere'
import { t } from '@/i18n/sub'
import { usePaged } from '@/lib/use-paged'
import '@/features/learn/tab/learn.scss'

export default function Preference() {
  // 去选课, or 咨询开通 where this platform must not sell (src/features/shop/components/goods-card/buy-elsewhere.tsx)
  const toShop = useShopDoor(t('learn.goods.toShop'))
  const fetchPage = useCallback((pageNum: number, pageSize: number) => myCourseGoods(pageNum, pageSize, QUIET), [])
  const list = usePaged<MyCourseGoods>(fetchPage, 20)
  const [saving, setSaving] = useState<number | null>(null)

  useDidShow(() => {
    if (requireLogin()) list.reload(list.status === 'ready')
  })
  usePullDownRefresh(() => {
    list.reload(true).finally(() => Taro.stopPullDownRefresh())
  })
  useReachBottom(() => {
    list.loadMore()
  })

  const rows = list.rows
  const first = rows.find((g) => g.firstChoice)?.goodsId ?? null
  const pick = async (g: MyCourseGoods) => {
    if (saving !== null || g.goodsId === first) return
    setSaving(g.goodsId)
    try {
      await firstChoiceGoods(g.goodsId)
      await list.reload(true)
      Taro.showToast({ title: t('learn.preference.saved'), icon: 'success', duration: 2000 })
    } catch {
      // the request layer showed why
    } finally {
      setSaving(null)
    }
  }

  return (
    <View className="page ln-page ln-preference" style={themeStyle}>
      <NavBar title={t('learn.preference.title')} />
      <View className="ln-notice">
        <Text>{t('learn.preference.hint')}</Text>
      </View>
      <StatusBox
        status={list.status}
        empty={rows.length === 0}
        emptyText={t('learn.goods.empty')}
        emptyHint={t('learn.goods.emptyHint')}
        emptyAction={toShop.text}
        onEmptyAction={toShop.open}
        onRetry={() => list.reload()}
      >
        <View className="ln-section">
          {rows.map((g) => (
            <GoodsRow
              key={g.goodsId}
              g={g}
              onOpen={pick}
              tag={g.goodsId === first ? t('learn.goods.firstTag') : undefined}
              extra={
                <Text className={`ln-link ln-pick${g.goodsId === first ? ' is-current' : ''}`}>
                  {g.goodsId === first
                    ? t('learn.preference.current')
                    : saving === g.goodsId
                      ? t('common.loading')
                      : t('learn.preference.set')}
                </Text>
              }
            />
          ))}
        </View>
        <ListFooter more={list.more} done={list.done} onRetry={() => list.loadMore()} />
      </StatusBox>
    </View>
  )
}
