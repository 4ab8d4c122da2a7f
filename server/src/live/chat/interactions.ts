/**
 * The live room's interactions (docs/DECISIONS.md "Live — interactions"; the wire: contract/schemas/
 * live-interactions.ts): check-in, questionnaire, test question (answer card), lottery, red packets, rewards and
 * flowers (tenant points), questions to the teacher (Q&A), the microphone and class control. Every rule is the
 * server's: roles, one answer per learner, time limits by this server's clock, fair draws, balances that never go
 * below 0.
 *
 * - Who: TEACHER_EVENTS only moderators (FORBIDDEN otherwise, nothing changed); LEARNER_ONLY_EVENTS only learners
 *   (a moderator runs an interaction, never takes part in it); playback rooms refuse every one (index.ts).
 * - Where: everything is scoped to the chat token's tenant and session; an id of another tenant, session or room
 *   is unknown (OVER for a learner's answer, BAD_REQUEST or OVER for a moderator).
 * - Time-outs (check-in, test question, the lottery's announcement, the mic join deadline) are armed on every
 *   process (serverSideEmit) and fire exactly once: a conditional update of the row's state (or a compare-and-
 *   swap of the mic state in the store) decides who broadcasts. A sweep closes what a process that died left.
 * - Socket.io rooms beside the room itself: `<room>|staff` (moderators) and `<room>|u<userId>` (one user's
 *   sockets), so events reach them on every process through the adapter.
 */

import { and, asc, desc, eq, gt, inArray, lte, or, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Namespace } from 'socket.io'
import { PHONE_RE } from '../../../../contract/schemas'
import {
  actorOf,
  CHAT_ERRORS,
  CHAT_EVENT,
  type ChatAck,
  type ChatUser,
  type ChatUserType,
  isModerator,
  LIVE,
  liveRoomId,
} from '../../../../contract/schemas/live-codes'
import {
  type ActiveInteractions,
  INTERACTION,
  INTERACTION_ERRORS,
  type InteractionClientEvents,
  type InteractionServerEvents,
  LEARNER_ONLY_EVENTS,
  type LiveQuestion,
  type QuestionnaireItem,
  type QuestionnaireResult,
  TEACHER_EVENTS,
  type TestQuestionResult,
} from '../../../../contract/schemas/live-interactions'
import { normaliseChoice, scoreQuestion } from '../../../../shared/rules/scoring'
import type { Db } from '../../db'
import {
  type LiveQuestionnaireAnswer,
  liveChannel,
  liveCheckin,
  liveCheckinSign,
  liveLottery,
  liveLotteryWinner,
  liveQuestion,
  liveQuestionnaire,
  liveQuestionnaireAnswer,
  liveQuestionUpvote,
  liveRecording,
  liveRedpaper,
  liveRedpaperGrab,
  liveTally,
  liveTest,
  liveTestAnswer,
  question,
} from '../../db/schema'
import { TenantScope } from '../../http/core'
import { examQuestionIds } from '../../modules/bank/core'
import type { LiveEvents } from '../events'
import { setSessionState } from '../sessions'
import type { ChatClaims } from '../token'
import type { ChatData } from './data'
import { escapeText } from './data'
import { drawWinners, splitPoints } from './draw'
import { creditPoints, debitPoints } from './points'
import type { ChatStore } from './store'

type Payload = Record<string, unknown>
type IEvent = keyof InteractionClientEvents
type SEvent = keyof InteractionServerEvents

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
  /** runs `run` at most once per `ms` for the key, across processes (index.ts) */
  merged(key: string, ms: number, run: () => Promise<void>): void
  /** epoch ms until which the user is banned in the channel, 0 when not (index.ts, cached) */
  banUntil(c: ChatClaims, userId: number): Promise<number>
}

// ---------------------------------------------------------------- refusals

const MSG = {
  forbidden: 'only the teacher, a manager or an assistant may do this',
  learnerOnly: 'moderators run interactions; they do not take part in them',
  checkinOver: 'this check-in is over',
  questionnaireOver: 'this questionnaire is over',
  testOver: 'this test question is over',
  lotteryOver: 'no such lottery in this room',
  redpaperOver: 'no such red packet in this room',
  already: 'you did that already',
  points: 'not enough points',
  notWinner: 'you did not win this lottery',
  micClosed: 'the teacher has not opened the microphone',
  banned: 'you are banned from speaking in this room',
  closed: 'the chat room is closed',
  censored: 'the message contains a blocked word and was not sent',
  empty: 'the question is empty',
  tooLong: `the question is longer than ${INTERACTION.QUESTION_MAX_TEXT} characters`,
  // the spec's one text for a user who speaks or asks twice within 3 s (chat's TOO_FAST says the same)
  tooFast: 'you are speaking too fast, please try again later',
  flowersTooFast: `one bunch of flowers every ${INTERACTION.FLOWER_GAP_MS / 1000} seconds`,
} as const

type Code = Extract<ChatAck, { ok: false }>['code']
const fail = (code: Code, message: string, until?: number): ChatAck => ({
  ok: false,
  code,
  message,
  ...(until === undefined ? {} : { until }),
})
const bad = (message: string) => fail(CHAT_ERRORS.badRequest, message)
const ok = (data?: unknown): ChatAck => (data === undefined ? { ok: true } : { ok: true, data })

const TEACHER = new Set<string>(TEACHER_EVENTS)
const LEARNER_ONLY = new Set<string>(LEARNER_ONLY_EVENTS)
/** every interaction event the client may send */
export const INTERACTION_EVENTS: readonly IEvent[] = [
  ...TEACHER_EVENTS,
  'TO_SIGN_IN',
  'ANSWER_QUESTIONNAIRE',
  'ANSWER_TEST_QUESTION',
  'LOTTERY_CLAIM',
  'GRAB_REDPAPER',
  'REWARD',
  'FLOWERS',
  'S_QUESTION',
  'QUESTION_UPVOTE',
  'QUESTION_LIST',
  'OPEN_MICROPHONE',
  'JOIN_SUCCESS',
  'CANCEL_MICROPHONE',
]

/**
 * A column of the outer table, qualified: in a one-table select drizzle names columns bare, so inside a correlated
 * subquery a bare name would mean the inner table's column.
 */
const outer = (table: string, column: string) => sql`${sql.identifier(table)}.${sql.identifier(column)}`

const isPosInt = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) > 0 && (v as number) <= 2 ** 31
const isInt = (v: unknown, min: number, max: number): v is number =>
  Number.isSafeInteger(v) && (v as number) >= min && (v as number) <= max
const chars = (s: string) => [...s].length
/** the trimmed text when it has min..max characters (code points), else null */
function textOf(v: unknown, max: number, min = 1): string | null {
  if (typeof v !== 'string') return null
  const t = v.trim()
  const n = chars(t)
  return n < min || n > max ? null : t
}

const userOf = (r: { userId: number; nick: string; pic: string; userType: string }): ChatUser => ({
  userId: r.userId,
  nick: r.nick,
  pic: r.pic,
  userType: r.userType as ChatUserType,
  actor: actorOf(r.userType as ChatUserType),
})

/** thrown inside a transaction to roll it back with an answer */
class Answer extends Error {
  constructor(readonly ack: ChatAck) {
    super('answer')
  }
}
async function inTx(db: Db, run: (tx: Parameters<Parameters<Db['transaction']>[0]>[0]) => Promise<ChatAck>) {
  try {
    return await db.transaction(run)
  } catch (e) {
    if (e instanceof Answer) return e.ack
    throw e
  }
}

/** how long a mic state lives at most in the store */
const MIC_STATE_MS = 12 * 3600 * 1000
/** the check-in signatures CHECKIN_RESULT lists at most (total counts them all) */
const CHECKIN_LIST_MAX = 5000
const QUESTIONNAIRE_TEXTS = 50
const QUESTION_ITEM_TITLE = 200
const QUESTIONNAIRE_OPTION_TEXT = 100
const QUESTIONNAIRE_TEXT_ANSWER = 500
const MEDIA_CACHE_MS = 30_000
/**
 * The local provider has no real-time media path (no SFU installs here): raising hands and inviting to the mic are
 * refused in its rooms rather than leading a learner to a dead end (issue 25); closing stays allowed. Polyv's SDK
 * carries the audio, so its rooms keep the whole flow. The console shows this sentence in its words.
 */
const NO_MEDIA = 'no real-time media path on this server: the microphone is off in this room'

export class Interactions {
  private readonly timers = new Map<string, NodeJS.Timeout>()
  private readonly sweeper: NodeJS.Timeout
  private readonly media = new Map<string, { at: number; provider: string; playbackEnabled: boolean }>()
  private closed = false

