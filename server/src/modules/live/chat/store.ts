/**
 * The chat server's shared state (docs/DECISIONS.md "Live — chat server"): what two server processes must agree
 * on. In memory for one process; in Redis (REDIS_URL) for several, where every rule is one atomic command or
 * script: the 3 s speak limit (SET NX PX), kicks (keys with a lifetime), the ban cache, the likes counter and the
 * "at most once per window" locks of merged broadcasts, and who is online in each room.
 */
import type Redis from 'ioredis'
import type { ChatUser, OnlineCount } from '../../../../../contract/schemas/live-codes'

/** One online user of a room and the socket that holds their place. */
export interface Presence {
  user: ChatUser
  sid: string
}

export interface ChatStore {
  /** true when the key was free (and is now taken for `ms`); the speak limit */
  takeSlot(key: string, ms: number): Promise<boolean>
  /** 0 when the lock was taken for `ms`, else the ms until it frees */
  tryLock(key: string, ms: number): Promise<number>
  setFlag(key: string, ms: number): Promise<void>
  hasFlag(key: string): Promise<boolean>
  /** ms until the flag lapses (0: no flag) */
  flagLeft(key: string): Promise<number>
  dropFlag(key: string): Promise<void>
  /** cached ban: epoch ms until (0 = known not banned), undefined = not cached */
  getBan(key: string): Promise<number | undefined>
  setBan(key: string, until: number, ttlMs: number): Promise<void>
  addCount(key: string, n: number): Promise<void>
  /** the counter's value, reset to 0 */
  takeCount(key: string): Promise<number>
  /** the socket that held this user's place before (another socket of the same account), if any */
  join(room: string, p: Presence, staff: boolean): Promise<string | undefined>
  /** removes the user only when `sid` still holds their place; true when removed */
  leave(room: string, userId: number, sid: string): Promise<boolean>
  sidOf(room: string, userId: number): Promise<string | undefined>
  counts(room: string): Promise<OnlineCount>
  /** staff first, then the audience, each by user id (stable pages) */
  list(room: string, offset: number, limit: number): Promise<ChatUser[]>
  /** a shared value (the microphone state); undefined = none */
  getValue(key: string): Promise<string | undefined>
  setValue(key: string, value: string, ms: number): Promise<void>
  dropValue(key: string): Promise<void>
  /** sets `next` (null: deletes it) only when the value is `expected` (null: absent); true when it did */
  swapValue(key: string, expected: string | null, next: string | null, ms: number): Promise<boolean>
  /** drops the places held by servers that stopped without leaving (Redis: their alive key expired) */
  sweep(rooms: Iterable<string>): Promise<void>
  close(): Promise<void>
}

// ---------------------------------------------------------------- memory

export class MemoryStore implements ChatStore {
  private readonly expiring = new Map<string, { until: number; value: number }>()
  private readonly counters = new Map<string, number>()
  private readonly values = new Map<string, { until: number; value: string }>()
  private readonly rooms = new Map<string, { staff: Map<number, Presence>; audience: Map<number, Presence> }>()
  private readonly cleaner: NodeJS.Timeout

  constructor() {
    this.cleaner = setInterval(() => {
      const now = Date.now()
      for (const [k, v] of this.expiring) if (v.until <= now) this.expiring.delete(k)
      for (const [k, v] of this.values) if (v.until <= now) this.values.delete(k)
    }, 60_000)
    this.cleaner.unref()
  }

