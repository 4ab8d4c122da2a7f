/**
 * What the parts of the chat server share (./index.ts builds one per server): the logged-in sockets of this
 * process, the refusals, and the ways to send: to a room, to a socket, to a socket on any process, merged (at
 * most once per window, across processes), and chat to the batcher (./batcher.ts) of every process.
 *
 * Several processes (REDIS_URL): the socket.io Redis adapter carries broadcasts; what one process must do for a
 * socket or a batcher of another crosses through serverSideEmit (`chat:msg`, `chat:drop`, `chat:dismiss`,
 * `chat:drop-cache`), and the merge locks live in the store (./store.ts).
 */
import type { FastifyBaseLogger } from 'fastify'
import type { Namespace, Socket } from 'socket.io'
import {
  type BadRequestReason,
  CHAT_ERRORS,
  CHAT_EVENT,
  CHAT_SERVER,
  type ChatAck,
  type ChatErrorCode,
  type ChatMessage,
  type ChatUser,
  LIVE,
  type OnlineCount,
  type ServerEventName,
  type ServerEvents,
} from '../../../../../contract/schemas/live-codes'
import type { ChatClaims } from '../token'
import type { Batcher, Pending } from './batcher'
import type { ChatData } from './data'
import type { ChatStore } from './store'

/** What one logged-in socket is. */
export interface Member {
  claims: ChatClaims
  user: ChatUser
  staff: boolean
  playback: boolean
  /** the socket.io room (tenant-prefixed) */
  room: string
  /** the room id the app sees */
  roomId: string
  /** last heartbeat (or login) and the study time not yet written */
  lastBeat: number
  carryMs: number
  lastWrite: number
}

export interface SocketState {
  member?: Member
  loggingIn: boolean
  /** flood guard: events in the current second */
  windowStart: number
  events: number
}

export type Payload = Record<string, unknown>
export type Result = ChatAck

// ------------------------------------------------------------ refusals

export const MESSAGES: Record<ChatErrorCode, string> = {
  TOKEN: 'chat room token error',
  TOO_FAST: 'you are speaking too fast, please try again later',
  CLOSED: 'the chat room is closed',
  BANNED: 'you are banned from speaking in this room',
  CENSORED: 'the message contains a blocked word and was not sent',
  EMPTY: 'the message is empty',
  TOO_LONG: `the message is longer than ${LIVE.MAX_TEXT} characters`,
  FORBIDDEN: 'only the teacher, a manager or an assistant may do this',
  BAD_REQUEST: 'bad request',
  NOT_LOGGED_IN: 'log in to the chat room first',
  KICKED: 'you were removed from this room',
  SERVER_ERROR: 'the chat server failed, please try again',
}

export const refuse = (code: ChatErrorCode, message = MESSAGES[code], until?: number): Result => ({
  ok: false,
  code,
  message,
  ...(until === undefined ? {} : { until }),
})
/** A refused request: its sentence (logs) and, when a teacher can act on it, the reason the clients translate. */
export const bad = (message: string, reason?: BadRequestReason): Result => ({
  ...refuse(CHAT_ERRORS.badRequest, message),
  ...(reason ? { reason } : {}),
})
export const OK: Result = { ok: true }

export const isPosInt = (v: unknown): v is number =>
  Number.isSafeInteger(v) && (v as number) > 0 && (v as number) <= 2 ** 31
export const chars = (s: string) => [...s].length

// ------------------------------------------------------------ the hub

export interface HubDeps {
  nsp: Namespace
  store: ChatStore
  data: ChatData
  batcher: Batcher
  log: FastifyBaseLogger
  /** several processes (Redis) */
  crossProcess: boolean
}

export type Hub = ReturnType<typeof createHub>

