/**
 * PGlite has no lock between processes: a second process on the same data dir silently loses writes.
 * The data dir is guarded by `<dataDir>.lock` (created with O_EXCL, holds the owner's pid).
 */
import fs from 'node:fs'

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'
  }
}

export interface DirLock {
  path: string
  release(): void
}

export function acquireDirLock(dataDir: string): DirLock {
  const path = `${dataDir.replace(/\/+$/, '')}.lock`
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(path, 'wx')
      fs.writeSync(fd, String(process.pid))
      fs.closeSync(fd)
      let released = false
      const release = () => {
        if (released) return
        released = true
        process.off('exit', release)
        try {
          if (fs.readFileSync(path, 'utf8').trim() === String(process.pid)) fs.unlinkSync(path)
        } catch {
          // already gone
        }
      }
      process.on('exit', release)
      return { path, release }
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e
      const pid = Number.parseInt(fs.readFileSync(path, 'utf8').trim(), 10)
      if (Number.isInteger(pid) && pid > 0 && alive(pid)) {
        throw new Error(
          `database directory ${dataDir} is in use by process ${pid} (lock file ${path}); stop it first or set DATA_DIR`,
        )
      }
      // stale lock (owner died): take over
      fs.rmSync(path, { force: true })
    }
  }
  throw new Error(`could not lock ${dataDir}`)
}
