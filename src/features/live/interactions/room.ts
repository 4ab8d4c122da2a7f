/**
 * The live room's interactions on the learner's side (issue 14; wire: contract/schemas/live-interactions.ts):
 * check-in, questionnaire, answer card (test question), lottery with the winner's claim, red packets, rewards and
 * flowers (tenant points), questions to the lecturer, the microphone and class control. No React: the room reads
 * `getState()` through `subscribe()` and calls the actions; the chat client (./client.ts) owns the socket, hands
 * every interaction packet to `handle()`, the LOGIN snapshot's `active` to `enter()`, and sends for it.
 *
 * Time limits run on the SERVER clock: `serverNow()` is the device clock plus the offset measured against the
 * server's time (`syncClock`), so a learner whose phone is minutes off still sees the real countdown. The server is
 * the guard for every rule (one answer, time limits, points); the checks here are courtesies that spare a round trip
 * and say why at once.
 */
import { CHAT_ERRORS, type ChatAck, type ChatUser, isModerator, LIVE } from '../../../../contract/schemas/live-codes'
import {
  type ActiveInteractions,
  INTERACTION,
  INTERACTION_ERRORS,
  type InteractionClientEvents,
  type InteractionServerEvents,
  type LiveQuestion,
  type QuestionnaireItem,
  type QuestionnaireResult,
  type TestQuestionContent,
  type TestQuestionResult,
} from '../../../../contract/schemas/live-interactions'
import { unescapeChat } from '../../../../shared/live/chat'
import { isPhone } from '../../../../shared/rules/phone'
import { scoreQuestion } from '../../../../shared/rules/scoring'
import { ix } from './messages'

type Refusal = Extract<ChatAck, { ok: false }>

export type IxAsk = <K extends keyof InteractionClientEvents>(
  event: K,
  payload: InteractionClientEvents[K],
) => Promise<ChatAck>

export interface IxResult {
  ok: boolean
  code?: string
  message?: string
}

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

/** Room happenings shown between chat messages. `time` is server epoch ms. */
export type SystemLine =
  | { id: string; kind: 'reward'; user: ChatUser; points: number; time: number }
  | { id: string; kind: 'flowers'; user: ChatUser; time: number }
  | { id: string; kind: 'redpaper'; user: ChatUser; redpaperId: number; greeting: string; time: number }

type LineInput = SystemLine extends infer L ? (L extends SystemLine ? Omit<L, 'id' | 'time'> : never) : never

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

export const SYSTEM_KEPT = 100
export const REDPAPERS_KEPT = 20
export const GRAB_FEED = 30
/** a local mic deadline with no word from the server after this long: failed */
export const MIC_SLACK_MS = 3000

const NO_CONTROL: ControlState = { mutedAll: false, videoMutedAll: false, audioMuted: false, videoMuted: false }

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
  questions: { list: [], status: 'idle', hasMore: false, page: 0, unread: 0, asking: false },
  mic: { open: false, phase: 'idle', deadline: 0, mediaAvailable: false, reason: '', busy: false, onAir: [] },
  control: NO_CONTROL,
  points: { balance: null, loading: false, rewarding: false },
})

type ServerPacket = {
  [K in keyof InteractionServerEvents]: { EVENT: K } & InteractionServerEvents[K]
}[keyof InteractionServerEvents]

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

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null
const isUser = (v: unknown): v is ChatUser => isObj(v) && typeof v.userId === 'number' && typeof v.nick === 'string'
const num = (v: unknown, dflt = 0) => (typeof v === 'number' && Number.isFinite(v) ? v : dflt)
const str = (v: unknown) => (typeof v === 'string' ? v : '')
const chars = (s: string) => Array.from(s).length

/** The verdict of my labels against the right answer, by shared/rules/scoring.ts's rules (partial for a subset). */
export function verdictOf(quesType: number, mine: string[] | null, answer: string[]): Verdict {
  if (!mine || mine.length === 0) return 'none'
  const type = quesType === 2 ? 2 : quesType === 3 ? 3 : 1
  const s = scoreQuestion({ questionId: 0, type, score: 1, partScore: 0, ans: answer.join(','), ques: mine.join(',') })
  return s.state === 'right' ? 'right' : s.state === 'partial' ? 'partial' : 'wrong'
}

/** Choice questions: 2 is multiple choice (several labels), 1 single and 3 judgement take one (shared/rules/scoring.ts). */
export const isMultiple = (quesType: number) => quesType === 2

export class RoomInteractions {
  private state: InteractionState = initial()
  private readonly listeners = new Set<() => void>()
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>()
  private lastAskAt = 0
  private seq = 0

  constructor(private readonly d: IxDeps) {
    this.state = { ...this.state, mediaClient: !!d.joinMedia }
  }

  // ---- store ----------------------------------------------------------------------------------

