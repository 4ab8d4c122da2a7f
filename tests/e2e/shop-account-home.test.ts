/**
 * Issue 25 ("what learners and teachers tripped over": shop, account and home) in a real browser on both demo
 * schools: a newcomer of school B buys on its website (its hideBuyState is a mini-program rule: docs/DECISIONS.md
 * "Shop, account and home fixes"); banners open their goods and 证书查询 the public check without a login; an order
 * opens its own page; the register agreement's tick is a 44 px target; a changed password goes back with its toast;
 * the system modal confirms in the school's colour; the PC login page is a centered card with the QR code.
 */
import { mkdirSync } from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { fill, HOST_A, HOST_B, newMobilePage, openSession, type Server, settled, sleep, tap } from './harness'

let server: Server
let browser: Browser
let page: Page

const NEWCOMER = '13700000025'
const BRAND_RGB = { [HOST_A]: 'rgb(22, 119, 255)', [HOST_B]: 'rgb(19, 163, 91)' } as const
const path = () => new URL(page.url()).pathname
const visible = (cls: string, p = page) => p.locator(`.taro_page_stationed .${cls}`).filter({ visible: true }).first()
const api = async (tenant: string, p: string) =>
  (await (await fetch(`http://127.0.0.1:${server.port}/api${p}`, { headers: { 'tenant-id': tenant } })).json()).data

beforeAll(async () => {
  ;({ server, browser, page } = await openSession())
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail') return
  mkdirSync('.test-tmp', { recursive: true })
  await page.screenshot({ path: `.test-tmp/e2e-issue25-${ctx.task.name.replace(/\W+/g, '-')}.png` }).catch(() => {})
})

