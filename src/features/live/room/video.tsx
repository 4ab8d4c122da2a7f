/**
 * The top of the room: the video while live; before the class a countdown to its start; after it, the way to
 * the replay. Live but no video: the server has no live video (local provider without nginx-rtmp), or the class
 * plays in the provider's own player.
 */
import { Image, Text, View } from '@tarojs/components'
import { forwardRef, useState } from 'react'
import { imageUrl } from '@/components/link'
import { lx, mediaUrl } from '@/features/live'
import type { ChannelDetail, LiveState } from '@/features/live/api'
import { formatDate } from '@/lib/datetime'
import LivePlayer from './player'
import type { LivePlayerHandle } from './player-types'
import { useNow } from './use-live'

const pad = (n: number) => String(n).padStart(2, '0')

/** Time left until `startMs`: `01:02:03`, or with days. '' once it has come. */
export function countdownText(startMs: number, now: number): string {
  const left = Math.floor((startMs - now) / 1000)
  if (left <= 0) return ''
  const d = Math.floor(left / 86400)
  const time = `${pad(Math.floor((left % 86400) / 3600))}:${pad(Math.floor((left % 3600) / 60))}:${pad(left % 60)}`
  return d > 0 ? lx('room.countdownDays', { d, time }) : lx('room.countdown', { time })
}

function Screen({
  cover,
  children,
  className = '',
}: {
  cover?: string
  children: React.ReactNode
  className?: string
}) {
  return (
    <View className={`lv-screen ${className}`.trim()}>
      {!!cover && <Image className="lv-screen-cover" src={imageUrl(cover)} mode="aspectFill" />}
      <View className="lv-screen-body">{children}</View>
    </View>
  )
}

function Waiting({ detail }: { detail: ChannelDetail }) {
  const now = useNow(1000)
  const left = countdownText(detail.startTime * 1000, now)
  return (
    <Screen cover={detail.cover} className="lv-waiting">
      <Text className="lv-screen-title">{lx('room.waiting')}</Text>
      <Text className="lv-countdown">{left || lx('room.startingSoon')}</Text>
      <Text className="lv-screen-hint">
        {lx('room.startsAt', { time: formatDate(detail.startTime, { time: true }) })}
      </Text>
    </Screen>
  )
}

export interface RoomVideoProps {
  detail: ChannelDetail
  liveState: LiveState
  /** CLASSEND said whether a replay will exist */
  endedHasPlayback: boolean | null
  onPlaying: (playing: boolean) => void
  onTime: (position: number) => void
  onReplay: () => void
}

const RoomVideo = forwardRef<LivePlayerHandle, RoomVideoProps>(function RoomVideo(props, ref) {
  const { detail, liveState } = props
  const [failure, setFailure] = useState<'load' | 'unsupported' | null>(null)
  const [attempt, setAttempt] = useState(0)

  if (liveState === 'waiting') return <Waiting detail={detail} />
  if (liveState === 'ended') {
    // the button only once a recording is ready; until then CLASSEND's promise of one reads 'being prepared'
    const coming = props.endedHasPlayback ?? detail.playbackEnabled === 'Y'
    return (
      <Screen cover={detail.cover} className="lv-ended">
        <Text className="lv-screen-title">{lx('room.ended')}</Text>
        {detail.hasPlayback ? (
          <View className="lv-screen-btn lv-to-playback" onClick={props.onReplay}>
            <Text>{lx('room.toPlayback')}</Text>
          </View>
        ) : (
          <Text className="lv-screen-hint">{lx(coming ? 'room.noPlaybackYet' : 'room.noPlayback')}</Text>
        )}
      </Screen>
    )
  }
  const stream = detail.stream
  if (stream.provider === 'local' && !stream.videoAvailable)
    return (
      <Screen cover={detail.cover} className="lv-unavailable">
        <Text className="lv-screen-title">{lx('room.videoUnavailable')}</Text>
        <Text className="lv-screen-hint">{lx('room.videoUnavailableHint')}</Text>
      </Screen>
    )
  if (!stream.hlsUrl)
    return (
      <Screen cover={detail.cover} className="lv-no-stream">
        <Text className="lv-screen-title">
          {lx(stream.provider === 'polyv' ? 'room.providerPlayer' : 'room.startingSoon')}
        </Text>
      </Screen>
    )
  if (failure)
    return (
      <Screen cover={detail.cover} className="lv-video-failed">
        {failure === 'unsupported' ? (
          <Text className="lv-screen-title">{lx('room.notSupported')}</Text>
        ) : (
          <View
            className="lv-screen-btn lv-video-retry"
            onClick={() => {
              setFailure(null)
              setAttempt((n) => n + 1)
            }}
          >
            <Text>{lx('room.videoError')}</Text>
          </View>
        )}
      </Screen>
    )
  return (
    <View className="lv-screen lv-playing">
      <LivePlayer
        key={attempt}
        ref={ref}
        id="lv-live-video"
        src={mediaUrl(stream.hlsUrl)}
        live
        poster={detail.cover ? imageUrl(detail.cover) : undefined}
        onPlaying={props.onPlaying}
        onTime={props.onTime}
        onError={(kind) => {
          props.onPlaying(false)
          setFailure(kind)
        }}
      />
    </View>
  )
})

export default RoomVideo
