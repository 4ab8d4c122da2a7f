/**
 * Browser-test harness: the real server (`server/src/main.ts`, embedded PGlite in a throw-away data dir)
 * serving the built H5 app, and Debian's Chromium driven by playwright-core. Two demo hosts are mapped to
 * loopback so the app tells tenants apart by host, as in production.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
import { afterAll, afterEach } from 'vitest'

export const root = resolve(fileURLToPath(new URL('../..', import.meta.url)))
export const HOST_A = 'a.xuexi-demo.com'
export const HOST_B = 'b.xuexi-demo.cn'
export const DEMO_A = { account: '13800000001', password: 'Demo1234' }

export interface Server {
  port: number
  logs: string[]
  url(host: string, path?: string): string
  /** waits for a log line whose `msg` matches, returns the match */
  waitForLog(re: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>
  stop(): Promise<void>
}

export async function startServer(env: Record<string, string> = {}): Promise<Server> {
  if (!existsSync(join(root, 'dist/h5/index.html'))) throw new Error('dist/h5 is missing: run `npm run build:h5`')
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-data-'))
  const port = 20000 + Math.floor(Math.random() * 20000)
  const logs: string[] = []
  const child: ChildProcess = spawn(join(root, 'node_modules/.bin/tsx'), [join(root, 'server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'debug',
      RATE_LIMIT_MAX: '100000',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const onData = (b: Buffer) => {
    for (const line of b.toString().split('\n')) if (line.trim()) logs.push(line)
  }
  child.stdout?.on('data', onData)
  child.stderr?.on('data', onData)
  const msgOf = (line: string) => {
    try {
      return String(JSON.parse(line).msg ?? '')
    } catch {
      return line
    }
  }
  const server: Server = {
    port,
    logs,
    url: (host, path = '/') => `http://${host}:${port}${path}`,
    async waitForLog(re, timeoutMs = 10_000) {
      const end = Date.now() + timeoutMs
      while (Date.now() < end) {
        for (let i = logs.length - 1; i >= 0; i--) {
          const m = msgOf(logs[i]).match(re)
          if (m) return m
        }
        await sleep(100)
      }
      throw new Error(`no log line matched ${re}`)
    },
    async stop() {
      child.kill('SIGTERM')
      await new Promise((r) => setTimeout(r, 1500))
      if (child.exitCode === null) child.kill('SIGKILL')
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
  const end = Date.now() + 120_000
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}:\n${logs.join('\n')}`)
    try {
      const r = await fetch(`http://127.0.0.1:${port}/api/app/common/findTenantId?hostH5=${HOST_A}`)
      if (r.ok) return server
    } catch {}
    await sleep(300)
  }
  await server.stop()
  throw new Error(`server did not answer in 120 s:\n${logs.join('\n')}`)
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--host-resolver-rules=MAP ${HOST_A} 127.0.0.1, MAP ${HOST_B} 127.0.0.1`,
    ],
  })
}

export async function newMobilePage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
  })
  const page = await context.newPage()
  return { context, page }
}

/** Taro's H5 pages slide in for 300 ms: wait until the current page is stationed. */
export async function settled(page: Page) {
  await page.waitForSelector('.taro_page.taro_page_stationed', { state: 'attached', timeout: 20_000 })
  await sleep(350)
}

/** Fills a Taro <Input className="x"> on H5 (rendered as taro-input-core > input). */
export async function fill(page: Page, className: string, value: string) {
  const loc = page
    .locator(`.taro_page_stationed .${className} input, .taro_page_stationed input.${className}`)
    .filter({ visible: true })
    .first()
  await loc.fill(value)
}

export async function tap(page: Page, className: string) {
  // Taro keeps visited tab pages in the DOM (hidden): act on the one on screen
  await page.locator(`.taro_page_stationed .${className}`).filter({ visible: true }).first().click()
}

export async function confirmModal(page: Page) {
  const btn = page.locator('.taro__modal .taro-model__confirm')
  await btn.waitFor({ state: 'visible', timeout: 15_000 })
  await btn.click()
}

export function sleep(ms: number) {
  return new Promise((r) => setTimeout(r, ms))
}

/** Logs the demo learner of tenant A in through the login page (account, password and captcha). */
export async function loginWithCaptcha(page: Page, server: Server, path = '/pages4/login/login') {
  const captcha = page.waitForResponse((r) => r.url().includes('/api/captchaImage'))
  await page.goto(server.url(HOST_A, path))
  await settled(page)
  const { data } = await (await captcha).json()
  const [, text] = await server.waitForLog(new RegExp(`captcha ${data.uuid} = (\\w+)`))
  await fill(page, 'login-account', DEMO_A.account)
  await fill(page, 'login-password', DEMO_A.password)
  await fill(page, 'login-captcha', text)
  await tap(page, 'login-submit')
}

/** What most browser test files start with: the real server, Chromium, and one phone-sized page on it. */
export async function openSession(
  env: Record<string, string> = {},
): Promise<{ server: Server; browser: Browser; page: Page }> {
  const server = await startServer(env)
  const browser = await launchBrowser()
  const { page } = await newMobilePage(browser)
  return { server, browser, page }
}

/** Logs in with account, password and captcha, and returns the token the app then sends with its calls. */
export async function loginCapturingToken(page: Page, server: Server): Promise<string> {
  let token = ''
  page.on('request', (r) => {
    const auth = r.headers().authorization
    if (auth && r.url().includes('/api/')) token = auth
  })
  await loginWithCaptcha(page, server)
  for (let i = 0; i < 40 && !token; i++) await sleep(500)
  if (!token) throw new Error('no authorised request after login')
  return token
}

/**
 * A file's last two hooks: a screenshot of a failed test in `.test-tmp/<name>-<test>.png`, and the browser and the
 * server closed after the file.
 */
export function shotOnFailureAndClose(
  name: string,
  session: () => { page?: Page; browser?: Browser; server?: Server },
): void {
  afterEach(async (ctx) => {
    const { page } = session()
    if (ctx.task.result?.state === 'fail' && page) {
      mkdirSync('.test-tmp', { recursive: true })
      await page.screenshot({ path: `.test-tmp/${name}-${ctx.task.name.replace(/\W+/g, '-')}.png` })
    }
  })
  afterAll(async () => {
    const { browser, server } = session()
    await browser?.close()
    await server?.stop()
  })
}

// biome-ignore lint/suspicious/noExplicitAny: loosely typed JSON of the routes a test calls
export type Envelope = { code: number; msg: string; data: any }

export interface ApiOptions {
  method?: string
  body?: unknown
  token?: string
  headers?: Record<string, string>
}

/**
 * The server's API as a test calls it beside the browser (tenant 1001): `api`, the app's account login (`apiLogin`,
 * the captcha read from the server's debug log) and a new learner's registration with the SMS code it logs.
 */
export function apiOf(server: () => Server) {
  const api = async (path: string, o: ApiOptions = {}): Promise<Envelope> => {
    const headers: Record<string, string> = { 'tenant-id': '1001', ...o.headers }
    if (o.token) headers.authorization = `Bearer ${o.token}`
    if (o.body !== undefined) headers['content-type'] = 'application/json'
    const res = await fetch(`http://127.0.0.1:${server().port}/api${path}`, {
      method: o.method ?? (o.body !== undefined ? 'POST' : 'GET'),
      headers,
      body: o.body === undefined ? undefined : JSON.stringify(o.body),
    })
    return (await res.json()) as Envelope
  }
  const apiLogin = async (account: string, password: string): Promise<string> => {
    const c = await api('/captchaImage')
    const [, text] = await server().waitForLog(new RegExp(`captcha ${c.data.uuid} = (\\w+)`))
    const r = await api('/login', { body: { account, password, code: text, uuid: c.data.uuid } })
    if (r.code !== 200) throw new Error(`login of ${account} failed: ${r.msg}`)
    return r.data.token
  }
  const register = async (phone: string, password: string): Promise<string> => {
    const sms = await api('/app/common/sms/register', { body: { telPhone: phone } })
    if (sms.code !== 200) throw new Error(`sms failed: ${sms.msg}`)
    const [, code] = await server().waitForLog(new RegExp(`sms code (\\d{6}) sent to ${phone}`))
    const reg = await api('/app/common/register_small', { body: { telPhone: phone, code, password } })
    if (reg.code !== 200) throw new Error(`register failed: ${reg.msg}`)
    return reg.data.token
  }
  return { api, apiLogin, register }
}
