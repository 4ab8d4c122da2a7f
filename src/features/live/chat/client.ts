/**
 * The live room's chat client: the room state pages read through subscribe()/getState() (useSyncExternalStore) and
 * the actions they call. No React here. The connection (LOGIN with a fresh token from fetchToken() on every
 * (re)connect, heartbeat first after 3 s then every 25 s carrying {playing, position} from the page, a notice after
 * 30 s without a connection, our own reconnect after a random 2/3/4/5 s, acks) is the chat core the console shares
 * (shared/live/connection.ts), over this app's socket (src/services/live/socket.*: the one place a socket is opened).
 *
 * Wire (contract/schemas/live-codes.ts, LIVE.md): one socket.io event `message`; the client sends ONE JSON string
 * `{EVENT, ...}` with an ack (a plain ChatAck), the server sends JSON strings, busy rooms' chat merged as BATCH.
 * Spec §4: kick of the own user: ban and disconnect; login kick: disconnect and stay off. Bans are kept per room
 * until their expiry (./bans.ts). Spec §5: text trimmed and `<` `>` escaped; a 3 s courtesy gap (the server is the
 * guard). Spec §8: ack codes become catalogue texts ('chat room token error' as a 2 s toast, 'you are speaking too
 * fast…', …).
 */
import Taro from '@tarojs/taro'
import {
  CHAT_ERRORS,
  CHAT_SERVER,
  type ChatAck,
  type ChatMessage,
  type ClientEvents,
  isModerator,
  LIVE,
  type OnlineCount,
  type RoomSnapshot,
} from '../../../../contract/schemas/live-codes'
import type { InteractionClientEvents } from '../../../../contract/schemas/live-interactions'
import { escapeChat, isChatMessage, mergeMessages, tooLong } from '../../../../shared/live/chat'
import { ChatConnection, type ConnectionDetail } from '../../../../shared/live/connection'
import { chatUrl } from '../../../../shared/live/transport'
import { ApiError, NETWORK_ERROR } from '../../../services/http/error'
import { openSocket } from '../../../services/live/socket'
import { RoomInteractions } from '../interactions/room'
import { lx } from '../messages'
import { setBan, bannedUntil as storedBan } from './bans'
import { type ChatEventHost, chatEvent, type ServerPacket } from './events'
import { checkChatOptions, checks } from './text'
import {
  FLUSH_MS,
  type LiveClientOptions,
  type LiveEvent,
  type LiveRoomState,
  type LiveStatus,
  MAX_KEPT,
  MAX_TOKEN_FAILURES,
  type SendResult,
} from './types'

export * from './types'
export { chatUrl }

const TOAST_MS = 2000
const NO_ONLINE: OnlineCount = { staff: 0, audience: 0 }
const FINAL: ReadonlySet<LiveStatus> = new Set(['kicked', 'loginKicked', 'failed'])

/** every event the client may send: chat (live-codes) and interactions (live-interactions) */
type AnyClientEvents = ClientEvents & InteractionClientEvents

export class LiveClient {
  private readonly opts: LiveClientOptions
  /** the room's interactions (check-in, questionnaire, answer card, lottery, points, Q&A, mic): its own store */
  readonly ix: RoomInteractions
  private readonly conn: ChatConnection
  private readonly now: () => number
  private readonly toastFn: (text: string, ms: number) => void
  private state: LiveRoomState
  private readonly listeners = new Set<() => void>()
  private readonly eventListeners = new Set<(e: LiveEvent) => void>()
  private timers = {
    flush: null as ReturnType<typeof setTimeout> | null,
    likes: null as ReturnType<typeof setTimeout> | null,
  }
  private pending: ChatMessage[] = []
  private lastSpeakAt = 0
  private likesUnsent = 0

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
    this.now = options.now ?? Date.now
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
    this.conn = new ChatConnection({
      transport: options.socketFactory ?? openSocket,
      address: () => ({ url: chatUrl(options.origin, options.namespace), path: options.path }),
      token: options.fetchToken,
      finalFailure: (e) => (e instanceof ApiError && e.code !== NETWORK_ERROR ? e.msg || lx('error.token') : null),
      refusalText: (ack) =>
        ack.code === CHAT_ERRORS.token ? lx('error.token') : ack.message || lx(`error.${CHAT_ERRORS.forbidden}`),
      maxTokenRefusals: MAX_TOKEN_FAILURES,
      heartbeat: () => {
        const s = options.status?.() ?? { playing: false }
        const payload: ClientEvents['HEARTBEAT'] = { playing: !!s.playing }
        if (typeof s.position === 'number' && Number.isFinite(s.position)) payload.position = Math.max(0, s.position)
        return payload
      },
      offline: () => ({ ok: false, code: CHAT_ERRORS.notLoggedIn, message: lx('error.NOT_LOGGED_IN') }),
      timeout: () => ({ ok: false, code: CHAT_ERRORS.notLoggedIn, message: lx('error.timeout') }),
      malformed: () => ({ ok: false, code: CHAT_ERRORS.badRequest, message: '' }),
      onLogin: (room) => this.enter(room ?? null),
      afterLogin: () => {
        if (options.serverClock && !options.playback) void this.ix.syncClock(options.serverClock)
        if (this.likesUnsent > 0) this.armLikes()
        if (!options.playback) void this.loadLatest()
      },
      onPacket: (p) => chatEvent(this.host, p as unknown as ServerPacket),
      onStatus: (status, detail) => this.onStatus(status, detail),
      onTokenRefused: () => this.toast(lx('error.token')),
      ...(options.random ? { random: options.random } : {}),
    })
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

