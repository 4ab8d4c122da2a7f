/**
 * My live classes (spec: pages5/liveDetail/list): the sessions of the rooms the learner's goods give entry to,
 * by state (all / live / upcoming / ended), paged, pull-down refresh. Empty: a way to the shop.
 */
import { View } from '@tarojs/components'
import Taro, { useDidShow, usePullDownRefresh, useReachBottom } from '@tarojs/taro'
import { useCallback, useRef, useState } from 'react'
import NavBar from '@/components/nav-bar'
import { themeStyle } from '@/components/theme'
import { QUIET, requireLogin } from '@/features/bank/lib'
import { ListFooter, StatusBox } from '@/features/bank/ui'
import { type LiveSession, type LiveState, myLives } from '@/features/live/api'
import { openSession } from '@/features/live/links'
import { lx } from '@/features/live/messages'
import { useShopDoor } from '@/features/shop/components/goods-card/buy-elsewhere'
import { usePaged } from '@/lib/use-paged'
import { SessionRow, StateTabs } from './parts'

type Tab = LiveState | ''
const TABS: Tab[] = ['', 'live', 'waiting', 'ended']

export default function MyLivesPage() {
  // 去选课, or 咨询开通 where this platform must not sell (src/features/shop/components/goods-card/buy-elsewhere.tsx)
  const toShop = useShopDoor(lx('mine.toShop'))
  const [tab, setTab] = useState<Tab>('')
  const tabRef = useRef<Tab>(tab)
  const fetchPage = useCallback(
    (pageNum: number, pageSize: number) => myLives({ state: tabRef.current, pageNum, pageSize }, QUIET),
    [],
  )
  const list = usePaged<LiveSession>(fetchPage, 10)

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
    <View className="page lv-list-page lv-my-lives" style={themeStyle}>
      <NavBar title={lx('mine.title')} />
      <StateTabs
        tabs={TABS.map((key) => ({ key, label: key ? lx(`list.tab.${key}`) : lx('list.tab.all') }))}
        active={tab}
        onPick={(key) => {
          tabRef.current = key
          setTab(key)
          list.reload()
        }}
      />
      <StatusBox
        status={list.status}
        empty={list.rows.length === 0}
        emptyText={lx('mine.empty')}
        emptyHint={lx('mine.emptyHint')}
        emptyAction={toShop.text}
        onEmptyAction={toShop.open}
        onRetry={() => list.reload()}
      >
        <View className="lv-section">
          {list.rows.map((s) => (
            <SessionRow key={s.sessionId} s={s} onOpen={openSession} />
          ))}
        </View>
        <ListFooter more={list.more} done={list.done} onRetry={list.loadMore} />
      </StatusBox>
    </View>
  )
}
