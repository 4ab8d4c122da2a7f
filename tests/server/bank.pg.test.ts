/**
 * The question-bank suite against PostgreSQL (same setup as core.pg.test.ts): set DATABASE_URL_TEST (e.g. postgres://postgres@127.0.0.1:5432/postgres).
 * A database with a random name is created for the run and dropped afterwards.
 */
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, describe, it } from 'vitest'
import { openDatabase } from '../../server/src/db'
import { seedIfEmpty } from '../../server/src/seed'
import { bankSuite } from './bank-suite'

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

const ok = await reachable(adminUrl)

if (!ok) {
  const why = adminUrl
    ? `DATABASE_URL_TEST (${adminUrl.replace(/:[^:@/]*@/, ':***@')}) does not answer`
    : 'DATABASE_URL_TEST is not set'
  console.warn(`[server tests] PostgreSQL bank suite skipped: ${why}`)
  describe.skip(`bank (PostgreSQL): skipped, ${why}`, () => {
    it('needs PostgreSQL', () => {})
  })
} else {
  const dbName = `learn_exam_bank_${randomBytes(6).toString('hex')}`
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
  const opened: { close(): Promise<void> }[] = []
  afterAll(async () => {
    for (const d of opened) await d.close().catch(() => {})
    await admin(`drop database if exists ${dbName} with (force)`)
  })
  bankSuite('PostgreSQL', async () => {
    const database = await openDatabase({ databaseUrl: url.toString() })
    opened.push(database)
    if (!prepared) {
      await database.migrate()
      await seedIfEmpty(database.db)
      prepared = true
    }
    return database
  })
}