describe('shop, account and home (issue 25)', () => {
  it('school B: a newcomer sees prices, logs in with 手机号登录 and buys a course on the website', async () => {
    const rows: { goodsId: number; goodsName: string; price: number; goodsType: number }[] = (
      await api('1002', '/app/common/goods/list?goodsType=1&pageSize=50')
    ).rows
    const course = rows.find((g) => g.price > 0)!
    await page.goto(server.url(HOST_B, `/pages3/course/detail?id=${course.goodsId}`))
    await settled(page)
    await expect.poll(() => visible('detail-price').textContent(), { timeout: 15_000 }).toContain('¥')
    await tap(page, 'detail-buy')
    await expect.poll(path, { timeout: 10_000 }).toBe('/pages4/login/login')
    await settled(page)
    await tap(page, 'login-tab-sms')
    expect(await page.locator('.taro_page_stationed .login-password').count()).toBe(0)
    await fill(page, 'login-phone', NEWCOMER)
    await tap(page, 'login-send-sms')
    const [, code] = await server.waitForLog(new RegExp(`sms code (\\d{6}) sent to ${NEWCOMER}`))
    await fill(page, 'login-sms-code', code!)
    await tap(page, 'login-submit')
    await expect.poll(path, { timeout: 15_000 }).toBe('/pages3/course/detail')
    await settled(page)
    await tap(page, 'detail-buy')
    await expect.poll(path, { timeout: 10_000 }).toBe('/pages2/order/confirm_list')
    await settled(page)
    // the checkout: validity, the price breakdown and the agreement the order accepts
    await expect.poll(() => visible('confirm-validity').textContent(), { timeout: 10_000 }).toMatch(/有效期/)
    expect(await visible('confirm-due').textContent()).toContain((course.price / 100).toFixed(2))
    expect(await visible('confirm-terms').textContent()).toContain('用户服务协议')
    await tap(page, 'confirm-submit')
    await expect.poll(path, { timeout: 10_000 }).toBe('/pages2/order/confirm_pay')
    await settled(page)
    await tap(page, 'pay-now')
    await page.waitForURL(/\/pay\/local\//, { timeout: 15_000 })
    await page.locator('form button[type="submit"]').click()
    await expect.poll(path, { timeout: 20_000 }).toBe('/pages2/order/confirm_success')
    await settled(page)
    await visible('success-title').waitFor({ timeout: 25_000 })
  })

  it('My orders opens the order on its own page: state, money, payment, invoice, and the way back', async () => {
    await page.goto(server.url(HOST_B, '/pages2/order/index'))
    await settled(page)
    await visible('order-item').waitFor({ timeout: 15_000 })
    await visible('order-item-open').click()
    await expect.poll(path, { timeout: 10_000 }).toBe('/pages2/order/detail')
    await settled(page)
    await expect.poll(() => visible('od-status').textContent(), { timeout: 10_000 }).toBe('已支付')
    expect(await visible('od-pay').textContent()).toContain('实付金额')
    expect(await visible('od-pay-by').textContent()).toContain('支付方式')
    expect(await visible('od-invoice').textContent()).toContain('未申请')
    expect(await visible('od-actions').textContent()).toMatch(/申请退款.*申请发票|申请发票.*申请退款|查看凭证/)
    await tap(page, 'od-all')
    await expect.poll(path, { timeout: 10_000 }).toBe('/pages2/order/index')
  })

  it('the system modal confirms in the school colour, not WeChat green', async () => {
    for (const host of [HOST_B, HOST_A] as const) {
      await page.goto(server.url(host, '/pages/wd/index'))
      await settled(page)
      await visible('wd-menu-about').click()
      const confirm = page.locator('.taro-model__confirm').filter({ visible: true })
      await confirm.waitFor({ timeout: 10_000 })
      await expect.poll(() => confirm.evaluate((e) => getComputedStyle(e).color)).toBe(BRAND_RGB[host])
      await confirm.click()
      await sleep(400)
    }
  })

  it('a changed password goes back where the learner came from, with its success toast', async () => {
    // the newcomer has no password: school B's demo learner changes theirs, in a window of their own
    const own = await newMobilePage(browser)
    const p = own.page
    const captcha = p.waitForResponse((r) => r.url().includes('/api/captchaImage'))
    await p.goto(server.url(HOST_B, '/pages4/login/login'))
    await settled(p)
    const { data } = await (await captcha).json()
    const [, text] = await server.waitForLog(new RegExp(`captcha ${data.uuid} = (\\w+)`))
    await fill(p, 'login-account', '13900000002')
    await fill(p, 'login-password', 'Demo1234')
    await fill(p, 'login-captcha', text!)
    await tap(p, 'login-submit')
    await expect.poll(() => new URL(p.url()).pathname, { timeout: 15_000 }).toBe('/pages/wd/index')
    await settled(p)
    const change = async (from: string, to: string) => {
      await fill(p, 'pwd-old', from)
      await fill(p, 'pwd-new', to)
      await fill(p, 'pwd-new2', to)
      await tap(p, 'pwd-submit')
      await expect.poll(() => new URL(p.url()).pathname, { timeout: 10_000 }).toBe('/pages/wd/index')
      await expect.poll(() => p.getByText('密码修改成功').count(), { timeout: 5_000 }).toBeGreaterThan(0)
    }
    // from My account: back to it
    await tap(p, 'wd-menu-pwd')
    await expect.poll(() => new URL(p.url()).pathname, { timeout: 10_000 }).toBe('/pages2/wd/pwd')
    await settled(p)
    await change('Demo1234', 'Better1234')
    // opened on its own (a reload, a link): nothing to go back to, so My account, not the form again
    await p.goto(server.url(HOST_B, '/pages2/wd/pwd'))
    await settled(p)
    await change('Better1234', 'Demo1234')
    await own.context.close()
  })

  it('banners open the goods they advertise; 证书查询 opens the public check without a login', async () => {
    const fresh = await newMobilePage(browser)
    const p = fresh.page
    for (const host of [HOST_A, HOST_B] as const) {
      await p.goto(server.url(host, '/'))
      await settled(p)
      const banner = visible('home-banner-img', p)
      await banner.waitFor({ timeout: 15_000 })
      await banner.click()
      await expect.poll(() => new URL(p.url()).pathname, { timeout: 10_000 }).toMatch(/^\/pages3\/course\/(jy)?detail$/)
      await p.goto(server.url(host, '/'))
      await settled(p)
      await p.locator('.taro_page_stationed .home-list-item').filter({ hasText: '证书查询' }).first().click()
      await expect.poll(() => new URL(p.url()).pathname, { timeout: 10_000 }).toBe('/pages3/cert/verify')
      await settled(p)
      await visible('cert-serial', p).waitFor({ timeout: 10_000 })
    }
    await fresh.context.close()
  })

  it('the register agreement: the tick and its words are one 44 px target; the titles open the agreements', async () => {
    await page.goto(server.url(HOST_A, '/pages2/register/register'))
    await settled(page)
    const toggle = visible('reg-agree-toggle')
    const box = (await toggle.boundingBox())!
    expect(box.height).toBeGreaterThanOrEqual(44)
    expect(box.width).toBeGreaterThanOrEqual(44)
    // a tap on the words (not the circle) ticks it
    await page.mouse.click(box.x + box.width - 10, box.y + box.height / 2)
    await expect.poll(() => visible('reg-agree .form-check').getAttribute('class')).toMatch(/is-checked/)
  })

  it('the PC login page at 1366 x 768 is a centered card with the QR code and its steps on screen', async () => {
    const pc = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'zh-CN' })
    const p = await pc.newPage()
    await p.goto(server.url(HOST_A, '/pages4/login/login'))
    await settled(p)
    const qr = visible('scan-qr', p)
    await qr.waitFor({ timeout: 15_000 })
    const card = (await visible('account-body', p).boundingBox())!
    expect(card.width).toBeLessThanOrEqual(700)
    expect(Math.abs(card.x + card.width / 2 - 683)).toBeLessThanOrEqual(2)
    const q = (await qr.boundingBox())!
    expect(q.y + q.height).toBeLessThanOrEqual(768)
    expect(q.width).toBeGreaterThanOrEqual(180)
    const steps = visible('scan-steps', p)
    expect(await steps.textContent()).toContain('确认登录')
    const s = (await steps.boundingBox())!
    expect(s.x).toBeGreaterThan(q.x + q.width)
    await pc.close()
  })
})
