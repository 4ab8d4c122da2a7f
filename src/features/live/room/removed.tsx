/**
 * A learner a moderator removed (kicked) from this class (issue 25): the room's detail says until when
 * (`removedUntil`); the page shows this instead of the video and the chat, starts neither, and reads the room
 * again once the time has passed. The room's other classes stay open to him (the kick is per class).
 */
import { Image, Text, View } from '@tarojs/components'
import { useEffect, useRef } from 'react'
import { imageUrl } from '@/components/link'
import { lx } from '@/features/live'
import type { ChannelDetail } from '@/features/live/api'
import { formatDate } from '@/lib/datetime'
import { useNow } from './use-live'

/** Whether the detail says the learner is removed from its class now. */
export const removedNow = (d: ChannelDetail, now = Date.now()) => (d.removedUntil ?? 0) > now

export default function Removed({ detail, onOver }: { detail: ChannelDetail; onOver: () => void }) {
  const until = detail.removedUntil ?? 0
  const now = useNow(1000)
  const over = until <= now
  const latest = useRef(onOver)
  latest.current = onOver
  // once, when the time has come: the page reads the room again
  useEffect(() => {
    if (over) latest.current()
  }, [over])
  return (
    <View className="lv-screen lv-removed" role="alert">
      {!!detail.cover && <Image className="lv-screen-cover" src={imageUrl(detail.cover)} mode="aspectFill" />}
      <View className="lv-screen-body">
        <Text className="lv-screen-title lv-removed-title">{lx('room.removed')}</Text>
        <Text className="lv-removed-until">
          {over
            ? lx('room.removedOver')
            : lx('room.removedUntil', { time: formatDate(Math.floor(until / 1000), { time: true }) })}
        </Text>
        <Text className="lv-screen-hint lv-removed-hint">{lx('room.removedHint')}</Text>
      </View>
    </View>
  )
}