export function createHub({ nsp, store, data, batcher, log, crossProcess }: HubDeps) {
  /** the logged-in sockets of this process (the access check walks them) */
  const members = new Map<Socket, Member>()

  const packet = <E extends ServerEventName>(event: E, payload: ServerEvents[E]) =>
    JSON.stringify({ EVENT: event, ...payload })
  const toRoom = <E extends ServerEventName>(room: string, event: E, payload: ServerEvents[E], except: string[] = []) =>
    nsp.to(room).except(except).emit(CHAT_EVENT, packet(event, payload))
  const toSocket = <E extends ServerEventName>(socket: Socket, event: E, payload: ServerEvents[E]) =>
    socket.emit(CHAT_EVENT, packet(event, payload))

  /** Sends the event to the socket, then closes it (no automatic reconnect: a server disconnect). */
  const dismiss = (socket: Socket, event?: string) => {
    if (event) socket.emit(CHAT_EVENT, event)
    socket.disconnect()
    // the client leaves the connection when its last namespace is closed; if it does not, the server does
    setTimeout(() => socket.conn.close(), 2000).unref()
  }
  /** dismiss a socket wherever it is (this process, or another through the adapter) */
  const dismissAnywhere = (sid: string, event: string) => {
    const local = nsp.sockets.get(sid)
    if (local) dismiss(local, event)
    else if (crossProcess) nsp.serverSideEmit('chat:dismiss', sid, event)
  }

  /** Runs `run` at most once per `ms` for the key, across processes (the lock lives in the store). */
  const mergeTimers = new Map<string, NodeJS.Timeout>()
  const merged = (key: string, ms: number, run: () => Promise<void>): void => {
    if (hub.closed || mergeTimers.has(key)) return
    const fire = async () => {
      try {
        const wait = await store.tryLock(`lock:${key}`, ms)
        if (hub.closed) return
        if (wait > 0) {
          mergeTimers.set(key, setTimeout(fire, wait))
          return
        }
        mergeTimers.delete(key)
        await run()
      } catch (err) {
        mergeTimers.delete(key)
        log.warn({ err }, `chat: merged broadcast ${key} failed`)
      }
    }
    mergeTimers.set(key, setTimeout(fire, 0))
  }
  const stopMerging = () => {
    for (const t of mergeTimers.values()) clearTimeout(t)
    mergeTimers.clear()
  }

  const broadcastOnline = (room: string) =>
    merged(`online:${room}`, CHAT_SERVER.ONLINE_MERGE_MS, async () => {
      toRoom(room, 'ONLINE', { online: await store.counts(room) })
    })
  const busy = (o: OnlineCount) => o.staff + o.audience > CHAT_SERVER.ONLINE_MERGE_ABOVE

  // ------------------------------------------------------------ cross-process

  if (crossProcess) {
    nsp.on('chat:msg', (room: string, msg: ChatMessage, staff: boolean) => batcher.push(room, { msg, staff }))
    nsp.on('chat:drop', (room: string, id: number | null) => batcher.drop(room, id))
    nsp.on('chat:dismiss', (sid: string, event: string) => {
      const local = nsp.sockets.get(sid)
      if (local) dismiss(local, event)
    })
    nsp.on('chat:drop-cache', (kind: string, key: string) => {
      if (kind === 'channel') data.dropChannel(key)
      else data.dropSession(key)
    })
  }
  const deliver = (room: string, p: Pending) => {
    batcher.push(room, p)
    if (crossProcess) nsp.serverSideEmit('chat:msg', room, p.msg, p.staff)
  }
  const dropBuffered = (room: string, id: number | null) => {
    batcher.drop(room, id)
    if (crossProcess) nsp.serverSideEmit('chat:drop', room, id)
  }
  const dropCache = (kind: 'channel' | 'session', key: string) => {
    if (kind === 'channel') data.dropChannel(key)
    else data.dropSession(key)
    if (crossProcess) nsp.serverSideEmit('chat:drop-cache', kind, key)
  }

  const hub = {
    /** the server is closing: nothing new is merged, checked or sent */
    closed: false,
    nsp,
    store,
    data,
    log,
    members,
    packet,
    toRoom,
    toSocket,
    dismiss,
    dismissAnywhere,
    merged,
    stopMerging,
    broadcastOnline,
    busy,
    deliver,
    dropBuffered,
    dropCache,
  }
  return hub
}
