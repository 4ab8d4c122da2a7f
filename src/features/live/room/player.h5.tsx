/**
 * H5: HLS in a <video>. A recording has the browser's controls; a live stream has no duration and nothing to seek,
 * so it gets a live badge, play / pause, sound and full screen instead (issue 25). iOS plays HLS natively (`canPlayType('application/vnd.apple.mpegurl')`, no MediaSource);
 * elsewhere hls.js (light build) attaches to the element. hls.js is a lazy chunk imported here only, so it loads
 * with the live pages and never with the H5 entry.
 */
import Maximize from 'lucide/dist/esm/icons/maximize.mjs'
import Pause from 'lucide/dist/esm/icons/pause.mjs'
import Play from 'lucide/dist/esm/icons/play.mjs'
import Volume2 from 'lucide/dist/esm/icons/volume-2.mjs'
import VolumeX from 'lucide/dist/esm/icons/volume-x.mjs'
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react'
import Icon from '@/components/icon'
import { lx } from '@/features/live/messages'
import { type LivePlayerHandle, type LivePlayerProps, LOAD_RETRIES, RETRY_MS } from './player-types'

const LivePlayer = forwardRef<LivePlayerHandle, LivePlayerProps>(function LivePlayer(props, ref) {
  const video = useRef<HTMLVideoElement>(null)
  const [paused, setPaused] = useState(true)
  const [muted, setMuted] = useState(false)
  const latest = useRef(props)
  latest.current = props
  const { src, live } = props

  useImperativeHandle(ref, () => ({
    play: () => {
      video.current?.play()?.catch(() => undefined)
    },
    pause: () => video.current?.pause(),
    seek: (position: number) => {
      if (video.current) video.current.currentTime = Math.max(0, position)
    },
  }))

  useEffect(() => {
    const el = video.current
    if (!el || !src) return
    let cancelled = false
    let destroy = () => {}
    const start = latest.current.initialTime ?? 0
    if (!live && start > 0) {
      const seekOnce = () => {
        el.currentTime = start
        el.removeEventListener('loadedmetadata', seekOnce)
      }
      el.addEventListener('loadedmetadata', seekOnce)
    }
    // native HLS only without Media Source Extensions (iPhone): Chrome says 'maybe' too, and fails on live streams
    if (el.canPlayType('application/vnd.apple.mpegurl') && !('MediaSource' in window)) {
      el.src = src
    } else {
      import(/* webpackChunkName: "hls" */ 'hls.js/light')
        .then(({ default: Hls }) => {
          if (cancelled) return
          if (!Hls.isSupported()) {
            latest.current.onError?.('unsupported')
            return
          }
          const hls = new Hls({ enableWorker: true, lowLatencyMode: false })
          let retries = 0
          let timer: ReturnType<typeof setTimeout> | null = null
          hls.on(Hls.Events.MANIFEST_PARSED, () => {
            retries = 0
          })
          hls.on(Hls.Events.ERROR, (_event, data) => {
            if (!data.fatal) return
            if (data.type === Hls.ErrorTypes.NETWORK_ERROR && retries < LOAD_RETRIES) {
              retries += 1
              timer = setTimeout(() => hls.loadSource(src), RETRY_MS)
            } else if (data.type === Hls.ErrorTypes.MEDIA_ERROR && retries < LOAD_RETRIES) {
              retries += 1
              hls.recoverMediaError()
            } else {
              latest.current.onError?.('load')
            }
          })
          hls.loadSource(src)
          hls.attachMedia(el)
          destroy = () => {
            if (timer) clearTimeout(timer)
            hls.destroy()
          }
        })
        .catch(() => {
          if (!cancelled) latest.current.onError?.('load')
        })
    }
    return () => {
      cancelled = true
      destroy()
      el.removeAttribute('src')
    }
  }, [src, live])

  const time = () => latest.current.onTime?.(video.current?.currentTime ?? 0)
  const element = (
    <video
      ref={video}
      id={props.id}
      className={`lv-video ${live ? 'is-live' : 'is-vod'}`}
      // a recording has the browser's controls (seek bar, duration); a live stream has none to seek: ours below
      controls={!live}
      autoPlay
      playsInline
      muted={live ? muted : undefined}
      poster={props.poster || undefined}
      onPlay={() => {
        setPaused(false)
        latest.current.onPlaying?.(true)
      }}
      onPause={() => {
        setPaused(true)
        latest.current.onPlaying?.(false)
      }}
      onEnded={() => latest.current.onPlaying?.(false)}
      onTimeUpdate={time}
      onSeeked={time}
      onError={() => {
        // the native player (Safari) reports its own load failures here
        if (video.current?.src) latest.current.onError?.('load')
      }}
    />
  )
  if (!live) return element
  const play = () => {
    video.current?.play()?.catch(() => undefined)
  }
  const full = () => {
    const el = video.current as (HTMLVideoElement & { webkitEnterFullscreen?: () => void }) | null
    if (!el) return
    if (el.requestFullscreen) el.requestFullscreen().catch(() => undefined)
    else el.webkitEnterFullscreen?.()
  }
  // a live stream has no duration and nothing to seek: a badge, play / pause, sound and full screen
  return (
    <div className="lv-live-player">
      {element}
      <span className="lv-live-badge">
        <span className="lv-live-dot" />
        {lx('room.live')}
      </span>
      {paused && (
        <button type="button" className="lv-live-bigplay" aria-label={lx('player.play')} onClick={play}>
          <Icon glyph={Play} className="lv-live-icon" />
        </button>
      )}
      <div className="lv-live-controls">
        <button
          type="button"
          className="lv-live-btn lv-live-toggle"
          aria-label={lx(paused ? 'player.play' : 'player.pause')}
          onClick={() => (paused ? play() : video.current?.pause())}
        >
          <Icon glyph={paused ? Play : Pause} className="lv-live-icon" />
        </button>
        <button
          type="button"
          className="lv-live-btn lv-live-mute"
          aria-label={lx(muted ? 'player.unmute' : 'player.mute')}
          onClick={() => setMuted(!muted)}
        >
          <Icon glyph={muted ? VolumeX : Volume2} className="lv-live-icon" />
        </button>
        <button type="button" className="lv-live-btn lv-live-full" aria-label={lx('player.fullscreen')} onClick={full}>
          <Icon glyph={Maximize} className="lv-live-icon" />
        </button>
      </div>
    </div>
  )
})

export default LivePlayer
