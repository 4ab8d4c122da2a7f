import type { Browser, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { idCardCheckChar } from '../../shared/rules/id-card'
import {
  confirmModal,
  fill,
  HOST_A,
  loginCapturingToken,
  openSession,
  type Server,
  settled,
  shotOnFailureAndClose,
  tap,
} from './harness'

let server: Server
let browser: Browser
let page: Page
let token = ''

const api = async (p: string, init: { method?: string; body?: unknown } = {}) => {
  const res = await fetch(`http://127.0.0.1:${server.port}/api${p}`, {
    method: init.method ?? 'GET',
    headers: { 'tenant-id': '1001', authorization: token, 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  // biome-ignore lint/suspicious/noExplicitAny: loosely typed JSON of several routes in one test helper
  return (await res.json()) as { code: number; msg: string; data: any }
}
const stationed = (cls: string) => page.locator(`.taro_page_stationed .${cls}`).filter({ visible: true }).first()
const modalText = () => page.locator('.taro__modal .taro-modal__text').textContent()

beforeAll(async () => {
  ;({ server, browser, page } = await openSession())
  token = await loginCapturingToken(page, server)
}, 180_000)

shotOnFailureAndClose('learner', () => ({ page, browser, server }))

describe('what a learner trips over', () => {
  it('a wrong old password is refused in Chinese, not in the server English', async () => {
    await page.goto(server.url(HOST_A, '/pages2/wd/pwd'))
    await settled(page)
    await fill(page, 'pwd-old', 'Wrong1234')
    await fill(page, 'pwd-new', 'Better1234')
    await fill(page, 'pwd-new2', 'Better1234')
    const refused = page.waitForResponse((r) => r.url().includes('/api/app/user/updatePwd'))
    await tap(page, 'pwd-submit')
    const body = await (await refused).json()
    expect(body.msg).toBe('原密码不正确')
    await expect.poll(() => page.getByText('原密码不正确').count(), { timeout: 5_000 }).toBeGreaterThan(0)
    expect(await page.getByText('old password').count()).toBe(0)
  })

  it('试听 on a goods page plays the section in the player, as a free trial', async () => {
    const goods = await api('/app/common/goods/list?goodsType=1&pageSize=50')
    const g = (goods.data.rows as { goodsId: number; goodsName: string }[]).find((x) =>
      x.goodsName.includes('低压电工'),
    )!
    await page.goto(server.url(HOST_A, `/pages3/course/detail?id=${g.goodsId}`))
    await settled(page)
    await tap(page, 'detail-tab-menu')
    const trial = stationed('section-audition')
    await trial.waitFor({ timeout: 15_000 })
    await trial.click()
    await settled(page)
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toContain('/pages3/polyv/index')
    await stationed('vp-trial').waitFor({ timeout: 20_000 })
    expect(await stationed('vp-trial').textContent()).toContain('免费试听')
    // it really plays
    await page.evaluate(async () => {
      const v = document.querySelector('video')!
      v.muted = true
      await v.play()
    })
    await expect
      .poll(() => page.evaluate(() => document.querySelector('video')?.currentTime ?? 0), { timeout: 15_000 })
      .toBeGreaterThan(1)
  })

  it('a one-attempt mock asks before it starts; once taken, 我的报名 offers the score, not 进入考试', async () => {
    const list = await api('/mock/apply/listApply?pageSize=100')
    const mock = (list.data.rows as { examId: number; live: string; maxAttempts: number }[]).find(
      (m) => m.live === 'living' && m.maxAttempts === 1,
    )!
    const first17 = '44010619900101123'
    const applied = await api('/mock/subscribe', {
      method: 'POST',
      body: {
        examId: mock.examId,
        realName: '张明',
        telPhone: '13800000001',
        idCard: first17 + idCardCheckChar(first17),
      },
    })
    expect(applied.code).toBe(200)

    await page.goto(server.url(HOST_A, '/pages5/mockRecord/mock_record?tab=mine'))
    await settled(page)
    const card = stationed(`mk-sub-${applied.data.subscribeId}`)
    await card.waitFor({ timeout: 15_000 })
    await card.locator('.mk-enter').click()
    await expect.poll(modalText, { timeout: 15_000 }).toContain('只有 1 次机会')
    await confirmModal(page)
    await stationed('exam-countdown').waitFor({ timeout: 20_000 })

    const open = await api(`/bank/exam/temp/${mock.examId}`)
    const done = await api('/mock/record/edit', {
      method: 'POST',
      body: { recordId: open.data.recordId, answers: [], final: true },
    })
    expect(done.data.submitted).toBe(true)

    await page.goto(server.url(HOST_A, '/pages5/mockRecord/mock_record?tab=mine'))
    await settled(page)
    const taken = stationed(`mk-sub-${applied.data.subscribeId}`)
    await taken.locator('.mk-results').waitFor({ timeout: 15_000 })
    expect(await taken.locator('.mk-enter').count()).toBe(0)
    expect(await taken.locator('.mk-taken').textContent()).toBe('已考')
  })
})
