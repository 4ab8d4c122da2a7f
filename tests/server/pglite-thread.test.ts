/**
 * PGlite in a worker thread (server/src/db/pglite-thread.ts): what drizzle and the app rely on behaves as it does
 * in-process — results and types, errors with their PostgreSQL codes, transactions that commit, roll back and nest,
 * one session (a transaction's uncommitted rows are not seen by a statement outside it, which waits), dumps.
 */
import { count, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, openDatabase } from '../../server/src/db'
import { consultation, sysUser } from '../../server/src/db/schema'
import { templateBlob } from './helpers'

let database: Database

beforeAll(async () => {
  database = await openDatabase({ loadDataDir: await templateBlob(), thread: true })
})
afterAll(async () => {
  await database?.close()
})

const users = async () => Number((await database.db.select({ n: count() }).from(sysUser))[0]!.n)

describe('PGlite in a worker thread', () => {
  it('answers drizzle queries with the same types as in-process PGlite', async () => {
    const local = await openDatabase({ loadDataDir: await templateBlob() })
    try {
      const q = (db: Database['db']) =>
        db
          .select({
            id: consultation.id,
            title: consultation.title,
            at: consultation.publishTime,
            views: consultation.views,
          })
          .from(consultation)
          .orderBy(consultation.id)
          .limit(3)
      const [there, here] = await Promise.all([q(database.db), q(local.db)])
      expect(there.length).toBeGreaterThan(0)
      expect(there).toEqual(here)
      expect(there[0]!.at).toBeInstanceOf(Date)
    } finally {
      await local.close()
    }
  })

  it('passes PostgreSQL errors on with their code', async () => {
    const [u] = await database.db.select().from(sysUser).limit(1)
    const err = await database.db
      .insert(sysUser)
      .values({ ...u!, id: undefined as never })
      .then(
        () => null,
        (e: unknown) => e,
      )
    const codes: unknown[] = []
    for (let e = err as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as never) codes.push(e.code)
    expect(codes).toContain('23505')
  })

  it('commits, rolls back and nests transactions', async () => {
    const before = await users()
    await database.db.transaction(async (tx) => {
      await tx.update(sysUser).set({ nickName: 'committed' }).where(eq(sysUser.id, 1))
    })
    await expect(
      database.db.transaction(async (tx) => {
        await tx.update(sysUser).set({ nickName: 'rolled back' }).where(eq(sysUser.id, 1))
        throw new Error('boom')
      }),
    ).rejects.toThrow('boom')
    await database.db.transaction(async (tx) => {
      await tx.update(sysUser).set({ nickName: 'outer' }).where(eq(sysUser.id, 1))
      await tx
        .transaction(async (inner) => {
          await inner.update(sysUser).set({ nickName: 'inner' }).where(eq(sysUser.id, 1))
          inner.rollback()
        })
        .catch(() => {})
    })
    const [row] = await database.db.select({ nick: sysUser.nickName }).from(sysUser).where(eq(sysUser.id, 1))
    expect(row!.nick).toBe('outer')
    expect(await users()).toBe(before)
  })

  it('keeps one session: a statement outside an open transaction waits for it', async () => {
    let inside!: () => void
    const opened = new Promise<void>((r) => {
      inside = r
    })
    let finish!: () => void
    const held = new Promise<void>((r) => {
      finish = r
    })
    const tx = database.db.transaction(async (t) => {
      await t.update(sysUser).set({ nickName: 'in flight' }).where(eq(sysUser.id, 1))
      inside()
      await held
      await t.update(sysUser).set({ nickName: 'settled' }).where(eq(sysUser.id, 1))
    })
    await opened
    let outsideDone = false
    const outside = database.db
      .select({ nick: sysUser.nickName })
      .from(sysUser)
      .where(eq(sysUser.id, 1))
      .then((r) => {
        outsideDone = true
        return r[0]!.nick
      })
    await new Promise((r) => setTimeout(r, 50))
    expect(outsideDone).toBe(false)
    finish()
    await tx
    expect(await outside).toBe('settled')
  })

  it('runs many statements at once without mixing their answers', async () => {
    const ids = Array.from({ length: 40 }, (_, i) => (i % 5) + 1)
    const rows = await Promise.all(ids.map((n) => database.db.execute(sql`select ${n}::int as n`)))
    expect(rows.map((r) => (r as unknown as { rows: { n: number }[] }).rows[0]!.n)).toEqual(ids)
  })

  it('dumps its data dir, which opens again', async () => {
    const blob = await database.pglite!.dumpDataDir('none')
    const copy = await openDatabase({ loadDataDir: blob as Blob })
    try {
      const [row] = await copy.db.select({ nick: sysUser.nickName }).from(sysUser).where(eq(sysUser.id, 1))
      expect(row!.nick).toBe('settled')
    } finally {
      await copy.close()
    }
  })
})
