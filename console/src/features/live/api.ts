/**
 * The live console's HTTP calls, through the console's one request helper (../api.ts: tenant, language, the staff
 * login token): the live desk (/staff/live/*, server/src/modules/live/staff.ts), the console's own live reads
 * (/console/live/*, server/src/modules/console/live.ts) and two calls of the learner contract that staff may make
 * too: the room's detail with its chat token (getChannelBasicInfo: staff get their role as the chat user type)
 * and the chat history.
 */
import type { ChatMessage, ChatUserType, LiveState } from '../../../../contract/schemas/live-codes'
import { LIVE } from '../../../../contract/schemas/live-codes'
import { request } from '../../api'

export interface SessionRow {
  sessionId: number
  title: string
  /** Unix seconds */
  startTime: number
  endTime: number
  state: LiveState
  startedTime: number | null
  endedTime: number | null
  readyRecordings: number
}

export interface ChannelRow {
  channelId: number
  name: string
  goodsId: number | null
  goodsName: string
  examId: number | null
  teacherName: string
  scene: string
  provider: string
  providerChannelId: string
  chatClosed: boolean
  bulletin: string
  playbackEnabled: boolean
  likes: number
  sessions: SessionRow[]
}

export interface PushInfo {
  channelId: number
  channelName: string
  /** the class the address starts (its key names it) */
  sessionId: number
  sessionTitle: string
  sessionState: LiveState
  /** what the key would meet now: the class ended (no address then: '' below), or another class is live */
  blocked: 'class ended' | 'another class is live' | null
  other?: { sessionId: number; title: string }
  /** why the last publish with this class's key was refused (epoch ms), if it was */
  lastRefused: { at: number; reason: string; other?: { sessionId: number; title: string } } | null
  server: string
  streamKey: string
  url: string
  /** epoch seconds */
  expiresAt: number
}

/** The part of getChannelBasicInfo the console reads. */
export interface RoomDetail {
  roomId: string
  channelId: number
  sessionId: number
  chatToken: string
  chatNamespace: string
  chatPath: string
  userType: ChatUserType
  nick: string
  channelName: string
  title: string
  teacherName: string
  state: LiveState
  startTime: number
  endTime: number
  bulletin: string
  chatClosed: boolean
  stream: { provider: 'local' | 'polyv'; hlsUrl: string; providerChannelId: string; videoAvailable: boolean }
}

export interface BankRow {
  bankId: number
  name: string
  goodsName: string
  questionCount: number
}

export interface BankQuestion {
  questionId: number
  /** 1 single, 2 multiple, 3 judgement */
  type: number
  stem: string
  options: [string, string][]
  answer: string
}

export interface BanRow {
  userId: number
  nick: string
  until: number
  since: number
}

export interface CheckinRow {
  checkinId: number
  message: string
  endsAt: number
  open: boolean
  signed: number
}

export interface LotteryClaimsRow {
  lotteryId: number
  prize: string
  winnerCount: number
  eligible: number
  drawAt: number
  announced: boolean
  winners: {
    userId: number
    nick: string
    claimed: boolean
    name: string
    phone: string
    address: string
    claimedAt: number
  }[]
}

export const liveApi = {
  channels: () => request<ChannelRow[]>('GET', '/staff/live/channels'),
  schedule: (channelId: number, body: { title: string; startTime: number; endTime: number }) =>
    request<{ sessionId: number }>('POST', `/staff/live/channels/${channelId}/sessions`, { body }),
  push: (channelId: number, sessionId: number) =>
    request<PushInfo>('GET', `/staff/live/channels/${channelId}/push`, { query: { sessionId } }),
  detail: (channelId: number, sessionId: number) =>
    request<RoomDetail>('GET', '/study/record/getChannelBasicInfo', { query: { channelId, sessionId } }),
  /** newest first; LIVE.HISTORY_PAGE + 1 rows at most (the extra one means more) */
  history: (channelId: number, sessionId: number, beforeId?: number) =>
    request<ChatMessage[]>('GET', '/polyv/live/historyChatMsgList', {
      query: { channelId, sessionId, beforeId, pageSize: LIVE.HISTORY_PAGE },
    }),
  banks: () => request<BankRow[]>('GET', '/console/live/banks'),
  questions: (q: { bankId: number; type?: number; keyword?: string; pageNum: number; pageSize: number }) =>
    request<{ rows: BankQuestion[]; total: number }>('GET', '/console/live/questions', { query: q }),
  bans: (channelId: number) => request<BanRow[]>('GET', `/console/live/channels/${channelId}/bans`),
  checkins: (channelId: number, sessionId: number) =>
    request<CheckinRow[]>('GET', `/console/live/channels/${channelId}/sessions/${sessionId}/checkins`),
  /** the class's lotteries, newest first, with the announced winners' claim forms */
  lotteries: (channelId: number, sessionId: number) =>
    request<LotteryClaimsRow[]>('GET', `/console/live/channels/${channelId}/sessions/${sessionId}/lotteries`),
}
