/**
 * The live chat client: the one place a socket is opened (ARCHITECTURE.md). No React here: pages read its state
 * through subscribe()/getState() (useSyncExternalStore) and call its actions.
 *
 * Wire (contract/schemas/live-codes.ts, LIVE.md): one socket.io event `message`; the client sends ONE JSON string
 * `{EVENT, ...}` with an ack (a plain ChatAck), the server sends JSON strings, busy rooms' chat merged as BATCH.
 * Spec §4: on connect send LOGIN (a fresh token from fetchToken() on every (re)connect: tokens are short-lived),
 * heartbeat first after 3 s then every 25 s carrying {playing, position} from the page, a notice after 30 s without
 * a connection, our own reconnect after a random 2/3/4/5 s (socket.io's is off). Kick of the own user: ban and
 * disconnect; login kick: disconnect and stay off. Bans are kept per room until their expiry (./bans.ts).
 * Spec §5: text trimmed and `<` `>` escaped; a 3 s courtesy gap (the server is the guard). Spec §8: ack codes
 * become catalogue texts ('chat room token error' as a 2 s toast, 'you are speaking too fast…', …).
 */
import Taro from '@tarojs/taro'
import {
  CHAT_ERRORS,
  CHAT_EVENT,
  CHAT_SERVER,
  type ChatAck,
  type ChatErrorCode,
  type ChatMessage,
  type ChatUser,
  type ClientEvents,
  isModerator,
  LIVE,
  type LiveState,
  type OnlineCount,
  type RoomSnapshot,
  type ServerEventName,
  type ServerEvents,
} from '../../../contract/schemas/live-codes'
import type { InteractionClientEvents } from '../../../contract/schemas/live-interactions'
import { ApiError, NETWORK_ERROR } from '../http/error'
import { setBan, bannedUntil as storedBan } from './bans'
import { type IxEvent, RoomInteractions } from './interactions'
import { isChatMessage, mergeMessages } from './list'
import { lx } from './messages'
import { openSocket } from './socket'
import type { SocketFactory, SocketLike } from './socket-types'
import { checkChatOptions, checks, escapeChat, tooLong } from './text'

export type LiveStatus =
  /** not started, or stopped by the page */
  | 'idle'
  | 'connecting'
  | 'online'
  /** waiting the random 2-5 s before the next attempt */
  | 'reconnecting'
  /** removed from the room by a moderator */
  | 'kicked'
  /** the same account entered this room elsewhere */
  | 'loginKicked'
  /** cannot go on (no right to enter, repeated token refusals) */
  | 'failed'

export interface LiveRoomState {
  status: LiveStatus
  /** no connection for LIVE.CONNECT_OVERTIME_MS */
  overtime: boolean
  /** why status is failed (a catalogue text or the server's refusal) */
  failure: string
  me: ChatUser | null
  room: RoomSnapshot | null
  /** oldest first */
  messages: ChatMessage[]
  /** older history exists before messages[0] */
  hasMore: boolean
  loadingHistory: boolean
  online: OnlineCount
  likes: number
  chatClosed: boolean
  bulletin: string
  /** epoch ms; 0 = not banned */
  bannedUntil: number
  liveState: LiveState | null
}

export interface LiveClientOptions {
  userId?: string | number
  openId?: string
  channelId: number
  sessionId: number
  /** the room as getChannelBasicInfo named it (bans are kept per room) */
  roomId: string
  userName: string
  avatarUrl: string
  /** the playback room: heartbeats only, no speaking */
  playback?: boolean
  /** origin of the chat server ('' = this page's origin, H5 only) */
  origin: string
  /** socket.io namespace and path (getChannelBasicInfo chatNamespace, chatPath) */
  namespace: string
  path: string
  /** a fresh chat token; called on every (re)connect */
  fetchToken: () => Promise<string>
  /** the latest history page (newest first, up to HISTORY_PAGE + 1 rows) before `beforeId` */
  fetchHistory?: (beforeId?: number) => Promise<ChatMessage[]>
  /** what the heartbeat reports: the page's video */
  status?: () => { playing: boolean; position?: number }
  /** the server's time now (epoch ms), for the interactions' countdowns (measured on every login) */
  serverClock?: () => Promise<number>
  /** the learner's points balance (the reward sheet) */
  fetchBalance?: () => Promise<number>
  /** join a real-time media path after ALLOW_MICROPHONE (none in this app: ./interactions.ts) */
  joinMedia?: (allow: { deadline: number }) => Promise<boolean>
  /** test seams */
  socketFactory?: SocketFactory
  toast?: (text: string, durationMs: number) => void
  now?: () => number
  random?: () => number
}

