// `npm start`: the product on one port — the server with its embedded database, the built H5 app and the staff
// console. On a fresh clone it installs and builds first, doing side by side what does not depend on each other
// (README "Commands"; docs/DECISIONS.md "First start"):
//   1. Debian's nginx + RTMP module + ffmpeg for live video through apt, when missing, beside steps 2-3 (never fatal);
//   2. the npm dependencies the product runs and builds with (`npm ci --omit=dev`), when missing or stale;
//   3. the H5 app and the console when missing or older than their sources, and meanwhile the server, which opens
//      the database, migrates and seeds the demo schools, then waits for the builds (START_GATE, server/src/main.ts);
//   4. once the builds are done the server serves; once it answers, the H5 assets' brotli/gzip copies are written
//      in the background.
// A warm start (nothing changed) goes straight to the server. PORT, HOST and DATA_DIR are passed to it as they are.
import { spawn } from 'node:child_process'
import { rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildIsStale, ensureBuild, ensureConsole, ensureDeps, ensureLiveTools, root } from './lib.mjs'

const started = Date.now()
const took = () => `${((Date.now() - started) / 1000).toFixed(0)} s`
let server
let compressor
const fail = (msg) => {
  console.error(`[start] ${msg}`)
  server?.kill()
  process.exit(1)
}

const live = ensureLiveTools()
await ensureDeps({ dev: false })

const port = Number(process.env.PORT || 8080)
const host = !process.env.HOST || ['0.0.0.0', '::'].includes(process.env.HOST) ? '127.0.0.1' : process.env.HOST
// (build-console.mjs imports esbuild: only once the dependencies are there)
const { consoleIsStale } = await import('./build-console.mjs')
const building = buildIsStale('h5') || consoleIsStale()
const gate = join(tmpdir(), `learn-exam-start-${process.pid}`)
rmSync(gate, { force: true })
console.log(
  building
    ? `[start] the server opens, migrates and seeds the database while the apps build (${took()} since npm start) ...`
    : `[start] starting the server on port ${port} ...`,
)
server = spawn(join(root, 'node_modules', '.bin', 'tsx'), [join(root, 'server', 'src', 'main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, START_GATE: building ? gate : '' },
})
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => server.kill(signal))
server.on('exit', (code, signal) => {
  rmSync(gate, { force: true })
  compressor?.kill()
  process.exit(code ?? (signal ? 1 : 0))
})

const [h5, consoleBuild] = await Promise.all([ensureBuild('h5', { compress: false }), ensureConsole()])
if (h5 !== 0) fail('the H5 build failed')
if (consoleBuild !== 0) fail('the console build failed')
await live
if (building) writeFileSync(gate, '')

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
while (!(await answers())) await new Promise((r) => setTimeout(r, 200))
rmSync(gate, { force: true })
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
