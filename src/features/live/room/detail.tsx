/**
 * The live room (spec: pages3/live/detail?channelId=&sessionId=; without sessionId the channel's current one):
 * the video on top (countdown before the class, the replay after it), the bulletin pinned under it, the running
 * interactions under that (check-in card, pills back to a questionnaire, an answer card or a won lottery; the mic's
 * state), and three tabs: chat (with rewards, flowers and points packets as system lines, and the flowers / reward /
 * raise-hand row over the input), questions to the lecturer, and intro. What the lecturer pushes opens as a sheet
 * (./interactions/*.tsx). The chat is the live client (../chat/client.ts); its heartbeat reports whether the video is
 * playing (study time). A room the learner may not enter offers the goods (or the mock exam) that gives entry; a
 * learner a moderator removed from this class is told so and until when, and neither the video nor the chat starts.
 */
import { Text, View } from '@tarojs/components'
import Taro, { useLoad, useRouter } from '@tarojs/taro'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import Empty from '@/components/empty'
import NavBar from '@/components/nav-bar'
import PageLoading from '@/components/page-loading'
import { themeStyle } from '@/components/theme'
import { numParam, requireLogin } from '@/features/bank/lib'
import { ix, lx } from '@/features/live'
import { type ChannelDetail, channelDetail, type LiveRefusal, liveRefusal } from '@/features/live/api'
import { liveUrl, offerEntry } from '@/features/live/links'
import { EVENTS, off, on } from '@/services/events'
import { ChatInput, ChatList } from './chat'
import { ActionBar } from './interactions/actions'
import { InteractionDock } from './interactions/dock'
import { FlowerBurst } from './interactions/flowers'
import { LotterySheet } from './interactions/lottery'
import { MicBar } from './interactions/mic'
import type { SheetKind } from './interactions/parts'
import { QuestionnaireSheet } from './interactions/questionnaire'
import { RedPacketSheet } from './interactions/redpaper'
import { RewardSheet } from './interactions/reward'
import { systemRows } from './interactions/system-rows'
import { AnswerSheet } from './interactions/test'
import RoomIntro from './intro'
import type { LivePlayerHandle } from './player-types'
import { QuestionsPanel } from './questions'
import Removed, { removedNow } from './removed'
import { type MediaStatus, useInteractions, useLiveClient, useRoomState } from './use-live'
import RoomVideo from './video'
import './live.scss'

const QUIET = { noLoading: true, silent: true } as const
/** after CLASSEND: how often and how long to look for the recording (5 s for 10 minutes) */
const REPLAY_POLL_MS = 5000
const REPLAY_POLL_TRIES = 120

type Tab = 'chat' | 'questions' | 'intro'
const TABS: readonly Tab[] = ['chat', 'questions', 'intro']

