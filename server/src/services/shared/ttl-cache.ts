/**
 * The server's one small in-process cache of answers that may be a little old (a channel's state, a viewer's
 * entitlement, a channel's media path): an answer is kept `ttlMs`, requests in flight share one read, a failed read
 * is not kept, and past `max` entries the oldest goes first. What must be shared across processes lives in Redis
 * (./redis.ts); the public reads and the sessions have their own caches with invalidation (./public-cache.ts,
 * ./session-cache.ts).
 */
export class TtlCache<T> {
  private readonly entries = new Map<string, { at: number; value: Promise<T> }>()

  constructor(
    private readonly ttlMs: number,
    private readonly max = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** The kept answer of `key` while it is younger than ttlMs (unless `fresh`), else `load()`'s, kept. */
  get(key: string, load: () => Promise<T>, fresh = false): Promise<T> {
    const hit = this.entries.get(key)
    if (!fresh && hit && this.now() - hit.at < this.ttlMs) return hit.value
    const value = load()
    this.keep(key, value)
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key)
    })
    return value
  }

  /** Keeps an answer known without a read (e.g. one written just now). */
  set(key: string, value: T | Promise<T>): void {
    this.keep(key, Promise.resolve(value))
  }

  drop(key: string): void {
    this.entries.delete(key)
  }

  /** Forgets every key `which` picks (e.g. all of one user's). */
  dropWhere(which: (key: string) => boolean): void {
    for (const k of this.entries.keys()) if (which(k)) this.entries.delete(k)
  }

  private keep(key: string, value: Promise<T>) {
    this.entries.delete(key) // re-inserted last: the map's order is the age order
    if (this.entries.size >= this.max) {
      const oldest = this.entries.keys().next().value
      if (oldest !== undefined) this.entries.delete(oldest)
    }
    this.entries.set(key, { at: this.now(), value })
  }
}
