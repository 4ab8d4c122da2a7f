/**
 * My materials (spec: pages2/wd/stuff): without goodsId every handout of the learner's goods, grouped by goods
 * (paged); with ?goodsId that goods' handouts. A tap signs the file and opens it (src/features/learn/handout). The
 * handout tip explains once per goods where files open and that they are for personal study. Learner-only.
 */
import { Text, View } from '@tarojs/components'
import Taro, { useDidShow, usePullDownRefresh, useReachBottom, useRouter } from '@tarojs/taro'
import { useCallback, useEffect } from 'react'
import NavBar from '@/components/nav-bar'
import { themeStyle } from '@/components/theme'
import { numParam, QUIET, requireLogin, useLoader } from '@/features/bank/lib'
import { ListFooter, Section, StatusBox } from '@/features/bank/ui'
import { allHandouts, type GoodsHandouts, goodsHandouts, type Handout, handoutFile } from '@/features/learn/api'
import { HandoutRow, useHandoutTip, useOpenHandout } from '@/features/learn/materials/handouts'
import { useShopDoor } from '@/features/shop/components/goods-card/buy-elsewhere'
import { t } from '@/i18n/sub'
import { usePaged } from '@/lib/use-paged'

const sign = (h: Handout) => () => handoutFile(h.handoutId, { noLoading: true })

/** Every goods with its handouts; the tip of a goods shows before its first file opens. */
function AllStuff() {
  // 去选课, or 咨询开通 where this platform must not sell (src/features/shop/components/goods-card/buy-elsewhere.tsx)
  const toShop = useShopDoor(t('stuff.toShop'))
  const fetchPage = useCallback((pageNum: number, pageSize: number) => allHandouts(pageNum, pageSize, QUIET), [])
  const list = usePaged<GoodsHandouts>(fetchPage, 10)
  const tip = useHandoutTip()
  const { opening, open } = useOpenHandout()
  useDidShow(() => {
    if (requireLogin()) list.reload(list.status === 'ready')
  })
  usePullDownRefresh(() => {
    list.reload(true).finally(() => Taro.stopPullDownRefresh())
  })
  useReachBottom(() => {
    list.loadMore()
  })
  const groups = list.rows.filter((g) => g.handouts.length > 0)
  return (
    <StatusBox
      status={list.status}
      empty={groups.length === 0}
      emptyText={t('stuff.empty')}
      emptyHint={t('stuff.emptyHint')}
      emptyAction={toShop.text}
      onEmptyAction={toShop.open}
      onRetry={() => list.reload()}
    >
      {groups.map((g) => (
        <View key={g.goodsId} className={`stuff-goods stuff-goods-${g.goodsId}`}>
          <Section
            title={g.goodsName}
            extra={<Text className="qb-muted">{t('stuff.count', { n: g.handouts.length })}</Text>}
          >
            {g.handouts.map((h) => (
              <HandoutRow
                key={h.handoutId}
                h={h}
                opening={opening === h.handoutId}
                onOpen={() => open(h, sign(h), () => tip(g.goodsId))}
              />
            ))}
          </Section>
        </View>
      ))}
      <ListFooter more={list.more} done={list.done} onRetry={list.loadMore} />
    </StatusBox>
  )
}

/** One goods' handouts; its tip shows when they are first listed. */
function GoodsStuff({ goodsId }: { goodsId: number }) {
  const data = useLoader(() => goodsHandouts(goodsId, QUIET))
  const tip = useHandoutTip()
  const { opening, open } = useOpenHandout()
  useDidShow(() => {
    if (requireLogin()) data.reload(data.status === 'ready')
  })
  usePullDownRefresh(() => {
    data.reload(true).finally(() => Taro.stopPullDownRefresh())
  })
  const rows = data.data ?? []
  const listed = rows.length > 0
  useEffect(() => {
    if (listed) tip(goodsId)
  }, [listed, goodsId, tip])
  return (
    <StatusBox
      status={data.status}
      empty={rows.length === 0}
      emptyText={t('stuff.empty')}
      emptyHint={t('stuff.emptyHint')}
      onRetry={() => data.reload()}
    >
      <View className="qb-section">
        {rows.map((h) => (
          <HandoutRow key={h.handoutId} h={h} opening={opening === h.handoutId} onOpen={() => open(h, sign(h))} />
        ))}
      </View>
    </StatusBox>
  )
}

export default function Stuff() {
  const goodsId = numParam(useRouter().params.goodsId)
  return (
    <View className="page qb-page stuff-page" style={themeStyle}>
      <NavBar title={t('stuff.title')} />
      {goodsId ? <GoodsStuff goodsId={goodsId} /> : <AllStuff />}
    </View>
  )
}
