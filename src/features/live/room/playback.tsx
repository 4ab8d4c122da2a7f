/**
 * A live class's replay (spec: pages3/live/playback?channelId=&sessionId=): the recording (playbackList; parts
 * when the stream was interrupted) with the chat replayed beside it — each message appears when the recording
 * reaches the moment it was sent, and seeking back rewinds the chat. The page is in the session's playback room
 * for heartbeats, so watching the replay counts study time; it resumes where the learner stopped.
 */
import { Text, View } from '@tarojs/components'
import Taro, { useLoad, useRouter } from '@tarojs/taro'
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import Empty from '@/components/empty'
import { imageUrl } from '@/components/link'
import NavBar from '@/components/nav-bar'
import PageLoading from '@/components/page-loading'
import { themeStyle } from '@/components/theme'
import { numParam, requireLogin } from '@/features/bank/lib'
import { ChatReplay, lx, mediaUrl } from '@/features/live'
import {
  type ChannelDetail,
  channelDetail,
  chatHistory,
  type LiveRefusal,
  lastWatchedLive,
  liveRefusal,
} from '@/features/live/api'
import { liveUrl, offerEntry } from '@/features/live/links'
import { EVENTS, off, on } from '@/services/events'
import { ChatList } from './chat'
import LivePlayer from './player'
import type { LivePlayerHandle } from './player-types'
import Removed, { removedNow } from './removed'
import { type MediaStatus, useLiveClient } from './use-live'
import './live.scss'

const QUIET = { noLoading: true, silent: true } as const

/** The replay follows the video at this step (seconds): one render per half second, not per frame. */
const STEP = 0.5

function Playback({ detail, resumeAt }: { detail: ChannelDetail; resumeAt: number }) {
  const parts = detail.playbackList
  const [index, setIndex] = useState(0)
  const part = parts[Math.min(index, parts.length - 1)]!
  const [position, setPosition] = useState(index === 0 ? resumeAt : 0)
  const media = useRef<MediaStatus>({ playing: false, position: 0 })
  const player = useRef<LivePlayerHandle>(null)
  useLiveClient(detail, { playback: true, status: () => media.current })

  const { channelId, sessionId } = detail
  const replay = useMemo(
    () =>
      new ChatReplay(part.startedAtMs, (afterId, pageSize) =>
        chatHistory({ channelId, sessionId, afterId, pageSize }, QUIET),
      ),
    [part.startedAtMs, channelId, sessionId],
  )
  const replayState = useSyncExternalStore(replay.subscribe, replay.getState)
  const bucket = Math.floor(position / 10)
  // biome-ignore lint/correctness/useExhaustiveDependencies: load ahead every 10 s of video
  useEffect(() => {
    void replay.ensure(position)
  }, [replay, bucket])
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list follows the state it was loaded into
  const visible = useMemo(() => replay.visibleAt(position), [replay, replayState, position])

  useEffect(() => {
    const pause = () => player.current?.pause()
    on(EVENTS.pause, pause)
    return () => off(EVENTS.pause, pause)
  }, [])

  return (
    <>
      <View className="lv-screen lv-playing">
        <LivePlayer
          key={part.recordingId}
          ref={player}
          id="lv-playback-video"
          src={mediaUrl(part.url)}
          live={false}
          initialTime={index === 0 ? resumeAt : 0}
          poster={detail.cover ? imageUrl(detail.cover) : undefined}
          onPlaying={(playing) => {
            media.current = { ...media.current, playing }
          }}
          onTime={(p) => {
            media.current = { ...media.current, position: p }
            const stepped = Math.floor(p / STEP) * STEP
            setPosition((old) => (old === stepped ? old : stepped))
          }}
          onError={() => {
            media.current = { ...media.current, playing: false }
            Promise.resolve(Taro.showToast({ title: lx('room.videoError'), icon: 'none', duration: 2000 })).catch(
              () => undefined,
            )
          }}
        />
      </View>
      {parts.length > 1 && (
        <View className="lv-parts">
          {parts.map((p, i) => (
            <Text
              key={p.recordingId}
              className={`lv-part lv-part-${i + 1}${i === index ? ' is-active' : ''}`}
              onClick={() => {
                if (i === index) return
                media.current = { playing: false, position: 0 }
                setPosition(0)
                setIndex(i)
              }}
            >
              {lx('playback.part', { n: i + 1 })}
            </Text>
          ))}
        </View>
      )}
      <View className="lv-room-tabs">
        <Text className="lv-room-tab is-active">{lx('playback.chat')}</Text>
      </View>
      <View className="lv-chat-panel lv-replay">
        {replayState.failed ? (
          <View className="lv-replay-failed" onClick={() => void replay.retry(position)}>
            <Text className="lv-link">{lx('playback.chatFailed')}</Text>
          </View>
        ) : (
          <ChatList
            messages={visible}
            meId={Number(detail.userId) || null}
            hasMore={false}
            loadingHistory={replayState.loading && replayState.loaded.length === 0}
            onMore={async () => 0}
            emptyText={lx(replayState.loading ? 'playback.chatLoading' : 'playback.chatEmpty')}
          />
        )}
      </View>
    </>
  )
}

export default function LivePlaybackPage() {
  const { params } = useRouter()
  const channelId = numParam(params.channelId)
  const sessionId = numParam(params.sessionId)
  const [detail, setDetail] = useState<ChannelDetail | null>(null)
  const [resumeAt, setResumeAt] = useState(0)
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading')
  const [refusal, setRefusal] = useState<LiveRefusal | null>(null)

  const load = async () => {
    if (!channelId) return
    setStatus('loading')
    try {
      const [d, last] = await Promise.all([
        channelDetail({ channelId, sessionId, playback: true }, QUIET),
        // where the replay stopped last time (only logged when it fails: spec §8)
        lastWatchedLive(QUIET).catch(() => null),
      ])
      const resume = last && last.mode === 'playback' && last.sessionId === d.sessionId ? last.position : 0
      setResumeAt(Math.max(resume, 0))
      setRefusal(null)
      setDetail(d)
      setStatus('ready')
    } catch (e) {
      setRefusal(liveRefusal(e))
      setStatus('error')
    }
  }

  useLoad(() => {
    if (channelId && requireLogin()) void load()
  })

  let body: JSX.Element
  if (!channelId || refusal?.kind === 'notFound') body = <Empty text={lx('room.notFound')} />
  else if (refusal?.kind === 'noPlayback' || (detail && detail.playbackList.length === 0))
    body = (
      <Empty
        text={lx('playback.noRecording')}
        actionText={lx('room.title')}
        onAction={() =>
          Promise.resolve(Taro.redirectTo({ url: liveUrl.room(channelId, sessionId) })).catch(() => undefined)
        }
      />
    )
  else if (refusal?.kind === 'notEntitled')
    body = (
      <Empty
        text={lx('room.notEntitled')}
        actionText={
          refusal.goodsId || refusal.examId ? lx(refusal.goodsId ? 'entitle.toGoods' : 'entitle.toMock') : undefined
        }
        onAction={() => offerEntry(refusal, true)}
      />
    )
  else if (status === 'loading') body = <PageLoading rows={4} banner />
  else if (status === 'error' || !detail)
    body = <Empty text={lx('room.loadFailed')} actionText={lx('room.retry')} onAction={() => void load()} />
  else if (removedNow(detail)) body = <Removed detail={detail} onOver={() => void load()} />
  else body = <Playback detail={detail} resumeAt={resumeAt} />

  return (
    <View className="page lv-room lv-playback" style={themeStyle}>
      <NavBar title={detail?.title || lx('playback.title')} />
      {body}
    </View>
  )
}
