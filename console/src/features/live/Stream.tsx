/**
 * The class itself: where the teacher pushes (OBS: server + stream key naming this class, with the publish sign's
 * expiry; why the class's last publish was refused), the session's state with start / end class (CLASS_STATE over
 * the socket; with the local provider the stream starting or stopping does it too), and the HLS preview while the
 * class is live (hls.js loaded on first use, muted; "等待推流" until the stream arrives).
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import type { Me } from '../../api'
import { messageOf } from '../../api'
import { liveApi, type PushInfo, type RoomDetail } from './api'
import { StateBadge } from './Channels'
import { ackText, CopyButton, clock, dateTime } from './common'
import { type LiveKey, lt } from './i18n'
import type { RoomState, RoomStore } from './room'

/** the preview asks for the stream again this often until it arrives (a class may start before the encoder) */
const RETRY_MS = 3000
/** media (decoding) errors recovered this many times before the preview gives up */
const MEDIA_RETRIES = 5

/**
 * The class's stream, muted. Until a stream arrives (the teacher pressed 开始上课 before OBS started, or the stream
 * dropped) the playlist does not exist: the preview says "等待推流" and asks again every 3 s for as long as it is
 * shown, and the picture appears by itself when the stream comes (issue 25: it stayed black until a reload).
 */
