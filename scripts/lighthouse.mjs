#!/usr/bin/env node
/**
 * npm run lighthouse: Lighthouse (npm, default mobile preset: simulated 4x CPU slowdown, slow 4G) against Debian's
 * Chromium on the H5 home page, the purchase centre tab and the question-bank tab, for each demo tenant's host.
 * Starts the server itself (embedded database in a throw-away data dir) on a free port with the built H5 app
 * (built first when missing or stale), and prints performance, accessibility, LCP, CLS and TBT per page.
 * A benchmark: it prints figures and passes no verdict (targets: README "Figures").
 *
 *   node scripts/lighthouse.mjs [--runs N] [--host a.xuexi-demo.com] [--page /pages/course/index]
 * --runs N: N runs per page, the row shows the run with the median performance score (default 1).
 * --save DIR: also writes each run's full Lighthouse report (JSON) into DIR, for a closer look.
 * --no-build: measures dist/h5 as it is, even when the sources are newer.
 * STATIC_DIR=dir (with --no-build): measures another copy of the H5 build, as `npm start` would serve it.
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { launch } from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { chromiumPath, ensureBuild, ensureChromium, root } from './lib.mjs'

// the demo tenants' hosts (server/src/seed/data.ts); Chromium maps them to loopback, as the browser tests do
const HOSTS = ['a.xuexi-demo.com', 'b.xuexi-demo.cn']
// home, purchase centre (选课中心) and question bank tabs (src/app.config.ts)
const PAGES = [
  { name: 'home', path: '/' },
  { name: 'purchase centre', path: '/pages/course/index' },
  { name: 'question bank', path: '/pages/questionBank/index' },
]

function argValues(name) {
  const argv = process.argv.slice(2)
  const out = []
  argv.forEach((a, i) => {
    if (a === `--${name}` && argv[i + 1]) out.push(argv[i + 1])
    else if (a.startsWith(`--${name}=`)) out.push(a.slice(name.length + 3))
  })
  return out
}

const saveDir = argValues('save')[0]
const runs = Math.max(1, Number(argValues('runs')[0] ?? 1) || 1)
const hosts = argValues('host').length ? argValues('host') : HOSTS
const pages = argValues('page').length
  ? argValues('page').map((p) => PAGES.find((x) => x.path === p) ?? { name: p, path: p })
  : PAGES

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address()
      srv.close(() => resolve(port))
    })
  })
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

async function startServer(port) {
  const dataDir = mkdtempSync(join(tmpdir(), 'lighthouse-data-'))
  const logs = []
  const child = spawn(join(root, 'node_modules', '.bin', 'tsx'), [join(root, 'server', 'src', 'main.ts')], {
    cwd: root,
    // the embedded database as `npm start` uses it, in a fresh seeded data dir; rate limits out of the way
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const keep = (b) => logs.push(...b.toString().split('\n').filter(Boolean))
  child.stdout.on('data', keep)
  child.stderr.on('data', keep)
  const stop = async () => {
    child.kill('SIGTERM')
    for (let i = 0; i < 30 && child.exitCode === null; i++) await sleep(100)
    if (child.exitCode === null) child.kill('SIGKILL')
    rmSync(dataDir, { recursive: true, force: true })
  }
  const end = Date.now() + 120_000
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${logs.join('\n')}`)
    try {
      const r = await fetch(`http://127.0.0.1:${port}/api/app/common/findTenantId?hostH5=${HOSTS[0]}`)
      if (r.ok) return { stop }
    } catch {}
    await sleep(300)
  }
  await stop()
  throw new Error(`the server did not answer in 120 s:\n${logs.join('\n')}`)
}

async function audit(url, chromePort, name) {
  const { lhr } = await lighthouse(url, {
    port: chromePort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
  })
  if (saveDir) {
    mkdirSync(saveDir, { recursive: true })
    writeFileSync(join(saveDir, `${name}.json`), JSON.stringify(lhr))
  }
  const num = (id) => lhr.audits[id]?.numericValue ?? Number.NaN
  const failed = (lhr.categories.accessibility.auditRefs ?? [])
    .filter((r) => r.weight > 0 && lhr.audits[r.id]?.score === 0)
    .map((r) => r.id)
  return {
    performance: lhr.categories.performance.score,
    accessibility: lhr.categories.accessibility.score,
    lcp: num('largest-contentful-paint'),
    cls: num('cumulative-layout-shift'),
    tbt: num('total-blocking-time'),
    fcp: num('first-contentful-paint'),
    a11yFailed: failed,
    error: lhr.runtimeError?.message,
  }
}

async function main() {
  if (!process.argv.includes('--no-build') && (await ensureBuild('h5')) !== 0) throw new Error('the H5 build failed')
  const staticDir = process.env.STATIC_DIR || join(root, 'dist', 'h5')
  if (!existsSync(join(staticDir, 'index.html'))) throw new Error(`${staticDir}/index.html is missing`)
  if (!ensureChromium()) throw new Error(`no Chromium at ${chromiumPath}`)
  const port = await freePort()
  const server = await startServer(port)
  const chrome = await launch({
    chromePath: chromiumPath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      `--host-resolver-rules=${HOSTS.map((h) => `MAP ${h} 127.0.0.1`).join(', ')}`,
    ],
  })
  const rows = []
  try {
    for (const host of hosts)
      for (const page of pages) {
        const url = `http://${host}:${port}${page.path}`
        const results = []
        for (let i = 0; i < runs; i++)
          results.push(await audit(url, chrome.port, `${host}-${page.name.replace(/\W+/g, '-')}-${i + 1}`))
        results.sort((a, b) => a.performance - b.performance)
        const r = results[Math.floor((results.length - 1) / 2)]
        rows.push({ host, page: page.name, ...r })
        process.stderr.write(`[lighthouse] ${host}${page.path} done\n`)
      }
  } finally {
    await chrome.kill()
    await server.stop()
  }

  const cols = [
    ['host', 18, (r) => r.host],
    ['page', 16, (r) => r.page],
    ['perf', 5, (r) => r.performance.toFixed(2)],
    ['a11y', 5, (r) => r.accessibility.toFixed(2)],
    ['FCP s', 6, (r) => (r.fcp / 1000).toFixed(2)],
    ['LCP s', 6, (r) => (r.lcp / 1000).toFixed(2)],
    ['CLS', 6, (r) => r.cls.toFixed(3)],
    ['TBT ms', 7, (r) => r.tbt.toFixed(0)],
  ]
  console.log(`Lighthouse ${lighthouseVersion()} mobile preset, ${runs} run(s) per page (median by performance)`)
  console.log(cols.map(([h, w]) => h.padEnd(w)).join(' '))
  for (const r of rows) {
    console.log(cols.map(([, w, f]) => String(f(r)).padEnd(w)).join(' '))
    if (r.a11yFailed.length) console.log(`  accessibility audits failed: ${r.a11yFailed.join(', ')}`)
    if (r.error) console.log(`  runtime error: ${r.error}`)
  }
}

function lighthouseVersion() {
  try {
    return JSON.parse(readFileSync(join(root, 'node_modules', 'lighthouse', 'package.json'), 'utf8')).version
  } catch {
    return ''
  }
}

main().catch((err) => {
  console.error(`lighthouse: ${err.message}`)
  process.exit(1)
})
