/**
 * What every kind of live interaction shares (./index.ts registers the kinds): the seat a socket holds, the
 * dependencies, the time rules, the refusals, the checks of a payload's fields, the socket.io side rooms, and
 * `Kit`, which sends to a room, arms a time-out on every process (./timed.ts) and caches a channel's media path.
 */
import { eq, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Namespace } from 'socket.io'
import {
  actorOf,
  type BadRequestReason,
  CHAT_ERRORS,
  CHAT_EVENT,
  type ChatAck,
  type ChatUser,
  type ChatUserType,
  LIVE,
  liveRoomId,
} from '../../../../../contract/schemas/live-codes'
import {
  INTERACTION,
  type InteractionClientEvents,
  type InteractionServerEvents,
} from '../../../../../contract/schemas/live-interactions'
import type { Db } from '../../../db'
import { liveChannel } from '../../../db/schema'
import { TenantScope } from '../../../http/core'
import { TtlCache } from '../../../services/shared/ttl-cache'
import type { ChatData } from '../chat/data'
import type { ChatStore } from '../chat/store'
import type { LiveEvents } from '../events'
import type { Tx } from '../points'
import type { ChatClaims } from '../token'
import type { Timed, Timers } from './timed'

export type Payload = Record<string, unknown>
export type IEvent = keyof InteractionClientEvents
export type SEvent = keyof InteractionServerEvents

/** What an interaction needs of a logged-in socket. */
export interface Seat {
  claims: ChatClaims
  user: ChatUser
  staff: boolean
  /** the socket.io room (tenant-prefixed) */
  room: string
}

export const staffRoomOf = (room: string) => `${room}|staff`
export const userRoomOf = (room: string, userId: number) => `${room}|u${userId}`
/** the socket.io rooms that are not a chat room (the sweep of online places skips them) */
export const isSideRoom = (room: string) => room.includes('|')

/** Time rules; LIVE_INTERACTION_TEST_TIMING=1 (tests only) shortens them so tests run in seconds. */
export interface InteractionTiming {
  checkinMinS: number
  testMinS: number
  micJoinMs: number
  lotteryDrawMs: number
  resultPushMs: number
  /** how often a process closes what is overdue (a process that died armed those timers) */
  sweepMs: number
}

export function interactionTiming(env: NodeJS.ProcessEnv = process.env): InteractionTiming {
  const short = env.LIVE_INTERACTION_TEST_TIMING === '1'
  return {
    checkinMinS: short ? 1 : INTERACTION.CHECKIN_MIN_S,
    testMinS: short ? 1 : INTERACTION.TEST_MIN_S,
    micJoinMs: short ? 1500 : LIVE.MIC_JOIN_TIMEOUT_MS,
    lotteryDrawMs: short ? 300 : INTERACTION.LOTTERY_DRAW_MS,
    resultPushMs: INTERACTION.RESULT_PUSH_MS,
    sweepMs: short ? 1000 : 15_000,
  }
}

export interface InteractionDeps {
  db: Db
  nsp: Namespace
  store: ChatStore
  chat: ChatData
  events: LiveEvents
  log: FastifyBaseLogger
  /** several processes (Redis): timers are armed on every one */
  crossProcess: boolean
  timing: InteractionTiming
  /** runs `run` at most once per `ms` for the key, across processes (../chat) */
  merged(key: string, ms: number, run: () => Promise<void>): void
  /** epoch ms until which the user is banned in the channel, 0 when not (../chat, cached) */
  banUntil(c: ChatClaims, userId: number): Promise<number>
}

/** One client event's answer. */
export type Handler = (seat: Seat, p: Payload) => Promise<ChatAck>

/** One kind of interaction (a file of this folder): the client events it answers, its time-out, its leave rule. */
export interface Kind {
  readonly handlers: Partial<Record<IEvent, Handler>>
  /** it ends at a deadline (./timed.ts) */
  readonly timed?: Timed
  /** the user left the room (their last socket) */
  left?(seat: Seat): Promise<void>
}

// ---------------------------------------------------------------- refusals

/** the refusals several kinds give (each kind keeps its own beside it) */
export const MSG = {
  forbidden: 'only the teacher, a manager or an assistant may do this',
  learnerOnly: 'moderators run interactions; they do not take part in them',
  already: 'you did that already',
  banned: 'you are banned from speaking in this room',
  closed: 'the chat room is closed',
  censored: 'the message contains a blocked word and was not sent',
  // the spec's one text for a user who speaks or asks twice within 3 s (chat's TOO_FAST says the same)
  tooFast: 'you are speaking too fast, please try again later',
} as const

