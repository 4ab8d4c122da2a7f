import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../server/src/db'
import { acquireDirLock } from '../../server/src/db/lock'

describe('PGlite data dir lock', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-lock-'))
  const dataDir = path.join(dir, 'pglite')
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

  it('refuses a second open while the first is alive, and frees the dir on close', async () => {
    const first = await openDatabase({ dataDir })
    try {
      expect(fs.readFileSync(`${dataDir}.lock`, 'utf8')).toBe(String(process.pid))
      await expect(openDatabase({ dataDir })).rejects.toThrow(/in use by process/)
    } finally {
      await first.close()
    }
    expect(fs.existsSync(`${dataDir}.lock`)).toBe(false)
  })

  it('takes over a stale lock of a dead process', () => {
    const other = path.join(dir, 'other')
    fs.writeFileSync(`${other}.lock`, '999999999')
    const lock = acquireDirLock(other)
    expect(fs.readFileSync(`${other}.lock`, 'utf8')).toBe(String(process.pid))
    lock.release()
    expect(fs.existsSync(`${other}.lock`)).toBe(false)
  })
})
