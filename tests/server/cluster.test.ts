/**
 * Several processes (issue 15, part 3): `scripts/cluster.mjs` starts two server processes on a fresh PostgreSQL
 * database and the machine's Redis behind Debian's nginx, and what one process knows the other knows too: a login,
 * a captcha, the password-guess lock, the SMS limits, a content change (within a second), a timed exam's auto-submit
 * (once, by one process), a chat message. Skipped, saying why, when Redis, PostgreSQL (DATABASE_URL_TEST /
 * REDIS_URL_TEST) or nginx is missing.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { and, eq, sql } from 'drizzle-orm'
import Redis from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bankRecord, config as configTable, liveChannel, smsCode } from '../../server/src/db/schema'
import { chatRedisPrefix } from '../../server/src/modules/live/chat'
import { mintMediaToken } from '../../server/src/modules/live/token'
import { demoCredentials } from '../../server/src/seed/start'
import { sharedRedisPrefix } from '../../server/src/services/shared/redis'
import { addExam, smallPaperOf } from './exam-helpers'
import {
  ChatClient,
  makeRoom,
  makeUsers,
  postgresProblem,
  REDIS_URL,
  redisProblem,
  scratchPostgres,
  tokenFor,
} from './live-chat-helpers'

const root = fileURLToPath(new URL('../../', import.meta.url))
const TENANT = 1001
const LEARNER = (() => {
  const d = demoCredentials().find((c) => c.tenantId === TENANT && c.role === 'learner')!
  return { account: d.account, password: d.password }
})()

function nginxProblem(): string | null {
  const dirs = [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/sbin']
  return dirs.some((d) => d && fs.existsSync(path.join(d, 'nginx'))) ? null : 'nginx is not installed'
}

const problem = (await redisProblem()) ?? (await postgresProblem()) ?? nginxProblem()

const free = (port: number) =>
  new Promise<boolean>((done) => {
    const s = net.createServer()
    s.once('error', () => done(false))
    s.listen(port, '127.0.0.1', () => s.close(() => done(true)))
  })

/** four consecutive free ports: nginx, the two processes, RTMP */
async function freePorts(): Promise<number> {
  for (;;) {
    const p = 20_000 + Math.floor(Math.random() * 20_000)
    if ((await free(p)) && (await free(p + 1)) && (await free(p + 2)) && (await free(p + 3))) return p
  }
}

interface Envelope<T = unknown> {
  code: number
  msg: string
  data: T
}

