/**
 * `npm run bench:rush`: the exam rush of issue 15. RUSH_LEARNERS (default 2,000) real accounts with tokens, made in
 * the bench's own database, start the same timed exam at random moments within RUSH_WINDOW_S (default 60 s) and
 * then each saves one answer every RUSH_EVERY_S (default 10 s) until RUSH_SECONDS (default 120 s) after the rush
 * began: about 200 saves a second once everybody is in. RUSH_TIME_SCALE (default 1) divides all three times for a
 * quick run (the same number of requests, packed tighter). Printed: starts and saves, saves per second, latency
 * p50 / p99 / max, errors, and — read back from the database at the end — answers lost (a save answered 200 whose
 * answer is not stored).
 * Database as bench:api: PGlite in this process by default; BENCH_DB=pg (or DATABASE_URL) for PostgreSQL with the
 * server in a child process (tests/bench/target.ts).
 */
import { and, eq, inArray, sql } from 'drizzle-orm'
import { defaultConfig } from '../../server/src/config'
import { recordAnswer, sysUser } from '../../server/src/db/schema'
import { TenantScope } from '../../server/src/http/core'
import { issueToken } from '../../server/src/services/tokens'
import { addExam, smallPaperOf } from '../server/exam-helpers'
import { openTarget } from './target'

const SCALE = Number(process.env.RUSH_TIME_SCALE ?? 1)
const LEARNERS = Number(process.env.RUSH_LEARNERS ?? 2000)
const WINDOW_MS = (Number(process.env.RUSH_WINDOW_S ?? 60) * 1000) / SCALE
const EVERY_MS = (Number(process.env.RUSH_EVERY_S ?? 10) * 1000) / SCALE
const TOTAL_MS = (Number(process.env.RUSH_SECONDS ?? 120) * 1000) / SCALE
const TENANT = 1001

const pct = (xs: number[], p: number) => {
  if (xs.length === 0) return 0
  const s = [...xs].sort((a, b) => a - b)
  return Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! * 10) / 10
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)))

