/**
 * The live console's HTTP calls, by their contract key through the console's one request helper (../../api.ts
 * `call`: tenant, language, the staff login token): the live desk (/staff/live/*, server/src/modules/live/staff.ts),
 * the console's own live reads (/console/live/*, server/src/modules/console/live.ts) and two calls of the learner
 * contract that staff may make too: the room's detail with its chat token (getChannelBasicInfo: staff get their
 * role as the chat user type) and the chat history. The shapes of the staff calls are the contract's
 * (contract/schemas/live.ts liveStaffSchemas).
 */
import type { ChatMessage, ChatUserType, LiveState } from '../../../../contract/schemas/live-codes'
import { LIVE } from '../../../../contract/schemas/live-codes'
import type { RouteData } from '../../../../contract/types'
import { call } from '../../api'

export type SessionRow = ChannelRow['sessions'][number]

export type ChannelRow = RouteData<'GET /staff/live/channels'>[number]

export type PushInfo = RouteData<'GET /staff/live/channels/:channelId/push'>

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

export type BankRow = RouteData<'GET /console/live/banks'>[number]

export type BankQuestion = RouteData<'GET /console/live/questions'>['rows'][number]

export type BanRow = RouteData<'GET /console/live/channels/:channelId/bans'>[number]

export type CheckinRow = RouteData<'GET /console/live/channels/:channelId/sessions/:sessionId/checkins'>[number]

export type LotteryClaimsRow = RouteData<'GET /console/live/channels/:channelId/sessions/:sessionId/lotteries'>[number]

export const liveApi = {
  channels: () => call('GET /staff/live/channels'),
  schedule: (channelId: number, body: { title: string; startTime: number; endTime: number }) =>
    call('POST /staff/live/channels/:channelId/sessions', { params: { channelId }, body }),
  push: (channelId: number, sessionId: number) =>
    call('GET /staff/live/channels/:channelId/push', { params: { channelId }, query: { sessionId } }),
  detail: (channelId: number, sessionId: number): Promise<RoomDetail> =>
    call('GET /study/record/getChannelBasicInfo', { query: { channelId, sessionId } }),
  /** newest first; LIVE.HISTORY_PAGE + 1 rows at most (the extra one means more) */
  history: (channelId: number, sessionId: number, beforeId?: number): Promise<ChatMessage[]> =>
    call('GET /polyv/live/historyChatMsgList', {
      query: { channelId, sessionId, beforeId, pageSize: LIVE.HISTORY_PAGE },
    }),
  banks: () => call('GET /console/live/banks'),
  questions: (q: { bankId: number; type?: number; keyword?: string; pageNum: number; pageSize: number }) =>
    call('GET /console/live/questions', { query: q }),
  bans: (channelId: number) => call('GET /console/live/channels/:channelId/bans', { params: { channelId } }),
  checkins: (channelId: number, sessionId: number) =>
    call('GET /console/live/channels/:channelId/sessions/:sessionId/checkins', { params: { channelId, sessionId } }),
  /** the class's lotteries, newest first, with the announced winners' claim forms */
  lotteries: (channelId: number, sessionId: number) =>
    call('GET /console/live/channels/:channelId/sessions/:sessionId/lotteries', { params: { channelId, sessionId } }),
}
