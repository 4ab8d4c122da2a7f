/**
 * A section's playback: check the section, sign the video and open a play session, play from where the learner
 * stopped, report progress (StudyReporter), hold for photo checks, refuse skips, pause when the app or page
 * hides, and offer the next section at the end. Playback lifecycle: services/api/learn.ts.
 *
 * The player page keeps ONE of these for every section it plays: a new `sectionId` opens the new section's
 * session in the same video element (its source swapped), so a learner who was playing goes on playing the
 * next section — the browser allows that for an element the learner already started with a tap. When it
 * does not, a play button says so (docs/DECISIONS.md "Bank, paper and player fixes").
 *
 * The section's progress has one source: the server's figures (the session, then each report's answer), as a
 * percent by shared/rules/progress.ts. The info line shows them and `onProgress` hands them to the page, whose
 * menu row of this section shows the same.
 */
import { Text, View } from '@tarojs/components'
import Taro, { useDidHide } from '@tarojs/taro'
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import Empty from '@/components/empty'
import { imageUrl } from '@/components/link'
import PageLoading from '@/components/page-loading'
import {
  type CheckVideo,
  checkVideo,
  LEARN_CODE,
  openPlay,
  type PhotoDue,
  type PlaySession,
  type ReportResult,
  reportAbnormal,
  SECTION_STATUS,
  type VideoSign,
  videoSign,
} from '@/features/learn/api'
import { clock } from '@/features/learn/links'
import { usePlay } from '@/features/learn/play-store'
import { StudyReporter } from '@/features/learn/study-reporter'
import { t } from '@/i18n/sub'
import { EVENTS, off, on } from '@/services/events'
import { ApiError } from '@/services/http/error'
import { percentOf } from '../../../../../shared/rules/progress'
import VideoPlayer, { type VideoPlayerHandle } from './index'
import { takeStudyPhoto } from './photo-check'
import { sectionState } from './section-menu'

const QUIET = { noLoading: true, silent: true } as const
/** seconds before the next section starts on its own */
export const AUTO_NEXT_SECONDS = 3

type Phase =
  | { kind: 'loading' }
  | { kind: 'closed'; msg: string }
  | { kind: 'error' }
  | { kind: 'polyv'; check: CheckVideo }
  | { kind: 'ready'; session: PlaySession; sign: VideoSign }

interface Progress {
  status: number
  furthest: number
  creditedSeconds: number
}

/** The section's progress as the server last answered it: what the player and the menu row both show. */
export interface SectionLive {
  sectionId: number
  status: number
  furthest: number
  creditedSeconds: number
  /** credited / duration x 100, one decimal (percentOf) */
  percent: number
}

/** What tools under the video (the notes panel) may do with it. */
export interface PlaybackControl {
  /** the position now, seconds */
  position: () => number
  pause: () => void
  /** go to `to` seconds; with anti-skip on an unfinished section, never beyond the furthest point watched */
  seek: (to: number) => void
}

export interface SectionPlaybackProps {
  goodsId: number
  sectionId: number
  /** the section is known (title, course for the menu) */
  onInfo?: (check: CheckVideo) => void
  /** the section's progress, at the session's opening and after every report the server answered */
  onProgress?: (live: SectionLive) => void
  /** go to another section */
  onSwitch: (sectionId: number) => void
  /** shown under the section's info once it plays (the notes panel) */
  renderTools?: (control: PlaybackControl) => ReactNode
}

function closedMessage(e: ApiError): string {
  if (e.msg) return e.msg
  return e.code === LEARN_CODE.notEntitled ? t('learn.player.notEntitled') : t('learn.player.closed')
}

