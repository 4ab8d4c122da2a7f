/**
 * One session's room as the teacher's console sees it: the chat socket (./socket.ts), the chat history (HTTP) and
 * every server event of contract/schemas/live-codes.ts and live-interactions.ts folded into one immutable state
 * that pages read through useSyncExternalStore. Actions send the teacher's events and resolve with their ack; the
 * server is the judge of every rule (roles, limits, clocks), the console only shows what it said.
 */
import type {
  ChatMessage,
  ChatUser,
  LiveState,
  OnlineCount,
  ServerEvents,
} from '../../../../contract/schemas/live-codes'
import { LIVE } from '../../../../contract/schemas/live-codes'
import type { InteractionServerEvents, LiveQuestion } from '../../../../contract/schemas/live-interactions'
import { mergeMessages as mergeChat } from '../../../../shared/live/chat'
import { liveApi } from './api'
import { checkinEvents } from './interactions/checkin'
import { feedEvents } from './interactions/feed'
import { lotteryEvents } from './interactions/lottery'
import { emptyMic, micEvents } from './interactions/mic'
import { questionnaireEvents } from './interactions/questionnaire'
import { questionsEvents, upsertQuestion } from './interactions/questions'
import { redpaperEvents } from './interactions/redpaper'
import { testEvents } from './interactions/test'
import type {
  CheckinRun,
  FeedItem,
  LotteryRun,
  MicState,
  QuestionnaireRun,
  RedpaperRun,
  TestRun,
} from './interactions/types'
import { type Ack, ChatDoor, type ConnStatus, type Packet, type Snapshot } from './socket'

/** chat messages kept on screen (older ones are dropped; "load older" pages them back) */
const KEEP_MESSAGES = 500

export interface RoomState {
  status: ConnStatus
  overtime: boolean
  failure: string
  me: ChatUser | null
  /** the first LOGIN went through (the state below is the server's) */
  ready: boolean
  liveState: LiveState
  chatClosed: boolean
  bulletin: string
  likes: number
  online: OnlineCount
  /** the first page of who is online, kept current by LOGIN / LOGOUT in rooms that are not busy */
  onlineList: ChatUser[]
  onlinePage: number
  /** oldest first */
  messages: ChatMessage[]
  hasMore: boolean
  historyError: string
  /** userId -> banned until (epoch ms) */
  bans: Record<number, number>
  /** names of banned users seen in this room (bans listed by the server carry their own) */
  names: Record<number, string>
  kicked: number[]
  checkins: CheckinRun[]
  questionnaire: QuestionnaireRun | null
  test: TestRun | null
  lottery: LotteryRun | null
  redpapers: RedpaperRun[]
  /** newest first */
  questions: LiveQuestion[]
  mic: MicState
  feed: FeedItem[]
  /** a notice about my own message (closed room, censored word) */
  notice: { kind: 'closed' | 'censored'; at: number } | null
}

export const initialRoom = (liveState: LiveState, chatClosed: boolean, bulletin: string): RoomState => ({
  status: 'connecting',
  overtime: false,
  failure: '',
  me: null,
  ready: false,
  liveState,
  chatClosed,
  bulletin,
  likes: 0,
  online: { staff: 0, audience: 0 },
  onlineList: [],
  onlinePage: 1,
  messages: [],
  hasMore: false,
  historyError: '',
  bans: {},
  names: {},
  kicked: [],
  checkins: [],
  questionnaire: null,
  test: null,
  lottery: null,
  redpapers: [],
  questions: [],
  mic: emptyMic(),
  feed: [],
  notice: null,
})

/** Merges messages by id (a later copy wins), oldest first, at most KEEP_MESSAGES (the newest). */
export function mergeMessages(a: ChatMessage[], b: ChatMessage[]): ChatMessage[] {
  const all = mergeChat(a, b)
  return all.length > KEEP_MESSAGES ? all.slice(all.length - KEEP_MESSAGES) : all
}

type AnyEvents = ServerEvents & InteractionServerEvents
type Typed<E extends keyof AnyEvents> = { EVENT: E } & AnyEvents[E]

