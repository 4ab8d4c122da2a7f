/**
 * The chat client core both clients share (issue 26 step 6): the learner app's room (src/features/live/chat/client.ts)
 * and the teacher console's (console/src/features/live/socket.ts) speak one protocol (contract/schemas/live-codes.ts)
 * through this class, each over its platform's transport (./transport.ts). No React, no Taro, no DOM: the clients
 * keep their own room state and texts and hear the connection through the callbacks.
 *
 * Spec §4 / LIVE: LOGIN with a fresh token on every (re)connect (tokens are short-lived); heartbeat first after 3 s,
 * then every 25 s; the 'connect overtime' notice 30 s after the connection was lost (or first tried), once, while
 * attempts go on; our own reconnect after a random 2, 3, 4 or 5 s (socket.io's is off). It stays down until the page
 * asks again (`start` / `retry`) when: the token is refused `maxTokenRefusals` times in a row, LOGIN is FORBIDDEN,
 * the address or token call is refused for good (no right to enter), LOGIN is refused as KICKED or the client says a
 * KICK named its user (`kick`), or LOGIN_KICK says the same account entered the room elsewhere. Every send resolves
 * with an ack and never rejects: the server's, or the client's own when offline, unanswered within ACK_TIMEOUT_MS or
 * not an ack.
 */
import {
  CHAT_ERRORS,
  CHAT_EVENT,
  type ChatAck,
  type ClientEvents,
  LIVE,
  type RoomSnapshot,
} from '../../contract/schemas/live-codes'
import type { ChatSocket, ChatTransport } from './transport'

export type ConnectionStatus =
  /** not started, or stopped by the page */
  | 'idle'
  | 'connecting'
  /** logged in */
  | 'online'
  /** waiting the random 2-5 s before the next attempt */
  | 'reconnecting'
  /** removed from the room by a moderator */
  | 'kicked'
  /** the same account entered this room elsewhere */
  | 'loginKicked'
  /** cannot go on: `failure` says why */
  | 'failed'

export type Refusal = Extract<ChatAck, { ok: false }>

/** One server event as the wire carries it. */
export interface ChatPacket {
  EVENT: string
  [k: string]: unknown
}

export interface ConnectionDetail {
  /** no connection for LIVE.CONNECT_OVERTIME_MS (attempts go on) */
  overtime: boolean
  /** why the status is final (a refusal's text), else '' */
  failure: string
}

/** Where the chat server is: origin + namespace, and the socket.io path. */
export interface ChatAddress {
  url: string
  path: string
}

export interface ChatConnectionOptions {
  transport: ChatTransport
  /** where to connect: known at once (the app), or asked for on every attempt (the console reads the room again) */
  address(): ChatAddress | Promise<ChatAddress>
  /** a fresh chat token for LOGIN, asked once the socket is connected */
  token(): Promise<string>
  /** a failed address or token call: the text that ends the attempts (no right to enter), or null to try again */
  finalFailure(error: unknown): string | null
  /** the text a final LOGIN refusal leaves (the token refused too often, FORBIDDEN) */
  refusalText(ack: Refusal): string
  /** LOGIN refusals of the token in a row before the attempts end */
  maxTokenRefusals: number
  /** what each heartbeat reports (default: not playing) */
  heartbeat?(): ClientEvents['HEARTBEAT']
  /** the acks the client gives itself: not connected, no answer in time, an answer that is no ack */
  offline(): Refusal
  timeout(): Refusal
  malformed(): Refusal
  /** logged in: the room as the server described it; called inside the LOGIN ack, before any later server event */
  onLogin(room: RoomSnapshot | undefined): void
  /** after the LOGIN ack's callers have run */
  afterLogin?(): void
  /** every server event but LOGIN_KICK (which this core acts on) */
  onPacket(packet: ChatPacket): void
  /** the status or its detail changed */
  onStatus(status: ConnectionStatus, detail: ConnectionDetail): void
  /** LOGIN refused the token (before the retry or the end) */
  onTokenRefused?(ack: Refusal): void
  random?: () => number
}

/** An ack that does not come back within this is a failed send. */
export const ACK_TIMEOUT_MS = 10_000

const isAck = (res: unknown): res is ChatAck => !!res && typeof res === 'object' && 'ok' in res
const isThenable = <T>(v: T | Promise<T>): v is Promise<T> =>
  !!v && typeof (v as { then?: unknown }).then === 'function'

