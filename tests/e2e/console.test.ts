/**
 * The staff console in a real browser against the real server (docs/DECISIONS.md "Console"): a learner submits an
 * identity certification through the API; a learner's account is refused at the console's sign-in; a manager
 * (an account registered through the app's API and given the role with the operator's X-Staff-Token) signs in
 * with the same login API and picture code as the app, approves the certification, and the learner is certified.
 */
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { deflateSync } from 'node:zlib'
import type { Browser, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { DEMO_A, HOST_A, launchBrowser, root, type Server, shotOnFailureAndClose, startServer } from './harness'

const STAFF_TOKEN = 'e2e-staff-token-0123456789abcdef'
const MANAGER = { phone: '13700000201', password: 'Manager1234' }

let server: Server
let browser: Browser
let page: Page

// biome-ignore lint/suspicious/noExplicitAny: loosely typed JSON of several routes in one test helper
type Envelope = { code: number; msg: string; data: any }

async function api(
  path: string,
  o: { method?: string; body?: unknown; token?: string; staff?: boolean; form?: FormData } = {},
): Promise<Envelope> {
  const headers: Record<string, string> = { 'tenant-id': '1001' }
  if (o.token) headers.authorization = `Bearer ${o.token}`
  if (o.staff) headers['x-staff-token'] = STAFF_TOKEN
  if (o.body !== undefined) headers['content-type'] = 'application/json'
  const res = await fetch(`http://127.0.0.1:${server.port}/api${path}`, {
    method: o.method ?? (o.body !== undefined || o.form ? 'POST' : 'GET'),
    headers,
    body: o.form ?? (o.body === undefined ? undefined : JSON.stringify(o.body)),
  })
  return (await res.json()) as Envelope
}

/** The app's account login, the captcha read from the server's debug log. */
async function apiLogin(account: string, password: string): Promise<string> {
  const c = await api('/captchaImage')
  const [, text] = await server.waitForLog(new RegExp(`captcha ${c.data.uuid} = (\\w+)`))
  const r = await api('/login', { body: { account, password, code: text, uuid: c.data.uuid } })
  if (r.code !== 200) throw new Error(`login failed: ${r.msg}`)
  return r.data.token
}

const CRC = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
function crc32(buf: Buffer): number {
  let c = 0xffffffff
  for (const b of buf) c = CRC[(c ^ b) & 0xff]! ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}
function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4)
  len.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([len, body, crc])
}
/** A valid grey PNG (what a phone's camera would upload, smaller). */
function png(width: number, height: number, grey: number): Buffer {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr.set([8, 0, 0, 0, 0], 8)
  const rows = Buffer.alloc((width + 1) * height, grey)
  for (let y = 0; y < height; y++) rows[y * (width + 1)] = 0
  return Buffer.concat([
    Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

async function uploadImage(token: string, grey: number): Promise<string> {
  const form = new FormData()
  form.append('file', new Blob([png(120, 90, grey)], { type: 'image/png' }), 'photo.png')
  const r = await api('/aliyun/oss/upload?imageStatus=1', { token, form })
  if (r.code !== 200) throw new Error(`upload failed: ${r.msg}`)
  return r.data.url
}

/** Fills the console's sign-in form, reading the picture code's answer from the server log. */
async function signIn(account: string, password: string) {
  const onConsole = page.url().includes('/console')
  // a fresh picture code (each is good for one try): the page's first, or another one asked for
  if (onConsole) await page.waitForLoadState('networkidle')
  const captcha = page.waitForResponse((r) => r.url().includes('/api/captchaImage'))
  if (onConsole) await page.locator('.captcha').click()
  else await page.goto(server.url(HOST_A, '/console/'))
  const { data } = await (await captcha).json()
  const [, text] = await server.waitForLog(new RegExp(`captcha ${data.uuid} = (\\w+)`))
  await page.locator('.signin-account').fill(account)
  await page.locator('.signin-password').fill(password)
  await page.locator('.signin-captcha').fill(text)
  await page.locator('.signin-submit').click()
}

let learnerToken = ''

beforeAll(async () => {
  // the console's build (quick): made here when `npm test` has not made it yet
  execFileSync(process.execPath, [join(root, 'scripts', 'build-console.mjs'), '--if-stale'], { stdio: 'inherit' })
  server = await startServer({ STAFF_TOKEN })
  browser = await launchBrowser()
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, locale: 'zh-CN' })
  page = await context.newPage()

  // the learner submits an identity certification (ID photo + face photo), as the app does
  learnerToken = await apiLogin(DEMO_A.account, DEMO_A.password)
  const submitted = await api('/face/certification/idCardCompareFace', {
    token: learnerToken,
    body: {
      realName: '张三',
      idCard: '11010119900307459X',
      idCardImageUrl: await uploadImage(learnerToken, 0x90),
      faceImageUrl: await uploadImage(learnerToken, 0xc0),
    },
  })
  if (submitted.code !== 200) throw new Error(`certification failed: ${submitted.msg}`)

  // a new account registers through the app's API; the operator's token makes it the school's manager
  const sms = await api('/app/common/sms/register', { body: { telPhone: MANAGER.phone } })
  if (sms.code !== 200) throw new Error(`sms failed: ${sms.msg}`)
  const [, code] = await server.waitForLog(new RegExp(`sms code (\\d{6}) sent to ${MANAGER.phone}`))
  const reg = await api('/app/common/register_small', {
    body: { telPhone: MANAGER.phone, code, password: MANAGER.password },
  })
  if (reg.code !== 200) throw new Error(`register failed: ${reg.msg}`)
  const found = await api(`/staff/accounts?account=${MANAGER.phone}`, { staff: true })
  const set = await api(`/staff/accounts/${found.data[0].userId}/role`, { staff: true, body: { staffRole: 'manager' } })
  if (set.data?.staffRole !== 'manager') throw new Error(`role not set: ${set.msg}`)
}, 240_000)

shotOnFailureAndClose('console', () => ({ page, browser, server }))

describe('the staff console', () => {
  it('refuses a learner account at sign-in, in Chinese', async () => {
    await signIn(DEMO_A.account, DEMO_A.password)
    await expect
      .poll(() => page.locator('.signin-error').textContent(), { timeout: 10_000 })
      .toBe('该账号不是本校工作人员账号，不能登录管理后台')
    expect(await page.locator('.nav').count()).toBe(0)
  })

  it('a manager signs in and approves the identity certification: the learner is certified', async () => {
    await signIn(MANAGER.phone, MANAGER.password)
    await page.locator('.me-role').waitFor({ timeout: 15_000 })
    expect(await page.locator('.me-role').textContent()).toBe('管理员')
    // the overview counts what waits: one certification
    await expect.poll(() => page.locator('.tile-certifications .tile-count').textContent()).toBe('1')

    await page.locator('.nav-certifications').click()
    const card = page.locator('.page-certifications .card').filter({ hasText: '张三' })
    await card.waitFor({ timeout: 10_000 })
    expect(await card.textContent()).toContain('11010119900307459X')
    // both uploaded photos are shown (loaded, not broken)
    await expect
      .poll(() => card.locator('img').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).naturalWidth)))
      .toEqual([120, 120])

    await card.locator('.approve').click()
    await page.locator('.dialog').waitFor()
    expect(await page.locator('.dialog').textContent()).toContain('张三（11010119900307459X）')
    await page.locator('.dialog-confirm').click()
    await expect.poll(() => page.locator('.notice-ok').textContent()).toBe('张三 的实名认证已通过')
    await expect.poll(() => page.locator('.state-empty').textContent()).toBe('没有待审核的实名认证')

    const info = await api('/app/user/getInfo', { token: learnerToken })
    expect(info.data.certStatus).toBe(2)
    expect(info.data.realName).toBe('张三')
  })

  it('keeps the session on reload of a deep link, switches to English, and signs out', async () => {
    await page.reload()
    await page.locator('.page-certifications').waitFor({ timeout: 10_000 })
    await page.locator('.lang-switch').click()
    await expect.poll(() => page.locator('.page-certifications h1').textContent()).toBe('Identity reviews')
    await page.locator('.lang-switch').click()
    await page.locator('.sign-out').click()
    await expect.poll(() => page.locator('.signin-error').textContent()).toBe('已退出登录')
    expect(page.url()).toContain('/console/')
  })

  it('on a loopback address, asks for the domain of the school and signs in to it', async () => {
    await page.goto(`http://127.0.0.1:${server.port}/console/`)
    await page.locator('.signin-host').fill(HOST_A)
    const captcha = page.waitForResponse((r) => r.url().includes('/api/captchaImage'))
    await page.locator('.signin-account').focus() // leaving the host field looks the school up
    const { data } = await (await captcha).json()
    const [, text] = await server.waitForLog(new RegExp(`captcha ${data.uuid} = (\\w+)`))
    await page.locator('.signin-account').fill(MANAGER.phone)
    await page.locator('.signin-password').fill(MANAGER.password)
    await page.locator('.signin-captcha').fill(text)
    await page.locator('.signin-submit').click()
    await expect.poll(() => page.locator('.me-role').textContent(), { timeout: 15_000 }).toBe('管理员')
  })
})
