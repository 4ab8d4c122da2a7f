/**
 * Test harness: a template PGlite database (migrated + seeded) is built ONCE per source version and
 * dumped to a tar in the OS temp dir; each test file loads a fresh copy from it (`loadDataDir`).
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { type ApiKey, apiRoutes } from '../../contract/api'
import type { RouteKey } from '../../contract/routes'
import { buildApp } from '../../server/src/app'
import { defaultConfig } from '../../server/src/config'
import { type Database, migrationsFolder, openDatabase } from '../../server/src/db'
import { captcha } from '../../server/src/db/schema'
import { seedIfEmpty } from '../../server/src/seed'
import type { SmsScene, SmsSender } from '../../server/src/services/sms'

const root = fileURLToPath(new URL('../../', import.meta.url))

function sourceHash(): string {
  const h = createHash('sha256')
  const files = [
    ...fs.readdirSync(migrationsFolder, { recursive: true }).map((f) => path.join(migrationsFolder, String(f))),
    ...fs.readdirSync(path.join(root, 'server/src/seed')).map((f) => path.join(root, 'server/src/seed', f)),
  ].sort()
  for (const f of files) if (fs.statSync(f).isFile()) h.update(f).update(fs.readFileSync(f))
  // the seed reads the lesson videos' and handouts' names and sizes too
  for (const dir of ['server/media/video', 'server/media/handout'].map((d) => path.join(root, d)))
    for (const f of fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [])
      h.update(f).update(String(fs.statSync(path.join(dir, f)).size))
  return h.digest('hex').slice(0, 16)
}

async function buildTemplate(file: string) {
  const database = await openDatabase({})
  await database.migrate()
  await seedIfEmpty(database.db)
  const blob = await database.pglite!.dumpDataDir('none')
  await database.close()
  const tmp = `${file}.${process.pid}.tmp`
  fs.writeFileSync(tmp, Buffer.from(await blob.arrayBuffer()))
  fs.renameSync(tmp, file)
}

/** The template tar; built by the first worker that needs it (others wait on its build lock). */
export async function templateBlob(): Promise<Blob> {
  const file = path.join(os.tmpdir(), `learn-exam-server-template-${sourceHash()}.tar`)
  const lock = `${file}.building`
  for (let i = 0; i < 600 && !fs.existsSync(file); i++) {
    let fd: number | undefined
    try {
      fd = fs.openSync(lock, 'wx')
    } catch {
      // another worker builds it (or a stale lock older than 2 minutes)
      if (Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? 0) > 120_000)
        fs.rmSync(lock, { force: true })
      await new Promise((r) => setTimeout(r, 200))
      continue
    }
    try {
      if (!fs.existsSync(file)) await buildTemplate(file)
    } finally {
      fs.closeSync(fd)
      fs.rmSync(lock, { force: true })
    }
  }
  return new Blob([fs.readFileSync(file)])
}

export const freshPglite = async (): Promise<Database> => openDatabase({ loadDataDir: await templateBlob() })

export class RecordingSms implements SmsSender {
  readonly sent: { telPhone: string; code: string; scene: SmsScene; tenantId: number }[] = []
  async send(telPhone: string, code: string, scene: SmsScene, tenantId: number) {
    this.sent.push({ telPhone, code, scene, tenantId })
  }
  last(telPhone: string) {
    return [...this.sent].reverse().find((s) => s.telPhone === telPhone)?.code
  }
}

export const SECRET = 'test-secret'

export interface Harness {
  app: FastifyInstance
  database: Database
  sms: RecordingSms
  close(): Promise<void>
}

export async function harness(
  database: Database,
  opts: { smsPerIpPerHour?: number; staffToken?: string } = {},
): Promise<Harness> {
  const sms = new RecordingSms()
  const base = defaultConfig()
  const app = await buildApp({
    db: database.db,
    config: defaultConfig({
      secret: SECRET,
      rateLimit: { max: 1_000_000, loginMax: 1_000_000, smsMax: 1_000_000 },
      sms: { ...base.sms, perIpPerHour: opts.smsPerIpPerHour ?? 10_000 },
      staffToken: opts.staffToken,
    }),
    services: { sms },
  })
  await app.ready()
  return {
    app,
    database,
    sms,
    close: async () => {
      await app.close()
      await database.close()
    },
  }
}

