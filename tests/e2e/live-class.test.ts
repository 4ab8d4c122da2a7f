/**
 * A live class with its interactions, in real browsers on both sides (issue 14): the seeded teacher signs in to the
 * console (desktop) and opens today's class of the free public class; two learners (the demo learner A and B, who
 * registers by SMS) open the room in the H5 app (phones). The server runs with LIVE_VIDEO=off: the class need not
 * stream, the teacher starts it from the console. Then, each step seen on both sides: the class starts and a
 * bulletin is pinned; a check-in that A signs and B does not; a single-choice test question from the bank that A
 * answers right and B wrong, with the right rate and the distribution; a lottery among those who checked in (so A
 * wins, sends the claim form, and the console lists the claim; B is told they did not win); B asks the teacher a
 * question, the teacher answers privately, B gets the answer with a badge on the questions tab and A sees neither.
 * Screenshots of each step in .test-tmp/live-class-*.png.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { apiOf, DEMO_A, HOST_A, launchBrowser, newMobilePage, root, type Server, startServer } from './harness'

const TEACHER = { phone: '13800000011', password: 'Demo1234', nick: '王建国老师' }
const FREE_CLASS = '安全生产公开课'
const TODAY = '高处作业安全防护要点'
/** learner B registers through the SMS API */
const LEARNER_B = { phone: '13700000314', password: 'Learner1234' }
const BULLETIN = '今晚课后作业：第三章案例分析，周五前提交'
const PRIZE = '签名版教材'
const QUESTION = `老师，安全带的挂点要多高才合格？${Date.now().toString(36)}`
const ANSWER = '挂点应高于作业面，做到高挂低用'

interface Learner {
  name: 'a' | 'b'
  token: string
  userId: number
  nick: string
  context: BrowserContext
  page: Page
}

let server: Server
const { api, apiLogin, register } = apiOf(() => server)
let browser: Browser
let teacher: Page
let a: Learner
let b: Learner
let channelId = 0
let sessionId = 0

/** A learner's phone: a browser context whose app storage holds the session (Taro's H5 storage format). */
async function openLearner(name: 'a' | 'b', token: string, account: string): Promise<Learner> {
  const { context, page } = await newMobilePage(browser)
  await context.addInitScript(
    ([t, acc]) => {
      localStorage.setItem('token', JSON.stringify({ data: t }))
      localStorage.setItem('user_account', JSON.stringify({ data: acc }))
    },
    [token, account] as const,
  )
  const r = await api(`/study/record/getChannelBasicInfo?channelId=${channelId}&sessionId=${sessionId}`, { token })
  if (r.code !== 200) throw new Error(`room refused ${name}: ${r.msg}`)
  return { name, token, userId: Number(r.data.userId), nick: String(r.data.nick), context, page }
}

/** what is on a learner's screen (Taro keeps hidden pages in the DOM) */
const on = (p: Page, selector: string) => p.locator(`.taro_page_stationed ${selector}`).filter({ visible: true })
const textOf = async (p: Page, selector: string) => ((await on(p, selector).first().textContent()) ?? '').trim()
const tapOn = (p: Page, selector: string) => on(p, selector).first().click()
/** fills a Taro <Input>/<Textarea className="x"> on H5 */
const fillIn = (p: Page, className: string, value: string) =>
  on(p, `.${className} input, .${className} textarea`).first().fill(value)

async function shot(p: Page, name: string, fullPage = false) {
  mkdirSync(join(root, '.test-tmp'), { recursive: true })
  await p.screenshot({ path: join(root, '.test-tmp', `live-class-${name}.png`), fullPage })
}
const shotAll = async (step: string) => {
  await shot(teacher, `${step}-teacher`, true)
  for (const l of [a, b]) await shot(l.page, `${step}-${l.name}`)
}

/** Fills the console's sign-in form, the picture code's answer read from the server log. */
async function consoleSignIn(account: string, password: string) {
  const captcha = teacher.waitForResponse((r) => r.url().includes('/api/captchaImage'))
  await teacher.goto(server.url(HOST_A, '/console/'))
  const { data } = await (await captcha).json()
  const [, text] = await server.waitForLog(new RegExp(`captcha ${data.uuid} = (\\w+)`))
  await teacher.locator('.signin-account').fill(account)
  await teacher.locator('.signin-password').fill(password)
  await teacher.locator('.signin-captcha').fill(text)
  await teacher.locator('.signin-submit').click()
}

