/**
 * What only a real browser shows about the app's look (issue 12, "Looks"), on both demo tenants: the
 * question-bank entries and the home grid draw real icons (no blank squares, no single characters), the
 * search field's text is centred, and the player and booking pages wear the app's one nav bar with the whole
 * title (the H5 default nav bar cut the player's title after three characters).
 */
import { mkdirSync } from 'node:fs'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { fill, HOST_A, HOST_B, launchBrowser, type Server, settled, sleep, startServer, tap } from './harness'

const LEARNERS: Record<string, [string, string]> = {
  [HOST_A]: ['13800000001', 'Demo1234'],
  [HOST_B]: ['13900000002', 'Demo1234'],
}

let server: Server
let browser: Browser
const pages: Record<string, { context: BrowserContext; page: Page; token: string }> = {}

async function login(host: string) {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
  })
  const page = await context.newPage()
  const entry = { context, page, token: '' }
  page.on('request', (r) => {
    const auth = r.headers().authorization
    if (auth && r.url().includes('/api/')) entry.token = auth
  })
  const captcha = page.waitForResponse((r) => r.url().includes('/api/captchaImage'))
  await page.goto(server.url(host, '/pages4/login/login'))
  await settled(page)
  const { data } = await (await captcha).json()
  const [, text] = await server.waitForLog(new RegExp(`captcha ${data.uuid} = (\\w+)`))
  await fill(page, 'login-account', LEARNERS[host]![0])
  await fill(page, 'login-password', LEARNERS[host]![1])
  await fill(page, 'login-captcha', text)
  await tap(page, 'login-submit')
  for (let i = 0; i < 40 && !entry.token; i++) await sleep(500)
  if (!entry.token) throw new Error(`no authorised request after login on ${host}`)
  pages[host] = entry
}

