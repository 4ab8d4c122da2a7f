/**
 * Scan login in real browsers against the real server (docs/DECISIONS.md "Scan login"), two contexts: a desktop PC
 * opens the login page and chooses 扫码登录; the test DECODES the rendered QR code from its pixels (jsQR), the logged-in
 * phone opens that link, sees the PC's browser and system, confirms and lands on pcLoginSuccess; the PC's poll brings
 * its own session through the login page's flow: the phone holds the single-device lock, so the PC is asked to take
 * over, does, and shows the learner on My account, while the phone's session is displaced (409).
 */
import { mkdirSync } from 'node:fs'
import jsQR from 'jsqr'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  confirmModal,
  HOST_A,
  launchBrowser,
  loginWithCaptcha,
  newMobilePage,
  type Server,
  settled,
  sleep,
  startServer,
  tap,
} from './harness'

const PC_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36'

let server: Server
let browser: Browser
let phone: Page
let pcContext: BrowserContext
let pc: Page
let phoneToken = ''
const pageErrors: string[] = []

const visible = (page: Page, cls: string) =>
  page.locator(`.taro_page_stationed .${cls}`).filter({ visible: true }).first()

/** Draws the QR image the page shows onto a canvas and decodes its pixels. */
async function decodeQr(page: Page): Promise<string> {
  const img = visible(page, 'scan-qr img').or(visible(page, 'img.scan-qr'))
  await img.waitFor({ timeout: 15_000 })
  const { width, height, pixels } = await page.evaluate(async () => {
    const el = (document.querySelector('.taro_page_stationed .scan-qr img') ??
      document.querySelector('.taro_page_stationed img.scan-qr')) as HTMLImageElement
    const picture = new Image()
    picture.src = el.currentSrc || el.src
    await picture.decode()
    const size = 400
    const canvas = document.createElement('canvas')
    canvas.width = size
    canvas.height = size
    const g = canvas.getContext('2d')!
    g.fillStyle = '#fff'
    g.fillRect(0, 0, size, size)
    g.drawImage(picture, 0, 0, size, size)
    const data = g.getImageData(0, 0, size, size).data
    let bin = ''
    for (let i = 0; i < data.length; i++) bin += String.fromCharCode(data[i]!)
    return { width: size, height: size, pixels: btoa(bin) }
  })
  const found = jsQR(new Uint8ClampedArray(Buffer.from(pixels, 'base64')), width, height)
  if (!found) throw new Error('no QR code could be read from the page')
  return found.data
}

beforeAll(async () => {
  server = await startServer()
  browser = await launchBrowser()
  phone = (await newMobilePage(browser)).page
  pcContext = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    userAgent: PC_AGENT,
    locale: 'zh-CN',
  })
  pc = await pcContext.newPage()
  for (const p of [phone, pc]) p.on('pageerror', (e) => pageErrors.push(String(e)))
  phone.on('request', (r) => {
    const auth = r.headers().authorization
    if (auth && r.url().includes('/api/')) phoneToken = auth
  })
  // the learner is logged in on the phone (and holds the single-device lock)
  const locked = phone.waitForResponse((r) => new URL(r.url()).pathname === '/api/lock/lockAction', {
    timeout: 30_000,
  })
  await loginWithCaptcha(phone, server)
  expect((await (await locked).json()).code).toBe(200)
}, 180_000)

afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') {
    mkdirSync('.test-tmp', { recursive: true })
    await pc.screenshot({ path: '.test-tmp/scan-login-pc.png' })
    await phone.screenshot({ path: '.test-tmp/scan-login-phone.png' })
  }
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe('scan login', () => {
  it('the phone confirms the QR code of the PC, and the PC is signed in with its own session', async () => {
    // PC: the login page, 扫码登录
    const created = pc.waitForResponse((r) => /\/api\/scan_code$/.test(new URL(r.url()).pathname))
    await pc.goto(server.url(HOST_A, '/pages4/login/login'))
    await settled(pc)
    await tap(pc, 'login-tab-scan')
    const ticket = (await (await created).json()).data.ticket as string
    const link = await decodeQr(pc)
    expect(link).toBe(server.url(HOST_A, `/pages4/login/pcLogin?ticket=${ticket}`))
    expect(await visible(pc, 'scan-url').textContent()).toBe(link)

    // phone: opens the link, sees which device asks
    await phone.goto(link)
    await settled(phone)
    await visible(phone, 'pc-browser').waitFor({ timeout: 15_000 })
    expect(await visible(phone, 'pc-browser').textContent()).toContain('Chrome 120')
    expect(await visible(phone, 'pc-os').textContent()).toContain('Windows 10')
    expect(await visible(phone, 'pc-ip').textContent()).toContain('127.0.*.*')
    // the PC sees it was scanned
    await expect
      .poll(
        async () =>
          (await pc
            .locator('.scan-state-scanned')
            .textContent()
            .catch(() => '')) ?? '',
        {
          timeout: 10_000,
        },
      )
      .toContain('已扫码，请在手机上确认')

    // phone: confirm
    await tap(phone, 'pc-confirm')
    await phone.waitForURL(/\/pages4\/login\/pcLoginSuccess/, { timeout: 15_000 })
    await settled(phone)
    expect(await visible(phone, 'result-head-title').textContent()).toBe('电脑端已登录')

    // PC: the poll brings the session; the phone holds the lock, so the PC is asked to take over
    await confirmModal(pc)
    await pc.waitForURL(/\/pages\/wd\/index/, { timeout: 20_000 })
    await settled(pc)
    await expect
      .poll(async () => (await visible(pc, 'wd-user-name').textContent()) ?? '', { timeout: 15_000 })
      .toBe('小明同学')

    // the phone's session was displaced by the take-over (single-device lock)
    for (let i = 0; i < 20 && !phoneToken; i++) await sleep(200)
    const res = await fetch(`http://127.0.0.1:${server.port}/api/app/user/getInfo`, {
      headers: { 'tenant-id': '1001', authorization: phoneToken },
    })
    expect(((await res.json()) as { code: number }).code).toBe(409)
    expect(pageErrors).toEqual([])
  }, 120_000)
})
