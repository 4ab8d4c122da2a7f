/** The room's intro tab: the lecturer, the class and its time, the introduction and the channel's schedule. */
import { Image, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { imageUrl } from '@/components/link'
import RichHtml from '@/components/rich-html'
import { lx } from '@/features/live'
import type { ChannelDetail, LiveSession } from '@/features/live/api'
import { offerEntry, sessionTarget } from '@/features/live/links'
import { formatRange } from '@/lib/datetime'

function open(s: LiveSession, current: number) {
  if (s.sessionId === current) return
  if (!s.canEnter) {
    void offerEntry({ goodsId: s.goodsId, examId: s.examId })
    return
  }
  // another session of this channel replaces this room (back returns to where the learner came from)
  Promise.resolve(Taro.redirectTo({ url: sessionTarget(s) })).catch(() => undefined)
}

export default function RoomIntro({ detail }: { detail: ChannelDetail }) {
  return (
    <View className="lv-intro">
      <View className="lv-intro-card">
        <View className="lv-teacher">
          {detail.teacherAvatar ? (
            <Image className="lv-teacher-avatar" src={imageUrl(detail.teacherAvatar)} mode="aspectFill" />
          ) : (
            <View className="lv-teacher-avatar is-initial">
              <Text>{Array.from(detail.teacherName || '?')[0]}</Text>
            </View>
          )}
          <View className="lv-teacher-text">
            <Text className="lv-muted">{lx('room.teacher')}</Text>
            <Text className="lv-teacher-name">{detail.teacherName}</Text>
          </View>
        </View>
        <Text className="lv-intro-title">{detail.title}</Text>
        <Text className="lv-muted">{formatRange(detail.startTime, detail.endTime)}</Text>
        {detail.intro ? (
          <RichHtml className="lv-intro-text" html={detail.intro} />
        ) : (
          <Text className="lv-muted">{lx('room.noIntro')}</Text>
        )}
      </View>
      {detail.sessions.length > 0 && (
        <View className="lv-intro-card lv-schedule">
          <Text className="lv-intro-head">{lx('room.schedule')}</Text>
          {detail.sessions.map((s) => {
            const current = s.sessionId === detail.sessionId
            return (
              <View
                key={s.sessionId}
                className={`lv-schedule-row lv-schedule-${s.sessionId}${current ? ' is-current' : ''}`}
                onClick={() => open(s, detail.sessionId)}
              >
                <View className="lv-schedule-main">
                  <Text className="lv-schedule-title">{s.title}</Text>
                  <Text className="lv-muted">{formatRange(s.startTime, s.endTime)}</Text>
                </View>
                <Text className={`lv-state-tag is-${s.state}`}>
                  {current ? lx('room.current') : lx(`state.${s.state}`)}
                </Text>
              </View>
            )
          })}
        </View>
      )}
    </View>
  )
}