  constructor(private readonly d: InteractionDeps) {
    if (d.crossProcess) {
      d.nsp.on('chat:arm', (kind: string, tenantId: number, id: number, at: number, extra?: string) =>
        this.armLocal(kind, tenantId, id, at, extra),
      )
    }
    this.sweeper = setInterval(() => {
      this.sweep().catch((err: unknown) => d.log.warn({ err }, 'chat: interaction sweep failed'))
    }, d.timing.sweepMs)
    this.sweeper.unref()
  }

  close() {
    this.closed = true
    clearInterval(this.sweeper)
    for (const t of this.timers.values()) clearTimeout(t)
    this.timers.clear()
  }

  // ------------------------------------------------------------ sending

  private emit<E extends SEvent>(to: string | string[], event: E, payload: InteractionServerEvents[E]) {
    this.d.nsp.to(to).emit(CHAT_EVENT, JSON.stringify({ EVENT: event, ...payload }))
  }

  // ------------------------------------------------------------ timers

  /** arms a time-out here and on every other process; whoever fires first wins (conditional update / swap) */
  private armEverywhere(kind: string, tenantId: number, id: number, at: number, extra?: string) {
    this.armLocal(kind, tenantId, id, at, extra)
    if (this.d.crossProcess) this.d.nsp.serverSideEmit('chat:arm', kind, tenantId, id, at, extra)
  }

  private armLocal(kind: string, tenantId: number, id: number, at: number, extra?: string) {
    if (this.closed) return
    const key = `${kind}:${tenantId}:${id}:${extra ?? ''}`
    const run = (): Promise<void> => {
      switch (kind) {
        case 'checkin':
          return this.expireCheckin(tenantId, id)
        case 'test':
          return this.expireTest(tenantId, id)
        case 'lottery':
          return this.announceLottery(tenantId, id)
        case 'mic':
          return this.micTimeout(extra ?? '', id, at)
        default:
          return Promise.resolve()
      }
    }
    clearTimeout(this.timers.get(key))
    // a little after the moment, so the server clock has passed it when the conditional update runs
    const timer = setTimeout(
      () => {
        this.timers.delete(key)
        run().catch((err: unknown) => this.d.log.warn({ err, kind }, 'chat: interaction time-out failed'))
      },
      Math.max(0, at - Date.now()) + 20,
    )
    timer.unref()
    this.timers.set(key, timer)
  }

  /** closes what is overdue (its timers died with a process) */
  private async sweep() {
    if (this.closed) return
    const due = new Date(Date.now() - 1000)
    const { db } = this.d
    const [checkins, tests, lotteries] = await Promise.all([
      db
        .select({ id: liveCheckin.id, tenantId: liveCheckin.tenantId })
        .from(liveCheckin)
        .where(and(eq(liveCheckin.state, 'open'), lte(liveCheckin.endsAt, due)))
        .limit(100),
      db
        .select({ id: liveTest.id, tenantId: liveTest.tenantId })
        .from(liveTest)
        .where(and(eq(liveTest.state, 'open'), lte(liveTest.endsAt, due)))
        .limit(100),
      db
        .select({ id: liveLottery.id, tenantId: liveLottery.tenantId })
        .from(liveLottery)
        .where(and(eq(liveLottery.state, 'drawing'), lte(liveLottery.drawAt, due)))
        .limit(100),
    ])
    for (const r of checkins) await this.expireCheckin(r.tenantId, r.id)
    for (const r of tests) await this.expireTest(r.tenantId, r.id)
    for (const r of lotteries) await this.announceLottery(r.tenantId, r.id)
  }

  // ------------------------------------------------------------ entry

  async handle(event: IEvent, seat: Seat, p: Payload): Promise<ChatAck> {
    if (TEACHER.has(event) && !seat.staff) return fail(CHAT_ERRORS.forbidden, MSG.forbidden)
    if (LEARNER_ONLY.has(event) && seat.staff) return fail(CHAT_ERRORS.forbidden, MSG.learnerOnly)
    switch (event) {
      case 'SIGN_IN':
        return this.signIn(seat, p)
      case 'STOP_SIGN_IN':
        return this.stopSignIn(seat, p)
      case 'CHECKIN_RESULT':
        return this.checkinResult(seat, p)
      case 'TO_SIGN_IN':
        return this.toSignIn(seat, p)
      case 'START_QUESTIONNAIRE':
        return this.startQuestionnaire(seat, p)
      case 'STOP_QUESTIONNAIRE':
        return this.stopQuestionnaire(seat, p)
      case 'ANSWER_QUESTIONNAIRE':
        return this.answerQuestionnaire(seat, p)
      case 'GET_TEST_QUESTION_CONTENT':
        return this.pushTest(seat, p)
      case 'STOP_TEST_QUESTION':
        return this.stopTest(seat, p)
      case 'ANSWER_TEST_QUESTION':
        return this.answerTest(seat, p)
      case 'LOTTERY_START':
        return this.lotteryStart(seat, p)
      case 'LOTTERY_CLAIM':
        return this.lotteryClaim(seat, p)
      case 'REDPAPER':
        return this.redpaper(seat, p)
      case 'GRAB_REDPAPER':
        return this.grabRedpaper(seat, p)
      case 'REWARD':
        return this.reward(seat, p)
      case 'FLOWERS':
        return this.flowers(seat)
      case 'S_QUESTION':
        return this.ask(seat, p)
      case 'T_ANSWER':
        return this.answerQuestion(seat, p)
      case 'QUESTION_UPVOTE':
        return this.upvote(seat, p)
      case 'QUESTION_LIST':
        return this.questionList(seat, p, false)
      case 'QUESTION_LIST_ALL':
        return this.questionList(seat, p, true)
      case 'MIC_SWITCH':
        return this.micSwitch(seat, p)
      case 'OPEN_MICROPHONE':
        return this.openMic(seat)
      case 'ALLOW_MICROPHONE':
        return this.allowMic(seat, p)
      case 'JOIN_SUCCESS':
        return this.joinSuccess(seat)
      case 'CANCEL_MICROPHONE':
        return this.cancelMic(seat)
      case 'CLASSCONTROL':
        return this.classControl(seat, p)
      case 'CLASS_STATE':
        return this.classState(seat, p)
      default:
        return bad('EVENT: unknown event')
    }
  }

  /** what runs in the room now, for the LOGIN snapshot */
  async active(seat: Seat): Promise<ActiveInteractions> {
    const c = seat.claims
    const s = new TenantScope(c.tenantId)
    const me = seat.user.userId
    const now = new Date()
    const { db, store } = this.d
    const [[ck], [qn], [ts], micOpen, mutedAll] = await Promise.all([
      db
        .select({
          id: liveCheckin.id,
          message: liveCheckin.message,
          endsAt: liveCheckin.endsAt,
          signed: sql<boolean>`exists (select 1 from ${liveCheckinSign} where ${liveCheckinSign.tenantId} = ${outer('live_checkin', 'tenant_id')} and ${liveCheckinSign.checkinId} = ${outer('live_checkin', 'id')} and ${liveCheckinSign.userId} = ${me})`,
        })
        .from(liveCheckin)
        .where(
          s.where(
            liveCheckin,
            eq(liveCheckin.sessionId, c.sessionId),
            eq(liveCheckin.state, 'open'),
            gt(liveCheckin.endsAt, now),
          ),
        )
        .limit(1),
      db
        .select({
          id: liveQuestionnaire.id,
          title: liveQuestionnaire.title,
          items: liveQuestionnaire.items,
          answered: sql<boolean>`exists (select 1 from ${liveQuestionnaireAnswer} where ${liveQuestionnaireAnswer.tenantId} = ${outer('live_questionnaire', 'tenant_id')} and ${liveQuestionnaireAnswer.questionnaireId} = ${outer('live_questionnaire', 'id')} and ${liveQuestionnaireAnswer.userId} = ${me})`,
        })
        .from(liveQuestionnaire)
        .where(
          s.where(liveQuestionnaire, eq(liveQuestionnaire.sessionId, c.sessionId), eq(liveQuestionnaire.state, 'open')),
        )
        .limit(1),
      db
        .select({
          id: liveTest.id,
          questionId: liveTest.questionId,
          quesType: liveTest.quesType,
          stem: liveTest.stem,
          options: liveTest.options,
          endsAt: liveTest.endsAt,
          answered: sql<boolean>`exists (select 1 from ${liveTestAnswer} where ${liveTestAnswer.tenantId} = ${outer('live_test', 'tenant_id')} and ${liveTestAnswer.testId} = ${outer('live_test', 'id')} and ${liveTestAnswer.userId} = ${me})`,
        })
        .from(liveTest)
        .where(
          s.where(liveTest, eq(liveTest.sessionId, c.sessionId), eq(liveTest.state, 'open'), gt(liveTest.endsAt, now)),
        )
        .limit(1),
      store.getValue(this.micOpenKey(seat.room)),
      store.getValue(this.mutedKey(seat.room)),
    ])
    return {
      checkin: ck
        ? { checkinId: ck.id, message: ck.message, endsAt: ck.endsAt.getTime(), signed: Boolean(ck.signed) }
        : null,
      questionnaire: qn
        ? { questionnaireId: qn.id, title: qn.title, items: qn.items, answered: Boolean(qn.answered) }
        : null,
      test: ts
        ? {
            testId: ts.id,
            questionId: ts.questionId,
            quesType: ts.quesType,
            stem: ts.stem,
            options: ts.options,
            endsAt: ts.endsAt.getTime(),
            answered: Boolean(ts.answered),
          }
        : null,
      micOpen: micOpen === '1',
      mutedAll: mutedAll === '1',
    }
  }

