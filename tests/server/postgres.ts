/**
 * Runs a suite against PostgreSQL when DATABASE_URL_TEST answers (e.g. postgres://postgres@127.0.0.1:5432/postgres;
 * `npm test` and CI set it when the local server is up): a database with a random name is created, migrated and
 * seeded once for the file and dropped afterwards. When it does not answer, the suite is skipped visibly.
 */
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, describe, it } from 'vitest'
import { type Database, type OpenOptions, openDatabase } from '../../server/src/db'
import { seedIfEmpty } from '../../server/src/seed'

const adminUrl = process.env.DATABASE_URL_TEST

async function reachable(url: string | undefined): Promise<boolean> {
  if (!url) return false
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 })
  try {
    await c.connect()
    await c.query('select 1')
    return true
  } catch {
    return false
  } finally {
    await c.end().catch(() => {})
  }
}

/** `open` takes options for the test's own connection (e.g. the query counter's logger). */
export async function onPostgres(
  name: string,
  suite: (label: string, open: (opts?: Pick<OpenOptions, 'logger'>) => Promise<Database>) => void,
) {
  if (!(await reachable(adminUrl))) {
    const why = adminUrl
      ? `DATABASE_URL_TEST (${adminUrl.replace(/:[^:@/]*@/, ':***@')}) does not answer`
      : 'DATABASE_URL_TEST is not set'
    console.warn(`[server tests] PostgreSQL ${name} suite skipped: ${why}`)
    describe.skip(`${name} (PostgreSQL): skipped, ${why}`, () => {
      it('needs PostgreSQL', () => {})
    })
    return
  }
  const dbName = `learn_exam_${name}_${randomBytes(6).toString('hex')}`
  const url = new URL(adminUrl!)
  url.pathname = `/${dbName}`
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: adminUrl })
    await c.connect()
    try {
      await c.query(sql)
    } finally {
      await c.end()
    }
  }
  await admin(`create database ${dbName}`)
  let prepared = false
  const opened: Database[] = []
  afterAll(async () => {
    for (const d of opened) await d.close().catch(() => {})
    await admin(`drop database if exists ${dbName} with (force)`)
  })
  suite('PostgreSQL', async (opts) => {
    const database = await openDatabase({ databaseUrl: url.toString(), ...opts })
    opened.push(database)
    if (!prepared) {
      await database.migrate()
      await seedIfEmpty(database.db)
      prepared = true
    }
    return database
  })
}
