/**
 * The live console (a lazy chunk of the console bundle, with socket.io-client; hls.js is a further chunk): the
 * school's rooms (`/console/live`) or one class's room (`/console/live/<channelId>/<sessionId>`): the stream, the
 * chat with moderation, who is there, and every interaction of contract/schemas/live-interactions.ts.
 */
import { useCallback, useEffect, useState } from 'react'
import { type Me, messageOf } from '../../api'
import { Link, liveRoomOf, usePath } from '../../router'
import { useConfirm } from '../../ui'
import { liveApi, type RoomDetail } from './api'
import { Channels } from './Channels'
import { ChatPanel } from './Chat'
import { useRoom } from './common'
import { type LiveKey, lt } from './i18n'
import { CheckinPanel } from './interactions/CheckinPanel'
import { FeedPanel } from './interactions/FeedPanel'
import { LotteryPanel } from './interactions/LotteryPanel'
import { MicPanel } from './interactions/MicPanel'
import { QuestionnairePanel } from './interactions/QuestionnairePanel'
import { QuestionsPanel } from './interactions/QuestionsPanel'
import { RedpaperPanel } from './interactions/RedpaperPanel'
import { TestPanel } from './interactions/TestPanel'
import { ModerationProvider, useModeration } from './moderation'
import { PeoplePanel } from './People'
import { RoomStore } from './room'
import { StreamPanel } from './Stream'
import type { ConnStatus } from './socket'

const TABS = ['checkin', 'questionnaire', 'test', 'lottery', 'redpaper', 'qa', 'mic', 'feed'] as const
type Tab = (typeof TABS)[number]

const STATUS_KEY: Record<ConnStatus, LiveKey> = {
  connecting: 'conn.connecting',
  online: 'conn.online',
  reconnecting: 'conn.reconnecting',
  failed: 'conn.failed',
  kicked: 'conn.kicked',
  loginKicked: 'conn.loginKicked',
  stopped: 'conn.stopped',
}

function Connection({ store }: { store: RoomStore }) {
  const room = useRoom(store)
  const final = room.status === 'failed' || room.status === 'kicked' || room.status === 'loginKicked'
  return (
    <div className={`conn conn-${room.status}`} role={final ? 'alert' : 'status'}>
      <span className="conn-dot" />
      <span className="conn-text">{lt(STATUS_KEY[room.status])}</span>
      {room.overtime && <span className="conn-overtime">{lt('conn.overtime')}</span>}
      {room.failure && <span className="conn-failure">{room.failure}</span>}
      {final && (
        <button type="button" className="btn btn-small conn-retry" onClick={() => store.reconnect()}>
          {lt('conn.retry')}
        </button>
      )}
    </div>
  )
}

function Room({ me, detail, store }: { me: Me; detail: RoomDetail; store: RoomStore }) {
  const room = useRoom(store)
  const { ask } = useModeration()
  const [tab, setTab] = useState<Tab>('checkin')
  const openQuestions = room.questions.filter((q) => !q.answer).length
  const badge: Partial<Record<Tab, number>> = {
    qa: openQuestions,
    mic: room.mic.requests.length,
    checkin: room.checkins.some((c) => !c.stopped) ? 1 : 0,
  }
  return (
    <>
      <div className="room-bar">
        <Connection store={store} />
        <span className="room-online">
          {lt('people.counts', { audience: room.online.audience, staff: room.online.staff })}
        </span>
        <span className="muted">{lt('room.likes', { n: room.likes })}</span>
      </div>
      <div className="room-grid">
        <div className="room-main">
          <StreamPanel me={me} detail={detail} room={room} store={store} ask={ask} />
          <section className="panel panel-interactions">
            <div className="tabs" role="tablist">
              {TABS.map((t) => (
                <button
                  key={t}
                  type="button"
                  role="tab"
                  aria-selected={tab === t}
                  className={`tab tab-${t} ${tab === t ? 'tab-on' : ''}`}
                  onClick={() => setTab(t)}
                >
                  {lt(`tab.${t}` as LiveKey)}
                  {!!badge[t] && <span className="tab-badge">{badge[t]}</span>}
                </button>
              ))}
            </div>
            <div className="tab-body">
              {tab === 'checkin' && <CheckinPanel room={room} store={store} />}
              {tab === 'questionnaire' && <QuestionnairePanel room={room} store={store} />}
              {tab === 'test' && <TestPanel room={room} store={store} />}
              {tab === 'lottery' && <LotteryPanel room={room} store={store} />}
              {tab === 'redpaper' && <RedpaperPanel room={room} store={store} />}
              {tab === 'qa' && <QuestionsPanel room={room} store={store} />}
              {tab === 'mic' && <MicPanel room={room} store={store} provider={detail.stream.provider} />}
              {tab === 'feed' && <FeedPanel room={room} />}
            </div>
          </section>
        </div>
        <div className="room-side">
          <ChatPanel room={room} store={store} />
          <PeoplePanel room={room} store={store} />
        </div>
      </div>
    </>
  )
}

function RoomPage({ me, channelId, sessionId }: { me: Me; channelId: number; sessionId: number }) {
  const [detail, setDetail] = useState<RoomDetail | null>(null)
  const [error, setError] = useState('')
  const [store, setStore] = useState<RoomStore | null>(null)
  const { ask, dialog } = useConfirm()

  const load = useCallback(() => {
    setError('')
    return liveApi.detail(channelId, sessionId).then(
      (d) => {
        setDetail(d)
        return d
      },
      (e) => {
        setError(messageOf(e))
        return null
      },
    )
  }, [channelId, sessionId])

  useEffect(() => {
    let s: RoomStore | null = null
    let live = true
    load().then((d) => {
      if (!d || !live) return
      // a class starting or ending changes the preview's address (given only while live): read the detail again
      s = new RoomStore(channelId, sessionId, d, { onClassChange: () => void load() })
      s.start()
      setStore(s)
    })
    return () => {
      live = false
      s?.stop()
    }
  }, [channelId, sessionId, load])

  return (
    <section className="page page-live-room" data-channel-id={channelId} data-session-id={sessionId}>
      <header className="page-head">
        <div>
          <Link to="live" className="back">
            {lt('room.back')}
          </Link>
          <h1>{detail ? detail.title : lt('room.title')}</h1>
          {detail && <p className="muted">{detail.channelName}</p>}
        </div>
      </header>
      {error && !detail && (
        <div className="state state-error" role="alert">
          <span>{lt('common.loadFailed', { reason: error })}</span>
          <button type="button" className="btn" onClick={() => void load()}>
            {lt('common.retry')}
          </button>
        </div>
      )}
      {!error && !store && (
        <p className="state state-loading" role="status">
          {lt('common.loading')}
        </p>
      )}
      {detail && store && (
        <ModerationProvider store={store} ask={ask}>
          <Room me={me} detail={detail} store={store} />
        </ModerationProvider>
      )}
      {dialog}
    </section>
  )
}

export default function LivePage({ me }: { me: Me }) {
  const path = usePath()
  const target = liveRoomOf(path)
  if (!target) return <Channels me={me} />
  return <RoomPage key={path} me={me} channelId={target.channelId} sessionId={target.sessionId} />
}
