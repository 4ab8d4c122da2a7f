/**
 * A page's stylesheet arrives with the modules it imports: a page that uses the form kit's `.form-submit` button
 * without importing the kit (or its stylesheet) shows a grey system button whenever it is the first page
 * loaded — a reload, or coming back from the payment page (H5 loads each page's CSS with its chunk).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const SRC = resolve('src')
const KIT = [join(SRC, 'components/form/index.tsx'), join(SRC, 'components/form/index.scss')]

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name)
    if (statSync(full).isDirectory()) return sourceFiles(full)
    return /\.tsx?$/.test(name) ? [full] : []
  })
}

function resolveImport(from: string, spec: string): string | undefined {
  const base = spec.startsWith('@/') ? join(SRC, spec.slice(2)) : resolve(dirname(from), spec)
  for (const f of [base, `${base}.tsx`, `${base}.ts`, join(base, 'index.tsx'), join(base, 'index.ts')])
    if (existsSync(f) && statSync(f).isFile()) return f
  return undefined
}

/** Every local module (and stylesheet) a file pulls in, transitively. */
function closure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen
  seen.add(file)
  if (!/\.tsx?$/.test(file)) return seen
  const text = readFileSync(file, 'utf8')
  for (const m of text.matchAll(/^import\s+(?:type\s+)?(?:[^'"]*?from\s+)?['"]([^'"]+)['"]/gm)) {
    const spec = m[1]!
    if (!spec.startsWith('@/') && !spec.startsWith('.')) continue
    if (/^import\s+type\s/.test(m[0])) continue
    const target = resolveImport(file, spec)
    if (target) closure(target, seen)
  }
  return seen
}

describe('the form kit stylesheet', () => {
  const users = sourceFiles(SRC).filter(
    (f) =>
      !f.includes(`${join('components', 'form')}`) && /className=[^>]*\bform-submit\b/.test(readFileSync(f, 'utf8')),
  )

  it('finds the pages with a .form-submit button', () => {
    expect(users.length).toBeGreaterThan(5)
    expect(users.some((f) => f.endsWith(join('order', 'orders', 'confirm_pay.tsx')))).toBe(true)
  })

  it.each(users.map((f) => [f.slice(SRC.length + 1), f]))('%s loads the kit stylesheet it uses', (_, file) => {
    const pulled = closure(file)
    expect(KIT.some((k) => pulled.has(k))).toBe(true)
  })
})
