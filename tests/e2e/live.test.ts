/**
 * A live class end to end in real browsers against the real server with live video on (nginx-rtmp started by the
 * server on a free loopback port, its files in the throw-away data dir): the school's manager signs in through
 * the app's login API and reads the free public class's push address at the staff desk; ffmpeg publishes LIVE.md's
 * test stream (testsrc2 + sine) to it and the class goes live; two learners (the demo learner and one who
 * registers by SMS) open the room in two browser contexts, the video plays (currentTime advances) and each sees
 * the other's chat; the teacher (a socket.io client with the chat token the room call gives them) bans one, whose
 * room shows the banned state, whose message the server refuses and the other never sees; the stream stops, both
 * rooms show the class ended, the recording becomes ready, and the playback page plays it with the chat replayed
 * beside it as the video reaches the moment each message was sent.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { mkdirSync, statSync } from 'node:fs'
import net from 'node:net'
import { join } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { io, type Socket } from 'socket.io-client'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  CHAT_EVENT,
  CHAT_NAMESPACE,
  type ChatAck,
  type ChatMessage,
  LIVE,
  LIVE_CODE,
} from '../../contract/schemas/live-codes'
import { apiOf, DEMO_A, HOST_A, launchBrowser, newMobilePage, root, type Server, sleep, startServer } from './harness'

const TEACHER = { account: '13800000011', password: 'Demo1234' }
const MANAGER = { account: '13800000013', password: 'Demo1234' }
/** the second learner registers through the SMS API */
const LEARNER_B = { phone: '13700000313', password: 'Learner1234' }

interface Learner {
  name: string
  token: string
  userId: number
  context: BrowserContext
  page: Page
}

let server: Server
const { api, apiLogin, register } = apiOf(() => server)
let browser: Browser
let rtmpPort = 0
let channelId = 0
let sessionId = 0
let pushUrl = ''
let publisher: (ChildProcess & { exit: Promise<number | null> }) | null = null
let publishedAt = 0
let teacherToken = ''
let a: Learner
let b: Learner
let moderator: ChatSocket | null = null
const sockets: ChatSocket[] = []
/** the texts sent during the class, by who */
const said = {
  a1: `A 同学的第一条消息 ${Date.now().toString(36)}`,
  b1: `B 同学回复：收到 ${Date.now().toString(36)}`,
  refused: `被禁言后还想说话 ${Date.now().toString(36)}`,
  a2: `A 同学：禁言后我还能说话 ${Date.now().toString(36)}`,
}

const room = (token: string, extra = '') =>
  api(`/study/record/getChannelBasicInfo?channelId=${channelId}${sessionId ? `&sessionId=${sessionId}` : ''}${extra}`, {
    token,
  })

async function until<T>(what: string, fn: () => Promise<T | null | undefined | false>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const v = await fn()
    if (v) return v
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await sleep(300)
  }
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo
      s.close(() => resolve(port))
    })
  })

/** LIVE.md's test publisher: testsrc2 + sine, H.264/AAC in FLV, to the teacher's push URL. */
function publish(url: string) {
  const child = spawn(
    'ffmpeg',
    [
      ...['-v', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25', '-f', 'lavfi', '-i', 'sine'],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-g', '50', '-c:a', 'aac', '-f', 'flv', url],
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  )
  const exit = new Promise<number | null>((r) => child.once('exit', (code) => r(code)))
  return Object.assign(child, { exit })
}

/** A socket.io client speaking the chat protocol (one `message` event of JSON strings, with acks). */
class ChatSocket {
  readonly events: { EVENT: string; [k: string]: unknown }[] = []
  private constructor(readonly socket: Socket) {
    socket.on(CHAT_EVENT, (raw: string) => this.events.push(JSON.parse(raw)))
  }
  static async open(): Promise<ChatSocket> {
    const socket = io(`http://127.0.0.1:${server.port}${CHAT_NAMESPACE}`, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    })
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve())
      socket.once('connect_error', reject)
    })
    const s = new ChatSocket(socket)
    sockets.push(s)
    return s
  }
  send(event: string, payload: Record<string, unknown> = {}): Promise<ChatAck> {
    return this.socket.timeout(10_000).emitWithAck(CHAT_EVENT, JSON.stringify({ EVENT: event, ...payload }))
  }
  close() {
    this.socket.disconnect()
  }
}

