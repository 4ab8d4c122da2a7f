/**
 * Messages (spec: pages2/msg/index, pull-down refresh): the learner's messages, newest first, paged on scroll, by tab
 * (all, unread). An unread message carries a dot; a tap opens it (the detail marks it read on the server, and the
 * row here at once); "mark all read" asks first, then clears every unread one. The badges of the tab bar follow
 * (informSum of /app/user/infoAttached). docs/DECISIONS.md "Messages".
 */
import { Text, View } from '@tarojs/components'
import Taro, { useDidShow, usePullDownRefresh, useReachBottom } from '@tarojs/taro'
import { useCallback, useRef, useState } from 'react'
import NavBar from '@/components/nav-bar'
import { themeStyle } from '@/components/theme'
import { QUIET, requireLogin } from '@/features/bank/lib'
import { ListFooter, StatusBox } from '@/features/bank/ui'
import { type MessageRow, markRead, messages, READ_STATUS } from '@/features/inform/api'
import { t } from '@/i18n/sub'
import { formatDate } from '@/lib/datetime'
import { usePaged } from '@/lib/use-paged'
import { useApp } from '@/store/app'
import { type MxKey, mx } from './messages'
import './msg.scss'

type Tab = 'all' | 'unread'

const PAGE_SIZE = 15
const detailUrl = (id: number) => `/pages2/msg/detail?id=${id}`

/** the tab bar and My account badges follow a change of read state */
const refreshBadges = () => {
  useApp
    .getState()
    .refreshBadges()
    .catch(() => undefined)
}

function MessageItem({ m, onOpen }: { m: MessageRow; onOpen: (m: MessageRow) => void }) {
  const unread = m.readStatus === READ_STATUS.unread
  return (
    <View
      className={`msg-item msg-item-${m.id} msg-kind-${m.kind}${unread ? ' is-unread' : ''}`}
      onClick={() => onOpen(m)}
    >
      <View className="msg-item-head">
        {unread && <View className="msg-dot" aria-label={mx('unreadDot')} />}
        <Text className="msg-kind">{mx(`kind.${m.kind}` as MxKey)}</Text>
        <Text className="msg-title">{m.title}</Text>
      </View>
      {!!m.summary && <Text className="msg-summary">{m.summary}</Text>}
      <Text className="msg-time">{formatDate(m.createTime, { time: true })}</Text>
    </View>
  )
}

export default function Messages() {
  const [tab, setTab] = useState<Tab>('all')
  const which = useRef<Tab>('all')
  const [unread, setUnread] = useState(0)
  const [marking, setMarking] = useState(false)
  const fetchPage = useCallback(async (pageNum: number, pageSize: number) => {
    const page = await messages(
      { pageNum, pageSize, ...(which.current === 'unread' ? { readStatus: READ_STATUS.unread } : {}) },
      QUIET,
    )
    setUnread(page.unread)
    return page
  }, [])
  const list = usePaged<MessageRow>(fetchPage, PAGE_SIZE)
  // rows opened since the last load read as read at once (the server marked them when the detail loaded)
  const [opened, setOpened] = useState<ReadonlySet<number>>(new Set())

  // the fresh rows carry the read state: forget the local marks once they are on screen (not before: no flicker)
  const reload = async (quiet: boolean) => {
    await list.reload(quiet)
    setOpened(new Set())
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

  const switchTab = (key: Tab) => {
    if (key === tab) return
    which.current = key
    setTab(key)
    setOpened(new Set())
    list.reload()
  }

  const onOpen = (m: MessageRow) => {
    if (m.readStatus === READ_STATUS.unread && !opened.has(m.id)) {
      setOpened((s) => new Set(s).add(m.id))
      setUnread((n) => Math.max(0, n - 1))
    }
    Taro.navigateTo({ url: detailUrl(m.id) })
  }

  const onReadAll = async () => {
    if (marking || unread === 0) return
    const res = await Taro.showModal({
      title: mx('readAll'),
      content: mx('readAllConfirm', { n: unread }),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    })
    if (!res.confirm) return
    setMarking(true)
    try {
      const r = await markRead({ all: true })
      setUnread(r.unread)
      Taro.showToast({ title: mx('readAllDone'), icon: 'none' })
      refreshBadges()
      await reload(true)
    } catch {
      // the request layer said why
    } finally {
      setMarking(false)
    }
  }

  const rows = list.rows.map((m) => (opened.has(m.id) ? { ...m, readStatus: READ_STATUS.read } : m))
  return (
    <View className="page msg-page" style={themeStyle}>
      <NavBar title={mx('title')} />
      <View className="msg-bar">
        <View className="msg-tabs">
          {(['all', 'unread'] as const).map((key) => (
            <Text
              key={key}
              className={`msg-tab msg-tab-${key}${tab === key ? ' is-active' : ''}`}
              onClick={() => switchTab(key)}
            >
              {mx(`tab.${key}`)}
              {key === 'unread' && unread > 0 ? ` ${unread > 99 ? '99+' : unread}` : ''}
            </Text>
          ))}
        </View>
        <Text
          className={`msg-read-all${unread === 0 || marking ? ' is-disabled' : ''}`}
          aria-disabled={unread === 0 || marking}
          onClick={onReadAll}
        >
          {mx('readAll')}
        </Text>
      </View>
      <StatusBox
        status={list.status}
        empty={list.rows.length === 0}
        emptyText={mx(tab === 'unread' ? 'emptyUnread' : 'empty')}
        emptyHint={tab === 'unread' ? undefined : mx('emptyHint')}
        onRetry={() => reload(false)}
      >
        <View className="msg-list">
          {rows.map((m) => (
            <MessageItem key={m.id} m={m} onOpen={onOpen} />
          ))}
        </View>
        <ListFooter more={list.more} done={list.done} onRetry={() => list.loadMore()} />
      </StatusBox>
    </View>
  )
}
