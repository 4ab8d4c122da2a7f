/**
 * The live chat server (docs/DECISIONS.md "Live — chat server"; wire protocol: contract/schemas/live-codes.ts):
 * socket.io 4 on the API's own HTTP server, path /socket.io, namespace /chat, WebSocket transport only (so
 * several processes need no sticky sessions). One `message` event each way carries a JSON string
 * `{EVENT, ...payload}`; every client event gets an ack (ChatAck).
 *
 * - LOGIN with the chat token (server/src/live/token.ts) joins the socket to its room: `<tenant>:<channel>:
 *   <session>` for the live room, `<tenant>:playback_<session>` for the playback room (the snapshot names the
 *   spec's `playback_<session>`). Everything a socket does afterwards is scoped to the token's tenant.
 * - Access that ends (../access.ts): LOGIN reads the learner's entitlement to the channel again (a token minted
 *   before a refund is refused, TOKEN), and every LIVE_ACCESS_CHECK_MS each process checks the learners it holds,
 *   one query per room, and disconnects those whose entitlement ended (their app then asks for the room again and
 *   is told why).
 * - Chat is stored (live_chat), acked with its id and delivered merged (batcher.ts); control events go out at
 *   once; likes and busy rooms' online counts are merged (at most once per window, across processes).
 * - REDIS_URL: the socket.io Redis adapter carries broadcasts between processes; the speak limit, kicks, bans,
 *   likes and who is online live in Redis (store.ts); chat reaches the other processes' batchers through
 *   serverSideEmit.
 * - The interactions (check-in, questionnaire, test question, lottery, points, Q&A, microphone, class state):
 *   interactions.ts; a socket also joins `<room>|staff` (moderators) and `<room>|u<userId>` there.
 */
import { createHash, randomBytes } from 'node:crypto'
import { createAdapter } from '@socket.io/redis-adapter'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import Redis from 'ioredis'
import { Server, type Socket } from 'socket.io'
import {
  actorOf,
  CHAT_ERRORS,
  CHAT_EVENT,
  CHAT_NAMESPACE,
  CHAT_SERVER,
  type ChatAck,
  type ChatErrorCode,
  type ChatMessage,
  type ChatUser,
  type ClientEventName,
  isModerator,
  LIVE,
  liveRoomId,
  MODERATION_EVENTS,
  type OnlineCount,
  playbackRoomId,
  type RoomSnapshot,
  type ServerEventName,
  type ServerEvents,
} from '../../../../contract/schemas/live-codes'
import type { ActiveInteractions, InteractionClientEvents } from '../../../../contract/schemas/live-interactions'
import type { AppConfig } from '../../config'
import type { Db } from '../../db'
import { AppError } from '../../http/core'
import type { SharedRedis } from '../../services/shared/redis'
import { LiveAccess } from '../access'
import type { LiveEvents, SessionStateEvent } from '../events'
import { type ChatClaims, readChatToken } from '../token'
import { Batcher, type BatcherOptions, type Pending } from './batcher'
import { CHAT_NICK_MAX, ChatData, chatPic, escapeText } from './data'
import {
  INTERACTION_EVENTS,
  Interactions,
  type InteractionTiming,
  interactionTiming,
  isSideRoom,
  staffRoomOf,
  userRoomOf,
} from './interactions'
import { type ChatStore, MemoryStore, RedisStore } from './store'

export interface ChatOptions {
  db: Db
  config: AppConfig
  events: LiveEvents
  /** tests and the benchmark: batch timing */
  batch?: BatcherOptions
  /** interaction time rules (default: interactionTiming(), which reads LIVE_INTERACTION_TEST_TIMING) */
  timing?: InteractionTiming
  /** the process's Redis connections (services/shared/redis.ts; the app closes them); else opened from redisUrl */
  redis?: SharedRedis
  /** who may still be in a room (../access.ts; the app shares one with the media routes) */
  access?: LiveAccess
}

export interface ChatServer {
  io: Server
  close(): Promise<void>
}

