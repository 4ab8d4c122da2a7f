/**
 * Helpers of the live chat tests: a socket.io client that speaks the `{EVENT, ...}` protocol with acks and records
 * what the server sends (BATCH flattened into `chat`), rows for rooms and users, and the two-process plumbing
 * (a scratch PostgreSQL database, chat server child processes, Redis).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import Redis from 'ioredis'
import pg from 'pg'
import { io, type Socket } from 'socket.io-client'
import {
  CHAT_EVENT,
  CHAT_NAMESPACE,
  type ChatAck,
  type ChatMessage,
  type ChatUserType,
  type ClientEventName,
  type ClientEvents,
} from '../../contract/schemas/live-codes'
import { type Database, type Db, openDatabase } from '../../server/src/db'
import { liveChannel, liveSession, sysUser } from '../../server/src/db/schema'
import { chatRedisPrefix } from '../../server/src/modules/live/chat'
import { mintChatToken } from '../../server/src/modules/live/token'
import { seedIfEmpty } from '../../server/src/seed'

export interface Received {
  EVENT: string
  [k: string]: unknown
}

export class ChatClient {
  readonly events: Received[] = []
  /** chat messages as delivered (BATCH lists flattened), in arrival order */
  readonly chat: ChatMessage[] = []
  batches = 0
  disconnectedBy: string | null = null

  private constructor(readonly socket: Socket) {
    socket.on(CHAT_EVENT, (raw: string) => {
      const e = JSON.parse(raw) as Received
      this.events.push(e)
      if (e.EVENT === 'BATCH') {
        this.batches++
        this.chat.push(...(e.list as ChatMessage[]))
      }
    })
    socket.on('disconnect', (reason) => {
      this.disconnectedBy = reason
    })
  }

  static async connect(url: string): Promise<ChatClient> {
    const socket = io(`${url}${CHAT_NAMESPACE}`, { transports: ['websocket'], reconnection: false, forceNew: true })
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve())
      socket.once('connect_error', reject)
    })
    return new ChatClient(socket)
  }

  send<E extends ClientEventName>(event: E, payload: ClientEvents[E]): Promise<ChatAck> {
    return this.socket.timeout(5000).emitWithAck(CHAT_EVENT, JSON.stringify({ EVENT: event, ...payload }))
  }
  /** an event the protocol does not type (bad input) */
  sendRaw(raw: unknown): Promise<ChatAck> {
    return this.socket.timeout(5000).emitWithAck(CHAT_EVENT, raw)
  }

  of(event: string): Received[] {
    return this.events.filter((e) => e.EVENT === event)
  }

  async waitFor(check: () => boolean, what: string, ms = 4000): Promise<void> {
    const end = Date.now() + ms
    while (!check()) {
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
      await new Promise((r) => setTimeout(r, 20))
    }
  }
  waitEvent(event: string, count = 1, ms?: number): Promise<void> {
    return this.waitFor(() => this.of(event).length >= count, `${count} ${event}`, ms)
  }
  waitChat(pred: (m: ChatMessage) => boolean, what = 'a chat message', ms?: number) {
    return this.waitFor(() => this.chat.some(pred), what, ms)
  }
  waitDisconnect(ms?: number) {
    return this.waitFor(() => this.disconnectedBy !== null, 'disconnect', ms)
  }
  close() {
    this.socket.close()
  }
}

export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms))

let phone = 0
/** New accounts of the tenant (their ids). */
export async function makeUsers(db: Db, tenantId: number, n: number): Promise<number[]> {
  const base = `1${String(tenantId).slice(-3)}${String(process.pid % 1000).padStart(3, '0')}`
  const rows = Array.from({ length: n }, () => {
    const tel = `${base}${String(phone++).padStart(11 - base.length, '0')}`
    return { tenantId, userAccount: `chat-${tel}`, telPhone: tel, nickName: `u${tel.slice(-4)}` }
  })
  const out = await db.insert(sysUser).values(rows).returning({ id: sysUser.id })
  return out.map((r) => r.id)
}

export interface Room {
  tenantId: number
  channelId: number
  sessionId: number
}

export async function makeRoom(db: Db, tenantId: number, state: 'waiting' | 'live' | 'ended' = 'live'): Promise<Room> {
  const [ch] = await db
    .insert(liveChannel)
    .values({ tenantId, name: 'chat test', streamKey: `k${Math.random().toString(36).slice(2, 14)}` })
    .returning({ id: liveChannel.id })
  const now = Date.now()
  const [s] = await db
    .insert(liveSession)
    .values({
      tenantId,
      channelId: ch!.id,
      title: 'chat test session',
      startAt: new Date(now - 600_000),
      endAt: new Date(now + 3_600_000),
      state,
    })
    .returning({ id: liveSession.id })
  return { tenantId, channelId: ch!.id, sessionId: s!.id }
}