/** A learner's phone: a browser context whose app storage holds the session (Taro's H5 storage format). */
async function openLearner(name: string, token: string, account: string): Promise<Learner> {
  const { context, page } = await newMobilePage(browser)
  await context.addInitScript(
    ([t, acc]) => {
      localStorage.setItem('token', JSON.stringify({ data: t }))
      localStorage.setItem('user_account', JSON.stringify({ data: acc }))
    },
    [token, account] as const,
  )
  const r = await room(token)
  if (r.code !== 200) throw new Error(`room refused ${name}: ${r.msg}`)
  return { name, token, userId: Number(r.data.userId), context, page }
}

const on = (p: Page, selector: string) => p.locator(`.taro_page_stationed ${selector}`).filter({ visible: true })
const videoTime = (p: Page, id: string) =>
  p.evaluate((sel) => (document.querySelector(sel) as HTMLVideoElement | null)?.currentTime ?? -1, `#${id}`)
/**
 * The video's position, starting it muted when it is paused (the way a learner's tap would: headless autoplay
 * with sound is not allowed). -1: no video element (e.g. the room shows 'video failed').
 */
const playingTime = (p: Page, id: string) =>
  p.evaluate((sel) => {
    const v = document.querySelector(sel) as HTMLVideoElement | null
    if (!v) return -1
    if (v.paused && v.readyState >= 2) {
      v.muted = true
      v.play().catch(() => undefined)
    }
    return v.currentTime
  }, `#${id}`)

async function expectPlaying(p: Page, id: string) {
  await p.locator(`#${id}`).waitFor({ state: 'attached', timeout: 20_000 })
  await expect.poll(() => playingTime(p, id), { timeout: 30_000 }).toBeGreaterThan(0.5)
  const t0 = await videoTime(p, id)
  await expect.poll(() => playingTime(p, id), { timeout: 15_000 }).toBeGreaterThan(t0 + 1.5)
}

/** when each page last spoke: the app keeps 3 s between one learner's messages (spec §5) */
const lastSaid = new Map<Page, number>()

async function say(p: Page, text: string) {
  const wait = (lastSaid.get(p) ?? 0) + LIVE.SPEAK_GAP_MS + 300 - Date.now()
  if (wait > 0) await sleep(wait)
  lastSaid.set(p, Date.now())
  const input = on(p, '.lv-input input').first()
  await input.fill(text)
  await on(p, '.lv-send').first().click()
  // my own bubble, on the right
  await on(p, '.lv-msg.is-mine .lv-bubble').filter({ hasText: text }).first().waitFor({ timeout: 10_000 })
}

const bubbleOf = (p: Page, text: string, who: 'is-mine' | 'is-other' = 'is-other') =>
  on(p, `.lv-msg.${who} .lv-bubble`).filter({ hasText: text })

async function shot(p: Page, name: string) {
  mkdirSync(join(root, '.test-tmp'), { recursive: true })
  await p.screenshot({ path: join(root, '.test-tmp', `live-${name}.png`) })
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
  rtmpPort = await freePort()
  server = await startServer({
    LIVE_VIDEO: 'on',
    LIVE_PROVIDER: 'local',
    LIVE_RTMP_PORT: String(rtmpPort),
    // '' = DATA_DIR/live: nginx's config, HLS and recordings live in the throw-away data dir
    LIVE_DIR: '',
    LIVE_PUBLIC_HOST: '',
    REDIS_URL: '',
  })
  await server.waitForLog(/live video: nginx-rtmp on 127\.0\.0\.1:\d+/, 30_000)
  browser = await launchBrowser()
}, 600_000)

afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail') return
  mkdirSync(join(root, '.test-tmp'), { recursive: true })
  const name = ctx.task.name.replace(/\W+/g, '-').slice(0, 60)
  for (const l of [a, b]) {
    if (l?.page && !l.page.isClosed())
      await l.page.screenshot({ path: join(root, '.test-tmp', `live-fail-${l.name}-${name}.png`) }).catch(() => {})
  }
})

afterAll(async () => {
  for (const s of sockets) s.close()
  if (publisher && publisher.exitCode === null) publisher.kill('SIGKILL')
  await browser?.close()
  await server?.stop()
})

