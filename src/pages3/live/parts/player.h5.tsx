/**
 * H5: HLS in a <video>. iOS plays HLS natively (`canPlayType('application/vnd.apple.mpegurl')`, no MediaSource);
 * elsewhere hls.js (light build) attaches to the element. hls.js is a lazy chunk imported here only, so it loads
 * with the live pages and never with the H5 entry.
 */
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react'
import { type LivePlayerHandle, type LivePlayerProps, LOAD_RETRIES, RETRY_MS } from './player-types'

const LivePlayer = forwardRef<LivePlayerHandle, LivePlayerProps>(function LivePlayer(props, ref) {
  const video = useRef<HTMLVideoElement>(null)
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
  return (
    <video
      ref={video}
      id={props.id}
      className={`lv-video ${live ? 'is-live' : 'is-vod'}`}
      controls
      autoPlay
      playsInline
      poster={props.poster || undefined}
      onPlay={() => latest.current.onPlaying?.(true)}
      onPause={() => latest.current.onPlaying?.(false)}
      onEnded={() => latest.current.onPlaying?.(false)}
      onTimeUpdate={time}
      onSeeked={time}
      onError={() => {
        // the native player (Safari) reports its own load failures here
        if (video.current?.src) latest.current.onError?.('load')
      }}
    />
  )
})

export default LivePlayer
