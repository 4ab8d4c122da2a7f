/**
 * Live classes: channel and session lists, the room's detail (chat token, stream, playback), chat history and the
 * live provider's public info. Times are Unix seconds unless named *Ms. The chat itself is a socket protocol:
 * ./live-codes.ts. Semantics: docs/DECISIONS.md "Live".
 */
import { z } from 'zod'
import type { RouteKey } from '../routes'
import type { StaffRouteKey } from '../staff'
import { CHAT_USER_TYPES, LIVE, LIVE_STATES } from './live-codes'
import type { liveRoutes } from './live-interactions'
import type { RouteSchema } from './types'

export * from './live-codes'

const id = z.coerce.number().int().positive().max(2_147_483_647)
const int = z.number().int()
const time = int
const pageQuery = {
  pageNum: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
}
const page = <T extends z.ZodType>(row: T) => z.object({ rows: z.array(row), total: int })
const state = z.enum(LIVE_STATES)

/** One scheduled class (session) of a channel, as every list shows it. */
export const liveSessionRow = z.object({
  sessionId: int,
  channelId: int,
  title: z.string(),
  channelName: z.string(),
  cover: z.string(),
  teacherName: z.string(),
  teacherAvatar: z.string(),
  /** the goods that gives entry (null: a free public class or a mock's room) */
  goodsId: int.nullable(),
  goodsName: z.string(),
  /** the mock exam this room explains */
  examId: int.nullable(),
  free: z.boolean(),
  startTime: time,
  endTime: time,
  state,
  /** a ready recording exists and the channel allows playback */
  hasPlayback: z.boolean(),
  /** this learner may enter (free, entitled through the goods, or applied to the mock) */
  canEnter: z.boolean(),
  /** study time credited to this learner in the session, live and playback together (seconds) */
  watchedSeconds: int,
  /** this learner signed a check-in of the session (attendance; docs/DECISIONS.md "Live — interactions") */
  attended: z.boolean(),
})

export const playbackItem = z.object({
  recordingId: int,
  sessionId: int,
  title: z.string(),
  /** HLS playlist (a signed path on this server for the local provider) */
  url: z.string(),
  durationSeconds: z.number(),
  /** epoch ms of the recording's time 0: chat replay offset = message time - this */
  startedAtMs: int,
})

/** Spec §3 "Live channel detail", plus what the room page needs to open. */
export const channelDetail = z.object({
  /** chat room id (playback: the spec's prefix + session id) */
  roomId: z.string(),
  channelId: int,
  sessionId: int,
  /** the chat user id (our user id as a string) */
  userId: z.string(),
  isPPT: z.boolean(),
  scene: z.enum(['alone', 'ppt']),
  /** short-lived token for the chat LOGIN (LIVE.CHAT_TOKEN_TTL_S) */
  chatToken: z.string(),
  /** socket.io namespace and path on this server */
  chatNamespace: z.string(),
  chatPath: z.string(),
  /** 'Y' | 'N' as the spec names it */
  playbackEnabled: z.enum(['Y', 'N']),
  hasPlayback: z.boolean(),
  playbackList: z.array(playbackItem),
  /** my user type in this room: teacher/manager/assistant from the account's staff role, else student (slice in a PPT scene) */
  userType: z.enum(CHAT_USER_TYPES),
  nick: z.string(),
  pic: z.string(),
  channelName: z.string(),
  title: z.string(),
  intro: z.string(),
  teacherName: z.string(),
  teacherAvatar: z.string(),
  cover: z.string(),
  state,
  startTime: time,
  endTime: time,
  bulletin: z.string(),
  chatClosed: z.boolean(),
  likes: int,
  /** the stream to play now: '' when not live. provider 'polyv': play with their player by providerChannelId */
  stream: z.object({
    provider: z.enum(['local', 'polyv']),
    hlsUrl: z.string(),
    providerChannelId: z.string(),
    /** local provider only: false when nginx-rtmp is not running on the server (the room says so) */
    videoAvailable: z.boolean(),
  }),
  /** other sessions of the channel (schedule), soonest first */
  sessions: z.array(liveSessionRow),
  /**
   * epoch ms until which a moderator's kick keeps this learner out of this class (its video, replay and chat); absent
   * or 0: not removed. While removed, stream.hlsUrl is '' and the room should not start the player or the chat.
   */
  removedUntil: int.optional(),
})

export const chatHistoryRow = z.object({
  id: int,
  EVENT: z.enum(['SPEAK', 'CHAT_IMG']),
  user: z.object({
    userId: int,
    nick: z.string(),
    pic: z.string(),
    userType: z.enum(CHAT_USER_TYPES),
    actor: z.enum(['lecturer', 'administrator', 'assistant', 'student']),
  }),
  content: z.string(),
  msgSource: z.literal('chatImg').optional(),
  quoteId: int.optional(),
  /** epoch ms */
  time: int,
})