  getState = (): InteractionState => this.state

  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn)
    return () => this.listeners.delete(fn)
  }

  private set(patch: Partial<InteractionState>): void {
    this.state = { ...this.state, ...patch }
    for (const fn of [...this.listeners]) fn()
  }

  /** Now on the server's clock (epoch ms). */
  serverNow = (): number => this.d.now() + this.state.clockOffset

  /**
   * Measure the offset to the server's clock: `fetchServerMs` answers the server's time (epoch ms); the answer is
   * taken to be from the middle of the round trip.
   */
  async syncClock(fetchServerMs: () => Promise<number>): Promise<void> {
    const asked = this.d.now()
    let server: number
    try {
      server = await fetchServerMs()
    } catch {
      return // the device clock stands in; the server still decides
    }
    if (!Number.isFinite(server) || server <= 0) return
    const answered = this.d.now()
    this.set({ clockOffset: Math.round(server - (asked + answered) / 2) })
    this.rearm()
  }

  private arm(key: string, atServerMs: number, run: () => void): void {
    this.clear(key)
    const ms = Math.max(0, atServerMs - this.serverNow())
    this.timers.set(
      key,
      setTimeout(
        () => {
          this.timers.delete(key)
          run()
        },
        Math.min(ms, 2 ** 31 - 1),
      ),
    )
  }

  private clear(key: string): void {
    const t = this.timers.get(key)
    if (t) clearTimeout(t)
    this.timers.delete(key)
  }

  /** Timers off (the room is left); the state stays for a return. */
  pause(): void {
    for (const t of this.timers.values()) clearTimeout(t)
    this.timers.clear()
  }

  /** Timers again after the clock moved or the room came back. */
  private rearm(): void {
    const s = this.state
    if (s.checkin) this.armCheckin(s.checkin)
    if (s.test && !s.test.result) this.armTest(s.test.test)
    if (s.mic.phase === 'allowed') this.armMic(s.mic.deadline)
  }

  // ---- entering (LOGIN snapshot) -------------------------------------------------------------

  /** Logged in (again): what runs in the room now, so a late joiner (or a reconnect) sees it. */
  enter(active: ActiveInteractions | undefined, me: ChatUser | null): void {
    this.pause()
    const s = this.state
    const a = active ?? { checkin: null, questionnaire: null, test: null, micOpen: false, mutedAll: false }
    const checkin: CheckinCard | null = a.checkin
      ? {
          checkinId: a.checkin.checkinId,
          message: a.checkin.message,
          endsAt: a.checkin.endsAt,
          signed: a.checkin.signed,
          busy: false,
        }
      : null
    let questionnaire: QuestionnaireCard | null
    if (a.questionnaire) {
      const same = s.questionnaire?.questionnaireId === a.questionnaire.questionnaireId ? s.questionnaire : null
      questionnaire = {
        questionnaireId: a.questionnaire.questionnaireId,
        title: a.questionnaire.title,
        items: a.questionnaire.items,
        status: a.questionnaire.answered ? 'submitted' : 'open',
        result: same?.result ?? null,
        busy: false,
      }
    } else {
      // it ended while away: keep only results that are on screen
      questionnaire = s.questionnaire?.status === 'closed' && s.questionnaire.result ? s.questionnaire : null
    }
    let test: AnswerCard | null
    if (a.test) {
      const { answered, ...content } = a.test
      const same = s.test?.test.testId === content.testId ? s.test : null
      test = { test: content, answered, mine: same?.mine ?? null, result: null, verdict: null, busy: false }
    } else test = s.test?.result ? s.test : null
    this.set({
      moderator: me ? isModerator(me.userType) : false,
      checkin,
      questionnaire,
      test,
      mic: {
        ...s.mic,
        open: a.micOpen,
        // the server ends a raised hand when the user leaves the room (a reconnect included)
        phase: 'idle',
        deadline: 0,
        busy: false,
      },
      control: { ...NO_CONTROL, mutedAll: a.mutedAll },
    })
    this.rearm()
    if (this.state.questions.status !== 'idle') void this.loadQuestions()
  }

  // ---- server events --------------------------------------------------------------------------

  /** One interaction packet from the server; false when it is not one. */
  handle(raw: { EVENT: string }): boolean {
    if (!INTERACTION_SERVER_EVENTS.has(raw.EVENT)) return false
    const p = raw as ServerPacket
    switch (p.EVENT) {
      case 'SIGN_IN':
        this.onSignIn(p)
        break
      case 'STOP_SIGN_IN':
        if (this.state.checkin?.checkinId === p.checkinId) this.closeCheckin()
        break
      case 'START_QUESTIONNAIRE':
        if (typeof p.questionnaireId !== 'number' || !Array.isArray(p.items)) break
        this.set({
          questionnaire: {
            questionnaireId: p.questionnaireId,
            title: str(p.title),
            items: p.items,
            status: 'open',
            result: null,
            busy: false,
          },
        })
        this.d.fire({ type: 'questionnaire', questionnaireId: p.questionnaireId })
        break
      case 'QUESTIONNAIRE_RESULT': {
        const q = this.state.questionnaire
        if (q && q.questionnaireId === p.questionnaireId) this.set({ questionnaire: { ...q, result: p } })
        break
      }
      case 'STOP_QUESTIONNAIRE': {
        const q = this.state.questionnaire
        if (!q || q.questionnaireId !== p.questionnaireId) break
        // no results to show: the sheet goes
        if (!p.result) this.set({ questionnaire: null })
        else this.set({ questionnaire: { ...q, status: 'closed', result: p.result, busy: false } })
        break
      }
      case 'GET_TEST_QUESTION_CONTENT':
        this.onTest(p)
        break
      case 'GET_TEST_QUESTION_RESULT':
        this.onTestResult(p)
        break
      case 'LOTTERY_START':
        if (typeof p.lotteryId !== 'number') break
        this.set({
          lottery: {
            lotteryId: p.lotteryId,
            prize: str(p.prize),
            winnerCount: num(p.winnerCount),
            drawAt: num(p.drawAt, this.serverNow() + INTERACTION.LOTTERY_DRAW_MS),
            phase: 'drawing',
            winners: [],
            won: false,
            claim: 'none',
          },
        })
        this.d.fire({ type: 'lottery', lotteryId: p.lotteryId })
        break
      case 'ON_LOTTERY':
        this.onLottery(p)
        break
      case 'LOTTERY_END':
        break
      case 'REDPAPER':
        this.onRedpaper(p)
        break
      case 'REDPAPER_GRABBED':
        this.onGrabbed(p)
        break
      case 'REWARD':
        if (isUser(p.user)) this.line({ kind: 'reward', user: p.user, points: num(p.points) })
        break
      case 'FLOWERS':
        if (!isUser(p.user)) break
        this.set({ flowers: { ...this.state.flowers, total: Math.max(this.state.flowers.total, num(p.total)) } })
        this.line({ kind: 'flowers', user: p.user })
        this.d.fire({ type: 'flowers', user: p.user, mine: this.isMe(p.user.userId) })
        break
      case 'S_QUESTION':
        if (typeof p.questionId === 'number') this.mergeQuestions([p])
        break
      case 'T_ANSWER':
        this.onAnswer(p)
        break
      case 'QUESTION_UPVOTE':
        this.patchQuestion(p.questionId, (q) => ({ ...q, upvotes: Math.max(q.upvotes, num(p.upvotes)) }))
        break
      case 'MIC_SWITCH':
        this.set({ mic: { ...this.state.mic, open: !!p.open } })
        if (!p.open && this.state.mic.phase === 'requested') this.d.toast(ix('mic.closedWhileWaiting'))
        break
      case 'ALLOW_MICROPHONE':
        if (this.isMe(p.userId)) void this.onAllowed(p)
        break
      case 'JOIN_CHANNEL_FAIL':
        if (this.isMe(p.userId) && this.state.mic.phase === 'allowed') {
          this.clear('mic')
          this.set({ mic: { ...this.state.mic, phase: 'failed', busy: false } })
          this.d.toast(ix('mic.failed'))
        }
        break
      case 'JOIN_SUCCESS':
        if (!isUser(p.user)) break
        this.set({
          mic: {
            ...this.state.mic,
            onAir: [...this.state.mic.onAir.filter((u) => u.userId !== p.user.userId), p.user],
            ...(this.isMe(p.user.userId) ? { phase: 'joined' as const, busy: false } : {}),
          },
        })
        if (this.isMe(p.user.userId)) this.clear('mic')
        break
      case 'CANCEL_MICROPHONE': {
        const m = this.state.mic
        const onAir = m.onAir.filter((u) => u.userId !== p.userId)
        if (this.isMe(p.userId) && m.phase !== 'idle' && m.phase !== 'failed' && m.phase !== 'cancelled') {
          this.clear('mic')
          this.set({ mic: { ...m, onAir, phase: 'cancelled', busy: false } })
        } else this.set({ mic: { ...m, onAir } })
        break
      }
      case 'CLASSCONTROL':
        this.onControl(p)
        break
      default:
        break
    }
    return true
  }

  private isMe(userId: unknown): boolean {
    const me = this.d.me()
    return !!me && me.userId === userId
  }

  private line(l: LineInput): void {
    const full = { ...l, id: `sys-${++this.seq}`, time: this.serverNow() } as SystemLine
    this.set({ system: [...this.state.system, full].slice(-SYSTEM_KEPT) })
  }

  // ---- check-in ---------------------------------------------------------------------------------

  private onSignIn(p: InteractionServerEvents['SIGN_IN']): void {
    if (typeof p.checkinId !== 'number') return
    const card: CheckinCard = {
      checkinId: p.checkinId,
      message: str(p.message),
      endsAt: num(p.endsAt),
      signed: false,
      busy: false,
    }
    this.set({ checkin: card })
    this.armCheckin(card)
  }

  private armCheckin(c: CheckinCard): void {
    // at zero the card closes (the server's STOP_SIGN_IN follows)
    this.arm('checkin', c.endsAt, () => {
      if (this.state.checkin?.checkinId === c.checkinId) this.closeCheckin()
    })
  }

  private closeCheckin(): void {
    this.clear('checkin')
    this.set({ checkin: null })
  }

  /** Sign the running check-in. */
  async sign(): Promise<IxResult> {
    const c = this.state.checkin
    if (!c || c.signed || c.busy) return { ok: false }
    if (c.endsAt <= this.serverNow()) {
      this.closeCheckin()
      return this.refuse(INTERACTION_ERRORS.over, ix('checkin.over'))
    }
    this.patchCheckin(c.checkinId, { busy: true })
    const ack = await this.d.ask('TO_SIGN_IN', { checkinId: c.checkinId })
    if (ack.ok || ack.code === INTERACTION_ERRORS.already) {
      this.patchCheckin(c.checkinId, { busy: false, signed: true })
      if (ack.ok) this.d.toast(ix('checkin.done'))
      return { ok: true }
    }
    this.patchCheckin(c.checkinId, { busy: false })
    if (ack.code === INTERACTION_ERRORS.over) {
      if (this.state.checkin?.checkinId === c.checkinId) this.closeCheckin()
      return this.refuse(ack.code, ix('checkin.over'))
    }
    return this.refused(ack)
  }

  private patchCheckin(id: number, patch: Partial<CheckinCard>): void {
    const c = this.state.checkin
    if (c && c.checkinId === id) this.set({ checkin: { ...c, ...patch } })
  }

  // ---- questionnaire ----------------------------------------------------------------------------

  /**
   * Submit the questionnaire once. `answers` follow the items: option indexes (single: exactly one, multiple: one
   * or more) or a text (1-500 characters after trimming).
   */
  async answerQuestionnaire(answers: ({ options: number[] } | { text: string })[]): Promise<IxResult> {
    const q = this.state.questionnaire
    if (q?.status !== 'open' || q.busy) return { ok: false }
    const checked = checkQuestionnaire(q.items, answers)
    if (typeof checked === 'string') return this.refuse(CHAT_ERRORS.badRequest, checked)
    this.set({ questionnaire: { ...q, busy: true } })
    const ack = await this.d.ask('ANSWER_QUESTIONNAIRE', { questionnaireId: q.questionnaireId, answers: checked })
    const now = this.state.questionnaire
    if (!now || now.questionnaireId !== q.questionnaireId) return { ok: ack.ok }
    if (ack.ok || ack.code === INTERACTION_ERRORS.already) {
      this.set({ questionnaire: { ...now, status: now.status === 'closed' ? 'closed' : 'submitted', busy: false } })
      if (ack.ok) this.d.toast(ix('questionnaire.done'))
      return { ok: true }
    }
    this.set({ questionnaire: { ...now, busy: false } })
    if (ack.code === INTERACTION_ERRORS.over) {
      this.set({ questionnaire: now.result ? { ...now, status: 'closed', busy: false } : null })
      return this.refuse(ack.code, ix('questionnaire.over'))
    }
    if (ack.code === CHAT_ERRORS.badRequest) return this.refuse(ack.code, ix('questionnaire.invalid'))
    return this.refused(ack)
  }

  /** The questionnaire sheet is closed for good (after it ended). */
  dismissQuestionnaire(): void {
    const q = this.state.questionnaire
    if (q && q.status !== 'open') this.set({ questionnaire: null })
  }

  // ---- answer card ------------------------------------------------------------------------------

  private onTest(p: TestQuestionContent): void {
    if (typeof p.testId !== 'number' || !Array.isArray(p.options)) return
    const test: TestQuestionContent = {
      testId: p.testId,
      questionId: num(p.questionId),
      quesType: num(p.quesType, 1),
      stem: str(p.stem),
      options: p.options,
      endsAt: num(p.endsAt),
    }
    this.set({ test: { test, answered: false, mine: null, result: null, verdict: null, busy: false } })
    this.armTest(test)
    this.d.fire({ type: 'test', testId: test.testId })
  }

  private armTest(t: TestQuestionContent): void {
    // at zero: re-render so the card says time is up (the result follows from the server)
    this.arm('test', t.endsAt, () => {
      const c = this.state.test
      if (c && c.test.testId === t.testId) this.set({ test: { ...c } })
    })
  }

  private onTestResult(r: TestQuestionResult): void {
    if (typeof r.testId !== 'number' || !Array.isArray(r.answer)) return
    const c = this.state.test
    // a result of a question I never saw (it started before I came): show it with the stem unknown? no: skip
    if (!c || c.test.testId !== r.testId) return
    this.clear('test')
    const verdict = c.answered && !c.mine ? null : verdictOf(c.test.quesType, c.mine, r.answer)
    this.set({ test: { ...c, result: r, verdict, busy: false } })
    this.d.fire({ type: 'testResult', testId: r.testId })
  }

  /** Time left on the answer card is over (server clock). */
  testTimeUp(): boolean {
    const c = this.state.test
    return !!c && c.test.endsAt <= this.serverNow()
  }

  /** Send my answer once: option labels ('A', …); one for single choice and judgement. */
  async answerTest(labels: string[]): Promise<IxResult> {
    const c = this.state.test
    if (!c || c.answered || c.result || c.busy) return { ok: false }
    if (this.testTimeUp()) return this.refuse(INTERACTION_ERRORS.over, ix('test.over'))
    const valid = new Set(c.test.options.map(([l]) => l))
    const picked = [...new Set(labels)].filter((l) => valid.has(l)).sort()
    if (picked.length === 0) return this.refuse(CHAT_ERRORS.badRequest, ix('test.pick'))
    if (!isMultiple(c.test.quesType) && picked.length !== 1)
      return this.refuse(CHAT_ERRORS.badRequest, ix('test.pickOne'))
    this.set({ test: { ...c, busy: true } })
    const ack = await this.d.ask('ANSWER_TEST_QUESTION', { testId: c.test.testId, option: picked })
    const now = this.state.test
    if (!now || now.test.testId !== c.test.testId) return { ok: ack.ok }
    if (ack.ok) {
      this.set({ test: { ...now, answered: true, mine: picked, busy: false } })
      this.d.toast(ix('test.done'))
      return { ok: true }
    }
    if (ack.code === INTERACTION_ERRORS.already) {
      this.set({ test: { ...now, answered: true, busy: false } })
      return this.refuse(ack.code, ix('test.already'))
    }
    this.set({ test: { ...now, busy: false } })
    if (ack.code === INTERACTION_ERRORS.over) return this.refuse(ack.code, ix('test.over'))
    if (ack.code === CHAT_ERRORS.badRequest) return this.refuse(ack.code, ix('test.pick'))
    return this.refused(ack)
  }

  dismissTest(): void {
    if (this.state.test?.result) this.set({ test: null })
  }

  // ---- lottery ----------------------------------------------------------------------------------

  private onLottery(p: InteractionServerEvents['ON_LOTTERY']): void {
    if (typeof p.lotteryId !== 'number') return
    const winners = Array.isArray(p.winners) ? p.winners.filter(isUser) : []
    const me = this.d.me()
    const won = !!me && winners.some((w) => w.userId === me.userId)
    const prev = this.state.lottery
    const same = prev?.lotteryId === p.lotteryId ? prev : null
    this.set({
      lottery: {
        lotteryId: p.lotteryId,
        prize: str(p.prize) || same?.prize || '',
        winnerCount: same?.winnerCount ?? winners.length,
        drawAt: same?.drawAt ?? this.serverNow(),
        phase: 'drawn',
        winners,
        won,
        claim: same?.claim ?? 'none',
      },
    })
    this.d.fire({ type: 'lotteryDrawn', lotteryId: p.lotteryId, won })
  }

  /** A winner's claim form, sent once: name, mobile phone (spec §5 rule) and address. */
  async claim(form: { name: string; phone: string; address: string }): Promise<IxResult> {
    const l = this.state.lottery
    if (!l?.won || l.phase !== 'drawn' || l.claim !== 'none') return { ok: false }
    const name = form.name.trim()
    const phone = form.phone.trim()
    const address = form.address.trim()
    if (!name || chars(name) > 30) return this.refuse(CHAT_ERRORS.badRequest, ix('claim.name'), false)
    if (!isPhone(phone)) return this.refuse(CHAT_ERRORS.badRequest, ix('claim.phone'), false)
    if (!address || chars(address) > 200) return this.refuse(CHAT_ERRORS.badRequest, ix('claim.address'), false)
    this.patchLottery(l.lotteryId, { claim: 'sending' })
    const ack = await this.d.ask('LOTTERY_CLAIM', { lotteryId: l.lotteryId, name, phone, address })
    if (ack.ok || ack.code === INTERACTION_ERRORS.already) {
      this.patchLottery(l.lotteryId, { claim: 'sent' })
      this.d.toast(ix(ack.ok ? 'claim.done' : 'claim.already'))
      return { ok: true }
    }
    this.patchLottery(l.lotteryId, { claim: 'none' })
    if (ack.code === INTERACTION_ERRORS.notWinner) return this.refuse(ack.code, ix('claim.notWinner'))
    if (ack.code === INTERACTION_ERRORS.over) return this.refuse(ack.code, ix('lottery.over'))
    if (ack.code === CHAT_ERRORS.badRequest) return this.refuse(ack.code, ix('claim.invalid'))
    return this.refused(ack)
  }

  private patchLottery(id: number, patch: Partial<LotteryCard>): void {
    const l = this.state.lottery
    if (l && l.lotteryId === id) this.set({ lottery: { ...l, ...patch } })
  }

  dismissLottery(): void {
    const l = this.state.lottery
    // a winner who has not claimed keeps the card (the room shows a way back to the form)
    if (l && l.phase === 'drawn' && !(l.won && l.claim !== 'sent')) this.set({ lottery: null })
  }

  // ---- red packets, rewards, flowers --------------------------------------------------------------

  private onRedpaper(p: InteractionServerEvents['REDPAPER']): void {
    if (typeof p.redpaperId !== 'number' || !isUser(p.user)) return
    if (this.state.redpapers.some((r) => r.redpaperId === p.redpaperId)) return
    const packet: RedPacket = {
      redpaperId: p.redpaperId,
      user: p.user,
      totalPoints: num(p.totalPoints),
      count: num(p.count),
      greeting: str(p.greeting),
      left: num(p.count),
      grabs: [],
      grab: { state: 'idle', points: 0 },
    }
    this.set({ redpapers: [...this.state.redpapers, packet].slice(-REDPAPERS_KEPT) })
    this.line({ kind: 'redpaper', user: p.user, redpaperId: p.redpaperId, greeting: packet.greeting })
    this.d.fire({ type: 'redpaper', redpaperId: p.redpaperId })
  }

  private onGrabbed(p: InteractionServerEvents['REDPAPER_GRABBED']): void {
    if (!isUser(p.user)) return
    this.patchPacket(p.redpaperId, (r) => ({
      ...r,
      left: Math.min(r.left, Math.max(0, num(p.left))),
      grabs: r.grabs.some((g) => g.user.userId === p.user.userId)
        ? r.grabs
        : [{ user: p.user, points: num(p.points) }, ...r.grabs].slice(0, GRAB_FEED),
    }))
  }

  private patchPacket(id: number, fn: (r: RedPacket) => RedPacket): void {
    if (!this.state.redpapers.some((r) => r.redpaperId === id)) return
    this.set({ redpapers: this.state.redpapers.map((r) => (r.redpaperId === id ? fn(r) : r)) })
  }

  packet(id: number): RedPacket | null {
    return this.state.redpapers.find((r) => r.redpaperId === id) ?? null
  }

  /** Grab a share of a red packet: points won, or 'all gone'. */
  async grab(redpaperId: number): Promise<IxResult> {
    const r = this.packet(redpaperId)
    if (r?.grab.state !== 'idle') return { ok: false }
    this.patchPacket(redpaperId, (x) => ({ ...x, grab: { state: 'busy', points: 0 } }))
    const ack = await this.d.ask('GRAB_REDPAPER', { redpaperId })
    if (ack.ok) {
      const data = (isObj(ack.data) ? ack.data : {}) as { points?: unknown; balance?: unknown }
      const points = num(data.points)
      this.patchPacket(redpaperId, (x) => ({
        ...x,
        ...(points > 0 ? {} : { left: 0 }),
        grab: { state: points > 0 ? 'won' : 'gone', points },
      }))
      if (typeof data.balance === 'number') this.set({ points: { ...this.state.points, balance: data.balance } })
      return { ok: true }
    }
    if (ack.code === INTERACTION_ERRORS.already) {
      this.patchPacket(redpaperId, (x) => ({ ...x, grab: { state: 'already', points: 0 } }))
      return { ok: true }
    }
    if (ack.code === INTERACTION_ERRORS.over) {
      this.patchPacket(redpaperId, (x) => ({ ...x, left: 0, grab: { state: 'gone', points: 0 } }))
      return { ok: true }
    }
    this.patchPacket(redpaperId, (x) => ({ ...x, grab: { state: 'idle', points: 0 } }))
    return this.refused(ack)
  }

  /** My points balance (for the reward sheet). */
  async loadBalance(): Promise<number | null> {
    const fetch = this.d.fetchBalance
    if (!fetch || this.state.points.loading) return this.state.points.balance
    this.set({ points: { ...this.state.points, loading: true } })
    try {
      const balance = await fetch()
      this.set({ points: { ...this.state.points, balance, loading: false } })
      return balance
    } catch {
      this.set({ points: { ...this.state.points, loading: false } })
      return this.state.points.balance
    }
  }

  /** Reward the lecturer with my points (1..REWARD_MAX_POINTS; never more than I have). */
  async reward(points: number): Promise<IxResult> {
    if (this.state.points.rewarding) return { ok: false }
    if (!Number.isSafeInteger(points) || points < 1 || points > INTERACTION.REWARD_MAX_POINTS)
      return this.refuse(CHAT_ERRORS.badRequest, ix('reward.range', { max: INTERACTION.REWARD_MAX_POINTS }))
    const balance = this.state.points.balance
    if (balance !== null && balance < points)
      return this.refuse(INTERACTION_ERRORS.points, ix('reward.short', { balance }))
    this.set({ points: { ...this.state.points, rewarding: true } })
    const ack = await this.d.ask('REWARD', { points })
    this.set({ points: { ...this.state.points, rewarding: false } })
    if (ack.ok) {
      const data = isObj(ack.data) ? ack.data : {}
      if (typeof data.balance === 'number') this.set({ points: { ...this.state.points, balance: data.balance } })
      this.d.toast(ix('reward.done', { n: points }))
      return { ok: true }
    }
    if (ack.code === INTERACTION_ERRORS.points) {
      // the server's balance is the truth: read it again for the sheet
      void this.loadBalance()
      return this.refuse(ack.code, ix('reward.shortUnknown'))
    }
    if (ack.code === CHAT_ERRORS.badRequest) return this.refuse(ack.code, ix('reward.noTeacher'))
    return this.refused(ack)
  }

  /** Seconds until I may send flowers again (0: now). */
  flowerWait(): number {
    return Math.max(0, Math.ceil((this.state.flowers.nextAt - this.d.now()) / 1000))
  }

  /** Send a bunch of flowers to the lecturer (one every FLOWER_GAP_MS). */
  async sendFlowers(): Promise<IxResult> {
    const f = this.state.flowers
    if (f.sending) return { ok: false }
    const wait = this.flowerWait()
    if (wait > 0) return this.refuse(CHAT_ERRORS.tooFast, ix('flowers.wait', { s: wait }))
    this.set({ flowers: { ...f, sending: true, nextAt: this.d.now() + INTERACTION.FLOWER_GAP_MS } })
    const ack = await this.d.ask('FLOWERS', {})
    const now = this.state.flowers
    if (ack.ok) {
      const data = isObj(ack.data) ? ack.data : {}
      this.set({ flowers: { ...now, sending: false, total: Math.max(now.total, num(data.total)) } })
      return { ok: true }
    }
    if (ack.code === CHAT_ERRORS.tooFast) {
      this.set({ flowers: { ...now, sending: false } })
      return this.refuse(ack.code, ix('flowers.wait', { s: Math.max(1, this.flowerWait()) }))
    }
    // refused for another reason: the gap did not start
    this.set({ flowers: { ...now, sending: false, nextAt: 0 } })
    return this.refused(ack)
  }

  // ---- questions to the lecturer ------------------------------------------------------------------

  private mergeQuestions(incoming: LiveQuestion[]): void {
    const byId = new Map(this.state.questions.list.map((q) => [q.questionId, q]))
    for (const q of incoming) {
      const old = byId.get(q.questionId)
      byId.set(q.questionId, old ? { ...q, upvoted: q.upvoted || old.upvoted } : q)
    }
    const list = [...byId.values()].sort((a, b) => b.questionId - a.questionId)
    this.set({ questions: { ...this.state.questions, list } })
  }

  private patchQuestion(id: number, fn: (q: LiveQuestion) => LiveQuestion): void {
    const qs = this.state.questions
    if (!qs.list.some((q) => q.questionId === id)) return
    this.set({ questions: { ...qs, list: qs.list.map((q) => (q.questionId === id ? fn(q) : q)) } })
  }

  private onAnswer(q: LiveQuestion): void {
    if (typeof q.questionId !== 'number' || !isUser(q.user)) return
    const mine = this.isMe(q.user.userId)
    this.mergeQuestions([q])
    // my question answered (privately or in public): a badge on the tab and a word
    if (mine) {
      this.set({ questions: { ...this.state.questions, unread: this.state.questions.unread + 1 } })
      this.d.toast(ix('questions.answered'))
    }
    this.d.fire({ type: 'questionAnswered', question: q, mine })
  }

  /** The questions tab is looked at: the badge goes. */
  markQuestionsRead(): void {
    if (this.state.questions.unread > 0) this.set({ questions: { ...this.state.questions, unread: 0 } })
  }

  /** Mine and the public questions: page 1 again, or the next page. */
  async loadQuestions(more = false): Promise<void> {
    const qs = this.state.questions
    if (qs.status === 'loading') return
    const page = more ? qs.page + 1 : 1
    this.set({ questions: { ...qs, status: 'loading' } })
    const ack = await this.d.ask('QUESTION_LIST', { page })
    const now = this.state.questions
    if (!ack.ok) {
      this.set({ questions: { ...now, status: now.page > 0 ? 'ready' : 'error' } })
      if (more) this.d.toast(ix('questions.loadFailed'))
      return
    }
    const data = isObj(ack.data) ? ack.data : {}
    const list = Array.isArray(data.list) ? (data.list as LiveQuestion[]).filter((q) => isUser(q?.user)) : []
    // page 1 replaces what is known (a reconnect may have missed answers); later pages add
    const base = more ? now.list : now.list.filter((q) => !list.some((x) => x.questionId === q.questionId))
    const byId = new Map([...base, ...list].map((q) => [q.questionId, q]))
    this.set({
      questions: {
        ...now,
        list: [...byId.values()].sort((a, b) => b.questionId - a.questionId),
        status: 'ready',
        page,
        hasMore: list.length >= LIVE.QUESTION_HISTORY_PAGE,
      },
    })
  }

  /** Ask the lecturer (only teachers see it until they answer in public). Same 3 s rule as chat. */
  async ask(raw: string): Promise<IxResult> {
    const text = typeof raw === 'string' ? raw.trim() : ''
    if (!text) return this.refuse(CHAT_ERRORS.empty, ix('questions.empty'))
    if (chars(text) > INTERACTION.QUESTION_MAX_TEXT)
      return this.refuse(CHAT_ERRORS.tooLong, ix('questions.tooLong', { n: INTERACTION.QUESTION_MAX_TEXT }))
    if (this.state.questions.asking) return { ok: false }
    if (this.lastAskAt > 0 && this.d.now() - this.lastAskAt < LIVE.SPEAK_GAP_MS)
      return this.refuse(CHAT_ERRORS.tooFast, ix('questions.tooFast'))
    this.lastAskAt = this.d.now()
    this.set({ questions: { ...this.state.questions, asking: true } })
    const ack = await this.d.ask('S_QUESTION', { content: text })
    this.set({ questions: { ...this.state.questions, asking: false } })
    if (ack.ok) {
      const data = isObj(ack.data) ? ack.data : {}
      const me = this.d.me()
      const id = num(data.questionId)
      // the server's S_QUESTION copy follows; until then my question shows as I typed it
      if (id > 0 && me && !this.state.questions.list.some((q) => q.questionId === id))
        this.mergeQuestions([
          {
            questionId: id,
            user: me,
            content: text.replace(/</g, '&lt;').replace(/>/g, '&gt;'),
            time: this.serverNow(),
            answer: '',
            answeredBy: null,
            answeredAt: 0,
            public: false,
            upvotes: 0,
            upvoted: false,
          },
        ])
      return { ok: true }
    }
    this.lastAskAt = 0
    if (ack.code === CHAT_ERRORS.tooFast) return this.refuse(ack.code, ix('questions.tooFast'))
    if (ack.code === CHAT_ERRORS.tooLong)
      return this.refuse(ack.code, ix('questions.tooLong', { n: INTERACTION.QUESTION_MAX_TEXT }))
    if (ack.code === CHAT_ERRORS.empty) return this.refuse(ack.code, ix('questions.empty'))
    return this.refused(ack)
  }

  /** Upvote a public question of someone else, once. */
  async upvote(questionId: number): Promise<IxResult> {
    const q = this.state.questions.list.find((x) => x.questionId === questionId)
    if (!q || q.upvoted || !q.public || this.isMe(q.user.userId)) return { ok: false }
    // shown at once; taken back when refused
    this.patchQuestion(questionId, (x) => ({ ...x, upvoted: true, upvotes: x.upvotes + 1 }))
    const ack = await this.d.ask('QUESTION_UPVOTE', { questionId })
    if (ack.ok) {
      const data = isObj(ack.data) ? ack.data : {}
      if (typeof data.upvotes === 'number') {
        const upvotes = data.upvotes
        this.patchQuestion(questionId, (x) => ({ ...x, upvotes }))
      }
      return { ok: true }
    }
    if (ack.code === INTERACTION_ERRORS.already) {
      this.patchQuestion(questionId, (x) => ({ ...x, upvotes: Math.max(0, x.upvotes - 1) }))
      return { ok: true }
    }
    this.patchQuestion(questionId, (x) => ({ ...x, upvoted: false, upvotes: Math.max(0, x.upvotes - 1) }))
    if (ack.code === CHAT_ERRORS.badRequest) return this.refuse(ack.code, ix('questions.upvoteFailed'))
    return this.refused(ack)
  }

  // ---- microphone ------------------------------------------------------------------------------

  /** Raise my hand (only while the teacher has opened the microphone). */
  async raiseHand(): Promise<IxResult> {
    const m = this.state.mic
    if (m.busy || m.phase === 'requested' || m.phase === 'allowed' || m.phase === 'joined') return { ok: false }
    if (!m.open) return this.refuse(INTERACTION_ERRORS.micClosed, ix('mic.closed'))
    this.set({ mic: { ...m, busy: true } })
    const ack = await this.d.ask('OPEN_MICROPHONE', {})
    const now = this.state.mic
    if (ack.ok || ack.code === INTERACTION_ERRORS.already) {
      // an ALLOW that raced ahead of the ack stays
      this.set({ mic: { ...now, busy: false, phase: now.phase === 'allowed' ? 'allowed' : 'requested' } })
      return { ok: true }
    }
    this.set({ mic: { ...now, busy: false } })
    if (ack.code === INTERACTION_ERRORS.micClosed) {
      this.set({ mic: { ...this.state.mic, open: false } })
      return this.refuse(ack.code, ix('mic.closed'))
    }
    return this.refused(ack)
  }

  /** Withdraw the raised hand, or leave the microphone. */
  async cancelMic(): Promise<IxResult> {
    const m = this.state.mic
    if (m.busy) return { ok: false }
    if (m.phase !== 'requested' && m.phase !== 'allowed' && m.phase !== 'joined') {
      // failed / cancelled: just clear the notice
      this.set({ mic: { ...m, phase: 'idle' } })
      return { ok: true }
    }
    this.set({ mic: { ...m, busy: true } })
    const ack = await this.d.ask('CANCEL_MICROPHONE', {})
    this.clear('mic')
    const now = this.state.mic
    if (ack.ok) {
      this.set({ mic: { ...now, busy: false, phase: 'cancelled' } })
      return { ok: true }
    }
    this.set({ mic: { ...now, busy: false } })
    return this.refused(ack)
  }

  /** The cancelled / failed notice is read. */
  clearMicNotice(): void {
    const m = this.state.mic
    if (m.phase === 'failed' || m.phase === 'cancelled') this.set({ mic: { ...m, phase: 'idle' } })
  }

  private armMic(deadline: number): void {
    // the server says JOIN_CHANNEL_FAIL at the deadline; if that word is lost, this device gives up a little later
    this.arm('mic', deadline + MIC_SLACK_MS, () => {
      if (this.state.mic.phase === 'allowed' && this.state.mic.deadline === deadline)
        this.set({ mic: { ...this.state.mic, phase: 'failed', busy: false } })
    })
  }

  private async onAllowed(p: InteractionServerEvents['ALLOW_MICROPHONE']): Promise<void> {
    const deadline = num(p.deadline, this.serverNow() + LIVE.MIC_JOIN_TIMEOUT_MS)
    this.set({
      mic: {
        ...this.state.mic,
        phase: 'allowed',
        deadline,
        mediaAvailable: !!p.mediaAvailable,
        reason: str(p.reason),
        busy: false,
      },
    })
    this.armMic(deadline)
    if (p.mediaAvailable && this.d.joinMedia) await this.joinMic()
  }

  /** Join the media path (only where one exists) and tell the room. */
  async joinMic(): Promise<IxResult> {
    const m = this.state.mic
    if (m.phase !== 'allowed' || m.busy) return { ok: false }
    if (!m.mediaAvailable || !this.d.joinMedia) return this.refuse(CHAT_ERRORS.forbidden, ix('mic.noMediaShort'))
    this.set({ mic: { ...m, busy: true } })
    let joined = false
    try {
      joined = await this.d.joinMedia({ deadline: m.deadline })
    } catch {
      joined = false
    }
    if (!joined) {
      this.set({ mic: { ...this.state.mic, busy: false } })
      return this.refuse(CHAT_ERRORS.badRequest, ix('mic.joinFailed'))
    }
    const ack = await this.d.ask('JOIN_SUCCESS', {})
    const now = this.state.mic
    if (ack.ok) {
      this.clear('mic')
      this.set({ mic: { ...now, busy: false, phase: 'joined' } })
      return { ok: true }
    }
    this.set({ mic: { ...now, busy: false, ...(ack.code === INTERACTION_ERRORS.over ? { phase: 'failed' } : {}) } })
    return ack.code === INTERACTION_ERRORS.over ? this.refuse(ack.code, ix('mic.failed')) : this.refused(ack)
  }

  // ---- class control ---------------------------------------------------------------------------

  private onControl(p: InteractionServerEvents['CLASSCONTROL']): void {
    const audio = p.kind === 'audio'
    const mute = !!p.mute
    const c = this.state.control
    if (p.userId === null || p.userId === undefined) {
      this.set({ control: audio ? { ...c, mutedAll: mute } : { ...c, videoMutedAll: mute } })
      this.d.toast(
        ix(
          audio
            ? mute
              ? 'control.muteAll'
              : 'control.unmuteAll'
            : mute
              ? 'control.videoOffAll'
              : 'control.videoOnAll',
        ),
      )
      return
    }
    if (!this.isMe(p.userId)) return
    this.set({ control: audio ? { ...c, audioMuted: mute } : { ...c, videoMuted: mute } })
    this.d.toast(
      ix(audio ? (mute ? 'control.muteMe' : 'control.unmuteMe') : mute ? 'control.videoOffMe' : 'control.videoOnMe'),
    )
  }

  // ---- refusals --------------------------------------------------------------------------------

  private refuse(code: string, message: string, toast = true): IxResult {
    if (toast) this.d.toast(message)
    return { ok: false, code, message }
  }

  /** A refused ack not answered above: interaction codes here, chat codes by the chat client. */
  private refused(ack: ChatAck): IxResult {
    if (ack.ok) return { ok: true }
    switch (ack.code) {
      case INTERACTION_ERRORS.over:
        return this.refuse(ack.code, ix('fail.over'))
      case INTERACTION_ERRORS.already:
        return this.refuse(ack.code, ix('fail.already'))
      case INTERACTION_ERRORS.points:
        return this.refuse(ack.code, ix('reward.shortUnknown'))
      case INTERACTION_ERRORS.notWinner:
        return this.refuse(ack.code, ix('claim.notWinner'))
      case INTERACTION_ERRORS.micClosed:
        return this.refuse(ack.code, ix('mic.closed'))
      case CHAT_ERRORS.forbidden:
        return this.refuse(ack.code, ix(this.state.moderator ? 'fail.moderator' : 'fail.forbidden'))
      case CHAT_ERRORS.badRequest:
        return this.refuse(ack.code, ix('fail.generic'))
      default:
        return this.d.chatRefusal(ack)
    }
  }
}