export class ChatConnection {
  private socket: ChatSocket | null = null
  /** the socket is connected (LOGIN may still be on its way) */
  private up = false
  private loggedIn = false
  private stopped = true
  /** bumps on every connection attempt: late answers of an old one are ignored */
  private attempt = 0
  private tokenRefusals = 0
  private status: ConnectionStatus = 'idle'
  private overtime = false
  private failure = ''
  private readonly timers: Record<'heartbeat' | 'reconnect' | 'overtime', ReturnType<typeof setTimeout> | null> = {
    heartbeat: null,
    reconnect: null,
    overtime: null,
  }
  private readonly random: () => number

  constructor(private readonly o: ChatConnectionOptions) {
    this.random = o.random ?? Math.random
  }

  /** the socket is connected (sends go out) */
  get connected(): boolean {
    return this.up
  }

  /** logged in */
  get online(): boolean {
    return this.loggedIn
  }

  /** attempts are on (not stopped, not in a final state) */
  get running(): boolean {
    return !this.stopped
  }

  /** Connect (idempotent while running). */
  start(): void {
    if (!this.stopped) return
    this.stopped = false
    this.overtime = false
    this.failure = ''
    this.report('connecting')
    this.open()
  }

  /** Leave: no reconnect, timers off, the socket closed. */
  stop(): void {
    const active = this.status === 'online' || this.status === 'connecting' || this.status === 'reconnecting'
    this.stopped = true
    this.halt()
    this.overtime = false
    if (active) this.report('idle')
  }

  /** Try again now with fresh counts (after a final state, or to drop a doubtful connection). */
  retry(): void {
    this.stopped = true
    this.tokenRefusals = 0
    this.halt()
    this.start()
  }

  /** Removed from the room: off until the page asks again. */
  kick(reason = ''): void {
    this.end('kicked', reason)
  }

  /** The connection is gone (or never came, or the server says this client is not logged in): again after 2-5 s. */
  lost(): void {
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

  /** Send one client event; resolves with its ack (a refusal of the client's own when not connected). */
  send(event: string, payload: object = {}, onAck?: (ack: ChatAck) => void): Promise<ChatAck> {
    const socket = this.socket
    if (!socket || !this.up) return Promise.resolve(this.o.offline())
    return new Promise((resolve) => {
      let done = false
      const timer = setTimeout(() => {
        done = true
        resolve(this.o.timeout())
      }, ACK_TIMEOUT_MS)
      socket.emit(CHAT_EVENT, JSON.stringify({ EVENT: event, ...payload }), (res) => {
        if (done) return
        done = true
        clearTimeout(timer)
        const ack = isAck(res) ? res : this.o.malformed()
        onAck?.(ack)
        resolve(ack)
      })
    })
  }

  // ---- the attempts ----------------------------------------------------------------------------

  private report(status: ConnectionStatus): void {
    this.status = status
    this.o.onStatus(status, { overtime: this.overtime, failure: this.failure })
  }

  /** Timers off, the socket closed, late answers ignored. */
  private halt(): void {
    this.attempt += 1
    for (const k of Object.keys(this.timers) as (keyof typeof this.timers)[]) {
      const t = this.timers[k]
      if (t) clearTimeout(t)
      this.timers[k] = null
    }
    this.closeSocket()
  }

  /** A final state: off until the page asks again. */
  private end(status: 'kicked' | 'failed' | 'loginKicked', failure: string): void {
    this.stopped = true
    this.halt()
    this.overtime = false
    this.failure = failure
    this.report(status)
  }

  private closeSocket(): void {
    const s = this.socket
    this.socket = null
    this.up = false
    this.loggedIn = false
    if (!s) return
    s.removeAllListeners()
    s.disconnect()
  }

  private open(): void {
    const my = ++this.attempt
    this.closeSocket()
    this.armOvertime()
    let address: ChatAddress | Promise<ChatAddress>
    try {
      address = this.o.address()
    } catch (e) {
      this.refused(e)
      return
    }
    if (!isThenable(address)) {
      this.connect(my, address)
      return
    }
    address.then(
      (a) => {
        if (my === this.attempt && !this.stopped) this.connect(my, a)
      },
      (e) => {
        if (my === this.attempt && !this.stopped) this.refused(e)
      },
    )
  }

  private connect(my: number, address: ChatAddress): void {
    let socket: ChatSocket
    try {
      socket = this.o.transport(address.url, address.path)
    } catch {
      this.scheduleReconnect()
      return
    }
    this.socket = socket
    socket.on('connect', () => {
      if (my !== this.attempt) return
      this.up = true
      void this.login(my)
    })
    socket.on('connect_error', () => {
      if (my === this.attempt) this.lost()
    })
    socket.on('disconnect', (reason) => {
      if (my !== this.attempt) return
      this.up = false
      this.loggedIn = false
      // our own disconnect() (stop, kick) needs no reconnect
      if (reason === 'io client disconnect') return
      this.lost()
    })
    socket.on('message', (raw) => {
      if (my === this.attempt) this.receive(raw)
    })
    socket.connect()
  }

  /** The address or the token call failed: for good (no right to enter), or try again (network, server hiccup). */
  private refused(e: unknown): void {
    const text = this.o.finalFailure(e)
    if (text === null) this.lost()
    else this.end('failed', text)
  }

  private armOvertime(): void {
    // once shown, the notice stays until a connection comes: not again every 30 s
    if (this.timers.overtime || this.overtime) return
    this.timers.overtime = setTimeout(() => {
      this.timers.overtime = null
      if (this.stopped || this.loggedIn) return
      this.overtime = true
      this.report(this.status)
    }, LIVE.CONNECT_OVERTIME_MS)
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.timers.reconnect) return
    this.attempt += 1
    this.closeSocket()
    this.armOvertime()
    this.report('reconnecting')
    this.timers.reconnect = setTimeout(() => {
      this.timers.reconnect = null
      if (this.stopped) return
      this.report('connecting')
      this.open()
    }, this.reconnectDelayMs())
  }

