/**
 * The live room of the built mini-program (dist/weapp pages3/live/detail) under node:vm with the wx mock, its chat
 * over a real socket: `wx.connectSocket` opens a real WebSocket (ws) to a small socket.io 4 server in this test
 * that speaks the protocol of contract/schemas/live-codes.ts (one `message` event of JSON strings, acks). The page
 * reads the room (getChannelBasicInfo), connects at the tenant's absolute API origin (a mini-program has no page
 * origin), LOGs IN with the room's chat token, shows the room's bulletin and online count and follows the room's
 * events, shows the history and live chat, heartbeats after 3 s, gives the <video> the absolute HLS URL, and
 * leaves the room when the page unloads.
 */
import { execFileSync } from 'node:child_process'
import { statSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { Server as IoServer, type Socket as IoSocket } from 'socket.io'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import {
  CHAT_EVENT,
  CHAT_NAMESPACE,
  type ChatAck,
  type ChatMessage,
  type ChatUser,
  type RoomSnapshot,
} from '../../contract/schemas/live-codes'
import { ROOT, WEAPP } from './build'
import { type PageHandle, type RequestLog, type TaroNode, until, WeappSim } from './harness'

/** the tenant file's apiBase (config/tenants/demo-a.ts): the weapp's requests and socket go to its origin */
const API_ORIGIN = 'http://127.0.0.1:8080'
const CHAT_TOKEN = 'weapp-chat-token-7f3a'
const HLS_PATH = '/api/live/hls/media-token-abc/3028117cf8f0fc82d5f6e40f/index.m3u8'
const CHANNEL_ID = 3
const SESSION_ID = 9
const ROOM_ID = `1001:${CHANNEL_ID}:${SESSION_ID}`

const me: ChatUser = { userId: 1, nick: '小明同学', pic: '', userType: 'student', actor: 'student' }
const teacher: ChatUser = { userId: 3, nick: '王建国老师', pic: '', userType: 'teacher', actor: 'lecturer' }

const detail = {
  roomId: ROOM_ID,
  channelId: CHANNEL_ID,
  sessionId: SESSION_ID,
  userId: String(me.userId),
  isPPT: false,
  scene: 'alone',
  chatToken: CHAT_TOKEN,
  chatNamespace: CHAT_NAMESPACE,
  chatPath: '/socket.io',
  playbackEnabled: 'Y',
  hasPlayback: false,
  playbackList: [],
  userType: 'student',
  nick: me.nick,
  pic: '',
  channelName: '安全生产公开课',
  title: '高处作业安全防护要点',
  intro: '每周一期的免费公开课',
  teacherName: '王建国',
  teacherAvatar: '',
  cover: '',
  state: 'live',
  startTime: Math.floor(Date.now() / 1000) - 600,
  endTime: Math.floor(Date.now() / 1000) + 3000,
  bulletin: '页面读到的公告',
  chatClosed: false,
  likes: 12,
  stream: { provider: 'local', hlsUrl: HLS_PATH, providerChannelId: '', videoAvailable: true },
  sessions: [],
}

const history: ChatMessage[] = [
  { id: 40, EVENT: 'SPEAK', user: teacher, content: '同学们好，我们八点准时开始', time: Date.now() - 120_000 },
]

const ok = (data: unknown) => ({ statusCode: 200, data: { code: 200, msg: 'ok', data } })

function api(req: RequestLog) {
  const p = req.url.replace(`${API_ORIGIN}/api`, '').split('?')[0]
  if (p === '/study/record/getChannelBasicInfo') return ok(detail)
  if (p === '/polyv/live/historyChatMsgList') return ok(history)
  if (p === '/app/common/config' || p === '/app/common/system/dict/data/list') return ok([])
  return { statusCode: 501, data: { code: 501, msg: `not available: ${p}`, data: null } }
}

// ---- the in-test chat server ----------------------------------------------------------------------

interface Received {
  EVENT: string
  [k: string]: unknown
}

let httpServer: http.Server
let io: IoServer
let port = 0
const received: Received[] = []
const connected: IoSocket[] = []
let disconnects = 0

const send = (socket: IoSocket, EVENT: string, body: Record<string, unknown> = {}) =>
  socket.emit(CHAT_EVENT, JSON.stringify({ EVENT, ...body }))

function startChatServer(): Promise<void> {
  httpServer = http.createServer()
  io = new IoServer(httpServer, { path: '/socket.io', transports: ['websocket'] })
  io.of(CHAT_NAMESPACE).on('connection', (socket) => {
    connected.push(socket)
    socket.on('disconnect', () => {
      disconnects += 1
    })
    socket.on(CHAT_EVENT, (raw: unknown, ack?: (a: ChatAck) => void) => {
      let e: Received
      try {
        e = JSON.parse(String(raw)) as Received
      } catch {
        ack?.({ ok: false, code: 'BAD_REQUEST', message: 'not JSON' })
        return
      }
      received.push(e)
      if (e.EVENT === 'LOGIN') {
        if (e.token !== CHAT_TOKEN) {
          ack?.({ ok: false, code: 'TOKEN', message: 'chat room token error' })
          return
        }
        const room: RoomSnapshot = {
          roomId: ROOM_ID,
          sessionId: SESSION_ID,
          channelId: CHANNEL_ID,
          me,
          playback: false,
          state: 'live',
          chatClosed: false,
          bulletin: '直播间的公告：课件在课程资料里下载',
          likes: 12,
          bannedUntil: 0,
          online: { staff: 1, audience: 41 },
          active: { checkin: null, questionnaire: null, test: null, micOpen: false, mutedAll: false },
        }
        ack?.({ ok: true, room })
        return
      }
      ack?.({ ok: true })
    })
  })
  return new Promise((resolve) =>
    httpServer.listen(0, '127.0.0.1', () => {
      port = (httpServer.address() as AddressInfo).port
      resolve()
    }),
  )
}

// ---- wx.connectSocket over a real WebSocket -------------------------------------------------------

type Handler = (e: unknown) => void

/** A SocketTask (onOpen / onMessage / onClose / onError, send, close) over `ws`, to the in-test server. */
function socketTask(url: string) {
  const target = url.replace(/^wss?:\/\/127\.0\.0\.1:8080/, `ws://127.0.0.1:${port}`)
  const ws = new WebSocket(target)
  ws.binaryType = 'arraybuffer'
  const handlers: Record<string, Handler[]> = { open: [], message: [], close: [], error: [] }
  // what happened before the page registered its handler (the task reaches it a tick after success)
  const early: Record<string, unknown[]> = { open: [], message: [], close: [], error: [] }
  const fire = (kind: string, e: unknown) => {
    if (handlers[kind]!.length) for (const h of handlers[kind]!) h(e)
    else early[kind]!.push(e)
  }
  const on = (kind: string) => (h: Handler) => {
    handlers[kind]!.push(h)
    const queued = early[kind]!.splice(0)
    if (queued.length) setTimeout(() => queued.forEach(h), 0)
  }
  ws.on('open', () => fire('open', {}))
  ws.on('message', (data, isBinary) => fire('message', { data: isBinary ? data : data.toString() }))
  ws.on('close', (code, reason) => fire('close', { code, reason: reason.toString() }))
  ws.on('error', (err) => fire('error', { errMsg: err.message }))
  return {
    send: (o: { data: string | ArrayBuffer }) => ws.send(o.data),
    close: () => ws.close(),
    onOpen: on('open'),
    onMessage: on('message'),
    onClose: on('close'),
    onError: on('error'),
  }
}

// ---- the weapp bundle ---------------------------------------------------------------------------------

/** Rebuilds dist/weapp when a source file is newer (serialized with other builds; waits for a running one). */
function ensureFreshWeapp() {
  const lock = '/tmp/weapp-build.lock'
  execFileSync('flock', [lock, 'true'])
  const stale = () => {
    let built = 0
    try {
      built = statSync(path.join(WEAPP, 'app.json')).mtimeMs
    } catch {
      return true
    }
    const newer = execFileSync('find', ['src', 'contract', 'config', '-type', 'f', '-newermt', `@${built / 1000}`], {
      cwd: ROOT,
      encoding: 'utf8',
    })
    return newer.trim() !== ''
  }
  if (!stale()) return
  execFileSync('flock', [lock, process.execPath, 'scripts/build.mjs', '--type', 'weapp'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
}

const textOf = (page: PageHandle, cls: string) => {
  const n = page.byClass(cls)[0]
  return n ? page.text(n) : ''
}

beforeAll(async () => {
  ensureFreshWeapp()
  await startChatServer()
}, 600_000)

afterAll(async () => {
  io?.close()
  await new Promise((r) => httpServer?.close(r))
})

describe('weapp live room (pages3/live/detail) with a real socket.io chat', () => {
  it('connects at the API origin, logs in with the token, shows bulletin, online count, chat and the HLS video', async () => {
    const sim = new WeappSim(WEAPP, api)
    sim.storage.set('user_account', '13800000001')
    sim.storage.set('token', 'learner-session-token')
    const asked: string[] = []
    sim.wx.connectSocket = (o: { url: string; success?: (r: unknown) => void; complete?: (r: unknown) => void }) => {
      asked.push(o.url)
      const task = socketTask(o.url)
      setTimeout(() => {
        o.success?.({ errMsg: 'connectSocket:ok' })
        o.complete?.({ errMsg: 'connectSocket:ok' })
      }, 0)
      return task
    }
    sim.launch()
    const page = sim.openPage('pages3/live/detail', { channelId: String(CHANNEL_ID) })

    // the room detail was read with the learner's session, for this channel
    const roomReq = await until(() => sim.requests.find((r) => r.url.includes('/study/record/getChannelBasicInfo')))
    expect(roomReq.url).toContain(`channelId=${CHANNEL_ID}`)
    expect(String(roomReq.header.Authorization)).toBe('Bearer learner-session-token')

    // one socket, to the API's origin (absolute: a mini-program has no page origin), websocket transport
    const login = await until(() => received.find((e) => e.EVENT === 'LOGIN'), 10_000)
    expect(asked).toHaveLength(1)
    expect(asked[0]).toMatch(/^ws:\/\/127\.0\.0\.1:8080\/socket\.io\/\?EIO=4&transport=websocket/)
    expect(login).toEqual({ EVENT: 'LOGIN', token: CHAT_TOKEN })

    // the room as the server described it: its bulletin (not the page's older one) and the online count
    await until(() => textOf(page, 'lv-bulletin-text') === '直播间的公告：课件在课程资料里下载', 5000)
    expect(textOf(page, 'lv-online')).toBe('42 人在线 · 老师 1')
    // the history page came through the request layer
    await until(() => page.byClass('lv-bubble').some((n) => page.text(n) === history[0]!.content), 5000)
    expect(sim.requests.some((r) => r.url.includes('/polyv/live/historyChatMsgList'))).toBe(true)

    // the <video> plays the absolute HLS URL at the API origin
    const video = page.byClass('lv-video')[0] as TaroNode | undefined
    expect(video).toBeTruthy()
    expect(Object.values(video!)).toContain(`${API_ORIGIN}${HLS_PATH}`)
    expect(String(video!.cl)).toContain('is-live')

    // the room's events reach the page: another learner enters, the bulletin changes, a message arrives
    const server = connected[0]!
    send(server, 'LOGIN', { user: { ...me, userId: 21, nick: '建工小王' }, online: { staff: 1, audience: 42 } })
    send(server, 'BULLETIN', { content: '下课后有回放' })
    const live: ChatMessage = { id: 41, EVENT: 'SPEAK', user: teacher, content: '大家能听清吗？', time: Date.now() }
    send(server, 'BATCH', { list: [live] })
    await until(() => textOf(page, 'lv-online') === '43 人在线 · 老师 1', 5000)
    await until(() => textOf(page, 'lv-bulletin-text') === '下课后有回放', 5000)
    const bubble = await until(() => page.byClass('lv-msg').find((n) => page.text(n).includes('大家能听清吗？')), 5000)
    expect(String(bubble.cl)).toContain('is-other')
    expect(page.text(bubble)).toContain('讲师')

    // the first heartbeat after 3 s
    const beat = await until(() => received.find((e) => e.EVENT === 'HEARTBEAT'), 6000)
    expect(beat).toMatchObject({ EVENT: 'HEARTBEAT', playing: false })

    // leaving the page leaves the room
    ;(page.instance.onUnload as (() => void) | undefined)?.call(page.instance)
    await until(() => disconnects === 1, 5000)
    expect(asked).toHaveLength(1)
  }, 30_000)
})
