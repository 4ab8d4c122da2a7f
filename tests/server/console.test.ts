/**
 * The staff console's server side (docs/DECISIONS.md "Console"): who may sign in (accounts with a staff role, through
 * the learner login API), the staff desk through a manager's login token (a teacher's or learner's is refused; the
 * operator's X-Staff-Token still works and only when STAFF_TOKEN is set), staff roles given and taken, sign-out,
 * and the console's pages served from its build with SPA fallback and long-cached hashed assets.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REVIEW_STATUS } from '../../contract/schemas/learn-codes'
import { buildApp } from '../../server/src/app'
import { type AppConfig, defaultConfig } from '../../server/src/config'
import { sysUser, uploadObject } from '../../server/src/db/schema'
import { hashPassword } from '../../server/src/services/passwords'
import { idCardCheckChar } from '../../shared/rules/id-card'
import { call, captchaFor, DEMO, freshPglite, type Harness, harness, login } from './helpers'

const STAFF = 'staff-token-console-0123456789'
const PASSWORD = 'Staff1234'

let h: Harness
let learner: string
const extraApps: FastifyInstance[] = []

interface Res {
  status: number
  code: number
  msg: string
  // biome-ignore lint/suspicious/noExplicitAny: replies of several routes, narrowed by each test
  data: any
}

async function send(
  method: 'GET' | 'POST',
  url: string,
  o: { token?: string; staff?: string; tenant?: string; body?: unknown; lang?: string; app?: FastifyInstance } = {},
): Promise<Res> {
  const headers: Record<string, string> = { 'tenant-id': o.tenant ?? '1001' }
  if (o.token) headers.authorization = `Bearer ${o.token}`
  if (o.staff) headers['x-staff-token'] = o.staff
  if (o.lang) headers['accept-language'] = o.lang
  const r = await (o.app ?? h.app).inject({
    method,
    url: `/api${url}`,
    headers,
    ...(o.body === undefined ? {} : { payload: o.body as Record<string, unknown> }),
  })
  const b = JSON.parse(r.body)
  return { status: r.statusCode, code: b.code, msg: b.msg, data: b.data }
}

/** A new account of tenant 1001 with `role`, signed in through the same login API as the app (POST /login). */
async function staffAccount(phone: string, role: string): Promise<{ userId: number; token: string }> {
  const [u] = await h.database.db
    .insert(sysUser)
    .values({
      tenantId: 1001,
      userAccount: phone,
      telPhone: phone,
      passwordHash: await hashPassword(PASSWORD),
      nickName: `员工${phone.slice(-4)}`,
      staffRole: role,
    })
    .returning({ id: sysUser.id })
  const c = await captchaFor(h)
  const r = await call<{ token: string }>(h.app, 'POST /login', {
    body: { account: phone, password: PASSWORD, code: c.code, uuid: c.uuid },
  })
  expect(r.code).toBe(200)
  return { userId: u!.id, token: r.data.token }
}

async function appWith(overrides: Partial<AppConfig>): Promise<FastifyInstance> {
  const app = await buildApp({
    db: h.database.db,
    config: defaultConfig({ rateLimit: { max: 1_000_000, loginMax: 1_000_000, smsMax: 1_000_000 }, ...overrides }),
  })
  await app.ready()
  extraApps.push(app)
  return app
}

let manager: { userId: number; token: string }
let teacher: { userId: number; token: string }
let assistant: { userId: number; token: string }

beforeAll(async () => {
  h = await harness(await freshPglite(), { staffToken: STAFF })
  learner = await login(h, 1001, 'device-console-1')
  manager = await staffAccount('13700000101', 'manager')
  teacher = await staffAccount('13700000102', 'teacher')
  assistant = await staffAccount('13700000103', 'assistant')
})

afterAll(async () => {
  for (const app of extraApps) await app.close()
  await h?.close()
})

