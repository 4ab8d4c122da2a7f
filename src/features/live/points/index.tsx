/**
 * My account › Points: the learner's tenant points (red packets grabbed, rewards given or received) — the balance
 * and the ledger, newest first, paged, pull-down refresh, an empty state that leads to the live classes. Points are
 * not money (real-money red packets are out of scope) and the page says so. The data is the chat server's learner
 * route `GET /live/points` (./api.ts, imported alone: no socket in this page).
 */
import { Text, View } from '@tarojs/components'
import Taro, { useDidShow, usePullDownRefresh, useReachBottom } from '@tarojs/taro'
import { useCallback, useState } from 'react'
import NavBar from '@/components/nav-bar'
import { themeStyle } from '@/components/theme'
import { requireLogin } from '@/features/bank/lib'
import { ListFooter, StatusBox } from '@/features/bank/ui'
import { POINTS_PAGE_SIZE, type PointsLedgerRow, pointsPage } from '@/features/live/points/api'
import { formatDate } from '@/lib/datetime'
import { usePaged } from '@/lib/use-paged'
import { px } from './messages'
import './points.scss'

const LIVE_LIST = '/pages5/liveList'
const REASONS = new Set(['redpaper', 'reward_sent', 'reward_received', 'grant'])

function Row({ r }: { r: PointsLedgerRow }) {
  const reason = REASONS.has(r.reason) ? px(`reason.${r.reason}` as 'reason.grant') : r.reason
  return (
    <View className={`pt-row pt-row-${r.id} pt-${r.reason}`}>
      <View className="pt-row-main">
        <Text className="pt-row-reason">{reason}</Text>
        {!!(r.sessionTitle || r.note) && <Text className="pt-row-sub">{r.sessionTitle || r.note}</Text>}
        <Text className="pt-row-time">{formatDate(Math.floor(r.timeMs / 1000), { time: true })}</Text>
      </View>
      <View className="pt-row-side">
        <Text className={`pt-delta ${r.delta >= 0 ? 'is-gain' : 'is-spend'}`}>
          {r.delta >= 0 ? `+${r.delta}` : `${r.delta}`}
        </Text>
        <Text className="pt-row-after">{px('after', { n: r.balance })}</Text>
      </View>
    </View>
  )
}

export default function PointsPage() {
  const [balance, setBalance] = useState<number | null>(null)
  const fetchPage = useCallback(async (pageNum: number, pageSize: number) => {
    const page = await pointsPage(pageNum, pageSize)
    setBalance(page.balance)
    return page
  }, [])
  const list = usePaged<PointsLedgerRow>(fetchPage, POINTS_PAGE_SIZE)

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
    <View className="page pt-page" style={themeStyle}>
      <NavBar title={px('title')} />
      <View className="pt-balance-card">
        <Text className="pt-balance-label">{px('balance')}</Text>
        <Text className="pt-balance">{balance ?? '--'}</Text>
        <Text className="pt-note">{px('note')}</Text>
      </View>
      <Text className="pt-head">{px('ledger')}</Text>
      <StatusBox
        status={list.status}
        empty={list.rows.length === 0}
        emptyText={px('empty')}
        emptyHint={px('emptyHint')}
        emptyAction={px('toLive')}
        onEmptyAction={() => {
          Promise.resolve(Taro.navigateTo({ url: LIVE_LIST })).catch(() => undefined)
        }}
        onRetry={() => list.reload()}
      >
        <View className="pt-list">
          {list.rows.map((r) => (
            <Row key={r.id} r={r} />
          ))}
        </View>
        <ListFooter more={list.more} done={list.done} onRetry={list.loadMore} />
      </StatusBox>
    </View>
  )
}
