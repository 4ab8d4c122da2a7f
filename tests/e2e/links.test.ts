/**
 * Issue 12 in a real browser: every home entry, banner and My-account row opens a page with content (defect 2);
 * an unknown address shows the not-found page; each host wears its own tenant's name and colour on the header,
 * the tab bar and a primary button (defect 3); no unread badge for messages the learner cannot open (defect 4);
 * the register page's agreement links open the school's texts (defect 11); the floating widget leaves the end
 * of a list visible and steps aside while scrolling (defect 12).
 */
import { mkdirSync } from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  HOST_A,
  HOST_B,
  launchBrowser,
  loginWithCaptcha,
  newMobilePage,
  type Server,
  settled,
  sleep,
  startServer,
} from './harness'

let server: Server
let browser: Browser
const shots: Page[] = []

beforeAll(async () => {
  server = await startServer()
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail') return
  mkdirSync('.test-tmp', { recursive: true })
  for (const [i, p] of shots.entries())
    await p.screenshot({ path: `.test-tmp/e2e-links-${ctx.task.name.replace(/\W+/g, '-')}-${i}.png` }).catch(() => {})
})

const TENANT = { [HOST_A]: 1001, [HOST_B]: 1002 } as const
// ink: the brand's readable shade for small text (shared/rules/brand.ts inkOf, WCAG AA on white)
const BRAND = {
  [HOST_A]: { name: '安信职业培训学校', rgb: 'rgb(22, 119, 255)', ink: 'rgb(19, 105, 224)' },
  [HOST_B]: { name: '博学继续教育学院', rgb: 'rgb(19, 163, 91)', ink: 'rgb(15, 127, 71)' },
} as const

async function api<T>(host: keyof typeof TENANT, path: string): Promise<T> {
  const r = await fetch(`http://127.0.0.1:${server.port}/api${path}`, {
    headers: { 'tenant-id': String(TENANT[host]) },
  })
  return ((await r.json()) as { data: T }).data
}

/** The page on screen (Taro keeps visited tab pages hidden in the DOM). */
const onScreen = (page: Page) => page.locator('.taro_page_stationed').filter({ visible: true }).last()

/**
 * Waits until the page on screen shows real content (text, or the fields of a form), not the not-found page;
 * returns its text.
 */