  /** the user left the room (their last socket): a raised hand or an open mic ends */
  async left(seat: Seat) {
    const key = this.micKey(seat.room, seat.user.userId)
    const state = await this.d.store.getValue(key)
    if (state === undefined) return
    if (await this.d.store.swapValue(key, state, null, MIC_STATE_MS))
      this.emit([seat.room], 'CANCEL_MICROPHONE', { userId: seat.user.userId })
  }

  // ------------------------------------------------------------ check-in

  private async signIn(seat: Seat, p: Payload): Promise<ChatAck> {
    const message = textOf(p.message ?? '', 200, 0)
    if (message === null) return bad('message: at most 200 characters')
    const { checkinMinS } = this.d.timing
    if (!isInt(p.limitSeconds, checkinMinS, INTERACTION.CHECKIN_MAX_S))
      return bad(`limitSeconds: ${checkinMinS} to ${INTERACTION.CHECKIN_MAX_S} seconds`)
    const c = seat.claims
    const s = new TenantScope(c.tenantId)
    await this.closeOverdueCheckins(c.tenantId, c.sessionId)
    const endsAt = new Date(Date.now() + p.limitSeconds * 1000)
    const [row] = await this.d.db
      .insert(liveCheckin)
      .values(
        s.row({
          channelId: c.channelId,
          sessionId: c.sessionId,
          byUserId: seat.user.userId,
          message: escapeText(message),
          endsAt,
        }),
      )
      .onConflictDoNothing()
      .returning({ id: liveCheckin.id, message: liveCheckin.message })
    if (!row) return bad('a check-in is running in this room: stop it first')
    this.emit(seat.room, 'SIGN_IN', { checkinId: row.id, message: row.message, endsAt: endsAt.getTime() })
    this.armEverywhere('checkin', c.tenantId, row.id, endsAt.getTime())
    return ok({ checkinId: row.id, endsAt: endsAt.getTime() })
  }

  private async closeOverdueCheckins(tenantId: number, sessionId: number) {
    const s = new TenantScope(tenantId)
    const overdue = await this.d.db
      .select({ id: liveCheckin.id })
      .from(liveCheckin)
      .where(
        s.where(
          liveCheckin,
          eq(liveCheckin.sessionId, sessionId),
          eq(liveCheckin.state, 'open'),
          lte(liveCheckin.endsAt, new Date()),
        ),
      )
    for (const r of overdue) await this.expireCheckin(tenantId, r.id)
  }

  /** the check-in's time is up (server clock): closed once, STOP_SIGN_IN to the room */
  private async expireCheckin(tenantId: number, id: number) {
    const s = new TenantScope(tenantId)
    const [row] = await this.d.db
      .update(liveCheckin)
      .set({ state: 'closed', closedAt: new Date() })
      .where(
        s.where(
          liveCheckin,
          eq(liveCheckin.id, id),
          eq(liveCheckin.state, 'open'),
          lte(liveCheckin.endsAt, new Date()),
        ),
      )
      .returning({ channelId: liveCheckin.channelId, sessionId: liveCheckin.sessionId, signed: liveCheckin.signed })
    if (!row) return
    this.emit(liveRoomId(tenantId, row.channelId, row.sessionId), 'STOP_SIGN_IN', { checkinId: id, signed: row.signed })
  }

  private async stopSignIn(seat: Seat, p: Payload): Promise<ChatAck> {
    if (!isPosInt(p.checkinId)) return bad('checkinId: a check-in id')
    const c = seat.claims
    const s = new TenantScope(c.tenantId)
    const [row] = await this.d.db
      .update(liveCheckin)
      .set({ state: 'closed', closedAt: new Date() })
      .where(
        s.where(
          liveCheckin,
          eq(liveCheckin.id, p.checkinId),
          eq(liveCheckin.sessionId, c.sessionId),
          eq(liveCheckin.state, 'open'),
        ),
      )
      .returning({ signed: liveCheckin.signed })
    if (!row) return fail(INTERACTION_ERRORS.over, MSG.checkinOver)
    this.emit(seat.room, 'STOP_SIGN_IN', { checkinId: p.checkinId, signed: row.signed })
    return ok({ signed: row.signed })
  }

  private async checkinResult(seat: Seat, p: Payload): Promise<ChatAck> {
    if (!isPosInt(p.checkinId)) return bad('checkinId: a check-in id')
    const c = seat.claims
    const s = new TenantScope(c.tenantId)
    const [ck] = await this.d.db
      .select({ signed: liveCheckin.signed })
      .from(liveCheckin)
      .where(s.where(liveCheckin, eq(liveCheckin.id, p.checkinId), eq(liveCheckin.sessionId, c.sessionId)))
    if (!ck) return bad('checkinId: no such check-in in this room')
    const rows = await this.d.db
      .select({
        userId: liveCheckinSign.userId,
        nick: liveCheckinSign.nick,
        pic: liveCheckinSign.pic,
        userType: liveCheckinSign.userType,
      })
      .from(liveCheckinSign)
      .where(s.where(liveCheckinSign, eq(liveCheckinSign.checkinId, p.checkinId)))
      .orderBy(asc(liveCheckinSign.id))
      .limit(CHECKIN_LIST_MAX)
    return ok({ signed: rows.map(userOf), total: ck.signed })
  }

  private async toSignIn(seat: Seat, p: Payload): Promise<ChatAck> {
    if (!isPosInt(p.checkinId)) return bad('checkinId: a check-in id')
    const checkinId = p.checkinId
    const c = seat.claims
    const s = new TenantScope(c.tenantId)
    const u = seat.user
    const ack = await inTx(this.d.db, async (tx) => {
      // the count and the time rule in one conditional update (its row lock orders the signatures)
      const [ck] = await tx
        .update(liveCheckin)
        .set({ signed: sql`${liveCheckin.signed} + 1` })
        .where(
          s.where(
            liveCheckin,
            eq(liveCheckin.id, checkinId),
            eq(liveCheckin.sessionId, c.sessionId),
            eq(liveCheckin.state, 'open'),
            gt(liveCheckin.endsAt, new Date()),
          ),
        )
        .returning({ signed: liveCheckin.signed })
      if (!ck) throw new Answer(fail(INTERACTION_ERRORS.over, MSG.checkinOver))
      const [signed] = await tx
        .insert(liveCheckinSign)
        .values(
          s.row({
            checkinId,
            sessionId: c.sessionId,
            userId: u.userId,
            nick: u.nick,
            pic: u.pic,
            userType: u.userType,
          }),
        )
        .onConflictDoNothing()
        .returning({ id: liveCheckinSign.id })
      if (!signed) throw new Answer(fail(INTERACTION_ERRORS.already, MSG.already))
      return ok({ signed: ck.signed })
    })
    if (ack.ok) {
      const { signed } = ack.data as { signed: number }
      this.emit(staffRoomOf(seat.room), 'TO_SIGN_IN', { checkinId, user: u, signed })
      return ok()
    }
    return ack
  }

  // ------------------------------------------------------------ questionnaire

