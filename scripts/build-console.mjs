#!/usr/bin/env node
/**
 * node scripts/build-console.mjs [--if-stale]
 * The staff console (console/, React 18) into dist/console: a minified ES module entry, the lazy chunks it imports
 * (the live console with socket.io-client; hls.js for its preview) and one stylesheet, hashed names under assets/,
 * and index.html naming the entry and the stylesheet. A small esbuild build of its own, never part of the Taro
 * builds and never imported by the learner app (docs/DECISIONS.md "Console"). --if-stale: only when the output
 * is missing or older than one of the files the last build read (its inputs are kept in dist/console/.inputs.json).
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const outDir = path.join(root, 'dist', 'console')
const inputsFile = path.join(outDir, '.inputs.json')
/** what every build depends on besides the files the bundle reads */
const ALWAYS = ['console/index.html', 'console/tsconfig.json', 'package.json', 'scripts/build-console.mjs']

/** True when dist/console is missing or one of the inputs of its last build changed since. */
export function consoleIsStale() {
  const marker = path.join(outDir, 'index.html')
  if (!existsSync(marker) || !existsSync(inputsFile)) return true
  const built = statSync(marker).mtimeMs
  let inputs
  try {
    inputs = JSON.parse(readFileSync(inputsFile, 'utf8'))
  } catch {
    return true
  }
  return [...ALWAYS, ...inputs].some((f) => {
    const p = path.join(root, f)
    return !existsSync(p) || statSync(p).mtimeMs > built
  })
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`

export async function buildConsole() {
  const started = Date.now()
  const tmp = path.join(root, 'dist', `.console-${process.pid}`)
  rmSync(tmp, { recursive: true, force: true })
  mkdirSync(path.join(tmp, 'assets'), { recursive: true })
  const result = await build({
    absWorkingDir: root,
    entryPoints: { main: 'console/src/main.tsx' },
    bundle: true,
    minify: true,
    // ES modules with splitting: the live console and hls.js are chunks loaded when first used, not in the entry
    format: 'esm',
    splitting: true,
    target: ['es2020', 'chrome80', 'safari13', 'firefox78'],
    outdir: path.join(tmp, 'assets'),
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    assetNames: '[name]-[hash]',
    jsx: 'automatic',
    tsconfig: path.join(root, 'console', 'tsconfig.json'),
    define: { 'process.env.NODE_ENV': '"production"' },
    legalComments: 'none',
    metafile: true,
    logLevel: 'warning',
  })
  const outputs = Object.keys(result.metafile.outputs).map((f) => path.resolve(root, f))
  const [entryKey, entry] = Object.entries(result.metafile.outputs).find(
    ([f, o]) => o.entryPoint === 'console/src/main.tsx' && f.endsWith('.js'),
  ) ?? [undefined, undefined]
  const js = entryKey && path.resolve(root, entryKey)
  // chunks the entry imports statically load with it (code it shares with the lazy ones); the rest load when used
  const eager = new Set(
    (entry?.imports ?? []).filter((i) => i.kind === 'import-statement').map((i) => path.resolve(root, i.path)),
  )
  const chunks = outputs.filter((f) => f.endsWith('.js') && f !== js && !eager.has(f))
  const css = outputs.find((f) => f.endsWith('.css'))
  if (!js) throw new Error('esbuild wrote no script')
  const url = (f) => `/console/assets/${path.basename(f)}`
  const template = readFileSync(path.join(root, 'console', 'index.html'), 'utf8')
  if (!template.includes('<!-- styles -->') || !template.includes('<!-- scripts -->'))
    throw new Error('console/index.html needs the <!-- styles --> and <!-- scripts --> marks')
  const html = template
    .replace('<!-- styles -->', css ? `<link rel="stylesheet" href="${url(css)}">` : '')
    .replace('<!-- scripts -->', `<script type="module" src="${url(js)}"></script>`)
  writeFileSync(path.join(tmp, 'index.html'), html)
  const inputs = Object.keys(result.metafile.inputs)
    .filter((f) => !f.startsWith('node_modules/'))
    .sort()
  writeFileSync(path.join(tmp, '.inputs.json'), `${JSON.stringify(inputs, null, 1)}\n`)
  // swap in whole: a running server never serves an index.html naming assets that are not there yet
  const old = path.join(root, 'dist', `.console-old-${process.pid}`)
  if (existsSync(outDir)) renameSync(outDir, old)
  renameSync(tmp, outDir)
  rmSync(old, { recursive: true, force: true })
  const sizeOf = (f) => {
    const body = readFileSync(path.join(outDir, 'assets', path.basename(f)))
    return `${path.basename(f)} ${kb(body.length)} (${kb(gzipSync(body).length)} gzipped)`
  }
  const sizes = [js, ...eager, css].filter(Boolean).map(sizeOf).join(', ')
  const lazy = chunks.length ? `; lazy chunks: ${chunks.map(sizeOf).join(', ')}` : ''
  console.log(`build: console ${sizes}${lazy} in ${((Date.now() - started) / 1000).toFixed(1)} s -> dist/console`)
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)
if (isMain) {
  if (process.argv.includes('--if-stale') && !consoleIsStale()) process.exit(0)
  buildConsole().catch((e) => {
    console.error(`build: console failed: ${e instanceof Error ? e.message : e}`)
    process.exit(1)
  })
}