/** One-off happenings the page reacts to (besides the state). */
export type LiveEvent =
  | { type: 'classStart'; sessionId: number }
  | { type: 'classEnd'; sessionId: number; hasPlayback: boolean }
  /** chat from others arrived (the page shows a new-message pill when scrolled up) */
  | { type: 'incoming'; count: number }
  /** a message I sent was stored (the page scrolls to it) */
  | { type: 'sent'; id: number }
  | { type: 'likes'; count: number }
  /** the interactions' happenings (./interactions.ts) */
  | IxEvent

export interface SendResult {
  ok: boolean
  code?: ChatErrorCode | 'OFFLINE'
  message?: string
}

/** Messages kept in memory; older ones come back through 'more history'. */
export const MAX_KEPT = 300
/** Live chat reaches the list at most this often (one render for a burst). */
export const FLUSH_MS = 150
/** An ack that does not come back within this is a failed send. */
export const ACK_TIMEOUT_MS = 10_000
/** Token refusals in a row before the client stops trying. */
export const MAX_TOKEN_FAILURES = 3

const TOAST_MS = 2000
const NO_ONLINE: OnlineCount = { staff: 0, audience: 0 }

/** The chat server's URL for socket.io: origin + namespace. */
export function chatUrl(origin: string, namespace: string): string {
  return `${origin.replace(/\/+$/, '')}${namespace.startsWith('/') ? namespace : `/${namespace}`}`
}

type ServerPacket = { [K in ServerEventName]: { EVENT: K } & ServerEvents[K] }[ServerEventName]
/** every event the client may send: chat (live-codes) and interactions (live-interactions) */
type AnyClientEvents = ClientEvents & InteractionClientEvents

export class LiveClient {
  private readonly opts: LiveClientOptions
  /** the room's interactions (check-in, questionnaire, answer card, lottery, points, Q&A, mic): its own store */
  readonly ix: RoomInteractions
  private readonly factory: SocketFactory
  private readonly now: () => number
  private readonly random: () => number
  private readonly toastFn: (text: string, ms: number) => void
  private socket: SocketLike | null = null
  private state: LiveRoomState
  private readonly listeners = new Set<() => void>()
  private readonly eventListeners = new Set<(e: LiveEvent) => void>()
  private timers = {
    heartbeat: null as ReturnType<typeof setTimeout> | null,
    reconnect: null as ReturnType<typeof setTimeout> | null,
    overtime: null as ReturnType<typeof setTimeout> | null,
    flush: null as ReturnType<typeof setTimeout> | null,
    likes: null as ReturnType<typeof setTimeout> | null,
  }
  private pending: ChatMessage[] = []
  private stopped = true
  private lastSpeakAt = 0
  private likesUnsent = 0
  private tokenFailures = 0
  /** bumps on every connection attempt: late answers of an old one are ignored */
  private attempt = 0