const listQuery = z.object({
  ...pageQuery,
  /** '' = all states */
  state: z.enum(['', ...LIVE_STATES]).default(''),
  goodsId: id.optional(),
  /** '1' = free public classes only */
  free: z.enum(['', '1']).default(''),
})

export const liveSchemas = {
  /** the tenant's sessions: live now first, then upcoming soonest first, then ended latest first */
  'GET /goods/getLiveList': { query: listQuery, data: page(liveSessionRow) },
  /** sessions of rooms this learner may enter through a goods they hold (not free classes), same order */
  'GET /goods/listUserVideoLive': {
    query: z.object({ ...pageQuery, state: z.enum(['', ...LIVE_STATES]).default('') }),
    data: page(liveSessionRow),
  },
  /** every session of the rooms a goods (or a package holding it) owns, in schedule order */
  'GET /goods/listGoodsUserLive': { query: z.object({ goodsId: id }), data: z.array(liveSessionRow) },
  /** sessions live right now that this learner may enter */
  'GET /goods/livingSectionList': { data: z.array(liveSessionRow) },
  /** the session this learner watched last (live or playback), with where playback stopped */
  'GET /study/record/queryLiveLast': {
    data: liveSessionRow.extend({ mode: z.enum(['live', 'playback']), position: z.number() }).nullable(),
  },
  /** the learner's next class: live now, else the soonest upcoming they may enter */
  'GET /study/record/getLastLive': { data: liveSessionRow.nullable() },
  /**
   * open a room: sessionId omitted = the channel's current (live, else next, else latest) session;
   * playback '1' = the recording's room (refused 633 when there is none)
   */
  'GET /study/record/getChannelBasicInfo': {
    query: z.object({ channelId: id, sessionId: id.optional(), playback: z.enum(['', '1']).default('') }),
    data: channelDetail,
  },
  /** free public classes from seven days ago to seven days ahead */
  'GET /study/record/syncSevenPublicClass': { data: z.array(liveSessionRow) },
  /**
   * chat history of a session. Without afterId: newest first, pageSize + 1 rows at most (the extra row means more)
   * before beforeId. With afterId: oldest first after it (chat replay, pages of up to PLAYBACK_PAGE).
   */
  'GET /polyv/live/historyChatMsgList': {
    query: z.object({
      channelId: id,
      sessionId: id,
      beforeId: id.optional(),
      afterId: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
      pageSize: z.coerce.number().int().min(1).max(LIVE.PLAYBACK_PAGE).default(LIVE.HISTORY_PAGE),
    }),
    data: z.array(chatHistoryRow),
  },
  /**
   * what the app needs to set up the live SDK: never the API secret. local: apiId '' and verifyUrl of this server;
   * polyv: the tenant's app id and this server's verify URL (signing happens on the server).
   */
  'GET /app/common/get/polyv/info': {
    data: z.object({ provider: z.enum(['local', 'polyv']), apiId: z.string(), verifyUrl: z.string() }),
  },
} satisfies Partial<Record<RouteKey, RouteSchema>>

/** one row of the learner's points ledger (./live-interactions.ts PointsLedgerRow) */
const pointsLedgerRow = z.object({
  id: int,
  /** + gained, - spent */
  delta: int,
  /** the balance after this row */
  balance: int,
  reason: z.enum(['redpaper', 'reward_sent', 'reward_received', 'grant']),
  /** the live session it happened in (null outside a class) */
  sessionId: int.nullable(),
  sessionTitle: z.string(),
  note: z.string(),
  timeMs: int,
})

/** The live room's learner calls the spec does not list (./live-interactions.ts liveRoutes). */
export const liveLearnerSchemas = {
  /** the learner's tenant points: the balance and the ledger, newest first (docs/DECISIONS.md "Live — interactions") */
  'GET /live/points': {
    query: z.object({
      pageNum: z.coerce.number().int().min(1).max(10_000).default(1),
      pageSize: z.coerce.number().int().min(1).max(100).default(10),
    }),
    data: z.object({ balance: int, rows: z.array(pointsLedgerRow), total: int }),
    refusals: { query: 'pageNum and pageSize: whole numbers, pageSize 1 to 100' },
  },
} satisfies Record<keyof typeof liveRoutes, RouteSchema>

const channelId = z.object({ channelId: id })
const sessionOf = z.object({ channelId: id, sessionId: id })
const channelRefusal = 'channelId: must be a positive whole number'
const other = z.object({ sessionId: int, title: z.string() })
/** question types an answer card can carry: 1 single, 2 multiple, 3 judgement */
export const PUSHABLE_TYPES = [1, 2, 3] as const

/**
 * The live desk and the teacher console's reads (../staff.ts; server/src/modules/live/staff.ts and
 * server/src/modules/console/live.ts). docs/DECISIONS.md "Live — data", "Live — teacher console".
 */