function HlsPreview({ src }: { src: string }) {
  const video = useRef<HTMLVideoElement>(null)
  const [waiting, setWaiting] = useState(true)
  const [error, setError] = useState('')
  useEffect(() => {
    const el = video.current
    if (!el || !src) return
    let cancelled = false
    let timer: ReturnType<typeof setTimeout> | null = null
    let destroy = () => {}
    setError('')
    setWaiting(true)
    if (el.canPlayType('application/vnd.apple.mpegurl') && !('MediaSource' in window)) {
      // native HLS (Safari): a missing playlist is an error event; try again until it is there
      const load = () => {
        el.src = src
        el.play()?.catch(() => undefined)
      }
      const again = () => {
        setWaiting(true)
        timer = setTimeout(load, RETRY_MS)
      }
      el.addEventListener('error', again)
      load()
      destroy = () => el.removeEventListener('error', again)
    } else {
      import('hls.js/light')
        .then(({ default: Hls }) => {
          if (cancelled) return
          if (!Hls.isSupported()) return setError(lt('stream.unsupported'))
          const hls = new Hls({ enableWorker: true })
          let mediaRetries = 0
          hls.on(Hls.Events.MANIFEST_PARSED, () => {
            mediaRetries = 0
            setError('')
          })
          hls.on(Hls.Events.ERROR, (_e, data) => {
            if (!data.fatal) return
            if (data.type === Hls.ErrorTypes.NETWORK_ERROR) {
              // no playlist yet (or the stream dropped): wait for it, however long
              setWaiting(true)
              if (timer) clearTimeout(timer)
              timer = setTimeout(() => hls.loadSource(src), RETRY_MS)
            } else if (data.type === Hls.ErrorTypes.MEDIA_ERROR && mediaRetries < MEDIA_RETRIES) {
              mediaRetries++
              hls.recoverMediaError()
            } else setError(lt('stream.loadFailed'))
          })
          hls.loadSource(src)
          hls.attachMedia(el)
          destroy = () => hls.destroy()
        })
        .catch(() => !cancelled && setError(lt('stream.loadFailed')))
    }
    return () => {
      cancelled = true
      if (timer) clearTimeout(timer)
      destroy()
      el.removeAttribute('src')
    }
  }, [src])
  return (
    <div className={`preview ${waiting ? 'is-waiting' : ''}`}>
      <video
        ref={video}
        className="preview-video"
        controls
        autoPlay
        muted
        playsInline
        onPlaying={() => setWaiting(false)}
      />
      {waiting && !error && (
        <div className="preview-waiting" role="status">
          <strong className="preview-waiting-title">{lt('stream.waiting')}</strong>
          <span className="preview-waiting-hint">{lt('stream.waitingHint')}</span>
        </div>
      )}
      {error && (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}

/** The stream key with its sign hidden (teachers share screens): the key's own name and a mask. */
const maskedKey = (key: string) => `${key.split('?')[0]}?${'•'.repeat(16)}`

/** A refused publish in the console's words. */
function refusalText(r: NonNullable<PushInfo['lastRefused']>): string {
  const known = `publish.${r.reason}` as LiveKey
  const text = lt(known, { title: r.other?.title ?? '' })
  return text === known ? lt('publish.other', { reason: r.reason }) : text
}

/** How often the address panel asks whether a publish was refused (the class is not live yet). */
const PUSH_POLL_MS = 10_000

function PushAddress({ channelId, sessionId, live }: { channelId: number; sessionId: number; live: boolean }) {
  const [info, setInfo] = useState<PushInfo | null>(null)
  const [error, setError] = useState('')
  const [shown, setShown] = useState(false)
  const load = useCallback(() => {
    setError('')
    liveApi.push(channelId, sessionId).then(setInfo, (e) => setError(messageOf(e)))
  }, [channelId, sessionId])
  useEffect(load, [load])
  // while the class waits for its stream: a refused publish (OBS only says "failed") shows here within seconds;
  // the address shown stays the same (each read signs a new one), only what the key would meet is updated
  useEffect(() => {
    if (live) return
    const t = setInterval(() => {
      liveApi.push(channelId, sessionId).then(
        (n) =>
          setInfo((o) =>
            o
              ? { ...o, blocked: n.blocked, other: n.other, lastRefused: n.lastRefused, sessionState: n.sessionState }
              : n,
          ),
        () => undefined,
      )
    }, PUSH_POLL_MS)
    return () => clearInterval(t)
  }, [channelId, sessionId, live])
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
  const refused = info.lastRefused && info.sessionState !== 'live' && (
    <p className="notice notice-error push-refused" role="alert">
      {lt('stream.lastRefused', { time: clock(info.lastRefused.at), reason: refusalText(info.lastRefused) })}
    </p>
  )
  if (info.blocked === 'class ended')
    return (
      <div className="push">
        <p className="notice notice-warn push-blocked">{lt('stream.blockedEnded')}</p>
        {refused}
      </div>
    )
  return (
    <div className="push">
      <p className="muted small push-class">{lt('stream.thisClass', { title: info.sessionTitle })}</p>
      {info.blocked === 'another class is live' && (
        <p className="notice notice-warn push-blocked">
          {lt('stream.blockedOther', { title: info.other?.title ?? '' })}
        </p>
      )}
      {refused}
      <dl className="facts push-facts">
        <dt>{lt('stream.server')}</dt>
        <dd>
          <code className="mono push-server">{info.server}</code>
          <CopyButton text={info.server} className="copy-server" />
        </dd>
        <dt>{lt('stream.key')}</dt>
        <dd>
          <code className="mono push-key">{shown ? info.streamKey : maskedKey(info.streamKey)}</code>
          <CopyButton text={info.streamKey} className="copy-key" />
        </dd>
        <dt>{lt('stream.url')}</dt>
        <dd>
          <code className="mono push-url">{shown ? info.url : `${info.server}/${maskedKey(info.streamKey)}`}</code>
          <CopyButton text={info.url} className="copy-url" />
        </dd>
      </dl>
      <p className="muted small push-expiry">
        <button type="button" className="btn btn-plain btn-small push-show" onClick={() => setShown(!shown)}>
          {shown ? lt('stream.hide') : lt('stream.show')}
        </button>{' '}
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
          <PushAddress channelId={detail.channelId} sessionId={detail.sessionId} live={live} />
        </>
      ) : (
        <p className="muted small">{lt('stream.pushTeachersOnly')}</p>
      )}
    </section>
  )
}