  private parseItems(v: unknown): QuestionnaireItem[] | string {
    if (!Array.isArray(v) || v.length < 1 || v.length > INTERACTION.QUESTIONNAIRE_MAX_QUESTIONS)
      return `items: 1 to ${INTERACTION.QUESTIONNAIRE_MAX_QUESTIONS} items`
    const out: QuestionnaireItem[] = []
    for (const [i, raw] of v.entries()) {
      const it = raw as { type?: unknown; title?: unknown; options?: unknown }
      if (!it || typeof it !== 'object') return `items.${i}: an item`
      const title = textOf(it.title, QUESTION_ITEM_TITLE)
      if (title === null) return `items.${i}.title: 1 to ${QUESTION_ITEM_TITLE} characters`
      if (it.type === 'text') {
        out.push({ type: 'text', title: escapeText(title) })
        continue
      }
      if (it.type !== 'single' && it.type !== 'multiple') return `items.${i}.type: single, multiple or text`
      const max = INTERACTION.QUESTIONNAIRE_MAX_OPTIONS
      if (!Array.isArray(it.options) || it.options.length < 2 || it.options.length > max)
        return `items.${i}.options: 2 to ${max} options`
      const options: string[] = []
      for (const o of it.options) {
        const t = textOf(o, QUESTIONNAIRE_OPTION_TEXT)
        if (t === null) return `items.${i}.options: each 1 to ${QUESTIONNAIRE_OPTION_TEXT} characters`
        options.push(escapeText(t))
      }
      out.push({ type: it.type, title: escapeText(title), options })
    }
    return out
  }

  private async startQuestionnaire(seat: Seat, p: Payload): Promise<ChatAck> {
    const title = textOf(p.title, 100)
    if (title === null) return bad('title: 1 to 100 characters')
    const items = this.parseItems(p.items)
    if (typeof items === 'string') return bad(items)
    if (typeof p.showResults !== 'boolean') return bad('showResults: true or false')
    const c = seat.claims
    const s = new TenantScope(c.tenantId)
    const [row] = await this.d.db
      .insert(liveQuestionnaire)
      .values(
        s.row({
          channelId: c.channelId,
          sessionId: c.sessionId,
          byUserId: seat.user.userId,
          title: escapeText(title),
          items,
          showResults: p.showResults,
        }),
      )
      .onConflictDoNothing()
      .returning({ id: liveQuestionnaire.id, title: liveQuestionnaire.title })
    if (!row) return bad('a questionnaire is running in this room: stop it first')
    this.emit(seat.room, 'START_QUESTIONNAIRE', { questionnaireId: row.id, title: row.title, items })
    return ok({ questionnaireId: row.id })
  }

  /** the answers of one learner, checked against the items; a refusal text when they do not fit */
  private checkAnswers(items: QuestionnaireItem[], v: unknown): LiveQuestionnaireAnswer[] | string {
    if (!Array.isArray(v) || v.length !== items.length) return `answers: one answer per item (${items.length})`
    const out: LiveQuestionnaireAnswer[] = []
    for (const [i, item] of items.entries()) {
      const a = v[i] as { options?: unknown; text?: unknown }
      if (!a || typeof a !== 'object') return `answers.${i}: an answer`
      if (item.type === 'text') {
        const t = textOf(a.text, QUESTIONNAIRE_TEXT_ANSWER)
        if (t === null) return `answers.${i}.text: 1 to ${QUESTIONNAIRE_TEXT_ANSWER} characters`
        out.push({ text: escapeText(t) })
        continue
      }
      const opts = a.options
      if (!Array.isArray(opts) || !opts.every((o) => isInt(o, 0, item.options.length - 1)))
        return `answers.${i}.options: option indexes of the item`
      const chosen = [...new Set(opts as number[])].sort((x, y) => x - y)
      if (chosen.length !== opts.length) return `answers.${i}.options: each option once`
      if (item.type === 'single' ? chosen.length !== 1 : chosen.length < 1)
        return `answers.${i}.options: ${item.type === 'single' ? 'exactly one option' : 'one option or more'}`
      out.push({ options: chosen })
    }
    return out
  }

  private async answerQuestionnaire(seat: Seat, p: Payload): Promise<ChatAck> {
    if (!isPosInt(p.questionnaireId)) return bad('questionnaireId: a questionnaire id')
    const id = p.questionnaireId
    const c = seat.claims
    const s = new TenantScope(c.tenantId)
    const [qn] = await this.d.db
      .select({ items: liveQuestionnaire.items, state: liveQuestionnaire.state })
      .from(liveQuestionnaire)
      .where(s.where(liveQuestionnaire, eq(liveQuestionnaire.id, id), eq(liveQuestionnaire.sessionId, c.sessionId)))
    if (qn?.state !== 'open') return fail(INTERACTION_ERRORS.over, MSG.questionnaireOver)
    const answers = this.checkAnswers(qn.items, p.answers)
    if (typeof answers === 'string') return bad(answers)
    const [row] = await this.d.db
      .insert(liveQuestionnaireAnswer)
      .values(s.row({ questionnaireId: id, userId: seat.user.userId, answers }))
      .onConflictDoNothing()
      .returning({ id: liveQuestionnaireAnswer.id })
    if (!row) return fail(INTERACTION_ERRORS.already, MSG.already)
    this.d.merged(`qn:${c.tenantId}:${id}`, this.d.timing.resultPushMs, async () => {
      const result = await this.questionnaireResult(c.tenantId, id)
      if (result) this.emit(staffRoomOf(seat.room), 'QUESTIONNAIRE_RESULT', result)
    })
    return ok()
  }

  private async questionnaireResult(tenantId: number, id: number): Promise<QuestionnaireResult | null> {
    const s = new TenantScope(tenantId)
    const [qn] = await this.d.db
      .select({ items: liveQuestionnaire.items })
      .from(liveQuestionnaire)
      .where(s.where(liveQuestionnaire, eq(liveQuestionnaire.id, id)))
    if (!qn) return null
    const rows = await this.d.db
      .select({ answers: liveQuestionnaireAnswer.answers })
      .from(liveQuestionnaireAnswer)
      .where(s.where(liveQuestionnaireAnswer, eq(liveQuestionnaireAnswer.questionnaireId, id)))
      .orderBy(desc(liveQuestionnaireAnswer.id))
    const items: QuestionnaireResult['items'] = qn.items.map((it) =>
      it.type === 'text' ? { type: 'text', texts: [] } : { type: it.type, counts: it.options.map(() => 0) },
    )
    for (const r of rows) {
      for (const [i, a] of r.answers.entries()) {
        const out = items[i]
        if (!out) continue
        if (out.type === 'text') {
          if ('text' in a && out.texts.length < QUESTIONNAIRE_TEXTS) out.texts.push(a.text)
        } else if ('options' in a) {
          for (const o of a.options) if (o < out.counts.length) out.counts[o]!++
        }
      }
    }
    return { questionnaireId: id, answered: rows.length, items }
  }

  private async stopQuestionnaire(seat: Seat, p: Payload): Promise<ChatAck> {
    if (!isPosInt(p.questionnaireId)) return bad('questionnaireId: a questionnaire id')
    const id = p.questionnaireId
    const c = seat.claims
    const s = new TenantScope(c.tenantId)
    const [row] = await this.d.db
      .update(liveQuestionnaire)
      .set({ state: 'closed', closedAt: new Date() })
      .where(
        s.where(
          liveQuestionnaire,
          eq(liveQuestionnaire.id, id),
          eq(liveQuestionnaire.sessionId, c.sessionId),
          eq(liveQuestionnaire.state, 'open'),
        ),
      )
      .returning({ showResults: liveQuestionnaire.showResults })
    if (!row) return fail(INTERACTION_ERRORS.over, MSG.questionnaireOver)
    const result = await this.questionnaireResult(c.tenantId, id)
    if (result) this.emit(staffRoomOf(seat.room), 'QUESTIONNAIRE_RESULT', result)
    this.emit(seat.room, 'STOP_QUESTIONNAIRE', { questionnaireId: id, result: row.showResults ? result : null })
    return ok({ result })
  }

  // ------------------------------------------------------------ test question (answer card)