describe('GET /console/me', () => {
  it('names the staff account, its role and its school', async () => {
    const me = await send('GET', '/console/me', { token: manager.token })
    expect(me.code).toBe(200)
    expect(me.data).toMatchObject({
      userId: manager.userId,
      userAccount: '13700000101',
      staffRole: 'manager',
      tenantId: 1001,
    })
    expect(me.data.tenantName).toMatch(/\S/)
    expect((await send('GET', '/console/me', { token: teacher.token })).data.staffRole).toBe('teacher')
    expect((await send('GET', '/console/me', { token: assistant.token })).data.staffRole).toBe('assistant')
  })

  it('refuses a learner (403, in the language asked for), no token (401) and another tenant (401)', async () => {
    const refused = await send('GET', '/console/me', { token: learner })
    expect(refused).toMatchObject({ status: 403, code: 403, msg: 'this account is not a staff account' })
    const zh = await send('GET', '/console/me', { token: learner, lang: 'zh-CN' })
    expect(zh.msg).toBe('该账号不是本校工作人员账号，不能登录管理后台')
    expect((await send('GET', '/console/me')).code).toBe(401)
    expect((await send('GET', '/console/me', { token: 'not-a-token' })).code).toBe(401)
    // the manager's token is of tenant 1001: under 1002 it is unknown
    expect((await send('GET', '/console/me', { token: manager.token, tenant: '1002' })).code).toBe(401)
    expect((await send('GET', '/console/me', { token: manager.token, tenant: '9999' })).code).toBe(404)
    // the operator's secret names no account
    expect((await send('GET', '/console/me', { staff: STAFF })).code).toBe(401)
  })
})

describe('the staff desk through a login token', () => {
  it('takes a manager and refuses a teacher, an assistant and a learner', async () => {
    for (const url of [
      '/staff/refunds',
      '/staff/invoices',
      '/staff/certifications',
      '/staff/photos',
      '/staff/certificates',
    ]) {
      const ok = await send('GET', url, { token: manager.token })
      expect([url, ok.code]).toEqual([url, 200])
      expect(Array.isArray(ok.data)).toBe(true)
      expect(await send('GET', url, { token: teacher.token })).toMatchObject({
        code: 403,
        msg: 'your staff role may not do this',
      })
      expect((await send('GET', url, { token: assistant.token })).code).toBe(403)
      expect(await send('GET', url, { token: learner })).toMatchObject({
        code: 403,
        msg: 'this account is not a staff account',
      })
      expect((await send('GET', url)).code).toBe(401)
      expect((await send('GET', url, { token: manager.token, tenant: '1002' })).code).toBe(401)
    }
    // a decision by a teacher changes nothing
    expect((await send('POST', '/staff/refunds/1', { token: teacher.token, body: { approve: true } })).code).toBe(403)
  })

  it('keeps the operator token for scripts, and only when STAFF_TOKEN is set', async () => {
    expect((await send('GET', '/staff/refunds', { staff: STAFF })).code).toBe(200)
    expect((await send('GET', '/staff/refunds', { staff: 'wrong-token-0123456789' })).code).toBe(401)
    const noSecret = await appWith({})
    expect((await send('GET', '/staff/refunds', { staff: STAFF, app: noSecret })).code).toBe(401)
    // the desk is registered all the same: a manager uses it
    expect((await send('GET', '/staff/refunds', { token: manager.token, app: noSecret })).code).toBe(200)
  })

  it('a manager approves an identity certification: the learner is certified', async () => {
    const info = await call<{ userId: number; certStatus: number }>(h.app, 'GET /app/user/getInfo', { token: learner })
    const userId = info.data.userId
    const upload = async () => {
      const key = `t1001/u${userId}/img/20261122/${Math.random().toString(16).slice(2)}.jpg`
      await h.database.db
        .insert(uploadObject)
        .values({ tenantId: 1001, userId, key, size: 2048, mimeType: 'image/jpeg' })
      return `/oss/${key}`
    }
    const submitted = await call(h.app, 'POST /face/certification/idCardCompareFace', {
      token: learner,
      body: {
        realName: '张三',
        idCard: '11010119900307459X',
        idCardImageUrl: await upload(),
        faceImageUrl: await upload(),
      },
    })
    expect(submitted.code).toBe(200)
    const waiting = await send('GET', '/staff/certifications', { token: manager.token })
    expect(waiting.data).toEqual([expect.objectContaining({ userId, realName: '张三', idCard: '11010119900307459X' })])
    expect(
      (await send('POST', `/staff/certifications/${userId}`, { token: teacher.token, body: { approve: true } })).code,
    ).toBe(403)
    const decided = await send('POST', `/staff/certifications/${userId}`, {
      token: manager.token,
      body: { approve: true },
    })
    expect(decided.data).toEqual({ userId, status: REVIEW_STATUS.approved })
    const after = await call<{ certStatus: number }>(h.app, 'GET /app/user/getInfo', { token: learner })
    expect(after.data.certStatus).toBe(REVIEW_STATUS.approved)
    // decided once: a second decision is refused in the manager's language
    const again = await send('POST', `/staff/certifications/${userId}`, {
      token: manager.token,
      body: { approve: false },
      lang: 'zh-CN',
    })
    expect(again).toMatchObject({ code: 400, msg: '该学员没有待审核的实名认证' })
  })

  it('refuses to approve a certification whose ID number another account holds, and changes nothing', async () => {
    // a second learner binds the number first, while the first one's certification waits
    const idCard = `11010119850101123${idCardCheckChar('11010119850101123')}`
    const { userId: firstId, token: first } = await staffAccount('13700002001', '')
    const { userId: secondId, token: second } = await staffAccount('13700002002', '')
    const upload = async () => {
      const key = `t1001/u${firstId}/img/20261124/${Math.random().toString(16).slice(2)}.jpg`
      await h.database.db
        .insert(uploadObject)
        .values({ tenantId: 1001, userId: firstId, key, size: 2048, mimeType: 'image/jpeg' })
      return `/oss/${key}`
    }
    const submitted = await call(h.app, 'POST /face/certification/idCardCompareFace', {
      token: first,
      body: { realName: '李四', idCard, idCardImageUrl: await upload(), faceImageUrl: await upload() },
    })
    expect(submitted.code, submitted.msg).toBe(200)
    // binding is refused while the certification waits (its number is claimed)…
    const refusedBind = await call(h.app, 'POST /app/user/bind_idcard', {
      token: second,
      body: { realName: '王五', idCard },
    })
    expect(refusedBind.code).toBe(409)
    // …so the holder here is an account the number was bound to before the certification (by hand, an import)
    await h.database.db.update(sysUser).set({ idCard }).where(eq(sysUser.id, secondId))
    const decided = await send('POST', `/staff/certifications/${firstId}`, {
      token: manager.token,
      body: { approve: true },
      lang: 'zh-CN',
    })
    expect(decided).toMatchObject({ code: 409, msg: '该身份证号已绑定其他账号，请驳回此实名认证' })
    const info = await call<{ certStatus: number }>(h.app, 'GET /app/user/getInfo', { token: first })
    expect(info.data.certStatus).toBe(REVIEW_STATUS.pending)
    // rejecting still works
    const rejected = await send('POST', `/staff/certifications/${firstId}`, {
      token: manager.token,
      body: { approve: false, reason: '身份证号已被其他账号使用' },
    })
    expect(rejected.data).toEqual({ userId: firstId, status: REVIEW_STATUS.rejected })
  })
})