/** What one logged-in socket is. */
interface Member {
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

interface SocketState {
  member?: Member
  loggingIn: boolean
  /** flood guard: events in the current second */
  windowStart: number
  events: number
}

type Payload = Record<string, unknown>
type Result = ChatAck

/** a socket may send this many events a second; beyond, they are refused (TOO_FAST) unprocessed */
const EVENTS_PER_SECOND = 20
const MAX_PACKET_BYTES = 16 * 1024
/** a cached "not banned" answer lives this long (a new ban replaces it at once) */
const NOT_BANNED_CACHE_MS = 60_000
/** study time is written at most this often per socket (heartbeats in between add up) */
const WATCH_WRITE_GAP_MS = 5000
const SWEEP_MS = 60_000
/** a LOGIN (or a connected learner) whose entitlement to the channel ended: refused like a bad token */
const ACCESS_ENDED = 'your access to this class has ended'

const MESSAGES: Record<ChatErrorCode, string> = {
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

const refuse = (code: ChatErrorCode, message = MESSAGES[code], until?: number): Result => ({
  ok: false,
  code,
  message,
  ...(until === undefined ? {} : { until }),
})
const bad = (message: string) => refuse(CHAT_ERRORS.badRequest, message)
const OK: Result = { ok: true }

const isPosInt = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) > 0 && (v as number) <= 2 ** 31
const chars = (s: string) => [...s].length

const KNOWN_EVENTS = new Set<string>([
  'LOGIN',
  'HEARTBEAT',
  'SPEAK',
  'CHAT_IMG',
  'LIKES',
  'ONLINE_LIST',
  ...MODERATION_EVENTS,
  ...INTERACTION_EVENTS,
])
const INTERACTION_SET = new Set<string>(INTERACTION_EVENTS)
type InteractionEvent = keyof InteractionClientEvents
/** a playback room runs no interaction */
const NOTHING_ACTIVE: ActiveInteractions = {
  checkin: null,
  questionnaire: null,
  test: null,
  micOpen: false,
  mutedAll: false,
}

/** Redis keys and adapter channels of one deployment: derived from its secret, so two sharing a Redis stay apart. */
export const chatRedisPrefix = (secret: string) =>
  `le-chat:${createHash('sha256').update(`chat-redis\u0000${secret}`).digest('hex').slice(0, 12)}`

export async function attachChat(app: FastifyInstance, opts: ChatOptions): Promise<ChatServer> {
  const { config, events } = opts
  const log: FastifyBaseLogger = app.log
  const data = new ChatData(opts.db, config)
  const serverId = randomBytes(6).toString('hex')
  const prefix = chatRedisPrefix(config.secret)

  let redis: { pub: Redis; sub: Redis; cmd: Redis } | undefined
  /** connections this server opened (and closes) */
  let own: Redis[] = []
  if (opts.redis) redis = { pub: opts.redis.cmd, sub: opts.redis.sub, cmd: opts.redis.cmd }
  else if (config.redisUrl) {
    const pub = new Redis(config.redisUrl, { maxRetriesPerRequest: 3 })
    const sub = pub.duplicate()
    const cmd = pub.duplicate()
    for (const c of [pub, sub, cmd]) c.on('error', (err) => log.warn({ err: err.message }, 'chat: redis error'))
    redis = { pub, sub, cmd }
    own = [pub, sub, cmd]
  }
  const io = new Server(app.server, {
    path: '/socket.io',
    transports: ['websocket'],
    serveClient: false,
    maxHttpBufferSize: MAX_PACKET_BYTES,
    ...(redis ? { adapter: createAdapter(redis.pub, redis.sub, { key: prefix }) } : {}),
  })
  const nsp = io.of(CHAT_NAMESPACE)
  const store: ChatStore = redis ? new RedisStore(redis.cmd, prefix, serverId) : new MemoryStore()
  const batcher = new Batcher(nsp, opts.batch)
  const access = opts.access ?? new LiveAccess(opts.db, { ttlMs: config.live.accessCheckMs })
  /** the logged-in sockets of this process (the access check walks them) */
  const members = new Map<Socket, Member>()
  let closed = false
  /** disconnect handlers still writing (close waits for them) */
  let leaving = 0

  // ------------------------------------------------------------ sending

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
    else if (redis) nsp.serverSideEmit('chat:dismiss', sid, event)
  }

