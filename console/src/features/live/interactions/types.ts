/**
 * The interactions of one session as the teacher's console follows them: each kind's part of the room state, and
 * the shape of what a kind does with its server events (./checkin.ts, ./questionnaire.ts, ./test.ts, ./lottery.ts,
 * ./redpaper.ts, ./feed.ts, ./questions.ts, ./mic.ts; ../room.ts folds them into the room). Types only.
 */
import type { ChatUser, ServerEvents } from '../../../../../contract/schemas/live-codes'
import type {
  InteractionServerEvents,
  QuestionnaireItem,
  QuestionnaireResult,
  TestQuestionContent,
  TestQuestionResult,
} from '../../../../../contract/schemas/live-interactions'

export interface CheckinRun {
  checkinId: number
  message: string
  endsAt: number
  /** who signed, newest first */
  signed: ChatUser[]
  count: number
  stopped: boolean
}

export interface QuestionnaireRun {
  questionnaireId: number
  title: string
  items: QuestionnaireItem[]
  result: QuestionnaireResult | null
  stopped: boolean
}

export interface TestRun {
  content: TestQuestionContent
  result: TestQuestionResult | null
  stopped: boolean
}

export interface LotteryRun {
  lotteryId: number
  prize: string
  winnerCount: number
  drawAt: number
  winners: ChatUser[] | null
  ended: boolean
}

export interface RedpaperRun {
  redpaperId: number
  totalPoints: number
  count: number
  greeting: string
  grabs: { user: ChatUser; points: number }[]
  left: number
}

export interface MicState {
  open: boolean
  mutedAll: boolean
  /** raised hands, oldest first */
  requests: ChatUser[]
  /** the learner allowed to join, until `deadline` (server clock) */
  allowed: { userId: number; deadline: number; mediaAvailable: boolean; reason: string } | null
  /** on the mic now */
  joined: ChatUser[]
  /** users whose join timed out (JOIN_CHANNEL_FAIL), newest first */
  failed: number[]
  /** audio muted per user (CLASSCONTROL one) */
  muted: number[]
  /** what the server said about a real-time media path, once it said anything */
  media: { available: boolean; reason: string } | null
}

export type FeedItem =
  | { id: number; kind: 'reward'; user: ChatUser; points: number; time: number }
  | { id: number; kind: 'flowers'; user: ChatUser; total: number; time: number }
  | { id: number; kind: 'grab'; user: ChatUser; points: number; time: number }
  | { id: number; kind: 'winners'; prize: string; winners: ChatUser[]; time: number }

type AnyEvents = ServerEvents & InteractionServerEvents
/** one server event of a name */
export type Typed<E extends keyof AnyEvents> = { EVENT: E } & AnyEvents[E]

/** What one kind does with its server events to its part of the room (pure; an event that changes nothing gives `s`). */
export type KindEvents<Part> = { [E in keyof InteractionServerEvents]?: <S extends Part>(s: S, p: Typed<E>) => S }

/** A packet without its event name (the reply shapes of contract/schemas/live-interactions.ts). */
export function stripEvent<T extends object>(p: T): Omit<T, 'EVENT'> {
  const { EVENT: _drop, ...rest } = p as T & { EVENT?: string }
  return rest
}