  // ---- connection (shared/live/connection.ts) ------------------------------------------------------

  /** Connect (idempotent while running). */
  start(): void {
    this.conn.start()
  }

  /** Leave the room: no reconnect, timers off, likes not yet sent are sent first when still connected. */
  stop(): void {
    this.flushLikes()
    this.halt()
    this.conn.stop()
  }

  /** Try again now (after a login kick or a failure), with a fresh token. */
  retry(): void {
    this.halt()
    this.conn.retry()
  }

  /** The reconnect delay: a random one of LIVE.RECONNECT_DELAYS_S. */
  reconnectDelayMs(): number {
    return this.conn.reconnectDelayMs()
  }

  /** The room's own timers off (the connection's are the core's). */
  private halt(): void {
    for (const k of Object.keys(this.timers) as (keyof typeof this.timers)[]) {
      const t = this.timers[k]
      if (t) clearTimeout(t)
      this.timers[k] = null
    }
    this.pending = []
    this.ix.pause()
  }

  private onStatus(status: LiveStatus, d: ConnectionDetail): void {
    const was = this.state
    if (FINAL.has(status)) this.halt()
    if (status !== was.status || d.overtime !== was.overtime || d.failure !== was.failure)
      this.set({ status, overtime: d.overtime, failure: d.failure })
    if (d.overtime && !was.overtime) this.toast(lx('notice.overtime'))
    if (status === was.status) return
    if (status === 'kicked') this.toast(lx('notice.kicked'))
    if (status === 'loginKicked') this.toast(lx('notice.loginKicked'))
  }

  /**
   * Removed from the room (spec §4: kick of the own user bans and disconnects): no reconnect; the ban is kept
   * until `until`.
   */
  private kicked(until: number): void {
    setBan(this.opts.roomId, until, this.now())
    this.set({ bannedUntil: until })
    this.conn.kick()
  }

  /** Logged in: the room as the server described it. */
  private enter(room: RoomSnapshot | null): void {
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

  /** Send one client event; resolves with its ack (a failed ack when offline or unanswered). */
  private ask<K extends keyof AnyClientEvents>(event: K, payload: AnyClientEvents[K]): Promise<ChatAck> {
    return this.conn.send(event, payload)
  }

  // ---- server events ---------------------------------------------------------------------------

  /** what a server chat event may do here (./events.ts) */
  private readonly host: ChatEventHost = {
    set: (patch) => this.set(patch),
    queue: (list) => this.queue(list),
    remove: (id) => {
      this.pending = id === 'all' ? [] : this.pending.filter((m) => m.id !== id)
      if (id === 'all') this.set({ messages: [], hasMore: false })
      else this.set({ messages: this.state.messages.filter((m) => m.id !== id) })
    },
    fire: (e) => this.fire(e),
    toast: (text) => this.toast(text),
    own: (userId) => this.own(userId),
    now: () => this.now(),
    likesUnsent: () => this.likesUnsent,
    ban: (until) => {
      setBan(this.opts.roomId, until, this.now())
      this.set({ bannedUntil: until })
    },
    kicked: (until) => this.kicked(until),
    interaction: (p) => {
      if (!this.opts.playback) this.ix.handle(p)
    },
  }

  private own(userId: number): boolean {
    return !!this.state.me && this.state.me.userId === userId
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
    if (this.state.status !== 'online' || !this.conn.connected)
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
        this.conn.lost()
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
        if (this.state.status === 'online') this.conn.lost()
        return this.refuse(ack.code, lx('error.NOT_LOGGED_IN'))
      case CHAT_ERRORS.kicked:
        this.conn.kick()
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
    if (this.likesUnsent <= 0 || this.state.status !== 'online' || !this.conn.connected) return
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
