/**
 * Live room: the chat wire protocol and constants shared by the app and the console (shared/live), the chat server
 * (server/src/modules/live) and the tests. No zod here: the app imports these values. Shape after ../shared/LIVE.md:
 * one socket.io event named `message` carrying a JSON string `{EVENT, ...}`, with an ack for the sender.
 * docs/DECISIONS.md "Live".
 */
import { STAFF_ROLES } from '../roles'
import type { ActiveInteractions, InteractionErrorCode } from './live-interactions'

/** socket.io namespace of the chat server (same HTTP server as the API; path `/socket.io`). */
export const CHAT_NAMESPACE = '/chat'
/** the one socket.io event both directions use */
export const CHAT_EVENT = 'message'

/** Spec §9 chat constants, plus the server's busy-room rules (LIVE.md "Scale"). */
export const LIVE = {
  /** a user may not speak twice (or ask twice) within this */
  SPEAK_GAP_MS: 3000,
  HEARTBEAT_FIRST_MS: 3000,
  HEARTBEAT_MS: 25_000,
  /** no connection after this long: the 'connect overtime' notice */
  CONNECT_OVERTIME_MS: 30_000,
  /** reconnect after a random one of these (seconds) */
  RECONNECT_DELAYS_S: [2, 3, 4, 5],
  MIC_JOIN_TIMEOUT_MS: 20_000,
  /** history page; a page of HISTORY_PAGE + 1 rows means there is more */
  HISTORY_PAGE: 20,
  ONLINE_PAGE: 100,
  QUESTION_HISTORY_PAGE: 20,
  PLAYBACK_PAGE: 500,
  PPT_DELAY_MS: 3000,
  /** chat text after trimming */
  MAX_TEXT: 500,
  /** chat is merged into one emit per room this often */
  CHAT_BATCH_MS: 300,
  /** at most this many chat messages per second reach one client; above it chat is sampled (control events never) */
  CLIENT_CHAT_CAP_PER_S: 20,
  /** merged likes are broadcast at most this often */
  LIKES_BROADCAST_MS: 1000,
  /** one LIKES event counts at most this many taps */
  MAX_LIKES_PER_EVENT: 50,
  /** a ban without a duration */
  BAN_DEFAULT_MS: 24 * 3600 * 1000,
  /** playback rooms: this prefix + the session id (spec §4) */
  PLAYBACK_ROOM_PREFIX: 'playback_',
  /** chat tokens live this long; the app fetches a fresh one (getChannelBasicInfo) on each (re)connect */
  CHAT_TOKEN_TTL_S: 3600,
  /** a heartbeat credits at most this much study time (seconds) */
  WATCH_CREDIT_MAX_S: 30,
} as const

export const LIVE_STATES = ['waiting', 'live', 'ended'] as const
export type LiveState = (typeof LIVE_STATES)[number]

/** Spec §6 chat roles. Only the first three may moderate. */
export const CHAT_USER_TYPES = ['teacher', 'manager', 'assistant', 'student', 'slice'] as const
export type ChatUserType = (typeof CHAT_USER_TYPES)[number]
export const MODERATOR_TYPES: readonly ChatUserType[] = ['teacher', 'manager', 'assistant']
/** roles staff may give an account (sys_user.staff_role) */
export const LIVE_STAFF_ROLES = STAFF_ROLES
export const isModerator = (t: string): boolean => (MODERATOR_TYPES as readonly string[]).includes(t)