export function tokenFor(
  secret: string,
  room: Room,
  userId: number,
  userType: ChatUserType = 'student',
  opts: { mode?: 'live' | 'playback'; now?: number; tenantId?: number } = {},
): string {
  return mintChatToken(
    secret,
    {
      tenantId: opts.tenantId ?? room.tenantId,
      userId,
      channelId: room.channelId,
      sessionId: room.sessionId,
      userType,
      nick: `${userType}${userId}`,
      pic: '',
      mode: opts.mode ?? 'live',
    },
    opts.now,
  )
}

// ---------------------------------------------------------------- several processes (Redis)

export const REDIS_URL = process.env.REDIS_URL_TEST || 'redis://127.0.0.1:6379'
export const POSTGRES_URL = process.env.DATABASE_URL_TEST || 'postgres://postgres@127.0.0.1:5432/postgres'

/** null when Redis answers PING, else why not */
export async function redisProblem(url = REDIS_URL): Promise<string | null> {
  const r = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
    retryStrategy: () => null,
  })
  r.on('error', () => {})
  try {
    await r.connect()
    return (await r.ping()) === 'PONG' ? null : 'no PONG'
  } catch (e) {
    return `Redis at ${url} does not answer (${(e as Error).message})`
  } finally {
    r.disconnect()
  }
}

export async function postgresProblem(url = POSTGRES_URL): Promise<string | null> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 })
  try {
    await c.connect()
    await c.query('select 1')
    return null
  } catch (e) {
    return `PostgreSQL at ${url.replace(/:[^:@/]*@/, ':***@')} does not answer (${(e as Error).message})`
  } finally {
    await c.end().catch(() => {})
  }
}

/** Deletes the Redis keys a run with this secret left (kicks and bans outlive a test). */
export async function clearRedis(secret: string, url = REDIS_URL) {
  const r = new Redis(url)
  try {
    const keys = await r.keys(`${chatRedisPrefix(secret)}:*`)
    if (keys.length) await r.del(...keys)
  } finally {
    r.disconnect()
  }
}

/** A fresh PostgreSQL database (migrated and seeded) for one run; drop() removes it. */
export async function scratchPostgres(
  name: string,
): Promise<{ url: string; database: Database; drop(): Promise<void> }> {
  const dbName = `learn_exam_${name}_${randomBytes(6).toString('hex')}`
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: POSTGRES_URL })
    await c.connect()
    try {
      await c.query(sql)
    } finally {
      await c.end()
    }
  }
  await admin(`create database ${dbName}`)
  const u = new URL(POSTGRES_URL)
  u.pathname = `/${dbName}`
  const database = await openDatabase({ databaseUrl: u.toString() })
  await database.migrate()
  await seedIfEmpty(database.db)
  return {
    url: u.toString(),
    database,
    drop: async () => {
      await database.close().catch(() => {})
      await admin(`drop database if exists ${dbName} with (force)`)
    },
  }
}

const LAUNCHER = fileURLToPath(new URL('./live-chat-proc.ts', import.meta.url))

export interface ChatProcess {
  url: string
  child: ChildProcess
  stop(): Promise<void>
}

/** Starts one chat server process (live-chat-proc.ts) and waits until it listens. */
export function startChatProcess(env: {
  DATABASE_URL: string
  CHAT_SECRET: string
  REDIS_URL?: string
  LIVE_ACCESS_CHECK_MS?: string
}) {
  return new Promise<ChatProcess>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', LAUNCHER], {
      env: { ...process.env, ...env },
      stdio: ['pipe', 'pipe', 'inherit'],
    })
    let out = ''
    const timer = setTimeout(() => reject(new Error('chat process did not start in 60 s')), 60_000)
    child.once('exit', (code) => reject(new Error(`chat process exited with ${code}`)))
    child.stdout!.on('data', (b: Buffer) => {
      out += b.toString()
      const line = out.split('\n').find((l) => l.startsWith('{"port"'))
      if (!line) return
      clearTimeout(timer)
      const { port } = JSON.parse(line) as { port: number }
      resolve({
        url: `http://127.0.0.1:${port}`,
        child,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done()
            child.once('exit', () => done())
            child.kill('SIGTERM')
            setTimeout(() => child.kill('SIGKILL'), 10_000).unref()
          }),
      })
    })
  })
}
