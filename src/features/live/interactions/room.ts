/**
 * The live room's interactions on the learner's side (issue 14; wire: contract/schemas/live-interactions.ts): one
 * store the room reads through `subscribe()` / `getState()`, composed of one file per kind: check-in (./checkin.ts),
 * questionnaire (./questionnaire.ts), answer card (./test.ts), lottery with the winner's claim (./lottery.ts), red
 * packets (./redpaper.ts), rewards (./reward.ts) and flowers (./flowers.ts) of tenant points, questions to the
 * lecturer (./questions.ts), the microphone (./mic.ts) and class control (./control.ts); what they share (the store,
 * the server's clock, the "timed interaction", refusals) is ./context.ts. No React. The chat client
 * (../chat/client.ts) owns the socket, hands every interaction packet to `handle()`, the LOGIN snapshot's `active`
 * to `enter()`, and sends for it.
 */
import { type ChatUser, isModerator } from '../../../../contract/schemas/live-codes'
import type { ActiveInteractions, InteractionServerEvents } from '../../../../contract/schemas/live-interactions'
import { unescapeChat } from '../../../../shared/live/chat'
import { Checkin } from './checkin'
import { IxContext } from './context'
import { Control, NO_CONTROL } from './control'
import { Flowers } from './flowers'
import { Lottery } from './lottery'
import { Mic, NO_MIC } from './mic'
import { Questionnaire } from './questionnaire'
import { NO_QUESTIONS, Questions } from './questions'
import { RedPackets } from './redpaper'
import { Reward } from './reward'
import { TestQuestion } from './test'
import type { InteractionState, IxDeps, IxHandlers, IxResult } from './types'

export { SYSTEM_KEPT } from './context'
export { MIC_SLACK_MS } from './mic'
export { checkQuestionnaire } from './questionnaire'
export { GRAB_FEED, REDPAPERS_KEPT } from './redpaper'
export { isMultiple, verdictOf } from './test'
export type {
  AnswerCard,
  CheckinCard,
  ControlState,
  InteractionState,
  IxAsk,
  IxDeps,
  IxEvent,
  IxResult,
  LotteryCard,
  MicPhase,
  MicState,
  QuestionnaireCard,
  QuestionsState,
  RedPacket,
  SystemLine,
  Verdict,
} from './types'

const initial = (): InteractionState => ({
  clockOffset: 0,
  moderator: false,
  mediaClient: false,
  checkin: null,
  questionnaire: null,
  test: null,
  lottery: null,
  redpapers: [],
  system: [],
  flowers: { total: 0, nextAt: 0, sending: false },
  questions: NO_QUESTIONS,
  mic: NO_MIC,
  control: NO_CONTROL,
  points: { balance: null, loading: false, rewarding: false },
})

export const INTERACTION_SERVER_EVENTS: ReadonlySet<string> = new Set<keyof InteractionServerEvents>([
  'SIGN_IN',
  'TO_SIGN_IN',
  'STOP_SIGN_IN',
  'START_QUESTIONNAIRE',
  'QUESTIONNAIRE_RESULT',
  'STOP_QUESTIONNAIRE',
  'GET_TEST_QUESTION_CONTENT',
  'GET_TEST_QUESTION_RESULT',
  'LOTTERY_START',
  'ON_LOTTERY',
  'LOTTERY_END',
  'REDPAPER',
  'REDPAPER_GRABBED',
  'REWARD',
  'FLOWERS',
  'S_QUESTION',
  'T_ANSWER',
  'QUESTION_UPVOTE',
  'OPEN_MICROPHONE',
  'ALLOW_MICROPHONE',
  'JOIN_CHANNEL_FAIL',
  'JOIN_SUCCESS',
  'CANCEL_MICROPHONE',
  'MIC_SWITCH',
  'CLASSCONTROL',
])

const NOTHING_RUNS: ActiveInteractions = {
  checkin: null,
  questionnaire: null,
  test: null,
  micOpen: false,
  mutedAll: false,
}

export class RoomInteractions {
  private readonly x: IxContext
  readonly checkin: Checkin
  readonly questionnaire: Questionnaire
  readonly test: TestQuestion
  readonly lottery: Lottery
  readonly redpapers: RedPackets
  readonly rewards: Reward
  readonly flowers: Flowers
  readonly questions: Questions
  readonly mic: Mic
  readonly control: Control
  private readonly handlers: IxHandlers

