// Shared by `npm start` and `npm test`: install what is missing, so a fresh clone needs nothing first.
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const stampFile = join(root, 'node_modules', '.deps-stamp')

export function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...opts, env: { ...process.env, ...opts.env } })
  return r.status ?? 1
}

function depsHash() {
  const h = createHash('sha256')
  for (const f of ['package.json', 'package-lock.json']) {
    const p = join(root, f)
    if (existsSync(p)) h.update(readFileSync(p))
  }
  return h.digest('hex')
}

/** npm dependencies when absent or stale (package.json / lock changed since the last install). */
export function ensureDeps() {
  const want = depsHash()
  const have = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : ''
  if (have === want && existsSync(join(root, 'node_modules', '.bin', 'taro'))) return
  console.log('[deps] installing npm dependencies ...')
  // `npm ci` fails on Taro's unpublished optional binding packages (TOOLCHAIN.md): npm install honours the lock.
  const code = run('npm', ['install', '--no-audit', '--no-fund'])
  if (code !== 0) {
    console.error('[deps] npm install failed')
    process.exit(code)
  }
  writeFileSync(stampFile, depsHash())
}

export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium'

/** Debian's Chromium for the browser tests (the only browser that installs here). */
export function ensureChromium() {
  if (existsSync(chromiumPath)) return true
  console.log('[deps] installing chromium through apt ...')
  const sudo = process.getuid && process.getuid() === 0 ? [] : ['sudo']
  const env = { DEBIAN_FRONTEND: 'noninteractive' }
  const a = sudo.length ? 'sudo' : 'apt-get'
  const pre = sudo.length ? ['apt-get'] : []
  if (
    run(a, [...pre, 'update', '-qq'], { env }) !== 0 ||
    run(a, [...pre, 'install', '-y', '-qq', 'chromium', 'fonts-wqy-microhei'], { env }) !== 0
  ) {
    console.error('[deps] could not install chromium: the browser tests will fail')
    return false
  }
  return existsSync(chromiumPath)
}

const sources = ['src', 'config', 'contract', 'babel.config.js', 'package.json']

function newestMtime(p) {
  const st = statSync(p)
  if (!st.isDirectory()) return st.mtimeMs
  let m = st.mtimeMs
  for (const e of readdirSync(p)) m = Math.max(m, newestMtime(join(p, e)))
  return m
}

/** Builds the app (h5 or weapp) when its output is missing or older than its sources. */
export function ensureBuild(type) {
  const marker = join(root, 'dist', type, type === 'h5' ? 'index.html' : 'app.json')
  if (existsSync(marker)) {
    const built = statSync(marker).mtimeMs
    const src = Math.max(...sources.filter((s) => existsSync(join(root, s))).map((s) => newestMtime(join(root, s))))
    if (built >= src) return 0
  }
  console.log(`[build] building the ${type} app ...`)
  return run(process.execPath, [join(root, 'scripts', 'build.mjs'), '--type', type])
}