  private async pushTest(seat: Seat, p: Payload): Promise<ChatAck> {
    if (!isPosInt(p.questionId)) return bad('questionId: a question id of this school')
    const { testMinS } = this.d.timing
    if (!isInt(p.limitSeconds, testMinS, INTERACTION.TEST_MAX_S))
      return bad(`limitSeconds: ${testMinS} to ${INTERACTION.TEST_MAX_S} seconds`)
    const c = seat.claims
    const s = new TenantScope(c.tenantId)
    const [q] = await this.d.db
      .select({
        id: question.id,
        type: question.type,
        title: question.title,
        optionsList: question.optionsList,
        ans: question.ans,
        analysis: question.analysis,
        score: question.score,
        partScore: question.partScore,
      })
      .from(question)
      .where(s.where(question, eq(question.id, p.questionId)))
    if (!q) return bad('questionId: no such question in this school')
    if (q.type !== 1 && q.type !== 2 && q.type !== 3)
      return bad('questionId: only single choice, multiple choice and judgement questions can be pushed')
    const [sealed] = await this.d.db
      .select({ id: question.id })
      .from(question)
      .where(
        s.where(
          question,
          and(eq(question.id, q.id), inArray(question.id, examQuestionIds({ db: this.d.db, scope: s }))),
        ),
      )
    if (sealed) return bad('questionId: this question is in an exam that has not closed yet')
    const options = q.optionsList
      .filter((o) => o && typeof o.label === 'string' && /^[A-Z]$/.test(o.label.trim().toUpperCase()))
      .map((o): [string, string] => [o.label.trim().toUpperCase(), o.content ?? ''])
    const answer = normaliseChoice(q.ans)
    if (options.length < 2 || !answer || !answer.split(',').every((l) => options.some(([x]) => x === l)))
      return bad('questionId: this question has no usable options and answer')
    await this.closeOverdueTests(c.tenantId, c.sessionId)
    const endsAt = new Date(Date.now() + p.limitSeconds * 1000)
    const [row] = await this.d.db
      .insert(liveTest)
      .values(
        s.row({
          channelId: c.channelId,
          sessionId: c.sessionId,
          byUserId: seat.user.userId,
          questionId: q.id,
          quesType: q.type,
          stem: q.title,
          options,
          answer,
          analysis: q.analysis,
          score: q.score,
          partScore: q.partScore,
          endsAt,
        }),
      )
      .onConflictDoNothing()
      .returning({ id: liveTest.id })
    if (!row) return bad('a test question is running in this room: stop it first')
    this.emit(seat.room, 'GET_TEST_QUESTION_CONTENT', {
      testId: row.id,
      questionId: q.id,
      quesType: q.type,
      stem: q.title,
      options,
      endsAt: endsAt.getTime(),
    })
    this.armEverywhere('test', c.tenantId, row.id, endsAt.getTime())
    return ok({ testId: row.id, endsAt: endsAt.getTime() })
  }

  private async closeOverdueTests(tenantId: number, sessionId: number) {
    const s = new TenantScope(tenantId)
    const overdue = await this.d.db
      .select({ id: liveTest.id })
      .from(liveTest)
      .where(
        s.where(
          liveTest,
          eq(liveTest.sessionId, sessionId),
          eq(liveTest.state, 'open'),
          lte(liveTest.endsAt, new Date()),
        ),
      )
    for (const r of overdue) await this.expireTest(tenantId, r.id)
  }

  private async testResult(tenantId: number, id: number): Promise<TestQuestionResult | null> {
    const s = new TenantScope(tenantId)
    const [t] = await this.d.db
      .select({
        questionId: liveTest.questionId,
        options: liveTest.options,
        answer: liveTest.answer,
        analysis: liveTest.analysis,
      })
      .from(liveTest)
      .where(s.where(liveTest, eq(liveTest.id, id)))
    if (!t) return null
    const rows = await this.d.db
      .select({ option: liveTestAnswer.option, result: liveTestAnswer.result })
      .from(liveTestAnswer)
      .where(s.where(liveTestAnswer, eq(liveTestAnswer.testId, id)))
    const distribution: Record<string, number> = Object.fromEntries(t.options.map(([label]) => [label, 0]))
    let right = 0
    for (const r of rows) {
      if (r.result === 'right') right++
      for (const l of r.option.split(',')) if (l in distribution) distribution[l]!++
    }
    return {
      testId: id,
      questionId: t.questionId,
      answer: t.answer.split(','),
      analysis: t.analysis,
      answered: rows.length,
      right,
      rightRate: rows.length ? Math.round((right / rows.length) * 10_000) / 10_000 : 0,
      distribution,
    }
  }

  /** closes the test (by hand: any time; time-out: only once endsAt has passed) and tells everyone the result */
  private async closeTest(tenantId: number, id: number, sessionId: number | null): Promise<TestQuestionResult | null> {
    const s = new TenantScope(tenantId)
    const [row] = await this.d.db
      .update(liveTest)
      .set({ state: 'closed', closedAt: new Date() })
      .where(
        s.where(
          liveTest,
          eq(liveTest.id, id),
          eq(liveTest.state, 'open'),
          sessionId === null ? lte(liveTest.endsAt, new Date()) : eq(liveTest.sessionId, sessionId),
        ),
      )
      .returning({ channelId: liveTest.channelId, sessionId: liveTest.sessionId })
    if (!row) return null
    const result = await this.testResult(tenantId, id)
    if (result) this.emit(liveRoomId(tenantId, row.channelId, row.sessionId), 'GET_TEST_QUESTION_RESULT', result)
    return result
  }

  private async expireTest(tenantId: number, id: number) {
    await this.closeTest(tenantId, id, null)
  }

  private async stopTest(seat: Seat, p: Payload): Promise<ChatAck> {
    if (!isPosInt(p.testId)) return bad('testId: a test id')
    const result = await this.closeTest(seat.claims.tenantId, p.testId, seat.claims.sessionId)
    if (!result) return fail(INTERACTION_ERRORS.over, MSG.testOver)
    return ok({ result })
  }

  private async answerTest(seat: Seat, p: Payload): Promise<ChatAck> {
    if (!isPosInt(p.testId)) return bad('testId: a test id')
    const testId = p.testId
    if (
      !Array.isArray(p.option) ||
      p.option.length < 1 ||
      p.option.length > 26 ||
      !p.option.every((o) => typeof o === 'string')
    )
      return bad('option: the chosen option labels, e.g. ["A"]')
    const c = seat.claims
    const s = new TenantScope(c.tenantId)
    const [t] = await this.d.db
      .select({
        quesType: liveTest.quesType,
        options: liveTest.options,
        answer: liveTest.answer,
        score: liveTest.score,
        partScore: liveTest.partScore,
        questionId: liveTest.questionId,
        state: liveTest.state,
        endsAt: liveTest.endsAt,
      })
      .from(liveTest)
      .where(s.where(liveTest, eq(liveTest.id, testId), eq(liveTest.sessionId, c.sessionId)))
    // the server's clock decides: an answer after endsAt is refused even before the time-out closed the row
    if (t?.state !== 'open' || t.endsAt.getTime() <= Date.now()) return fail(INTERACTION_ERRORS.over, MSG.testOver)
    const labels = (p.option as string[]).map((o) => o.trim().toUpperCase())
    const chosen = normaliseChoice(labels.join(','))
    const picked = chosen ? chosen.split(',') : []
    if (picked.length !== labels.length || !picked.every((l) => t.options.some(([x]) => x === l)))
      return bad('option: labels of this question, each once')
    if (t.quesType !== 2 && picked.length !== 1) return bad('option: exactly one option')
    const scored = scoreQuestion({
      questionId: t.questionId,
      type: t.quesType as 1 | 2 | 3,
      score: t.score,
      ...(t.partScore === null ? {} : { partScore: t.partScore }),
      ans: t.answer,
      ques: chosen,
    })
    const result = scored.state === 'right' || scored.state === 'partial' ? scored.state : 'wrong'
    const [row] = await this.d.db
      .insert(liveTestAnswer)
      .values(s.row({ testId, userId: seat.user.userId, option: chosen, result, earned: scored.earned }))
      .onConflictDoNothing()
      .returning({ id: liveTestAnswer.id })
    if (!row) return fail(INTERACTION_ERRORS.already, MSG.already)
    this.d.merged(`test:${c.tenantId}:${testId}`, this.d.timing.resultPushMs, async () => {
      const r = await this.testResult(c.tenantId, testId)
      if (r) this.emit(staffRoomOf(seat.room), 'GET_TEST_QUESTION_RESULT', r)
    })
    return ok()
  }

  // ------------------------------------------------------------ lottery

