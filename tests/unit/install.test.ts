// @vitest-environment node
/**
 * A fresh clone installs as the lock file says (issue 24 §4, §6; docs/DECISIONS.md "First start"): `npm ci` accepts
 * package.json and package-lock.json as they are, every locked package runs on the Node the README names, and
 * every package with an install script has an explicit allowScripts entry (npm 11 otherwise prints a block about
 * scripts "not covered by allowScripts" on every install).
 */
import { spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import semver from 'semver'
import { afterAll, describe, expect, it } from 'vitest'

const root = resolve(__dirname, '../..')
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  engines: { node: string }
  allowScripts?: Record<string, boolean>
  dependencies: Record<string, string>
  devDependencies: Record<string, string>
}
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string }; hasInstallScript?: boolean }>
}
const nameOf = (path: string) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length)

describe('installing a fresh clone', () => {
  const dir = mkdtempSync(join(tmpdir(), 'npm-ci-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('npm ci accepts package.json and the lock as committed (no drift for npm install to hide)', () => {
    cpSync(join(root, 'package.json'), join(dir, 'package.json'))
    cpSync(join(root, 'package-lock.json'), join(dir, 'package-lock.json'))
    // the local stand-ins package.json points at (file: dependencies)
    for (const spec of Object.values({ ...pkg.dependencies, ...pkg.devDependencies }))
      if (spec.startsWith('file:')) {
        mkdirSync(join(dir, spec.slice(5)), { recursive: true })
        cpSync(join(root, spec.slice(5)), join(dir, spec.slice(5)), { recursive: true })
      }
    const r = spawnSync('npm', ['ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund'], {
      cwd: dir,
      encoding: 'utf8',
      timeout: 120_000,
    })
    expect(
      r.status,
      `${r.stdout}\n${r.stderr}`
        .split('\n')
        .filter((l) => /error/.test(l))
        .join('\n'),
    ).toBe(0)
  }, 150_000)

  it('every locked package supports the Node version package.json and the README name (no EBADENGINE)', () => {
    const node = semver.minVersion(pkg.engines.node)!.version
    expect(node.startsWith('20.'), 'package.json engines names Node 20').toBe(true)
    const unsupported = Object.entries(lock.packages)
      .filter(([path, p]) => path !== '' && p.engines?.node && !semver.satisfies('20.19.0', p.engines.node))
      .map(([path, p]) => `${nameOf(path)}@${p.version} needs node ${p.engines?.node}`)
    expect(unsupported).toEqual([])
  })

  it('every package with an install script is allowed or denied by name in allowScripts', () => {
    const decided = pkg.allowScripts ?? {}
    const open = Object.entries(lock.packages)
      .filter(([path, p]) => path !== '' && p.hasInstallScript)
      .map(([path]) => nameOf(path))
      .filter((name) => !(name in decided))
    expect([...new Set(open)]).toEqual([])
  })
})
