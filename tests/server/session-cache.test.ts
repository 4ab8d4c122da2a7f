/**
 * The session cache (services/shared/session-cache.ts): `authenticate` reads a token's row once per TTL, a session
 * that ends is forgotten at once here and, through Redis, on another process, and a read in flight while a session
 * ends cannot put the old row back. The whole path through the app (a displaced device gets 409 on the next call,
 * on either process) is in core-suite.ts and cluster.test.ts.
 */
import type { FastifyBaseLogger } from 'fastify'
import { afterAll, describe, expect, it } from 'vitest'
import { openSharedRedis, type SharedRedis } from '../../server/src/services/shared/redis'
import { type CachedSession, SessionCache } from '../../server/src/services/shared/session-cache'
import { REDIS_URL, redisProblem } from './live-chat-helpers'

const session = (over: Partial<CachedSession> = {}): CachedSession => ({
  tokenId: 1,
  userId: 7,
  userAccount: '13700000007',
  deviceUuid: 'device-1',
  status: 'active',
  expiresAt: Date.now() + 3600_000,
  ...over,
})

/** a loader that counts its calls */
function loader(value: CachedSession | null) {
  const calls = { n: 0 }
  return {
    calls,
    load: async () => {
      calls.n++
      return value
    },
  }
}

describe('session cache', () => {
  it('reads an active session once, per tenant and token', async () => {
    const cache = new SessionCache({ ttlMs: 60_000, max: 100 })
    const l = loader(session())
    expect(await cache.get(1001, 'h1', l.load)).toMatchObject({ userId: 7 })
    expect(await cache.get(1001, 'h1', l.load)).toMatchObject({ userId: 7 })
    expect(l.calls.n).toBe(1)
    await cache.get(1002, 'h1', l.load) // another school: its own read
    expect(l.calls.n).toBe(2)
  })

  it('keeps no unknown, revoked or displaced session (each is read again)', async () => {
    const cache = new SessionCache({ ttlMs: 60_000, max: 100 })
    for (const value of [null, session({ status: 'revoked' }), session({ status: 'displaced' })]) {
      const l = loader(value)
      await cache.get(1001, 'h', l.load)
      await cache.get(1001, 'h', l.load)
      expect(l.calls.n).toBe(2)
    }
  })

  it('reads again after the TTL', async () => {
    const cache = new SessionCache({ ttlMs: 20, max: 100 })
    const l = loader(session())
    await cache.get(1001, 'h', l.load)
    await new Promise((r) => setTimeout(r, 40))
    await cache.get(1001, 'h', l.load)
    expect(l.calls.n).toBe(2)
  })

  it("forgets the user's sessions when they change, and only that user's of that school", async () => {
    const cache = new SessionCache({ ttlMs: 60_000, max: 100 })
    const mine = loader(session())
    const other = loader(session({ userId: 8 }))
    await cache.get(1001, 'mine', mine.load)
    await cache.get(1001, 'other', other.load)
    await cache.get(1002, 'mine-elsewhere', mine.load)
    await cache.userChanged(1001, 7)
    await cache.get(1001, 'mine', mine.load)
    await cache.get(1001, 'other', other.load)
    await cache.get(1002, 'mine-elsewhere', mine.load)
    expect(mine.calls.n).toBe(3) // read again in 1001, still kept in 1002
    expect(other.calls.n).toBe(1)
  })

  it('a read in flight while the session ends does not put the old row back', async () => {
    const cache = new SessionCache({ ttlMs: 60_000, max: 100 })
    let release!: () => void
    const slow = cache.get(1001, 'h', async () => {
      await new Promise<void>((r) => {
        release = r
      })
      return session() // the row as it was before the revoke committed
    })
    await new Promise((r) => setTimeout(r, 5))
    await cache.userChanged(1001, 7)
    release()
    expect(await slow).toMatchObject({ status: 'active' }) // that request saw the old row…
    const after = loader(session({ status: 'revoked' }))
    expect(await cache.get(1001, 'h', after.load)).toMatchObject({ status: 'revoked' }) // …the next one reads again
    expect(after.calls.n).toBe(1)
  })

  it('holds at most `max` sessions, dropping the oldest', async () => {
    const cache = new SessionCache({ ttlMs: 60_000, max: 2 })
    const l = loader(session())
    for (const h of ['a', 'b', 'c']) await cache.get(1001, h, l.load)
    await cache.get(1001, 'c', l.load)
    await cache.get(1001, 'b', l.load)
    expect(l.calls.n).toBe(3)
    await cache.get(1001, 'a', l.load)
    expect(l.calls.n).toBe(4)
  })
})

const problem = await redisProblem()
describe.skipIf(problem)(`session cache across processes (Redis)${problem ? `: skipped, ${problem}` : ''}`, () => {
  const log = { warn: () => {} } as unknown as FastifyBaseLogger
  const secret = `session-cache-test-${process.pid}-${Date.now()}`
  const redises: SharedRedis[] = []
  afterAll(async () => {
    await Promise.all(redises.map((r) => r.close()))
  })

  it('a session ended on one process is forgotten on the other', async () => {
    const one = new SessionCache({ ttlMs: 60_000, max: 100 })
    const two = new SessionCache({ ttlMs: 60_000, max: 100 })
    const stops = [one, two].map((c) => {
      const r = openSharedRedis(REDIS_URL, secret, log)
      redises.push(r)
      return c.listen(r, log)
    })
    await new Promise((r) => setTimeout(r, 200)) // both subscribed
    const l = loader(session())
    await two.get(1001, 'h', l.load)
    await two.get(1001, 'h', l.load)
    expect(l.calls.n).toBe(1)
    await one.userChanged(1001, 7)
    const end = Date.now() + 2000
    while (l.calls.n === 1 && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 10))
      await two.get(1001, 'h', l.load)
    }
    expect(l.calls.n, 'process two read the session again').toBe(2)
    for (const stop of stops) stop()
  })
})
