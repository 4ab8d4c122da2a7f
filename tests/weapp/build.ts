import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
export const WEAPP = path.join(ROOT, 'dist', 'weapp')

/** Build dist/weapp (scripts/build.mjs) when it is missing. */
export function ensureWeappBuild(): void {
  if (existsSync(path.join(WEAPP, 'app.json'))) return
  const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'build.mjs'), '--type', 'weapp'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  if (r.status !== 0) throw new Error('weapp build failed')
}