  private live(key: string) {
    const v = this.expiring.get(key)
    if (!v) return undefined
    if (v.until <= Date.now()) {
      this.expiring.delete(key)
      return undefined
    }
    return v
  }
  async takeSlot(key: string, ms: number) {
    if (this.live(key)) return false
    this.expiring.set(key, { until: Date.now() + ms, value: 1 })
    return true
  }
  async tryLock(key: string, ms: number) {
    const v = this.live(key)
    if (v) return Math.max(1, v.until - Date.now())
    this.expiring.set(key, { until: Date.now() + ms, value: 1 })
    return 0
  }
  async setFlag(key: string, ms: number) {
    this.expiring.set(key, { until: Date.now() + ms, value: 1 })
  }
  async hasFlag(key: string) {
    return this.live(key) !== undefined
  }
  async flagLeft(key: string) {
    const v = this.live(key)
    return v ? Math.max(1, v.until - Date.now()) : 0
  }
  async dropFlag(key: string) {
    this.expiring.delete(key)
  }
  async getBan(key: string) {
    return this.live(`ban:${key}`)?.value
  }
  async setBan(key: string, until: number, ttlMs: number) {
    this.expiring.set(`ban:${key}`, { until: Date.now() + ttlMs, value: until })
  }
  async addCount(key: string, n: number) {
    this.counters.set(key, (this.counters.get(key) ?? 0) + n)
  }
  async takeCount(key: string) {
    const n = this.counters.get(key) ?? 0
    this.counters.delete(key)
    return n
  }
  async getValue(key: string) {
    const v = this.values.get(key)
    if (v && v.until <= Date.now()) this.values.delete(key)
    return v && v.until > Date.now() ? v.value : undefined
  }
  async setValue(key: string, value: string, ms: number) {
    this.values.set(key, { until: Date.now() + ms, value })
  }
  async dropValue(key: string) {
    this.values.delete(key)
  }
  async swapValue(key: string, expected: string | null, next: string | null, ms: number) {
    if (((await this.getValue(key)) ?? null) !== expected) return false
    if (next === null) this.values.delete(key)
    else this.values.set(key, { until: Date.now() + ms, value: next })
    return true
  }
  private room(room: string) {
    let r = this.rooms.get(room)
    if (!r) {
      r = { staff: new Map(), audience: new Map() }
      this.rooms.set(room, r)
    }
    return r
  }
  async join(room: string, p: Presence, staff: boolean) {
    const r = this.room(room)
    const before = r.staff.get(p.user.userId) ?? r.audience.get(p.user.userId)
    r.staff.delete(p.user.userId)
    r.audience.delete(p.user.userId)
    ;(staff ? r.staff : r.audience).set(p.user.userId, p)
    return before && before.sid !== p.sid ? before.sid : undefined
  }
  async leave(room: string, userId: number, sid: string) {
    const r = this.rooms.get(room)
    if (!r) return false
    for (const m of [r.staff, r.audience]) {
      if (m.get(userId)?.sid === sid) {
        m.delete(userId)
        if (r.staff.size + r.audience.size === 0) this.rooms.delete(room)
        return true
      }
    }
    return false
  }
  async sidOf(room: string, userId: number) {
    const r = this.rooms.get(room)
    return (r?.staff.get(userId) ?? r?.audience.get(userId))?.sid
  }
  async counts(room: string): Promise<OnlineCount> {
    const r = this.rooms.get(room)
    return { staff: r?.staff.size ?? 0, audience: r?.audience.size ?? 0 }
  }
  async list(room: string, offset: number, limit: number) {
    const r = this.rooms.get(room)
    if (!r) return []
    const byId = (m: Map<number, Presence>) => [...m.values()].map((p) => p.user).sort((x, y) => x.userId - y.userId)
    return [...byId(r.staff), ...byId(r.audience)].slice(offset, offset + limit)
  }
  async sweep() {}
  async close() {
    clearInterval(this.cleaner)
  }
}

// ---------------------------------------------------------------- redis

/** join: put the user in the staff or audience hash (removing them from the other), answer the sid they had */
const JOIN = `
local before = redis.call('HGET', KEYS[1], ARGV[1]) or redis.call('HGET', KEYS[2], ARGV[1])
redis.call('HDEL', KEYS[2], ARGV[1])
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
if before then return string.match(before, '^([^|]*)') end
return false`
/** leave: remove the user from either hash only when the given sid still holds the place */
const LEAVE = `
local p = ARGV[2] .. '|'
for i = 1, 2 do
  local v = redis.call('HGET', KEYS[i], ARGV[1])
  if v and string.sub(v, 1, #p) == p then
    redis.call('HDEL', KEYS[i], ARGV[1])
    return 1
  end
end
return 0`

/** swap: ARGV[1] expected ('' = absent), ARGV[2] next ('' = delete), ARGV[3] lifetime in ms */
const SWAP = `
local v = redis.call('GET', KEYS[1])
if ARGV[1] == '' then
  if v then return 0 end
elseif v ~= ARGV[1] then
  return 0
end
if ARGV[2] == '' then redis.call('DEL', KEYS[1]) else redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3]) end
return 1`

/** A room's online hashes live at most this long without a login (a process that died leaves no debris past it). */
const ROOM_TTL_MS = 24 * 3600 * 1000
const ALIVE_MS = 30_000

type Scripted = Redis & {
  chatJoin(k1: string, k2: string, userId: string, value: string, ttl: string): Promise<string | null>
  chatLeave(k1: string, k2: string, userId: string, sid: string): Promise<number>
  chatSwap(key: string, expected: string, next: string, ms: string): Promise<number>
}

export class RedisStore implements ChatStore {
  private readonly r: Scripted
  private readonly alive: NodeJS.Timeout

  /** `prefix` separates deployments sharing one Redis; `serverId` names this process in online entries */
  constructor(
    redis: Redis,
    private readonly prefix: string,
    private readonly serverId: string,
  ) {
    redis.defineCommand('chatJoin', { numberOfKeys: 2, lua: JOIN })
    redis.defineCommand('chatLeave', { numberOfKeys: 2, lua: LEAVE })
    redis.defineCommand('chatSwap', { numberOfKeys: 1, lua: SWAP })
    this.r = redis as Scripted
    const beat = () => {
      this.r.set(this.k(`alive:${serverId}`), '1', 'PX', ALIVE_MS).catch(() => {})
    }
    beat()
    this.alive = setInterval(beat, ALIVE_MS / 3)
    this.alive.unref()
  }

