/**
 * Platform files (`x.weapp.tsx` / `x.h5.tsx` beside a plain `x` for tools without a platform): Taro's resolver tries
 * `<name>.<platform><ext>` then `<name><ext>` for each extension in turn, so a plain `x.ts` beside `x.weapp.tsx` is
 * found first and the weapp build silently ships the H5 file. The plain file must have its platform files' extension.
 */
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const SRC = path.resolve(__dirname, '../../src')

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)],
  )
}

describe('platform files', () => {
  it('a plain module beside x.weapp / x.h5 files has their extension', () => {
    const all = new Set(files(SRC))
    const wrong: string[] = []
    for (const f of all) {
      const m = /^(.*)\.(weapp|h5)\.(tsx?|jsx?)$/.exec(f)
      if (!m) continue
      const [, base, , ext] = m
      for (const other of ['ts', 'tsx', 'js', 'jsx'].filter((e) => e !== ext)) {
        if (all.has(`${base}.${other}`)) wrong.push(path.relative(SRC, `${base}.${other}`))
      }
    }
    expect([...new Set(wrong)]).toEqual([])
  })
})
