/**
 * weapp: the native <video> plays an m3u8 (no special category needed; <live-player> would need the education
 * live category and plays RTMP/FLV only).
 */
import { Text, Video, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { forwardRef, useImperativeHandle, useRef } from 'react'
import { lx } from '@/features/live/messages'
import type { LivePlayerHandle, LivePlayerProps } from './player-types'

const LivePlayer = forwardRef<LivePlayerHandle, LivePlayerProps>(function LivePlayer(props, ref) {
  const latest = useRef(props)
  latest.current = props
  const context = () => Taro.createVideoContext(props.id)
  useImperativeHandle(ref, () => ({
    play: () => context().play(),
    pause: () => context().pause(),
    seek: (position: number) => context().seek(Math.max(0, position)),
  }))
  const video = (
    <Video
      id={props.id}
      className={`lv-video ${props.live ? 'is-live' : 'is-vod'}`}
      src={props.src}
      poster={props.poster}
      autoplay
      controls
      showProgress={!props.live}
      enableProgressGesture={!props.live}
      showFullscreenBtn
      initialTime={props.live ? 0 : (props.initialTime ?? 0)}
      onPlay={() => latest.current.onPlaying?.(true)}
      onPause={() => latest.current.onPlaying?.(false)}
      onEnded={() => latest.current.onPlaying?.(false)}
      onTimeUpdate={(e) => latest.current.onTime?.(Number(e.detail?.currentTime ?? 0))}
      onError={() => latest.current.onError?.('load')}
    />
  )
  if (!props.live) return video
  // a live stream: no progress bar (above) and a live badge over the picture
  return (
    <View className="lv-live-player">
      {video}
      <View className="lv-live-badge">
        <View className="lv-live-dot" />
        <Text>{lx('room.live')}</Text>
      </View>
    </View>
  )
})

export default LivePlayer