  private k(key: string) {
    return `${this.prefix}:${key}`
  }
  private hashes(room: string, staff: boolean): [string, string] {
    const s = this.k(`online:${room}:s`)
    const a = this.k(`online:${room}:a`)
    return staff ? [s, a] : [a, s]
  }

  async takeSlot(key: string, ms: number) {
    return (await this.r.set(this.k(key), '1', 'PX', ms, 'NX')) === 'OK'
  }
  async tryLock(key: string, ms: number) {
    if ((await this.r.set(this.k(key), '1', 'PX', ms, 'NX')) === 'OK') return 0
    return Math.max(1, await this.r.pttl(this.k(key)))
  }
  async setFlag(key: string, ms: number) {
    await this.r.set(this.k(key), '1', 'PX', ms)
  }
  async hasFlag(key: string) {
    return (await this.r.exists(this.k(key))) === 1
  }
  async flagLeft(key: string) {
    // -2: no key; -1: no expiry (flags always have one)
    return Math.max(0, await this.r.pttl(this.k(key)))
  }
  async dropFlag(key: string) {
    await this.r.del(this.k(key))
  }
  async getBan(key: string) {
    const v = await this.r.get(this.k(`ban:${key}`))
    return v === null ? undefined : Number(v)
  }
  async setBan(key: string, until: number, ttlMs: number) {
    await this.r.set(this.k(`ban:${key}`), String(until), 'PX', Math.max(1, ttlMs))
  }
  async addCount(key: string, n: number) {
    await this.r.incrby(this.k(key), n)
  }
  async takeCount(key: string) {
    const v = await this.r.getdel(this.k(key))
    return v === null ? 0 : Number(v)
  }
  async getValue(key: string) {
    return (await this.r.get(this.k(`v:${key}`))) ?? undefined
  }
  async setValue(key: string, value: string, ms: number) {
    await this.r.set(this.k(`v:${key}`), value, 'PX', Math.max(1, ms))
  }
  async dropValue(key: string) {
    await this.r.del(this.k(`v:${key}`))
  }
  async swapValue(key: string, expected: string | null, next: string | null, ms: number) {
    return (await this.r.chatSwap(this.k(`v:${key}`), expected ?? '', next ?? '', String(Math.max(1, ms)))) === 1
  }
  async join(room: string, p: Presence, staff: boolean) {
    const [mine, other] = this.hashes(room, staff)
    const value = `${p.sid}|${this.serverId}|${JSON.stringify(p.user)}`
    const before = await this.r.chatJoin(mine, other, String(p.user.userId), value, String(ROOM_TTL_MS))
    return before && before !== p.sid ? before : undefined
  }
  async leave(room: string, userId: number, sid: string) {
    const [s, a] = this.hashes(room, true)
    return (await this.r.chatLeave(s, a, String(userId), sid)) === 1
  }
  async sidOf(room: string, userId: number) {
    const [s, a] = this.hashes(room, true)
    const v = (await this.r.hget(s, String(userId))) ?? (await this.r.hget(a, String(userId)))
    return v ? v.slice(0, v.indexOf('|')) : undefined
  }
  async counts(room: string): Promise<OnlineCount> {
    const [s, a] = this.hashes(room, true)
    const [staff, audience] = await Promise.all([this.r.hlen(s), this.r.hlen(a)])
    return { staff, audience }
  }
  async list(room: string, offset: number, limit: number) {
    const [s, a] = this.hashes(room, true)
    const parse = (v: string) => JSON.parse(v.slice(v.indexOf('|', v.indexOf('|') + 1) + 1)) as ChatUser
    const read = async (h: string) =>
      Object.values(await this.r.hgetall(h))
        .map(parse)
        .sort((x, y) => x.userId - y.userId)
    const staff = await read(s)
    const out = staff.slice(offset, offset + limit)
    if (out.length < limit) {
      const from = Math.max(0, offset - staff.length)
      out.push(...(await read(a)).slice(from, from + limit - out.length))
    }
    return out
  }
  async sweep(rooms: Iterable<string>) {
    for (const room of rooms) {
      for (const h of this.hashes(room, true)) {
        const entries = await this.r.hgetall(h)
        const servers = new Set(Object.values(entries).map((v) => v.split('|')[1] ?? ''))
        servers.delete(this.serverId)
        for (const server of servers) {
          if (await this.r.exists(this.k(`alive:${server}`))) continue
          const dead = Object.entries(entries)
            .filter(([, v]) => v.split('|')[1] === server)
            .map(([userId]) => userId)
          if (dead.length) await this.r.hdel(h, ...dead)
        }
      }
    }
  }
  async close() {
    clearInterval(this.alive)
    await this.r.del(this.k(`alive:${this.serverId}`)).catch(() => {})
  }
}
