/**
 * The live chat server (docs/DECISIONS.md "Live — chat server"; wire protocol: contract/schemas/live-codes.ts):
 * socket.io 4 on the API's own HTTP server, path /socket.io, namespace /chat, WebSocket transport only (so
 * several processes need no sticky sessions). One `message` event each way carries a JSON string
 * `{EVENT, ...payload}`; every client event gets an ack (ChatAck). This file wires the parts:
 *
 * - connection.ts: one socket's life (flood guard, parsing, which part answers an event, the leave);
 * - login.ts: LOGIN with the chat token (../token.ts) joins the socket to its room: `<tenant>:<channel>:<session>`
 *   for the live room, `<tenant>:playback_<session>` for the playback room (the snapshot names the spec's
 *   `playback_<session>`). Everything a socket does afterwards is scoped to the token's tenant;
 * - messages.ts: chat is stored (live_chat), acked with its id and delivered merged (batcher.ts); likes merged;
 * - moderation.ts: the moderators' events, bans, kicks (a gate of the access check, ../access.ts);
 * - presence.ts: study time from heartbeats, the online list, leaving, and access that ends: LOGIN reads the
 *   learner's entitlement to the channel again (a token minted before a refund is refused, TOKEN), and every
 *   LIVE_ACCESS_CHECK_MS each process checks the learners it holds, one query per room, and disconnects those whose
 *   entitlement ended (their app then asks for the room again and is told why);
 * - hub.ts: what they share: the sockets of this process, the refusals, sending (control events go out at once;
 *   likes and busy rooms' online counts are merged, at most once per window, across processes);
 * - REDIS_URL: the socket.io Redis adapter carries broadcasts between processes; the speak limit, kicks, bans,
 *   likes and who is online live in Redis (store.ts); chat reaches the other processes' batchers through
 *   serverSideEmit;
 * - the interactions (check-in, questionnaire, test question, lottery, points, Q&A, microphone, class state):
 *   ../interactions; a socket also joins `<room>|staff` (moderators) and `<room>|u<userId>` there.
 */
import { createHash, randomBytes } from 'node:crypto'
import { createAdapter } from '@socket.io/redis-adapter'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import Redis from 'ioredis'
import { Server } from 'socket.io'
import { CHAT_NAMESPACE, liveRoomId } from '../../../../../contract/schemas/live-codes'
import type { AppConfig } from '../../../config'
import type { Db } from '../../../db'
import type { SharedRedis } from '../../../services/shared/redis'
import { LiveAccess } from '../access'
import type { LiveEvents, SessionStateEvent } from '../events'
import { Interactions, type InteractionTiming, interactionTiming } from '../interactions'
import { Batcher, type BatcherOptions } from './batcher'
import { onConnection } from './connection'
import { ChatData } from './data'
import { createHub } from './hub'
import { login } from './login'
import { messages } from './messages'
import { moderation } from './moderation'
import { presence } from './presence'
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

const MAX_PACKET_BYTES = 16 * 1024

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
  const hub = createHub({ nsp, store, data, batcher, log, crossProcess: !!redis })

  // session state from the video side
  const onState = (e: SessionStateEvent) => {
    hub.dropCache('session', `${e.tenantId}:${e.channelId}:${e.sessionId}`)
    const room = liveRoomId(e.tenantId, e.channelId, e.sessionId)
    if (e.state === 'live') hub.toRoom(room, 'CLASSSTART', { sessionId: e.sessionId })
    else if (e.state === 'ended') hub.toRoom(room, 'CLASSEND', { sessionId: e.sessionId, hasPlayback: e.hasPlayback })
  }
  events.on('state', onState)

  const { banUntil, moderate } = moderation(hub, access)
  const interactions = new Interactions({
    db: opts.db,
    nsp,
    store,
    chat: data,
    events,
    log,
    crossProcess: !!redis,
    timing: opts.timing ?? interactionTiming(),
    merged: hub.merged,
    banUntil,
  })
  const people = presence(hub, { access, interactions })
  nsp.on(
    'connection',
    onConnection(hub, {
      login: login(hub, { secret: config.secret, access, interactions, banUntil }),
      ...messages(hub, banUntil),
      heartbeat: people.heartbeat,
      onlineList: people.onlineList,
      left: people.left,
      interactions,
      moderate,
    }),
  )
  const stopWatching = people.watch()

  const close = async () => {
    if (hub.closed) return
    hub.closed = true
    stopWatching()
    hub.stopMerging()
    batcher.stop()
    interactions.close()
    events.off('state', onState)
    // clients reconnect (to another process, or to this one when it is back)
    nsp.local.disconnectSockets(true)
    io.engine.close()
    await people.settled()
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