  private async lotteryStart(seat: Seat, p: Payload): Promise<ChatAck> {
    const prize = textOf(p.prize, 100)
    if (prize === null) return bad('prize: 1 to 100 characters')
    if (!isInt(p.winnerCount, 1, INTERACTION.LOTTERY_MAX_WINNERS))
      return bad(`winnerCount: 1 to ${INTERACTION.LOTTERY_MAX_WINNERS}`)
    if (p.among !== 'present' && p.among !== 'checkedIn') return bad('among: present or checkedIn')
    const c = seat.claims
    const s = new TenantScope(c.tenantId)
    let pool: ChatUser[]
    let checkinId: number | null = null
    if (p.among === 'checkedIn') {
      if (!isPosInt(p.checkinId)) return bad('checkinId: the check-in whose signers may win')
      checkinId = p.checkinId
      const [ck] = await this.d.db
        .select({ id: liveCheckin.id })
        .from(liveCheckin)
        .where(s.where(liveCheckin, eq(liveCheckin.id, checkinId), eq(liveCheckin.sessionId, c.sessionId)))
      if (!ck) return bad('checkinId: no such check-in in this room')
      const rows = await this.d.db
        .select({
          userId: liveCheckinSign.userId,
          nick: liveCheckinSign.nick,
          pic: liveCheckinSign.pic,
          userType: liveCheckinSign.userType,
        })
        .from(liveCheckinSign)
        .where(s.where(liveCheckinSign, eq(liveCheckinSign.checkinId, checkinId)))
      pool = rows.map(userOf)
    } else {
      const online = await this.d.store.counts(seat.room)
      pool = await this.d.store.list(seat.room, 0, online.staff + online.audience + 100)
    }
    // learners only: a moderator never wins
    const eligible = pool.filter((u) => !isModerator(u.userType))
    if (eligible.length === 0) return bad('nobody can win: no learner is eligible')
    const winners = drawWinners(eligible, p.winnerCount, (u) => u.userId)
    const drawAt = new Date(Date.now() + this.d.timing.lotteryDrawMs)
    const lotteryId = await this.d.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(liveLottery)
        .values(
          s.row({
            channelId: c.channelId,
            sessionId: c.sessionId,
            byUserId: seat.user.userId,
            prize: escapeText(prize),
            winnerCount: p.winnerCount as number,
            among: p.among as string,
            checkinId,
            eligible: eligible.length,
            drawAt,
          }),
        )
        .returning({ id: liveLottery.id })
      await tx
        .insert(liveLotteryWinner)
        .values(
          winners.map((w) =>
            s.row({ lotteryId: row!.id, userId: w.userId, nick: w.nick, pic: w.pic, userType: w.userType }),
          ),
        )
      return row!.id
    })
    this.emit(seat.room, 'LOTTERY_START', {
      lotteryId,
      prize: escapeText(prize),
      winnerCount: winners.length,
      drawAt: drawAt.getTime(),
    })
    this.armEverywhere('lottery', c.tenantId, lotteryId, drawAt.getTime())
    return ok({ lotteryId, winners: winners.length, eligible: eligible.length, drawAt: drawAt.getTime() })
  }

  /** the draw animation is over: the stored winners are announced, once */
  private async announceLottery(tenantId: number, id: number) {
    const s = new TenantScope(tenantId)
    const [row] = await this.d.db
      .update(liveLottery)
      .set({ state: 'drawn' })
      .where(
        s.where(
          liveLottery,
          eq(liveLottery.id, id),
          eq(liveLottery.state, 'drawing'),
          lte(liveLottery.drawAt, new Date()),
        ),
      )
      .returning({ channelId: liveLottery.channelId, sessionId: liveLottery.sessionId, prize: liveLottery.prize })
    if (!row) return
    const winners = await this.d.db
      .select({
        userId: liveLotteryWinner.userId,
        nick: liveLotteryWinner.nick,
        pic: liveLotteryWinner.pic,
        userType: liveLotteryWinner.userType,
      })
      .from(liveLotteryWinner)
      .where(s.where(liveLotteryWinner, eq(liveLotteryWinner.lotteryId, id)))
      .orderBy(asc(liveLotteryWinner.id))
    const room = liveRoomId(tenantId, row.channelId, row.sessionId)
    this.emit(room, 'ON_LOTTERY', { lotteryId: id, prize: row.prize, winners: winners.map(userOf) })
    this.emit(room, 'LOTTERY_END', { lotteryId: id })
  }

  private async lotteryClaim(seat: Seat, p: Payload): Promise<ChatAck> {
    if (!isPosInt(p.lotteryId)) return bad('lotteryId: a lottery id')
    const lotteryId = p.lotteryId
    const name = textOf(p.name, 30)
    if (name === null) return bad('name: 1 to 30 characters')
    const phone = typeof p.phone === 'string' ? p.phone.trim() : ''
    if (!PHONE_RE.test(phone)) return bad('phone: an 11-digit mobile number')
    const address = textOf(p.address, 200)
    if (address === null) return bad('address: 1 to 200 characters')
    const c = seat.claims
    const s = new TenantScope(c.tenantId)
    const [lot] = await this.d.db
      .select({ state: liveLottery.state })
      .from(liveLottery)
      .where(s.where(liveLottery, eq(liveLottery.id, lotteryId), eq(liveLottery.sessionId, c.sessionId)))
    if (!lot) return fail(INTERACTION_ERRORS.over, MSG.lotteryOver)
    const [win] = await this.d.db
      .select({ id: liveLotteryWinner.id, claimedAt: liveLotteryWinner.claimedAt })
      .from(liveLotteryWinner)
      .where(
        s.where(
          liveLotteryWinner,
          eq(liveLotteryWinner.lotteryId, lotteryId),
          eq(liveLotteryWinner.userId, seat.user.userId),
        ),
      )
    // before the announcement nobody knows they won: nobody may claim yet
    if (!win || lot.state !== 'drawn') return fail(INTERACTION_ERRORS.notWinner, MSG.notWinner)
    const done = await this.d.db
      .update(liveLotteryWinner)
      .set({ claimName: escapeText(name), claimPhone: phone, claimAddress: escapeText(address), claimedAt: new Date() })
      .where(s.where(liveLotteryWinner, eq(liveLotteryWinner.id, win.id), sql`${liveLotteryWinner.claimedAt} is null`))
      .returning({ id: liveLotteryWinner.id })
    if (done.length === 0) return fail(INTERACTION_ERRORS.already, MSG.already)
    return ok()
  }

  // ------------------------------------------------------------ points: red packets, rewards, flowers

  private async redpaper(seat: Seat, p: Payload): Promise<ChatAck> {
    if (!isInt(p.totalPoints, 1, INTERACTION.REDPAPER_MAX_POINTS))
      return bad(`totalPoints: 1 to ${INTERACTION.REDPAPER_MAX_POINTS}`)
    if (!isInt(p.count, 1, INTERACTION.REDPAPER_MAX_COUNT)) return bad(`count: 1 to ${INTERACTION.REDPAPER_MAX_COUNT}`)
    if (p.count > p.totalPoints) return bad('count: at most one share per point (count <= totalPoints)')
    const greeting = textOf(p.greeting ?? '', 50, 0)
    if (greeting === null) return bad('greeting: at most 50 characters')
    const c = seat.claims
    const s = new TenantScope(c.tenantId)
    const shares = splitPoints(p.totalPoints, p.count)
    const [row] = await this.d.db
      .insert(liveRedpaper)
      .values(
        s.row({
          channelId: c.channelId,
          sessionId: c.sessionId,
          byUserId: seat.user.userId,
          totalPoints: p.totalPoints,
          count: p.count,
          greeting: escapeText(greeting),
          shares,
        }),
      )
      .returning({ id: liveRedpaper.id, greeting: liveRedpaper.greeting })
    this.emit(seat.room, 'REDPAPER', {
      redpaperId: row!.id,
      user: seat.user,
      totalPoints: p.totalPoints,
      count: p.count,
      greeting: row!.greeting,
    })
    return ok({ redpaperId: row!.id })
  }

  private async grabRedpaper(seat: Seat, p: Payload): Promise<ChatAck> {
    if (!isPosInt(p.redpaperId)) return bad('redpaperId: a red packet id')
    const redpaperId = p.redpaperId
    const c = seat.claims
    const s = new TenantScope(c.tenantId)
    const me = seat.user.userId
    let left = 0
    const ack = await inTx(this.d.db, async (tx) => {
      const [rp] = await tx
        .select({ id: liveRedpaper.id })
        .from(liveRedpaper)
        .where(s.where(liveRedpaper, eq(liveRedpaper.id, redpaperId), eq(liveRedpaper.sessionId, c.sessionId)))
      if (!rp) throw new Answer(fail(INTERACTION_ERRORS.over, MSG.redpaperOver))
      // once per learner: the unique row (a second grab, even a concurrent one, finds it)
      const [grab] = await tx
        .insert(liveRedpaperGrab)
        .values(s.row({ redpaperId, userId: me, points: 0 }))
        .onConflictDoNothing()
        .returning({ id: liveRedpaperGrab.id })
      if (!grab) throw new Answer(fail(INTERACTION_ERRORS.already, MSG.already))
      // first come, first served: the next share, never past count (the row lock orders the grabbers)
      const [taken] = await tx
        .update(liveRedpaper)
        .set({ grabbed: sql`${liveRedpaper.grabbed} + 1` })
        .where(
          s.where(liveRedpaper, eq(liveRedpaper.id, redpaperId), sql`${liveRedpaper.grabbed} < ${liveRedpaper.count}`),
        )
        .returning({ grabbed: liveRedpaper.grabbed, count: liveRedpaper.count, shares: liveRedpaper.shares })
      if (!taken) throw new Answer(ok({ points: 0 }))
      const points = taken.shares[taken.grabbed - 1] ?? 0
      await tx
        .update(liveRedpaperGrab)
        .set({ points })
        .where(s.where(liveRedpaperGrab, eq(liveRedpaperGrab.id, grab.id)))
      const balance = await creditPoints(tx, c.tenantId, me, points, 'redpaper', {
        sessionId: c.sessionId,
        refId: redpaperId,
      })
      left = taken.count - taken.grabbed
      return ok({ points, balance })
    })
    if (ack.ok && (ack.data as { points: number }).points > 0) {
      const { points } = ack.data as { points: number }
      this.emit(seat.room, 'REDPAPER_GRABBED', { redpaperId, user: seat.user, points, left })
    }
    return ack
  }

  private async reward(seat: Seat, p: Payload): Promise<ChatAck> {
    if (!isInt(p.points, 1, INTERACTION.REWARD_MAX_POINTS)) return bad(`points: 1 to ${INTERACTION.REWARD_MAX_POINTS}`)
    const points = p.points
    const c = seat.claims
    // the teacher online in the room (the lowest user id when several)
    const online = await this.d.store.counts(seat.room)
    const staff = await this.d.store.list(seat.room, 0, online.staff)
    const teacher = staff.find((u) => u.userType === 'teacher')
    if (!teacher) return bad('no teacher is in the room to reward')
    const me = seat.user.userId
    const ack = await inTx(this.d.db, async (tx) => {
      const ref = { sessionId: c.sessionId }
      const balance = await debitPoints(tx, c.tenantId, me, points, 'reward_sent', {
        ...ref,
        otherUserId: teacher.userId,
      })
      if (balance === null) throw new Answer(fail(INTERACTION_ERRORS.points, MSG.points))
      await creditPoints(tx, c.tenantId, teacher.userId, points, 'reward_received', { ...ref, otherUserId: me })
      return ok({ balance })
    })
    if (ack.ok) this.emit(seat.room, 'REWARD', { user: seat.user, points })
    return ack
  }

  private async flowers(seat: Seat): Promise<ChatAck> {
    const c = seat.claims
    const channel = await this.d.chat.channel(c.tenantId, c.channelId)
    if (!channel) return fail(CHAT_ERRORS.token, 'chat room token error')
    if (channel.chatClosed && !seat.staff) return fail(CHAT_ERRORS.closed, MSG.closed)
    if (!(await this.d.store.takeSlot(`flower:${seat.room}:${seat.user.userId}`, INTERACTION.FLOWER_GAP_MS)))
      return fail(CHAT_ERRORS.tooFast, MSG.flowersTooFast)
    const s = new TenantScope(c.tenantId)
    const [row] = await this.d.db
      .insert(liveTally)
      .values(s.row({ sessionId: c.sessionId, flowers: 1 }))
      .onConflictDoUpdate({
        target: [liveTally.tenantId, liveTally.sessionId],
        set: { flowers: sql`${liveTally.flowers} + 1` },
      })
      .returning({ flowers: liveTally.flowers })
    this.emit(seat.room, 'FLOWERS', { user: seat.user, total: row!.flowers })
    return ok({ total: row!.flowers })
  }

  // ------------------------------------------------------------ questions to the teacher (Q&A)

  private toQuestion(r: typeof liveQuestion.$inferSelect, upvoted = false): LiveQuestion {
    const by = r.answeredBy
    return {
      questionId: r.id,
      user: userOf(r),
      content: r.content,
      time: r.createdAt.getTime(),
      answer: r.answer,
      answeredBy: by ? userOf(by) : null,
      answeredAt: r.answeredAt ? r.answeredAt.getTime() : 0,
      public: r.public,
      upvotes: r.upvotes,
      upvoted,
    }
  }

  private async ask(seat: Seat, p: Payload): Promise<ChatAck> {
    if (typeof p.content !== 'string') return bad('content: the question text')
    const text = p.content.trim()
    if (!text) return fail(CHAT_ERRORS.empty, MSG.empty)
    if (chars(text) > INTERACTION.QUESTION_MAX_TEXT) return fail(CHAT_ERRORS.tooLong, MSG.tooLong)
    const c = seat.claims
    const until = await this.d.banUntil(c, seat.user.userId)
    if (until) return fail(CHAT_ERRORS.banned, MSG.banned, until)
    const lower = text.toLowerCase()
    if ((await this.d.chat.censorWords(c.tenantId)).some((w) => lower.includes(w)))
      return fail(CHAT_ERRORS.censored, MSG.censored)
    if (!(await this.d.store.takeSlot(`ask:${seat.room}:${seat.user.userId}`, LIVE.SPEAK_GAP_MS)))
      return fail(CHAT_ERRORS.tooFast, MSG.tooFast)
    const s = new TenantScope(c.tenantId)
    const u = seat.user
    const [row] = await this.d.db
      .insert(liveQuestion)
      .values(
        s.row({
          channelId: c.channelId,
          sessionId: c.sessionId,
          userId: u.userId,
          nick: u.nick,
          pic: u.pic,
          userType: u.userType,
          content: escapeText(text),
        }),
      )
      .returning()
    const q = this.toQuestion(row!)
    this.emit([staffRoomOf(seat.room), userRoomOf(seat.room, u.userId)], 'S_QUESTION', q)
    return ok({ questionId: q.questionId })
  }

  private async answerQuestion(seat: Seat, p: Payload): Promise<ChatAck> {
    if (!isPosInt(p.questionId)) return bad('questionId: a question id')
    const content = textOf(p.content, INTERACTION.QUESTION_MAX_TEXT)
    if (content === null) return bad(`content: 1 to ${INTERACTION.QUESTION_MAX_TEXT} characters`)
    if (typeof p.public !== 'boolean') return bad('public: true or false')
    const c = seat.claims
    const s = new TenantScope(c.tenantId)
    const u = seat.user
    const [row] = await this.d.db
      .update(liveQuestion)
      .set({
        answer: escapeText(content),
        answeredBy: { userId: u.userId, nick: u.nick, pic: u.pic, userType: u.userType },
        answeredAt: new Date(),
        public: p.public,
      })
      .where(s.where(liveQuestion, eq(liveQuestion.id, p.questionId), eq(liveQuestion.sessionId, c.sessionId)))
      .returning()
    if (!row) return bad('questionId: no such question in this room')
    const q = this.toQuestion(row)
    this.emit(row.public ? seat.room : [staffRoomOf(seat.room), userRoomOf(seat.room, row.userId)], 'T_ANSWER', q)
    return ok()
  }

  private async upvote(seat: Seat, p: Payload): Promise<ChatAck> {
    if (!isPosInt(p.questionId)) return bad('questionId: a question id')
    const questionId = p.questionId
    const c = seat.claims
    const s = new TenantScope(c.tenantId)
    const me = seat.user.userId
    const ack = await inTx(this.d.db, async (tx) => {
      const [q] = await tx
        .select({ userId: liveQuestion.userId, public: liveQuestion.public })
        .from(liveQuestion)
        .where(s.where(liveQuestion, eq(liveQuestion.id, questionId), eq(liveQuestion.sessionId, c.sessionId)))
      if (!q?.public) throw new Answer(bad('questionId: only a public question of this room can be upvoted'))
      if (q.userId === me) throw new Answer(bad('questionId: not your own question'))
      const [v] = await tx
        .insert(liveQuestionUpvote)
        .values(s.row({ questionId, userId: me }))
        .onConflictDoNothing()
        .returning({ id: liveQuestionUpvote.id })
      if (!v) throw new Answer(fail(INTERACTION_ERRORS.already, MSG.already))
      const [row] = await tx
        .update(liveQuestion)
        .set({ upvotes: sql`${liveQuestion.upvotes} + 1` })
        .where(s.where(liveQuestion, eq(liveQuestion.id, questionId)))
        .returning({ upvotes: liveQuestion.upvotes })
      return ok({ upvotes: row!.upvotes })
    })
    if (ack.ok)
      this.emit(seat.room, 'QUESTION_UPVOTE', { questionId, upvotes: (ack.data as { upvotes: number }).upvotes })
    return ack
  }

  private async questionList(seat: Seat, p: Payload, all: boolean): Promise<ChatAck> {
    const page = p.page ?? 1
    if (!isInt(page, 1, 100_000)) return bad('page: 1 or more')
    const c = seat.claims
    const s = new TenantScope(c.tenantId)
    const me = seat.user.userId
    const size = LIVE.QUESTION_HISTORY_PAGE
    const rows = await this.d.db
      .select({
        q: liveQuestion,
        upvoted: sql<boolean>`exists (select 1 from ${liveQuestionUpvote} where ${liveQuestionUpvote.tenantId} = ${outer('live_question', 'tenant_id')} and ${liveQuestionUpvote.questionId} = ${outer('live_question', 'id')} and ${liveQuestionUpvote.userId} = ${me})`,
      })
      .from(liveQuestion)
      .where(
        s.where(
          liveQuestion,
          eq(liveQuestion.sessionId, c.sessionId),
          all ? undefined : or(eq(liveQuestion.userId, me), eq(liveQuestion.public, true)),
        ),
      )
      .orderBy(desc(liveQuestion.id))
      .limit(size)
      .offset((page - 1) * size)
    return ok({ list: rows.map((r) => this.toQuestion(r.q, Boolean(r.upvoted))) })
  }

  // ------------------------------------------------------------ microphone and class control

  private micOpenKey = (room: string) => `micopen:${room}`
  private mutedKey = (room: string) => `muted:${room}`
  private micKey = (room: string, userId: number) => `mic:${room}:${userId}`

  /** provider and playback flag of the channel (cached): polyv carries audio, the local provider cannot */
  private async channelMedia(tenantId: number, channelId: number) {
    const key = `${tenantId}:${channelId}`
    const hit = this.media.get(key)
    if (hit && Date.now() - hit.at < MEDIA_CACHE_MS) return hit
    const s = new TenantScope(tenantId)
    const [row] = await this.d.db
      .select({ provider: liveChannel.provider, playbackEnabled: liveChannel.playbackEnabled })
      .from(liveChannel)
      .where(s.where(liveChannel, eq(liveChannel.id, channelId)))
    const v = { at: Date.now(), provider: row?.provider ?? 'local', playbackEnabled: row?.playbackEnabled ?? false }
    if (this.media.size > 10_000) this.media.clear()
    this.media.set(key, v)
    return v
  }
  private async mediaOf(seat: Seat): Promise<{ mediaAvailable: boolean; reason: string }> {
    const m = await this.channelMedia(seat.claims.tenantId, seat.claims.channelId)
    return m.provider === 'polyv' ? { mediaAvailable: true, reason: '' } : { mediaAvailable: false, reason: NO_MEDIA }
  }

  private async micSwitch(seat: Seat, p: Payload): Promise<ChatAck> {
    if (typeof p.open !== 'boolean') return bad('open: true or false')
    if (p.open) {
      const media = await this.mediaOf(seat)
      if (!media.mediaAvailable) return bad(media.reason)
    }
    if (p.open) await this.d.store.setValue(this.micOpenKey(seat.room), '1', MIC_STATE_MS)
    else await this.d.store.dropValue(this.micOpenKey(seat.room))
    this.emit(seat.room, 'MIC_SWITCH', { open: p.open })
    return ok()
  }

  private async openMic(seat: Seat): Promise<ChatAck> {
    if ((await this.d.store.getValue(this.micOpenKey(seat.room))) !== '1')
      return fail(INTERACTION_ERRORS.micClosed, MSG.micClosed)
    const key = this.micKey(seat.room, seat.user.userId)
    if (!(await this.d.store.swapValue(key, null, 'asked', MIC_STATE_MS)))
      return fail(INTERACTION_ERRORS.already, MSG.already)
    this.emit(staffRoomOf(seat.room), 'OPEN_MICROPHONE', { user: seat.user })
    return ok()
  }

  private async allowMic(seat: Seat, p: Payload): Promise<ChatAck> {
    if (!isPosInt(p.userId)) return bad('userId: a user id')
    const userId = p.userId
    const media = await this.mediaOf(seat)
    if (!media.mediaAvailable) return bad(media.reason)
    if (!(await this.d.store.sidOf(seat.room, userId))) return bad('userId: not in this room')
    const key = this.micKey(seat.room, userId)
    const before = await this.d.store.getValue(key)
    if (before === 'joined') return fail(INTERACTION_ERRORS.already, 'this user is on the microphone already')
    const deadline = Date.now() + this.d.timing.micJoinMs
    const state = `allowed:${deadline}`
    if (!(await this.d.store.swapValue(key, before ?? null, state, MIC_STATE_MS)))
      return bad('the microphone state changed: try again')
    this.emit([userRoomOf(seat.room, userId), staffRoomOf(seat.room)], 'ALLOW_MICROPHONE', {
      userId,
      deadline,
      ...media,
    })
    this.armEverywhere('mic', seat.claims.tenantId, userId, deadline, seat.room)
    return ok({ deadline, ...media })
  }

  /** the allowed learner did not join by the deadline (server clock): JOIN_CHANNEL_FAIL, once */
  private async micTimeout(room: string, userId: number, deadline: number) {
    if (!room) return
    if (!(await this.d.store.swapValue(this.micKey(room, userId), `allowed:${deadline}`, null, MIC_STATE_MS))) return
    this.emit([userRoomOf(room, userId), staffRoomOf(room)], 'JOIN_CHANNEL_FAIL', { userId })
  }

  private async joinSuccess(seat: Seat): Promise<ChatAck> {
    const key = this.micKey(seat.room, seat.user.userId)
    const state = await this.d.store.getValue(key)
    const deadline = state?.startsWith('allowed:') ? Number(state.slice(8)) : 0
    if (!deadline || deadline < Date.now()) return fail(INTERACTION_ERRORS.over, 'not allowed on the microphone now')
    const media = await this.mediaOf(seat)
    if (!media.mediaAvailable) return bad(media.reason)
    if (!(await this.d.store.swapValue(key, state!, 'joined', MIC_STATE_MS)))
      return fail(INTERACTION_ERRORS.over, 'not allowed on the microphone now')
    this.emit(seat.room, 'JOIN_SUCCESS', { user: seat.user })
    return ok()
  }

  private async cancelMic(seat: Seat): Promise<ChatAck> {
    const key = this.micKey(seat.room, seat.user.userId)
    const state = await this.d.store.getValue(key)
    if (state === undefined) return ok()
    if (await this.d.store.swapValue(key, state, null, MIC_STATE_MS))
      this.emit(seat.room, 'CANCEL_MICROPHONE', { userId: seat.user.userId })
    return ok()
  }

  private async classControl(seat: Seat, p: Payload): Promise<ChatAck> {
    if (p.kind !== 'audio' && p.kind !== 'video') return bad('kind: audio or video')
    if (typeof p.mute !== 'boolean') return bad('mute: true or false')
    let userId: number | null = null
    if (p.userId !== undefined && p.userId !== null) {
      if (!isPosInt(p.userId)) return bad('userId: a user id (none: everyone)')
      if (!(await this.d.chat.userExists(seat.claims.tenantId, p.userId))) return bad('userId: no such user')
      userId = p.userId
    }
    if (userId === null && p.kind === 'audio') {
      if (p.mute) await this.d.store.setValue(this.mutedKey(seat.room), '1', MIC_STATE_MS)
      else await this.d.store.dropValue(this.mutedKey(seat.room))
    }
    this.emit(seat.room, 'CLASSCONTROL', { kind: p.kind, mute: p.mute, userId })
    return ok()
  }

  private async classState(seat: Seat, p: Payload): Promise<ChatAck> {
    if (p.state !== 'live' && p.state !== 'ended') return bad('state: live or ended')
    const c = seat.claims
    let hasPlayback = false
    if (p.state === 'ended') {
      // CLASSEND says playback will exist when the channel allows it and a recording of the session exists
      const media = await this.channelMedia(c.tenantId, c.channelId)
      const s = new TenantScope(c.tenantId)
      const [rec] = await this.d.db
        .select({ id: liveRecording.id })
        .from(liveRecording)
        .where(s.where(liveRecording, eq(liveRecording.sessionId, c.sessionId)))
        .limit(1)
      hasPlayback = media.playbackEnabled && !!rec
    }
    const row = await setSessionState(
      this.d.db,
      this.d.events,
      { tenantId: c.tenantId, sessionId: c.sessionId },
      p.state,
      { hasPlayback },
    )
    if (!row) return fail(CHAT_ERRORS.token, 'chat room token error')
    return ok({ state: row.state })
  }
}