async function main() {
  const target = await openTarget('rush')
  const { database, appUrl } = target
  const db = database.db
  const { paperId, questions } = await smallPaperOf(db, TENANT)
  const e = await addExam(db, TENANT, paperId, { name: 'rush exam', durationSeconds: 3 * 3600 })

  // the learners: accounts (one insert) and a session token each
  const stamp = String(Date.now()).slice(-6)
  const users = await db
    .insert(sysUser)
    .values(
      Array.from({ length: LEARNERS }, (_, i) => ({
        tenantId: TENANT,
        userAccount: `rush${stamp}${i}`,
        telPhone: `19${stamp.slice(-4)}${String(i).padStart(5, '0')}`,
      })),
    )
    .returning({ id: sysUser.id })
  const config = defaultConfig()
  const scope = new TenantScope(TENANT)
  const tokens: string[] = []
  for (const u of users) tokens.push(await issueToken(db, scope, config, u.id, `rush-${u.id}`))
  await target.analyze()

  const startLat: number[] = []
  const saveLat: number[] = []
  let startErrors = 0
  let saveErrors = 0
  const firstError: string[] = []
  const saved = new Map<number, Set<number>>() // record -> questions answered with a 200
  const post = async (token: string, path: string, body: unknown) => {
    const t = performance.now()
    const res = await fetch(`${appUrl}/api${path}`, {
      method: 'POST',
      headers: { 'tenant-id': String(TENANT), authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    const json = (await res.json().catch(() => ({}))) as { code?: number; msg?: string; data?: unknown }
    return { ms: performance.now() - t, ok: res.status === 200 && json.code === 200, json }
  }

  const began = performance.now()
  const end = began + TOTAL_MS
  let saveStart = Number.POSITIVE_INFINITY
  let saveEnd = 0
  await Promise.all(
    tokens.map(async (token, i) => {
      await sleep(Math.random() * WINDOW_MS)
      const r = await post(token, '/bank/exam/simulate', { examId: e.id }).catch((err: Error) => ({
        ms: 0,
        ok: false,
        json: { msg: err.message } as { msg?: string; data?: unknown },
      }))
      startLat.push(r.ms)
      if (!r.ok) {
        startErrors++
        if (firstError.length < 3) firstError.push(`start: ${JSON.stringify(r.json).slice(0, 200)}`)
        return
      }
      const attempt = r.json.data as { recordId: number }
      const mine = new Set<number>()
      saved.set(attempt.recordId, mine)
      const startedAt = performance.now()
      for (let k = 1; ; k++) {
        const at = startedAt + k * EVERY_MS
        if (at > end) return
        await sleep(at - performance.now())
        const q = questions[(i + k) % questions.length]!
        saveStart = Math.min(saveStart, performance.now())
        const s = await post(token, '/exam/record/edit', {
          recordId: attempt.recordId,
          answers: [{ questionId: q.id, ques: k % 2 ? q.right : q.wrong, answeredAt: Date.now() / 1000 }],
        }).catch((err: Error) => ({ ms: 0, ok: false, json: { msg: err.message } as { msg?: string } }))
        saveEnd = Math.max(saveEnd, performance.now())
        saveLat.push(s.ms)
        if (s.ok) mine.add(q.id)
        else {
          saveErrors++
          if (firstError.length < 3) firstError.push(`save: ${JSON.stringify(s.json).slice(0, 200)}`)
        }
      }
    }),
  )

  // durability: every answer a 200 acknowledged is stored
  const recordIds = [...saved.keys()]
  const stored = new Set<string>()
  for (let i = 0; i < recordIds.length; i += 1000) {
    const rows = await db
      .select({ r: recordAnswer.recordId, q: recordAnswer.questionId })
      .from(recordAnswer)
      .where(and(eq(recordAnswer.tenantId, TENANT), inArray(recordAnswer.recordId, recordIds.slice(i, i + 1000))))
    for (const row of rows) stored.add(`${row.r}:${row.q}`)
  }
  let lost = 0
  for (const [r, qs] of saved) for (const q of qs) if (!stored.has(`${r}:${q}`)) lost++
  const [{ n } = { n: 0 }] = await db
    .select({ n: sql<number>`count(*)` })
    .from(recordAnswer)
    .where(and(eq(recordAnswer.tenantId, TENANT), inArray(recordAnswer.recordId, recordIds.length ? recordIds : [0])))

  const saveSeconds = Math.max(0.001, (saveEnd - saveStart) / 1000)
  console.log(
    `\nexam rush on ${target.kind}${target.kind === 'PostgreSQL' ? ' (server in a child process)' : ''}: ${LEARNERS} learners start within ${WINDOW_MS / 1000} s, a save each every ${EVERY_MS / 1000} s, ${TOTAL_MS / 1000} s in all (time scale ${SCALE}), ${new Date().toISOString()}`,
  )
  console.log(
    'what'.padEnd(8),
    'count'.padStart(7),
    'per s'.padStart(7),
    'p50 ms'.padStart(8),
    'p99 ms'.padStart(8),
    'max ms'.padStart(8),
    'errors'.padStart(7),
  )
  console.log(
    'starts'.padEnd(8),
    String(startLat.length).padStart(7),
    (startLat.length / (WINDOW_MS / 1000)).toFixed(1).padStart(7),
    String(pct(startLat, 50)).padStart(8),
    String(pct(startLat, 99)).padStart(8),
    String(pct(startLat, 100)).padStart(8),
    String(startErrors).padStart(7),
  )
  console.log(
    'saves'.padEnd(8),
    String(saveLat.length).padStart(7),
    (saveLat.length / saveSeconds).toFixed(1).padStart(7),
    String(pct(saveLat, 50)).padStart(8),
    String(pct(saveLat, 99)).padStart(8),
    String(pct(saveLat, 100)).padStart(8),
    String(saveErrors).padStart(7),
  )
  console.log(`answers stored: ${n} rows for ${recordIds.length} attempts; acknowledged answers lost: ${lost}`)
  for (const f of firstError) console.log(`  first errors: ${f}`)
  await target.close()
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