/** The questionnaire answers as the server takes them, or why not (a catalogue text). */
export function checkQuestionnaire(
  items: QuestionnaireItem[],
  answers: ({ options: number[] } | { text: string })[],
): ({ options: number[] } | { text: string })[] | string {
  if (!Array.isArray(answers) || answers.length !== items.length) return ix('questionnaire.incomplete')
  const out: ({ options: number[] } | { text: string })[] = []
  for (const [i, item] of items.entries()) {
    const a = answers[i]
    const n = i + 1
    if (item.type === 'text') {
      const t = a && 'text' in a && typeof a.text === 'string' ? a.text.trim() : ''
      if (!t) return ix('questionnaire.needText', { n })
      if (chars(t) > 500) return ix('questionnaire.textTooLong', { n, max: 500 })
      out.push({ text: t })
      continue
    }
    const opts = a && 'options' in a && Array.isArray(a.options) ? [...new Set(a.options)].sort((x, y) => x - y) : []
    const valid = opts.filter((o) => Number.isInteger(o) && o >= 0 && o < item.options.length)
    if (valid.length === 0) return ix('questionnaire.needChoice', { n })
    if (item.type === 'single' && valid.length !== 1) return ix('questionnaire.needChoice', { n })
    out.push({ options: valid })
  }
  return out
}

/** Server text (only `<` `>` escaped) as typed, for a text node. */
export const plain = (s: string) => unescapeChat(s)
