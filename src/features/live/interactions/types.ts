/**
 * The state and the happenings of the live room's interactions as the room sees them: one store (./room.ts) with a
 * part per kind, whose logic is in its own file (./checkin.ts, ./questionnaire.ts, ./test.ts, ./lottery.ts,
 * ./redpaper.ts, ./reward.ts, ./flowers.ts, ./questions.ts, ./mic.ts, ./control.ts). Types only: every kind and
 * ./context.ts import them, they import none of those.
 */
import type { ChatAck, ChatUser } from '../../../../contract/schemas/live-codes'
import type {
  InteractionClientEvents,
  InteractionServerEvents,
  LiveQuestion,
  QuestionnaireItem,
  QuestionnaireResult,
  TestQuestionContent,
  TestQuestionResult,
} from '../../../../contract/schemas/live-interactions'

export type Refusal = Extract<ChatAck, { ok: false }>

export type IxAsk = <K extends keyof InteractionClientEvents>(
  event: K,
  payload: InteractionClientEvents[K],
) => Promise<ChatAck>

export interface IxResult {
  ok: boolean
  code?: string
  message?: string
}

/** Room happenings shown between chat messages. `time` is server epoch ms. */
export type SystemLine =
  | { id: string; kind: 'reward'; user: ChatUser; points: number; time: number }
  | { id: string; kind: 'flowers'; user: ChatUser; time: number }
  | { id: string; kind: 'redpaper'; user: ChatUser; redpaperId: number; greeting: string; time: number }

export type LineInput = SystemLine extends infer L ? (L extends SystemLine ? Omit<L, 'id' | 'time'> : never) : never

export interface InteractionState {
  /** server clock minus device clock (ms) */
  clockOffset: number
  /** I am a teacher / manager / assistant: I run interactions from the console, I do not take part */
  moderator: boolean
  /** this app can join a real-time media path (IxDeps.joinMedia); false: the room says it cannot go on the mic */
  mediaClient: boolean
  checkin: CheckinCard | null
  questionnaire: QuestionnaireCard | null
  test: AnswerCard | null
  lottery: LotteryCard | null
  /** newest last */
  redpapers: RedPacket[]
  /** oldest first, at most SYSTEM_KEPT */
  system: SystemLine[]
  flowers: { total: number /** device ms from which I may send again */; nextAt: number; sending: boolean }
  questions: QuestionsState
  mic: MicState
  control: ControlState
  points: { balance: number | null; loading: boolean; rewarding: boolean }
}

/** One-off happenings the room animates or announces. */
export type IxEvent =
  | { type: 'flowers'; user: ChatUser; mine: boolean }
  | { type: 'redpaper'; redpaperId: number }
  | { type: 'questionAnswered'; question: LiveQuestion; mine: boolean }
  | { type: 'testResult'; testId: number }
  | { type: 'lottery'; lotteryId: number }
  | { type: 'lotteryDrawn'; lotteryId: number; won: boolean }
  | { type: 'questionnaire'; questionnaireId: number }
  | { type: 'test'; testId: number }

export interface IxDeps {
  ask: IxAsk
  me: () => ChatUser | null
  /** device clock (ms) */
  now: () => number
  toast: (text: string) => void
  fire: (e: IxEvent) => void
  /** chat refusal codes (ban, closed room, token, offline…): the chat client acts on them and answers the text */
  chatRefusal: (ack: Refusal) => IxResult
  /** the learner's points balance (GET /live/points) */
  fetchBalance?: () => Promise<number>
  /**
   * Join the real-time media path after ALLOW_MICROPHONE; resolves true once joined. Absent: this app has no media
   * path of its own (the provider's SDK carries audio), so the room says so and never claims to be on air.
   */
  joinMedia?: (allow: { deadline: number }) => Promise<boolean>
}

/** One server event of the interactions, with its name. */
export type IxPacket<E extends keyof InteractionServerEvents> = { EVENT: E } & InteractionServerEvents[E]

/** The server events one kind follows. */
export type IxHandlers = { [E in keyof InteractionServerEvents]?: (p: IxPacket<E>) => void }

// ---- each kind's part of the state (its logic in its own file) ----

export interface CheckinCard {
  checkinId: number
  message: string
  /** server epoch ms */
  endsAt: number
  signed: boolean
  busy: boolean
}

export interface QuestionnaireCard {
  questionnaireId: number
  title: string
  items: QuestionnaireItem[]
  /** open: may answer; submitted: my answers are in; closed: the teacher stopped it */
  status: 'open' | 'submitted' | 'closed'
  /** shown when the teacher chose to show results */
  result: QuestionnaireResult | null
  busy: boolean
}

/** right | partial (some right options of a multiple choice, none wrong) | wrong | none (I did not answer) */
export type Verdict = 'right' | 'partial' | 'wrong' | 'none'

export interface AnswerCard {
  test: TestQuestionContent
  answered: boolean
  /** the labels I sent (null: answered on another device / before a reconnect, or not at all) */
  mine: string[] | null
  result: TestQuestionResult | null
  verdict: Verdict | null
  busy: boolean
}

export interface LotteryCard {
  lotteryId: number
  prize: string
  winnerCount: number
  /** server epoch ms the winners are announced */
  drawAt: number
  phase: 'drawing' | 'drawn'
  winners: ChatUser[]
  won: boolean
  claim: 'none' | 'sending' | 'sent'
}

export interface RedPacket {
  redpaperId: number
  user: ChatUser
  totalPoints: number
  count: number
  greeting: string
  /** shares not yet grabbed (as far as this device heard) */
  left: number
  /** who grabbed how much, newest first (at most GRAB_FEED) */
  grabs: { user: ChatUser; points: number }[]
  grab: { state: 'idle' | 'busy' | 'won' | 'gone' | 'already'; points: number }
}

export interface QuestionsState {
  /** mine and the public ones, newest first */
  list: LiveQuestion[]
  status: 'idle' | 'loading' | 'ready' | 'error'
  hasMore: boolean
  page: number
  /** answers that arrived while the tab was not looked at */
  unread: number
  asking: boolean
}

export type MicPhase = 'idle' | 'requested' | 'allowed' | 'joined' | 'failed' | 'cancelled'
export interface MicState {
  /** raise-hand is open (MIC_SWITCH) */
  open: boolean
  phase: MicPhase
  /** server epoch ms by which the allowed learner must join */
  deadline: number
  /** a real-time media path exists for this room (false: the server says why in `reason`) */
  mediaAvailable: boolean
  reason: string
  busy: boolean
  /** learners on the microphone now */
  onAir: ChatUser[]
}

export interface ControlState {
  /** everyone's audio muted by the teacher */
  mutedAll: boolean
  videoMutedAll: boolean
  /** mine muted by the teacher */
  audioMuted: boolean
  videoMuted: boolean
}
