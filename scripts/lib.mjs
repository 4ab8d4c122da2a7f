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

// ---- live video: Debian nginx + libnginx-mod-rtmp (RTMP in, HLS out) and ffmpeg (recordings -> playback) ----
const RTMP_MODULE = '/usr/lib/nginx/modules/ngx_rtmp_module.so'
const onPath = (cmd) =>
  [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/sbin'].some((d) => d && existsSync(join(d, cmd)))

/** What live video lacks on this machine: Debian package names (empty when nothing is missing). */
export function missingLivePackages() {
  const missing = []
  if (!onPath('nginx')) missing.push('nginx')
  if (!existsSync(RTMP_MODULE)) missing.push('libnginx-mod-rtmp')
  if (!onPath('ffmpeg')) missing.push('ffmpeg')
  return missing
}

/**
 * nginx, its RTMP module and ffmpeg for the local live provider, installed through apt when missing (like
 * Chromium). Never fatal: without them the server runs and says at start that live video is unavailable.
 */
export function ensureLiveTools() {
  const missing = missingLivePackages()
  if (missing.length === 0) return true
  console.log(`[deps] installing ${missing.join(', ')} through apt (live video) ...`)
  const sudo = process.getuid && process.getuid() === 0 ? [] : ['sudo', '-n']
  const env = { DEBIAN_FRONTEND: 'noninteractive' }
  const apt = (args) =>
    sudo.length ? run(sudo[0], [...sudo.slice(1), 'apt-get', ...args], { env }) : run('apt-get', args, { env })
  if (apt(['update', '-qq']) !== 0 || apt(['install', '-y', '-qq', '--no-install-recommends', ...missing]) !== 0) {
    console.error(
      `[deps] could not install ${missing.join(', ')}: live video will be unavailable (the server says why at start); install them with \`sudo apt-get install ${missing.join(' ')}\``,
    )
    return false
  }
  const still = missingLivePackages()
  if (still.length > 0)
    console.error(`[deps] still missing after apt: ${still.join(', ')}: live video will be unavailable`)
  return still.length === 0
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
