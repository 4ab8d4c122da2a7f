/**
 * The question bank end to end in a real browser against the real server: chapter practice with instant
 * feedback, a wrong answer landing in the wrong book and its review, a favourite found again, a test-mode
 * paper resumed after a reload, answers given while the network is cut arriving once it returns, and the
 * report after submitting.
 */
import { mkdirSync } from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { confirmModal, HOST_A, loginWithCaptcha, openSession, type Server, settled, sleep, tap } from './harness'

interface Question {
  questionId: number
  type: number
  ans: string | null
  optionsList: { label: string }[]
}

let server: Server
let browser: Browser
let page: Page
let bankId: number
let paperId: number

const path = () => new URL(page.url()).pathname
const visible = (cls: string) => page.locator(`.taro_page_stationed .${cls}`).filter({ visible: true }).first()
const api = async (p: string) =>
  (await (await fetch(`http://127.0.0.1:${server.port}/api${p}`, { headers: { 'tenant-id': '1001' } })).json()).data

/** The first single-choice or judgement question on screen, answered wrongly or rightly. */
async function answerCurrent(q: Question, right: boolean) {
  const letter = right ? q.ans! : q.optionsList.map((o) => o.label).find((l) => l !== q.ans)!
  await tap(page, `option-${letter}`)
}

beforeAll(async () => {
  ;({ server, browser, page } = await openSession())
  const banks: { bankId: number; isFree: boolean }[] = await api('/app/common/bank/list')
  bankId = banks.find((b) => b.isFree)!.bankId
  // a free paper: the question-bank goods list their free papers
  const goods: { rows: { goodsId: number }[] } = await api('/app/common/goods/list?goodsType=2&pageSize=50')
  for (const g of goods.rows) {
    const papers: { paperId: number }[] = await api(`/app/common/goods/course/moduleFreeExamList/${g.goodsId}`)
    if (papers[0]) {
      paperId = papers[0].paperId
      break
    }
  }
  expect(paperId).toBeTruthy()
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
  await page.screenshot({ path: `.test-tmp/e2e-bank-${ctx.task.name.replace(/\W+/g, '-')}.png` }).catch(() => undefined)
})

