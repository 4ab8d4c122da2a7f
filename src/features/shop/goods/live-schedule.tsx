/**
 * A live goods' classes on its detail page (issue 25): the contents list its "第N次直播" sections without saying
 * when they are held, so the classes are listed first, each with its date and time and whether it is upcoming,
 * live or over (GET /app/common/goods/:id `liveSessions`).
 */
import { Text, View } from '@tarojs/components'
import { lx } from '@/features/live/messages'
import type { GoodsDetail } from '@/features/shop/api'
import { formatRange } from '@/lib/datetime'
import './live-schedule.scss'

type Session = NonNullable<GoodsDetail['liveSessions']>[number]

export default function LiveSchedule({ sessions }: { sessions: Session[] }) {
  if (sessions.length === 0) return null
  return (
    <View className="live-schedule">
      <Text className="live-schedule-title">{lx('goods.schedule', { n: sessions.length })}</Text>
      {sessions.map((s) => (
        <View key={s.sessionId} className={`live-schedule-row live-schedule-${s.sessionId} is-${s.state}`}>
          <View className="live-schedule-main">
            <Text className="live-schedule-name">{s.title}</Text>
            <Text className="live-schedule-when">{formatRange(s.startTime, s.endTime)}</Text>
          </View>
          <Text className={`live-schedule-state is-${s.state}`}>{lx(`state.${s.state}`)}</Text>
        </View>
      ))}
    </View>
  )
}