  constructor(options: LiveClientOptions) {
    checkChatOptions(options, {
      sessionId: checks.positiveInt,
      roomId: (v) => typeof v === 'string' && v !== '',
      origin: checks.text,
      namespace: (v) => typeof v === 'string' && v.startsWith('/'),
      path: (v) => typeof v === 'string' && v.startsWith('/'),
      fetchToken: (v) => typeof v === 'function',
      fetchHistory: (v) => v === undefined || typeof v === 'function',
      status: (v) => v === undefined || typeof v === 'function',
    })
    this.opts = options
    this.factory = options.socketFactory ?? openSocket
    this.now = options.now ?? Date.now
    this.random = options.random ?? Math.random
    this.toastFn =
      options.toast ??
      ((title, duration) => {
        Promise.resolve(Taro.showToast({ title, icon: 'none', duration })).catch(() => undefined)
      })
    this.state = {
      status: 'idle',
      overtime: false,
      failure: '',
      me: null,
      room: null,
      messages: [],
      hasMore: false,
      loadingHistory: false,
      online: NO_ONLINE,
      likes: 0,
      chatClosed: false,
      bulletin: '',
      bannedUntil: storedBan(options.roomId, this.now()),
      liveState: null,
    }
    this.ix = new RoomInteractions({
      ask: (event, payload) => this.ask(event, payload as AnyClientEvents[typeof event]),
      me: () => this.state.me,
      now: this.now,
      toast: (text) => this.toast(text),
      fire: (e) => this.fire(e),
      chatRefusal: (ack) => this.ackError(ack),
      ...(options.fetchBalance ? { fetchBalance: options.fetchBalance } : {}),
      ...(options.joinMedia ? { joinMedia: options.joinMedia } : {}),
    })
  }

  // ---- state for the page ----------------------------------------------------------------------

