/**
 * The mock-exam home (spec: pages5/mockRecord/mock_record?tab=apply|live|mine|scores): the mocks to apply for
 * (filtered by business), the schedule of scheduled and running mocks, my applications and my scores per
 * mock. Each mock row offers what the learner can do now (apply, enter, continue, withdraw). Tabs are
 * (re)loaded when chosen and on show; lists page at the bottom; pull-down refreshes the tab shown.
 */
import { ScrollView, Text, View } from '@tarojs/components'
import Taro, { useDidShow, usePullDownRefresh, useReachBottom, useRouter } from '@tarojs/taro'
import { useCallback, useRef, useState } from 'react'
import NavBar from '@/components/nav-bar'
import { themeStyle } from '@/components/theme'
import { go, QUIET, requireLogin, useLoader } from '@/features/bank/lib'
import { ListFooter, StatusBox } from '@/features/bank/ui'
import {
  type MockRow,
  type MockSubscribe,
  mockApplyList,
  mockBusinesses,
  mockCancel,
  mockGroups,
  mockLives,
  mockSubscriptions,
} from '@/features/exam/api'
import { usePaged } from '@/lib/use-paged'
import { tx } from '../../apply/mock-messages'
import { mockUrl, Tabs } from '../../apply/mock-parts'
import { GroupRow, type MockActionKind, MockCard, mockRoomUrl, SubscriptionCard } from './parts'
import '../../apply/mock.scss'

type Tab = 'apply' | 'live' | 'mine' | 'scores'
const TAB_KEYS: readonly Tab[] = ['apply', 'live', 'mine', 'scores']