export const liveStaffSchemas = {
  /** the school's channels, each with its classes (the last 90 days and everything ahead, soonest first) */
  'GET /staff/live/channels': {
    data: z.array(
      z.object({
        channelId: int,
        name: z.string(),
        goodsId: int.nullable(),
        goodsName: z.string(),
        examId: int.nullable(),
        teacherName: z.string(),
        scene: z.string(),
        provider: z.string(),
        providerChannelId: z.string(),
        chatClosed: z.boolean(),
        bulletin: z.string(),
        playbackEnabled: z.boolean(),
        likes: int,
        sessions: z.array(
          z.object({
            sessionId: int,
            title: z.string(),
            startTime: time,
            endTime: time,
            state,
            startedTime: time.nullable(),
            endedTime: time.nullable(),
            readyRecordings: int,
          }),
        ),
      }),
    ),
  },
  /** schedules a class: { title, startTime, endTime } (Unix seconds) */
  'POST /staff/live/channels/:channelId/sessions': {
    params: channelId,
    body: z.object({
      title: z.string().trim().min(1).max(100),
      startTime: z.number().int().min(0).max(4_102_444_800),
      endTime: z.number().int().min(0).max(4_102_444_800),
    }),
    data: z.object({ sessionId: int, channelId: int, title: z.string(), startTime: time, endTime: time, state }),
    refusals: {
      params: channelRefusal,
      body: 'title, startTime and endTime are required: a title of 1-100 characters and times in Unix seconds',
    },
  },
  /**
   * the push address of one class (OBS: server + stream key naming the class), what its key would meet now
   * (`blocked`; an ended class has no address: '' and 0) and why its last publish was refused
   */
  'GET /staff/live/channels/:channelId/push': {
    params: channelId,
    query: z.object({ sessionId: id.optional() }),
    data: z.object({
      channelId: int,
      channelName: z.string(),
      sessionId: int,
      sessionTitle: z.string(),
      sessionState: state,
      blocked: z.enum(['class ended', 'another class is live']).nullable(),
      other: other.optional(),
      /** epoch ms of the refused publish and the hook's reason */
      lastRefused: z.object({ at: int, reason: z.string(), other: other.optional() }).nullable(),
      server: z.string(),
      streamKey: z.string(),
      url: z.string(),
      /** epoch seconds */
      expiresAt: int,
    }),
    refusals: { params: channelRefusal, query: 'sessionId: must be a positive whole number' },
  },
  /** banks with how many pushable questions each holds */
  'GET /console/live/banks': {
    data: z.array(z.object({ bankId: int, name: z.string(), goodsName: z.string(), questionCount: int })),
  },
  /** the questions a teacher may push as a live test question: plain stem, options, answer */
  'GET /console/live/questions': {
    query: z.object({
      bankId: id,
      type: z.coerce
        .number()
        .int()
        .refine((v) => (PUSHABLE_TYPES as readonly number[]).includes(v))
        .optional(),
      keyword: z.string().trim().max(50).optional(),
      pageNum: z.coerce.number().int().min(1).max(100_000).default(1),
      pageSize: z.coerce.number().int().min(1).max(50).default(20),
    }),
    data: page(
      z.object({
        questionId: int,
        /** 1 single, 2 multiple, 3 judgement */
        type: int,
        stem: z.string(),
        options: z.array(z.tuple([z.string(), z.string()])),
        answer: z.string(),
      }),
    ),
    refusals: { query: 'bankId is required; type is 1, 2 or 3; keyword at most 50 characters; pageSize 1-50' },
  },
  /** who is banned from the room's chat now (bans are per channel and outlast a class) */
  'GET /console/live/channels/:channelId/bans': {
    params: channelId,
    data: z.array(z.object({ userId: int, nick: z.string(), until: int, since: int })),
    refusals: { params: channelRefusal },
  },
  /** the class's check-ins, newest first */
  'GET /console/live/channels/:channelId/sessions/:sessionId/checkins': {
    params: sessionOf,
    data: z.array(z.object({ checkinId: int, message: z.string(), endsAt: int, open: z.boolean(), signed: int })),
    refusals: { params: channelRefusal },
  },
  /** the class's lotteries, newest first, with the announced winners and their claim forms */
  'GET /console/live/channels/:channelId/sessions/:sessionId/lotteries': {
    params: sessionOf,
    data: z.array(
      z.object({
        lotteryId: int,
        prize: z.string(),
        winnerCount: int,
        eligible: int,
        drawAt: int,
        announced: z.boolean(),
        winners: z.array(
          z.object({
            userId: int,
            nick: z.string(),
            claimed: z.boolean(),
            name: z.string(),
            phone: z.string(),
            address: z.string(),
            claimedAt: int,
          }),
        ),
      }),
    ),
    refusals: { params: channelRefusal },
  },
} satisfies Partial<Record<StaffRouteKey, RouteSchema>>