  constructor(d: IxDeps) {
    const x = new IxContext(d, { ...initial(), mediaClient: !!d.joinMedia })
    this.x = x
    this.checkin = new Checkin(x)
    this.questionnaire = new Questionnaire(x)
    this.test = new TestQuestion(x)
    this.lottery = new Lottery(x)
    this.redpapers = new RedPackets(x)
    this.rewards = new Reward(x)
    this.flowers = new Flowers(x)
    this.questions = new Questions(x)
    this.mic = new Mic(x)
    this.control = new Control(x)
    this.handlers = {
      ...this.checkin.on,
      ...this.questionnaire.on,
      ...this.test.on,
      ...this.lottery.on,
      ...this.redpapers.on,
      ...this.rewards.on,
      ...this.flowers.on,
      ...this.questions.on,
      ...this.mic.on,
      ...this.control.on,
    }
  }

  // ---- store ----------------------------------------------------------------------------------

  getState = (): InteractionState => this.x.state

  subscribe = (fn: () => void): (() => void) => this.x.subscribe(fn)

  /** Now on the server's clock (epoch ms). */
  serverNow = (): number => this.x.serverNow()

  /**
   * Measure the offset to the server's clock: `fetchServerMs` answers the server's time (epoch ms); the answer is
   * taken to be from the middle of the round trip.
   */
  async syncClock(fetchServerMs: () => Promise<number>): Promise<void> {
    const asked = this.x.d.now()
    let server: number
    try {
      server = await fetchServerMs()
    } catch {
      return // the device clock stands in; the server still decides
    }
    if (!Number.isFinite(server) || server <= 0) return
    const answered = this.x.d.now()
    this.x.set({ clockOffset: Math.round(server - (asked + answered) / 2) })
    this.rearm()
  }

  /** Timers off (the room is left); the state stays for a return. */
  pause(): void {
    this.x.pause()
  }

  /** Timers again after the clock moved or the room came back. */
  private rearm(): void {
    this.checkin.rearm()
    this.test.rearm()
    this.mic.rearm()
  }

  /** Logged in (again): what runs in the room now, so a late joiner (or a reconnect) sees it. */
  enter(active: ActiveInteractions | undefined, me: ChatUser | null): void {
    this.x.pause()
    const a = active ?? NOTHING_RUNS
    this.x.set({
      moderator: me ? isModerator(me.userType) : false,
      checkin: this.checkin.enter(a),
      questionnaire: this.questionnaire.enter(a),
      test: this.test.enter(a),
      mic: this.mic.enter(a.micOpen),
      control: this.control.enter(a.mutedAll),
    })
    this.rearm()
    if (this.x.state.questions.status !== 'idle') void this.questions.load()
  }

  /** One interaction packet from the server; false when it is not one. */
  handle(raw: { EVENT: string }): boolean {
    if (!INTERACTION_SERVER_EVENTS.has(raw.EVENT)) return false
    const on = this.handlers[raw.EVENT as keyof InteractionServerEvents] as ((p: unknown) => void) | undefined
    on?.(raw)
    return true
  }

  // ---- the kinds' actions, as the room calls them ----------------------------------------------

  sign = (): Promise<IxResult> => this.checkin.sign()
  answerQuestionnaire = (answers: ({ options: number[] } | { text: string })[]): Promise<IxResult> =>
    this.questionnaire.answer(answers)
  dismissQuestionnaire = (): void => this.questionnaire.dismiss()
  testTimeUp = (): boolean => this.test.timeUp()
  answerTest = (labels: string[]): Promise<IxResult> => this.test.answer(labels)
  dismissTest = (): void => this.test.dismiss()
  claim = (form: { name: string; phone: string; address: string }): Promise<IxResult> => this.lottery.claim(form)
  dismissLottery = (): void => this.lottery.dismiss()
  packet = (id: number) => this.redpapers.packet(id)
  grab = (redpaperId: number): Promise<IxResult> => this.redpapers.grab(redpaperId)
  loadBalance = (): Promise<number | null> => this.rewards.loadBalance()
  reward = (points: number): Promise<IxResult> => this.rewards.reward(points)
  flowerWait = (): number => this.flowers.wait()
  sendFlowers = (): Promise<IxResult> => this.flowers.send()
  markQuestionsRead = (): void => this.questions.markRead()
  loadQuestions = (more = false): Promise<void> => this.questions.load(more)
  ask = (raw: string): Promise<IxResult> => this.questions.ask(raw)
  upvote = (questionId: number): Promise<IxResult> => this.questions.upvote(questionId)
  raiseHand = (): Promise<IxResult> => this.mic.raiseHand()
  cancelMic = (): Promise<IxResult> => this.mic.cancel()
  clearMicNotice = (): void => this.mic.clearNotice()
  joinMic = (): Promise<IxResult> => this.mic.join()
}

/** Server text (only `<` `>` escaped) as typed, for a text node. */
export const plain = (s: string) => unescapeChat(s)
