/**
 * The console's chat socket: its own door to the chat server (the learner app's is src/services/live; the console is
 * a separate product and bundle, so it does not import the app's Taro-bound client — docs/DECISIONS.md "Live —
 * teacher console"). Wire as contract/schemas/live-codes.ts: socket.io 4, path and namespace from the room's detail,
 * WebSocket only, one `message` event each way carrying a JSON string `{EVENT, ...}`, every send acked.
 *
 * Spec §4 / LIVE: LOGIN first with a fresh chat token on every (re)connect (tokens are short-lived), heartbeat after
 * 3 s then every 25 s, the 'connect overtime' notice after 30 s without a connection, our own reconnect after a
 * random 2, 3, 4 or 5 s (socket.io's is off). A refused token is fetched again once; refused twice, or KICKED, or
 * the same account logging in elsewhere (LOGIN_KICK), and the connection stays down until the page asks again.
 * No React here: the room store (./room.ts) drives it.
 */
import { io, type Socket } from 'socket.io-client'
import { CHAT_ERRORS, CHAT_EVENT, type ChatAck, LIVE, type RoomSnapshot } from '../../../contract/schemas/live-codes'
import type { ActiveInteractions } from '../../../contract/schemas/live-interactions'

export type ConnStatus =
  | 'connecting'
  | 'online'
  /** waiting the random 2-5 s before the next attempt */
  | 'reconnecting'
  /** cannot go on: `failure` says why */
  | 'failed'
  /** a moderator removed this account from the room */
  | 'kicked'
  /** the same account opened this room elsewhere (another tab or device) */
  | 'loginKicked'
  | 'stopped'

/** An ack; interaction events carry a reply in `data` (contract/schemas/live-interactions.ts). */
export type Ack = ChatAck & { data?: unknown }

/** The snapshot LOGIN's ack carries; `active` comes with the interactions (issue "Live classes II"). */
export type Snapshot = RoomSnapshot & { active?: ActiveInteractions }

export interface Packet {
  EVENT: string
  [k: string]: unknown
}

export interface ChatDoorOptions {
  /** a fresh chat token (and where the chat server is) for each attempt */
  fetchToken(): Promise<{ token: string; path: string; namespace: string }>
  onStatus(status: ConnStatus, detail: { failure?: string; overtime?: boolean }): void
  onLogin(snapshot: Snapshot): void
  onPacket(packet: Packet): void
  /** the origin of the chat server (default: the API's) */
  origin?: string
}

/** how long a send waits for its ack */
export const ACK_TIMEOUT_MS = 10_000
/** client-side codes beside the server's (CHAT_ERRORS, INTERACTION_ERRORS) */
export const LOCAL_CODES = { offline: 'OFFLINE', timeout: 'TIMEOUT' } as const

const reconnectDelay = () => LIVE.RECONNECT_DELAYS_S[Math.floor(Math.random() * LIVE.RECONNECT_DELAYS_S.length)]! * 1000

export class ChatDoor {
  private socket: Socket | null = null
  private online = false
  private stopped = true
  private tokenRefusals = 0
  private timers = new Set<ReturnType<typeof setTimeout>>()
  private beat: ReturnType<typeof setInterval> | null = null
  /** increments per attempt: late callbacks of an old socket are ignored */
  private attemptNo = 0
  /** when the connection was last lost (or first tried); 0 while online */
  private offlineSince = 0

  constructor(private readonly opts: ChatDoorOptions) {}

  get connected(): boolean {
    return this.online
  }

  start(): void {
    if (!this.stopped) return
    this.stopped = false
    this.tokenRefusals = 0
    this.offlineSince = Date.now()
    void this.attempt()
  }

  stop(): void {
    this.stopped = true
    this.teardown()
    this.opts.onStatus('stopped', {})
  }

  /** Sends one event; resolves with its ack (never rejects). */
  send(event: string, payload: Record<string, unknown> = {}): Promise<Ack> {
    const s = this.socket
    if (!s || !this.online)
      return Promise.resolve({ ok: false, code: LOCAL_CODES.offline as never, message: 'not connected' })
    return new Promise((resolve) => {
      s.timeout(ACK_TIMEOUT_MS).emit(
        CHAT_EVENT,
        JSON.stringify({ EVENT: event, ...payload }),
        (err: unknown, res: Ack) => {
          if (err) resolve({ ok: false, code: LOCAL_CODES.timeout as never, message: 'no answer' })
          else resolve(res && typeof res === 'object' ? res : { ok: false, code: CHAT_ERRORS.serverError, message: '' })
        },
      )
    })
  }