describe('a live class (local video, chat, moderation, playback with chat replay)', () => {
  it('the manager signs in and reads the free public class push address at the staff desk', async () => {
    const managerToken = await apiLogin(MANAGER.account, MANAGER.password)
    const channels = await api('/staff/live/channels', { token: managerToken })
    expect(channels.code).toBe(200)
    const free = (channels.data as { channelId: number; goodsId: number | null; examId: number | null; name: string }[])
      .filter((c) => !c.goodsId && !c.examId)
      .find((c) => c.name === '安全生产公开课')
    expect(free).toBeTruthy()
    channelId = free!.channelId
    const push = await api(`/staff/live/channels/${channelId}/push`, { token: managerToken })
    expect(push.code).toBe(200)
    expect(push.data.server).toBe(`rtmp://127.0.0.1:${rtmpPort}/live`)
    expect(push.data.url).toMatch(/\?session=\d+&e=\d+&sign=[0-9a-f]{32}$/)
    pushUrl = push.data.url
  })

  it('ffmpeg publishes the test stream: the class goes live and its HLS is served', async () => {
    teacherToken = await apiLogin(TEACHER.account, TEACHER.password)
    publishedAt = Date.now()
    publisher = publish(pushUrl)
    const live = await until('the class to go live', async () => {
      if (publisher?.exitCode !== null) throw new Error(`ffmpeg exited ${publisher?.exitCode}`)
      const r = await room(teacherToken)
      return r.code === 200 && r.data.state === 'live' && r.data.stream.hlsUrl ? r.data : null
    })
    sessionId = live.sessionId
    expect(live.stream).toMatchObject({ provider: 'local', videoAvailable: true })
    expect(live.userType).toBe('teacher')
    // the playlist exists once nginx wrote the first fragments (the rooms then play at once)
    await until('the live playlist', async () => {
      const r = await fetch(`http://127.0.0.1:${server.port}${live.stream.hlsUrl}`)
      return r.ok && /#EXTINF/.test(await r.text())
    })
  }, 60_000)

  it('two learners open the room: the video plays and the room shows who is online', async () => {
    const tokenA = await apiLogin(DEMO_A.account, DEMO_A.password)
    const tokenB = await register(LEARNER_B.phone, LEARNER_B.password)
    a = await openLearner('a', tokenA, DEMO_A.account)
    b = await openLearner('b', tokenB, LEARNER_B.phone)
    for (const l of [a, b]) await l.page.goto(server.url(HOST_A, `/pages3/live/detail?channelId=${channelId}`))
    for (const l of [a, b]) {
      await expectPlaying(l.page, 'lv-live-video')
      // the chat is connected: the input is offered
      await on(l.page, '.lv-input').first().waitFor({ timeout: 20_000 })
    }
    await expect
      .poll(() => on(a.page, '.lv-online').first().textContent(), { timeout: 15_000 })
      .toMatch(/^[2-9] 人在线/)
    expect(await on(a.page, '.nav-bar').first().textContent()).toContain('高处作业安全防护要点')
  }, 90_000)

  it('the two learners chat: each sees the other', async () => {
    await say(a.page, said.a1)
    await bubbleOf(b.page, said.a1).first().waitFor({ timeout: 10_000 })
    await say(b.page, said.b1)
    await bubbleOf(a.page, said.b1).first().waitFor({ timeout: 10_000 })
    // the other's bubble is named (the demo learner's nick) and carries no staff badge
    const other = on(b.page, '.lv-msg.is-other').filter({ hasText: said.a1 }).first()
    expect((await other.locator('.lv-nick').textContent())?.trim()).not.toBe('')
    expect(await other.locator('.lv-badge').count()).toBe(0)
    await shot(a.page, '1-a-live-chat')
    await shot(b.page, '1-b-live-chat')
  }, 40_000)

  it('the teacher bans learner B: B sees the banned state, the server refuses B, A never sees it', async () => {
    const teacherRoom = await room(teacherToken)
    moderator = await ChatSocket.open()
    const login = await moderator.send('LOGIN', { token: teacherRoom.data.chatToken })
    expect(login).toMatchObject({ ok: true, room: { me: { userType: 'teacher' } } })
    const ban = await moderator.send('ADD_SHIELD', { userId: b.userId, durationMs: 30 * 60_000 })
    expect(ban).toMatchObject({ ok: true })

    const blocked = on(b.page, '.lv-blocked-text').first()
    await expect.poll(() => blocked.textContent(), { timeout: 10_000 }).toMatch(/^你已被禁言，.+ 后可以发言$/)
    expect(await on(b.page, '.lv-input').count()).toBe(0)
    await shot(b.page, '2-b-banned')

    // B tries anyway with a socket of their own (the same room token the page uses): refused, not delivered
    const raw = await ChatSocket.open()
    const rawRoom = await room(b.token)
    const rawLogin = await raw.send('LOGIN', { token: rawRoom.data.chatToken })
    expect(rawLogin.ok).toBe(true)
    if (rawLogin.ok) expect(rawLogin.room?.bannedUntil).toBeGreaterThan(Date.now() + 25 * 60_000)
    const refused = await raw.send('SPEAK', { values: [said.refused] })
    expect(refused).toMatchObject({ ok: false, code: 'BANNED' })
    raw.close()
    // the page that was displaced by that login says so and offers to come back: still banned
    const reenter = on(b.page, '.lv-reenter').first()
    await reenter.waitFor({ timeout: 10_000 })
    expect(await on(b.page, '.lv-blocked-text').first().textContent()).toBe('你已在其他设备进入本直播间')
    await reenter.click()
    await expect.poll(() => blocked.textContent(), { timeout: 15_000 }).toMatch(/^你已被禁言/)

    // A still speaks, and B still reads
    await say(a.page, said.a2)
    await bubbleOf(b.page, said.a2).first().waitFor({ timeout: 10_000 })
    await sleep(500)
    expect(await a.page.getByText(said.refused).count()).toBe(0)
    expect(await b.page.getByText(said.refused).count()).toBe(0)
  }, 60_000)

  it('the stream stops: both rooms show the class ended and the recording becomes ready', async () => {
    // a class long enough that the chat sits well inside the recording
    const ranFor = Date.now() - publishedAt
    if (ranFor < 30_000) await sleep(30_000 - ranFor)
    publisher!.kill('SIGINT')
    await publisher!.exit
    for (const l of [a, b]) {
      await on(l.page, '.lv-ended').first().waitFor({ timeout: 20_000 })
      expect(await on(l.page, '.lv-ended .lv-screen-title').first().textContent()).toBe('直播已结束')
    }
    await shot(a.page, '3-a-ended')
    const ready = await until(
      'the recording to be ready',
      async () => {
        const r = await room(a.token, '&playback=1')
        if (r.code === LIVE_CODE.noPlayback) return null
        expect(r.code).toBe(200)
        return r.data.playbackList.length > 0 ? r.data : null
      },
      60_000,
    )
    expect(ready.state).toBe('ended')
    expect(ready.playbackList[0].durationSeconds).toBeGreaterThan(20)
  }, 120_000)

  it('the playback page plays the recording with the chat replayed as the video reaches each message', async () => {
    const r = await room(a.token, '&playback=1')
    const part = r.data.playbackList[0] as { startedAtMs: number; durationSeconds: number }
    const history = await api(
      `/polyv/live/historyChatMsgList?channelId=${channelId}&sessionId=${sessionId}&afterId=0&pageSize=100`,
      { token: a.token },
    )
    const rows = history.data as ChatMessage[]
    const at = (text: string) => {
      const m = rows.find((x) => x.content === text)
      if (!m) throw new Error(`not in the history: ${text}`)
      return (m.time - part.startedAtMs) / 1000
    }
    expect(rows.some((m) => m.content === said.refused)).toBe(false)
    const first = at(said.a1)
    expect(first).toBeGreaterThan(3)
    expect(at(said.a2)).toBeLessThan(part.durationSeconds)

    const p = a.page
    // the ended room's 'watch the replay' leads there
    await on(p, '.lv-to-playback').first().click()
    await expect.poll(() => new URL(p.url()).pathname, { timeout: 15_000 }).toBe('/pages3/live/playback')
    expect(new URL(p.url()).searchParams.get('sessionId')).toBe(String(sessionId))
    await expectPlaying(p, 'lv-playback-video')
    // before the video reaches the first message, the replay does not show it
    expect(await videoTime(p, 'lv-playback-video')).toBeLessThan(first - 0.5)
    expect(await on(p, '.lv-bubble').filter({ hasText: said.a1 }).count()).toBe(0)
    await shot(p, '4-a-playback-start')

    // just before the first message: it appears as the video reaches its time
    await p.evaluate((to) => {
      const v = document.querySelector('#lv-playback-video') as HTMLVideoElement
      v.currentTime = to
    }, first - 2)
    await on(p, '.lv-msg.is-mine .lv-bubble').filter({ hasText: said.a1 }).first().waitFor({ timeout: 15_000 })
    expect(await videoTime(p, 'lv-playback-video')).toBeGreaterThanOrEqual(first - 0.6)
    // then the rest, in the order they were said; the refused message is not there
    await on(p, '.lv-msg.is-mine .lv-bubble').filter({ hasText: said.a2 }).first().waitFor({ timeout: 30_000 })
    const texts = (await on(p, '.lv-bubble').allTextContents()).map((t) => t.trim())
    expect(texts.filter((t) => Object.values(said).includes(t))).toEqual([said.a1, said.b1, said.a2])
    expect(await on(p, '.lv-msg.is-other').filter({ hasText: said.b1 }).count()).toBe(1)
    await shot(p, '5-a-playback-replay')
  }, 90_000)
})
