import type { Browser, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  fill,
  HOST_A,
  launchBrowser,
  loginCapturingToken,
  newMobilePage,
  type Server,
  settled,
  shotOnFailureAndClose,
  sleep,
  startServer,
  tap,
} from './harness'

const STAFF_TOKEN = 'e2e-staff-token-companion-0123456789'

let server: Server
let browser: Browser
let page: Page
let token = ''
const owned = { course: 0, bank: 0, bankId: 0, sectionId: 0 }
const pageErrors: string[] = []

const api = async (p: string, init: { method?: string; body?: unknown; staff?: boolean } = {}) => {
  const headers: Record<string, string> = { 'tenant-id': '1001', 'content-type': 'application/json' }
  if (init.staff) headers['x-staff-token'] = STAFF_TOKEN
  else headers.authorization = token
  const res = await fetch(`http://127.0.0.1:${server.port}/api${p}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  // biome-ignore lint/suspicious/noExplicitAny: loosely typed JSON of several routes in one test helper
  return (await res.json()) as { code: number; msg: string; data: any }
}
const visible = (cls: string) => page.locator(`.taro_page_stationed .${cls}`).filter({ visible: true }).first()
/** a Textarea of the page (the harness's fill() covers inputs) */
const write = (cls: string, value: string) =>
  page
    .locator(`.taro_page_stationed .${cls} textarea, .taro_page_stationed textarea.${cls}`)
    .filter({ visible: true })
    .first()
    .fill(value)
const videoTime = () => page.evaluate(() => document.querySelector('video')?.currentTime ?? -1)

beforeAll(async () => {
  server = await startServer({ STAFF_TOKEN })
  browser = await launchBrowser()
  page = (await newMobilePage(browser)).page
  // a script error on any page of the day fails the last test (a blank page is otherwise only a time-out)
  page.on('pageerror', (e) => pageErrors.push(String(e)))
  token = await loginCapturingToken(page, server)
  // the learner buys the electrician course and its question bank (local payment provider)
  const list = async (type: number) =>
    (await api(`/app/common/goods/list?goodsType=${type}&pageSize=50`)).data.rows as {
      goodsId: number
      goodsName: string
    }[]
  owned.course = (await list(1)).find((g) => g.goodsName === '特种作业低压电工取证班')!.goodsId
  owned.bank = (await list(2)).find((g) => g.goodsName === '低压电工作业考试题库')!.goodsId
  const order = await api('/order/placeSmallOrder', {
    body: { goodsIds: [owned.course, owned.bank], idempotencyKey: `e2e-companion-${Date.now()}` },
  })
  expect(order.code, order.msg).toBe(200)
  const paid = await fetch(`http://127.0.0.1:${server.port}${order.data.pay.payUrl}/confirm`, {
    method: 'POST',
    redirect: 'manual',
  })
  expect(paid.status).toBe(303)
  const goods = (await api('/system/plan/listGoods')).data as { goodsId: number; banks: { bankId: number }[] }[]
  owned.bankId = goods.find((g) => g.goodsId === owned.bank)!.banks[0]!.bankId
  const courseId = (await api(`/course/courseList?goodsId=${owned.course}`)).data[0].courseId
  const menu = await api(`/course/menuList?goodsId=${owned.course}&courseId=${courseId}`)
  owned.sectionId = menu.data[0].sectionList[0].sectionId
}, 180_000)

shotOnFailureAndClose('companion', () => ({ page, browser, server }))

