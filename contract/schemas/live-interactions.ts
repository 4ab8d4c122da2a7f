/**
 * Live room interactions (issue "Live classes II"): check-in, questionnaire, test questions (answer card), lottery,
 * flowers, rewards and red packets as tenant points, questions to the teacher (Q&A), microphone requests and class
 * control. Same wire as ./live-codes.ts: one `message` event carrying a JSON string `{EVENT, ...}` with an ack
 * (ChatAck; `data` carries a reply where noted). Event names after ../shared/LIVE.md. No zod: the app imports this.
 * Who may send what: TEACHER_EVENTS only teacher/manager/assistant; the rest any logged-in user of a live room
 * (never a playback room). Times are epoch ms. docs/DECISIONS.md "Live — interactions".
 */
import type { RouteMeta } from '../routes'
import type { ChatUser, LiveState } from './live-codes'

export const INTERACTION = {
  /** check-in time limits a teacher may choose (seconds) */
  CHECKIN_MIN_S: 10,
  CHECKIN_MAX_S: 600,
  TEST_MIN_S: 10,
  TEST_MAX_S: 600,
  /** the lottery's draw animation before ON_LOTTERY */
  LOTTERY_DRAW_MS: 3000,
  LOTTERY_MAX_WINNERS: 100,
  /** a learner may send flowers this often */
  FLOWER_GAP_MS: 10_000,
  /** points of one red packet (total) and its share count */
  REDPAPER_MAX_POINTS: 100_000,
  REDPAPER_MAX_COUNT: 500,
  REWARD_MAX_POINTS: 10_000,
  /** questions to the teacher: same 3 s rule as chat (LIVE.SPEAK_GAP_MS), this long at most */
  QUESTION_MAX_TEXT: 500,
  QUESTIONNAIRE_MAX_QUESTIONS: 20,
  QUESTIONNAIRE_MAX_OPTIONS: 10,
  /** results pushed to moderators at most this often while answers come in */
  RESULT_PUSH_MS: 1000,
} as const

export type QuestionnaireItem =
  | { type: 'single' | 'multiple'; title: string; options: string[] }
  | { type: 'text'; title: string }

/** A question pushed from the tenant's bank as learners see it (no answer in it). */
export interface TestQuestionContent {
  testId: number
  questionId: number
  /** the bank's question type code (shared/rules/scoring.ts) */
  quesType: number
  stem: string
  /** option labels and texts, e.g. [['A','...'], ...] */
  options: [string, string][]
  endsAt: number
}

export interface TestQuestionResult {
  testId: number
  questionId: number
  /** the right answer, e.g. ['A','C'] */
  answer: string[]
  analysis: string
  answered: number
  right: number
  /** right / answered, 0..1 (0 when nobody answered) */
  rightRate: number
  /** option label -> how many chose it */
  distribution: Record<string, number>
}

export interface QuestionnaireResult {
  questionnaireId: number
  answered: number
  /** per item: option counts (choice) or the latest texts (text, at most 50) */
  items: ({ type: 'single' | 'multiple'; counts: number[] } | { type: 'text'; texts: string[] })[]
}

export interface LiveQuestion {
  questionId: number
  user: ChatUser
  content: string
  time: number
  answer: string
  answeredBy: ChatUser | null
  answeredAt: number
  public: boolean
  upvotes: number
  /** I upvoted it (per receiver) */
  upvoted: boolean
}

/** The interactions running when a user enters (LOGIN's ack: RoomSnapshot.active) so a late joiner sees them. */
export interface ActiveInteractions {
  checkin: { checkinId: number; message: string; endsAt: number; signed: boolean } | null
  questionnaire: { questionnaireId: number; title: string; items: QuestionnaireItem[]; answered: boolean } | null
  test: (TestQuestionContent & { answered: boolean }) | null
  /** raise-hand (mic requests) allowed by the teacher */
  micOpen: boolean
  /** CLASSCONTROL state: everyone muted */
  mutedAll: boolean
}