describe('staff accounts', () => {
  const roleOf = async (userId: number) =>
    (await h.database.db.select({ r: sysUser.staffRole }).from(sysUser).where(eq(sysUser.id, userId)))[0]!.r

  it('lists the staff of the school and finds any account by login name or phone', async () => {
    const list = await send('GET', '/staff/accounts', { token: manager.token })
    const accounts = list.data.map((a: { userAccount: string }) => a.userAccount)
    expect(accounts).toEqual(expect.arrayContaining(['13700000101', '13700000102', '13700000103']))
    expect(accounts).not.toContain(DEMO[1001].account)
    const found = await send('GET', `/staff/accounts?account=${DEMO[1001].account}`, { token: manager.token })
    expect(found.data).toEqual([expect.objectContaining({ userAccount: DEMO[1001].account, staffRole: '' })])
    // another school's staff see none of them
    const otherSchool = await send('GET', `/staff/accounts?account=${DEMO[1001].account}`, {
      staff: STAFF,
      tenant: '1002',
    })
    expect(otherSchool.data).toEqual([])
    expect((await send('GET', '/staff/accounts', { token: teacher.token })).code).toBe(403)
  })

  it('the operator token promotes an account; the role counts at once, and taking it away refuses the console', async () => {
    const info = await call<{ userId: number }>(h.app, 'GET /app/user/getInfo', { token: learner })
    const set = await send('POST', `/staff/accounts/${info.data.userId}/role`, {
      staff: STAFF,
      body: { staffRole: 'teacher' },
    })
    expect(set.data).toMatchObject({ userId: info.data.userId, staffRole: 'teacher' })
    expect((await send('GET', '/console/me', { token: learner })).data.staffRole).toBe('teacher')
    // a manager takes it away: the same token is refused at once
    const unset = await send('POST', `/staff/accounts/${info.data.userId}/role`, {
      token: manager.token,
      body: { staffRole: '' },
    })
    expect(unset.data.staffRole).toBe('')
    expect((await send('GET', '/console/me', { token: learner })).code).toBe(403)
  })

  it('refuses a bad role, an unknown or foreign account, a manager changing their own role, and a teacher', async () => {
    const to = (userId: number | string, body: unknown, o: { token?: string; staff?: string; tenant?: string } = {}) =>
      send('POST', `/staff/accounts/${userId}/role`, { token: manager.token, ...o, body })
    expect(await to(teacher.userId, { staffRole: 'admin' })).toMatchObject({
      code: 400,
      msg: 'staffRole: must be one of teacher, manager, assistant, or empty (no role)',
    })
    expect((await to(teacher.userId, {})).code).toBe(400)
    expect((await to('abc', { staffRole: 'teacher' })).code).toBe(400)
    expect(await to(99_999_999, { staffRole: 'teacher' })).toMatchObject({
      code: 400,
      msg: 'no account with that id in this school',
    })
    // tenant 1002's learner cannot be reached from 1001, nor 1001's staff from 1002
    const other = (
      await h.database.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.userAccount, DEMO[1002].account))
    )[0]!.id
    expect((await to(other, { staffRole: 'manager' })).code).toBe(400)
    expect(
      (await to(teacher.userId, { staffRole: 'manager' }, { token: undefined, staff: STAFF, tenant: '1002' })).code,
    ).toBe(400)
    expect(await to(manager.userId, { staffRole: 'teacher' })).toMatchObject({
      code: 400,
      msg: 'you cannot change your own staff role',
    })
    expect((await to(assistant.userId, { staffRole: 'manager' }, { token: teacher.token })).code).toBe(403)
    expect(await roleOf(teacher.userId)).toBe('teacher')
    expect(await roleOf(manager.userId)).toBe('manager')
    expect(await roleOf(assistant.userId)).toBe('assistant')
    expect(await roleOf(other)).toBe('')
  })
})

