// `npm test`: every test — lint, type check, unit, component, server (PGlite, and PostgreSQL when it answers),
// the built weapp bundle, bundle budgets, and the browser tests in Debian's Chromium against the real server.
// Installs what is missing first. Ends with one plain line `N passed, N failed`; exits non-zero on any failure.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { ensureBuild, ensureChromium, ensureConsole, ensureDeps, ensureLiveTools, root, run } from './lib.mjs'

await ensureDeps()
ensureChromium()
// the live video tests publish through the server's nginx-rtmp and turn recordings into playback with ffmpeg
await ensureLiveTools()

if (!process.env.DATABASE_URL_TEST) {
  const ready = spawnSync('pg_isready', ['-q', '-h', '127.0.0.1', '-p', '5432'], { stdio: 'ignore' })
  if (ready.status === 0) process.env.DATABASE_URL_TEST = 'postgres://postgres@127.0.0.1:5432/postgres'
}

const tmp = join(root, '.test-tmp')
rmSync(tmp, { recursive: true, force: true })
mkdirSync(tmp, { recursive: true })
const bin = (name) => join(root, 'node_modules', '.bin', name)
const DEPCRUISE_ARGS = ['src', 'console/src', 'server/src', 'contract', 'shared', '--config', '.dependency-cruiser.cjs']
let passed = 0
let failed = 0
const failures = []

async function step(name, fn) {
  console.log(`\n=== ${name}`)
  const ok = (await fn()) === 0
  if (ok) passed++
  else {
    failed++
    failures.push(name)
  }
}

function vitest(name, projects) {
  const out = join(tmp, `${name}.json`)
  const args = [
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ]
  console.log(`\n=== vitest ${projects.join(', ')}`)
  const code = run(bin('vitest'), args)
  if (!existsSync(out)) {
    failed++
    failures.push(`vitest ${name} (no report, exit ${code})`)
    return
  }
  const r = JSON.parse(readFileSync(out, 'utf8'))
  passed += r.numPassedTests
  failed += r.numFailedTests
  if (r.numFailedTests > 0) {
    failures.push(`vitest ${name}: ${r.numFailedTests} failed`)
    // name each failed test in the summary, so the end of the log says what broke
    for (const f of r.testResults)
      for (const a of f.assertionResults)
        if (a.status === 'failed') failures.push(`  ${f.name.replace(root, '.')} › ${a.fullName ?? a.title}`)
  }
  // a suite that fails to load counts as a failure even when no test inside it ran
  const broken = r.testResults.filter(
    (f) => f.status === 'failed' && f.assertionResults.every((a) => a.status !== 'failed'),
  )
  for (const f of broken) {
    failed++
    failures.push(`suite failed to run: ${f.name.replace(root, '.')}`)
  }
  if (code !== 0 && r.numFailedTests === 0 && broken.length === 0) {
    failed++
    failures.push(`vitest ${name} exited ${code}`)
  }
}

await step('lint (biome)', () => run(bin('biome'), ['check', '.']))
await step('type check (app)', () => run(bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']))
await step('type check (server)', () => run(bin('tsc'), ['-p', 'server/tsconfig.json', '--noEmit']))
await step('type check (console)', () => run(bin('tsc'), ['-p', 'console/tsconfig.json', '--noEmit']))
// the house's import boundaries (.dependency-cruiser.cjs, docs/ARCHITECTURE.md)
await step('import boundaries (dependency-cruiser)', () => run(bin('depcruise'), DEPCRUISE_ARGS))
vitest('unit', ['unit', 'server'])
await step('build h5', () => ensureBuild('h5'))
await step('build weapp', () => ensureBuild('weapp'))
await step('build console', () => ensureConsole())
await step('bundle budgets (npm run size)', () => run(process.execPath, [join(root, 'scripts', 'size.mjs')]))
vitest('weapp', ['weapp'])
vitest('e2e', ['e2e'])

if (failures.length) console.log(`\nFailures:\n- ${failures.join('\n- ')}`)
console.log(`\n${passed} passed, ${failed} failed`)
process.exit(failed > 0 ? 1 : 0)
