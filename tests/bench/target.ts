/**
 * Where a bench sends its load. PGlite (default): the app in this process on a fresh copy of the seeded test
 * template (PGlite is embedded: one process only). PostgreSQL (BENCH_DB=pg, or DATABASE_URL set): a database of
 * its own is created on DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/postgres), migrated and
 * seeded; the server runs as a child process (server-proc.ts) so the load generator (this process) and the server
 * do not share a CPU core's event loop; the database is dropped at the end.
 */
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import Fastify from 'fastify'
import pg from 'pg'
import { buildApp } from '../../server/src/app'
import { defaultConfig } from '../../server/src/config'
import { type Database, openDatabase } from '../../server/src/db'
import { seedIfEmpty } from '../../server/src/seed'
import { templateBlob } from '../server/helpers'

export interface Target {
  kind: 'PGlite' | 'PostgreSQL'
  /** the bench's own connection to the database (fixtures) */
  database: Database
  appUrl: string
  bareUrl: string
  /** refresh the planner's statistics after bulk fixtures (what autovacuum / the PGlite timer do within a minute) */
  analyze(): Promise<void>
  close(): Promise<void>
}

export const wantsPostgres = () => process.env.BENCH_DB === 'pg' || Boolean(process.env.DATABASE_URL)

export async function openTarget(name: string): Promise<Target> {
  return wantsPostgres() ? postgresTarget(name) : pgliteTarget()
}

async function pgliteTarget(): Promise<Target> {
  // as the server opens it: in a worker thread unless PGLITE_THREAD=off (server/src/db/pglite-thread.ts)
  const database = await openDatabase({
    loadDataDir: await templateBlob(),
    thread: process.env.PGLITE_THREAD !== 'off',
  })
  const app = await buildApp({
    db: database.db,
    config: defaultConfig({ rateLimit: { max: 10_000_000, loginMax: 30, smsMax: 10 } }),
  })
  const appUrl = await app.listen({ port: 0, host: '127.0.0.1' })
  const bare = Fastify()
  bare.get('/bare', async () => ({ code: 200, msg: 'ok', data: { ok: true } }))
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' })
  return {
    kind: 'PGlite',
    database,
    appUrl,
    bareUrl,
    analyze: () => database.analyze(),
    close: async () => {
      await app.close()
      await bare.close()
      await database.close()
    },
  }
}

const SERVER = fileURLToPath(new URL('./server-proc.ts', import.meta.url))

async function postgresTarget(name: string): Promise<Target> {
  const adminUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres'
  const dbName = `bench_${name}_${randomBytes(5).toString('hex')}`
  const admin = async (statement: string) => {
    const c = new pg.Client({ connectionString: adminUrl })
    await c.connect()
    try {
      await c.query(statement)
    } finally {
      await c.end()
    }
  }
  await admin(`create database ${dbName}`)
  const u = new URL(adminUrl)
  u.pathname = `/${dbName}`
  const url = u.toString()
  let database: Database | undefined
  let child: ReturnType<typeof spawn> | undefined
  const drop = async () => {
    await database?.close().catch(() => {})
    await admin(`drop database if exists ${dbName} with (force)`)
  }
  try {
    database = await openDatabase({ databaseUrl: url })
    await database.migrate()
    await seedIfEmpty(database.db)
    const proc = spawn(process.execPath, ['--import', 'tsx', SERVER], {
      env: { ...process.env, BENCH_DATABASE_URL: url },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    child = proc
    const [appUrl, bareUrl] = await new Promise<[string, string]>((resolve, reject) => {
      let out = ''
      proc.stdout!.on('data', (b: Buffer) => {
        out += b.toString()
        const m = /LISTENING (\S+) (\S+)/.exec(out)
        if (m) resolve([m[1]!, m[2]!])
      })
      proc.once('exit', (code) => reject(new Error(`bench server exited (${code}) before listening`)))
    })
    const db = database
    return {
      kind: 'PostgreSQL',
      database: db,
      appUrl,
      bareUrl,
      analyze: async () => {
        await db.db.execute(sql`analyze`)
      },
      close: async () => {
        const exited = new Promise((r) => proc.once('exit', r))
        proc.kill('SIGTERM')
        await exited
        await drop()
      },
    }
  } catch (e) {
    child?.kill('SIGTERM')
    await drop()
    throw e
  }
}