async function api(host: string, path: string, init: { method?: string; body?: unknown } = {}) {
  const tenant = await (
    await fetch(`http://127.0.0.1:${server.port}/api/app/common/findTenantId?hostH5=${host}`)
  ).json()
  const r = await fetch(`http://127.0.0.1:${server.port}/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: pages[host]!.token,
      'tenant-id': String(tenant.data?.tenantId ?? tenant.data),
      'content-type': 'application/json',
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  })
  return r.json()
}

async function open(host: string, path: string) {
  const { page } = pages[host]!
  await page.goto(server.url(host, path))
  await settled(page)
  return page
}

/** The mask picture, size and painted colour of each icon matched by the selector on the stationed page. */
function icons(page: Page, selector: string) {
  return page.$$eval(`.taro_page_stationed ${selector}`, (els) =>
    els
      .filter((el) => (el as HTMLElement).offsetParent !== null)
      .map((el) => {
        const cs = getComputedStyle(el)
        const r = el.getBoundingClientRect()
        return {
          mask: cs.webkitMaskImage || cs.maskImage,
          width: r.width,
          height: r.height,
          paint: cs.backgroundColor,
          text: (el.textContent ?? '').trim(),
        }
      }),
  )
}

beforeAll(async () => {
  server = await startServer()
  browser = await launchBrowser()
  await login(HOST_A)
  await login(HOST_B)
}, 180_000)

afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') {
    mkdirSync('.test-tmp', { recursive: true })
    for (const [host, { page }] of Object.entries(pages))
      await page.screenshot({ path: `.test-tmp/looks-${host}-${ctx.task.name.replace(/\W+/g, '-')}.png` })
  }
})

afterAll(async () => {
  for (const { context } of Object.values(pages)) await context.close()
  await browser?.close()
  await server?.stop()
})

describe.each([HOST_A, HOST_B])('looks on %s', (host) => {
  it('question-bank tab: eleven entries, each a distinct drawn icon of a real size', async () => {
    const page = await open(host, '/pages/questionBank/index')
    await page.locator('.taro_page_stationed .qb-entry-special').filter({ visible: true }).waitFor({ timeout: 15_000 })
    const found = await icons(page, '.qb-entry .qb-entry-icon .icon')
    expect(found).toHaveLength(11)
    for (const i of found) {
      expect(i.mask).toContain('data:image/svg+xml;base64,')
      expect(i.width).toBeGreaterThanOrEqual(20)
      expect(i.height).toBeGreaterThanOrEqual(20)
      expect(i.paint).not.toBe('rgba(0, 0, 0, 0)')
    }
    expect(new Set(found.map((i) => i.mask)).size).toBe(11)
  })

  it('home grid: every entry is a drawn icon, not a picture of one character', async () => {
    const page = await open(host, '/pages/index/index')
    await page.locator('.taro_page_stationed .home-list-item').first().waitFor({ timeout: 15_000 })
    const items = await page.locator('.taro_page_stationed .home-list-item').count()
    expect(items).toBeGreaterThanOrEqual(8)
    const found = await icons(page, '.home-list-item .icon-tile .icon')
    expect(found).toHaveLength(items)
    expect(new Set(found.map((i) => i.mask)).size).toBe(items)
    expect(await page.locator('.taro_page_stationed .home-list-item img').count()).toBe(0)
  })

  it('shop search: the text of the field sits in its vertical middle', async () => {
    const page = await open(host, '/pages/course/index')
    const box = await page.locator('.taro_page_stationed .shop-search').boundingBox()
    const input = await page.locator('.taro_page_stationed .shop-search-input input').boundingBox()
    expect(box && input).toBeTruthy()
    const mid = (b: { y: number; height: number }) => b.y + b.height / 2
    expect(Math.abs(mid(input!) - mid(box!))).toBeLessThanOrEqual(2)
  })

  it("purchase centre: the server's copy of the first screen lies where the page draws, and goes once it has drawn", async () => {
    // the copy's removal is recorded instead of done, so its boxes can be compared with the page's own
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, locale: 'zh-CN' })
    try {
      await context.addInitScript(() => {
        const remove = Element.prototype.remove
        Element.prototype.remove = function (this: Element) {
          if (this.id === 'app-shell') (this as HTMLElement).dataset.dropped = '1'
          else remove.call(this)
        }
      })
      const page = await context.newPage()
      await page.goto(server.url(host, '/pages/course/index'))
      await page.waitForSelector('.taro_page_stationed .goods-item .goods-cover-wrap', { timeout: 30_000 })
      await page.waitForFunction(() => document.getElementById('app-shell')?.dataset.dropped === '1')
      const pairs = await page.evaluate(() => {
        const box = (sel: string) => {
          const r = document.querySelector(sel)?.getBoundingClientRect()
          return r ? [r.left, r.top, r.width, r.height].map(Math.round) : null
        }
        return [
          ['.taro_page_stationed .shop-search', '#app-shell .s-search'],
          ['.taro_page_stationed .chip-row-edu .chip', '#app-shell .s-chip'],
          ['.taro_page_stationed .type-tab', '#app-shell .s-type'],
          ['.taro_page_stationed .goods-cover-wrap', '#app-shell .s-cover'],
          ['.taro_page_stationed .goods-type-badge', '#app-shell .s-badge'],
        ].map(([real, copy]) => ({ real: box(real!), copy: box(copy!), name: copy }))
      })
      for (const p of pairs) {
        expect(p.copy, p.name).not.toBeNull()
        expect(p.copy, p.name).toEqual(p.real)
      }
    } finally {
      await context.close()
    }
  })

  it('player and booking: the app’s own nav bar, with the whole section name', async () => {
    const goods = await api(host, '/app/common/goods/list?goodsType=1&pageSize=50')
    const goodsId = goods.data.rows[0].goodsId as number
    const order = await api(host, '/order/placeSmallOrder', {
      method: 'POST',
      body: { goodsIds: [goodsId], idempotencyKey: `e2e-looks-${host === HOST_A ? 'a' : 'b'}-${Date.now()}` },
    })
    if (order.data?.pay?.payUrl)
      await fetch(`http://127.0.0.1:${server.port}${order.data.pay.payUrl}/confirm`, {
        method: 'POST',
        redirect: 'manual',
      })
    const courses = await api(host, `/course/courseList?goodsId=${goodsId}`)
    const menu = await api(host, `/course/menuList?goodsId=${goodsId}&courseId=${courses.data[0].courseId}`)
    const section = menu.data[0].sectionList[0] as { sectionId: number; sectionName: string }
    expect(Array.from(section.sectionName).length).toBeGreaterThan(4)

    const page = await open(host, `/pages3/polyv/index?goodsId=${goodsId}&sectionId=${section.sectionId}`)
    const title = page.locator('.taro_page_stationed .nav-bar .nav-bar-title')
    await expect.poll(() => title.textContent(), { timeout: 15_000 }).toBe(section.sectionName)
    const fits = await title.evaluate((el) => el.scrollWidth <= el.clientWidth)
    expect(fits).toBe(true)

    await open(host, '/pages2/appointment/index')
    await expect
      .poll(() => page.locator('.taro_page_stationed .nav-bar .nav-bar-title').textContent(), { timeout: 15_000 })
      .toBe('考点预约')
  })
})