export interface InteractionClientEvents {
  // ---- teacher / manager / assistant ----
  SIGN_IN: { message: string; limitSeconds: number }
  STOP_SIGN_IN: { checkinId: number }
  /** ack data: { signed: ChatUser[], total: number } */
  CHECKIN_RESULT: { checkinId: number }
  START_QUESTIONNAIRE: { title: string; items: QuestionnaireItem[]; showResults: boolean }
  STOP_QUESTIONNAIRE: { questionnaireId: number }
  /** push a question of the tenant's bank */
  GET_TEST_QUESTION_CONTENT: { questionId: number; limitSeconds: number }
  STOP_TEST_QUESTION: { testId: number }
  /** among: everyone present, or those who signed a check-in */
  LOTTERY_START: { prize: string; winnerCount: number; among: 'present' | 'checkedIn'; checkinId?: number }
  /** a red packet of tenant points split at random among the first `count` who grab it */
  REDPAPER: { totalPoints: number; count: number; greeting?: string }
  /** answer a learner's question; public = everyone sees question and answer */
  T_ANSWER: { questionId: number; content: string; public: boolean }
  /** ack data: { list: LiveQuestion[] } newest first, all questions (teachers) */
  QUESTION_LIST_ALL: { page: number }
  ALLOW_MICROPHONE: { userId: number }
  /** open or close raise-hand for the room */
  MIC_SWITCH: { open: boolean }
  /** mute one user's or everyone's audio/video; undefined userId = all */
  CLASSCONTROL: { kind: 'audio' | 'video'; mute: boolean; userId?: number }
  /** the teacher starts / ends the class (local provider: the stream does it too) */
  CLASS_STATE: { state: Exclude<LiveState, 'waiting'> }
  // ---- learners (and staff) ----
  TO_SIGN_IN: { checkinId: number }
  ANSWER_QUESTIONNAIRE: { questionnaireId: number; answers: ({ options: number[] } | { text: string })[] }
  /** option labels chosen, e.g. ['A'] */
  ANSWER_TEST_QUESTION: { testId: number; option: string[] }
  /** a winner's claim form */
  LOTTERY_CLAIM: { lotteryId: number; name: string; phone: string; address: string }
  /** ack data: { points: number } (0 when none left) */
  GRAB_REDPAPER: { redpaperId: number }
  /** reward the teacher with own points */
  REWARD: { points: number }
  FLOWERS: Record<string, never>
  S_QUESTION: { content: string }
  QUESTION_UPVOTE: { questionId: number }
  /** ack data: { list: LiveQuestion[] }: mine and the public ones, newest first */
  QUESTION_LIST: { page: number }
  /** raise hand */
  OPEN_MICROPHONE: Record<string, never>
  /** the media path joined (within LIVE.MIC_JOIN_TIMEOUT_MS of ALLOW_MICROPHONE) */
  JOIN_SUCCESS: Record<string, never>
  /** leave the mic or withdraw the request */
  CANCEL_MICROPHONE: Record<string, never>
}

export const TEACHER_EVENTS: readonly (keyof InteractionClientEvents)[] = [
  'SIGN_IN',
  'STOP_SIGN_IN',
  'CHECKIN_RESULT',
  'START_QUESTIONNAIRE',
  'STOP_QUESTIONNAIRE',
  'GET_TEST_QUESTION_CONTENT',
  'STOP_TEST_QUESTION',
  'LOTTERY_START',
  'REDPAPER',
  'T_ANSWER',
  'QUESTION_LIST_ALL',
  'ALLOW_MICROPHONE',
  'MIC_SWITCH',
  'CLASSCONTROL',
  'CLASS_STATE',
]