function Room({ detail, refresh }: { detail: ChannelDetail; refresh: () => void }) {
  const media = useRef<MediaStatus>({ playing: false })
  const player = useRef<LivePlayerHandle>(null)
  const client = useLiveClient(detail, { playback: false, status: () => media.current })
  const state = useRoomState(client)
  const ixs = useInteractions(client)
  const [tab, setTab] = useState<Tab>('chat')
  const [sheet, setSheet] = useState<SheetKind | null>(null)
  const [endedHasPlayback, setEndedHasPlayback] = useState<boolean | null>(null)
  const liveState = state.liveState ?? detail.state

  // what the lecturer pushes opens at once; the learner may close it to the dock and reopen it there
  useEffect(() => {
    if (!client) return
    return client.onEvent((e) => {
      if (e.type === 'questionnaire') setSheet('questionnaire')
      else if (e.type === 'test' || e.type === 'testResult') setSheet('test')
      else if (e.type === 'lottery' || e.type === 'lotteryDrawn') setSheet('lottery')
      else if (e.type === 'redpaper') setSheet((s) => (s === null ? `redpaper-${e.redpaperId}` : s))
    })
  }, [client])

  // the questions tab is being looked at: its badge goes
  useEffect(() => {
    if (client && tab === 'questions' && ixs.questions.unread > 0) client.ix.markQuestionsRead()
  }, [client, tab, ixs.questions.unread])

  const openPacket = useCallback((id: number) => setSheet(`redpaper-${id}`), [])
  const extra = useMemo(() => systemRows(ixs.system, openPacket), [ixs.system, openPacket])
  const closeSheet = () => {
    if (sheet === 'questionnaire') client?.ix.dismissQuestionnaire()
    else if (sheet === 'test') client?.ix.dismissTest()
    else if (sheet === 'lottery') client?.ix.dismissLottery()
    setSheet(null)
  }

  useEffect(() => {
    if (!client) return
    return client.onEvent((e) => {
      // the stream's address is known once it runs: read the room again
      if (e.type === 'classStart') refresh()
      else if (e.type === 'classEnd') {
        media.current = { playing: false }
        setEndedHasPlayback(e.hasPlayback)
        refresh()
      }
    })
  }, [client, refresh])

  // the class ended with a replay to come: read the room again until its recording is ready (about 15 s here)
  const awaitingReplay = liveState === 'ended' && endedHasPlayback === true && !detail.hasPlayback
  useEffect(() => {
    if (!awaitingReplay) return
    let tries = 0
    const timer = setInterval(() => {
      if (++tries > REPLAY_POLL_TRIES) clearInterval(timer)
      else refresh()
    }, REPLAY_POLL_MS)
    return () => clearInterval(timer)
  }, [awaitingReplay, refresh])

  // removed by a moderator (KICK): the room is read again and says until when (./parts/removed.tsx)
  useEffect(() => {
    if (state.status === 'kicked') refresh()
  }, [state.status, refresh])

  // app hidden (spec §4): pause
  useEffect(() => {
    const pause = () => player.current?.pause()
    on(EVENTS.pause, pause)
    return () => off(EVENTS.pause, pause)
  }, [])

  const online = state.online.staff + state.online.audience
  // the room's own word once logged in (it follows BULLETIN events), the page's until then
  const bulletin = state.room ? state.bulletin : detail.bulletin
  return (
    <>
      <RoomVideo
        ref={player}
        detail={detail}
        liveState={liveState}
        endedHasPlayback={endedHasPlayback}
        onPlaying={(playing) => {
          media.current = { ...media.current, playing }
        }}
        onTime={(position) => {
          media.current = { ...media.current, position }
        }}
        onReplay={() => {
          Promise.resolve(Taro.redirectTo({ url: liveUrl.playback(detail.channelId, detail.sessionId) })).catch(
            () => undefined,
          )
        }}
      />
      {!!bulletin && (
        <View className="lv-bulletin">
          <Text className="lv-bulletin-tag">{lx('room.bulletin')}</Text>
          <Text className="lv-bulletin-text">{bulletin}</Text>
        </View>
      )}
      {client && <InteractionDock ixs={ixs} client={client} onOpen={setSheet} />}
      {client && <MicBar ixs={ixs} meId={state.me?.userId ?? null} client={client} />}
      <View className="lv-room-tabs">
        {TABS.map((t) => (
          <Text
            key={t}
            className={`lv-room-tab lv-room-tab-${t}${tab === t ? ' is-active' : ''}`}
            onClick={() => setTab(t)}
          >
            {t === 'questions' ? ix('questions.tab') : lx(`room.tab.${t}`)}
            {t === 'questions' && ixs.questions.unread > 0 && tab !== 'questions' && (
              <Text className="lv-tab-badge">{ixs.questions.unread > 9 ? '9+' : ixs.questions.unread}</Text>
            )}
          </Text>
        ))}
        <Text className="lv-online">
          {state.online.staff > 0
            ? lx('room.onlineStaff', { n: online, s: state.online.staff })
            : lx('room.online', { n: online })}
        </Text>
      </View>
      <View className={`lv-chat-panel${tab === 'chat' ? '' : ' is-hidden'}`}>
        <ChatList
          messages={state.messages}
          meId={state.me?.userId ?? null}
          hasMore={state.hasMore}
          loadingHistory={state.loadingHistory}
          onMore={() => client?.loadMore() ?? Promise.resolve(0)}
          client={client}
          extra={extra}
        />
        <FlowerBurst client={client} />
        {client && state.status === 'online' && liveState !== 'ended' && (
          <ActionBar ixs={ixs} client={client} onReward={() => setSheet('reward')} />
        )}
        <ChatInput client={client} state={state} />
      </View>
      {client && tab === 'questions' && <QuestionsPanel client={client} ixs={ixs} room={state} />}
      {tab === 'intro' && (
        <View className="lv-intro-panel">
          <RoomIntro detail={detail} />
        </View>
      )}
      {client && sheet && (
        <RoomSheet sheet={sheet} ixs={ixs} meId={state.me?.userId ?? null} client={client} onClose={closeSheet} />
      )}
    </>
  )
}

