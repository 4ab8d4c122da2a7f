/**
 * Views shared by the live list pages (pages5/liveList, liveDetail/index, list, course): a session row and the
 * state tabs. Page files export only their page on weapp, so these live here. No chat client: the lists never
 * open a socket.
 */
import { Image, Text, View } from '@tarojs/components'
import Icon from '@/components/icon'
import { Video } from '@/components/icon/glyphs'
import { imageUrl } from '@/components/link'
import type { LiveSession } from '@/features/live/api'
import { lx } from '@/features/live/messages'
import { formatDuration, formatRange } from '@/lib/datetime'
import './live-list.scss'

/** What the row's button says: buy / apply when the learner may not enter, else enter / replay. */
function actionOf(s: LiveSession): { text: string; muted: boolean } {
  if (!s.canEnter)
    return {
      text: lx(s.goodsId ? 'row.buy' : s.examId ? 'entitle.toMock' : 'row.locked'),
      muted: !s.goodsId && !s.examId,
    }
  if (s.state === 'live') return { text: lx('row.enter'), muted: false }
  if (s.state === 'waiting') return { text: lx('row.remind'), muted: false }
  return s.hasPlayback ? { text: lx('row.replay'), muted: false } : { text: lx('row.noReplay'), muted: true }
}

export function SessionRow({
  s,
  onOpen,
  current = false,
}: {
  s: LiveSession
  onOpen: (s: LiveSession) => void
  current?: boolean
}) {
  const action = actionOf(s)
  return (
    <View
      className={`lv-row lv-row-${s.sessionId} is-${s.state}${current ? ' is-current' : ''}`}
      onClick={() => onOpen(s)}
    >
      <View className="lv-cover">
        {s.cover ? (
          <Image className="lv-cover-img" src={imageUrl(s.cover)} mode="aspectFill" lazyLoad />
        ) : (
          <View className="lv-cover-blank">
            <Icon glyph={Video} className="lv-cover-icon" />
          </View>
        )}
        <Text className={`lv-state is-${s.state}`}>{lx(`state.${s.state}`)}</Text>
      </View>
      <View className="lv-row-main">
        <Text className="lv-row-title">{s.title}</Text>
        {!!s.channelName && s.channelName !== s.title && (
          <Text className="lv-muted lv-row-channel">{s.channelName}</Text>
        )}
        <Text className="lv-muted lv-row-time">{formatRange(s.startTime, s.endTime)}</Text>
        <View className="lv-row-foot">
          {!!s.teacherName && <Text className="lv-muted">{lx('row.teacher', { name: s.teacherName })}</Text>}
          {s.free && <Text className="lv-tag is-free">{lx('row.free')}</Text>}
          {s.hasPlayback && <Text className="lv-tag is-replay">{lx('row.playback')}</Text>}
          {s.watchedSeconds > 0 && (
            <Text className="lv-muted lv-row-watched">
              {lx('row.watched', { time: formatDuration(s.watchedSeconds) })}
            </Text>
          )}
        </View>
      </View>
      <Text className={`lv-btn lv-row-action${action.muted ? ' is-muted' : ' is-primary'}`}>{action.text}</Text>
    </View>
  )
}

export function StateTabs<T extends string>({
  tabs,
  active,
  onPick,
}: {
  tabs: { key: T; label: string }[]
  active: T
  onPick: (key: T) => void
}) {
  return (
    <View className="lv-tabs">
      {tabs.map((t) => (
        <Text
          key={t.key || 'all'}
          className={`lv-tab lv-tab-${t.key || 'all'}${t.key === active ? ' is-active' : ''}`}
          onClick={() => t.key !== active && onPick(t.key)}
        >
          {t.label}
        </Text>
      ))}
    </View>
  )
}