/** Rebuilds dist/h5 when a source file is newer (serialized with other builds; waits for a running one). */
function ensureFreshH5() {
  const lock = '/tmp/h5-build.lock'
  execFileSync('flock', [lock, 'true'])
  let built = 0
  try {
    built = statSync(join(root, 'dist/h5/index.html')).mtimeMs
  } catch {}
  const newer = built
    ? execFileSync('find', ['src', 'contract', 'config', '-type', 'f', '-newermt', `@${built / 1000}`], {
        cwd: root,
        encoding: 'utf8',
      }).trim()
    : 'missing'
  if (!newer) return
  execFileSync('flock', [lock, process.execPath, 'scripts/build.mjs', '--type', 'h5'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
}

beforeAll(async () => {
  ensureFreshH5()
  execFileSync(process.execPath, [join(root, 'scripts', 'build-console.mjs'), '--if-stale'], { stdio: 'inherit' })
  server = await startServer({ LIVE_VIDEO: 'off', REDIS_URL: '' })
  browser = await launchBrowser()
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 }, locale: 'zh-CN' })
  teacher = await context.newPage()
}, 600_000)

afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail') return
  mkdirSync(join(root, '.test-tmp'), { recursive: true })
  const name = ctx.task.name.replace(/\W+/g, '-').slice(0, 60)
  if (teacher && !teacher.isClosed())
    await teacher
      .screenshot({ path: join(root, '.test-tmp', `live-class-fail-teacher-${name}.png`), fullPage: true })
      .catch(() => {})
  for (const l of [a, b]) {
    if (l?.page && !l.page.isClosed())
      await l.page
        .screenshot({ path: join(root, '.test-tmp', `live-class-fail-${l.name}-${name}.png`) })
        .catch(() => {})
  }
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe('a live class with its interactions: the teacher in the console, two learners in the H5 room', () => {
  it('the teacher opens today’s class in the console and two learners enter the room before it starts', async () => {
    await consoleSignIn(TEACHER.phone, TEACHER.password)
    await expect.poll(() => teacher.locator('.me-role').textContent(), { timeout: 15_000 }).toBe('讲师')
    await teacher.locator('.nav-live').click()
    const card = teacher.locator('.channel').filter({ has: teacher.locator('h2', { hasText: FREE_CLASS }) })
    await card.waitFor({ timeout: 15_000 })
    const row = card.locator('.session-row').filter({ hasText: TODAY })
    expect(await row.locator('.state-badge').textContent()).toBe('未开始')
    await row.locator('.session-open').click()
    await teacher.locator('.page-live-room').waitFor()
    channelId = Number(await teacher.locator('.page-live-room').getAttribute('data-channel-id'))
    sessionId = Number(await teacher.locator('.page-live-room').getAttribute('data-session-id'))
    await expect.poll(() => teacher.locator('.conn-text').textContent(), { timeout: 15_000 }).toBe('聊天室已连接')

    a = await openLearner('a', await apiLogin(DEMO_A.account, DEMO_A.password), DEMO_A.account)
    b = await openLearner('b', await register(LEARNER_B.phone, LEARNER_B.password), LEARNER_B.phone)
    expect(a.nick).not.toBe('')
    expect(b.nick).not.toBe('')
    for (const l of [a, b])
      await l.page.goto(server.url(HOST_A, `/pages3/live/detail?channelId=${channelId}&sessionId=${sessionId}`))
    for (const l of [a, b]) {
      // not started yet: the waiting screen; the chat is connected (its input offered)
      await on(l.page, '.lv-waiting').first().waitFor({ timeout: 30_000 })
      await on(l.page, '.lv-input').first().waitFor({ timeout: 20_000 })
      expect(await textOf(l.page, '.nav-bar')).toContain(TODAY)
      // the console lists them online
      await teacher.locator(`.online-list li.person[data-user-id="${l.userId}"]`).waitFor({ timeout: 15_000 })
    }
  }, 120_000)

  it('1. the teacher starts the class and pins a bulletin: both rooms go live and show it', async () => {
    await teacher.locator('.class-start').click()
    await expect.poll(() => teacher.locator('.panel-stream .state-badge').textContent()).toBe('直播中')
    for (const l of [a, b]) {
      // live, and this server has no video: the room says so plainly (not the waiting screen any more)
      await on(l.page, '.lv-unavailable').first().waitFor({ timeout: 15_000 })
      expect(await on(l.page, '.lv-waiting').count()).toBe(0)
      expect(await textOf(l.page, '.lv-unavailable .lv-screen-title')).toBe('本服务器暂未开启直播视频')
    }
    await teacher.locator('.bulletin-input').fill(BULLETIN)
    await teacher.locator('.bulletin-publish').click()
    await expect.poll(() => teacher.locator('.bulletin-text').textContent()).toBe(BULLETIN)
    for (const l of [a, b]) {
      await expect.poll(() => textOf(l.page, '.lv-bulletin-text'), { timeout: 10_000 }).toBe(BULLETIN)
      expect(await textOf(l.page, '.lv-bulletin-tag')).not.toBe('')
    }
    await shotAll('1-live-bulletin')
  }, 60_000)

  it('2. a check-in: both see the countdown, A signs and B does not; the console shows who; stopped, the card closes', async () => {
    await teacher.locator('.tab-checkin').click()
    await teacher.locator('.checkin-message').fill('上课签到')
    await teacher.locator('.checkin-limit').selectOption('120')
    await teacher.locator('.checkin-start').click()
    await teacher.locator('.checkin-running').waitFor({ timeout: 10_000 })
    expect(await teacher.locator('.checkin-count').textContent()).toBe('0')
    await expect.poll(() => teacher.locator('.checkin-running .big-count').textContent()).toContain('在线学员 2')

    for (const l of [a, b]) {
      const box = on(l.page, '.lv-checkin').first()
      await box.waitFor({ timeout: 10_000 })
      expect(await textOf(l.page, '.lv-checkin-message')).toBe('上课签到')
      // the countdown on the server's clock: about two minutes, and it runs
      const left = await textOf(l.page, '.lv-checkin-left')
      expect(left).toMatch(/^剩余 0[12]:\d\d$/)
      await expect.poll(() => textOf(l.page, '.lv-checkin-left'), { timeout: 5_000 }).not.toBe(left)
      expect(await on(l.page, '.lv-checkin-sign').count()).toBe(1)
    }

    await tapOn(a.page, '.lv-checkin-sign')
    await expect.poll(() => textOf(a.page, '.lv-checkin-signed'), { timeout: 10_000 }).toBe('已签到')
    expect(await on(a.page, '.lv-checkin-sign').count()).toBe(0)
    // B's card still asks B to sign
    expect(await on(b.page, '.lv-checkin-sign').count()).toBe(1)
    expect(await on(b.page, '.lv-checkin-signed').count()).toBe(0)

    await expect.poll(() => teacher.locator('.checkin-count').textContent(), { timeout: 10_000 }).toBe('1')
    const signedA = teacher.locator(`.checkin-running .signed-list li[data-user-id="${a.userId}"]`)
    await signedA.waitFor()
    expect(await signedA.locator('.user-nick').textContent()).toBe(a.nick)
    expect(await teacher.locator(`.checkin-running .signed-list li[data-user-id="${b.userId}"]`).count()).toBe(0)
    await shotAll('2-checkin-running')

    await teacher.locator('.checkin-stop').click()
    await teacher.locator('.checkin-done').first().waitFor({ timeout: 10_000 })
    expect(await teacher.locator('.checkin-done-count').first().textContent()).toBe('1 人签到')
    for (const l of [a, b]) await expect.poll(() => on(l.page, '.lv-checkin').count(), { timeout: 10_000 }).toBe(0)
    // the past check-in's names: A only
    await teacher.locator('.checkin-done summary').first().click()
    await teacher.locator(`.checkin-done .signed-list li[data-user-id="${a.userId}"]`).waitFor()
    expect(await teacher.locator(`.checkin-done .signed-list li[data-user-id="${b.userId}"]`).count()).toBe(0)
    await shotAll('2-checkin-stopped')
  }, 60_000)

  it('3. a single-choice test question: A answers right, B wrong; right rate, distribution and verdicts on both sides', async () => {
    await teacher.locator('.tab-test').click()
    await teacher.locator('.picker-type').selectOption('1')
    // the list read again for single-choice questions only
    await expect
      .poll(
        async () => {
          const badges = await teacher.locator('.picker-list .badge').allTextContents()
          return badges.length > 0 && badges.every((t) => t === '单选')
        },
        { timeout: 15_000 },
      )
      .toBe(true)
    await teacher.locator('.pick-radio').first().check()
    await teacher.locator('.test-preview').waitFor()
    // the preview shows the teacher the right answer: one option for a single-choice question
    const rightItems = await teacher.locator('.test-preview li.is-right').allTextContents()
    expect(rightItems).toHaveLength(1)
    const right = rightItems[0]!.trim().slice(0, 1)
    const labels = (await teacher.locator('.test-preview li').allTextContents()).map((t) => t.trim().slice(0, 1))
    expect(labels.length).toBeGreaterThanOrEqual(2)
    const wrong = labels.find((x) => x !== right)!
    expect(await teacher.locator('.test-preview .muted.small').textContent()).toBe(`正确答案：${right}`)
    await teacher.locator('.test-limit').fill('90')
    await teacher.locator('.test-push').click()
    await teacher.locator('.test-run').waitFor({ timeout: 10_000 })
    expect(await teacher.locator('.test-answered').textContent()).toBe('0')

    for (const l of [a, b]) {
      // the answer card opens by itself, with the time left on the server's clock
      await on(l.page, '.lv-sheet-test').first().waitFor({ timeout: 10_000 })
      expect(await textOf(l.page, '.lv-test-type')).toBe('单选题')
      expect(await textOf(l.page, '.lv-test-left')).toMatch(/^剩余 01:[23]\d$/)
      for (const x of labels) expect(await on(l.page, `.lv-test-option-${x}`).count()).toBe(1)
      // nothing picked: nothing to send
      expect(await on(l.page, '.lv-test-submit.is-disabled').count()).toBe(1)
    }
    const answer = async (l: Learner, label: string) => {
      await tapOn(l.page, `.lv-test-option-${label}`)
      await on(l.page, `.lv-test-option-${label}.is-on`).first().waitFor()
      await tapOn(l.page, '.lv-test-submit')
      await expect
        .poll(() => textOf(l.page, '.lv-test-submitted'), { timeout: 10_000 })
        .toBe('已提交，等待老师公布答案')
    }
    await answer(a, right)
    await answer(b, wrong)
    await shot(a.page, '3-test-answered-a')
    // the console counts the answers as they come
    await expect.poll(() => teacher.locator('.test-answered').textContent(), { timeout: 10_000 }).toBe('2')

    await teacher.locator('.test-stop').click()
    await expect
      .poll(() => teacher.locator('.test-answer').textContent(), { timeout: 10_000 })
      .toContain(`正确答案：${right}`)
    expect(await teacher.locator('.test-rate').textContent()).toBe('正确率 50%')
    const bar = (x: string) => teacher.locator('.test-run .bar').filter({ hasText: `${x}. ` })
    expect(await bar(right).locator('.bar-value').textContent()).toBe('1 · 50%')
    expect(await bar(right).getAttribute('class')).toContain('bar-right')
    expect(await bar(wrong).locator('.bar-value').textContent()).toBe('1 · 50%')
    for (const x of labels.filter((y) => y !== right && y !== wrong))
      expect(await bar(x).locator('.bar-value').textContent()).toBe('0 · 0%')

    for (const [l, mine, verdict] of [
      [a, right, 'right'],
      [b, wrong, 'wrong'],
    ] as const) {
      const p = l.page
      await on(p, '.lv-test-result').first().waitFor({ timeout: 10_000 })
      expect(await textOf(p, '.lv-sheet-test .lv-sheet-title')).toBe('答题结果')
      expect(await on(p, `.lv-test-verdict.is-${verdict}`).count()).toBe(1)
      expect(await textOf(p, '.lv-test-verdict')).toBe(verdict === 'right' ? '回答正确' : '回答错误')
      expect(await textOf(p, '.lv-test-right-answer')).toBe(`正确答案：${right}`)
      expect(await textOf(p, '.lv-test-my-answer')).toBe(`我的答案：${mine}`)
      expect(await textOf(p, '.lv-test-counts')).toBe('2 人作答，1 人答对')
      expect(await textOf(p, '.lv-test-rate')).toBe('50%')
      expect(await textOf(p, `.lv-test-dist-${right} .lv-share-value`)).toBe('1 · 50%')
      expect(await textOf(p, `.lv-test-dist-${wrong} .lv-share-value`)).toBe('1 · 50%')
      expect(await on(p, `.lv-test-option-${right}.is-right`).count()).toBe(1)
      expect(await on(p, `.lv-test-option-${mine}.is-on`).count()).toBe(1)
    }
    await shotAll('3-test-result')
  }, 90_000)

  it('4. a lottery among those who checked in: A wins and sends the claim form, B did not win; the console shows both', async () => {
    await teacher.locator('.tab-lottery').click()
    await teacher.locator('.lottery-prize').fill(PRIZE)
    await teacher.locator('.lottery-count').fill('1')
    await teacher.locator('.lottery-among').selectOption('checkedIn')
    await expect.poll(() => teacher.locator('.lottery-checkin option').first().textContent()).toContain('1 人签到')
    await teacher.locator('.lottery-start').click()

    // the draw: both see the lottery sheet (replacing the answer card), then the outcome
    for (const l of [a, b]) {
      await on(l.page, '.lv-sheet-lottery').first().waitFor({ timeout: 10_000 })
      expect(await textOf(l.page, '.lv-lottery-prize')).toBe(`奖品：${PRIZE}`)
    }
    await on(a.page, '.lv-lottery-won').first().waitFor({ timeout: 15_000 })
    expect(await textOf(a.page, '.lv-lottery-won-text')).toBe('恭喜你中奖了！')
    await on(b.page, '.lv-lottery-lost').first().waitFor({ timeout: 15_000 })
    expect(await textOf(b.page, '.lv-lottery-lost')).toBe('很遗憾，这次没有抽中，下次好运！')
    expect(await on(b.page, '.lv-claim').count()).toBe(0)
    for (const l of [a, b]) {
      expect(await on(l.page, '.lv-lottery-winner').count()).toBe(1)
      expect(await textOf(l.page, `.lv-lottery-winner-${a.userId}`)).toBe(a.nick)
    }
    expect(await on(a.page, `.lv-lottery-winner-${a.userId}.is-me`).count()).toBe(1)
    await teacher.locator(`.winners li[data-user-id="${a.userId}"]`).waitFor({ timeout: 10_000 })
    expect(await teacher.locator('.winners li').count()).toBe(1)
    await shotAll('4-lottery-drawn')

    // the claim form: a wrong phone is refused by the form, then it is sent
    await fillIn(a.page, 'lv-claim-name', '张三')
    await fillIn(a.page, 'lv-claim-phone', '1391234')
    await fillIn(a.page, 'lv-claim-address', '北京市朝阳区建国路 88 号 3 单元 501')
    await tapOn(a.page, '.lv-claim-submit')
    await expect.poll(() => textOf(a.page, '.lv-claim-error')).toBe('请输入正确的手机号')
    await fillIn(a.page, 'lv-claim-phone', '13912345678')
    await tapOn(a.page, '.lv-claim-submit')
    await expect
      .poll(() => textOf(a.page, '.lv-claim-sent'), { timeout: 10_000 })
      .toBe('领奖信息已提交，请留意老师的通知')
    await shot(a.page, '4-lottery-claimed-a')

    // the console's claims list, read again: A's name, phone and address for the prize
    await teacher.locator('.lottery-claims-refresh').click()
    const claimRow = teacher.locator('.lottery-claims-table tr.claimed').filter({ hasText: '13912345678' })
    await claimRow.waitFor({ timeout: 10_000 })
    expect(await claimRow.textContent()).toContain('张三')
    expect(await claimRow.textContent()).toContain('北京市朝阳区建国路 88 号 3 单元 501')
    expect(await teacher.locator('.lottery-claims-table caption').first().textContent()).toContain(PRIZE)
    await shot(teacher, '4-lottery-claims-teacher', true)

    for (const l of [a, b]) {
      await tapOn(l.page, '.lv-sheet-lottery .lv-sheet-close')
      await expect.poll(() => on(l.page, '.lv-sheet-mask').count()).toBe(0)
    }
    // the claim was sent: no pill asks A for it again
    expect(await on(a.page, '.lv-pill-claim').count()).toBe(0)
  }, 60_000)

  it('5. B asks the teacher; answered privately, B sees the answer with a badge, A sees neither', async () => {
    await tapOn(b.page, '.lv-room-tab-questions')
    await on(b.page, '.lv-ask-input').first().waitFor({ timeout: 10_000 })
    await fillIn(b.page, 'lv-ask-input', QUESTION)
    await tapOn(b.page, '.lv-ask-send')
    const mine = on(b.page, '.lv-question.is-mine').filter({ hasText: QUESTION }).first()
    await mine.waitFor({ timeout: 10_000 })
    expect(await mine.locator('.lv-question-waiting').textContent()).toBe('等待讲师回答')
    expect(await mine.locator('.lv-question-tag').textContent()).toBe('仅你可见')
    // B goes back to the chat while waiting
    await tapOn(b.page, '.lv-room-tab-chat')

    // the console's Q&A inbox: a badge, then the question with B's name
    await expect.poll(() => teacher.locator('.tab-qa .tab-badge').textContent(), { timeout: 10_000 }).toBe('1')
    await teacher.locator('.tab-qa').click()
    const q = teacher.locator('.question').filter({ hasText: QUESTION })
    await q.waitFor()
    expect(await q.locator('.question-text').textContent()).toBe(QUESTION)
    expect(await q.locator('.user-nick').first().textContent()).toBe(b.nick)
    await shot(teacher, '5-question-inbox-teacher', true)
    // privately (the public box left unticked)
    expect(await q.locator('.answer-public').isChecked()).toBe(false)
    await q.locator('.answer-input').fill(ANSWER)
    await q.locator('.answer-send').click()
    await expect.poll(() => q.locator('.question-answer').textContent(), { timeout: 10_000 }).toContain(ANSWER)
    expect(await teacher.locator('.tab-qa .tab-badge').count()).toBe(0)

    // B: a badge on the questions tab; opened, the answer under the question, and the badge goes
    await expect.poll(() => textOf(b.page, '.lv-room-tab-questions .lv-tab-badge'), { timeout: 10_000 }).toBe('1')
    await shot(b.page, '5-answer-badge-b')
    await tapOn(b.page, '.lv-room-tab-questions')
    const answered = on(b.page, '.lv-question.is-mine.is-answered').filter({ hasText: QUESTION }).first()
    await answered.waitFor({ timeout: 10_000 })
    expect(await answered.locator('.lv-question-answer-text').textContent()).toBe(ANSWER)
    expect(await answered.locator('.lv-question-answerer').textContent()).toContain(TEACHER.nick)
    await expect.poll(() => on(b.page, '.lv-tab-badge').count()).toBe(0)

    // A: no badge, and neither the question nor the answer anywhere in the room
    expect(await on(a.page, '.lv-tab-badge').count()).toBe(0)
    await tapOn(a.page, '.lv-room-tab-questions')
    await on(a.page, '.lv-questions-welcome').first().waitFor({ timeout: 10_000 })
    // the list is read (not loading, not failed) and holds nothing of B's
    await expect.poll(() => on(a.page, '.lv-questions-foot .lv-muted').count(), { timeout: 10_000 }).toBe(0)
    expect(await on(a.page, '.lv-questions-retry').count()).toBe(0)
    expect(await a.page.getByText(QUESTION).count()).toBe(0)
    expect(await a.page.getByText(ANSWER).count()).toBe(0)
    expect(await on(a.page, '.lv-question').count()).toBe(0)
    await shotAll('5-answered')
  }, 60_000)
})
