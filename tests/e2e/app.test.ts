/**
 * The foundation end to end in a real browser: tenants by host, the five tabs, login with captcha and with
 * SMS, logout, a 401 answered by one refresh and a retry, and the 409 modal when the same account takes over
 * from a second browser.
 */

import { mkdirSync } from 'node:fs'
import type { Browser, Page, Response } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  confirmModal,
  DEMO_A,
  fill,
  HOST_A,
  HOST_B,
  launchBrowser,
  loginWithCaptcha as loginAs,
  newMobilePage,
  type Server,
  settled,
  sleep,
  startServer,
  tap,
} from './harness'

// Tokens live 6 s here so that the refresh-and-retry path runs for real.
const ACCESS_TTL = 6

let server: Server
let browser: Browser

beforeAll(async () => {
  server = await startServer({ ACCESS_TTL_SECONDS: String(ACCESS_TTL) })
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

const loginWithCaptcha = (page: Page) => loginAs(page, server)

describe('tenants by host', () => {
  it('shows each tenant its own home, asking the server with its own tenant id', async () => {
    const seen: Record<string, string> = {}
    const lookups: string[] = [] // the page itself names its host's tenant: a first visit does not ask
    for (const [host, name] of [
      [HOST_A, '安信'],
      [HOST_B, '博学'],
    ]) {
      const { context, page } = await newMobilePage(browser)
      page.on('request', (r) => {
        if (r.url().includes('/api/app/common/base/home/list')) seen[host] = r.headers()['tenant-id']
        if (r.url().includes('/api/app/common/findTenantId')) lookups.push(r.url())
      })
      await page.goto(server.url(host, '/'))
      await settled(page)
      await expect.poll(() => page.locator('.home-header').textContent(), { timeout: 15_000 }).toContain(name)
      await page.locator('.home-list-item').first().waitFor({ timeout: 15_000 })
      await page.locator('.news-item').first().waitFor({ timeout: 15_000 })
      await context.close()
    }
    expect(seen[HOST_A]).toBe('1001')
    expect(seen[HOST_B]).toBe('1002')
    expect(lookups).toEqual([])
  })
})

describe('language', () => {
  it('switches to English (loaded on demand) and keeps it after a reload', async () => {
    const { context, page } = await newMobilePage(browser)
    const enChunk: string[] = []
    page.on('request', (r) => {
      if (/i18n-en/.test(r.url())) enChunk.push(r.url())
    })
    await page.goto(server.url(HOST_A, '/pages/wd/index'))
    await settled(page)
    expect(enChunk).toEqual([]) // the first load carries Chinese only
    await expect.poll(() => page.locator('.wd-login-btn').filter({ visible: true }).textContent()).toContain('登录')
    await page.locator('.wd-lang-en').filter({ visible: true }).click()
    await expect
      .poll(() => page.locator('.wd-login-btn').filter({ visible: true }).first().textContent(), { timeout: 10_000 })
      .toContain('Log in')
    expect(enChunk.length).toBeGreaterThan(0)
    await page.reload()
    await settled(page)
    await expect
      .poll(() => page.locator('.wd-login-btn').filter({ visible: true }).first().textContent(), { timeout: 10_000 })
      .toContain('Log in')
    await context.close()
  })
})

describe('a learner', () => {
  let page: Page
  let close: () => Promise<void>

  beforeAll(async () => {
    const p = await newMobilePage(browser)
    page = p.page
    close = () => p.context.close()
  })
  afterAll(async () => close?.())
  // a failing step leaves a screenshot in .test-tmp/ to look at
  afterEach(async (ctx) => {
    if (ctx.task.result?.state !== 'fail') return
    mkdirSync('.test-tmp', { recursive: true })
    await page.screenshot({ path: `.test-tmp/e2e-${ctx.task.name.replace(/\W+/g, '-')}.png` }).catch(() => undefined)
  })

  it('switches the five tabs', async () => {
    await page.goto(server.url(HOST_A, '/'))
    await settled(page)
    const paths = ['/pages/course/index', '/pages/learn/index', '/pages/questionBank/index', '/pages/wd/index']
    for (const [i, path] of paths.entries()) {
      await tap(page, `tab-item-${i + 1}`)
      await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe(path)
      await settled(page)
    }
    await tap(page, 'tab-item-0')
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toMatch(/^\/(pages\/index\/index)?$/)
  })

  it('logs in with account, password and captcha, and sees their account', async () => {
    await loginWithCaptcha(page)
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/pages/wd/index')
    await settled(page)
    await expect
      .poll(() => page.locator('.taro_page_stationed .wd-phone').filter({ visible: true }).textContent(), {
        timeout: 15_000,
      })
      .toContain('0001')
  })

  it('logs out: the session is gone and home is shown', async () => {
    await tap(page, 'wd-logout')
    await confirmModal(page)
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toMatch(/^\/(pages\/index\/index)?$/)
    const stored = await page.evaluate(() => Object.keys(localStorage).filter((k) => /token|user_account/.test(k)))
    const values = await page.evaluate((keys) => keys.map((k) => localStorage.getItem(k)), stored)
    for (const v of values) expect(v ?? '').not.toMatch(/[0-9a-f]{16,}|13800000001/)
    await settled(page)
    await tap(page, 'tab-item-4')
    await page.locator('.taro_page_stationed .wd-login-btn').filter({ visible: true }).waitFor({ timeout: 10_000 })
  })

  it('logs in with an SMS code', async () => {
    await page.goto(server.url(HOST_A, '/pages4/login/login'))
    await settled(page)
    await tap(page, 'login-tab-sms')
    await fill(page, 'login-phone', DEMO_A.account)
    const sentAt = server.logs.length
    await tap(page, 'login-send-sms')
    const [, code] = await server.waitForLog(new RegExp(`sms code (\\d{6}) sent to ${DEMO_A.account}`))
    expect(server.logs.length).toBeGreaterThan(sentAt)
    await fill(page, 'login-sms-code', code)
    await tap(page, 'login-submit')
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/pages/wd/index')
    await expect
      .poll(() => page.locator('.taro_page_stationed .wd-phone').filter({ visible: true }).textContent(), {
        timeout: 15_000,
      })
      .toContain('0001')
  })

  it('answers an expired token with one refresh and a retry, without sending the learner to login', async () => {
    await sleep((ACCESS_TTL + 1) * 1000)
    const log: Array<{ path: string; code: number }> = []
    const onResponse = async (r: Response) => {
      const u = new URL(r.url())
      if (!u.pathname.startsWith('/api/')) return
      try {
        log.push({ path: u.pathname, code: (await r.json()).code })
      } catch {}
    }
    page.on('response', onResponse)
    await tap(page, 'tab-item-0')
    await settled(page)
    await tap(page, 'tab-item-4')
    await expect
      .poll(() => log.some((e) => e.path.startsWith('/api/refreshToken/') && e.code === 200), { timeout: 15_000 })
      .toBe(true)
    await expect
      .poll(() => log.some((e) => e.path === '/api/app/user/getInfo' && e.code === 200), { timeout: 15_000 })
      .toBe(true)
    page.off('response', onResponse)
    expect(log.some((e) => e.code === 401)).toBe(true)
    expect(log.filter((e) => e.path.startsWith('/api/refreshToken/')).length).toBe(1)
    expect(new URL(page.url()).pathname).toBe('/pages/wd/index')
  })

  it('shows the 409 modal once when the same account takes over from another browser', async () => {
    await loginWithCaptcha(page)
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/pages/wd/index')
    await settled(page)
    const other = await newMobilePage(browser)
    await loginWithCaptcha(other.page)
    // the first browser still holds the lock: the second is asked to take over, and does
    await confirmModal(other.page)
    await expect.poll(() => new URL(other.page.url()).pathname, { timeout: 15_000 }).toBe('/pages/wd/index')

    // the displaced browser's next call (the home tab's badge refresh) answers 409
    await tap(page, 'tab-item-0')
    const modal = page.locator('.taro__modal .taro-modal__text')
    await expect.poll(() => modal.textContent(), { timeout: 15_000 }).toMatch(/其他设备|another device/)
    expect(await page.locator('.taro__modal').count()).toBe(1)
    await confirmModal(page)
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/pages4/login/login')
    await other.context.close()
  })
})