/** what each interaction kind does with its events (./interactions/*.ts) */
const KIND_EVENTS = {
  ...checkinEvents,
  ...questionnaireEvents,
  ...testEvents,
  ...lotteryEvents,
  ...redpaperEvents,
  ...feedEvents,
  ...questionsEvents,
  ...micEvents,
} as Record<string, ((s: RoomState, p: Packet) => RoomState) | undefined>

/** One server event applied to the room (pure; the store adds the side effects). */
export function reduce(s: RoomState, p: Packet): RoomState {
  const at = <E extends keyof AnyEvents>(_e: E) => p as unknown as Typed<E>
  switch (p.EVENT) {
    case 'SPEAK':
    case 'CHAT_IMG':
      return { ...s, messages: mergeMessages(s.messages, [p as unknown as ChatMessage]) }
    case 'BATCH':
      return { ...s, messages: mergeMessages(s.messages, at('BATCH').list ?? []) }
    case 'REMOVE_CONTENT': {
      const { id } = at('REMOVE_CONTENT')
      return { ...s, messages: s.messages.filter((m) => m.id !== id) }
    }
    case 'REMOVE_HISTORY':
      return { ...s, messages: [], hasMore: false }
    case 'LOGIN': {
      const { user, online } = at('LOGIN')
      const list = s.onlineList.filter((u) => u.userId !== user.userId)
      // page 1 holds staff first, then by user id (the server's order); keep it at most one page
      const next = [...list, user]
        .sort((a, b) => Number(isStaff(b)) - Number(isStaff(a)) || a.userId - b.userId)
        .slice(0, LIVE.ONLINE_PAGE)
      return { ...s, online, onlineList: s.onlinePage === 1 ? next : s.onlineList }
    }
    case 'LOGOUT': {
      const { userId, online } = at('LOGOUT')
      return { ...s, online, onlineList: s.onlineList.filter((u) => u.userId !== userId) }
    }
    case 'ONLINE':
      return { ...s, online: at('ONLINE').online }
    case 'ONLINE_LIST': {
      const o = at('ONLINE_LIST')
      return { ...s, online: o.online, onlineList: o.list, onlinePage: o.page }
    }
    case 'LIKES':
      return { ...s, likes: at('LIKES').total }
    case 'CLOSEROOM':
      return { ...s, chatClosed: at('CLOSEROOM').value }
    case 'BULLETIN':
      return { ...s, bulletin: at('BULLETIN').content }
    case 'REMOVE_BULLETIN':
      return { ...s, bulletin: '' }
    case 'ADD_SHIELD': {
      const { userId, until } = at('ADD_SHIELD')
      return { ...s, bans: { ...s.bans, [userId]: until } }
    }
    case 'REMOVE_SHIELD': {
      const { userId } = at('REMOVE_SHIELD')
      const bans = { ...s.bans }
      delete bans[userId]
      return { ...s, bans, kicked: s.kicked.filter((u) => u !== userId) }
    }
    case 'KICK': {
      const { userId } = at('KICK')
      return {
        ...s,
        kicked: s.kicked.includes(userId) ? s.kicked : [...s.kicked, userId],
        onlineList: s.onlineList.filter((u) => u.userId !== userId),
      }
    }
    case 'CLASSSTART':
      return { ...s, liveState: 'live' }
    case 'CLASSEND':
      return { ...s, liveState: 'ended' }
    case 'PROHIBIT_TO_SPEAK':
      return { ...s, notice: { kind: 'closed', at: Date.now() } }
    case 'CENSOR':
      return { ...s, notice: { kind: 'censored', at: Date.now() } }

    default:
      return KIND_EVENTS[p.EVENT]?.(s, p) ?? s
  }
}

const isStaff = (u: ChatUser) => u.userType === 'teacher' || u.userType === 'manager' || u.userType === 'assistant'