describe('the question bank', () => {
  let first: Question

  it('practises a chapter with instant feedback; a wrong answer goes to the wrong book', async () => {
    await page.goto(server.url(HOST_A, `/pages2/bank/detail?bankId=${bankId}`))
    await settled(page)
    const started = page.waitForResponse((r) => /\/api\/bank\/record$/.test(new URL(r.url()).pathname))
    await visible('chapter-item').click()
    const record = (await (await started).json()).data
    const questions: Question[] = record.questions
    first = questions[0]!
    expect([1, 3]).toContain(first.type)
    await visible('question-card').waitFor({ timeout: 15_000 })
    await answerCurrent(first, false)
    await expect
      .poll(async () => (await visible('question-feedback').getAttribute('class')) ?? '', { timeout: 10_000 })
      .toContain('is-wrong')
    await visible('question-analysis').waitFor({ timeout: 5_000 })
    // a favourite on the way
    const collected = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/collect/question')
    await tap(page, 'q-collect')
    expect((await (await collected).json()).code).toBe(200)
  })

  it('finds the favourite again', async () => {
    await sleep(500)
    await page.goto(server.url(HOST_A, `/pages2/subject/collect?bankId=${bankId}`))
    await settled(page)
    await visible('collect-item').waitFor({ timeout: 15_000 })
  })

  it('reviews the wrong book, even offline: the review is kept and sent when the network returns', async () => {
    await page.goto(server.url(HOST_A, `/pages2/subject/wrongBank?bankId=${bankId}`))
    await settled(page)
    await page.goto(server.url(HOST_A, `/pages2/bank/wrongById?bankId=${bankId}&all=1`))
    await settled(page)
    await visible('question-card').waitFor({ timeout: 15_000 })
    // the network is gone when the learner answers: the review waits on the device ...
    await page.route('**/api/exam/wwrong/record', (route) => route.abort('internetdisconnected'))
    await answerCurrent(first, true)
    await expect
      .poll(async () => (await visible('question-feedback').getAttribute('class')) ?? '', { timeout: 10_000 })
      .toContain('is-right')
    const outbox = () =>
      page.evaluate(() => Object.entries(localStorage).find(([k]) => k.includes('answer_outbox'))?.[1] ?? '')
    expect(await outbox()).toContain(`"questionId":${first.questionId}`)
    // ... and reaches the wrong book once the network returns
    const delivered = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/exam/wwrong/record' && r.status() === 200,
      { timeout: 45_000 },
    )
    await page.unroute('**/api/exam/wwrong/record')
    expect((await (await delivered).json()).code).toBe(200)
    await expect.poll(outbox, { timeout: 10_000 }).not.toContain(`"questionId":${first.questionId}`)
  })

  it('resumes a test-mode paper after a reload, keeps answers given offline and sends them when back, then reports', async () => {
    const started = page.waitForResponse(
      (r) =>
        /\/api\/exam\/record$/.test(new URL(r.url()).pathname) ||
        /\/api\/bank\/record$/.test(new URL(r.url()).pathname),
    )
    await page.goto(server.url(HOST_A, `/pages2/bank/questionBankTest?paperId=${paperId}`))
    await settled(page)
    const record = (await (await started).json()).data
    const recordId: number = record.recordId
    const qs: Question[] = record.questions
    await visible('question-card').waitFor({ timeout: 15_000 })
    // test mode: no feedback before submitting
    const saved = page.waitForResponse((r) => r.url().includes('/record/edit'))
    await tap(page, 'option-A')
    expect((await (await saved).json()).code).toBe(200)
    expect(await page.locator('.taro_page_stationed .question-feedback').filter({ visible: true }).count()).toBe(0)
    await tap(page, 'q-next')
    await tap(page, 'option-B')
    await sleep(1500)

    // reload mid-paper: the same attempt, with its answers
    const reopened = page.waitForResponse((r) => /\/api\/(exam|bank)\/record(\/\d+)?$/.test(new URL(r.url()).pathname))
    await page.reload()
    await settled(page)
    const back = (await (await reopened).json()).data
    expect(back.recordId).toBe(recordId)
    expect(back.answers.map((a: { questionId: number }) => a.questionId)).toEqual(
      expect.arrayContaining([qs[0]!.questionId, qs[1]!.questionId]),
    )
    await visible('question-card').waitFor({ timeout: 15_000 })

    // the network goes away: answers stay on the device
    await page.route('**/record/edit', (route) => route.abort('internetdisconnected'))
    await tap(page, 'q-next')
    await tap(page, 'option-A')
    await tap(page, 'q-next')
    await tap(page, 'option-A')
    await sleep(800)
    const outbox = await page.evaluate(
      () => Object.entries(localStorage).find(([k]) => k.includes('answer_outbox'))?.[1] ?? '',
    )
    expect(outbox).toContain(String(recordId))
    // ... and comes back: the queue sends them by itself
    const delivered = page.waitForResponse((r) => r.url().includes('/record/edit') && r.status() === 200, {
      timeout: 45_000,
    })
    await page.unroute('**/record/edit')
    expect((await (await delivered).json()).code).toBe(200)
    await expect
      .poll(
        async () =>
          page.evaluate(() => Object.entries(localStorage).find(([k]) => k.includes('answer_outbox'))?.[1] ?? ''),
        { timeout: 45_000 },
      )
      .not.toContain(`"recordId":${recordId},"questionId":${qs[2]!.questionId}`)

    await tap(page, 'q-submit')
    await confirmModal(page)
    await expect.poll(path, { timeout: 20_000 }).toBe('/pages2/bank/question_report')
    await settled(page)
    await visible('report-score').waitFor({ timeout: 15_000 })
    await visible('report-status').waitFor()
  })
})

