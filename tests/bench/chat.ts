/**
 * `npm run bench:chat`: the live chat under load. This process is the load generator: N socket.io clients
 * (BENCH_CLIENTS, default 1000) in one room, sending RATE chat messages a second in total (BENCH_RATE, default 40,
 * spread over the clients so nobody breaks the 3 s limit). The chat servers are separate processes
 * (tests/server/live-chat-proc.ts) on a fresh PostgreSQL database:
 * - one process (in-memory rooms);
 * - two processes with the Redis adapter, the clients split between them.
 * Each message carries its send time; every client records when it arrives. Printed per mode: messages sent and
 * acked, deliveries per second, latency p50 / p99 / max (send to arrival, merge window included), the sender's
 * ack p50 / p99 (the message stored), what each
 * client received per second (the cap is LIVE.CLIENT_CHAT_CAP_PER_S), and CPU time (user + system, as
 * /usr/bin/time counts it) and peak RSS of each server process and of the generator. BENCH_MODES=one,two picks
 * modes; BENCH_SECONDS the measured time (default 20, after 3 s of warm-up).
 *
 * Check-in (modes `checkin`, one process, and `checkin2`, two processes + Redis with the teacher on the first and the
 * learners split): a teacher starts a check-in, the BENCH_CLIENTS learners sign spread evenly over
 * BENCH_CHECKIN_WINDOW_S (default 10) seconds, each at its moment; printed: signatures acked, the time from the
 * check-in's start until the teacher has seen the LAST signature (TO_SIGN_IN with signed = N), how long after the
 * last learner signed that was, and per signature the delay from the learner's send to the teacher seeing it
 * (p50 / p99 / max), with the servers' CPU.
 */

import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import { CHAT_SERVER, LIVE } from '../../contract/schemas/live-codes'
import {
  ChatClient,
  type ChatProcess,
  clearRedis,
  makeRoom,
  makeUsers,
  postgresProblem,
  REDIS_URL,
  redisProblem,
  scratchPostgres,
  startChatProcess,
  tokenFor,
} from '../server/live-chat-helpers'

const N = Number(process.env.BENCH_CLIENTS ?? 1000)
const RATE = Number(process.env.BENCH_RATE ?? 40)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20)
const WARMUP_S = 3
const MODES = (process.env.BENCH_MODES ?? 'one,two,checkin,checkin2').split(',').map((m) => m.trim())
const CHECKIN_WINDOW_S = Number(process.env.BENCH_CHECKIN_WINDOW_S ?? 10)

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** user + system CPU seconds and peak RSS (MB) of a process, from /proc */
function usage(pid: number): { cpuS: number; peakMb: number } {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  const ticks = Number(fields[11]) + Number(fields[12]) // utime + stime (fields 14 and 15 of stat)
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  const hwm = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0)
  return { cpuS: ticks / 100, peakMb: Math.round(hwm / 1024) }
}

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}