  getState = (): LiveRoomState => this.state

  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn)
    return () => this.listeners.delete(fn)
  }

  onEvent(fn: (e: LiveEvent) => void): () => void {
    this.eventListeners.add(fn)
    return () => this.eventListeners.delete(fn)
  }

  private set(patch: Partial<LiveRoomState>): void {
    this.state = { ...this.state, ...patch }
    for (const fn of [...this.listeners]) fn()
  }

  private fire(e: LiveEvent): void {
    for (const fn of [...this.eventListeners]) fn(e)
  }

  private toast(text: string): void {
    if (text) this.toastFn(text, TOAST_MS)
  }

  /** Banned now (the stored or announced ban has not expired). */
  isBanned(): boolean {
    return this.state.bannedUntil > this.now()
  }

  // ---- connection ------------------------------------------------------------------------------

  /** Connect (idempotent while running). */
  start(): void {
    if (!this.stopped) return
    this.stopped = false
    this.set({ status: 'connecting', overtime: false, failure: '' })
    this.open()
  }

  /** Leave the room: no reconnect, timers off, likes not yet sent are sent first when still connected. */
  stop(): void {
    this.flushLikes()
    this.stopped = true
    this.attempt += 1
    this.clearTimers()
    this.closeSocket()
    if (this.state.status === 'online' || this.state.status === 'connecting' || this.state.status === 'reconnecting')
      this.set({ status: 'idle' })
  }

  /** Try again now (after a login kick or a failure), with a fresh token. */
  retry(): void {
    this.stopped = true
    this.tokenFailures = 0
    this.clearTimers()
    this.closeSocket()
    this.start()
  }

  private clearTimers(): void {
    for (const k of Object.keys(this.timers) as (keyof typeof this.timers)[]) {
      const t = this.timers[k]
      if (t) clearTimeout(t)
      this.timers[k] = null
    }
    this.pending = []
    this.ix.pause()
  }

  private closeSocket(): void {
    const s = this.socket
    this.socket = null
    if (!s) return
    s.removeAllListeners()
    s.disconnect()
  }

  private open(): void {
    const my = ++this.attempt
    this.closeSocket()
    this.armOvertime()
    let socket: SocketLike
    try {
      socket = this.factory(chatUrl(this.opts.origin, this.opts.namespace), this.opts.path)
    } catch {
      this.scheduleReconnect()
      return
    }
    this.socket = socket
    socket.on('connect', () => {
      if (my === this.attempt) void this.login(my)
    })
    socket.on('connect_error', () => {
      if (my === this.attempt) this.lost()
    })
    socket.on('disconnect', (reason) => {
      if (my !== this.attempt) return
      // our own disconnect() (stop, kick) needs no reconnect
      if (reason === 'io client disconnect') return
      this.lost()
    })
    socket.on('message', (raw) => {
      if (my === this.attempt) this.receive(raw)
    })
    socket.connect()
  }

  private armOvertime(): void {
    // once shown, the notice stays (state.overtime) until a connection comes: no toast every 30 s
    if (this.timers.overtime || this.state.overtime) return
    this.timers.overtime = setTimeout(() => {
      this.timers.overtime = null
      if (this.stopped || this.state.status === 'online') return
      this.set({ overtime: true })
      this.toast(lx('notice.overtime'))
    }, LIVE.CONNECT_OVERTIME_MS)
  }

  /** The connection is gone (or never came): go on after a random 2-5 s. */
  private lost(): void {
    this.stopHeartbeat()
    if (this.stopped) return
    this.scheduleReconnect()
  }

  /** The reconnect delay: a random one of LIVE.RECONNECT_DELAYS_S. */
  reconnectDelayMs(): number {
    const delays = LIVE.RECONNECT_DELAYS_S
    const i = Math.min(delays.length - 1, Math.floor(this.random() * delays.length))
    return delays[i]! * 1000
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.timers.reconnect) return
    this.attempt += 1
    this.closeSocket()
    this.armOvertime()
    this.set({ status: 'reconnecting' })
    this.timers.reconnect = setTimeout(() => {
      this.timers.reconnect = null
      if (this.stopped) return
      this.set({ status: 'connecting' })
      this.open()
    }, this.reconnectDelayMs())
  }

  /**
   * Removed from the room (spec §4: kick of the own user bans and disconnects): no reconnect; the ban is kept
   * until `until` (0: the server refused the login of a kicked user and keeps the kick itself).
   */
  private kicked(until: number): void {
    if (until > 0) setBan(this.opts.roomId, until, this.now())
    this.stopped = true
    this.attempt += 1
    this.clearTimers()
    this.closeSocket()
    this.set({ status: 'kicked', ...(until > 0 ? { bannedUntil: until } : {}) })
    this.toast(lx('notice.kicked'))
  }

  /** Stop for good with a reason shown in the room. */
  private fail(text: string): void {
    this.stopped = true
    this.attempt += 1
    this.clearTimers()
    this.closeSocket()
    this.set({ status: 'failed', failure: text })
  }

  private async login(my: number): Promise<void> {
    let token: string
    try {
      token = await this.opts.fetchToken()
    } catch (e) {
      if (my !== this.attempt) return
      if (e instanceof ApiError && e.code !== NETWORK_ERROR) this.fail(e.msg || lx('error.token'))
      else this.lost()
      return
    }
    if (my !== this.attempt) return
    // the snapshot is applied in the ack callback itself: an event the server sends right after it must land on
    // top of the snapshot, not under it
    const ack = await this.ask('LOGIN', { token }, (a) => {
      if (a.ok && my === this.attempt) this.enter(a.room ?? null)
    })
    if (my !== this.attempt) return
    if (!ack.ok) {
      if (ack.code === CHAT_ERRORS.token) {
        this.toast(lx('error.token'))
        this.tokenFailures += 1
        if (this.tokenFailures >= MAX_TOKEN_FAILURES) this.fail(lx('error.token'))
        else this.lost()
        return
      }
      if (ack.code === CHAT_ERRORS.kicked) {
        this.kicked(0)
        return
      }
      if (ack.code === CHAT_ERRORS.forbidden) {
        this.fail(ack.message || lx('error.FORBIDDEN'))
        return
      }
      // not logged in, the server failed (SERVER_ERROR): try again after the usual pause
      this.lost()
      return
    }
    this.startHeartbeat()
    if (this.opts.serverClock && !this.opts.playback) void this.ix.syncClock(this.opts.serverClock)
    if (this.likesUnsent > 0) this.armLikes()
    if (!this.opts.playback) void this.loadLatest()
  }

  /** Logged in: the room as the server described it. */
  private enter(room: RoomSnapshot | null): void {
    this.tokenFailures = 0
    if (this.timers.overtime) clearTimeout(this.timers.overtime)
    this.timers.overtime = null
    const banned = room ? room.bannedUntil : this.state.bannedUntil
    if (room) setBan(this.opts.roomId, banned, this.now())
    this.set({
      status: 'online',
      overtime: false,
      failure: '',
      room,
      me: room?.me ?? this.state.me,
      online: room?.online ?? this.state.online,
      likes: room ? room.likes + this.likesUnsent : this.state.likes,
      chatClosed: room?.chatClosed ?? this.state.chatClosed,
      bulletin: room?.bulletin ?? this.state.bulletin,
      bannedUntil: banned > this.now() ? banned : 0,
      liveState: room?.state ?? this.state.liveState,
    })
    if (!this.opts.playback) this.ix.enter(room?.active, room?.me ?? this.state.me)
  }

  private startHeartbeat(): void {
    this.stopHeartbeat()
    const beat = () => {
      const s = this.opts.status?.() ?? { playing: false }
      const payload: ClientEvents['HEARTBEAT'] = { playing: !!s.playing }
      if (typeof s.position === 'number' && Number.isFinite(s.position)) payload.position = Math.max(0, s.position)
      void this.ask('HEARTBEAT', payload)
    }
    const next = (ms: number) => {
      this.timers.heartbeat = setTimeout(() => {
        beat()
        next(LIVE.HEARTBEAT_MS)
      }, ms)
    }
    next(LIVE.HEARTBEAT_FIRST_MS)
  }

  private stopHeartbeat(): void {
    if (this.timers.heartbeat) clearTimeout(this.timers.heartbeat)
    this.timers.heartbeat = null
  }

  /** Send one client event; resolves with its ack (a failed ack when offline or unanswered). */
  private ask<K extends keyof AnyClientEvents>(
    event: K,
    payload: AnyClientEvents[K],
    onAck?: (ack: ChatAck) => void,
  ): Promise<ChatAck> {
    const socket = this.socket
    if (!socket?.connected)
      return Promise.resolve({ ok: false, code: CHAT_ERRORS.notLoggedIn, message: lx('error.NOT_LOGGED_IN') })
    return new Promise((resolve) => {
      let done = false
      const timer = setTimeout(() => {
        done = true
        resolve({ ok: false, code: CHAT_ERRORS.notLoggedIn, message: lx('error.timeout') })
      }, ACK_TIMEOUT_MS)
      socket.emit(CHAT_EVENT, JSON.stringify({ EVENT: event, ...payload }), (res: ChatAck) => {
        if (done) return
        done = true
        clearTimeout(timer)
        const ack: ChatAck =
          res && typeof res === 'object' && 'ok' in res ? res : { ok: false, code: 'BAD_REQUEST', message: '' }
        onAck?.(ack)
        resolve(ack)
      })
    })
  }

  // ---- server events ---------------------------------------------------------------------------

  private receive(raw: unknown): void {
    let packet: ServerPacket
    try {
      packet = (typeof raw === 'string' ? JSON.parse(raw) : raw) as ServerPacket
    } catch {
      return
    }
    if (!packet || typeof packet !== 'object' || typeof packet.EVENT !== 'string') return
    this.handle(packet)
  }

  private own(userId: number): boolean {
    return !!this.state.me && this.state.me.userId === userId
  }

  private handle(p: ServerPacket): void {
    switch (p.EVENT) {
      case 'SPEAK':
      case 'CHAT_IMG':
        this.queue([p])
        return
      case 'BATCH':
        if (Array.isArray(p.list)) this.queue(p.list)
        return
      case 'LOGIN':
      case 'LOGOUT':
        if (p.online) this.set({ online: p.online })
        return
      case 'ONLINE_LIST':
        if (p.online) this.set({ online: p.online })
        return
      case 'LIKES':
        if (typeof p.total === 'number') {
          this.set({ likes: Math.max(p.total + this.likesUnsent, 0) })
          if (p.count > 0) this.fire({ type: 'likes', count: p.count })
        }
        return
      case 'CLOSEROOM':
        this.set({ chatClosed: !!p.value })
        this.toast(lx(p.value ? 'notice.closed' : 'notice.opened'))
        return
      case 'PROHIBIT_TO_SPEAK':
        this.set({ chatClosed: true })
        this.toast(lx('error.CLOSED'))
        return
      case 'KICK':
        if (this.own(p.userId)) this.kicked(this.now() + LIVE.BAN_DEFAULT_MS)
        return
      case 'ONLINE':
        if (p.online) this.set({ online: p.online })
        return
      case 'LOGIN_KICK':
        this.stopped = true
        this.attempt += 1
        this.clearTimers()
        this.closeSocket()
        this.set({ status: 'loginKicked' })
        this.toast(lx('notice.loginKicked'))
        return
      case 'ADD_SHIELD':
        if (this.own(p.userId)) {
          const until = typeof p.until === 'number' && p.until > 0 ? p.until : this.now() + LIVE.BAN_DEFAULT_MS
          setBan(this.opts.roomId, until, this.now())
          this.set({ bannedUntil: until })
          this.toast(lx('notice.banned'))
        }
        return
      case 'REMOVE_SHIELD':
        if (this.own(p.userId)) {
          setBan(this.opts.roomId, 0, this.now())
          this.set({ bannedUntil: 0 })
          this.toast(lx('notice.unbanned'))
        }
        return
      case 'REMOVE_CONTENT':
        this.pending = this.pending.filter((m) => m.id !== p.id)
        this.set({ messages: this.state.messages.filter((m) => m.id !== p.id) })
        return
      case 'REMOVE_HISTORY':
        this.pending = []
        this.set({ messages: [], hasMore: false })
        return
      case 'BULLETIN':
        this.set({ bulletin: typeof p.content === 'string' ? p.content : '' })
        return
      case 'REMOVE_BULLETIN':
        this.set({ bulletin: '' })
        return
      case 'CLASSSTART':
        this.set({ liveState: 'live' })
        this.fire({ type: 'classStart', sessionId: p.sessionId })
        return
      case 'CLASSEND':
        this.set({ liveState: 'ended' })
        this.fire({ type: 'classEnd', sessionId: p.sessionId, hasPlayback: !!p.hasPlayback })
        return
      case 'CENSOR':
        this.toast(lx('error.CENSORED'))
        return
      default:
        // check-in, questionnaire, answer card, lottery, points, Q&A, mic, class control
        if (!this.opts.playback) this.ix.handle(p as { EVENT: string })
        return
    }
  }

  /** Chat reaches the list in one update per FLUSH_MS (a busy room renders once per burst, not per message). */
  private queue(list: readonly unknown[]): void {
    const valid = list.filter(isChatMessage)
    if (valid.length === 0) return
    this.pending.push(...valid)
    if (this.timers.flush) return
    this.timers.flush = setTimeout(() => {
      this.timers.flush = null
      this.flush()
    }, FLUSH_MS)
  }

  private flush(): void {
    const batch = this.pending
    this.pending = []
    if (batch.length === 0) return
    const known = new Set(this.state.messages.map((m) => m.id))
    const fresh = new Set(batch.filter((m) => !known.has(m.id) && !this.own(m.user.userId)).map((m) => m.id))
    const fromOthers = fresh.size
    this.keep(mergeMessages(this.state.messages, batch))
    if (fromOthers > 0) this.fire({ type: 'incoming', count: fromOthers })
  }

  /** Set the list, dropping the oldest beyond MAX_KEPT (they come back through 'more history'). */
  private keep(messages: ChatMessage[], patch: Partial<LiveRoomState> = {}): void {
    if (messages.length > MAX_KEPT) this.set({ ...patch, messages: messages.slice(-MAX_KEPT), hasMore: true })
    else this.set({ ...patch, messages })
  }

  // ---- history ---------------------------------------------------------------------------------

  /** The latest page (on login and every reconnect: fills what was missed while away). */
  private async loadLatest(): Promise<void> {
    const fetch = this.opts.fetchHistory
    if (!fetch) return
    try {
      const rows = await fetch()
      const page = rows.slice(0, LIVE.HISTORY_PAGE).filter(isChatMessage)
      const had = this.state.messages.length > 0
      this.keep(mergeMessages(this.state.messages, page), had ? {} : { hasMore: rows.length > LIVE.HISTORY_PAGE })
    } catch {
      // the live chat goes on; 'more history' can try again
      if (this.state.messages.length === 0) this.set({ hasMore: true })
    }
  }

  /** 'More history' (scrolled to the top): the page before the oldest message shown. Resolves how many came. */
  async loadMore(): Promise<number> {
    const fetch = this.opts.fetchHistory
    if (!fetch || this.state.loadingHistory || !this.state.hasMore) return 0
    const oldest = this.state.messages[0]?.id
    this.set({ loadingHistory: true })
    try {
      const rows = await fetch(oldest)
      const page = rows.slice(0, LIVE.HISTORY_PAGE).filter(isChatMessage)
      const merged = mergeMessages(page, this.state.messages)
      this.set({ messages: merged, hasMore: rows.length > LIVE.HISTORY_PAGE, loadingHistory: false })
      return page.length
    } catch {
      this.set({ loadingHistory: false })
      this.toast(lx('error.history'))
      return 0
    }
  }

  // ---- actions ---------------------------------------------------------------------------------

  private refuse(code: SendResult['code'], message: string, toast = true): SendResult {
    if (toast) this.toast(message)
    return { ok: false, code, message }
  }

  /** Why I cannot speak now (closed, banned, offline, playback), or null. */
  blockedReason(): SendResult | null {
    if (this.opts.playback) return { ok: false, code: CHAT_ERRORS.forbidden, message: lx('error.FORBIDDEN') }
    if (this.state.chatClosed) return { ok: false, code: CHAT_ERRORS.closed, message: lx('error.CLOSED') }
    if (this.isBanned()) return { ok: false, code: CHAT_ERRORS.banned, message: lx('error.BANNED') }
    if (this.state.status !== 'online' || !this.socket?.connected)
      return { ok: false, code: 'OFFLINE', message: lx('error.NOT_LOGGED_IN') }
    return null
  }

  /** The 3 s courtesy gap (spec §5; the server enforces it); staff in the room only the short flood gap. */
  private tooSoon(): boolean {
    const me = this.state.me
    const gap = me && isModerator(me.userType) ? CHAT_SERVER.STAFF_SPEAK_GAP_MS : LIVE.SPEAK_GAP_MS
    return this.lastSpeakAt > 0 && this.now() - this.lastSpeakAt < gap
  }

  /** Send a text message: trimmed, `<` `>` escaped; refused locally when empty, too long, too soon or blocked. */
  async speak(raw: string, quoteId?: number): Promise<SendResult> {
    const text = typeof raw === 'string' ? raw.trim() : ''
    if (!text) return this.refuse(CHAT_ERRORS.empty, lx('error.EMPTY'))
    const content = escapeChat(text)
    // the server counts what it receives: the escaped text
    if (tooLong(content)) return this.refuse(CHAT_ERRORS.tooLong, lx('error.TOO_LONG', { n: LIVE.MAX_TEXT }))
    const blocked = this.blockedReason()
    if (blocked) return this.refuse(blocked.code, blocked.message ?? '')
    if (this.tooSoon()) return this.refuse(CHAT_ERRORS.tooFast, lx('error.TOO_FAST'))
    this.lastSpeakAt = this.now()
    const ack = await this.ask('SPEAK', quoteId ? { values: [content], quoteId } : { values: [content] })
    return this.afterSend(ack, 'SPEAK', content, quoteId)
  }

  /** Send an image already uploaded (src/services/upload). */
  async sendImage(url: string): Promise<SendResult> {
    if (typeof url !== 'string' || !/^(https?:\/\/|\/)/.test(url))
      return this.refuse(CHAT_ERRORS.badRequest, lx('param.format'))
    const blocked = this.blockedReason()
    if (blocked) return this.refuse(blocked.code, blocked.message ?? '')
    if (this.tooSoon()) return this.refuse(CHAT_ERRORS.tooFast, lx('error.TOO_FAST'))
    this.lastSpeakAt = this.now()
    const ack = await this.ask('CHAT_IMG', { values: [url] })
    return this.afterSend(ack, 'CHAT_IMG', url)
  }

  private afterSend(ack: ChatAck, event: 'SPEAK' | 'CHAT_IMG', content: string, quoteId?: number): SendResult {
    if (ack.ok) {
      const me = this.state.me
      if (typeof ack.id === 'number' && me) {
        const mine: ChatMessage = {
          id: ack.id,
          EVENT: event,
          user: me,
          content,
          time: this.now(),
          ...(event === 'CHAT_IMG' ? { msgSource: 'chatImg' as const } : {}),
          ...(quoteId ? { quoteId } : {}),
        }
        this.keep(mergeMessages(this.state.messages, [mine]))
        this.fire({ type: 'sent', id: ack.id })
      }
      return { ok: true }
    }
    // a refused message does not count towards the gap
    this.lastSpeakAt = 0
    return this.ackError(ack)
  }

  /** Act on a refused ack and tell the learner (spec §8 texts). */
  private ackError(ack: Extract<ChatAck, { ok: false }>): SendResult {
    switch (ack.code) {
      case CHAT_ERRORS.token:
        this.toast(lx('error.token'))
        this.lost()
        return { ok: false, code: ack.code, message: lx('error.token') }
      case CHAT_ERRORS.closed:
        this.set({ chatClosed: true })
        return this.refuse(ack.code, lx('error.CLOSED'))
      case CHAT_ERRORS.banned: {
        const until = typeof ack.until === 'number' && ack.until > 0 ? ack.until : this.now() + LIVE.BAN_DEFAULT_MS
        setBan(this.opts.roomId, until, this.now())
        this.set({ bannedUntil: until })
        return this.refuse(ack.code, lx('error.BANNED'))
      }
      case CHAT_ERRORS.notLoggedIn:
        if (this.state.status === 'online') this.lost()
        return this.refuse(ack.code, lx('error.NOT_LOGGED_IN'))
      case CHAT_ERRORS.kicked:
        this.kicked(0)
        return { ok: false, code: ack.code, message: lx('notice.kicked') }
      case CHAT_ERRORS.serverError:
      case CHAT_ERRORS.tooFast:
      case CHAT_ERRORS.censored:
      case CHAT_ERRORS.empty:
      case CHAT_ERRORS.tooLong:
      case CHAT_ERRORS.forbidden:
      case CHAT_ERRORS.badRequest:
        return this.refuse(ack.code, lx(`error.${ack.code}`, { n: LIVE.MAX_TEXT }))
      default:
        return this.refuse('BAD_REQUEST', ack.message || lx('error.BAD_REQUEST'))
    }
  }

  /** One tap of the like button: counted at once, sent merged (at most MAX_LIKES_PER_EVENT per event, once a second). */
  like(): boolean {
    if (this.opts.playback) return false
    if (this.state.chatClosed) {
      // spec §5: a closed room triggers close instead
      this.toast(lx('error.CLOSED'))
      return false
    }
    this.likesUnsent += 1
    this.set({ likes: this.state.likes + 1 })
    this.armLikes()
    return true
  }

  private armLikes(): void {
    if (this.timers.likes) return
    this.timers.likes = setTimeout(() => {
      this.timers.likes = null
      this.flushLikes()
    }, LIVE.LIKES_BROADCAST_MS)
  }

  private flushLikes(): void {
    if (this.likesUnsent <= 0 || this.state.status !== 'online' || !this.socket?.connected) return
    const count = Math.min(this.likesUnsent, LIVE.MAX_LIKES_PER_EVENT)
    this.likesUnsent -= count
    void this.ask('LIKES', { count }).then((ack) => {
      if (!ack.ok && ack.code === CHAT_ERRORS.closed) this.set({ chatClosed: true })
    })
    if (this.likesUnsent > 0) this.armLikes()
  }
}

export function createLiveClient(options: LiveClientOptions): LiveClient {
  return new LiveClient(options)
}