describe('POST /console/signout', () => {
  it('ends the token it is sent with, and only that one', async () => {
    const second = await staffAccount('13700000104', 'assistant')
    const c = await captchaFor(h)
    const again = await call<{ token: string }>(h.app, 'POST /login', {
      body: { account: '13700000104', password: PASSWORD, code: c.code, uuid: c.uuid },
    })
    expect((await send('POST', '/console/signout', { token: second.token })).code).toBe(200)
    expect((await send('GET', '/console/me', { token: second.token })).code).toBe(401)
    expect((await send('GET', '/console/me', { token: again.data.token })).code).toBe(200)
    expect((await send('POST', '/console/signout')).code).toBe(401)
  })
})

describe('the console pages', () => {
  let dir: string
  let app: FastifyInstance
  const js = 'console.log("console")'

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-dist-'))
    fs.mkdirSync(path.join(dir, 'assets'))
    fs.writeFileSync(
      path.join(dir, 'index.html'),
      '<!doctype html><html><head><meta name="api-base" content="/api"></head><body><script defer src="/console/assets/main-ABC123.js"></script></body></html>',
    )
    fs.writeFileSync(path.join(dir, 'assets', 'main-ABC123.js'), js)
    app = await appWith({ consoleDir: dir, apiBase: '/school-api' })
  })
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

  it('answers every page path with its index.html (never cached), naming the API base', async () => {
    for (const url of ['/console/', '/console/refunds', '/console/accounts?x=1']) {
      const r = await app.inject({ method: 'GET', url })
      expect([url, r.statusCode]).toEqual([url, 200])
      expect(r.headers['content-type']).toMatch(/^text\/html/)
      expect(r.headers['cache-control']).toBe('no-cache')
      expect(r.body).toContain('<meta name="api-base" content="/school-api">')
      expect(r.body).toContain('/console/assets/main-ABC123.js')
    }
    const bare = await app.inject({ method: 'GET', url: '/console?from=mail' })
    expect(bare.statusCode).toBe(301)
    expect(bare.headers.location).toBe('/console/?from=mail')
  })

  it('serves hashed assets for a year, and a missing asset is a 404, not the page', async () => {
    const r = await app.inject({ method: 'GET', url: '/console/assets/main-ABC123.js' })
    expect(r.statusCode).toBe(200)
    expect(r.body).toBe(js)
    expect(r.headers['content-type']).toMatch(/^application\/javascript/)
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    for (const url of [
      '/console/assets/main-OLD.js',
      '/console/assets/..%2Findex.html',
      '/console/assets/%2e%2e%2f%2e%2e%2fpackage.json',
    ]) {
      const miss = await app.inject({ method: 'GET', url })
      expect([url, miss.statusCode]).toEqual([url, 404])
      expect(miss.headers['content-type']).toMatch(/json/)
    }
  })

  it('says so when the console is not built', async () => {
    const unbuilt = await appWith({ consoleDir: path.join(dir, 'nothing-here') })
    const r = await unbuilt.inject({ method: 'GET', url: '/console/', headers: { 'accept-language': 'en' } })
    expect(r.statusCode).toBe(404)
    expect(JSON.parse(r.body).msg).toBe('The console is not built on this server (npm run build:console)')
  })
})
