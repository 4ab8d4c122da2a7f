/**
 * Public, rarely changing reads (the app's config, banners, catalogue, course menus) cached in each process's
 * memory per tenant and query, for `ttlMs` at most: on PGlite one indexed read per request tops out near 1k req/s
 * (TOOLCHAIN.md), and these are what every app start asks.
 *
 * A content change drops the tenant's entries at once: `changed(tenantId)` clears this process's entries and, with
 * Redis, publishes the tenant on `<prefix>:public-changed`, which every process (this one included) subscribes to —
 * so a change made through any process is visible on all of them within the pub/sub delay (milliseconds). When the
 * subscription reconnects, messages may have been missed: the whole cache is dropped. The TTL stays the backstop
 * for content changed behind the server's back (SQL by hand: `POST /staff/content/changed` says so).
 */
import type { FastifyBaseLogger } from 'fastify'
import { Broadcast } from './broadcast'
import type { SharedRedis } from './redis'

interface Entry {
  at: number
  tenantId: number
  value: Promise<unknown>
}

export class PublicCache {
  private readonly entries = new Map<string, Entry>()
  private readonly broadcast?: Broadcast

  constructor(private readonly opts: { ttlMs: number; max?: number; redis?: SharedRedis; log: FastifyBaseLogger }) {
    if (!opts.redis) return
    this.broadcast = new Broadcast(
      opts.redis,
      'public-changed',
      {
        message: (message) => {
          const tenantId = Number(message)
          if (Number.isInteger(tenantId)) this.drop(tenantId)
        },
        missed: () => this.entries.clear(),
      },
      opts.log,
    )
  }

  /** The cached answer of the tenant's query, or `load()`'s (a failure is never cached). */
  get(tenantId: number, key: string, load: () => Promise<unknown>): Promise<unknown> {
    const k = `${tenantId} ${key}`
    const hit = this.entries.get(k)
    if (hit && Date.now() - hit.at < this.opts.ttlMs) return hit.value
    if (this.entries.size >= (this.opts.max ?? 2000)) this.entries.clear()
    const value = load()
    const entry = { at: Date.now(), tenantId, value }
    this.entries.set(k, entry)
    value.catch(() => {
      if (this.entries.get(k) === entry) this.entries.delete(k)
    })
    return value
  }

  /** The tenant's content changed: drop its entries here and, with Redis, on every process. */
  async changed(tenantId: number): Promise<void> {
    this.drop(tenantId)
    await this.broadcast?.publish(String(tenantId))
  }

  close() {
    this.broadcast?.close()
  }

  private drop(tenantId: number) {
    for (const [k, e] of this.entries) if (e.tenantId === tenantId) this.entries.delete(k)
  }
}
