// `npm start`: the product on one port — the server with its embedded database, the built H5 app and the staff
// console. On a fresh clone it installs and builds first, doing side by side what does not depend on each other
// (README "Commands"; docs/DECISIONS.md "First start"):
//   1. Debian's nginx + RTMP module + ffmpeg for live video through apt, when missing, beside steps 2-3 (never fatal);
//   2. the npm dependencies the product runs and builds with (`npm ci --omit=dev`), when missing or stale;
//   3. the H5 app and the console when missing or older than their sources, and meanwhile the database's migrations
//      and the demo schools' seed (`main.ts --prepare`);
//   4. the server; once it answers, the H5 assets' brotli/gzip copies are written in the background.
// A warm start (nothing changed) goes straight to 4. PORT, HOST and DATA_DIR are passed to the server as they are.
import { spawn } from 'node:child_process'
import http from 'node:http'
import { join } from 'node:path'
import { buildIsStale, ensureBuild, ensureConsole, ensureDeps, ensureLiveTools, root, runAsync } from './lib.mjs'

const started = Date.now()
const took = () => `${((Date.now() - started) / 1000).toFixed(0)} s`
const fail = (msg) => {
  console.error(`[start] ${msg}`)
  process.exit(1)
}

const live = ensureLiveTools()
await ensureDeps({ dev: false })
const tsx = join(root, 'node_modules', '.bin', 'tsx')
const main = join(root, 'server', 'src', 'main.ts')
// while the H5 app builds (mostly one core), the database is migrated and seeded on the other; on a warm start
// there is nothing to build and the server's own start migrates (a no-op) as always
const building = buildIsStale('h5')
const [h5, consoleBuild, db] = await Promise.all([
  ensureBuild('h5', { compress: false }),
  ensureConsole(),
  building ? runAsync(tsx, [main, '--prepare']) : 0,
])
if (h5 !== 0) fail('the H5 build failed')
if (consoleBuild !== 0) fail('the console build failed')
if (db !== 0) fail('the database could not be prepared (see above)')
await live

const port = Number(process.env.PORT || 8080)
const host = !process.env.HOST || ['0.0.0.0', '::'].includes(process.env.HOST) ? '127.0.0.1' : process.env.HOST
console.log(`[start] starting the server on port ${port} (${took()} since npm start) ...`)
const server = spawn(tsx, [main], {
  cwd: root,
  stdio: 'inherit',
})
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => server.kill(signal))
let compressor
server.on('exit', (code, signal) => {
  compressor?.kill()
  process.exit(code ?? (signal ? 1 : 0))
})

/** GET / of the server until it answers (or the server exits). */
function answers() {
  return new Promise((resolve) => {
    const req = http.get({ host, port, path: '/', timeout: 2000 }, (res) => {
      res.resume()
      resolve(res.statusCode === 200)
    })
    req.on('error', () => resolve(false))
    req.on('timeout', () => {
      req.destroy()
      resolve(false)
    })
  })
}
while (!(await answers())) await new Promise((r) => setTimeout(r, 300))
console.log(`[start] ready after ${took()}: http://${host}:${port}/ (staff console: /console/)`)

// brotli/gzip copies of the H5 assets, at low priority, after the first page (scripts/compress.mjs skips what is done)
compressor = spawn(
  'nice',
  ['-n', '15', process.execPath, join(root, 'scripts', 'compress.mjs'), 'dist/h5', '--quiet'],
  {
    cwd: root,
    stdio: 'inherit',
  },
)
compressor.on('error', () => {})
