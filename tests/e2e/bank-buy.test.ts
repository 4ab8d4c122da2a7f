/**
 * A paid question bank, bought in a real browser through the app and the local provider's signed pay page, is
 * delivered: the question-bank tab opens on it, 切换题库 and 我的题库 list it, and its chapter can be practised.
 * On the way, the checkout bar keeps 应付金额 on one line with the whole amount, and the pay and success
 * buttons keep their style when their page is the first one loaded (a reload, back from the pay page).
 */
import { mkdirSync } from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { HOST_A, loginWithCaptcha, openSession, type Server, settled, tap } from './harness'

const GOODS = '低压电工作业考试题库'

let server: Server
let browser: Browser
let page: Page
let goods: { goodsId: number; goodsName: string; price: number }
let bank: { bankId: number; bankName: string }

const path = () => new URL(page.url()).pathname
const visible = (cls: string) => page.locator(`.taro_page_stationed .${cls}`).filter({ visible: true }).first()
const api = async (p: string) =>
  (await (await fetch(`http://127.0.0.1:${server.port}/api${p}`, { headers: { 'tenant-id': '1001' } })).json()).data

/** A themed button has a coloured background, not the grey / white of a system button. */
async function themed(cls: string) {
  const bg = await visible(cls).evaluate((el) => getComputedStyle(el).backgroundColor)
  const [r, g, b] = (bg.match(/\d+/g) ?? []).map(Number)
  return { bg, coloured: Math.max(r!, g!, b!) - Math.min(r!, g!, b!) > 60 }
}

beforeAll(async () => {
  ;({ server, browser, page } = await openSession())
  const list: { rows: (typeof goods)[] } = await api('/app/common/goods/list?goodsType=2&pageSize=50')
  goods = list.rows.find((g) => g.goodsName === GOODS)!
  expect(goods?.price).toBeGreaterThan(0)
  const banks: (typeof bank)[] = await api(`/app/common/bank/list?goodsId=${goods.goodsId}`)
  bank = banks[0]!
  expect(bank).toBeTruthy()
  await loginWithCaptcha(page, server)
  await page.waitForURL(/\/pages\/wd\/index/, { timeout: 15_000 })
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail') return
  mkdirSync('.test-tmp', { recursive: true })
  await page
    .screenshot({ path: `.test-tmp/e2e-bank-buy-${ctx.task.name.replace(/\W+/g, '-')}.png` })
    .catch(() => undefined)
})

describe('buying a question bank', () => {
  it('checks out: 应付金额 stays on one line with the whole amount', async () => {
    await page.goto(server.url(HOST_A, `/pages3/course/detail?id=${goods.goodsId}`))
    await settled(page)
    await tap(page, 'detail-buy')
    await expect.poll(path, { timeout: 10_000 }).toBe('/pages2/order/confirm_list')
    await settled(page)
    const amount = `¥${(goods.price / 100).toFixed(2)}`
    await expect.poll(() => visible('confirm-total').textContent(), { timeout: 10_000 }).toBe(amount)
    const sum = (await visible('order-bar-sum').boundingBox())!
    const label = (await visible('order-bar-label').boundingBox())!
    const price = (await visible('confirm-total').boundingBox())!
    const button = (await visible('confirm-submit').boundingBox())!
    // one line: the label and the amount share a baseline row, the amount is not cut by the button or the screen
    expect(sum.height).toBeLessThan(label.height * 1.8)
    expect(Math.abs(price.y + price.height - (label.y + label.height))).toBeLessThan(12)
    expect(price.x + price.width).toBeLessThanOrEqual(button.x)
    expect(await visible('confirm-total').evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true)
  })

  it('pays on the provider page; the pay button keeps its style on a reload and coming back from that page', async () => {
    await tap(page, 'confirm-submit')
    await expect.poll(path, { timeout: 10_000 }).toBe('/pages2/order/confirm_pay')
    await settled(page)
    await visible('pay-now').waitFor({ timeout: 15_000 })
    expect((await themed('pay-now')).coloured).toBe(true)
    await page.reload()
    await settled(page)
    await visible('pay-now').waitFor({ timeout: 15_000 })
    const afterReload = await themed('pay-now')
    expect(afterReload.coloured, afterReload.bg).toBe(true)

    await tap(page, 'pay-now')
    await page.waitForURL(/\/pay\/local\//, { timeout: 15_000 })
    await page.goBack()
    await expect.poll(path, { timeout: 15_000 }).toBe('/pages2/order/confirm_pay')
    await settled(page)
    await visible('pay-now').waitFor({ timeout: 15_000 })
    const back = await themed('pay-now')
    expect(back.coloured, back.bg).toBe(true)

    await tap(page, 'pay-now')
    await page.waitForURL(/\/pay\/local\//, { timeout: 15_000 })
    await page.locator('form button[type="submit"]').click()
    await expect.poll(path, { timeout: 20_000 }).toBe('/pages2/order/confirm_success')
    await settled(page)
    await visible('success-learn').waitFor({ timeout: 25_000 })
    const learn = await themed('success-learn')
    expect(learn.coloured, learn.bg).toBe(true)
    expect(await visible('success-learn').textContent()).toBe('开始做题')
  })

  it('start practising opens the question-bank tab on the bought bank; 切换题库 lists it', async () => {
    await tap(page, 'success-learn')
    await expect.poll(path, { timeout: 15_000 }).toBe('/pages/questionBank/index')
    await settled(page)
    await expect.poll(() => visible('qb-bank-name').textContent(), { timeout: 15_000 }).toBe(bank.bankName)
    await tap(page, 'qb-bank-switch')
    await visible(`qb-bank-option-${bank.bankId}`).waitFor({ timeout: 10_000 })
    expect(await visible(`qb-bank-option-${bank.bankId}`).textContent()).toContain(bank.bankName)
  })

  it('我的题库 lists it, as owned', async () => {
    await page.goto(server.url(HOST_A, '/pages2/bank/my_question'))
    await settled(page)
    await visible(`bank-item-${bank.bankId}`).waitFor({ timeout: 15_000 })
    expect(await visible(`bank-item-${bank.bankId}`).textContent()).toContain(bank.bankName)
    expect(await page.locator(`.taro_page_stationed .bank-item-${bank.bankId} .qb-buy`).count()).toBe(0)
    await page.goto(server.url(HOST_A, '/pages2/wd/question_bank'))
    await settled(page)
    await visible(`bank-goods-${goods.goodsId}`).waitFor({ timeout: 15_000 })
    expect(await visible(`bank-goods-${goods.goodsId}`).textContent()).toContain(GOODS)
  })

  it('practises a chapter of it, with the answer shown after answering', async () => {
    await page.goto(server.url(HOST_A, `/pages2/bank/detail?bankId=${bank.bankId}`))
    await settled(page)
    const started = page.waitForResponse((r) => /\/api\/bank\/record$/.test(new URL(r.url()).pathname))
    await visible('chapter-item').click()
    const reply = await (await started).json()
    expect(reply.code).toBe(200)
    const first: { type: number; ans: string; optionsList: { label: string }[] } = reply.data.questions[0]
    expect(first.ans).toBeTruthy()
    await visible('question-card').waitFor({ timeout: 15_000 })
    await tap(page, `option-${first.ans.split(',')[0]}`)
    if (first.type === 2) await tap(page, 'option-confirm')
    await expect
      .poll(async () => (await visible('question-feedback').getAttribute('class')) ?? '', { timeout: 10_000 })
      .toMatch(/is-(right|wrong|partial)/)
  })
})