type Code = Extract<ChatAck, { ok: false }>['code']
export const fail = (code: Code, message: string, until?: number): ChatAck => ({
  ok: false,
  code,
  message,
  ...(until === undefined ? {} : { until }),
})
/** A refused request: its sentence (logs) and, when a teacher can act on it, the reason the clients translate. */
export const bad = (message: string, reason?: BadRequestReason): ChatAck => ({
  ok: false,
  code: CHAT_ERRORS.badRequest,
  message,
  ...(reason ? { reason } : {}),
})
export const ok = (data?: unknown): ChatAck => (data === undefined ? { ok: true } : { ok: true, data })

// ---------------------------------------------------------------- fields

/**
 * A column of the outer table, qualified: in a one-table select drizzle names columns bare, so inside a correlated
 * subquery a bare name would mean the inner table's column.
 */
export const outer = (table: string, column: string) => sql`${sql.identifier(table)}.${sql.identifier(column)}`

export const isPosInt = (v: unknown): v is number =>
  Number.isSafeInteger(v) && (v as number) > 0 && (v as number) <= 2 ** 31
export const isInt = (v: unknown, min: number, max: number): v is number =>
  Number.isSafeInteger(v) && (v as number) >= min && (v as number) <= max
export const chars = (s: string) => [...s].length
/** the trimmed text when it has min..max characters (code points), else null */
export function textOf(v: unknown, max: number, min = 1): string | null {
  if (typeof v !== 'string') return null
  const t = v.trim()
  const n = chars(t)
  return n < min || n > max ? null : t
}

export const userOf = (r: { userId: number; nick: string; pic: string; userType: string }): ChatUser => ({
  userId: r.userId,
  nick: r.nick,
  pic: r.pic,
  userType: r.userType as ChatUserType,
  actor: actorOf(r.userType as ChatUserType),
})

/** thrown inside a transaction to roll it back with an answer */
export class Answer extends Error {
  constructor(readonly ack: ChatAck) {
    super('answer')
  }
}
export async function inTx(db: Db, run: (tx: Tx) => Promise<ChatAck>) {
  try {
    return await db.transaction(run)
  } catch (e) {
    if (e instanceof Answer) return e.ack
    throw e
  }
}

// ---------------------------------------------------------------- the kit

const MEDIA_CACHE_MS = 30_000

/** What a kind of interaction is handed: the dependencies, sending, time-outs, the channel's media path. */
export class Kit {
  private readonly media = new TtlCache<{ provider: string; playbackEnabled: boolean }>(MEDIA_CACHE_MS)

  constructor(
    readonly d: InteractionDeps,
    private readonly timers: Timers,
  ) {}

  emit<E extends SEvent>(to: string | string[], event: E, payload: InteractionServerEvents[E]) {
    this.d.nsp.to(to).emit(CHAT_EVENT, JSON.stringify({ EVENT: event, ...payload }))
  }

  /** the live room of a row of the room (a time-out has no seat to ask) */
  roomOf(tenantId: number, row: { channelId: number; sessionId: number }) {
    return liveRoomId(tenantId, row.channelId, row.sessionId)
  }

  /** arms a time-out here and on every other process; whoever fires first wins (conditional update / swap) */
  arm(kind: string, tenantId: number, id: number, at: number, extra?: string) {
    this.timers.arm(kind, tenantId, id, at, extra)
  }

  /** closes the kind's rows of the session whose time is up (before a new one opens) */
  closeOverdue(kind: string, tenantId: number, sessionId: number) {
    return this.timers.closeOverdue(kind, tenantId, sessionId)
  }

  /** provider and playback flag of the channel (cached): polyv carries audio, the local provider cannot */
  channelMedia(tenantId: number, channelId: number) {
    return this.media.get(`${tenantId}:${channelId}`, async () => {
      const s = new TenantScope(tenantId)
      const [row] = await this.d.db
        .select({ provider: liveChannel.provider, playbackEnabled: liveChannel.playbackEnabled })
        .from(liveChannel)
        .where(s.where(liveChannel, eq(liveChannel.id, channelId)))
      return { provider: row?.provider ?? 'local', playbackEnabled: row?.playbackEnabled ?? false }
    })
  }
}