if (problem) {
  console.warn(`[server tests] several processes behind nginx skipped: ${problem}`)
  describe.skip(`several processes behind nginx: skipped, ${problem}`, () => {
    it('needs Redis, PostgreSQL and nginx', () => {})
  })
} else {
  describe('two server processes behind nginx (npm run cluster)', () => {
    const secret = `cluster-test-${randomBytes(8).toString('hex')}`
    const staffToken = randomBytes(16).toString('hex')
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cluster-test-'))
    let scratch: Awaited<ReturnType<typeof scratchPostgres>>
    let cluster: ChildProcess | undefined
    const lines: string[] = []
    let front = ''
    let procs: string[] = []
    let rtmpPort = 0

    beforeAll(async () => {
      scratch = await scratchPostgres('cluster')
      const port = await freePorts()
      front = `http://127.0.0.1:${port}`
      procs = [`http://127.0.0.1:${port + 1}`, `http://127.0.0.1:${port + 2}`]
      rtmpPort = port + 3
      cluster = spawn(process.execPath, [path.join(root, 'scripts', 'cluster.mjs'), '--no-build'], {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env,
          DATABASE_URL: scratch.url,
          REDIS_URL,
          CLUSTER_PROCESSES: '2',
          PORT: String(port),
          CLUSTER_BASE_PORT: String(port + 1),
          DATA_DIR: dataDir,
          STATIC_DIR: path.join(dataDir, 'no-h5'),
          SERVER_SECRET: secret,
          STAFF_TOKEN: staffToken,
          // local live video: process 1 starts nginx-rtmp here, process 2 follows (its data under DATA_DIR/live)
          LIVE_RTMP_PORT: String(port + 3),
          LIVE_VIDEO: '',
          LIVE_PROVIDER: '',
          // the sweeps' per-tick debug lines are what shows who ran a tick
          LOG_LEVEL: 'debug',
        },
      })
      let rest = ''
      const take = (chunk: Buffer) => {
        const parts = (rest + chunk.toString('utf8')).split('\n')
        rest = parts.pop() ?? ''
        lines.push(...parts)
      }
      cluster.stdout!.on('data', take)
      cluster.stderr!.on('data', take)
      const end = Date.now() + 150_000
      while (!lines.some((l) => l.startsWith('[cluster] ready'))) {
        if (cluster.exitCode !== null || Date.now() > end)
          throw new Error(`the cluster did not start:\n${lines.slice(-30).join('\n')}`)
        await new Promise((r) => setTimeout(r, 200))
      }
    }, 180_000)

    afterAll(async () => {
      if (cluster && cluster.exitCode === null) {
        const exited = new Promise((r) => cluster!.once('exit', r))
        cluster.kill('SIGTERM')
        await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))])
      }
      await scratch?.drop()
      const r = new Redis(REDIS_URL)
      for (const prefix of [sharedRedisPrefix(secret), chatRedisPrefix(secret)]) {
        const keys = await r.keys(`${prefix}:*`)
        if (keys.length) await r.del(...keys)
      }
      r.disconnect()
      fs.rmSync(dataDir, { recursive: true, force: true })
    }, 30_000)

    const call = async <T = unknown>(
      base: string,
      method: 'GET' | 'POST',
      route: string,
      o: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
    ): Promise<Envelope<T>> => {
      const res = await fetch(`${base}/api${route}`, {
        method,
        headers: {
          'tenant-id': String(TENANT),
          ...(o.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
          ...o.headers,
        },
        ...(o.body !== undefined ? { body: JSON.stringify(o.body) } : {}),
      })
      return (await res.json()) as Envelope<T>
    }
    const db = () => scratch.database.db
    /** a captcha made on `base` and its answer (kept in Redis) */
    const captchaOn = async (base: string) => {
      const img = await call<{ uuid: string }>(base, 'GET', '/captchaImage')
      expect(img.code).toBe(200)
      const r = new Redis(REDIS_URL)
      try {
        const code = await r.get(`${sharedRedisPrefix(secret)}:captcha:${TENANT}:${img.data.uuid}`)
        expect(code, 'the captcha is in Redis').toMatch(/^[a-z0-9]{4}$/)
        return { uuid: img.data.uuid, code: code! }
      } finally {
        r.disconnect()
      }
    }

    let learnerToken = ''

    it('a login on one process is valid on the other, and through nginx', async () => {
      // the captcha is made on process 1 and answered on process 2
      const c = await captchaOn(procs[0]!)
      const login = await call<{ token: string }>(procs[1]!, 'POST', '/login', {
        body: { ...LEARNER, ...c, deviceUuid: 'cluster-test' },
      })
      expect(login.code, login.msg).toBe(200)
      learnerToken = login.data.token
      for (const base of [procs[0]!, procs[1]!, front]) {
        const me = await call<{ telPhone?: string }>(base, 'GET', '/app/user/getInfo', { token: learnerToken })
        expect(me.code, `${base}: ${me.msg}`).toBe(200)
      }
      // single use across processes: the same captcha does not log in again on process 1
      const again = await call(procs[0]!, 'POST', '/login', {
        body: { ...LEARNER, ...c, deviceUuid: 'cluster-test' },
      })
      expect(again.code).toBe(400)
    })

    it('a device that takes over ends the old session on both processes, though each keeps sessions in memory', async () => {
      // the old session has been read on both processes (services/shared/session-cache.ts keeps it)
      for (const base of [procs[0]!, procs[1]!])
        expect((await call(base, 'GET', '/app/user/getInfo', { token: learnerToken })).code).toBe(200)
      const c = await captchaOn(procs[1]!)
      const second = await call<{ token: string }>(procs[0]!, 'POST', '/login', {
        body: { ...LEARNER, ...c, deviceUuid: 'cluster-test-2' },
      })
      expect(second.code, second.msg).toBe(200)
      const took = await call(procs[0]!, 'POST', '/app/user/offline', {
        token: second.data.token,
        body: { uuid: 'cluster-test-2' },
      })
      expect(took.code, took.msg).toBe(200)
      // process 2 hears it through Redis (milliseconds): 409 within a second, on both
      for (const base of [procs[1]!, procs[0]!]) {
        const end = Date.now() + 1000
        let code = 0
        for (;;) {
          code = (await call(base, 'GET', '/app/user/getInfo', { token: learnerToken })).code
          if (code === 409 || Date.now() > end) break
          await new Promise((r) => setTimeout(r, 100)) // a few calls, far from the rate limit
        }
        expect(code, base).toBe(409)
      }
      expect((await call(procs[1]!, 'GET', '/app/user/getInfo', { token: second.data.token })).code).toBe(200)
      learnerToken = second.data.token
    })

    it('wrong passwords are counted on both processes together: the account locks after 10', async () => {
      const staff = demoCredentials().find((d) => d.tenantId === TENANT && d.role !== 'learner')!
      const attempt = async (i: number, password: string) =>
        call(procs[i % 2]!, 'POST', '/login', {
          body: {
            account: staff.account,
            password,
            ...(await captchaOn(procs[(i + 1) % 2]!)),
            deviceUuid: 'cluster-test',
          },
        })
      for (let i = 0; i < 10; i++) {
        const r = await attempt(i, 'wrong-password')
        expect(r.code).toBe(400)
        expect(r.msg).toMatch(/密码|password/)
      }
      // the right password, on either process, is refused until the window ends
      for (const i of [0, 1]) {
        const r = await attempt(i, staff.password)
        expect(r.code, r.msg).toBe(429)
        expect(r.msg).toMatch(/短信验证码|SMS/)
      }
    })

    it('the SMS limits are shared: the per-phone gap and the per-address rate limit count on both', async () => {
      const phone = (n: number) => `1370000${String(n).padStart(4, '0')}`
      const first = await call(procs[0]!, 'POST', '/app/common/sms/login', { body: { telPhone: phone(1) } })
      expect(first.code, first.msg).toBe(200)
      // the same phone on the other process within the minute: refused
      const second = await call(procs[1]!, 'POST', '/app/common/sms/login', { body: { telPhone: phone(1) } })
      expect(second.code).toBe(429)
      expect(second.msg).toMatch(/wait|稍候|秒/)
      // the route's limit (10 a minute per address) counts requests to both processes together (Redis)
      const codes: number[] = []
      for (let i = 2; i <= 10; i++) {
        const r = await call(procs[i % 2]!, 'POST', '/app/common/sms/login', { body: { telPhone: phone(i) } })
        codes.push(r.code)
      }
      expect(codes.slice(0, 8)).toEqual(Array(8).fill(200))
      expect(codes[8]).toBe(429) // the 11th request of the minute, whichever process it reaches
      const sent = await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(smsCode)
        .where(and(eq(smsCode.tenantId, TENANT), sql`${smsCode.telPhone} like '1370000%'`))
      expect(sent[0]!.n).toBe(9)
    })

    it('a content change is visible on both processes within a second', async () => {
      const read = async (base: string) => {
        const r = await call<{ configKey: string; configValue: string }[]>(base, 'GET', '/app/common/config')
        return r.data
      }
      const before = await read(procs[0]!)
      expect(before.length).toBeGreaterThan(0)
      const key = before[0]!.configKey
      await read(procs[1]!) // both processes hold the list in their cache now
      const value = `changed ${Date.now()}`
      await db()
        .update(configTable)
        .set({ configValue: value })
        .where(and(eq(configTable.tenantId, TENANT), eq(configTable.configKey, key)))
      // cached: not seen yet (up to 30 s without the announcement)
      expect((await read(procs[1]!)).find((c) => c.configKey === key)?.configValue).not.toBe(value)
      const announced = await call(front, 'POST', '/staff/content/changed', {
        body: {},
        headers: { 'x-staff-token': staffToken },
      })
      expect(announced.code, announced.msg).toBe(200)
      const at = Date.now()
      for (const base of procs) {
        for (;;) {
          const seen = (await read(base)).find((c) => c.configKey === key)?.configValue
          if (seen === value) break
          expect(Date.now() - at, `${base} still shows the old value`).toBeLessThan(1000)
          await new Promise((r) => setTimeout(r, 25))
        }
      }
    })

    it('a timed exam past its deadline is submitted once, by one process per sweep tick', async () => {
      const { paperId } = await smallPaperOf(db(), TENANT)
      const e = await addExam(db(), TENANT, paperId, { durationSeconds: 600 })
      const started = await call<{ recordId: number }>(procs[0]!, 'POST', '/bank/exam/simulate', {
        token: learnerToken,
        body: { examId: e.id },
      })
      expect(started.code, started.msg).toBe(200)
      const id = started.data.recordId
      await db()
        .update(bankRecord)
        .set({
          startedAt: sql`now() - interval '15 minutes'`,
          deadlineAt: sql`now() - interval '5 minutes'`,
        })
        .where(eq(bankRecord.id, id))
      const markFrom = lines.length
      // the sweep runs every 15 s; two ticks at most
      const end = Date.now() + 35_000
      let row = (await db().select().from(bankRecord).where(eq(bankRecord.id, id)))[0]!
      while (!row.submittedAt && Date.now() < end) {
        await new Promise((r) => setTimeout(r, 500))
        row = (await db().select().from(bankRecord).where(eq(bankRecord.id, id)))[0]!
      }
      expect(row.submittedAt, 'the sweep submitted the attempt').not.toBeNull()
      expect(row.autoSubmitted).toBe(true)
      // what the processes said: the submit is reported once, and every exam tick was run by one process only
      await new Promise((r) => setTimeout(r, 500))
      const logs = lines
        .slice(markFrom)
        .map((l) => /^\[p(\d):\d+\] (\{.*\})$/.exec(l))
        .filter((m): m is RegExpExecArray => m !== null)
        .map(
          (m) =>
            ({ ...(JSON.parse(m[2]!) as Record<string, unknown>), proc: Number(m[1]) }) as Record<string, unknown> & {
              proc: number
            },
        )
      const submitted = logs.filter((l) => l.msg === 'exam attempts submitted at their deadline')
      expect(submitted.map((l) => l.submitted)).toEqual([1])
      const ticks = new Map<number, { ran: number; procs: Set<number> }>()
      for (const l of logs.filter((x) => x.msg === 'sweep tick' && x.sweep === 'exams')) {
        const t = ticks.get(l.tick as number) ?? { ran: 0, procs: new Set<number>() }
        if (l.ran) t.ran++
        t.procs.add(l.proc)
        ticks.set(l.tick as number, t)
      }
      expect(ticks.size).toBeGreaterThan(0)
      for (const [tick, t] of ticks) {
        expect(t.ran, `exam sweep tick ${tick}`).toBe(1)
      }
      // both processes took part in the race for the ticks
      expect(new Set([...ticks.values()].flatMap((t) => [...t.procs])).size).toBe(2)
    }, 60_000)

    it('live video: process 1 runs nginx-rtmp, process 2 follows it and plays from the same dir', async () => {
      const said = (proc: number) =>
        lines.find((l) => l.startsWith(`[p${proc}:`) && /"msg":"live video: (un)?available/.test(l))
      const end = Date.now() + 15_000
      while ((!said(1) || !said(2)) && Date.now() < end) await new Promise((r) => setTimeout(r, 200))
      expect(said(1)).toContain('live video: available (local)')
      expect(said(2)).toContain('live video: available (local)')
      expect(await free(rtmpPort), 'nginx-rtmp listens').toBe(false)
      // an HLS playlist nginx-rtmp wrote is served by either process (and through the front)
      const stream = `k${randomBytes(6).toString('hex')}`
      const hls = path.join(dataDir, 'live', 'hls', stream)
      fs.mkdirSync(hls, { recursive: true })
      fs.writeFileSync(path.join(hls, 'index.m3u8'), '#EXTM3U\n#EXT-X-VERSION:3\n')
      // the stream of a free class (the media routes check the learner may still enter the stream's channel)
      await db().insert(liveChannel).values({ tenantId: TENANT, name: 'cluster hls', streamKey: stream })
      const [viewer] = await makeUsers(db(), TENANT, 1)
      const token = mintMediaToken(secret, { tenantId: TENANT, userId: viewer!, target: `hls:${stream}` })
      for (const base of [...procs, front]) {
        const res = await fetch(`${base}/api/live/hls/${token}/${stream}/index.m3u8`)
        expect(res.status, base).toBe(200)
        expect(await res.text()).toContain('#EXTM3U')
      }
    })

    it('a chat message crosses processes (and WebSocket goes through nginx)', async () => {
      const room = await makeRoom(db(), TENANT)
      const [a, b, c] = await makeUsers(db(), TENANT, 3)
      const one = await ChatClient.connect(procs[0]!)
      const two = await ChatClient.connect(procs[1]!)
      const viaNginx = await ChatClient.connect(front)
      try {
        expect(await one.send('LOGIN', { token: tokenFor(secret, room, a!) })).toMatchObject({ ok: true })
        expect(await two.send('LOGIN', { token: tokenFor(secret, room, b!) })).toMatchObject({ ok: true })
        expect(await viaNginx.send('LOGIN', { token: tokenFor(secret, room, c!) })).toMatchObject({ ok: true })
        const said = (await one.send('SPEAK', { values: ['across the cluster'] })) as { ok: boolean; id: number }
        expect(said.ok).toBe(true)
        await two.waitChat((m) => m.id === said.id, 'the message on process 2')
        await viaNginx.waitChat((m) => m.id === said.id, 'the message through nginx')
      } finally {
        for (const c of [one, two, viaNginx]) c.close()
      }
    })
  })
}
