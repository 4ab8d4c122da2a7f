/**
 * The sessions `authenticate` reads on every signed-in call, kept in the process's memory for `ttlMs` at most, so a
 * learner's read runs its own queries and not one more for the token (on PGlite a query costs about 1 ms of a
 * single database thread: issue 15).
 *
 * Only active sessions are kept, and what is kept is checked each time as the database row would be (its expiry).
 * A session stops being active in one of four ways, all in services/tokens.ts or the console's sign-out: revoked
 * (password changed or reset), displaced (another device took over), rotated (refreshed) or signed out. Each calls
 * `userChanged(tenant, user)` after its write, which forgets the user's sessions here and, with Redis, on every
 * process (`<prefix>:sessions-changed`). A read that was in flight while that happened is not kept (the epoch moved),
 * so it cannot put back the row it read before the write. A missed message (the subscription dropped) forgets
 * everything; the TTL is the backstop for rows edited behind the server's back. docs/DECISIONS.md "Session".
 */
import type { FastifyBaseLogger } from 'fastify'
import { Broadcast } from './broadcast'
import type { SharedRedis } from './redis'

export interface CachedSession {
  tokenId: number
  userId: number
  userAccount: string
  deviceUuid: string
  status: string
  expiresAt: number
}

interface Entry {
  at: number
  tenantId: number
  session: CachedSession
}

export class SessionCache {
  private readonly entries = new Map<string, Entry>()
  private readonly broadcasts = new Set<Broadcast>()
  private epoch = 0

  constructor(private readonly opts: { ttlMs: number; max: number }) {}

  /** The tenant's session of this token hash: kept, or `load()`'s (kept when active). */
  async get(tenantId: number, hash: string, load: () => Promise<CachedSession | null>): Promise<CachedSession | null> {
    const k = `${tenantId} ${hash}`
    const hit = this.entries.get(k)
    if (hit && Date.now() - hit.at < this.opts.ttlMs) return hit.session
    if (hit) this.entries.delete(k)
    const epoch = this.epoch
    const session = await load()
    if (session?.status === 'active' && epoch === this.epoch) {
      if (this.entries.size >= this.opts.max) {
        const oldest = this.entries.keys().next().value
        if (oldest !== undefined) this.entries.delete(oldest)
      }
      this.entries.set(k, { at: Date.now(), tenantId, session })
    }
    return session
  }

  /** The user's sessions changed (after the write): forgotten here and, with Redis, on every process. */
  async userChanged(tenantId: number, userId: number): Promise<void> {
    this.dropUser(tenantId, userId)
    await Promise.all([...this.broadcasts].map((b) => b.publish(`${tenantId} ${userId}`)))
  }

  /** Listens to the other processes' changes through this Redis; returns the way to stop. */
  listen(redis: SharedRedis, log: FastifyBaseLogger): () => void {
    const broadcast = new Broadcast(
      redis,
      'sessions-changed',
      {
        message: (message) => {
          const [tenantId, userId] = message.split(' ').map(Number)
          if (Number.isInteger(tenantId) && Number.isInteger(userId)) this.dropUser(tenantId!, userId!)
        },
        missed: () => this.clear(),
      },
      log,
    )
    this.broadcasts.add(broadcast)
    return () => {
      this.broadcasts.delete(broadcast)
      broadcast.close()
    }
  }

  clear() {
    this.epoch++
    this.entries.clear()
  }

  private dropUser(tenantId: number, userId: number) {
    this.epoch++
    for (const [k, e] of this.entries)
      if (e.tenantId === tenantId && e.session.userId === userId) this.entries.delete(k)
  }
}