  /** Runs `run` at most once per `ms` for the key, across processes (the lock lives in the store). */
  const mergeTimers = new Map<string, NodeJS.Timeout>()
  const merged = (key: string, ms: number, run: () => Promise<void>) => {
    if (closed || mergeTimers.has(key)) return
    const fire = async () => {
      try {
        const wait = await store.tryLock(`lock:${key}`, ms)
        if (closed) return
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

  const broadcastOnline = (room: string) =>
    merged(`online:${room}`, CHAT_SERVER.ONLINE_MERGE_MS, async () => {
      toRoom(room, 'ONLINE', { online: await store.counts(room) })
    })
  const busy = (o: OnlineCount) => o.staff + o.audience > CHAT_SERVER.ONLINE_MERGE_ABOVE

  // ------------------------------------------------------------ cross-process

  if (redis) {
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
    if (redis) nsp.serverSideEmit('chat:msg', room, p.msg, p.staff)
  }
  const dropBuffered = (room: string, id: number | null) => {
    batcher.drop(room, id)
    if (redis) nsp.serverSideEmit('chat:drop', room, id)
  }
  const dropCache = (kind: 'channel' | 'session', key: string) => {
    if (kind === 'channel') data.dropChannel(key)
    else data.dropSession(key)
    if (redis) nsp.serverSideEmit('chat:drop-cache', kind, key)
  }

  // ------------------------------------------------------------ session state from the video side

  const onState = (e: SessionStateEvent) => {
    dropCache('session', `${e.tenantId}:${e.channelId}:${e.sessionId}`)
    const room = liveRoomId(e.tenantId, e.channelId, e.sessionId)
    if (e.state === 'live') toRoom(room, 'CLASSSTART', { sessionId: e.sessionId })
    else if (e.state === 'ended') toRoom(room, 'CLASSEND', { sessionId: e.sessionId, hasPlayback: e.hasPlayback })
  }
  events.on('state', onState)

  // ------------------------------------------------------------ rules

  /**
   * A kick refuses LOGIN to the session for CHAT_SERVER.KICK_MS, and (issue 25) the session's media too: the gate
   * below reads this flag for every media request and LOGIN (../access.ts; the viewer names a recording's session,
   * for a live stream it is the channel's live session), and the room's detail asks it to tell the app until when.
   */
  const kickKey = (c: { tenantId: number; sessionId: number }, userId: number) =>
    `kick:${c.tenantId}:${c.sessionId}:${userId}`
  access.addGate(async (v) => {
    const sessionId = v.sessionId ?? (await data.liveSessionOf(v.tenantId, v.channelId))
    if (!sessionId) return true
    const left = await store.flagLeft(kickKey({ tenantId: v.tenantId, sessionId }, v.userId))
    return left > 0 ? { reason: 'kicked', until: Date.now() + left } : true
  })
  const banKey = (c: ChatClaims, userId: number) => `${c.tenantId}:${c.channelId}:${userId}`

  const banUntil = async (c: ChatClaims, userId: number): Promise<number> => {
    const now = Date.now()
    const cached = await store.getBan(banKey(c, userId))
    if (cached !== undefined) return cached > now ? cached : 0
    const until = await data.banUntil(c.tenantId, c.channelId, userId)
    await store.setBan(banKey(c, userId), until, until ? until - now : NOT_BANNED_CACHE_MS)
    return until
  }

  /** the checks SPEAK and CHAT_IMG share, after their content is valid; null = may speak */
  const maySpeak = async (socket: Socket, m: Member): Promise<Result | null> => {
    const c = m.claims
    const channel = await data.channel(c.tenantId, c.channelId)
    if (!channel) return refuse(CHAT_ERRORS.token)
    if (channel.chatClosed && !m.staff) {
      toSocket(socket, 'PROHIBIT_TO_SPEAK', { value: true })
      return refuse(CHAT_ERRORS.closed)
    }
    const until = await banUntil(c, m.user.userId)
    if (until) return refuse(CHAT_ERRORS.banned, MESSAGES.BANNED, until)
    return null
  }
  /** learners: one message per 3 s (spec); staff: a flood guard only (CHAT_SERVER.STAFF_SPEAK_GAP_MS) */
  const takeSpeakSlot = (m: Member) =>
    store.takeSlot(`speak:${m.room}:${m.user.userId}`, m.staff ? CHAT_SERVER.STAFF_SPEAK_GAP_MS : LIVE.SPEAK_GAP_MS)

  const interactions = new Interactions({
    db: opts.db,
    nsp,
    store,
    chat: data,
    events,
    log,
    crossProcess: !!redis,
    timing: opts.timing ?? interactionTiming(),
    merged,
    banUntil,
  })

  const post = async (
    m: Member,
    socket: Socket,
    event: 'SPEAK' | 'CHAT_IMG',
    content: string,
    quoteId?: number,
  ): Promise<Result> => {
    const c = m.claims
    const row = await data.insertChat(c.tenantId, c, m.user, event, content, quoteId)
    const msg: ChatMessage = {
      id: row.id,
      EVENT: event,
      user: m.user,
      content,
      ...(event === 'CHAT_IMG' ? { msgSource: 'chatImg' as const } : {}),
      ...(quoteId ? { quoteId } : {}),
      time: row.time,
    }
    deliver(m.room, { msg, staff: m.staff, senderSid: socket.id })
    return { ok: true, id: row.id }
  }

  // ------------------------------------------------------------ events

  const login = async (socket: Socket, st: SocketState, p: Payload): Promise<Result> => {
    if (st.member || st.loggingIn) return bad('already logged in')
    const claims = readChatToken(config.secret, p.token)
    if (!claims) return refuse(CHAT_ERRORS.token)
    st.loggingIn = true
    try {
      const { tenantId, channelId, sessionId, userId } = claims
      const [state, channel] = await Promise.all([
        data.sessionState(tenantId, channelId, sessionId, true),
        data.channel(tenantId, channelId, true),
      ])
      if (!state || !channel) return refuse(CHAT_ERRORS.token)
      if (await store.hasFlag(kickKey(claims, userId))) return refuse(CHAT_ERRORS.kicked)
      // the token was minted after the entry check; the entitlement may have ended since (refund, expiry, ...)
      if (!(await access.may({ tenantId, userId, channelId, sessionId }, { fresh: true })))
        return refuse(CHAT_ERRORS.token, ACCESS_ENDED)
      const playback = claims.mode === 'playback'
      const user: ChatUser = {
        userId,
        // names go out escaped like chat text, pictures only as addresses (tokens minted before either rule too)
        nick: escapeText(claims.nick).slice(0, CHAT_NICK_MAX),
        pic: chatPic(claims.pic),
        userType: claims.userType,
        actor: actorOf(claims.userType),
      }
      const m: Member = {
        claims,
        user,
        staff: isModerator(claims.userType),
        playback,
        room: playback ? `${tenantId}:${playbackRoomId(sessionId)}` : liveRoomId(tenantId, channelId, sessionId),
        roomId: playback ? playbackRoomId(sessionId) : liveRoomId(tenantId, channelId, sessionId),
        lastBeat: Date.now(),
        carryMs: 0,
        lastWrite: 0,
      }
      if (!socket.connected) return refuse(CHAT_ERRORS.notLoggedIn)
      // the room, this user's own room (answers meant for them) and, for moderators, the staff room
      const rooms = playback
        ? [m.room]
        : [m.room, userRoomOf(m.room, userId), ...(m.staff ? [staffRoomOf(m.room)] : [])]
      socket.join(rooms)
      let before: string | undefined
      try {
        before = await store.join(m.room, { user, sid: socket.id }, m.staff)
      } catch (err) {
        for (const r of rooms) socket.leave(r)
        throw err
      }
      if (!socket.connected) {
        // gone while joining: its disconnect handler saw no member, so leave here
        await store.leave(m.room, userId, socket.id)
        return refuse(CHAT_ERRORS.notLoggedIn)
      }
      st.member = m
      members.set(socket, m)
      if (before) dismissAnywhere(before, packet('LOGIN_KICK', {}))
      const [bannedUntil, online, active] = await Promise.all([
        playback ? 0 : banUntil(claims, userId),
        store.counts(m.room),
        playback ? NOTHING_ACTIVE : interactions.active(m),
      ])
      if (!before) {
        if (busy(online)) broadcastOnline(m.room)
        else toRoom(m.room, 'LOGIN', { user, online }, [socket.id])
      }
      const room: RoomSnapshot = {
        roomId: m.roomId,
        sessionId,
        channelId,
        me: user,
        playback,
        state,
        chatClosed: channel.chatClosed,
        bulletin: channel.bulletin,
        likes: channel.likes,
        bannedUntil,
        online,
        active,
      }
      return { ok: true, room }
    } finally {
      st.loggingIn = false
    }
  }

  const speak = async (socket: Socket, m: Member, p: Payload): Promise<Result> => {
    const values = p.values
    if (!Array.isArray(values) || typeof values[0] !== 'string') return bad('values: send [text]')
    if (p.quoteId !== undefined && p.quoteId !== null && !isPosInt(p.quoteId)) return bad('quoteId: a message id')
    const text = values[0].trim()
    if (!text) return refuse(CHAT_ERRORS.empty)
    if (chars(text) > LIVE.MAX_TEXT) return refuse(CHAT_ERRORS.tooLong)
    const stop = await maySpeak(socket, m)
    if (stop) return stop
    const content = escapeText(text)
    const lower = text.toLowerCase()
    const words = await data.censorWords(m.claims.tenantId)
    if (words.some((w) => lower.includes(w))) {
      toSocket(socket, 'CENSOR', { content })
      return refuse(CHAT_ERRORS.censored)
    }
    const quoteId = isPosInt(p.quoteId) ? p.quoteId : undefined
    if (quoteId && !(await data.messageExists(m.claims.tenantId, m.claims.sessionId, quoteId)))
      return bad('quoteId: no such message in this room')
    if (!(await takeSpeakSlot(m))) return refuse(CHAT_ERRORS.tooFast)
    return post(m, socket, 'SPEAK', content, quoteId)
  }

  const chatImg = async (socket: Socket, m: Member, p: Payload): Promise<Result> => {
    const values = p.values
    if (!Array.isArray(values) || typeof values[0] !== 'string' || !values[0].trim())
      return bad('values: send [image url]')
    const raw = values[0].trim()
    if (raw.length > 1000) return bad('values: must be a file you uploaded')
    const stop = await maySpeak(socket, m)
    if (stop) return stop
    let url: string
    try {
      url = await data.chatImage(m.claims.tenantId, m.user.userId, raw, socket.handshake.headers)
    } catch (e) {
      if (e instanceof AppError && e.code === 400) return bad(e.message)
      throw e
    }
    if (!(await takeSpeakSlot(m))) return refuse(CHAT_ERRORS.tooFast)
    return post(m, socket, 'CHAT_IMG', url)
  }

  const likes = async (m: Member, p: Payload): Promise<Result> => {
    const n = p.count
    if (!Number.isSafeInteger(n) || (n as number) < 1 || (n as number) > LIVE.MAX_LIKES_PER_EVENT)
      return bad(`count: 1 to ${LIVE.MAX_LIKES_PER_EVENT}`)
    const c = m.claims
    const channel = await data.channel(c.tenantId, c.channelId)
    if (!channel) return refuse(CHAT_ERRORS.token)
    if (channel.chatClosed) return refuse(CHAT_ERRORS.closed)
    const key = `likes:${m.room}`
    await store.addCount(key, n as number)
    merged(key, LIVE.LIKES_BROADCAST_MS, async () => {
      const count = await store.takeCount(key)
      if (count <= 0) return
      const total = await data.addLikes(c.tenantId, c.channelId, count)
      toRoom(m.room, 'LIKES', { count, total })
    })
    return OK
  }

  const heartbeat = async (m: Member, p: Payload): Promise<Result> => {
    if (typeof p.playing !== 'boolean') return bad('playing: true or false')
    const pos = p.position
    if (pos !== undefined && (typeof pos !== 'number' || !Number.isFinite(pos) || pos < 0 || pos > 1e7))
      return bad('position: seconds from the start')
    const now = Date.now()
    const elapsed = Math.max(0, now - m.lastBeat)
    m.lastBeat = now
    const c = m.claims
    let creditMs = p.playing ? Math.min(elapsed, LIVE.WATCH_CREDIT_MAX_S * 1000) : 0
    if (creditMs > 0 && !m.playback && (await data.sessionState(c.tenantId, c.channelId, c.sessionId)) !== 'live')
      creditMs = 0
    m.carryMs += creditMs
    const position = m.playback && typeof pos === 'number' ? pos : undefined
    const seconds = Math.floor(m.carryMs / 1000)
    if ((seconds > 0 || position !== undefined) && now - m.lastWrite >= WATCH_WRITE_GAP_MS) {
      m.carryMs -= seconds * 1000
      m.lastWrite = now
      await data.credit(
        c.tenantId,
        { userId: m.user.userId, channelId: c.channelId, sessionId: c.sessionId, mode: c.mode },
        seconds,
        position,
      )
    }
    return OK
  }

  const onlineList = async (socket: Socket, m: Member, p: Payload): Promise<Result> => {
    const page = p.page ?? 1
    if (!isPosInt(page) || page > 100_000) return bad('page: 1 or more')
    const [list, online] = await Promise.all([
      store.list(m.room, (page - 1) * LIVE.ONLINE_PAGE, LIVE.ONLINE_PAGE),
      store.counts(m.room),
    ])
    toSocket(socket, 'ONLINE_LIST', { page, list, online })
    return OK
  }

  /** a moderation event's target: a user of this tenant other than the moderator */
  const target = async (m: Member, p: Payload): Promise<number | Result> => {
    if (!isPosInt(p.userId)) return bad('userId: a user id')
    if (p.userId === m.user.userId) return bad('userId: not yourself')
    if (!(await data.userExists(m.claims.tenantId, p.userId))) return bad('userId: no such user')
    return p.userId
  }

  const moderate = async (event: ClientEventName, m: Member, p: Payload): Promise<Result> => {
    const c = m.claims
    switch (event) {
      case 'CLOSEROOM': {
        if (typeof p.value !== 'boolean') return bad('value: true (close) or false (open)')
        await data.setChannel(c.tenantId, c.channelId, { chatClosed: p.value })
        dropCache('channel', `${c.tenantId}:${c.channelId}`)
        toRoom(m.room, 'CLOSEROOM', { value: p.value })
        return OK
      }
      case 'ADD_SHIELD': {
        const userId = await target(m, p)
        if (typeof userId !== 'number') return userId
        const ms = p.durationMs ?? LIVE.BAN_DEFAULT_MS
        if (!Number.isSafeInteger(ms) || (ms as number) < 1 || (ms as number) > CHAT_SERVER.MAX_BAN_MS)
          return bad('durationMs: 1 ms to 365 days')
        const until = Date.now() + (ms as number)
        await data.ban(c.tenantId, c.channelId, userId, until, m.user.userId)
        await store.setBan(banKey(c, userId), until, ms as number)
        toRoom(m.room, 'ADD_SHIELD', { userId, until })
        return OK
      }
      case 'REMOVE_SHIELD': {
        const userId = await target(m, p)
        if (typeof userId !== 'number') return userId
        await data.unban(c.tenantId, c.channelId, userId)
        await store.setBan(banKey(c, userId), 0, NOT_BANNED_CACHE_MS)
        await store.dropFlag(kickKey(c, userId))
        toRoom(m.room, 'REMOVE_SHIELD', { userId })
        return OK
      }
      case 'KICK': {
        const userId = await target(m, p)
        if (typeof userId !== 'number') return userId
        await store.setFlag(kickKey(c, userId), CHAT_SERVER.KICK_MS)
        const sid = await store.sidOf(m.room, userId)
        toRoom(m.room, 'KICK', { userId }, sid ? [sid] : [])
        if (sid) dismissAnywhere(sid, packet('KICK', { userId }))
        return OK
      }
      case 'REMOVE_CONTENT': {
        if (!isPosInt(p.id)) return bad('id: a message id')
        if (!(await data.removeMessage(c.tenantId, c.sessionId, p.id))) return bad('id: no such message in this room')
        dropBuffered(m.room, p.id)
        toRoom(m.room, 'REMOVE_CONTENT', { id: p.id })
        return OK
      }
      case 'REMOVE_HISTORY': {
        await data.removeHistory(c.tenantId, c.channelId, c.sessionId)
        dropBuffered(m.room, null)
        toRoom(m.room, 'REMOVE_HISTORY', {})
        return OK
      }
      case 'BULLETIN': {
        if (typeof p.content !== 'string' || !p.content.trim()) return bad('content: the bulletin text')
        const text = p.content.trim()
        if (chars(text) > CHAT_SERVER.MAX_BULLETIN)
          return bad(`content: at most ${CHAT_SERVER.MAX_BULLETIN} characters`)
        const content = escapeText(text)
        await data.setChannel(c.tenantId, c.channelId, { bulletin: content })
        dropCache('channel', `${c.tenantId}:${c.channelId}`)
        toRoom(m.room, 'BULLETIN', { content })
        return OK
      }
      case 'REMOVE_BULLETIN': {
        await data.setChannel(c.tenantId, c.channelId, { bulletin: '' })
        dropCache('channel', `${c.tenantId}:${c.channelId}`)
        toRoom(m.room, 'REMOVE_BULLETIN', {})
        return OK
      }
      default:
        return bad('unknown event')
    }
  }

  const handle = async (socket: Socket, st: SocketState, event: string, p: Payload): Promise<Result> => {
    if (event === 'LOGIN') return login(socket, st, p)
    const m = st.member
    if (!m) return refuse(CHAT_ERRORS.notLoggedIn)
    if (event === 'HEARTBEAT') return heartbeat(m, p)
    if (event === 'ONLINE_LIST') return onlineList(socket, m, p)
    if (m.playback) return refuse(CHAT_ERRORS.forbidden, 'a playback room only replays the chat')
    if (event === 'SPEAK') return speak(socket, m, p)
    if (event === 'CHAT_IMG') return chatImg(socket, m, p)
    if (event === 'LIKES') return likes(m, p)
    if (INTERACTION_SET.has(event)) return interactions.handle(event as InteractionEvent, m, p)
    if (!m.staff) return refuse(CHAT_ERRORS.forbidden)
    return moderate(event as ClientEventName, m, p)
  }

  nsp.on('connection', (socket) => {
    const st: SocketState = { loggingIn: false, windowStart: Date.now(), events: 0 }
    // a socket that does not log in is closed after the connect overtime
    const overtime = setTimeout(() => {
      if (!st.member) dismiss(socket)
    }, LIVE.CONNECT_OVERTIME_MS)
    overtime.unref()

    socket.on(CHAT_EVENT, (raw: unknown, ack: unknown) => {
      const reply = (r: Result) => {
        if (typeof ack === 'function') ack(r)
      }
      const now = Date.now()
      if (now - st.windowStart >= 1000) {
        st.windowStart = now
        st.events = 0
      }
      if (++st.events > EVENTS_PER_SECOND) return reply(refuse(CHAT_ERRORS.tooFast, 'too many events, slow down'))
      let p: Payload
      try {
        const v: unknown = typeof raw === 'string' ? JSON.parse(raw) : raw
        if (!v || typeof v !== 'object' || Array.isArray(v)) throw new Error('not an object')
        p = v as Payload
      } catch {
        return reply(bad('send one JSON object {EVENT, ...}'))
      }
      const event = p.EVENT
      if (typeof event !== 'string' || !KNOWN_EVENTS.has(event)) return reply(bad('EVENT: unknown event'))
      handle(socket, st, event, p).then(
        (r) => {
          reply(r)
          // a refused LOGIN closes the socket (the app shows why and does not retry the same token)
          if (event !== 'LOGIN') return
          if (r.ok) clearTimeout(overtime)
          else if (r.code === CHAT_ERRORS.token || r.code === CHAT_ERRORS.kicked) dismiss(socket)
        },
        (err: unknown) => {
          log.error({ err, event }, 'chat: event failed')
          reply(refuse(CHAT_ERRORS.serverError))
        },
      )
    })

    socket.on('disconnect', () => {
      clearTimeout(overtime)
      members.delete(socket)
      const m = st.member
      if (!m) return
      st.member = undefined
      leaving++
      void (async () => {
        const now = Date.now()
        if (m.carryMs >= 1000) {
          const c = m.claims
          await data.credit(
            c.tenantId,
            { userId: m.user.userId, channelId: c.channelId, sessionId: c.sessionId, mode: c.mode },
            Math.floor(m.carryMs / 1000),
            undefined,
          )
          m.lastWrite = now
        }
        if (!(await store.leave(m.room, m.user.userId, socket.id))) return
        if (!m.playback) await interactions.left(m)
        const online = await store.counts(m.room)
        if (busy(online)) broadcastOnline(m.room)
        else toRoom(m.room, 'LOGOUT', { userId: m.user.userId, online })
      })()
        .catch((err: unknown) => log.warn({ err }, 'chat: leaving failed'))
        .finally(() => {
          leaving--
        })
    })
  })

  /**
   * Access that ends: the learners this process holds, grouped by channel, are checked against the database (one
   * query per channel); a socket whose user may no longer enter is disconnected (no event: the app reconnects,
   * asks for the room again and gets 631 with what to buy). Each process checks its own sockets, so nothing needs
   * to cross processes: the database is shared, and an expiry has no event to send anyway.
   */
  let checking = false
  const checkAccess = async () => {
    if (checking || closed) return
    checking = true
    try {
      const byChannel = new Map<string, { tenantId: number; channelId: number; sockets: [Socket, Member][] }>()
      for (const [socket, m] of members) {
        const { tenantId, channelId } = m.claims
        const k = `${tenantId}:${channelId}`
        const g = byChannel.get(k) ?? { tenantId, channelId, sockets: [] }
        byChannel.set(k, g)
        g.sockets.push([socket, m])
      }
      for (const g of byChannel.values()) {
        if (closed) return
        const ids = [...new Set(g.sockets.map(([, m]) => m.user.userId))]
        const ok = await access.entitled(g.tenantId, g.channelId, ids)
        for (const [socket, m] of g.sockets)
          if (!ok.has(m.user.userId) && members.get(socket) === m) {
            log.info({ tenantId: g.tenantId, channelId: g.channelId, userId: m.user.userId }, 'chat: access ended')
            dismiss(socket)
          }
      }
    } catch (err) {
      log.warn({ err }, 'chat: access check failed')
    } finally {
      checking = false
    }
  }
  const accessTimer = setInterval(() => void checkAccess(), access.ttlMs)
  accessTimer.unref()

  // places of a process that died: dropped by the others (Redis)
  const sweeper = setInterval(() => {
    const rooms = [...nsp.adapter.rooms.keys()].filter((r) => !nsp.sockets.has(r) && !isSideRoom(r))
    store.sweep(rooms).catch((err: unknown) => log.warn({ err }, 'chat: sweep failed'))
  }, SWEEP_MS)
  sweeper.unref()

  const close = async () => {
    if (closed) return
    closed = true
    clearInterval(sweeper)
    clearInterval(accessTimer)
    for (const t of mergeTimers.values()) clearTimeout(t)
    mergeTimers.clear()
    batcher.stop()
    interactions.close()
    events.off('state', onState)
    // clients reconnect (to another process, or to this one when it is back)
    nsp.local.disconnectSockets(true)
    io.engine.close()
    // let the sockets' leave handlers reach the store (at most 2 s)
    for (let i = 0; i < 100 && leaving > 0; i++) await new Promise((r) => setTimeout(r, 20))
    await store.close()
    if (redis) {
      nsp.adapter.close?.()
      await Promise.all(own.map((c) => c.quit().catch(() => c.disconnect())))
    }
  }
  // sockets go before the HTTP server closes (it waits for open connections); the rest after
  app.addHook('preClose', async () => {
    nsp.local.disconnectSockets(true)
    io.engine.close()
  })
  app.addHook('onClose', close)
  return { io, close }
}