/** The state after a (re)login: the snapshot is the truth about the room; running interactions come with it. */
export function applySnapshot(s: RoomState, snap: Snapshot): RoomState {
  const a = snap.active
  let next: RoomState = {
    ...s,
    me: snap.me,
    ready: true,
    liveState: snap.state,
    chatClosed: snap.chatClosed,
    bulletin: snap.bulletin,
    likes: snap.likes,
    online: snap.online,
  }
  if (!a) return next
  if (a.checkin && !next.checkins.some((c) => c.checkinId === a.checkin!.checkinId))
    next = reduce(next, { EVENT: 'SIGN_IN', ...a.checkin })
  if (!a.checkin) next = { ...next, checkins: next.checkins.map((c) => ({ ...c, stopped: true })) }
  if (a.questionnaire && next.questionnaire?.questionnaireId !== a.questionnaire.questionnaireId)
    next = reduce(next, { EVENT: 'START_QUESTIONNAIRE', ...a.questionnaire })
  if (!a.questionnaire && next.questionnaire)
    next = { ...next, questionnaire: { ...next.questionnaire, stopped: true } }
  if (a.test && next.test?.content.testId !== a.test.testId) {
    const { answered: _mine, ...content } = a.test
    next = { ...next, test: { content, result: null, stopped: false } }
  }
  if (!a.test && next.test) next = { ...next, test: { ...next.test, stopped: true } }
  return { ...next, mic: { ...next.mic, open: a.micOpen, mutedAll: a.mutedAll } }
}

type Listener = () => void

/** The room of one session: the socket, the history and the state; `start()` once the detail is known. */
export class RoomStore {
  private state: RoomState
  private readonly listeners = new Set<Listener>()
  private readonly door: ChatDoor
  private historyBusy = false

  constructor(
    readonly channelId: number,
    readonly sessionId: number,
    init: { state: LiveState; chatClosed: boolean; bulletin: string },
    private readonly hooks: { onClassChange?: (state: LiveState) => void } = {},
  ) {
    this.state = initialRoom(init.state, init.chatClosed, init.bulletin)
    this.door = new ChatDoor({
      fetchToken: async () => {
        const d = await liveApi.detail(channelId, sessionId)
        return { token: d.chatToken, path: d.chatPath, namespace: d.chatNamespace }
      },
      onStatus: (status, detail) =>
        this.set({
          status,
          overtime: detail.overtime ?? false,
          failure: detail.failure ?? '',
        }),
      onLogin: (snap) => {
        this.set(applySnapshot(this.state, snap))
        void this.afterLogin()
      },
      onPacket: (p) => this.onPacket(p),
    })
  }

  subscribe = (fn: Listener) => {
    this.listeners.add(fn)
    return () => {
      this.listeners.delete(fn)
    }
  }

  getState = () => this.state

  private set(patch: Partial<RoomState> | RoomState) {
    this.state = { ...this.state, ...patch }
    for (const l of this.listeners) l()
  }

  start() {
    this.door.start()
  }

  stop() {
    this.door.stop()
  }

  /** Connect again after a final failure (kicked, signed in elsewhere, refused). */
  reconnect() {
    this.door.stop()
    this.door.start()
  }

  private onPacket(p: Packet) {
    const before = this.state
    const next = reduce(before, p)
    if (next !== before) this.set(next)
    if (p.EVENT === 'KICK' && before.me && p.userId === before.me.userId) this.door.kicked()
    if ((p.EVENT === 'CLASSSTART' || p.EVENT === 'CLASSEND') && before.liveState !== next.liveState)
      this.hooks.onClassChange?.(next.liveState)
  }

  /** After each login: the newest history, who is online, the class's check-ins, the questions, a running check-in's signatures. */
  private async afterLogin() {
    void this.loadHistory(true)
    void this.send('ONLINE_LIST', { page: 1 })
    await this.loadCheckins()
    const qs = await this.send('QUESTION_LIST_ALL', { page: 1 })
    const list = (qs.data as { list?: LiveQuestion[] } | undefined)?.list
    if (qs.ok && Array.isArray(list)) {
      let questions = this.state.questions
      for (const q of list) questions = upsertQuestion(questions, q)
      this.set({ questions })
    }
    const running = this.state.checkins.find((c) => !c.stopped)
    if (running) await this.checkinResult(running.checkinId)
  }

