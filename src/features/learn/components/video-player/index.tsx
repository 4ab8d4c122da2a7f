/**
 * The section video (Taro Video: the native player on weapp, a <video> on H5) with the anti-skip rule:
 * timeupdate jumps are seeks; one beyond the furthest watched point (anti-skip goods, section not finished)
 * is pulled back to that point with a toast. There is no playback-rate control. The parent drives it
 * through the handle (play / pause / seek / tryPlay) and hears positions, seeks, pauses and the end.
 *
 * One element for every section of the player page: a new section swaps the source of the same video (its
 * start point and anti-skip bounds start afresh). A browser lets a page start playing without a tap only an
 * element the learner has already played with a tap (iOS Safari, WeChat's browser), so keeping the element is
 * what lets the next section go on playing; `tryPlay` answers whether the browser allowed it.
 */
import { Video, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react'
import { SEEK_SLACK_SECONDS } from '@/features/learn/api'
import { t } from '@/i18n/sub'
import { isJump, seekTarget } from '../../../../../shared/rules/anti-skip'
import './index.scss'

export interface VideoPlayerHandle {
  play: () => void
  pause: () => void
  seek: (position: number) => void
  /** play without a tap of the learner's: true once it plays, false when the browser refused (or nothing played) */
  tryPlay: () => Promise<boolean>
}

/** How long tryPlay waits for the play event where the platform gives no answer to play() (weapp). */
export const PLAY_WAIT_MS = 4000

export interface VideoPlayerProps {
  id: string
  src: string
  /** what is playing (the section): a new key restarts the bounds even when two sections share one video file */
  sourceKey?: string | number
  /** resume here (seconds); with a new `src`, the new source starts here */
  initialTime: number
  antiSkip: boolean
  /** a finished section may be watched in any order */
  finished: boolean
  /** the server's furthest watched point; playback beyond it moves the bound on */
  furthest: number
  poster?: string
  onTime?: (position: number) => void
  onPlay?: () => void
  onPause?: () => void
  onEnded?: (position: number) => void
  /** an allowed seek, or the pull-back of a refused one (to = the furthest point) */
  onSeek?: (from: number, to: number) => void
  onSkipRefused?: (from: number, target: number, allowed: number) => void
  onError?: () => void
}

interface TimeDetail {
  currentTime?: number
  duration?: number
}

const VideoPlayer = forwardRef<VideoPlayerHandle, VideoPlayerProps>(function VideoPlayer(props, ref) {
  const latest = useRef(props)
  latest.current = props
  const last = useRef({ position: props.initialTime, at: Date.now(), duration: 0 })
  /** video time runs only while playing: any move while paused is a seek */
  const playing = useRef(false)
  const furthest = useRef(Math.max(props.furthest, 0))
  furthest.current = Math.max(furthest.current, props.furthest)

  // The video's context is made while its page is the current one and kept: Taro's H5 createVideoContext looks the
  // element up under the current page, and while a navigation hides this page there is none (it throws), so the
  // pause on hide would break the navigation and leave a blank page.
  const videoContext = useRef<Taro.VideoContext | undefined>(undefined)
  const context = (): Taro.VideoContext | undefined => {
    if (!videoContext.current) {
      try {
        videoContext.current = Taro.createVideoContext(props.id) ?? undefined
      } catch {
        return undefined
      }
    }
    return videoContext.current
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, while the page is current
  useEffect(() => {
    context()
  }, [])
  // a new source in the same element (the next section): its start point and bounds, from where it starts
  const shown = useRef({ src: props.src, key: props.sourceKey })
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new source restarts the bounds
  useEffect(() => {
    const before = shown.current
    if (before.src === props.src && before.key === props.sourceKey) return
    shown.current = { src: props.src, key: props.sourceKey }
    playing.current = false
    furthest.current = Math.max(props.furthest, 0)
    last.current = { position: props.initialTime, at: Date.now(), duration: 0 }
    // a new src reloads the video at 0; the same file (another section of it) stays where the last one ended
    if (props.initialTime > 0 || before.src === props.src) context()?.seek(props.initialTime)
  }, [props.src, props.sourceKey])

  /** resolves the tryPlay waiting for the play event */
  const played = useRef<(() => void) | null>(null)
  useImperativeHandle(ref, () => ({
    play: () => context()?.play(),
    pause: () => context()?.pause(),
    seek: (position: number) => {
      last.current = { ...last.current, position, at: Date.now() }
      context()?.seek(position)
    },
    tryPlay: () =>
      new Promise<boolean>((resolve) => {
        let done = false
        let timer: ReturnType<typeof setTimeout> | undefined
        const finish = (ok: boolean) => {
          if (done) return
          done = true
          clearTimeout(timer)
          if (played.current === onPlayed) played.current = null
          resolve(ok)
        }
        const onPlayed = () => finish(true)
        played.current = onPlayed
        timer = setTimeout(() => finish(false), PLAY_WAIT_MS)
        const ctx = context()
        // H5: the <video> inside Taro's element answers play() with a promise, refused with NotAllowedError when
        // the browser wants a tap (Taro's own play() drops that answer); weapp: the play event, or the wait runs out
        const media = (ctx as unknown as { querySelector?: (s: string) => HTMLVideoElement | null })?.querySelector?.(
          'video',
        )
        if (media && typeof media.play === 'function') {
          const r = media.play() as Promise<void> | undefined
          r?.then(
            () => finish(true),
            () => finish(false),
          )
        } else ctx?.play()
      }),
  }))

  const onTimeUpdate = (e: { detail?: TimeDetail }) => {
    const position = Number(e.detail?.currentTime ?? 0)
    if (!Number.isFinite(position)) return
    const duration = Number(e.detail?.duration ?? 0)
    const now = Date.now()
    const from = last.current.position
    const elapsed = playing.current ? (now - last.current.at) / 1000 : 0
    const p = latest.current
    if (duration > 0) last.current.duration = duration
    if (isJump(from, position, elapsed)) {
      const out = seekTarget({
        target: position,
        furthest: Math.max(furthest.current, from),
        finished: p.finished,
        antiSkip: p.antiSkip,
        slack: SEEK_SLACK_SECONDS,
      })
      last.current = { ...last.current, position: out.position, at: now }
      if (out.refused) {
        context()?.seek(out.position)
        Taro.showToast({ title: t('learn.player.noSkip'), icon: 'none', duration: 2000 })
        p.onSkipRefused?.(from, position, out.position)
      }
      p.onSeek?.(from, out.position)
      return
    }
    last.current = { ...last.current, position, at: now }
    furthest.current = Math.max(furthest.current, position)
    p.onTime?.(position)
  }

  const onEnded = () => {
    const { position, duration } = last.current
    // the last timeupdate lands a moment before the end
    const end = duration > 0 && duration - position < 2 ? duration : position
    furthest.current = Math.max(furthest.current, end)
    latest.current.onEnded?.(end)
  }

  return (
    <View className="vp-video-box">
      <Video
        id={props.id}
        className="vp-video"
        src={props.src}
        initialTime={props.initialTime}
        poster={props.poster}
        controls
        autoplay={false}
        showCenterPlayBtn
        showFullscreenBtn
        enablePlayGesture
        onTimeUpdate={onTimeUpdate}
        onPlay={() => {
          playing.current = true
          last.current = { ...last.current, at: Date.now() }
          played.current?.()
          latest.current.onPlay?.()
        }}
        onPause={() => {
          playing.current = false
          latest.current.onPause?.()
        }}
        onEnded={() => {
          playing.current = false
          onEnded()
        }}
        onError={() => latest.current.onError?.()}
      />
    </View>
  )
})

export default VideoPlayer