export interface InteractionServerEvents {
  SIGN_IN: { checkinId: number; message: string; endsAt: number }
  /** to moderators: someone signed */
  TO_SIGN_IN: { checkinId: number; user: ChatUser; signed: number }
  STOP_SIGN_IN: { checkinId: number; signed: number }
  START_QUESTIONNAIRE: { questionnaireId: number; title: string; items: QuestionnaireItem[] }
  /** to moderators live; to everyone at the stop when showResults */
  QUESTIONNAIRE_RESULT: QuestionnaireResult
  STOP_QUESTIONNAIRE: { questionnaireId: number; result: QuestionnaireResult | null }
  GET_TEST_QUESTION_CONTENT: TestQuestionContent
  /** to moderators live while answers come in, to everyone at the stop */
  GET_TEST_QUESTION_RESULT: TestQuestionResult
  LOTTERY_START: { lotteryId: number; prize: string; winnerCount: number; drawAt: number }
  ON_LOTTERY: { lotteryId: number; prize: string; winners: ChatUser[] }
  LOTTERY_END: { lotteryId: number }
  REDPAPER: { redpaperId: number; user: ChatUser; totalPoints: number; count: number; greeting: string }
  /** everyone: someone grabbed (and how many shares are left) */
  REDPAPER_GRABBED: { redpaperId: number; user: ChatUser; points: number; left: number }
  REWARD: { user: ChatUser; points: number }
  FLOWERS: { user: ChatUser; total: number }
  /** to moderators (and the asker's own sockets) */
  S_QUESTION: LiveQuestion
  /** to the asker; to everyone when public */
  T_ANSWER: LiveQuestion
  QUESTION_UPVOTE: { questionId: number; upvotes: number }
  /** to moderators: a raise-hand */
  OPEN_MICROPHONE: { user: ChatUser }
  /** to the allowed learner (and moderators) */
  ALLOW_MICROPHONE: { userId: number; deadline: number; mediaAvailable: boolean; reason: string }
  /** the allowed learner did not join in time (server clock) */
  JOIN_CHANNEL_FAIL: { userId: number }
  JOIN_SUCCESS: { user: ChatUser }
  CANCEL_MICROPHONE: { userId: number }
  MIC_SWITCH: { open: boolean }
  CLASSCONTROL: { kind: 'audio' | 'video'; mute: boolean; userId: number | null }
}

/** Refusal codes beyond CHAT_ERRORS. */
export const INTERACTION_ERRORS = {
  /** the check-in, questionnaire, test or lottery is over (server clock) or unknown */
  over: 'OVER',
  /** already signed / answered / claimed / grabbed */
  already: 'ALREADY',
  /** not enough points */
  points: 'POINTS',
  /** not a winner of this lottery */
  notWinner: 'NOT_WINNER',
  /** raise-hand is closed */
  micClosed: 'MIC_CLOSED',
} as const
export type InteractionErrorCode = (typeof INTERACTION_ERRORS)[keyof typeof INTERACTION_ERRORS]

// ---- additions of the chat server (issue 14, server part): additive only ----

/** Events a moderator runs but never takes part in: a moderator sending one of these is refused FORBIDDEN. */
export const LEARNER_ONLY_EVENTS: readonly (keyof InteractionClientEvents)[] = [
  'TO_SIGN_IN',
  'ANSWER_QUESTIONNAIRE',
  'ANSWER_TEST_QUESTION',
  'LOTTERY_CLAIM',
  'GRAB_REDPAPER',
  'REWARD',
  'S_QUESTION',
  'QUESTION_UPVOTE',
  'OPEN_MICROPHONE',
  'JOIN_SUCCESS',
  'CANCEL_MICROPHONE',
]

/** Why a points balance changed: a red packet grabbed, a reward given / received, points the school granted. */
export type PointsReason = 'redpaper' | 'reward_sent' | 'reward_received' | 'grant'

/** One ledger row of `GET <apiBase>/live/points` (`liveRoutes` below: a learner call the spec does not list). */
export interface PointsLedgerRow {
  id: number
  /** + gained, - spent */
  delta: number
  /** the balance after this row */
  balance: number
  reason: PointsReason
  /** the live session it happened in, '' / null outside a class */
  sessionId: number | null
  sessionTitle: string
  note: string
  timeMs: number
}

/** `GET <apiBase>/live/points?pageNum&pageSize` (tenant-id + bearer token; the usual envelope's data). */
export interface PointsPage {
  balance: number
  rows: PointsLedgerRow[]
  total: number
}
export const POINTS_PATH = '/live/points'

/**
 * The live room's learner calls the spec does not list, registered by the same loop as ../routes.ts
 * (server/src/app.ts); schemas in ./live.ts. The app calls the points through its one request door (POINTS_PATH).
 */
export const liveRoutes = {
  'GET /live/points': { method: 'GET', path: POINTS_PATH },
} as const satisfies Record<string, RouteMeta>
