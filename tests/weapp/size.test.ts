import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { ensureWeappBuild, ROOT } from './build'

type Sizes = { main: number; subpackages: Record<string, number> }
let sizes: Sizes

beforeAll(async () => {
  ensureWeappBuild()
  const mod = (await import(pathToFileURL(path.join(ROOT, 'scripts', 'size.mjs')).href)) as {
    weappSizes: () => Sizes
  }
  sizes = mod.weappSizes()
})

const MB = 1024 * 1024

describe('weapp package sizes', () => {
  it('main package within 1 MB', () => {
    expect(sizes.main).toBeGreaterThan(0)
    expect(sizes.main).toBeLessThanOrEqual(MB)
  })

  it('each subpackage within 1 MB', () => {
    expect(Object.keys(sizes.subpackages)).toEqual(['pages2', 'pages3', 'pages4', 'pages5'])
    for (const [root, size] of Object.entries(sizes.subpackages)) expect(size, root).toBeLessThanOrEqual(MB)
  })
})