/** The open sheet, while what it shows still exists. */
function RoomSheet({
  sheet,
  ixs,
  meId,
  client,
  onClose,
}: {
  sheet: SheetKind
  ixs: ReturnType<typeof useInteractions>
  meId: number | null
  client: NonNullable<ReturnType<typeof useLiveClient>>
  onClose: () => void
}) {
  if (sheet === 'questionnaire' && ixs.questionnaire)
    return (
      <QuestionnaireSheet
        key={ixs.questionnaire.questionnaireId}
        card={ixs.questionnaire}
        client={client}
        onClose={onClose}
      />
    )
  if (sheet === 'test' && ixs.test)
    return <AnswerSheet key={ixs.test.test.testId} card={ixs.test} client={client} onClose={onClose} />
  if (sheet === 'lottery' && ixs.lottery)
    return <LotterySheet key={ixs.lottery.lotteryId} card={ixs.lottery} meId={meId} client={client} onClose={onClose} />
  if (sheet === 'reward') return <RewardSheet ixs={ixs} client={client} onClose={onClose} />
  if (sheet.startsWith('redpaper-')) {
    const id = Number(sheet.slice(9))
    const packet = ixs.redpapers.find((r) => r.redpaperId === id)
    if (packet) return <RedPacketSheet packet={packet} client={client} onClose={onClose} />
  }
  return null
}

export default function LiveRoomPage() {
  const { params } = useRouter()
  const channelId = numParam(params.channelId)
  const sessionId = useRef(numParam(params.sessionId))
  const [detail, setDetail] = useState<ChannelDetail | null>(null)
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading')
  const [refusal, setRefusal] = useState<LiveRefusal | null>(null)

  const load = useCallback(
    async (quiet: boolean) => {
      if (!channelId) return
      if (!quiet) setStatus('loading')
      try {
        const d = await channelDetail({ channelId, sessionId: sessionId.current }, QUIET)
        // stay in this session when the room is read again
        sessionId.current = d.sessionId
        setRefusal(null)
        setDetail(d)
        setStatus('ready')
      } catch (e) {
        // a quiet re-read that fails keeps the room as it is
        if (quiet) return
        setRefusal(liveRefusal(e))
        setStatus('error')
      }
    },
    [channelId],
  )
  const refresh = useCallback(() => void load(true), [load])

  useLoad(() => {
    if (channelId && requireLogin()) void load(false)
  })

  const title = detail?.title || lx('room.title')
  let body: JSX.Element
  if (!channelId || refusal?.kind === 'notFound') body = <Empty text={lx('room.notFound')} />
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
    body = <Empty text={lx('room.loadFailed')} actionText={lx('room.retry')} onAction={() => void load(false)} />
  else if (removedNow(detail))
    // kicked from this class: no player, no chat; the room's other classes are in the intro
    body = (
      <>
        <Removed detail={detail} onOver={refresh} />
        <View className="lv-intro-panel lv-removed-intro">
          <RoomIntro detail={detail} />
        </View>
      </>
    )
  else body = <Room detail={detail} refresh={refresh} />

  return (
    <View className="page lv-room" style={themeStyle}>
      <NavBar title={title} />
      {body}
    </View>
  )
}
