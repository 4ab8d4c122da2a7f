/**
 * `npm run bench:api`: requests per second and p99 latency of public reads (home list, config, goods list and
 * goods detail), question-bank, learning and exam calls on the real app (seeded), next to a bare Fastify JSON route
 * measured in the same run, on loopback. Each target runs BENCH_SECONDS (default 8) with BENCH_CONNECTIONS
 * connections. Load comes from autocannon in this process.
 * - PGlite (default, 10 connections): the app runs in this process too (PGlite is embedded).
 * - PostgreSQL (`BENCH_DB=pg npm run bench:api`, or DATABASE_URL set; 50 connections): a database of its own on that
 *   server, dropped at the end, and the app in a child process (tests/bench/target.ts).
 */
import autocannon from 'autocannon'
import { and, eq } from 'drizzle-orm'
import { defaultConfig } from '../../server/src/config'
import { bankRecord, goods, userGoods } from '../../server/src/db/schema'
import { TenantScope } from '../../server/src/http/core'
import { issueToken } from '../../server/src/services/tokens'
import { bankFixture, rightAnswer } from '../server/bank-helpers'
import { openTarget, wantsPostgres } from './target'

const DURATION = Number(process.env.BENCH_SECONDS ?? 8)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? (wantsPostgres() ? 50 : 10))

async function measure(
  title: string,
  url: string,
  headers: Record<string, string> = {},
  more: Partial<autocannon.Options> = {},
) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers, ...more })
  const bad = r.non2xx + r.errors + r.timeouts
  return { title, reqPerSec: Math.round(r.requests.average), p99ms: r.latency.p99, bad }
}