  private async login(my: number): Promise<void> {
    let token: string
    try {
      token = await this.o.token()
    } catch (e) {
      if (my === this.attempt) this.refused(e)
      return
    }
    if (my !== this.attempt) return
    // the room is entered in the ack callback itself: an event the server sends right after it must land on top of
    // the snapshot, not under it
    const ack = await this.send('LOGIN', { token }, (a) => {
      if (a.ok && my === this.attempt) this.entered(my, a.room)
    })
    if (my !== this.attempt) return
    if (ack.ok) {
      this.o.afterLogin?.()
      return
    }
    if (ack.code === CHAT_ERRORS.token) {
      this.tokenRefusals += 1
      this.o.onTokenRefused?.(ack)
      if (this.tokenRefusals >= this.o.maxTokenRefusals) this.end('failed', this.o.refusalText(ack))
      else this.lost()
    } else if (ack.code === CHAT_ERRORS.kicked) this.kick(ack.message)
    else if (ack.code === CHAT_ERRORS.forbidden) this.end('failed', this.o.refusalText(ack))
    // not logged in, the server failed (SERVER_ERROR), no answer: try again after the usual pause
    else this.lost()
  }

  private entered(my: number, room: RoomSnapshot | undefined): void {
    this.tokenRefusals = 0
    this.loggedIn = true
    if (this.timers.overtime) clearTimeout(this.timers.overtime)
    this.timers.overtime = null
    this.overtime = false
    this.failure = ''
    this.status = 'online'
    this.o.onLogin(room)
    // the client may have dropped the connection on what it saw
    if (my !== this.attempt) return
    this.report('online')
    this.startHeartbeat()
  }

  private startHeartbeat(): void {
    this.stopHeartbeat()
    const next = (ms: number) => {
      this.timers.heartbeat = setTimeout(() => {
        void this.send('HEARTBEAT', this.o.heartbeat?.() ?? { playing: false })
        next(LIVE.HEARTBEAT_MS)
      }, ms)
    }
    next(LIVE.HEARTBEAT_FIRST_MS)
  }

  private stopHeartbeat(): void {
    if (this.timers.heartbeat) clearTimeout(this.timers.heartbeat)
    this.timers.heartbeat = null
  }

  private receive(raw: unknown): void {
    let p: unknown
    try {
      p = typeof raw === 'string' ? JSON.parse(raw) : raw
    } catch {
      return
    }
    if (!p || typeof p !== 'object' || typeof (p as ChatPacket).EVENT !== 'string') return
    if ((p as ChatPacket).EVENT === 'LOGIN_KICK') this.end('loginKicked', '')
    else this.o.onPacket(p as ChatPacket)
  }
}