  private later(fn: () => void, ms: number) {
    const t = setTimeout(() => {
      this.timers.delete(t)
      fn()
    }, ms)
    this.timers.add(t)
  }

  private teardown() {
    this.attemptNo++
    this.online = false
    for (const t of this.timers) clearTimeout(t)
    this.timers.clear()
    if (this.beat) clearInterval(this.beat)
    this.beat = null
    const s = this.socket
    this.socket = null
    if (s) {
      s.removeAllListeners()
      s.disconnect()
    }
  }

  private fail(status: 'failed' | 'kicked' | 'loginKicked', failure = '') {
    this.teardown()
    this.stopped = true
    this.opts.onStatus(status, { failure })
  }

  /** no connection for the overtime already (attempts go on; the page says so) */
  private overtime(): boolean {
    return this.offlineSince > 0 && Date.now() - this.offlineSince >= LIVE.CONNECT_OVERTIME_MS
  }

  private retry() {
    if (this.stopped) return
    this.teardown()
    if (!this.offlineSince) this.offlineSince = Date.now()
    this.opts.onStatus('reconnecting', { overtime: this.overtime() })
    this.later(() => void this.attempt(), reconnectDelay())
  }

  private async attempt() {
    if (this.stopped) return
    const mine = ++this.attemptNo
    this.opts.onStatus('connecting', { overtime: this.overtime() })
    // spec: a notice when there is no connection after this long, counted from when it was lost (attempts go on)
    this.later(
      () => {
        if (mine === this.attemptNo && !this.online) this.opts.onStatus('connecting', { overtime: true })
      },
      Math.max(0, this.offlineSince + LIVE.CONNECT_OVERTIME_MS - Date.now()),
    )
    let door: { token: string; path: string; namespace: string }
    try {
      door = await this.opts.fetchToken()
    } catch (e) {
      if (mine !== this.attemptNo || this.stopped) return
      const code = (e as { code?: number }).code
      // a network failure or a server hiccup: try again; anything else (no such room, no right) is final
      if (code === 0 || (typeof code === 'number' && code >= 500 && code < 600)) this.retry()
      else this.fail('failed', e instanceof Error ? e.message : String(e))
      return
    }
    if (mine !== this.attemptNo || this.stopped) return
    const origin = this.opts.origin ?? location.origin
    const socket = io(`${origin}${door.namespace}`, {
      path: door.path,
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      timeout: 60_000,
    })
    this.socket = socket
    socket.on('connect', () => {
      socket
        .timeout(ACK_TIMEOUT_MS)
        .emit(CHAT_EVENT, JSON.stringify({ EVENT: 'LOGIN', token: door.token }), (err: unknown, ack: Ack) => {
          if (mine !== this.attemptNo) return
          if (err || !ack) return this.retry()
          if (ack.ok && ack.room) {
            this.online = true
            this.offlineSince = 0
            this.tokenRefusals = 0
            this.opts.onStatus('online', {})
            this.opts.onLogin(ack.room as Snapshot)
            const beat = () => void this.send('HEARTBEAT', { playing: false })
            this.later(() => {
              beat()
              this.beat = setInterval(beat, LIVE.HEARTBEAT_MS)
            }, LIVE.HEARTBEAT_FIRST_MS)
            return
          }
          if (!ack.ok && ack.code === CHAT_ERRORS.kicked) return this.fail('kicked', ack.message)
          if (!ack.ok && ack.code === CHAT_ERRORS.token && ++this.tokenRefusals >= 2)
            return this.fail('failed', ack.message)
          this.retry()
        })
    })
    socket.on(CHAT_EVENT, (raw: unknown) => {
      if (mine !== this.attemptNo) return
      let p: Packet
      try {
        const v = typeof raw === 'string' ? JSON.parse(raw) : raw
        if (!v || typeof v !== 'object' || typeof (v as Packet).EVENT !== 'string') return
        p = v as Packet
      } catch {
        return
      }
      if (p.EVENT === 'LOGIN_KICK') return this.fail('loginKicked')
      this.opts.onPacket(p)
    })
    socket.on('connect_error', () => {
      if (mine === this.attemptNo) this.retry()
    })
    socket.on('disconnect', () => {
      if (mine === this.attemptNo) this.retry()
    })
  }

  /** The room store's word that this account was kicked (KICK naming me): stay off. */
  kicked(): void {
    this.fail('kicked')
  }
}