export default function MockRecord() {
  const { params } = useRouter()
  const initial = TAB_KEYS.find((k) => k === (params as Record<string, string | undefined>).tab) ?? 'apply'
  const [tab, setTab] = useState<Tab>(initial)
  const [businessId, setBusinessId] = useState<number | undefined>(undefined)
  // read by the fetchers at call time: a switch reloads before the next render
  const business = useRef<number | undefined>(undefined)
  const loaded = useRef(new Set<Tab>())

  const businesses = useLoader(() => mockBusinesses(QUIET))
  const mocks = usePaged<MockRow>(
    useCallback(
      (pageNum: number, pageSize: number) => mockApplyList({ businessId: business.current, pageNum, pageSize }, QUIET),
      [],
    ),
  )
  const lives = usePaged<MockRow>(
    useCallback((pageNum: number, pageSize: number) => mockLives(pageNum, pageSize, QUIET), []),
  )
  const mine = usePaged<MockSubscribe>(
    useCallback((pageNum: number, pageSize: number) => mockSubscriptions(pageNum, pageSize, QUIET), []),
  )
  const groups = useLoader(() => mockGroups(QUIET))

  /** quiet: keep what the tab showed while it refreshes */
  const loadTab = (key: Tab, quiet: boolean): Promise<unknown> => {
    loaded.current.add(key)
    if (key === 'apply') return Promise.all([businesses.reload(true), mocks.reload(quiet)])
    if (key === 'live') return lives.reload(quiet)
    if (key === 'mine') return mine.reload(quiet)
    return groups.reload(quiet)
  }

  useDidShow(() => {
    if (requireLogin()) loadTab(tab, loaded.current.has(tab))
  })
  usePullDownRefresh(() => {
    loadTab(tab, true).finally(() => Taro.stopPullDownRefresh())
  })
  useReachBottom(() => {
    if (tab === 'apply') mocks.loadMore()
    else if (tab === 'live') lives.loadMore()
    else if (tab === 'mine') mine.loadMore()
  })

  const switchTab = (key: Tab) => {
    setTab(key)
    loadTab(key, loaded.current.has(key))
  }

  const pickBusiness = (id: number | undefined) => {
    if (id === business.current) return
    business.current = id
    setBusinessId(id)
    mocks.reload()
  }

  const withdraw = async (subscribeId: number, name: string) => {
    const res = await Taro.showModal({
      title: tx('mock.cancelTitle'),
      content: tx('mock.cancelConfirm', { name }),
      confirmText: tx('mock.cancelOk'),
      cancelText: tx('mock.cancelKeep'),
    })
    if (!res.confirm) return
    try {
      await mockCancel(subscribeId)
      Taro.showToast({ title: tx('mock.cancelled'), icon: 'none' })
    } catch {
      // the request layer showed why
    }
    await loadTab(tab, true)
  }

  const onMockAction = (kind: MockActionKind, m: MockRow) => {
    if (kind === 'apply') go(mockUrl.apply(m.examId))
    else if (kind === 'enter' || kind === 'continue') go(mockUrl.sit(m.examId))
    else if (kind === 'results') go(mockUrl.records(m.examId))
    else if (kind === 'room') go(mockRoomUrl(m))
    else if (m.subscribeId) withdraw(m.subscribeId, m.name)
  }

  const tabs = [
    { key: 'apply' as const, label: tx('mock.tab.apply') },
    { key: 'live' as const, label: tx('mock.tab.live') },
    { key: 'mine' as const, label: tx('mock.tab.mine') },
    { key: 'scores' as const, label: tx('mock.tab.scores') },
  ]
  const chips = businesses.data ?? []
  return (
    <View className="page mk-page mk-home" style={themeStyle}>
      <NavBar title={tx('mock.title')} />
      <Tabs tabs={tabs} active={tab} onChange={switchTab} />

      {tab === 'apply' && (
        <>
          {chips.length > 0 && (
            <ScrollView className="mk-chips" scrollX enhanced showScrollbar={false}>
              <View
                className={`mk-chip mk-chip-all${businessId === undefined ? ' is-active' : ''}`}
                onClick={() => pickBusiness(undefined)}
              >
                <Text>{tx('mock.all')}</Text>
              </View>
              {chips.map((b) => (
                <View
                  key={b.businessId}
                  className={`mk-chip mk-chip-${b.businessId}${businessId === b.businessId ? ' is-active' : ''}`}
                  onClick={() => pickBusiness(b.businessId)}
                >
                  <Text>
                    {b.businessName} {b.examNum}
                  </Text>
                </View>
              ))}
            </ScrollView>
          )}
          <StatusBox
            status={mocks.status}
            empty={mocks.rows.length === 0}
            emptyText={tx('mock.empty')}
            onRetry={() => mocks.reload()}
          >
            {mocks.rows.map((m) => (
              <MockCard key={m.examId} m={m} onAction={onMockAction} />
            ))}
            <ListFooter more={mocks.more} done={mocks.done} onRetry={() => mocks.loadMore()} />
          </StatusBox>
        </>
      )}

      {tab === 'live' && (
        <StatusBox
          status={lives.status}
          empty={lives.rows.length === 0}
          emptyText={tx('mock.live.empty')}
          onRetry={() => lives.reload()}
        >
          {lives.rows.map((m) => (
            <MockCard key={m.examId} m={m} schedule onAction={onMockAction} />
          ))}
          <ListFooter more={lives.more} done={lives.done} onRetry={() => lives.loadMore()} />
        </StatusBox>
      )}

      {tab === 'mine' && (
        <StatusBox
          status={mine.status}
          empty={mine.rows.length === 0}
          emptyText={tx('mock.mine.empty')}
          emptyAction={tx('mock.tab.apply')}
          onEmptyAction={() => switchTab('apply')}
          onRetry={() => mine.reload()}
        >
          {mine.rows.map((s) => (
            <SubscriptionCard
              key={s.subscribeId}
              s={s}
              onOpen={(x) => go(mockUrl.success(x.subscribeId))}
              onEnter={(x) => go(mockUrl.sit(x.examId))}
              onResults={(x) => go(mockUrl.records(x.examId))}
              onCancel={(x) => withdraw(x.subscribeId, x.examName)}
            />
          ))}
          <ListFooter more={mine.more} done={mine.done} onRetry={() => mine.loadMore()} />
        </StatusBox>
      )}

      {tab === 'scores' && (
        <StatusBox
          status={groups.status}
          empty={(groups.data ?? []).length === 0}
          emptyText={tx('mock.scores.empty')}
          onRetry={() => groups.reload()}
        >
          <View className="mk-card">
            {(groups.data ?? []).map((g) => (
              <GroupRow key={g.examId} g={g} onOpen={(x) => go(mockUrl.records(x.examId))} />
            ))}
          </View>
        </StatusBox>
      )}
    </View>
  )
}
