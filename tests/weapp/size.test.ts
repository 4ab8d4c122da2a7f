import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import zhCommon from '../../shared/i18n/zh-CN/common'
import zhPages from '../../shared/i18n/zh-CN/pages'
import zhRefusals from '../../shared/i18n/zh-CN/refusals'
import zhSub from '../../shared/i18n/zh-CN/sub'
import { ensureWeappBuild, ROOT, WEAPP } from './build'

type Sizes = { main: number; subpackages: Record<string, number> }
let sizes: Sizes
let budget: { main: number; subpackage: number }

beforeAll(async () => {
  ensureWeappBuild()
  const mod = (await import(pathToFileURL(path.join(ROOT, 'scripts', 'size.mjs')).href)) as {
    weappSizes: () => Sizes
    BUDGET: { main: number; subpackage: number }
  }
  sizes = mod.weappSizes()
  budget = mod.BUDGET
})

const MB = 1024 * 1024

/** The main package's scripts: every .js outside a subpackage root. */
function mainScripts(): string {
  const app = JSON.parse(readFileSync(path.join(WEAPP, 'app.json'), 'utf8')) as { subPackages: { root: string }[] }
  const roots = app.subPackages.map((s) => s.root.replace(/\/$/, ''))
  const out: string[] = []
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name)
      const rel = path.relative(WEAPP, p).split(path.sep).join('/')
      if (roots.some((r) => rel === r || rel.startsWith(`${r}/`))) continue
      if (e.isDirectory()) walk(p)
      else if (e.name.endsWith('.js')) out.push(readFileSync(p, 'utf8'))
    }
  }
  walk(WEAPP)
  return out.join('\n')
}

describe('weapp package sizes', () => {
  it('main package within its budget (550 KB, issue 15) and the platform limit', () => {
    expect(sizes.main).toBeGreaterThan(0)
    expect(sizes.main).toBeLessThanOrEqual(budget.main)
    expect(budget.main).toBeLessThanOrEqual(MB)
  })

  it('each subpackage within 1 MB', () => {
    expect(Object.keys(sizes.subpackages)).toEqual(['pages2', 'pages3', 'pages4', 'pages5'])
    for (const [root, size] of Object.entries(sizes.subpackages))
      expect(size, root).toBeLessThanOrEqual(budget.subpackage)
  })

  it("the subpackage pages' messages stay out of the main package", () => {
    const js = mainScripts()
    // the shell's catalogue is there, as UTF-8 text (not \uXXXX escapes: config/index.ts)
    expect(js).toContain(zhCommon['error.conflict.content'])
    // texts long enough to be telling, written as-is in the bundle, and not part of a text of the shell's catalogue
    const shell: string[] = [...Object.values(zhCommon), ...Object.values(zhPages)]
    const subOnly = Object.values(zhSub).filter(
      (v) => v.length >= 8 && !/["'\\\n]/.test(v) && !shell.some((text) => text.includes(v)),
    )
    expect(subOnly.length).toBeGreaterThan(100)
    expect(subOnly.filter((v) => js.includes(v))).toEqual([])
  })

  it("the server's refusal texts ride with the subpackages, not the main package (issue 26 step 5)", () => {
    const js = mainScripts()
    const shell: string[] = [...Object.values(zhCommon), ...Object.values(zhPages)]
    const refusalOnly = Object.values(zhRefusals).filter(
      (v: string) => v.length >= 10 && !/["'\\\n{]/.test(v) && !shell.some((text) => text.includes(v)),
    )
    expect(refusalOnly.length).toBeGreaterThan(100)
    expect(refusalOnly.filter((v) => js.includes(v))).toEqual([])
  })
})