async function run(mode: 'one' | 'two') {
  const secret = `bench-${randomBytes(8).toString('hex')}`
  const scratch = await scratchPostgres('chat_bench')
  const procs: ChatProcess[] = []
  const clients: ChatClient[] = []
  try {
    const room = await makeRoom(scratch.database.db, 1001)
    const ids = await makeUsers(scratch.database.db, 1001, N)
    const env = {
      DATABASE_URL: scratch.url,
      CHAT_SECRET: secret,
      ...(mode === 'two' ? { REDIS_URL } : {}),
    }
    for (let i = 0; i < (mode === 'two' ? 2 : 1); i++) procs.push(await startChatProcess(env))

    // connect and log in, 50 at a time
    for (let i = 0; i < N; i += 50) {
      const batch = ids.slice(i, i + 50)
      const joined = await Promise.all(
        batch.map(async (id, j) => {
          const c = await ChatClient.connect(procs[(i + j) % procs.length]!.url)
          const ack = await c.send('LOGIN', { token: tokenFor(secret, room, id) })
          if (!ack.ok) throw new Error(`login refused: ${JSON.stringify(ack)}`)
          return c
        }),
      )
      clients.push(...joined)
    }

    // every arrival: latency of each message, per client per second counts
    let measuring = false
    const latencies: number[] = []
    let deliveries = 0
    const perClientSecond = new Map<string, number>()
    // only counting: the test client's own recorder (it keeps every event) is taken off
    clients.forEach((c, idx) => {
      c.socket.removeAllListeners('message')
      c.socket.on('message', (raw: string) => {
        if (!measuring || !raw.startsWith('{"EVENT":"BATCH"')) return
        const now = Date.now()
        const { list } = JSON.parse(raw) as { list: { content: string }[] }
        const key = `${idx}:${Math.floor(now / 1000)}`
        perClientSecond.set(key, (perClientSecond.get(key) ?? 0) + list.length)
        for (const m of list) {
          const sent = Number(m.content.split(' ')[1])
          if (sent) latencies.push(now - sent)
          deliveries++
        }
      })
    })

    // senders in turn: client k sends every N / RATE seconds
    let sent = 0
    let acked = 0
    const ackLatencies: number[] = []
    const refused = new Map<string, number>()
    let next = 0
    const gap = 1000 / RATE
    let stop = false
    const sender = (async () => {
      const t0 = Date.now()
      let k = 0
      while (!stop) {
        const due = t0 + k * gap
        const wait = due - Date.now()
        if (wait > 0) await sleep(wait)
        const c = clients[next++ % clients.length]!
        const counted = measuring
        if (counted) sent++
        const at = Date.now()
        c.send('SPEAK', { values: [`bench ${at} ${k}`] }).then(
          (ack) => {
            if (!counted) return
            ackLatencies.push(Date.now() - at)
            if (ack.ok) acked++
            else refused.set(ack.code, (refused.get(ack.code) ?? 0) + 1)
          },
          () => {
            if (counted) refused.set('timeout', (refused.get('timeout') ?? 0) + 1)
          },
        )
        k++
      }
    })()

    await sleep(WARMUP_S * 1000)
    const before = procs.map((p) => usage(p.child.pid!))
    const genBefore = process.cpuUsage()
    measuring = true
    const start = Date.now()
    await sleep(SECONDS * 1000)
    measuring = false
    const elapsed = (Date.now() - start) / 1000
    const genCpu = process.cpuUsage(genBefore)
    const after = procs.map((p) => usage(p.child.pid!))
    const load = os.loadavg()[0]!.toFixed(1)
    stop = true
    await sender
    await sleep(500)

    latencies.sort((a, b) => a - b)
    ackLatencies.sort((a, b) => a - b)
    const perSecond = [...perClientSecond.values()].sort((a, b) => a - b)
    return {
      mode: mode === 'one' ? 'one process' : 'two processes + Redis',
      clients: N,
      sentPerS: +(sent / elapsed).toFixed(1),
      acked: `${acked}/${sent}`,
      refused: Object.fromEntries(refused),
      deliveredPerS: Math.round(deliveries / elapsed),
      p50ms: percentile(latencies, 50),
      p99ms: percentile(latencies, 99),
      maxMs: latencies.at(-1) ?? Number.NaN,
      ackP50ms: percentile(ackLatencies, 50),
      ackP99ms: percentile(ackLatencies, 99),
      perClientPerS: `median ${percentile(perSecond, 50)}, max ${perSecond.at(-1) ?? 0} (cap ${LIVE.CLIENT_CHAT_CAP_PER_S})`,
      server: after.map(
        (a, i) => `cpu ${Math.round(((a.cpuS - before[i]!.cpuS) / elapsed) * 100)}% of a core, peak RSS ${a.peakMb} MB`,
      ),
      loadAverage: `${load} on ${os.cpus().length} cores (other work on the machine shows here)`,
      generator: `cpu ${Math.round(((genCpu.user + genCpu.system) / 1e6 / elapsed) * 100)}% of a core, peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`,
    }
  } finally {
    for (const c of clients) c.close()
    await Promise.all(procs.map((p) => p.stop()))
    await scratch.drop()
    if (mode === 'two') await clearRedis(secret)
  }
}

