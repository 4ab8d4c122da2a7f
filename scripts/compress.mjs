#!/usr/bin/env node
/**
 * node scripts/compress.mjs [dir] [--quiet]   (default dist/h5)
 * Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy next to each text asset of an H5 build, so the
 * server sends them as they are (@fastify/static preCompressed, server/src/app.ts) instead of compressing on every
 * request or not at all. Files under 1 KB and copies that would not be smaller are skipped. A copy newer than its
 * source is kept, so a second run only does what the first did not finish. Each copy is written to a temporary name
 * and renamed, so a server that runs meanwhile never sends half a file: `npm run build:h5` compresses at the end of
 * the build; `npm start` serves the first page first and compresses in the background (scripts/lib.mjs).
 */
import { readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const TEXT = /\.(?:js|css|html|svg|json|txt|map)$/
const MIN_BYTES = 1024

function* files(dir) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name)
    if (e.isDirectory()) yield* files(p)
    else yield p
  }
}

function statSafe(p) {
  try {
    return statSync(p)
  } catch {
    return null
  }
}

function writeAtomic(file, body) {
  const tmp = `${file}.${process.pid}.tmp`
  writeFileSync(tmp, body)
  renameSync(tmp, file)
}

/** Compresses every text asset under dir; returns how many files and bytes before and after (brotli). */
export function compressDir(dir) {
  const out = { files: 0, raw: 0, br: 0, gz: 0, kept: 0 }
  for (const f of files(dir)) {
    if (f.endsWith('.tmp')) {
      rmSync(f, { force: true })
      continue
    }
    if (f.endsWith('.br') || f.endsWith('.gz')) {
      // a copy left from an earlier build in the same directory: dropped unless its source is still there
      const src = f.slice(0, -3)
      if (!statSafe(src)) rmSync(f)
      continue
    }
    if (!TEXT.test(f)) continue
    const st = statSync(f)
    if (st.size < MIN_BYTES) continue
    const done = (ext) => (statSafe(`${f}${ext}`)?.mtimeMs ?? -1) >= st.mtimeMs
    if (done('.br') && done('.gz')) {
      out.kept++
      continue
    }
    const buf = readFileSync(f)
    const br = brotliCompressSync(buf, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: buf.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    })
    const gz = gzipSync(buf, { level: 9 })
    if (br.length < buf.length) writeAtomic(`${f}.br`, br)
    if (gz.length < buf.length) writeAtomic(`${f}.gz`, gz)
    out.files++
    out.raw += buf.length
    out.br += Math.min(br.length, buf.length)
    out.gz += Math.min(gz.length, buf.length)
  }
  return out
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
  const args = process.argv.slice(2)
  const dir = path.resolve(root, args.find((a) => !a.startsWith('--')) ?? path.join('dist', 'h5'))
  const started = Date.now()
  const r = compressDir(dir)
  const mb = (n) => `${(n / 1024 / 1024).toFixed(1)} MB`
  if (!args.includes('--quiet') || r.files > 0)
    console.log(
      `compress: ${r.files} files in ${path.relative(root, dir) || dir}, ${mb(r.raw)} -> ${mb(r.br)} brotli, ${mb(r.gz)} gzip (${((Date.now() - started) / 1000).toFixed(1)} s${r.kept ? `; ${r.kept} already done` : ''})`,
    )
}
