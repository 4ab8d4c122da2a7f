/**
 * The import boundaries of the house (.dependency-cruiser.cjs, docs/ARCHITECTURE.md) catch what they must: a tree of
 * planted violations (tests/fixtures/boundaries) fails each rule where it was planted and keeps what is allowed.
 * `npm test` runs the same rules over the real tree ("import boundaries (dependency-cruiser)").
 */
import { createRequire } from 'node:module'
import path from 'node:path'
import { cruise } from 'dependency-cruiser'
import { describe, expect, it } from 'vitest'

const require = createRequire(import.meta.url)
const config = require('../../.dependency-cruiser.cjs') as { forbidden: unknown[] }
const fixture = path.resolve('tests/fixtures/boundaries')

interface Violation {
  from: string
  to: string
  rule: { name: string }
}

async function violations(): Promise<Violation[]> {
  const result = await cruise(['src', 'server', 'shared'], {
    baseDir: fixture,
    validate: true,
    ruleSet: { forbidden: config.forbidden },
    tsPreCompilationDeps: true,
  } as never)
  const output = (result as { output: { summary: { violations: Violation[] } } }).output
  return output.summary.violations
}

describe('the import boundaries', () => {
  it('fail on each planted violation, and keep a feature reaching another through its face', async () => {
    const found = (await violations()).map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort()
    expect(found).toEqual(
      [
        'feature-imports-only-faces: src/features/bank/api.ts -> src/features/shop/centre/s.ts',
        'page-imports-no-other-page: src/pages/home/index.ts -> src/pages2/other/x.ts',
        'server-stays-server: server/src/app.ts -> src/lib/y.ts',
        'shared-parts-import-no-feature: src/lib/y.ts -> src/features/shop/centre/s.ts',
        'no-circular: shared/a.ts -> shared/b.ts',
      ].sort(),
    )
  }, 30_000)
})