async function contentOf(page: Page): Promise<string> {
  await settled(page)
  let text = ''
  await expect
    .poll(
      async () => {
        const raw = await onScreen(page)
          .textContent()
          .catch(() => '')
        text = (raw ?? '').trim()
        const fields = await onScreen(page).locator('input, textarea, img, canvas').count()
        return text.length + 10 * fields
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThan(20)
  expect(text).not.toMatch(/页面不存在|链接不存在/)
  return text
}

/** Logs the demo learner of tenant A in (taking over from another test's browser) and waits for My account. */
async function login(page: Page) {
  await loginWithCaptcha(page, server)
  const takeOver = page.locator('.taro__modal .taro-model__confirm')
  await Promise.race([
    page.waitForURL(/\/pages\/wd\/index/, { timeout: 15_000 }),
    takeOver.waitFor({ state: 'visible', timeout: 15_000 }).then(() => takeOver.click()),
  ])
  await page.waitForURL(/\/pages\/wd\/index/, { timeout: 15_000 })
}

/** Where a link lands: a tab page shows its path without the query; '/' is home. */
const landing = (link: string) => link.split('?')[0]!
const pathOf = (page: Page) => {
  const p = new URL(page.url()).pathname
  return p === '/' ? '/pages/index/index' : p
}

async function openHome(page: Page, host: string) {
  await page.goto(server.url(host, '/'))
  await settled(page)
  await onScreen(page).locator('.home-list-item').first().waitFor({ timeout: 15_000 })
}

describe('every link opens a page with content', () => {
  for (const host of [HOST_A, HOST_B] as const) {
    it(`home entries and banners of ${host}`, async () => {
      const { context, page } = await newMobilePage(browser)
      shots.splice(0, shots.length, page)
      if (host === HOST_A) await login(page)
      const items = await api<{ name: string; linkUrl: string }[]>(host, '/app/common/base/home/list')
      expect(items.length).toBe(8)
      for (const [i, item] of items.entries()) {
        await openHome(page, host)
        await onScreen(page).locator('.home-list-item').nth(i).click()
        const target = landing(item.linkUrl)
        // learner pages open the login page first for a visitor
        await expect
          .poll(() => pathOf(page), { timeout: 10_000, message: item.name })
          .toMatch(new RegExp(`^(${target}|/pages4/login/login)$`))
        await contentOf(page)
        // the live list (a learner page: a visitor is at the login page)
        if (item.name === '直播' && host === HOST_A)
          await onScreen(page).locator('.lv-live-list .lv-tab-live.is-active').waitFor({ timeout: 10_000 })
        if (item.name === '在线客服') await onScreen(page).getByText('微信客服').first().waitFor({ timeout: 10_000 })
      }

      const banners = await api<{ image: string; linkUrl: string }[]>(host, '/app/common/base/advertising/homeLocation')
      expect(banners.length).toBe(3)
      for (const b of banners) {
        await openHome(page, host)
        // the swiper shows one slide at a time: tap the banner's picture wherever the slide is
        await onScreen(page)
          .locator(`.home-banner-img[src$="${b.image}"], .home-banner-img img[src$="${b.image}"]`)
          .first()
          .dispatchEvent('click')
        await expect.poll(() => pathOf(page), { timeout: 10_000 }).toBe(landing(b.linkUrl))
        await contentOf(page)
      }
      await context.close()
    })
  }

  it('every My-account row of a learner', async () => {
    const { context, page } = await newMobilePage(browser)
    shots.splice(0, shots.length, page)
    await login(page)
    await page.goto(server.url(HOST_A, '/pages/wd/index'))
    await settled(page)
    await onScreen(page).locator('.wd-menu-pwd').waitFor({ timeout: 15_000 })
    const rows = await onScreen(page)
      .locator('[class*="wd-menu-"]')
      .evaluateAll((els) =>
        els.map((e) => [...e.classList].find((c) => c.startsWith('wd-menu-'))!).filter((c) => c !== 'wd-menu-lang'),
      )
    expect(rows.length).toBeGreaterThanOrEqual(12)
    const opened: Record<string, string> = {}
    for (const row of new Set(rows)) {
      await page.goto(server.url(HOST_A, '/pages/wd/index'))
      await settled(page)
      const el = onScreen(page).locator(`.${row}`).first()
      await el.waitFor({ timeout: 15_000 })
      await el.click()
      if (row === 'wd-menu-about') {
        // a dialog about the school, not a page
        const ok = page.locator('.taro__modal .taro-model__confirm').filter({ visible: true })
        await ok.waitFor({ timeout: 10_000 })
        expect((await page.locator('.taro__modal').allTextContents()).join(' ')).toContain(BRAND[HOST_A].name)
        await ok.click()
        continue
      }
      await expect.poll(() => pathOf(page), { timeout: 10_000, message: row }).not.toBe('/pages/wd/index')
      opened[row] = pathOf(page)
      await contentOf(page)
    }
    expect(Object.keys(opened).length).toBeGreaterThanOrEqual(12)
    await context.close()
  })

  it('an unknown address shows the not-found page with its nav bar and a way home', async () => {
    const { context, page } = await newMobilePage(browser)
    shots.splice(0, shots.length, page)
    await page.goto(server.url(HOST_B, '/pages3/news/archive'))
    await settled(page)
    await onScreen(page).getByText('页面不存在或已下线').waitFor({ timeout: 15_000 })
    expect(await onScreen(page).textContent()).toContain('/pages3/news/archive')
    expect(await onScreen(page).locator('.nav-bar-title').textContent()).toBe('页面不存在')
    await onScreen(page).locator('.not-found-home').click()
    await expect.poll(() => pathOf(page), { timeout: 10_000 }).toBe('/pages/index/index')
    await contentOf(page)
    await context.close()
  })
})

describe('each host wears its own tenant', () => {
  for (const host of [HOST_A, HOST_B] as const) {
    it(`${host}: name and colour of the header, the tab bar and a primary button`, async () => {
      const { context, page } = await newMobilePage(browser)
      shots.splice(0, shots.length, page)
      const { name, rgb, ink } = BRAND[host]
      const other = BRAND[host === HOST_A ? HOST_B : HOST_A].name
      for (const visit of ['first', 'again']) {
        await page.goto(server.url(host, '/'))
        await settled(page)
        const home = onScreen(page)
        await expect.poll(() => home.locator('.home-company').textContent(), { timeout: 15_000 }).toBe(name)
        expect(await home.textContent()).not.toContain(other)
        const colour = (sel: string, prop: 'backgroundColor' | 'color') =>
          page
            .locator(sel)
            .filter({ visible: true })
            .first()
            .evaluate((el, p) => getComputedStyle(el)[p], prop)
        await expect.poll(() => colour('.home-header', 'backgroundColor'), { message: visit }).toBe(rgb)
        // small text in the brand, or small white text on it: the brand's readable shade
        await expect.poll(() => colour('.tab-item-active .tab-label', 'color')).toBe(ink)
        // the floating widget rests docked at the edge in the brand (issue 25)
        await expect.poll(() => colour('.fw-tab', 'backgroundColor')).toBe(rgb)
      }
      // a form's primary button on another page
      await page.goto(server.url(host, '/pages2/register/register'))
      await settled(page)
      await expect
        .poll(() =>
          page
            .locator('.reg-submit')
            .filter({ visible: true })
            .evaluate((el) => getComputedStyle(el).backgroundColor),
        )
        .toBe(rgb)
      await context.close()
    })
  }
})

describe('what the learner can open', () => {
  it('the unread welcome message badges the tab and the bell, which opens the messages page', async () => {
    const { context, page } = await newMobilePage(browser)
    shots.splice(0, shots.length, page)
    await login(page)
    await page.goto(server.url(HOST_A, '/pages/wd/index'))
    await settled(page)
    await onScreen(page).locator('.wd-menu-pwd').waitFor({ timeout: 15_000 })
    await sleep(1500) // the badges are refreshed on show
    expect(await page.locator('.tab-item-4 .tab-badge').filter({ visible: true }).count()).toBe(1)
    expect(await onScreen(page).locator('.wd-msg-badge').textContent()).toBe('1')
    await onScreen(page).locator('.wd-msg-badge').click()
    await expect.poll(() => pathOf(page), { timeout: 10_000 }).toBe('/pages2/msg/index')
    await expect.poll(() => contentOf(page), { timeout: 10_000 }).toContain('欢迎加入')
    await context.close()
  })

  it('the register page opens the school’s agreement and privacy policy; the tick stays as it was', async () => {
    const { context, page } = await newMobilePage(browser)
    shots.splice(0, shots.length, page)
    for (const [cls, title] of [
      ['reg-terms-service', '用户服务协议'],
      ['reg-terms-privacy', '隐私政策'],
    ]) {
      await page.goto(server.url(HOST_B, '/pages2/register/register'))
      await settled(page)
      await onScreen(page).locator(`.${cls}`).click()
      await expect.poll(() => pathOf(page), { timeout: 10_000 }).toBe('/pages3/news/detail')
      const text = await contentOf(page)
      expect(text).toContain(title)
      expect(text).toContain('博学继续教育学院')
      await page.goBack()
      await settled(page)
      expect(await onScreen(page).locator('.reg-agree .form-check').getAttribute('class')).not.toMatch(/is-checked/)
    }
    await context.close()
  })

  it('the floating widget rests docked at the edge, covers no goods, and never covers the end of the list', async () => {
    const { context, page } = await newMobilePage(browser)
    shots.splice(0, shots.length, page)
    await page.goto(server.url(HOST_A, '/pages/course/index'))
    await settled(page)
    const shop = onScreen(page)
    await shop.locator('.goods-item').first().waitFor({ timeout: 15_000 })
    const widget = page.locator('.floating-widget').filter({ visible: true })
    // at rest it is a tab at the edge (its buttons covered the goods under them: issue 25); a tap brings them out
    await expect.poll(() => widget.getAttribute('class')).toMatch(/fw-docked/)
    expect(await widget.locator('.fw-btn').count()).toBe(0)
    await widget.click()
    await expect.poll(() => widget.locator('.fw-toggle').count()).toBe(1)
    // Taro's H5 page is the scroller, not the window
    await shop.evaluate((el) => el.scrollBy(0, 400))
    await expect.poll(() => widget.getAttribute('class')).toMatch(/fw-docked/)
    expect(await widget.locator('.fw-btn').count()).toBe(0)
    // every goods card on screen is clear of the docked tab
    const tab = (await widget.boundingBox())!
    for (const box of await shop
      .locator('.goods-sales')
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect))) {
      const overlaps = box.right > tab.x && box.bottom > tab.y && box.top < tab.y + tab.height
      expect(overlaps).toBe(false)
    }
    // to the end of the list (reach-bottom loads the rest), then the buttons back out: the end stays clear
    for (let i = 0; i < 10 && !(await shop.locator('.goods-list-end').isVisible()); i++) {
      await shop.evaluate((el) => el.scrollTo(0, el.scrollHeight))
      await sleep(800)
    }
    await shop.evaluate((el) => el.scrollTo(0, el.scrollHeight))
    await sleep(500)
    await widget.click()
    await expect.poll(() => widget.locator('.fw-backtop').count()).toBe(1)
    const w = (await widget.boundingBox())!
    const sales = (await shop.locator('.goods-sales').last().boundingBox())!
    expect(sales.y + sales.height).toBeLessThanOrEqual(w.y)
    // back to top: the scroll docks it again, at rest at the edge
    await widget.locator('.fw-backtop').click()
    await expect.poll(() => shop.evaluate((el) => el.scrollTop), { timeout: 5_000 }).toBe(0)
    await expect.poll(() => widget.getAttribute('class'), { timeout: 5_000 }).toMatch(/fw-docked/)
    await context.close()
  })
})
