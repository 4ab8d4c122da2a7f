/**
 * The class itself: where the teacher pushes (OBS: server + stream key, with the publish sign's expiry), the
 * session's state with start / end class (CLASS_STATE over the socket; with the local provider the stream starting
 * or stopping does it too), and the HLS preview while the class is live (hls.js loaded on first use, muted).
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import type { Me } from '../api'
import { messageOf } from '../api'
import { liveApi, type PushInfo, type RoomDetail } from './api'
import { StateBadge } from './Channels'
import { ackText, CopyButton, dateTime } from './common'
import { lt } from './i18n'
import type { RoomState, RoomStore } from './room'

/** Fatal load errors retried this many times (a new stream's playlist appears a few seconds after it starts) */
const LOAD_RETRIES = 5
const RETRY_MS = 3000

function HlsPreview({ src }: { src: string }) {
  const video = useRef<HTMLVideoElement>(null)
  const [error, setError] = useState('')
  useEffect(() => {
    const el = video.current
    if (!el || !src) return
    let cancelled = false
    let destroy = () => {}
    setError('')
    if (el.canPlayType('application/vnd.apple.mpegurl')) {
      el.src = src
    } else {
      import('hls.js/light')
        .then(({ default: Hls }) => {
          if (cancelled) return
          if (!Hls.isSupported()) return setError(lt('stream.unsupported'))
          const hls = new Hls({ enableWorker: true })
          let retries = 0
          let timer: ReturnType<typeof setTimeout> | null = null
          hls.on(Hls.Events.MANIFEST_PARSED, () => {
            retries = 0
            setError('')
          })
          hls.on(Hls.Events.ERROR, (_e, data) => {
            if (!data.fatal) return
            if (retries < LOAD_RETRIES && data.type === Hls.ErrorTypes.NETWORK_ERROR) {
              retries++
              timer = setTimeout(() => hls.loadSource(src), RETRY_MS)
            } else if (retries < LOAD_RETRIES && data.type === Hls.ErrorTypes.MEDIA_ERROR) {
              retries++
              hls.recoverMediaError()
            } else setError(lt('stream.loadFailed'))
          })
          hls.loadSource(src)
          hls.attachMedia(el)
          destroy = () => {
            if (timer) clearTimeout(timer)
            hls.destroy()
          }
        })
        .catch(() => !cancelled && setError(lt('stream.loadFailed')))
    }
    return () => {
      cancelled = true
      destroy()
      el.removeAttribute('src')
    }
  }, [src])
  return (
    <div className="preview">
      <video ref={video} className="preview-video" controls autoPlay muted playsInline />
      {error && (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}

function PushAddress({ channelId }: { channelId: number }) {
  const [info, setInfo] = useState<PushInfo | null>(null)
  const [error, setError] = useState('')
  const [shown, setShown] = useState(false)
  const load = useCallback(() => {
    setError('')
    liveApi.push(channelId).then(setInfo, (e) => setError(messageOf(e)))
  }, [channelId])
  useEffect(load, [load])
  if (error)
    return (
      <div className="state state-error" role="alert">
        <span>{lt('stream.pushFailed', { reason: error })}</span>
        <button type="button" className="btn" onClick={load}>
          {lt('common.retry')}
        </button>
      </div>
    )
  if (!info) return <p className="state state-loading">{lt('common.loading')}</p>
  return (
    <div className="push">
      <dl className="facts push-facts">
        <dt>{lt('stream.server')}</dt>
        <dd>
          <code className="mono push-server">{info.server}</code>
          <CopyButton text={info.server} className="copy-server" />
        </dd>
        <dt>{lt('stream.key')}</dt>
        <dd>
          <code className="mono push-key">{shown ? info.streamKey : '•'.repeat(24)}</code>
          <button type="button" className="btn btn-plain push-show" onClick={() => setShown(!shown)}>
            {shown ? lt('stream.hide') : lt('stream.show')}
          </button>
          <CopyButton text={info.streamKey} className="copy-key" />
        </dd>
        <dt>{lt('stream.url')}</dt>
        <dd>
          <CopyButton text={info.url} className="copy-url" />
        </dd>
      </dl>
      <p className="muted small push-expiry">
        {lt('stream.expiry', { time: dateTime(info.expiresAt) })}{' '}
        <button type="button" className="btn btn-plain btn-small" onClick={load}>
          {lt('stream.renew')}
        </button>
      </p>
      <p className="muted small">{lt('stream.keySecret')}</p>
    </div>
  )
}

export function StreamPanel(props: {
  me: Me
  detail: RoomDetail
  room: RoomState
  store: RoomStore
  ask: (a: { title: string; message?: string; confirmLabel: string; danger?: boolean }) => Promise<string | null>
}) {
  const { me, detail, room, store, ask } = props
  const teaching = me.staffRole === 'teacher' || me.staffRole === 'manager'
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const setState = async (state: 'live' | 'ended') => {
    if (state === 'ended') {
      const ok = await ask({
        title: lt('stream.endTitle'),
        message: lt('stream.endConfirm'),
        confirmLabel: lt('stream.end'),
        danger: true,
      })
      if (ok === null) return
    }
    setBusy(true)
    setError('')
    const ack = await store.send('CLASS_STATE', { state })
    setBusy(false)
    if (!ack.ok) setError(ackText(ack))
  }
  const live = room.liveState === 'live'
  return (
    <section className="panel panel-stream">
      <header className="panel-head">
        <h2>{lt('stream.title')}</h2>
        <StateBadge state={room.liveState} />
        <div className="panel-actions">
          {!live && (
            <button
              type="button"
              className="btn btn-primary class-start"
              disabled={busy || !room.ready}
              onClick={() => setState('live')}
            >
              {lt('stream.start')}
            </button>
          )}
          {live && (
            <button
              type="button"
              className="btn btn-danger class-end"
              disabled={busy || !room.ready}
              onClick={() => setState('ended')}
            >
              {lt('stream.end')}
            </button>
          )}
        </div>
      </header>
      {error && (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      )}
      <p className="muted small">
        {lt('stream.schedule', { start: dateTime(detail.startTime), end: dateTime(detail.endTime).slice(11) })}
        {detail.stream.provider === 'local' ? ` · ${lt('stream.autoState')}` : ''}
      </p>
      {live &&
        (detail.stream.hlsUrl && (detail.stream.provider !== 'local' || detail.stream.videoAvailable) ? (
          <HlsPreview src={detail.stream.hlsUrl} />
        ) : detail.stream.provider === 'polyv' ? (
          <p className="muted">{lt('stream.polyvPreview', { id: detail.stream.providerChannelId })}</p>
        ) : (
          <p className="muted">{lt('stream.noPreview')}</p>
        ))}
      {!detail.stream.videoAvailable && (
        <p className="notice notice-error" role="alert">
          {lt('stream.videoUnavailable')}
        </p>
      )}
      {teaching ? (
        <>
          <h3 className="sub-title">{lt('stream.pushTitle')}</h3>
          <PushAddress channelId={detail.channelId} />
        </>
      ) : (
        <p className="muted small">{lt('stream.pushTeachersOnly')}</p>
      )}
    </section>
  )
}
