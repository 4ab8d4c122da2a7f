/**
 * kill -9 with PGlite in a worker thread: every write the thread acknowledged is there when the data dir opens again.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { openDatabase } from '../../server/src/db'

const root = fileURLToPath(new URL('../../', import.meta.url))

it('keeps every acknowledged write after kill -9 of the process', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-kill-'))
  try {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'tests/server/fixtures/thread-writer.ts'), path.join(dir, 'db'), '500'],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    )
    let acked = 0
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (b: Buffer) => {
        for (const m of b.toString().matchAll(/ACK (\d+)/g)) acked = Math.max(acked, Number(m[1]))
        // kill in the middle of the writes, not after them
        if (acked >= 40 && child.exitCode === null) {
          child.kill('SIGKILL')
          resolve()
        }
      })
      child.once('exit', (code) => (acked >= 40 ? resolve() : reject(new Error(`writer exited (${code}) at ${acked}`))))
    })
    await new Promise((r) => (child.exitCode !== null || child.signalCode !== null ? r(null) : child.once('exit', r)))
    // the dir lock of the killed process is stale: its pid is gone
    const database = await openDatabase({ dataDir: path.join(dir, 'db') })
    try {
      const r = await database.db.execute(sql`select count(*)::int as n, coalesce(max(n), 0)::int as top from acks`)
      const row = (r as unknown as { rows: { n: number; top: number }[] }).rows[0]!
      expect(row.top).toBeGreaterThanOrEqual(acked)
      expect(row.n).toBe(row.top)
    } finally {
      await database.close()
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}, 120_000)
