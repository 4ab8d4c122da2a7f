/**
 * On weapp, Taro's page loader keeps only a page file's default export: anything else another file imports
 * from a page is undefined there (H5 and jsdom would not notice). Shared parts live in sibling modules.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'

function pageFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name)
    if (statSync(full).isDirectory()) return pageFiles(full)
    if (!name.endsWith('.config.ts')) return []
    const base = full.slice(0, -'.config.ts'.length)
    return ['.tsx', '.ts']
      .map((ext) => base + ext)
      .filter((f) => {
        try {
          return statSync(f).isFile()
        } catch {
          return false
        }
      })
  })
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name)
    if (statSync(full).isDirectory()) return sourceFiles(full)
    return /\.tsx?$/.test(name) ? [full] : []
  })
}

describe('page files', () => {
  const roots = readdirSync('src').filter((d) => /^pages\d?$/.test(d))
  const pages = new Set(roots.flatMap((r) => pageFiles(join('src', r))))

  it('finds the pages', () => {
    expect(pages.size).toBeGreaterThan(60)
  })

  it('are imported by other source files for their default export only', () => {
    const offenders: string[] = []
    for (const file of sourceFiles('src')) {
      const text = readFileSync(file, 'utf8')
      for (const m of text.matchAll(/import\s+(type\s+)?([^'";]*?)\s+from\s+'([^']+)'/g)) {
        const [, typeOnly, clause, spec] = m
        if (typeOnly || !clause.includes('{')) continue
        const base = spec.startsWith('@/')
          ? join('src', spec.slice(2))
          : spec.startsWith('.')
            ? join(dirname(file), spec)
            : ''
        const target = ['.tsx', '.ts'].map((ext) => base + ext).find((f) => pages.has(f))
        const named = clause
          .replace(/^[^{]*\{|\}.*$/g, '')
          .split(',')
          .map((n) => n.trim())
          .filter((n) => n && !n.startsWith('type '))
        if (target && named.length > 0) offenders.push(`${file} imports { ${named.join(', ')} } from ${target}`)
      }
    }
    expect(offenders).toEqual([])
  })
})
