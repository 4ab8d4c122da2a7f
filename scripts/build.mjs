#!/usr/bin/env node
/**
 * node scripts/build.mjs --type h5|weapp [--tenant <name>] [--no-compress]
 * node scripts/build.mjs --type console   (the staff console: scripts/build-console.mjs)
 * Production build of one platform for one tenant (config/tenants/<name>.ts). Without --tenant the
 * default tenant (demo-a) builds into dist/<type>; a named tenant into dist/tenants/<name>/<type>.
 * A weapp build gets a project.config.json carrying the tenant's appid.
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { compressDir } from './compress.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const TYPES = ['h5', 'weapp']

function arg(name) {
  const argv = process.argv.slice(2)
  const i = argv.indexOf(`--${name}`)
  if (i >= 0) return argv[i + 1]
  const eq = argv.find((a) => a.startsWith(`--${name}=`))
  return eq ? eq.slice(name.length + 3) : undefined
}

function fail(msg) {
  console.error(`build: ${msg}`)
  process.exit(1)
}

const type = arg('type')
const tenant = arg('tenant')
// the staff console: a small esbuild build of its own, one for every tenant (docs/DECISIONS.md "Console")
if (type === 'console') {
  const r = spawnSync(process.execPath, [path.join(root, 'scripts', 'build-console.mjs')], { stdio: 'inherit' })
  process.exit(r.status ?? 1)
}
if (!type || !TYPES.includes(type)) fail(`--type must be one of ${TYPES.join(', ')}, console`)
if (tenant !== undefined && !/^[a-z0-9-]+$/.test(tenant)) fail(`invalid tenant name: ${tenant}`)
const tenantName = tenant || 'demo-a'
const tenantFile = path.join(root, 'config', 'tenants', `${tenantName}.ts`)
if (!existsSync(tenantFile)) fail(`no tenant file config/tenants/${tenantName}.ts`)

const outDir = tenant ? path.join('dist', 'tenants', tenant, type) : path.join('dist', type)
const env = { ...process.env, NODE_ENV: 'production' }
if (tenant) env.TARO_APP_TENANT = tenant
else delete env.TARO_APP_TENANT

const taro = path.join(root, 'node_modules', '.bin', 'taro')
const started = Date.now()
const status = process.env.BUILD_PROGRESS === 'lines' ? await quietBuild() : runBuild()
if (status !== 0) fail(`taro build --type ${type} failed (exit ${status})`)

function runBuild() {
  const r = spawnSync(taro, ['build', '--type', type], { cwd: root, env, stdio: 'inherit' })
  return r.status ?? 1
}

/**
 * `npm start` / `npm test` (BUILD_PROGRESS=lines): the build's percentage lines (config/index.ts), its warnings and
 * errors, without Taro's banner, spinner and webpack's list of every asset.
 */
function quietBuild() {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour and cursor sequences
  const ansi = /\u001b\[[0-9;?]*[A-Za-z]/g
  const noise =
    /^(\s*$|👽 Taro|Tips:|\d+\. 建议开启|- 即将开始|\s*(assets by|asset |\+ \d+ assets?|Entrypoint |orphan modules|runtime modules|cacheable modules|modules by|javascript modules|css modules)|webpack \d[\d.]* compiled|ℹ Stats|\(node:\d+\) |\(Use `node --trace)/u
  return new Promise((resolve) => {
    const child = spawn(taro, ['build', '--type', type], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] })
    for (const stream of [child.stdout, child.stderr]) {
      let rest = ''
      stream.setEncoding('utf8')
      stream.on('data', (chunk) => {
        const lines = (rest + chunk).split(/\r?\n/)
        rest = lines.pop() ?? ''
        for (const raw of lines) {
          const line = raw.replace(ansi, '')
          if (!noise.test(line)) console.log(line)
        }
      })
    }
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
  })
}

if (type === 'weapp') {
  // The tenant file is TypeScript; read the appid with a regex rather than compiling it.
  const m = readFileSync(tenantFile, 'utf8').match(/appId:\s*['"]([^'"]+)['"]/)
  if (!m) fail(`no appId in config/tenants/${tenantName}.ts`)
  const base = JSON.parse(readFileSync(path.join(root, 'project.config.json'), 'utf8'))
  const project = {
    ...base,
    miniprogramRoot: './',
    appid: m[1],
    description: `${base.description ?? ''}`.replace(/demo-a/, tenantName),
  }
  writeFileSync(path.join(root, outDir, 'project.config.json'), `${JSON.stringify(project, null, 2)}\n`)
}
if (type === 'h5' && !process.argv.includes('--no-compress')) {
  // brotli + gzip copies of the assets, sent as they are by the server (docs/DECISIONS.md "First load"); `npm start`
  // passes --no-compress and has them written in the background once the first page is served (scripts/lib.mjs)
  const c = compressDir(path.join(root, outDir))
  console.log(
    `build: compressed ${c.files} assets (${(c.raw / 1024).toFixed(0)} KB -> ${(c.br / 1024).toFixed(0)} KB brotli)`,
  )
}
console.log(`build: ${type} for tenant ${tenantName} in ${((Date.now() - started) / 1000).toFixed(1)} s -> ${outDir}`)