  /** The class's check-ins from before this page (a reload, another moderator's): kept beside the live ones. */
  private async loadCheckins() {
    try {
      const rows = await liveApi.checkins(this.channelId, this.sessionId)
      const known = new Map(this.state.checkins.map((c) => [c.checkinId, c]))
      const merged: CheckinRun[] = rows.map((r) => {
        const live = known.get(r.checkinId)
        return live
          ? { ...live, count: Math.max(live.count, r.signed), stopped: live.stopped || !r.open }
          : {
              checkinId: r.checkinId,
              message: r.message,
              endsAt: r.endsAt,
              signed: [],
              count: r.signed,
              stopped: !r.open,
            }
      })
      const extra = this.state.checkins.filter((c) => !rows.some((r) => r.checkinId === c.checkinId))
      this.set({ checkins: [...extra, ...merged].sort((a, b) => b.checkinId - a.checkinId) })
    } catch {
      // the list of earlier check-ins is a convenience: the live ones still come
    }
  }

  /** Newest page (fresh) or the page before the oldest message shown. */
  async loadHistory(fresh = false) {
    if (this.historyBusy) return
    this.historyBusy = true
    try {
      const before = fresh ? undefined : this.state.messages[0]?.id
      const rows = await liveApi.history(this.channelId, this.sessionId, before)
      const more = rows.length > LIVE.HISTORY_PAGE
      const page = rows.slice(0, LIVE.HISTORY_PAGE)
      this.set({
        messages: mergeMessages(fresh ? this.state.messages : page, fresh ? page : this.state.messages),
        hasMore: fresh ? (this.state.messages.length === 0 ? more : this.state.hasMore || more) : more,
        historyError: '',
      })
    } catch (e) {
      this.set({ historyError: e instanceof Error ? e.message : String(e) })
    } finally {
      this.historyBusy = false
    }
  }

  send(event: string, payload: Record<string, unknown> = {}): Promise<Ack> {
    return this.door.send(event, payload)
  }

  /** The signatures of a check-in (ack data { signed, total }). */
  async checkinResult(checkinId: number): Promise<Ack> {
    const ack = await this.send('CHECKIN_RESULT', { checkinId })
    const data = ack.data as { signed?: ChatUser[]; total?: number } | undefined
    if (ack.ok && data && Array.isArray(data.signed)) {
      const signed = data.signed
      this.set({
        checkins: this.state.checkins.map((c) =>
          c.checkinId === checkinId
            ? {
                ...c,
                // newest first, as the live TO_SIGN_IN events add them; the server's list is kept whole
                signed: mergeUsers(c.signed, signed),
                count: Math.max(c.count, typeof data.total === 'number' ? data.total : signed.length, signed.length),
              }
            : c,
        ),
      })
    }
    return ack
  }

  /**
   * Stops the running test question. The protocol has no stop event of its own (everyone gets the final
   * GET_TEST_QUESTION_RESULT), so the console marks it stopped once the server accepted the stop.
   */
  async stopTest(testId: number): Promise<Ack> {
    const ack = await this.send('STOP_TEST_QUESTION', { testId })
    const t = this.state.test
    if (ack.ok && t?.content.testId === testId) this.set({ test: { ...t, stopped: true } })
    return ack
  }

  /** Applies a ban list read over HTTP (bans from before this page was opened). */
  setBans(rows: { userId: number; nick: string; until: number }[]) {
    const bans: Record<number, number> = {}
    const names = { ...this.state.names }
    for (const r of rows) {
      bans[r.userId] = r.until
      names[r.userId] = r.nick
    }
    this.set({ bans: { ...bans, ...pickLive(this.state.bans) }, names })
  }

  /** A question read by a page of QUESTION_LIST_ALL. */
  onQuestion(q: LiveQuestion) {
    this.set({ questions: upsertQuestion(this.state.questions, q) })
  }

  /** Remembers a user's name (for the ban list) when a moderator acts on them. */
  rememberName(u: ChatUser) {
    if (this.state.names[u.userId] !== u.nick) this.set({ names: { ...this.state.names, [u.userId]: u.nick } })
  }

  clearNotice() {
    if (this.state.notice) this.set({ notice: null })
  }
}

/** bans that have not expired */
const pickLive = (bans: Record<number, number>) =>
  Object.fromEntries(Object.entries(bans).filter(([, until]) => until > Date.now()))

const mergeUsers = (live: ChatUser[], all: ChatUser[]): ChatUser[] => {
  const seen = new Set(live.map((u) => u.userId))
  return [...live, ...all.filter((u) => !seen.has(u.userId))]
}