// issue 25, as a new learner found it: the wrong book's numbers, the logged-in 免费试卷 card, a paper's time
describe('what learners tripped over (issue 25)', () => {
  it("the logged-in tab lists the school's free paper; the paper says it is not timed and counts the time spent", async () => {
    await page.goto(server.url(HOST_A, '/pages/questionBank/index'))
    await settled(page)
    const card = visible(`paper-item-${paperId}`)
    await card.waitFor({ timeout: 15_000 })
    expect(await card.textContent()).toContain('建议用时 30 分钟')
    await card.click()
    await expect.poll(path, { timeout: 15_000 }).toBe('/pages2/bank/questionBankTest')
    await settled(page)
    const clock = visible('paper-clock')
    await clock.waitFor({ timeout: 15_000 })
    expect(await clock.textContent()).toMatch(/已用时 0:0\d · 建议用时 30 分钟（不限时）/)
    // it counts on, and there is no countdown
    const before = await clock.textContent()
    await sleep(2200)
    expect(await clock.textContent()).not.toBe(before)
    expect(await page.locator('.taro_page_stationed .exam-clock-bar').count()).toBe(0)
  })

  it('a question answered wrong shows 错过 1 次 in review; once reviewed right, 今日待复习 goes back to 0 on the book and the tab', async () => {
    // a new wrong answer in the free chapter (the practice attempt of the first test, resumed)
    await page.goto(server.url(HOST_A, `/pages2/bank/detail?bankId=${bankId}`))
    await settled(page)
    const started = page.waitForResponse((r) => /\/api\/bank\/record$/.test(new URL(r.url()).pathname))
    await visible('chapter-item').click()
    const record = (await (await started).json()).data
    const qs: Question[] = record.questions
    const i = qs.findIndex((q, n) => n > 0 && (q.type === 1 || q.type === 3))
    expect(i).toBeGreaterThan(0)
    await visible('question-card').waitFor({ timeout: 15_000 })
    await tap(page, 'sheet-open')
    await page.locator(`.taro_page_stationed .sheet-item-${i}`).filter({ visible: true }).first().click()
    const saved = page.waitForResponse((r) => r.url().includes('/record/edit') && r.status() === 200)
    await answerCurrent(qs[i]!, false)
    expect((await (await saved).json()).code).toBe(200)

    // the tab: one question due today
    await page.goto(server.url(HOST_A, '/pages/questionBank/index'))
    await settled(page)
    await expect.poll(async () => visible('qb-due-num').textContent(), { timeout: 15_000 }).toBe('1')
    // the learner's way: the wrong book, review now, answer right, done, back to the tab
    await tap(page, 'qb-entry-wrong')
    await expect.poll(path, { timeout: 15_000 }).toBe('/pages2/subject/wrongBank')
    await settled(page)
    await expect.poll(async () => visible('wrong-due').textContent(), { timeout: 15_000 }).toBe('1')
    await tap(page, 'wrong-review-now')
    await expect.poll(path, { timeout: 15_000 }).toBe('/pages2/bank/wrongById')
    await settled(page)
    await visible('question-card').waitFor({ timeout: 15_000 })
    expect(await visible('wrong-times').textContent()).toBe('错过 1 次')
    const reviewed = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/exam/wwrong/record' && r.status() === 200,
    )
    await answerCurrent(qs[i]!, true)
    expect((await (await reviewed).json()).data).toMatchObject({ state: 'right', inBook: true })
    await tap(page, 'q-done')
    await expect.poll(path, { timeout: 15_000 }).toBe('/pages2/subject/wrongBank')
    await expect.poll(async () => visible('wrong-due').textContent(), { timeout: 15_000 }).toBe('0')
    await page.goBack()
    await expect.poll(path, { timeout: 15_000 }).toBe('/pages/questionBank/index')
    await expect.poll(async () => visible('qb-due-num').textContent(), { timeout: 15_000 }).toBe('0')
  })
})