/** Events the client sends (payload fields beside EVENT). */
export interface ClientEvents {
  /** first event after connect; the ack carries the room snapshot */
  LOGIN: { token: string }
  /** playing: the video is playing (credits study time); position: playback position (seconds) */
  HEARTBEAT: { playing: boolean; position?: number }
  SPEAK: { values: [string]; quoteId?: number }
  /** an image uploaded through the upload service */
  CHAT_IMG: { values: [string] }
  LIKES: { count: number }
  /** page of the online list (1-based, ONLINE_PAGE per page) */
  ONLINE_LIST: { page: number }
  // moderation (teacher, manager, assistant only)
  CLOSEROOM: { value: boolean }
  ADD_SHIELD: { userId: number; durationMs?: number }
  REMOVE_SHIELD: { userId: number }
  KICK: { userId: number }
  REMOVE_CONTENT: { id: number }
  REMOVE_HISTORY: Record<string, never>
  BULLETIN: { content: string }
  REMOVE_BULLETIN: Record<string, never>
}
export type ClientEventName = keyof ClientEvents
export const MODERATION_EVENTS: readonly ClientEventName[] = [
  'CLOSEROOM',
  'ADD_SHIELD',
  'REMOVE_SHIELD',
  'KICK',
  'REMOVE_CONTENT',
  'REMOVE_HISTORY',
  'BULLETIN',
  'REMOVE_BULLETIN',
]

/** The user as a chat message names them (spec §3 "Live chat message"). */
export interface ChatUser {
  userId: number
  nick: string
  pic: string
  userType: ChatUserType
  /** display label key: lecturer | administrator | assistant | student */
  actor: 'lecturer' | 'administrator' | 'assistant' | 'student'
}
export const actorOf = (t: ChatUserType): ChatUser['actor'] =>
  t === 'teacher' ? 'lecturer' : t === 'manager' ? 'administrator' : t === 'assistant' ? 'assistant' : 'student'

/** A stored chat message as history and live delivery carry it. `time` is epoch ms. */
export interface ChatMessage {
  id: number
  EVENT: 'SPEAK' | 'CHAT_IMG'
  user: ChatUser
  /** escaped text, or the image URL (CHAT_IMG, msgSource chatImg) */
  content: string
  msgSource?: 'chatImg'
  quoteId?: number
  time: number
}

/** The room as LOGIN's ack describes it. */
export interface RoomSnapshot {
  roomId: string
  sessionId: number
  channelId: number
  me: ChatUser
  playback: boolean
  state: LiveState
  chatClosed: boolean
  bulletin: string
  likes: number
  /** epoch ms until which I am banned in this room, 0 = not banned */
  bannedUntil: number
  online: OnlineCount
  /** the interactions running now (./live-interactions.ts), so a late joiner sees them; all empty in playback rooms */
  active: ActiveInteractions
}
export interface OnlineCount {
  /** teachers, managers and assistants */
  staff: number
  audience: number
}

/** Events the server sends. A busy room's chat arrives merged in BATCH. */
export interface ServerEvents {
  SPEAK: ChatMessage
  CHAT_IMG: ChatMessage
  /** merged chat (SPEAK / CHAT_IMG only), oldest first */
  BATCH: { list: ChatMessage[] }
  LOGIN: { user: ChatUser; online: OnlineCount }
  LOGOUT: { userId: number; online: OnlineCount }
  /** reply to ONLINE_LIST (to the asker only) */
  ONLINE_LIST: { page: number; list: ChatUser[]; online: OnlineCount }
  /** total likes of the channel, merged */
  LIKES: { count: number; total: number }
  CLOSEROOM: { value: boolean }
  KICK: { userId: number }
  ADD_SHIELD: { userId: number; until: number }
  REMOVE_SHIELD: { userId: number }
  REMOVE_CONTENT: { id: number }
  REMOVE_HISTORY: Record<string, never>
  BULLETIN: { content: string }
  REMOVE_BULLETIN: Record<string, never>
  /** the stream started / ended */
  CLASSSTART: { sessionId: number }
  CLASSEND: { sessionId: number; hasPlayback: boolean }
  /** to a sender: the room is closed */
  PROHIBIT_TO_SPEAK: { value: true }
  /** to a sender: the message held a censored word and was not delivered */
  CENSOR: { content: string }
  /** the same account logged in to this room elsewhere: this socket is closed */
  LOGIN_KICK: Record<string, never>
}
export type ServerEventName = keyof ServerEvents

