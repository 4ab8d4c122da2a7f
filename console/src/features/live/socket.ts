/**
 * The console's chat door: the chat core the learner app shares (shared/live/connection.ts) over the browser socket
 * (./transport.ts), with the console's own rules on top. Wire as contract/schemas/live-codes.ts: socket.io 4, path
 * and namespace from the room's detail, WebSocket only, one `message` event each way carrying a JSON string
 * `{EVENT, ...}`, every send acked.
 *
 * The console asks the room's detail again for every attempt (a fresh chat token, and where the chat server is). A
 * refused token is fetched again once; refused twice, or KICKED, or the same account logging in elsewhere
 * (LOGIN_KICK), and the connection stays down until the page asks again. A network failure or a server hiccup
 * (0, 5xx) of the detail call is tried again; any other refusal (no such room, no right) is final. Sends go out
 * only once logged in. No React here: the room store (./room.ts) drives it.
 */
import { CHAT_ERRORS, type ChatAck, type RoomSnapshot } from '../../../../contract/schemas/live-codes'
import type { ActiveInteractions } from '../../../../contract/schemas/live-interactions'
import { type ChatAddress, ChatConnection, type ChatPacket } from '../../../../shared/live/connection'
import { chatUrl } from '../../../../shared/live/transport'
import { browserSocket } from './transport'

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

export type Packet = ChatPacket

export interface ChatDoorOptions {
  /** a fresh chat token (and where the chat server is) for each attempt */
  fetchToken(): Promise<{ token: string; path: string; namespace: string }>
  onStatus(status: ConnStatus, detail: { failure?: string; overtime?: boolean }): void
  onLogin(snapshot: Snapshot): void
  onPacket(packet: Packet): void
  /** the origin of the chat server (default: the API's) */
  origin?: string
}

/** client-side codes beside the server's (CHAT_ERRORS, INTERACTION_ERRORS) */
export const LOCAL_CODES = { offline: 'OFFLINE', timeout: 'TIMEOUT' } as const

/** Token refusals in a row before the door stays shut. */
const MAX_TOKEN_REFUSALS = 2

export class ChatDoor {
  private readonly core: ChatConnection

  constructor(private readonly opts: ChatDoorOptions) {
    let token = ''
    this.core = new ChatConnection({
      transport: browserSocket,
      address: async (): Promise<ChatAddress> => {
        const door = await opts.fetchToken()
        token = door.token
        return { url: chatUrl(opts.origin ?? location.origin, door.namespace), path: door.path }
      },
      token: async () => token,
      finalFailure: (e) => {
        const code = (e as { code?: number }).code
        if (code === 0 || (typeof code === 'number' && code >= 500 && code < 600)) return null
        return e instanceof Error ? e.message : String(e)
      },
      refusalText: (ack) => ack.message,
      maxTokenRefusals: MAX_TOKEN_REFUSALS,
      offline: () => ({ ok: false, code: LOCAL_CODES.offline as never, message: 'not connected' }),
      timeout: () => ({ ok: false, code: LOCAL_CODES.timeout as never, message: 'no answer' }),
      malformed: () => ({ ok: false, code: CHAT_ERRORS.serverError, message: '' }),
      onLogin: (room) => {
        // a LOGIN answer without the room is no answer: try again
        if (room) opts.onLogin(room as Snapshot)
        else this.core.lost()
      },
      onPacket: (p) => opts.onPacket(p),
      onStatus: (status, d) => {
        // 'idle' is the page's own stop: stop() says 'stopped'
        if (status !== 'idle') opts.onStatus(status, d)
      },
    })
  }

  get connected(): boolean {
    return this.core.online
  }

  start(): void {
    if (!this.core.running) this.core.retry()
  }

  stop(): void {
    this.core.stop()
    this.opts.onStatus('stopped', {})
  }

  /** Sends one event once logged in; resolves with its ack (never rejects). */
  send(event: string, payload: Record<string, unknown> = {}): Promise<Ack> {
    if (!this.core.online)
      return Promise.resolve({ ok: false, code: LOCAL_CODES.offline as never, message: 'not connected' })
    return this.core.send(event, payload)
  }

  /** The room store's word that this account was kicked (KICK naming me): stay off. */
  kicked(): void {
    this.core.kick()
  }
}
