/**
 * The shop end to end in a real browser, against the real server and its local payment provider:
 * an anonymous learner tapping buy is sent to login and comes back; browse -> filter -> detail -> add to cart
 * -> badge -> checkout -> pay (the provider's page confirms, its signed callback pays the order) -> success
 * -> the course is unlocked -> My orders -> invoice -> refund.
 */
import { mkdirSync } from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { confirmModal, DEMO_A, fill, HOST_A, openSession, type Server, settled, tap } from './harness'

let server: Server
let browser: Browser
let page: Page
let goods: { goodsId: number; goodsName: string; price: number }

const path = () => new URL(page.url()).pathname
const visible = (cls: string) => page.locator(`.taro_page_stationed .${cls}`).filter({ visible: true }).first()

beforeAll(async () => {
  ;({ server, browser, page } = await openSession())
  // a paid course of tenant A, picked through the public API the app itself uses
  const r = await fetch(`http://127.0.0.1:${server.port}/api/app/common/goods/list?goodsType=1&pageSize=50`, {
    headers: { 'tenant-id': '1001' },
  })
  const rows: Array<{ goodsId: number; goodsName: string; price: number }> = (await r.json()).data.rows
  goods = rows.find((g) => g.price > 0)!
  expect(goods).toBeTruthy()
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail') return
  mkdirSync('.test-tmp', { recursive: true })
  await page.screenshot({ path: `.test-tmp/e2e-shop-${ctx.task.name.replace(/\W+/g, '-')}.png` }).catch(() => undefined)
})

describe('the shop', () => {
  it('browses the purchase centre and narrows it with a filter', async () => {
    await page.goto(server.url(HOST_A, '/pages/course/index'))
    await settled(page)
    await visible('goods-item').waitFor({ timeout: 15_000 })
    const all = await (
      await fetch(`http://127.0.0.1:${server.port}/api/app/common/goods/list?pageSize=1`, {
        headers: { 'tenant-id': '1001' },
      })
    ).json()
    // the second goods-type chip (the first is 'all')
    const filter = page.locator('.taro_page_stationed [class*="filter-type-"]').filter({ visible: true }).nth(1)
    const list = page.waitForResponse(
      (r) => r.url().includes('/api/app/common/goods/list') && /goodsType=\d/.test(r.url()),
    )
    await filter.click()
    const filtered = (await (await list).json()).data
    expect(filtered.total).toBeGreaterThan(0)
    expect(filtered.total).toBeLessThan(all.data.total)
    await expect
      .poll(() => page.locator('.taro_page_stationed .goods-item').filter({ visible: true }).count(), {
        timeout: 10_000,
      })
      .toBe(Math.min(filtered.total, 10))
  })

  it('sends an anonymous learner who taps buy to login, and back to the goods after', async () => {
    await page.goto(server.url(HOST_A, `/pages3/course/detail?id=${goods.goodsId}`))
    await settled(page)
    await expect.poll(() => visible('detail-name').textContent(), { timeout: 15_000 }).toContain(goods.goodsName)
    await tap(page, 'detail-buy')
    await expect.poll(path, { timeout: 10_000 }).toBe('/pages4/login/login')
    await settled(page)
    const captcha = page.waitForResponse((r) => r.url().includes('/api/captchaImage'))
    await tap(page, 'login-captcha-img')
    const { data } = await (await captcha).json()
    const [, text] = await server.waitForLog(new RegExp(`captcha ${data.uuid} = (\\w+)`))
    await fill(page, 'login-account', DEMO_A.account)
    await fill(page, 'login-password', DEMO_A.password)
    await fill(page, 'login-captcha', text)
    await tap(page, 'login-submit')
    await expect.poll(path, { timeout: 15_000 }).toBe('/pages3/course/detail')
    await settled(page)
    await visible('detail-add-cart').waitFor({ timeout: 10_000 })
  })

  it('adds the goods to the cart and the badge follows', async () => {
    await tap(page, 'detail-add-cart')
    await expect.poll(() => visible('detail-cart-icon').textContent(), { timeout: 10_000 }).toContain('1')
  })

  it('checks out, pays on the provider page and lands on success', async () => {
    await tap(page, 'detail-cart-icon')
    await expect.poll(path, { timeout: 10_000 }).toBe('/pages4/shopping/shoppingCart')
    await settled(page)
    await visible('cart-item').waitFor({ timeout: 10_000 })
    await tap(page, 'cart-checkout')
    await expect.poll(path, { timeout: 10_000 }).toBe('/pages2/order/confirm_list')
    await settled(page)
    await expect
      .poll(() => visible('confirm-total').textContent(), { timeout: 10_000 })
      .toContain((goods.price / 100).toFixed(2))
    await tap(page, 'confirm-submit')
    await expect.poll(path, { timeout: 10_000 }).toBe('/pages2/order/confirm_pay')
    await settled(page)
    await tap(page, 'pay-now')
    // the local provider's own page (served by the server, outside the app)
    await page.waitForURL(/\/pay\/local\//, { timeout: 15_000 })
    await page.locator('form button[type="submit"]').click()
    await expect.poll(path, { timeout: 20_000 }).toBe('/pages2/order/confirm_success')
    await settled(page)
    await visible('success-title').waitFor({ timeout: 25_000 })
    expect(await visible('success-title').textContent()).toMatch(/成功|success/i)
  })

  it('unlocks what was paid for', async () => {
    await page.goto(server.url(HOST_A, `/pages3/course/detail?id=${goods.goodsId}`))
    await settled(page)
    await visible('detail-study').waitFor({ timeout: 15_000 })
  })

  it('shows the order in My orders, asks for an invoice, withdraws it, then asks for a refund', async () => {
    await page.goto(server.url(HOST_A, '/pages2/order/index'))
    await settled(page)
    const order = visible('order-item')
    await order.waitFor({ timeout: 15_000 })
    await tap(page, 'order-invoice')
    await expect.poll(path, { timeout: 10_000 }).toBe('/pages2/invoice/index')
    await settled(page)
    await fill(page, 'invoice-title', '张三')
    await fill(page, 'invoice-email', 'zhangsan@example.com')
    const applied = page.waitForResponse(
      (r) => r.url().includes('/api/order/invoice') && r.request().method() === 'POST',
    )
    await tap(page, 'invoice-submit')
    expect((await (await applied).json()).code).toBe(200)
    await visible('invoice-item').waitFor({ timeout: 10_000 })
    // an order with an invoice request cannot be refunded: the learner withdraws the request first
    await tap(page, 'invoice-cancel')
    await confirmModal(page)
    await expect.poll(() => visible('invoice-item').textContent(), { timeout: 10_000 }).toMatch(/取消|cancel/i)

    await page.goto(server.url(HOST_A, '/pages2/order/index'))
    await settled(page)
    await visible('order-refund').waitFor({ timeout: 15_000 })
    await tap(page, 'order-refund')
    await page
      .locator('.order-refund-reason input, .order-refund-reason textarea')
      .filter({ visible: true })
      .first()
      .fill('课程与需求不符')
    const refunded = page.waitForResponse(
      (r) => r.url().includes('/api/order/refund') && r.request().method() === 'POST',
    )
    await page.locator('.order-refund-submit').filter({ visible: true }).first().click()
    expect((await (await refunded).json()).code).toBe(200)
    await expect.poll(() => visible('order-status').textContent(), { timeout: 10_000 }).toMatch(/退款|refund/i)
  })
})