export default function SectionPlayback({
  goodsId,
  sectionId,
  onInfo,
  onProgress,
  onSwitch,
  renderTools,
}: SectionPlaybackProps) {
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' })
  const [progress, setProgress] = useState<Progress | null>(null)
  const [photoWaiting, setPhotoWaiting] = useState<PhotoDue | null>(null)
  const [countdown, setCountdown] = useState<number | null>(null)
  const [lastDone, setLastDone] = useState(false)
  /** the browser would not start the next section without a tap: a play button says so */
  const [tapToPlay, setTapToPlay] = useState(false)
  const player = useRef<VideoPlayerHandle>(null)
  /** the video is playing (play / pause events) */
  const playing = useRef(false)
  /** the section being opened should play at once: the learner was playing, or asked for the next one */
  const goOn = useRef(false)
  const reporter = useRef<StudyReporter | null>(null)
  const position = useRef(0)
  const photoBusy = useRef(false)
  const hooks = useRef({ onInfo, onProgress })
  hooks.current = { onInfo, onProgress }

  const load = useCallback(async () => {
    // another section: the one playing sends its last report now; a video on screen stays (its source is swapped
    // once the new section is ready), anything else shows the loading state
    const before = reporter.current
    reporter.current = null
    before?.dispose()
    goOn.current = goOn.current || playing.current
    if (playing.current) player.current?.pause()
    setCountdown(null)
    setLastDone(false)
    setTapToPlay(false)
    setPhotoWaiting(null)
    setPhase((p) => (p.kind === 'ready' ? p : { kind: 'loading' }))
    try {
      const check = await checkVideo(goodsId, sectionId, QUIET)
      hooks.current.onInfo?.(check)
      const sign = await videoSign(sectionId, goodsId, QUIET)
      if (sign.provider !== 'local') {
        goOn.current = false
        setPhase({ kind: 'polyv', check })
        return
      }
      const session = await openPlay(goodsId, sectionId, QUIET)
      usePlay.getState().setPlaying({ sectionId, vid: sign.vid, nextId: session.nextSectionId })
      position.current = session.position
      setProgress({ status: session.status, furthest: session.furthest, creditedSeconds: session.creditedSeconds })
      hooks.current.onProgress?.({
        sectionId,
        status: session.status,
        furthest: session.furthest,
        creditedSeconds: session.creditedSeconds,
        percent: percentOf(session.creditedSeconds, session.durationSeconds),
      })
      setPhase({ kind: 'ready', session, sign })
    } catch (e) {
      goOn.current = false
      if (e instanceof ApiError && (e.code === LEARN_CODE.notEntitled || e.code === LEARN_CODE.studyClosed))
        setPhase({ kind: 'closed', msg: closedMessage(e) })
      else setPhase({ kind: 'error' })
    }
  }, [goodsId, sectionId])

  useEffect(() => {
    load()
  }, [load])

  const askPhoto = useCallback(async (photo: PhotoDue) => {
    player.current?.pause()
    setPhotoWaiting(photo)
    const r = reporter.current
    if (!r || photoBusy.current) return
    photoBusy.current = true
    const outcome = await takeStudyPhoto({ photo, sessionId: r.sessionId, renew: () => r.renew() })
    photoBusy.current = false
    if (outcome !== 'done' || reporter.current !== r) return
    r.photoTaken(photo)
    setPhotoWaiting(null)
    // another photo may be due at this point already (the start photo and a random one)
    if (!r.holdIfDue(position.current)) player.current?.play()
  }, [])

  // one reporter per play session; its final report goes out when the section changes or the page unloads
  const session = phase.kind === 'ready' ? phase.session : null
  useEffect(() => {
    // while the next section opens, the last one's session is still on screen: it reports no more
    if (!session || session.sectionId !== sectionId) return
    const r = new StudyReporter({
      goodsId,
      sectionId,
      sessionId: session.sessionId,
      position: session.position,
      photos: session.photos,
      reopen: () => openPlay(goodsId, sectionId, QUIET),
      onPhotoDue: (photo) => {
        askPhoto(photo)
      },
      onResult: (res: ReportResult) => {
        setProgress({ status: res.status, furthest: res.furthest, creditedSeconds: res.creditedSeconds })
        hooks.current.onProgress?.({
          sectionId,
          status: res.status,
          furthest: res.furthest,
          creditedSeconds: res.creditedSeconds,
          percent: percentOf(res.creditedSeconds, session.durationSeconds),
        })
      },
      onClosed: (code, msg) => {
        player.current?.pause()
        setPhase({ kind: 'closed', msg: closedMessage(new ApiError(code, msg)) })
      },
    })
    reporter.current = r
    // a photo due before playing (the start photo, or a random one at or before the resume point)
    const held = r.holdIfDue(session.position)
    // the learner was playing (or asked for this section at the end of the last one): go on playing
    const wanted = goOn.current
    goOn.current = false
    if (wanted && !held)
      player.current?.tryPlay().then((ok) => {
        if (!ok && reporter.current === r) setTapToPlay(true)
      })
    return () => {
      if (reporter.current === r) reporter.current = null
      r.dispose()
    }
  }, [session, goodsId, sectionId, askPhoto])

  // the app went to the background (app:pause) or the page is hidden: pause and report
  useEffect(() => {
    const hide = () => {
      player.current?.pause()
      reporter.current?.onHide()
    }
    on(EVENTS.pause, hide)
    return () => off(EVENTS.pause, hide)
  }, [])
  useDidHide(() => {
    player.current?.pause()
    reporter.current?.onHide()
    setCountdown(null)
  })

  // auto-next countdown: the next section plays on (the learner was playing to the end)
  const nextId = session?.nextSectionId ?? null
  const toNext = useCallback(
    (id: number) => {
      goOn.current = true
      onSwitch(id)
    },
    [onSwitch],
  )
  useEffect(() => {
    if (countdown === null || nextId === null) return
    if (countdown <= 0) {
      toNext(nextId)
      return
    }
    const timer = setTimeout(() => setCountdown((c) => (c === null ? null : c - 1)), 1000)
    return () => clearTimeout(timer)
  }, [countdown, nextId, toNext])

  // how far a tool may seek: the anti-skip bound of an unfinished section (set each render below)
  const seekBound = useRef(Number.POSITIVE_INFINITY)
  const control = useMemo<PlaybackControl>(
    () => ({
      position: () => position.current,
      pause: () => player.current?.pause(),
      seek: (to: number) => {
        const target = Math.max(0, Math.min(to, seekBound.current))
        if (target < to) Taro.showToast({ title: t('learn.player.noSkip'), icon: 'none', duration: 2000 })
        const from = position.current
        player.current?.seek(target)
        position.current = target
        reporter.current?.onSeek(from, target)
      },
    }),
    [],
  )

  if (phase.kind === 'loading') return <PageLoading rows={1} banner />
  if (phase.kind === 'closed')
    return (
      <View className="vp-closed">
        <Empty
          text={phase.msg}
          actionText={t('learn.player.back')}
          onAction={() => Taro.navigateBack().catch(() => Taro.switchTab({ url: '/pages/learn/index' }))}
        />
      </View>
    )
  if (phase.kind === 'error')
    return <Empty text={t('shell.loadFailed')} actionText={t('common.retry')} onAction={() => load()} />
  if (phase.kind === 'polyv')
    return (
      <View className="vp-notice vp-polyv">
        <Text className="vp-notice-title">{phase.check.sectionName}</Text>
        <Text>{t('learn.player.polyvMissing')}</Text>
      </View>
    )

  const { sign } = phase
  const s = phase.session
  const p = progress ?? { status: s.status, furthest: s.furthest, creditedSeconds: s.creditedSeconds }
  const finished = p.status === SECTION_STATUS.finished
  const percent = percentOf(p.creditedSeconds, s.durationSeconds)
  seekBound.current = s.antiSkip && !finished ? Math.max(p.furthest, position.current) : Number.POSITIVE_INFINITY
  return (
    <View className="vp-playback">
      <VideoPlayer
        ref={player}
        id="vp-video"
        src={imageUrl(sign.url)}
        sourceKey={s.sectionId}
        initialTime={s.position}
        antiSkip={s.antiSkip}
        finished={finished}
        furthest={p.furthest}
        onTime={(pos) => {
          position.current = pos
          reporter.current?.onTime(pos)
        }}
        onPlay={() => {
          playing.current = true
          setCountdown(null)
          setLastDone(false)
          setTapToPlay(false)
          const pending = reporter.current?.pendingPhoto
          if (pending) askPhoto(pending)
        }}
        onPause={() => {
          playing.current = false
          reporter.current?.onPause()
        }}
        onSeek={(from, to) => {
          position.current = to
          reporter.current?.onSeek(from, to)
        }}
        onSkipRefused={(from, target) => {
          const r = reporter.current
          if (r)
            reportAbnormal({ sessionId: r.sessionId, kind: 'client-seek', position: from, target }, QUIET).catch(
              () => undefined,
            )
        }}
        onEnded={(end) => {
          playing.current = false
          position.current = end
          reporter.current?.onEnd(end)
          if (s.nextSectionId !== null) setCountdown(AUTO_NEXT_SECONDS)
          else setLastDone(true)
        }}
      />
      {/* right under the video: the browser wants a tap to start the next section */}
      {tapToPlay && (
        <View className="vp-notice vp-tap-play">
          <Text className="vp-next-text vp-tap-play-text">{t('learn.player.tapToPlay')}</Text>
          <View
            className="vp-btn is-primary vp-tap-play-btn"
            onClick={() => {
              setTapToPlay(false)
              player.current?.play()
            }}
          >
            <Text>{t('learn.player.play')}</Text>
          </View>
        </View>
      )}
      <View className="vp-info">
        <Text className="vp-section-title">{s.sectionName}</Text>
        {s.trial ? (
          <View className="vp-trial">
            <Text className="vp-trial-text">{t('learn.player.trial')}</Text>
            <View
              className="vp-btn is-primary vp-trial-buy"
              onClick={() => Taro.navigateTo({ url: `/pages3/course/detail?id=${goodsId}` }).catch(() => undefined)}
            >
              <Text>{t('learn.player.trialBuy')}</Text>
            </View>
          </View>
        ) : (
          <Text className="vp-muted vp-progress">
            {finished
              ? t('learn.section.finished')
              : t('learn.player.progress', {
                  // the words of the section's menu row (未学习 / 已学 x%), from the same figures
                  state: sectionState({ status: p.status, percent }),
                  credited: clock(p.creditedSeconds),
                  total: clock(s.durationSeconds),
                })}
          </Text>
        )}
        {s.antiSkip && !finished && <Text className="vp-muted vp-rule">{t('learn.player.antiSkipNote')}</Text>}
      </View>
      {renderTools?.(control)}
      {photoWaiting && (
        <View className="vp-notice vp-photo-note">
          <Text>{t('learn.photo.paused')}</Text>
          <View className="vp-btn is-primary vp-photo-take" onClick={() => askPhoto(photoWaiting)}>
            <Text>{t('learn.photo.take')}</Text>
          </View>
        </View>
      )}
      {countdown !== null && nextId !== null && (
        <View className="vp-notice vp-next">
          <Text className="vp-next-text">{t('learn.player.nextIn', { seconds: Math.max(0, countdown) })}</Text>
          <View className="vp-btn vp-next-cancel" onClick={() => setCountdown(null)}>
            <Text>{t('common.cancel')}</Text>
          </View>
          <View className="vp-btn is-primary vp-next-now" onClick={() => toNext(nextId)}>
            <Text>{t('learn.player.nextNow')}</Text>
          </View>
        </View>
      )}
      {lastDone && (
        <View className="vp-notice is-ok vp-all-done">
          <Text>{t('learn.player.lastDone')}</Text>
        </View>
      )}
    </View>
  )
}
