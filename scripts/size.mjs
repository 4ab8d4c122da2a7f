#!/usr/bin/env node
/**
 * npm run size: bundle budgets (STYLE.md lesson 9).
 * weapp: main package (everything outside a subpackage root) <= 550 KB (issue 15), each subpackage <= 1 MB;
 * H5: the scripts index.html loads first, gzip -9, <= 130 KB. Builds what is missing; exits 1 over budget.
 * `node scripts/size.mjs --json` prints the figures as JSON (used by tests/weapp).
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const KB = 1024
export const BUDGET = { main: 550 * KB, subpackage: 1024 * KB, h5Initial: 130 * KB }

function files(dir) {
  const out = []
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name)
    if (e.isDirectory()) out.push(...files(p))
    else out.push(p)
  }
  return out
}

function ensure(type, marker) {
  if (existsSync(path.join(root, 'dist', type, marker))) return
  const r = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs'), '--type', type], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  if (r.status !== 0) throw new Error(`build of ${type} failed`)
}

export function weappSizes(dir = path.join(root, 'dist', 'weapp')) {
  const app = JSON.parse(readFileSync(path.join(dir, 'app.json'), 'utf8'))
  const roots = (app.subPackages ?? app.subpackages ?? []).map((s) => s.root.replace(/\/$/, ''))
  const subs = Object.fromEntries(roots.map((r) => [r, 0]))
  let main = 0
  for (const f of files(dir)) {
    const rel = path.relative(dir, f).split(path.sep).join('/')
    if (rel === 'project.config.json' || rel === 'project.private.config.json') continue
    const size = statSync(f).size
    const owner = roots.find((r) => rel.startsWith(`${r}/`))
    if (owner) subs[owner] += size
    else main += size
  }
  return { main, subpackages: subs }
}

export function h5Initial(dir = path.join(root, 'dist', 'h5')) {
  const html = readFileSync(path.join(dir, 'index.html'), 'utf8')
  const srcs = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1])
  const scripts = srcs.map((src) => {
    const buf = readFileSync(path.join(dir, src.replace(/^\//, '')))
    return { src, raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length }
  })
  return { scripts, gzip: scripts.reduce((a, s) => a + s.gzip, 0), raw: scripts.reduce((a, s) => a + s.raw, 0) }
}

const kb = (n) => `${(n / KB).toFixed(1)} KB`

function main() {
  ensure('weapp', 'app.json')
  ensure('h5', 'index.html')
  const w = weappSizes()
  const h = h5Initial()
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify({ weapp: w, h5: h, budget: BUDGET }))
    return
  }
  const over = []
  const line = (name, size, budget) => {
    const ok = size <= budget
    if (!ok) over.push(name)
    console.log(`${ok ? 'ok  ' : 'OVER'} ${name.padEnd(24)} ${kb(size).padStart(10)} / ${kb(budget)}`)
  }
  line('weapp main package', w.main, BUDGET.main)
  for (const [name, size] of Object.entries(w.subpackages)) line(`weapp ${name}`, size, BUDGET.subpackage)
  line('h5 initial js (gzip -9)', h.gzip, BUDGET.h5Initial)
  for (const s of h.scripts) console.log(`     ${s.src}  ${kb(s.raw)} raw, ${kb(s.gzip)} gzip`)
  if (over.length) {
    console.error(`size: over budget: ${over.join(', ')}`)
    process.exit(1)
  }
  console.log('size: all within budget')
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) main()
