/**
 * The live room's interactions (docs/DECISIONS.md "Live — interactions"; the wire: contract/schemas/
 * live-interactions.ts): check-in, questionnaire, test question (answer card), lottery, red packets, rewards and
 * flowers (tenant points), questions to the teacher (Q&A), the microphone and class control, class state. Every
 * rule is the server's: roles, one answer per learner, time limits by this server's clock, fair draws, balances
 * that never go below 0. One file per kind; this one registers them and hands each client event to its kind.
 *
 * - Who: TEACHER_EVENTS only moderators (FORBIDDEN otherwise, nothing changed); LEARNER_ONLY_EVENTS only learners
 *   (a moderator runs an interaction, never takes part in it); playback rooms refuse every one (../chat).
 * - Where: everything is scoped to the chat token's tenant and session; an id of another tenant, session or room
 *   is unknown (OVER for a learner's answer, BAD_REQUEST or OVER for a moderator).
 * - Time-outs (check-in, test question, the lottery's announcement, the mic join deadline) share one lifecycle
 *   (./timed.ts): armed on every process, fired exactly once, swept when a process died.
 * - Socket.io rooms beside the room itself: `<room>|staff` (moderators) and `<room>|u<userId>` (one user's
 *   sockets), so events reach them on every process through the adapter.
 * - A new kind: a file with a class implementing `Kind` (./kit.ts), its events in the contract, one line below.
 */
import { CHAT_ERRORS, type ChatAck } from '../../../../../contract/schemas/live-codes'
import {
  type ActiveInteractions,
  LEARNER_ONLY_EVENTS,
  TEACHER_EVENTS,
} from '../../../../../contract/schemas/live-interactions'
import { Checkin } from './checkin'
import { ClassState } from './class-state'
import type { Handler, IEvent, InteractionDeps, Kind, Payload, Seat } from './kit'
import { bad, fail, Kit, MSG } from './kit'
import { Lottery } from './lottery'
import { Mic } from './mic'
import { Questionnaire } from './questionnaire'
import { Questions } from './questions'
import { RedPacket } from './red-packet'
import { Reward } from './reward'
import { TestQuestion } from './test-question'
import { Timers } from './timed'

export {
  type InteractionDeps,
  type InteractionTiming,
  interactionTiming,
  isSideRoom,
  type Seat,
  staffRoomOf,
  userRoomOf,
} from './kit'

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

export class Interactions {
  private readonly timers: Timers
  private readonly checkin: Checkin
  private readonly questionnaire: Questionnaire
  private readonly test: TestQuestion
  private readonly mic: Mic
  private readonly kinds: Kind[]
  /** the registry: which kind answers which client event */
  private readonly handlers = new Map<string, Handler>()

  constructor(d: InteractionDeps) {
    this.timers = new Timers(d)
    const kit = new Kit(d, this.timers)
    this.checkin = new Checkin(kit)
    this.questionnaire = new Questionnaire(kit)
    this.test = new TestQuestion(kit)
    this.mic = new Mic(kit)
    this.kinds = [
      this.checkin,
      this.questionnaire,
      this.test,
      new Lottery(kit),
      new RedPacket(kit),
      new Reward(kit),
      new Questions(kit),
      this.mic,
      new ClassState(kit),
    ]
    for (const kind of this.kinds) {
      if (kind.timed) this.timers.register(kind.timed)
      for (const [event, h] of Object.entries(kind.handlers)) if (h) this.handlers.set(event, h)
    }
  }

  close() {
    this.timers.close()
  }

  async handle(event: IEvent, seat: Seat, p: Payload): Promise<ChatAck> {
    if (TEACHER.has(event) && !seat.staff) return fail(CHAT_ERRORS.forbidden, MSG.forbidden)
    if (LEARNER_ONLY.has(event) && seat.staff) return fail(CHAT_ERRORS.forbidden, MSG.learnerOnly)
    const h = this.handlers.get(event)
    return h ? h(seat, p) : bad('EVENT: unknown event')
  }

  /** what runs in the room now, for the LOGIN snapshot */
  async active(seat: Seat): Promise<ActiveInteractions> {
    const now = new Date()
    const [checkin, questionnaire, test, mic] = await Promise.all([
      this.checkin.active(seat, now),
      this.questionnaire.active(seat),
      this.test.active(seat, now),
      this.mic.active(seat),
    ])
    return { checkin, questionnaire, test, micOpen: mic.micOpen, mutedAll: mic.mutedAll }
  }

  /** the user left the room (their last socket): a raised hand or an open mic ends */
  async left(seat: Seat) {
    for (const kind of this.kinds) if (kind.left) await kind.left(seat)
  }
}