export interface CallOptions {
  tenant?: number | string | null
  token?: string
  query?: Record<string, unknown>
  params?: Record<string, string | number>
  body?: unknown
  ip?: string
  /** more request headers (e.g. a staff call's x-staff-token) */
  headers?: Record<string, string>
}

export interface Reply<T = unknown> {
  status: number
  code: number
  msg: string
  data: T
  raw: string
}

let ipCounter = 1
/** A distinct client address (keeps per-IP limits of one test away from the others). */
export const nextIp = () => `10.0.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`

// biome-ignore lint/suspicious/noExplicitAny: test replies are narrowed by each caller
export async function call<T = any>(app: FastifyInstance, key: ApiKey, o: CallOptions = {}): Promise<Reply<T>> {
  const meta = apiRoutes[key]
  let url = `/api${meta.path}`.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(String(o.params?.[name] ?? '1')),
  )
  if (o.query) {
    const qs = new URLSearchParams()
    for (const [k, v] of Object.entries(o.query)) if (v !== undefined) qs.append(k, String(v))
    url += `?${qs}`
  }
  const headers: Record<string, string> = {}
  const tenant = o.tenant === undefined ? 1001 : o.tenant
  if (tenant !== null) headers['tenant-id'] = String(tenant)
  if (o.token) headers.authorization = `Bearer ${o.token}`
  Object.assign(headers, o.headers)
  const res = await app.inject({
    method: meta.method,
    url,
    headers,
    remoteAddress: o.ip ?? '127.0.0.1',
    ...(o.body !== undefined ? { payload: o.body as object } : {}),
  })
  let parsed: { code: number; msg: string; data: T }
  try {
    parsed = JSON.parse(res.body)
  } catch {
    parsed = { code: -1, msg: res.body, data: null as T }
  }
  return { status: res.statusCode, code: parsed.code, msg: parsed.msg, data: parsed.data, raw: res.body }
}

/**
 * A reply that means the server failed (5xx status or envelope code — 6xx codes are refusals — or a stack trace in the body). The lock
 * status call answers code 500 with HTTP 200 by the spec ("locked elsewhere"): that one is an answer.
 */
export function serverFailed(key: ApiKey, r: Reply): boolean {
  const lockAnswer = key === 'POST /lock/lockStatus' && r.code === 500 && r.status === 200
  const code5xx = r.code >= 500 && r.code < 600 // 6xx are the app's own refusal codes
  return r.status >= 500 || (code5xx && !lockAnswer) || /\bat .+:\d+:\d+|stack/i.test(r.raw)
}

/** Fetches a captcha and reads its answer from the database (what LOG_LEVEL=debug prints). */
export async function captchaFor(h: Harness, tenant = 1001): Promise<{ uuid: string; code: string }> {
  const r = await call<{ uuid: string; img: string }>(h.app, 'GET /captchaImage', { tenant })
  const [row] = await h.database.db.select().from(captcha).where(eq(captcha.uuid, r.data.uuid))
  return { uuid: r.data.uuid, code: row!.text }
}

export const DEMO = {
  1001: { account: '13800000001', password: 'Demo1234' },
  1002: { account: '13900000002', password: 'Demo1234' },
} as const

export async function login(h: Harness, tenant: 1001 | 1002 = 1001, deviceUuid = 'device-aaaa-0001'): Promise<string> {
  const c = await captchaFor(h, tenant)
  const r = await call<{ token: string }>(h.app, 'POST /app/common/account_login', {
    tenant,
    body: { account: DEMO[tenant].account, password: DEMO[tenant].password, code: c.code, uuid: c.uuid, deviceUuid },
  })
  if (r.code !== 200) throw new Error(`login failed: ${r.raw}`)
  return r.data.token
}

/** Sends an SMS code for the scene and returns it (from the recording sender). */
export async function smsCodeFor(h: Harness, scene: SmsScene, telPhone: string, tenant = 1001): Promise<string> {
  const key = `POST /app/common/sms/${scene}` as RouteKey
  const r = await call(h.app, key, { tenant, body: { telPhone }, ip: nextIp() })
  if (r.code !== 200) throw new Error(`sms ${scene} failed: ${r.raw}`)
  return h.sms.last(telPhone)!
}
