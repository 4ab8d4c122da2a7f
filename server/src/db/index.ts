/**
 * The two drivers behind one type: PGlite (embedded default, `drizzle-orm/pglite`) and node-postgres
 * (when DATABASE_URL is set). Same schema, same drizzle-kit migrations, same queries.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { count, type Logger, type SQL, sql } from 'drizzle-orm'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT, PgTable } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { acquireDirLock, type DirLock } from './lock'
import { type PgliteClient, PgliteThread } from './pglite-thread'
import * as schema from './schema'

export type Schema = typeof schema
export type Db = PgDatabase<PgQueryResultHKT, Schema>

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url))

export interface Database {
  db: Db
  driver: 'pglite' | 'pg'
  migrate(): Promise<void>
  close(): Promise<void>
  /** PGlite only: the raw client (dumpDataDir for backups and test templates) */
  pglite?: PgliteClient
  /** PGlite only: refresh all the planner's statistics now (after a bulk load); a no-op on PostgreSQL */
  analyze(): Promise<void>
}

export interface OpenOptions {
  /** node-postgres connection string; when absent PGlite is used */
  databaseUrl?: string
  /** PGlite data dir (persistent, guarded by a lock file); omit with loadDataDir/memory */
  dataDir?: string
  /** PGlite: start from a dumped data dir (tests) */
  loadDataDir?: Blob
  /** drizzle's query logger (tests count the queries a request runs with it) */
  logger?: Logger
  /** node-postgres: connections in the pool (default 10) */
  poolMax?: number
  /**
   * PGlite: run the database in a worker thread (server/src/db/pglite-thread.ts), so SQL and the server's event loop
   * use two cores. The server does (unless PGLITE_THREAD=off); tests and tools open it in-process.
   */
  thread?: boolean
}

/**
 * PGlite runs no autovacuum, so nothing refreshes the planner's statistics: after tables grow the planner still
 * believes them small and, e.g., walks all of a learner's 10,000 attempts through an index on the learner instead
 * of the small partial index on open exam attempts (13 ms instead of 0.1 ms a query). Full ANALYZE after migrating;
 * then every minute, like autovacuum's defaults, only the tables with more than 50 + 10% of their rows changed
 * since their last analysis (a full ANALYZE holds PGlite's one connection for 0.1-0.3 s or more as data grows).
 */
const ANALYZE_EVERY_MS = 60_000

/** When drizzle-kit wrote the newest migration (its journal's `when`, what drizzle records as `created_at`). */
function newestMigrationMillis(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[]
  }
  return Math.max(0, ...journal.entries.map((e) => e.when))
}

/**
 * Whether the database already has the newest migration (drizzle applies those newer than the newest it recorded), so
 * a start with nothing to migrate reads one row instead of every migration file and, on PGlite, a full ANALYZE
 * (docs/DECISIONS.md "First start").
 */
async function migrated(db: Db): Promise<boolean> {
  try {
    const rows = (await db.execute(sql`select max(created_at) as at from drizzle.__drizzle_migrations`)) as unknown as
      | { rows?: { at: unknown }[] }
      | { at: unknown }[]
    const list = Array.isArray(rows) ? rows : (rows.rows ?? [])
    return Number(list[0]?.at ?? 0) >= newestMigrationMillis()
  } catch {
    return false // no migrations table yet
  }
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolMax ?? 10 })
    // An idle client whose connection the server ends (restart, failover, a dropped database) emits 'error':
    // without a listener that would crash the process. The pool replaces the client on the next query.
    pool.on('error', (err) => {
      console.error(`[db] idle PostgreSQL client lost: ${err.message}`)
    })
    const db = drizzleNodePg({ client: pool, schema, logger: opts.logger }) as unknown as Db
    return {
      db,
      driver: 'pg',
      migrate: async () => {
        if (!(await migrated(db))) await migrateNodePg(db as never, { migrationsFolder })
      },
      analyze: async () => {},
      close: () => pool.end(),
    }
  }
  let lock: DirLock | undefined
  if (opts.dataDir) {
    fs.mkdirSync(path.dirname(path.resolve(opts.dataDir)), { recursive: true })
    lock = acquireDirLock(path.resolve(opts.dataDir))
  }
  let client: PgliteClient
  try {
    const where = opts.dataDir ? { dataDir: path.resolve(opts.dataDir) } : { loadDataDir: opts.loadDataDir }
    client = opts.thread ? await PgliteThread.create(where) : await PGlite.create(where)
  } catch (e) {
    lock?.release()
    throw e
  }
  const db = drizzlePglite({ client: client as PGlite, schema, logger: opts.logger }) as unknown as Db
  let closed = false
  const analyze = async () => {
    if (!closed) await client.exec('analyze')
  }
  const analyzeChanged = async () => {
    if (closed) return
    const stale = await client.query<{ name: string }>(
      'select quote_ident(relname) as name from pg_stat_user_tables where n_mod_since_analyze > 50 + 0.1 * n_live_tup',
    )
    for (const { name } of stale.rows) if (!closed) await client.exec(`analyze ${name}`)
  }
  const upkeep = setInterval(() => {
    analyzeChanged().catch((err) => console.error(`[db] analyze failed: ${(err as Error).message}`))
  }, ANALYZE_EVERY_MS)
  upkeep.unref()
  return {
    db,
    driver: 'pglite',
    pglite: client,
    migrate: async () => {
      if (await migrated(db)) return
      await migratePglite(db as never, { migrationsFolder })
      await analyze()
    },
    analyze,
    close: async () => {
      if (closed) return
      closed = true
      clearInterval(upkeep)
      try {
        await client.close()
      } finally {
        lock?.release()
      }
    },
  }
}

/** Raw count(*) is a number from PGlite and a string from pg: always go through here. */
/** A unique index refused the row (PostgreSQL 23505, possibly wrapped by the driver). */
export const isUniqueViolation = (e: unknown): boolean => {
  for (
    let err = e as { code?: unknown; cause?: unknown } | undefined, i = 0;
    err && i < 4;
    err = err.cause as never, i++
  )
    if (err.code === '23505') return true
  return false
}

export const toInt = (v: unknown): number => {
  const n = typeof v === 'bigint' ? Number(v) : typeof v === 'string' ? Number.parseInt(v, 10) : Number(v)
  return Number.isFinite(n) ? n : 0
}

export async function countRows(db: Db, table: PgTable, where?: SQL): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where)
  return toInt(row?.n)
}
