/** The room's chat client for a page: created when the room's detail is known, stopped when the page goes. */
import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import {
  apiOrigin,
  createLiveClient,
  type InteractionState,
  type LiveClient,
  type LiveRoomState,
  RoomInteractions,
} from '@/features/live'
import { type ChannelDetail, channelDetail, chatHistory } from '@/features/live/api'
import { pointsBalance } from '@/features/live/points/api'
import { getSysTime } from '@/services/api/common'
import { LIVE } from '../../../../contract/schemas/live-codes'

const QUIET = { noLoading: true, silent: true } as const

/** What the heartbeat reports: the page keeps it current from the video element. */
export interface MediaStatus {
  playing: boolean
  position?: number
}

export function useLiveClient(
  detail: ChannelDetail | null,
  opts: { playback: boolean; status: () => MediaStatus },
): LiveClient | null {
  const [client, setClient] = useState<LiveClient | null>(null)
  const status = useRef(opts.status)
  status.current = opts.status
  const latest = useRef(detail)
  latest.current = detail
  const roomKey = detail ? `${detail.roomId}#${detail.sessionId}` : ''
  const playback = opts.playback

  // biome-ignore lint/correctness/useExhaustiveDependencies: one client per room; a refreshed detail of the same room keeps it
  useEffect(() => {
    const d = latest.current
    if (!d) return
    let fresh: string | null = d.chatToken
    const { channelId, sessionId } = d
    const c = createLiveClient({
      userId: d.userId,
      channelId,
      sessionId,
      roomId: d.roomId,
      userName: d.nick,
      avatarUrl: d.pic,
      playback,
      origin: apiOrigin(),
      namespace: d.chatNamespace,
      path: d.chatPath,
      // the token the page just got is fresh; every reconnect asks for a new one (they are short-lived)
      fetchToken: async () => {
        if (fresh) {
          const t = fresh
          fresh = null
          return t
        }
        return (await channelDetail({ channelId, sessionId, playback }, QUIET)).chatToken
      },
      fetchHistory: playback
        ? undefined
        : (beforeId) =>
            chatHistory(
              { channelId, sessionId, pageSize: LIVE.HISTORY_PAGE, ...(beforeId ? { beforeId } : {}) },
              QUIET,
            ),
      status: () => status.current(),
      // the server's clock for the interactions' countdowns: sysTime is whole seconds (floor), so + 500 ms
      serverClock: async () => (await getSysTime(QUIET)) * 1000 + 500,
      fetchBalance: pointsBalance,
    })
    c.start()
    setClient(c)
    return () => {
      c.stop()
      setClient(null)
    }
  }, [roomKey, playback])
  return client
}

const IDLE: LiveRoomState = {
  status: 'idle',
  overtime: false,
  failure: '',
  me: null,
  room: null,
  messages: [],
  hasMore: false,
  loadingHistory: false,
  online: { staff: 0, audience: 0 },
  likes: 0,
  chatClosed: false,
  bulletin: '',
  bannedUntil: 0,
  liveState: null,
}
const noop = () => () => undefined
const idle = () => IDLE

/** The client's state, re-rendering on every change. */
export function useRoomState(client: LiveClient | null): LiveRoomState {
  return useSyncExternalStore(client?.subscribe ?? noop, client?.getState ?? idle)
}

/** Now (ms), ticking every `ms` while mounted. */
export function useNow(ms = 1000): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), ms)
    return () => clearInterval(t)
  }, [ms])
  return now
}

const NO_IX = new RoomInteractions({
  ask: async () => ({ ok: false, code: 'NOT_LOGGED_IN', message: '' }),
  me: () => null,
  now: Date.now,
  toast: () => undefined,
  fire: () => undefined,
  chatRefusal: () => ({ ok: false }),
})

/** The room's interactions (check-in, questionnaire, answer card, lottery, points, Q&A, mic), re-rendering on change. */
export function useInteractions(client: LiveClient | null): InteractionState {
  const ix = client?.ix ?? NO_IX
  return useSyncExternalStore(ix.subscribe, ix.getState)
}

/** Now on the server's clock (ms), ticking every `ms` while `on`. */
export function useServerNow(client: LiveClient | null, on = true, ms = 500): number {
  const ix = client?.ix ?? NO_IX
  const [now, setNow] = useState(() => ix.serverNow())
  useEffect(() => {
    setNow(ix.serverNow())
    if (!on) return
    const t = setInterval(() => setNow(ix.serverNow()), ms)
    return () => clearInterval(t)
  }, [ix, on, ms])
  return on ? now : ix.serverNow()
}
