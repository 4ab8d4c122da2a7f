/**
 * weapp: the native <video> plays an m3u8 (no special category needed; <live-player> would need the education
 * live category and plays RTMP/FLV only).
 */
import { Video } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { forwardRef, useImperativeHandle, useRef } from 'react'
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
  return (
    <Video
      id={props.id}
      className={`lv-video ${props.live ? 'is-live' : 'is-vod'}`}
      src={props.src}
      poster={props.poster}
      autoplay
      controls
      showProgress={!props.live}
      showFullscreenBtn
      initialTime={props.live ? 0 : (props.initialTime ?? 0)}
      onPlay={() => latest.current.onPlaying?.(true)}
      onPause={() => latest.current.onPlaying?.(false)}
      onEnded={() => latest.current.onPlaying?.(false)}
      onTimeUpdate={(e) => latest.current.onTime?.(Number(e.detail?.currentTime ?? 0))}
      onError={() => latest.current.onError?.('load')}
    />
  )
})

export default LivePlayer