/** A check-in signed by N learners within the window; the time until the teacher has seen the last signature. */
async function runCheckin(mode: 'checkin' | 'checkin2') {
  const secret = `bench-${randomBytes(8).toString('hex')}`
  const scratch = await scratchPostgres('chat_bench')
  const procs: ChatProcess[] = []
  const clients: ChatClient[] = []
  const two = mode === 'checkin2'
  try {
    const room = await makeRoom(scratch.database.db, 1001)
    const [teacherId, ...ids] = await makeUsers(scratch.database.db, 1001, N + 1)
    const env = { DATABASE_URL: scratch.url, CHAT_SECRET: secret, ...(two ? { REDIS_URL } : {}) }
    for (let i = 0; i < (two ? 2 : 1); i++) procs.push(await startChatProcess(env))

    const teacher = await ChatClient.connect(procs[0]!.url)
    clients.push(teacher)
    const tAck = await teacher.send('LOGIN', { token: tokenFor(secret, room, teacherId!, 'teacher') })
    if (!tAck.ok) throw new Error(`teacher login refused: ${JSON.stringify(tAck)}`)
    const learners: { c: ChatClient; userId: number }[] = []
    for (let i = 0; i < N; i += 50) {
      const batch = ids.slice(i, i + 50)
      const joined = await Promise.all(
        batch.map(async (id, j) => {
          const c = await ChatClient.connect(procs[(i + j + 1) % procs.length]!.url)
          const ack = await c.send('LOGIN', { token: tokenFor(secret, room, id) })
          if (!ack.ok) throw new Error(`login refused: ${JSON.stringify(ack)}`)
          // only the check-in matters here: the recorder keeps nothing
          c.socket.removeAllListeners('message')
          return { c, userId: id }
        }),
      )
      clients.push(...joined.map((l) => l.c))
      learners.push(...joined)
    }

    // the teacher's view: when each signature arrived
    const sentAt = new Map<number, number>()
    const seenAt = new Map<number, number>()
    let lastSeen = 0
    let maxSigned = 0
    teacher.socket.removeAllListeners('message')
    teacher.socket.on('message', (raw: string) => {
      if (!raw.startsWith('{"EVENT":"TO_SIGN_IN"')) return
      const now = Date.now()
      const e = JSON.parse(raw) as { user: { userId: number }; signed: number }
      seenAt.set(e.user.userId, now)
      maxSigned = Math.max(maxSigned, e.signed)
      if (e.signed === N) lastSeen = now
    })

    const before = procs.map((p) => usage(p.child.pid!))
    const start = Date.now()
    const started = (await teacher.socket
      .timeout(5000)
      .emitWithAck('message', JSON.stringify({ EVENT: 'SIGN_IN', message: 'bench', limitSeconds: 120 }))) as {
      ok: boolean
      data?: { checkinId: number }
    }
    if (!started.ok || !started.data) throw new Error(`SIGN_IN refused: ${JSON.stringify(started)}`)
    const { checkinId } = started.data
    let acked = 0
    const refused = new Map<string, number>()
    let lastSent = 0
    await Promise.all(
      learners.map(async ({ c, userId }, k) => {
        await sleep(start + (k * CHECKIN_WINDOW_S * 1000) / N - Date.now())
        const at = Date.now()
        sentAt.set(userId, at)
        lastSent = Math.max(lastSent, at)
        const ack = (await c.socket
          .timeout(30_000)
          .emitWithAck('message', JSON.stringify({ EVENT: 'TO_SIGN_IN', checkinId }))
          .catch(() => ({ ok: false, code: 'timeout' }))) as { ok: boolean; code?: string }
        if (ack.ok) acked++
        else refused.set(ack.code ?? '?', (refused.get(ack.code ?? '?') ?? 0) + 1)
      }),
    )
    const deadline = Date.now() + 30_000
    while (maxSigned < acked && Date.now() < deadline) await sleep(20)
    const elapsed = (Date.now() - start) / 1000
    const after = procs.map((p) => usage(p.child.pid!))
    const delays = [...seenAt].map(([id, t]) => t - (sentAt.get(id) ?? t)).sort((a, b) => a - b)
    return {
      mode: two ? 'check-in, two processes + Redis (teacher on the first)' : 'check-in, one process',
      learners: N,
      signWindowS: CHECKIN_WINDOW_S,
      acked: `${acked}/${N}`,
      refused: Object.fromEntries(refused),
      teacherSawSignatures: seenAt.size,
      lastSignatureSeenAfterStartMs: lastSeen ? lastSeen - start : 'never (not all signatures reached the teacher)',
      lastSignatureSeenAfterItWasSentMs: lastSeen ? lastSeen - lastSent : null,
      perSignatureDelayMs: {
        p50: percentile(delays, 50),
        p99: percentile(delays, 99),
        max: delays.at(-1) ?? Number.NaN,
      },
      server: after.map(
        (a, i) => `cpu ${Math.round(((a.cpuS - before[i]!.cpuS) / elapsed) * 100)}% of a core, peak RSS ${a.peakMb} MB`,
      ),
      loadAverage: `${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`,
    }
  } finally {
    for (const c of clients) c.close()
    await Promise.all(procs.map((p) => p.stop()))
    await scratch.drop()
    if (two) await clearRedis(secret)
  }
}

async function main() {
  const pgProblem = await postgresProblem()
  if (pgProblem) throw new Error(`bench:chat needs PostgreSQL: ${pgProblem}`)
  if (N / RATE < LIVE.SPEAK_GAP_MS / 1000)
    console.warn(`note: ${N} clients at ${RATE} msg/s speak every ${N / RATE} s, under the 3 s limit: some are refused`)
  console.log(
    `bench:chat — ${N} clients in one room, ${RATE} chat msg/s sent in total, ${SECONDS} s measured; ` +
      `online counts merged above ${CHAT_SERVER.ONLINE_MERGE_ABOVE} users; ${new Date().toISOString()}`,
  )
  for (const mode of MODES) {
    if (mode !== 'one' && mode !== 'two' && mode !== 'checkin' && mode !== 'checkin2')
      throw new Error(`BENCH_MODES: one, two, checkin, checkin2 (not ${mode})`)
    if (mode === 'two' || mode === 'checkin2') {
      const problem = await redisProblem()
      if (problem) {
        console.warn(`two processes skipped: ${problem}`)
        continue
      }
    }
    const r = mode === 'checkin' || mode === 'checkin2' ? await runCheckin(mode) : await run(mode)
    console.log(JSON.stringify(r, null, 2))
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err)
    process.exit(1)
  },
)
