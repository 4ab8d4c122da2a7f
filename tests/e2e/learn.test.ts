/**
 * The learning area end to end in a real browser against the real server: a learner who bought a course
 * opens the player, is asked for the start photo (uploaded through the signed-POST store), watches, reloads
 * and resumes where they stopped, and cannot skip ahead of what they watched.
 */
import { mkdirSync } from 'node:fs'
import type { Browser, Page } from 'playwright-core'
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
} from './harness'

/** 1x1 PNG: a valid image for the store's sniffing and size reader. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)

let server: Server
let browser: Browser
let page: Page
let token = ''
let goodsId = 0
let sectionId = 0

const api = async (p: string, init: { method?: string; body?: unknown } = {}) => {
  const res = await fetch(`http://127.0.0.1:${server.port}/api${p}`, {
    method: init.method ?? 'GET',
    headers: { 'tenant-id': '1001', authorization: token, 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  // biome-ignore lint/suspicious/noExplicitAny: loosely typed JSON of several routes in one test helper
  return (await res.json()) as { code: number; data: any }
}
const videoTime = () => page.evaluate(() => document.querySelector('video')?.currentTime ?? -1)
const play = () =>
  page.evaluate(async () => {
    const v = document.querySelector('video')!
    v.muted = true
    await v.play()
  })

/** Answers the photo modal with a picture from the file picker (H5 has no camera API). */
async function takePhoto() {
  const chooser = page.waitForEvent('filechooser', { timeout: 15_000 })
  const logged = page.waitForResponse((r) => r.url().includes('/api/course/photo/log'), { timeout: 20_000 })
  await confirmModal(page)
  await (await chooser).setFiles({ name: 'face.png', mimeType: 'image/png', buffer: PNG })
  const body = await (await logged).json()
  expect(body.code).toBe(200)
}

/** Plays until the server credited at least `seconds`, answering any random photo check on the way. */
async function watchUntil(seconds: number) {
  const deadline = Date.now() + 90_000
  for (;;) {
    const r = await api(`/course/menuList?goodsId=${goodsId}&courseId=${courseIdOf}`)
    const s = (r.data as { sectionList: { sectionId: number; creditedSeconds: number }[] }[])
      .flatMap((c) => c.sectionList)
      .find((x) => x.sectionId === sectionId)
    if ((s?.creditedSeconds ?? 0) >= seconds) return s!
    if (Date.now() > deadline) throw new Error(`credited only ${s?.creditedSeconds}`)
    const note = page.locator('.vp-photo-take').filter({ visible: true })
    if (await note.count()) {
      await note.first().click()
      await takePhoto()
      await play()
    }
    await sleep(1000)
  }
}
let courseIdOf = 0

beforeAll(async () => {
  server = await startServer()
  browser = await launchBrowser()
  page = (await newMobilePage(browser)).page
  page.on('request', (r) => {
    const auth = r.headers().authorization
    if (auth && r.url().includes('/api/')) token = auth
  })
  await loginWithCaptcha(page, server)
  for (let i = 0; i < 40 && !token; i++) await sleep(500)
  if (!token) throw new Error('no authorised request after login')
  // buy the continuing-education course (photo at start + one random photo) through the local provider
  const goods = await api('/app/common/goods/list?goodsType=1&pageSize=50')
  goodsId = (goods.data.rows as { goodsId: number; goodsName: string }[]).find((g) =>
    g.goodsName.includes('继续教育'),
  )!.goodsId
  const order = await api('/order/placeSmallOrder', {
    method: 'POST',
    body: { goodsIds: [goodsId], idempotencyKey: `e2e-learn-${Date.now()}` },
  })
  expect(order.code).toBe(200)
  // the pay URL carries the link signed for this learner
  const paid = await fetch(`http://127.0.0.1:${server.port}${order.data.pay.payUrl}/confirm`, {
    method: 'POST',
    redirect: 'manual',
  })
  expect(paid.status).toBe(303)
  const courses = await api(`/course/courseList?goodsId=${goodsId}`)
  courseIdOf = courses.data[0].courseId
  const menu = await api(`/course/menuList?goodsId=${goodsId}&courseId=${courseIdOf}`)
  sectionId = menu.data[0].sectionList[0].sectionId
}, 120_000)

afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') {
    mkdirSync('.test-tmp', { recursive: true })
    await page.screenshot({ path: `.test-tmp/learn-${ctx.task.name.replace(/\W+/g, '-')}.png` })
  }
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe('learning', () => {
  it('lists the bought course on the learning tab', async () => {
    await page.goto(server.url(HOST_A, '/pages/learn/index'))
    await settled(page)
    await expect
      .poll(() => page.locator('.taro_page_stationed').first().textContent(), { timeout: 15_000 })
      .toContain('继续教育')
  })

  it('asks for the start photo, uploads it, then credits real watching time', async () => {
    await page.goto(server.url(HOST_A, `/pages3/polyv/index?goodsId=${goodsId}&sectionId=${sectionId}`))
    await settled(page)
    await takePhoto()
    await page.locator('video').waitFor({ timeout: 15_000 })
    await play()
    const s = await watchUntil(8)
    expect(s.creditedSeconds).toBeGreaterThanOrEqual(8)
    expect(s.creditedSeconds).toBeLessThanOrEqual(30)
    // pause: the pause report carries the position
    const paused = page.waitForResponse((r) => r.url().includes('/api/study/record') && r.request().method() === 'POST')
    await page.evaluate(() => document.querySelector('video')!.pause())
    await paused
  }, 150_000)

  it('resumes where the learner stopped after a reload', async () => {
    const last = (await api(`/study/record/last?goodsId=${goodsId}`)).data as { position: number; sectionId: number }
    expect(last.sectionId).toBe(sectionId)
    expect(last.position).toBeGreaterThanOrEqual(8)
    await page.reload()
    await settled(page)
    await page.locator('video').waitFor({ timeout: 15_000 })
    await expect.poll(videoTime, { timeout: 15_000 }).toBeGreaterThanOrEqual(last.position - 2)
  }, 60_000)

  it('pulls a seek beyond the furthest watched point back and reports it', async () => {
    const check = (await api(`/study/record/check/video?goodsId=${goodsId}&sectionId=${sectionId}`)).data as {
      furthest: number
      durationSeconds: number
    }
    expect(check.durationSeconds).toBeGreaterThan(check.furthest + 10)
    await play()
    const reported = page.waitForResponse((r) => r.url().includes('/api/study/record/abnormal'), { timeout: 20_000 })
    await page.evaluate((to) => {
      document.querySelector('video')!.currentTime = to
    }, check.durationSeconds - 3)
    expect((await (await reported).json()).code).toBe(200)
    await expect.poll(videoTime, { timeout: 10_000 }).toBeLessThanOrEqual(check.furthest + 4)
    const cheats = await api(`/course/period/cheat?goodsId=${goodsId}`)
    expect((cheats.data.rows as { kind: string }[]).some((r) => r.kind === 'client-seek')).toBe(true)
  }, 60_000)
})
