/**
 * Periodic sweeps that run once per tick across server processes (docs/DECISIONS.md "Several processes").
 * Ticks are aligned to the wall clock (tick n covers [n·every, (n+1)·every)), so every process fires at the same
 * moment and they race for the tick:
 * - with Redis: `SET <prefix>:tick:<name>:<n> NX PX` — exactly one process takes tick n, the others skip it;
 * - on PostgreSQL without Redis: `pg_try_advisory_xact_lock` held while the sweep runs (never two at once);
 * - on PGlite (one process by construction): no lock.
 * A process whose previous run of the sweep has not finished skips the tick on its own. The sweeps are safe to
 * repeat (row locks, conditional updates); the lock keeps N processes from doing the same work N times.
 */
import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import pg from 'pg'
import type { Db } from '../../db'
import type { SharedRedis } from './redis'

export interface TickOptions {
  /** names the lock; [a-z-]+ */
  name: string
  everyMs: number
  db: Db
  redis?: SharedRedis
  log: FastifyBaseLogger
  run: () => Promise<void>
}

/** who took a tick (in the Redis key's value and the debug log) */
export const processTag = `${process.pid}-${randomBytes(3).toString('hex')}`

const onPostgres = (db: Db) => (db as unknown as { $client?: unknown }).$client instanceof pg.Pool

/** advisory lock keys: a fixed class for this app's sweeps, the name hashed into the second key */
const ADVISORY_CLASS = 0x1e5e
const nameKey = (name: string) => {
  let h = 0
  for (const ch of name) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0
  return h
}

/** Starts the sweep; `stop()` clears its timer (a run in progress finishes). */
export function everyTick(o: TickOptions): { stop(): void } {
  let timer: NodeJS.Timeout | undefined
  let running = false
  let stopped = false
  const pgLock = !o.redis && onPostgres(o.db)

  const takeTick = async (tick: number): Promise<boolean> => {
    if (!o.redis) return true
    try {
      const key = `${o.redis.prefix}:tick:${o.name}:${tick}`
      return (await o.redis.cmd.set(key, processTag, 'PX', o.everyMs * 2, 'NX')) === 'OK'
    } catch (err) {
      // Redis away: the sweep still runs (it is safe to repeat); the processes may then each run it
      o.log.warn({ err, sweep: o.name }, 'sweep lock: redis unavailable, running without it')
      return true
    }
  }

  const runLocked = async (): Promise<boolean> => {
    if (!pgLock) {
      await o.run()
      return true
    }
    return o.db.transaction(async (tx) => {
      const rows = (await tx.execute(
        sql`select pg_try_advisory_xact_lock(${ADVISORY_CLASS}, ${nameKey(o.name)}) as ok`,
      )) as unknown as { rows: { ok: boolean }[] }
      if (!rows.rows[0]?.ok) return false
      await o.run()
      return true
    })
  }

  const fire = async (tick: number) => {
    if (stopped) return
    schedule()
    if (running) return
    running = true
    try {
      const ran = (await takeTick(tick)) && (await runLocked())
      o.log.debug({ sweep: o.name, tick, ran, by: processTag }, 'sweep tick')
    } catch (err) {
      o.log.warn({ err, sweep: o.name }, 'sweep failed')
    } finally {
      running = false
    }
  }

  const schedule = () => {
    const tick = Math.floor(Date.now() / o.everyMs) + 1
    timer = setTimeout(() => void fire(tick), Math.max(0, tick * o.everyMs - Date.now()))
    timer.unref()
  }
  schedule()
  return {
    stop: () => {
      stopped = true
      clearTimeout(timer)
    },
  }
}
