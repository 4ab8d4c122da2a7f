/**
 * Live classes (spec: pages5/liveList; ?state=live|waiting|ended&free=1): tabs live now / upcoming / ended (with
 * their replays), a filter for free public classes, paged, pull-down refresh. A row opens the room, or the replay
 * of an ended class; a room the learner may not enter offers the goods (or the mock exam) that gives entry.
 */
import { Text, View } from '@tarojs/components'
import Taro, { useDidShow, usePullDownRefresh, useReachBottom, useRouter } from '@tarojs/taro'
import { useCallback, useRef, useState } from 'react'
import NavBar from '@/components/nav-bar'
import { themeStyle } from '@/components/theme'
import { go, QUIET, requireLogin } from '@/features/bank/lib'
import { ListFooter, StatusBox } from '@/features/bank/ui'
import { type LiveSession, type LiveState, liveList } from '@/features/live/api'
import { liveUrl, openSession } from '@/features/live/links'
import { lx } from '@/features/live/messages'
import { usePaged } from '@/lib/use-paged'
import { SessionRow, StateTabs } from './parts'

const TABS: LiveState[] = ['live', 'waiting', 'ended']

export default function LiveListPage() {
  const { params } = useRouter()
  const [tab, setTab] = useState<LiveState>(TABS.find((s) => s === params.state) ?? 'live')
  const [free, setFree] = useState(params.free === '1')
  const query = useRef({ tab, free })
  const fetchPage = useCallback(
    (pageNum: number, pageSize: number) =>
      liveList({ state: query.current.tab, free: query.current.free ? '1' : '', pageNum, pageSize }, QUIET),
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

  const pick = (next: { tab?: LiveState; free?: boolean }) => {
    query.current = { ...query.current, ...next }
    if (next.tab !== undefined) setTab(next.tab)
    if (next.free !== undefined) setFree(next.free)
    list.reload()
  }

  return (
    <View className="page lv-list-page lv-live-list" style={themeStyle}>
      <NavBar title={lx('list.title')} />
      <StateTabs
        tabs={TABS.map((key) => ({ key, label: lx(`list.tab.${key}`) }))}
        active={tab}
        onPick={(key) => pick({ tab: key })}
      />
      <View className="lv-filters">
        <View className={`lv-filter lv-free-filter${free ? ' is-on' : ''}`} onClick={() => pick({ free: !free })}>
          <View className="lv-filter-box" />
          <Text>{lx('list.free')}</Text>
        </View>
        <Text className="lv-link lv-to-mine" onClick={() => go(liveUrl.mine)}>
          {lx('list.mine')}
        </Text>
      </View>
      <StatusBox
        status={list.status}
        empty={list.rows.length === 0}
        emptyText={lx(`list.empty.${tab}`)}
        emptyHint={lx('list.empty.hint')}
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