describe('the study companion', () => {
  it('plans today, practises, and sees the plan ticked', async () => {
    await page.goto(server.url(HOST_A, '/pages2/plan/create'))
    await settled(page)
    await fill(page, 'pl-name', '今天刷一题')
    await visible(`pl-goods-${owned.bank}`).click()
    await visible(`pl-opt-bank-${owned.bankId} .pl-opt-row`).click()
    await fill(page, `pl-target-bank-${owned.bankId}`, '1')
    const created = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/system/plan')
    await tap(page, 'pl-save')
    expect((await (await created).json()).code).toBe(200)
    // today's item, not done yet
    await page.goto(server.url(HOST_A, '/pages2/plan/index'))
    await settled(page)
    await visible('pl-item-bank').waitFor({ timeout: 15_000 })
    expect(await visible('pl-item-bank').getAttribute('class')).not.toContain('is-done')

    // practise one question of the bank's first chapter
    await page.goto(server.url(HOST_A, `/pages2/bank/detail?bankId=${owned.bankId}`))
    await settled(page)
    const started = page.waitForResponse((r) => /\/api\/bank\/record$/.test(new URL(r.url()).pathname))
    await visible('chapter-item').click()
    const record = (await (await started).json()).data as { questions: { optionsList: { label: string }[] }[] }
    await visible('question-card').waitFor({ timeout: 15_000 })
    const saved = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/bank/record/edit', {
      timeout: 20_000,
    })
    await tap(page, `option-${record.questions[0]!.optionsList[0]!.label}`)
    expect((await (await saved).json()).code).toBe(200)

    // the plan ticks it: derived from the answer, not typed in
    await page.goto(server.url(HOST_A, '/pages2/plan/index'))
    await settled(page)
    await expect
      .poll(async () => (await visible('pl-item-bank').getAttribute('class')) ?? '', { timeout: 15_000 })
      .toContain('is-done')
  }, 120_000)

  it('takes a note at a video time in the player and jumps back to it', async () => {
    await page.goto(server.url(HOST_A, `/pages3/polyv/index?goodsId=${owned.course}&sectionId=${owned.sectionId}`))
    await settled(page)
    await page.locator('video').waitFor({ timeout: 15_000 })
    await page.evaluate(async () => {
      const v = document.querySelector('video')!
      v.muted = true
      await v.play()
    })
    await expect.poll(videoTime, { timeout: 20_000 }).toBeGreaterThanOrEqual(6)
    await tap(page, 'vp-note-take')
    const at = Math.floor(await videoTime())
    await write('vp-note-input', '先断电，再验电')
    const saved = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/user/note')
    await tap(page, 'vp-note-save')
    const note = (await (await saved).json()).data as { noteId: number; videoTime: number }
    expect(Math.abs(note.videoTime - at)).toBeLessThanOrEqual(1)
    // back to the start, then the note brings the player to its time
    await page.evaluate(() => {
      document.querySelector('video')!.currentTime = 0
    })
    await expect.poll(videoTime, { timeout: 5_000 }).toBeLessThan(2)
    await visible(`vp-note-${note.noteId}`).click()
    await expect.poll(videoTime, { timeout: 10_000 }).toBeGreaterThanOrEqual(note.videoTime - 0.5)
    expect(await videoTime()).toBeLessThan(note.videoTime + 3)
  }, 120_000)

  it('asks the teacher; the answer arrives as a message with the unread badge, and reading it clears it', async () => {
    // the learner's messages so far are read: only the answer's message counts afterwards
    expect((await api('/app/informUser', { body: { all: true } })).code).toBe(200)
    await tap(page, 'vp-ask')
    await page.waitForURL(/\/pages3\/answer\/ask/, { timeout: 15_000 })
    await settled(page)
    await write('ask-input', '漏电保护器多久试跳一次？')
    const asked = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/app/answer')
    await tap(page, 'ask-submit')
    const question = (await (await asked).json()).data as { answerId: number }
    expect(question.answerId).toBeGreaterThan(0)

    // the school answers through the staff desk
    const open = await api('/staff/answers?status=0', { staff: true })
    expect((open.data.rows as { answerId: number }[]).some((r) => r.answerId === question.answerId)).toBe(true)
    const replied = await api(`/staff/answers/${question.answerId}/reply`, {
      staff: true,
      body: { content: '每月按一次试验按钮。' },
    })
    expect(replied.code, replied.msg).toBe(200)

    // My account: the bell counts the unread answer
    await page.goto(server.url(HOST_A, '/pages/wd/index'))
    await settled(page)
    await expect.poll(async () => (await visible('wd-msg-badge').textContent()) ?? '', { timeout: 15_000 }).toBe('1')
    // the message list shows it unread; opening it shows the teacher's answer
    await page.goto(server.url(HOST_A, '/pages2/msg/index'))
    await settled(page)
    const item = visible('msg-kind-answer')
    await item.waitFor({ timeout: 15_000 })
    expect(await item.getAttribute('class')).toContain('is-unread')
    await item.click()
    await page.waitForURL(/\/pages2\/msg\/detail/, { timeout: 15_000 })
    await expect
      .poll(async () => (await visible('msg-detail-content').textContent()) ?? '', { timeout: 15_000 })
      .toContain('每月按一次试验按钮')
    // read: the badge is gone
    await page.goto(server.url(HOST_A, '/pages/wd/index'))
    await settled(page)
    await sleep(1500)
    expect(await page.locator('.taro_page_stationed .wd-msg-badge').filter({ visible: true }).count()).toBe(0)
    // and the learner's own Q&A page shows the answer
    const mine = await api('/app/answer/list')
    const row = (mine.data.rows as { answerId: number; replies: { content: string }[] }[]).find(
      (r) => r.answerId === question.answerId,
    )!
    expect(row.replies.map((r) => r.content)).toContain('每月按一次试验按钮。')
    expect(pageErrors).toEqual([])
  }, 120_000)
})
