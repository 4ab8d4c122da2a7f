// Shared by `npm start` and `npm test`: install what is missing, so a fresh clone needs nothing first.
import { spawn, spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const stampFile = join(root, 'node_modules', '.deps-stamp')

export function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...opts, env: { ...process.env, ...opts.env } })
  return r.status ?? 1
}

const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`

/**
 * Runs a command without blocking, so the terminal can say how long a quiet step has been working (a newcomer must
 * not think it hung). With `log`, the command's own output goes to that file and only its last lines are shown when
 * it fails; without, it is shown as it comes. Resolves with the exit code.
 */
export function runAsync(cmd, args, { label, log, env, heartbeatMs = 20_000 } = {}) {
  return new Promise((done) => {
    const started = Date.now()
    let out = null
    if (log) {
      mkdirSync(dirname(log), { recursive: true })
      out = openSync(log, 'w')
    }
    const child = spawn(cmd, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: out === null ? 'inherit' : ['ignore', out, out],
    })
    const beat = label
      ? setInterval(() => console.log(`[${label}] still working, ${seconds(started)} ...`), heartbeatMs)
      : null
    const finish = (code) => {
      if (beat) clearInterval(beat)
      if (out !== null) closeSync(out)
      if (code !== 0 && log && existsSync(log)) {
        const tail = readFileSync(log, 'utf8').trimEnd().split('\n').slice(-25).join('\n')
        console.error(`${tail}\n[${label ?? cmd}] failed (exit ${code}); the whole output is in ${log}`)
      }
      done(code)
    }
    child.on('error', (e) => {
      if (out !== null) writeSync(out, `${e.message}\n`)
      finish(127)
    })
    child.on('close', (code, signal) => finish(code ?? (signal ? 1 : 0)))
  })
}

/** Where the steps of `npm start` / `npm test` keep the full output of the commands they run quietly. */
export const logDir = join(root, '.cache', 'logs')

function depsHash() {
  const h = createHash('sha256')
  for (const f of ['package.json', 'package-lock.json']) {
    const p = join(root, f)
    if (existsSync(p)) h.update(readFileSync(p))
  }
  return h.digest('hex')
}

/**
 * npm dependencies when absent or stale (package.json or the lock changed since the last install). With a lock file
 * it is `npm ci`: exactly what the lock says, and a lock out of step with package.json fails instead of resolving new
 * versions (issue 24). `dev: false` (npm start) leaves out what only the tests and the measuring scripts use;
 * `npm test` installs everything. The stamp in node_modules/.deps-stamp records the hash and which set is there.
 */
export async function ensureDeps({ dev = true } = {}) {
  const hash = depsHash()
  const present = existsSync(join(root, 'node_modules', '.bin', 'taro'))
  // a hand-run `npm ci` wipes the stamp: npm's own record of the tree (node_modules/.package-lock.json, written
  // after the lock) says the install is current, and vitest's presence which set it is
  const hidden = join(root, 'node_modules', '.package-lock.json')
  if (present && !existsSync(stampFile) && existsSync(hidden)) {
    if (statSync(hidden).mtimeMs >= statSync(join(root, 'package-lock.json')).mtimeMs) {
      writeFileSync(stampFile, `${hash} ${existsSync(join(root, 'node_modules', 'vitest')) ? 'all' : 'prod'}\n`)
    }
  }
  const [have, set] = (existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : '').split(' ')
  if (present && have === hash && (set === 'all' || (set === 'prod' && !dev) || set === undefined)) return
  const lock = existsSync(join(root, 'package-lock.json'))
  const args = lock ? ['ci'] : ['install']
  args.push('--no-audit', '--no-fund', '--loglevel=error')
  if (!dev) args.push('--omit=dev')
  const what = dev ? 'every npm dependency' : 'the npm dependencies the product runs and builds with'
  console.log(`[deps] npm ${args[0]}: ${what} (${lock ? 'as package-lock.json says' : 'no lock file'}) ...`)
  const started = Date.now()
  const code = await runAsync('npm', args, { label: 'deps', log: join(logDir, 'npm.log') })
  if (code !== 0) {
    console.error(
      lock
        ? '[deps] npm ci failed. If it says package.json and package-lock.json are not in sync, run `npm install` once and commit the lock.'
        : '[deps] npm install failed',
    )
    process.exit(code)
  }
  writeFileSync(stampFile, `${depsHash()} ${dev ? 'all' : 'prod'}\n`)
  console.log(`[deps] installed in ${seconds(started)}`)
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
 * Chromium). Never fatal: without them the server runs and says at start that live video is unavailable. apt's own
 * output goes to .cache/logs/apt.log; `npm start` runs this beside the npm install and the builds.
 */
export async function ensureLiveTools() {
  const missing = missingLivePackages()
  if (missing.length === 0) return true
  console.log(`[live] installing ${missing.join(', ')} through apt (live video), beside the other steps ...`)
  const started = Date.now()
  const sudo = process.getuid && process.getuid() === 0 ? [] : ['sudo', '-n']
  const env = { DEBIAN_FRONTEND: 'noninteractive' }
  const log = join(logDir, 'apt.log')
  const apt = (args) =>
    sudo.length
      ? runAsync(sudo[0], [...sudo.slice(1), 'apt-get', ...args], { env, log })
      : runAsync('apt-get', args, { env, log })
  const installed =
    (await apt(['update', '-qq'])) === 0 &&
    (await apt(['install', '-y', '-qq', '--no-install-recommends', ...missing])) === 0
  const still = missingLivePackages()
  if (!installed || still.length > 0) {
    console.error(
      `[live] could not install ${still.join(', ')}: live video will be unavailable (the server says why at start); install them with \`sudo apt-get install ${still.join(' ')}\` (apt's output: ${log})`,
    )
    return false
  }
  console.log(`[live] ${missing.join(', ')} installed in ${seconds(started)}`)
  return true
}

const sources = ['src', 'config', 'contract', 'shared', 'babel.config.js', 'package.json']

function newestMtime(p) {
  const st = statSync(p)
  if (!st.isDirectory()) return st.mtimeMs
  let m = st.mtimeMs
  for (const e of readdirSync(p)) m = Math.max(m, newestMtime(join(p, e)))
  return m
}

/** True when the app's build (h5 or weapp) is missing or older than its sources. */
export function buildIsStale(type) {
  const marker = join(root, 'dist', type, type === 'h5' ? 'index.html' : 'app.json')
  if (!existsSync(marker)) return true
  const built = statSync(marker).mtimeMs
  const src = Math.max(...sources.filter((s) => existsSync(join(root, s))).map((s) => newestMtime(join(root, s))))
  return built < src
}

/**
 * Builds the app (h5 or weapp) when its output is missing or older than its sources; resolves with the exit code.
 * `compress: false` leaves the H5 build's brotli/gzip copies to `compressInBackground` (npm start).
 */
export async function ensureBuild(type, { compress = true } = {}) {
  if (!buildIsStale(type)) return 0
  console.log(`[build] building the ${type} app (one to a few minutes; a line every few seconds) ...`)
  const args = [join(root, 'scripts', 'build.mjs'), '--type', type]
  if (!compress) args.push('--no-compress')
  return runAsync(process.execPath, args, { env: { BUILD_PROGRESS: 'lines' } })
}

/** The staff console's build when missing or stale (scripts/build-console.mjs); resolves with the exit code. */
export function ensureConsole() {
  return runAsync(process.execPath, [join(root, 'scripts', 'build-console.mjs'), '--if-stale'])
}