async function main() {
  const target = await openTarget('api')
  const { database, appUrl, bareUrl } = target
  const tenant = { 'tenant-id': '1001' }

  const rows = []
  rows.push(await measure('bare Fastify route', `${bareUrl}/bare`))
  rows.push(await measure('GET /app/common/base/home/list', `${appUrl}/api/app/common/base/home/list`, tenant))
  rows.push(await measure('GET /app/common/config', `${appUrl}/api/app/common/config`, tenant))
  rows.push(
    await measure('GET /app/consultation/list', `${appUrl}/api/app/consultation/list?pageNum=1&pageSize=10`, tenant),
  )

  rows.push(
    await measure(
      'GET /app/common/goods/list',
      `${appUrl}/api/app/common/goods/list?pageNum=1&pageSize=10&goodsType=1`,
      tenant,
    ),
  )
  const detailId = (
    (await (await fetch(`${appUrl}/api/app/common/goods/list?pageSize=1`, { headers: tenant })).json()) as {
      data: { rows: { goodsId: number }[] }
    }
  ).data.rows[0]!.goodsId
  rows.push(await measure('GET /app/common/goods/:id', `${appUrl}/api/app/common/goods/${detailId}`, tenant))

  // question bank: a chapter's questions (owner, with answers) and submitting a 100-question paper
  const fx = await bankFixture(database.db)
  const config = defaultConfig()
  const token = await issueToken(database.db, new TenantScope(1001), config, fx.userA, 'bench-device')
  const auth = { ...tenant, authorization: `Bearer ${token}`, 'content-type': 'application/json' }
  rows.push(
    await measure(
      'GET /app/common/bank/question/list',
      `${appUrl}/api/app/common/bank/question/list?chapterId=${fx.chapterA}`,
      auth,
    ),
  )
  // one open attempt per submission (the same scope would resume one attempt): inserted up front
  const started = new Date()
  const recordIds: number[] = []
  for (let chunk = 0; chunk < 20; chunk++) {
    const rowsIn = Array.from({ length: 500 }, (_, k) => ({
      tenantId: 1001,
      userId: fx.userA,
      mode: 'test',
      scope: 'paper',
      scopeKey: `paper:${fx.bigPaper}:bench:${chunk * 500 + k}`,
      title: 'bench',
      bankId: fx.paidBank,
      paperId: fx.bigPaper,
      questionIds: fx.bigPaperIds,
      startedAt: started,
    }))
    const ids = await database.db.insert(bankRecord).values(rowsIn).returning({ id: bankRecord.id })
    recordIds.push(...ids.map((r) => r.id))
  }
  // 10,000 rows in a burst: refresh the planner's statistics as the database's minute ANALYZE would have by the
  // time a real learner had that many attempts (PGlite has no autovacuum: server/src/db/index.ts)
  await target.analyze()
  const at = Date.now() / 1000
  const answers = fx.bigPaperIds.map((questionId, i) => ({
    questionId,
    ques: rightAnswer(([1, 2, 3, 4, 5] as const)[i % 5]),
    answeredAt: at + i,
  }))
  let next = 0
  rows.push(
    await measure('POST /bank/record/edit (submit, 100 q)', `${appUrl}/api/bank/record/edit`, auth, {
      method: 'POST',
      requests: [
        {
          method: 'POST',
          setupRequest: (req) => ({
            ...req,
            body: JSON.stringify({ recordId: recordIds[next++ % recordIds.length], answers, final: true }),
          }),
        },
      ],
    }),
  )

  // learning: a learner's course menu with per-section progress, and progress reports (a pause report: the
  // whole path — session, lock, checks, progress write — without crediting time the bench cannot really watch)
  const [course] = await database.db
    .select({ id: goods.id })
    .from(goods)
    .where(and(eq(goods.tenantId, 1001), eq(goods.goodsType, 1), eq(goods.photoAtStart, false)))
    .limit(1)
  await database.db.insert(userGoods).values({ tenantId: 1001, userId: fx.userA, goodsId: course!.id })
  const get = async <T>(path: string) =>
    ((await (await fetch(`${appUrl}/api${path}`, { headers: auth })).json()) as { data: T }).data
  const [firstCourse] = await get<{ courseId: number }[]>(`/course/courseList?goodsId=${course!.id}`)
  const menuPath = `/course/menuList?goodsId=${course!.id}&courseId=${firstCourse!.courseId}`
  const [chapter] = await get<{ sectionList: { sectionId: number }[] }[]>(menuPath)
  rows.push(await measure('GET /course/menuList (learner)', `${appUrl}/api${menuPath}`, auth))
  const opened = (await (
    await fetch(`${appUrl}/api/study/record/save/video`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ goodsId: course!.id, sectionId: chapter!.sectionList[0]!.sectionId }),
    })
  ).json()) as { data: { sessionId: string } }
  rows.push(
    await measure('POST /study/record (report)', `${appUrl}/api/study/record`, auth, {
      method: 'POST',
      body: JSON.stringify({ sessionId: opened.data.sessionId, startPosition: 0, endPosition: 0, event: 'pause' }),
    }),
  )

  // exams: the learner's exam list, exam sites with their sessions, and saving an answer in a timed attempt
  rows.push(await measure('GET /bank/exam/exam/list (learner)', `${appUrl}/api/bank/exam/exam/list`, auth))
  const exams = await get<{ rows: { examId: number; name: string; requireAppointment: boolean }[] }>(
    '/bank/exam/exam/list?pageSize=50',
  )
  const booked = exams.rows.find((e) => e.requireAppointment)!
  rows.push(
    await measure(
      'GET /apply/subscribeApplySite',
      `${appUrl}/api/apply/subscribeApplySite?examId=${booked.examId}`,
      auth,
    ),
  )
  const quiz = exams.rows.find((e) => !e.requireAppointment)!
  const attempt = (await (
    await fetch(`${appUrl}/api/bank/exam/simulate`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ examId: quiz.examId }),
    })
  ).json()) as { data: { recordId: number; questions: { questionId: number }[] } }
  let tick = Date.now() / 1000
  rows.push(
    await measure('POST /exam/record/edit (timed, 1 answer)', `${appUrl}/api/exam/record/edit`, auth, {
      method: 'POST',
      requests: [
        {
          method: 'POST',
          setupRequest: (req) => {
            tick += 0.001
            const q = attempt.data.questions[Math.floor(tick * 1000) % attempt.data.questions.length]!
            return {
              ...req,
              body: JSON.stringify({
                recordId: attempt.data.recordId,
                answers: [{ questionId: q.questionId, ques: 'A', answeredAt: tick }],
              }),
            }
          },
        },
      ],
    }),
  )

  console.log(
    `\n${CONNECTIONS} connections, ${DURATION} s each, ${target.kind}${target.kind === 'PostgreSQL' ? ' (server in a child process)' : ''}, loopback, ${new Date().toISOString()}`,
  )
  console.log('target'.padEnd(36), 'req/s'.padStart(8), 'p99 ms'.padStart(8), 'non-2xx'.padStart(8))
  for (const r of rows)
    console.log(
      r.title.padEnd(36),
      String(r.reqPerSec).padStart(8),
      String(r.p99ms).padStart(8),
      String(r.bad).padStart(8),
    )

  await target.close()
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
