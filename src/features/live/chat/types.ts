/** The live room's chat client's state, options and happenings as pages see them (./client.ts). */
import type {
  ChatErrorCode,
  ChatMessage,
  ChatUser,
  LiveState,
  OnlineCount,
  RoomSnapshot,
} from '../../../../contract/schemas/live-codes'
import type { ConnectionStatus } from '../../../../shared/live/connection'
import type { ChatTransport } from '../../../../shared/live/transport'
import type { IxEvent } from '../interactions/room'

/** idle (not started, or stopped by the page), connecting, online, reconnecting (the random 2-5 s wait), kicked (by a
 * moderator), loginKicked (the same account entered this room elsewhere), failed (no right to enter, repeated token
 * refusals): shared/live/connection.ts */
export type LiveStatus = ConnectionStatus

export interface LiveRoomState {
  status: LiveStatus
  /** no connection for LIVE.CONNECT_OVERTIME_MS */
  overtime: boolean
  /** why status is failed (a catalogue text or the server's refusal) */
  failure: string
  me: ChatUser | null
  room: RoomSnapshot | null
  /** oldest first */
  messages: ChatMessage[]
  /** older history exists before messages[0] */
  hasMore: boolean
  loadingHistory: boolean
  online: OnlineCount
  likes: number
  chatClosed: boolean
  bulletin: string
  /** epoch ms; 0 = not banned */
  bannedUntil: number
  liveState: LiveState | null
}

export interface LiveClientOptions {
  userId?: string | number
  openId?: string
  channelId: number
  sessionId: number
  /** the room as getChannelBasicInfo named it (bans are kept per room) */
  roomId: string
  userName: string
  avatarUrl: string
  /** the playback room: heartbeats only, no speaking */
  playback?: boolean
  /** origin of the chat server ('' = this page's origin, H5 only) */
  origin: string
  /** socket.io namespace and path (getChannelBasicInfo chatNamespace, chatPath) */
  namespace: string
  path: string
  /** a fresh chat token; called on every (re)connect */
  fetchToken: () => Promise<string>
  /** the latest history page (newest first, up to HISTORY_PAGE + 1 rows) before `beforeId` */
  fetchHistory?: (beforeId?: number) => Promise<ChatMessage[]>
  /** what the heartbeat reports: the page's video */
  status?: () => { playing: boolean; position?: number }
  /** the server's time now (epoch ms), for the interactions' countdowns (measured on every login) */
  serverClock?: () => Promise<number>
  /** the learner's points balance (the reward sheet) */
  fetchBalance?: () => Promise<number>
  /** join a real-time media path after ALLOW_MICROPHONE (none in this app: ../interactions) */
  joinMedia?: (allow: { deadline: number }) => Promise<boolean>
  /** test seams */
  socketFactory?: ChatTransport
  toast?: (text: string, durationMs: number) => void
  now?: () => number
  random?: () => number
}

/** One-off happenings the page reacts to (besides the state). */
export type LiveEvent =
  | { type: 'classStart'; sessionId: number }
  | { type: 'classEnd'; sessionId: number; hasPlayback: boolean }
  /** chat from others arrived (the page shows a new-message pill when scrolled up) */
  | { type: 'incoming'; count: number }
  /** a message I sent was stored (the page scrolls to it) */
  | { type: 'sent'; id: number }
  | { type: 'likes'; count: number }
  /** the interactions' happenings (../interactions) */
  | IxEvent

export interface SendResult {
  ok: boolean
  code?: ChatErrorCode | 'OFFLINE'
  message?: string
}

/** Messages kept in memory; older ones come back through 'more history'. */
export const MAX_KEPT = 300
/** Live chat reaches the list at most this often (one render for a burst). */
export const FLUSH_MS = 150
/** Token refusals in a row before the client stops trying. */
export const MAX_TOKEN_FAILURES = 3