/** Ack of every client event. */
export type ChatAck =
  | {
      ok: true
      id?: number
      room?: RoomSnapshot /** the reply of an interaction event (./live-interactions.ts) */
      data?: unknown
    }
  | {
      ok: false
      code: ChatErrorCode | InteractionErrorCode
      /** the source wording, for logs and old clients; clients translate `code` and, for BAD_REQUEST, `reason` */
      message: string
      until?: number
      /** why a BAD_REQUEST was refused, when a teacher can act on it (the console's words: `bad.<reason>`) */
      reason?: BadRequestReason
    }

/** The reasons of a refused request that the clients put in their own words (issue 26: codes, not sentences). */
export const BAD_REQUEST_REASONS = [
  'checkinRunning',
  'questionnaireRunning',
  'testRunning',
  'nobodyEligible',
  'sharesOverPoints',
  'notInRoom',
  'notYourself',
  'micChanged',
  'noMedia',
  'notPushable',
  'gone',
] as const
export type BadRequestReason = (typeof BAD_REQUEST_REASONS)[number]

/** Refusal codes in acks; the app maps them to catalogue texts (spec §8). */
export const CHAT_ERRORS = {
  /** bad or expired chat token (spec: 'chat room token error') */
  token: 'TOKEN',
  /** spec: 'you are speaking too fast, please try again later' */
  tooFast: 'TOO_FAST',
  closed: 'CLOSED',
  banned: 'BANNED',
  censored: 'CENSORED',
  empty: 'EMPTY',
  tooLong: 'TOO_LONG',
  /** not a moderator, or a speaking event in a playback room */
  forbidden: 'FORBIDDEN',
  badRequest: 'BAD_REQUEST',
  notLoggedIn: 'NOT_LOGGED_IN',
  /** LOGIN of a user a moderator kicked from this session (until CHAT_SERVER.KICK_MS has passed or REMOVE_SHIELD) */
  kicked: 'KICKED',
  /** the chat server could not do it (database or Redis failed): try again */
  serverError: 'SERVER_ERROR',
} as const
export type ChatErrorCode = (typeof CHAT_ERRORS)[keyof typeof CHAT_ERRORS]

/** Codes of the live HTTP calls' refusals (envelope code). */
export const LIVE_CODE = {
  /** the learner may not enter this room: data { goodsId } names what to buy (or examId to apply to) */
  notEntitled: 631,
  /** the channel or session does not exist in this tenant */
  notFound: 632,
  /** playback asked of a session that has none (yet) */
  noPlayback: 633,
} as const

/** Room ids: live rooms are `<tenant>:<channel>:<session>`; playback rooms take the spec's prefix + session id. */
export const liveRoomId = (tenantId: number, channelId: number, sessionId: number) =>
  `${tenantId}:${channelId}:${sessionId}`
export const playbackRoomId = (sessionId: number) => `${LIVE.PLAYBACK_ROOM_PREFIX}${sessionId}`

// ---- chat server (server/src/modules/live/chat; docs/DECISIONS.md "Live — chat server") ----

/** Busy-room and moderation limits of the chat server beside LIVE's. */
export const CHAT_SERVER = {
  /** a kicked user may not LOG IN to that session again for this long (REMOVE_SHIELD lifts it earlier) */
  KICK_MS: 24 * 3600 * 1000,
  /**
   * staff (teacher, manager, assistant in the room) are not held to the learners' SPEAK_GAP_MS: this gap only keeps a
   * runaway client from flooding the room (5 messages a second; the socket's 20 events a second still hold)
   */
  STAFF_SPEAK_GAP_MS: 200,
  /** longest ban a moderator may set */
  MAX_BAN_MS: 365 * 24 * 3600 * 1000,
  /** above this many online users a room gets merged ONLINE counts instead of every LOGIN / LOGOUT */
  ONLINE_MERGE_ABOVE: 200,
  /** merged ONLINE counts go out at most this often */
  ONLINE_MERGE_MS: 2000,
  /** bulletin text after trimming */
  MAX_BULLETIN: 1000,
} as const

export interface ServerEvents {
  /** the room's online counts, merged: busy rooms (above CHAT_SERVER.ONLINE_MERGE_ABOVE) get this, not LOGIN/LOGOUT */
  ONLINE: { online: OnlineCount }
}
