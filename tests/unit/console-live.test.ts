/**
 * The teacher console's chat socket door (console/src/features/live/socket.ts, on the chat core of shared/live) and
 * room state (console/src/features/live/room.ts and its interactions/), with a socket.io double: LOGIN with a fresh token on every (re)connect, the random 2-5 s reconnect, the 30 s
 * overtime notice counted from when the connection was lost, the final states (token refused twice, LOGIN_KICK,
 * KICK of me), and the events folded into the room (merged chat, removals, check-in signatures once each, the mic
 * time-out, answers to questions, a late joiner's snapshot).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { applySnapshot, initialRoom, type RoomState, reduce } from '../../console/src/features/live/room'
import type { ChatMessage, ChatUser, RoomSnapshot } from '../../contract/schemas/live-codes'

// biome-ignore lint/suspicious/noExplicitAny: listeners of any socket event
type Handler = (...args: any[]) => void

class FakeIo {
  handlers = new Map<string, Handler[]>()
  sent: { EVENT: string; [k: string]: unknown }[] = []
  disconnected = false
  /** the ack of each sent event */
  reply: (e: { EVENT: string; [k: string]: unknown }) => unknown = () => ({ ok: true })
  constructor(
    readonly url: string,
    readonly opts: Record<string, unknown>,
  ) {}
  on(event: string, fn: Handler) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), fn])
    return this
  }
  timeout() {
    return this
  }
  emit(_event: string, payload: string, ack: (err: unknown, res: unknown) => void) {
    const e = JSON.parse(payload)
    this.sent.push(e)
    const r = this.reply(e)
    Promise.resolve().then(() => ack(null, r))
    return this
  }
  fire(event: string, ...args: unknown[]) {
    for (const h of this.handlers.get(event) ?? []) h(...args)
  }
  removeAllListeners() {
    this.handlers.clear()
    return this
  }
  disconnect() {
    this.disconnected = true
    return this
  }
}

const sockets: FakeIo[] = []
vi.mock('socket.io-client', () => ({
  io: (url: string, opts: Record<string, unknown>) => {
    const s = new FakeIo(url, opts)
    sockets.push(s)
    return s
  },
}))

const user = (userId: number, userType: ChatUser['userType'] = 'student'): ChatUser => ({
  userId,
  nick: `u${userId}`,
  pic: '',
  userType,
  actor: userType === 'teacher' ? 'lecturer' : 'student',
})
const me = user(7, 'teacher')

const snapshot = (over: Partial<RoomSnapshot> = {}): RoomSnapshot => ({
  roomId: '1001:1:2',
  sessionId: 2,
  channelId: 1,
  me,
  playback: false,
  state: 'live',
  chatClosed: false,
  bulletin: '',
  likes: 3,
  bannedUntil: 0,
  online: { staff: 1, audience: 5 },
  active: { checkin: null, questionnaire: null, test: null, micOpen: false, mutedAll: false },
  ...over,
})

const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve()
}

describe('the console chat door', () => {
  beforeEach(() => {
    sockets.length = 0
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  async function door() {
    const { ChatDoor } = await import('../../console/src/features/live/socket')
    const statuses: { status: string; overtime?: boolean; failure?: string }[] = []
    const logins: RoomSnapshot[] = []
    const packets: { EVENT: string }[] = []
    let tokens = 0
    const d = new ChatDoor({
      fetchToken: async () => ({ token: `t${++tokens}`, path: '/socket.io', namespace: '/chat' }),
      onStatus: (status, detail) => statuses.push({ status, ...detail }),
      onLogin: (s) => logins.push(s),
      onPacket: (p) => packets.push(p),
      origin: 'http://school.test',
    })
    return { d, statuses, logins, packets, tokens: () => tokens }
  }

  it('logs in with a fresh token on connect, over WebSocket only, and sends heartbeats', async () => {
    const t = await door()
    t.d.start()
    await flush()
    const s = sockets[0]!
    expect(s.url).toBe('http://school.test/chat')
    expect(s.opts).toMatchObject({ path: '/socket.io', transports: ['websocket'], reconnection: false })
    s.reply = (e) => (e.EVENT === 'LOGIN' ? { ok: true, room: snapshot() } : { ok: true })
    s.fire('connect')
    await flush()
    expect(s.sent[0]).toEqual({ EVENT: 'LOGIN', token: 't1' })
    expect(t.statuses.at(-1)?.status).toBe('online')
    expect(t.logins).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(3000)
    expect(s.sent.at(-1)).toEqual({ EVENT: 'HEARTBEAT', playing: false })
    await vi.advanceTimersByTimeAsync(25_000)
    expect(s.sent.filter((e) => e.EVENT === 'HEARTBEAT')).toHaveLength(2)
    const ack = await (async () => {
      const p = t.d.send('SIGN_IN', { message: 'x', limitSeconds: 60 })
      await flush()
      return p
    })()
    expect(ack).toEqual({ ok: true })
    t.d.stop()
  })

  it('reconnects after a random 2-5 s with a new token; says "overtime" 30 s after the connection was lost', async () => {
    const t = await door()
    t.d.start()
    await flush()
    sockets[0]!.reply = () => ({ ok: true, room: snapshot() })
    sockets[0]!.fire('connect')
    await flush()
    sockets[0]!.fire('disconnect', 'transport close')
    expect(t.statuses.at(-1)).toMatchObject({ status: 'reconnecting', overtime: false })
    expect(await t.d.send('SPEAK', { values: ['x'] })).toMatchObject({ ok: false, code: 'OFFLINE' })
    await vi.advanceTimersByTimeAsync(5000)
    expect(sockets).toHaveLength(2)
    expect(t.tokens()).toBe(2)
    // the server stays away: each attempt fails fast, yet the notice comes 30 s after the loss
    for (let i = 0; i < 20 && !t.statuses.some((s) => s.overtime); i++) {
      sockets.at(-1)!.fire('connect_error', new Error('refused'))
      await vi.advanceTimersByTimeAsync(5000)
    }
    const first = t.statuses.findIndex((s) => s.overtime)
    expect(first).toBeGreaterThan(0)
    expect(sockets.length).toBeGreaterThanOrEqual(6) // at least 25 s of 2-5 s waits
    // back online: the notice goes
    sockets.at(-1)!.reply = () => ({ ok: true, room: snapshot() })
    sockets.at(-1)!.fire('connect')
    await flush()
    expect(t.statuses.at(-1)).toMatchObject({ status: 'online' })
    expect(t.logins).toHaveLength(2)
    t.d.stop()
  })

  it('stops on a token refused twice, on LOGIN_KICK and when the page says I was kicked', async () => {
    const t = await door()
    t.d.start()
    await flush()
    sockets[0]!.reply = () => ({ ok: false, code: 'TOKEN', message: 'chat room token error' })
    sockets[0]!.fire('connect')
    await flush()
    expect(t.statuses.at(-1)?.status).toBe('reconnecting')
    await vi.advanceTimersByTimeAsync(5000)
    sockets[1]!.reply = sockets[0]!.reply
    sockets[1]!.fire('connect')
    await flush()
    expect(t.statuses.at(-1)).toMatchObject({ status: 'failed', failure: 'chat room token error' })
    await vi.advanceTimersByTimeAsync(10_000)
    expect(sockets).toHaveLength(2)

    t.d.start()
    await flush()
    const s = sockets.at(-1)!
    s.reply = () => ({ ok: true, room: snapshot() })
    s.fire('connect')
    await flush()
    s.fire('message', JSON.stringify({ EVENT: 'LOGIN_KICK' }))
    expect(t.statuses.at(-1)?.status).toBe('loginKicked')
    expect(s.disconnected).toBe(true)
    await vi.advanceTimersByTimeAsync(10_000)
    expect(sockets.at(-1)).toBe(s)

    t.d.start()
    await flush()
    sockets.at(-1)!.reply = () => ({ ok: true, room: snapshot() })
    sockets.at(-1)!.fire('connect')
    await flush()
    t.d.kicked()
    expect(t.statuses.at(-1)?.status).toBe('kicked')
  })
})

const msg = (id: number, userId = 9): ChatMessage => ({
  id,
  EVENT: 'SPEAK',
  user: user(userId),
  content: `m${id}`,
  time: id,
})

describe('the console room state', () => {
  const base = (): RoomState => applySnapshot(initialRoom('waiting', false, ''), snapshot())

  it('takes the snapshot, merges chat by id in order, drops removed messages', () => {
    let s = base()
    expect(s).toMatchObject({ ready: true, liveState: 'live', likes: 3, online: { staff: 1, audience: 5 } })
    s = reduce(s, { EVENT: 'BATCH', list: [msg(3), msg(1)] })
    s = reduce(s, { ...msg(2) })
    s = reduce(s, { EVENT: 'BATCH', list: [msg(2), msg(4)] })
    expect(s.messages.map((m) => m.id)).toEqual([1, 2, 3, 4])
    s = reduce(s, { EVENT: 'REMOVE_CONTENT', id: 3 })
    expect(s.messages.map((m) => m.id)).toEqual([1, 2, 4])
    s = reduce(s, { EVENT: 'REMOVE_HISTORY' })
    expect(s.messages).toEqual([])
  })

  it('counts each signature once and keeps the server count; a stop ends the check-in', () => {
    let s = reduce(base(), { EVENT: 'SIGN_IN', checkinId: 5, message: '签到', endsAt: Date.now() + 60_000 })
    s = reduce(s, { EVENT: 'TO_SIGN_IN', checkinId: 5, user: user(1), signed: 1 })
    s = reduce(s, { EVENT: 'TO_SIGN_IN', checkinId: 5, user: user(1), signed: 1 })
    s = reduce(s, { EVENT: 'TO_SIGN_IN', checkinId: 5, user: user(2), signed: 3 })
    expect(s.checkins[0]).toMatchObject({ count: 3, stopped: false })
    expect(s.checkins[0]!.signed.map((u) => u.userId)).toEqual([2, 1])
    s = reduce(s, { EVENT: 'STOP_SIGN_IN', checkinId: 5, signed: 3 })
    expect(s.checkins[0]!.stopped).toBe(true)
  })

  it('follows the microphone: a raised hand, allowed, timed out; bans, kicks, class state', () => {
    let s = reduce(base(), { EVENT: 'MIC_SWITCH', open: true })
    s = reduce(s, { EVENT: 'OPEN_MICROPHONE', user: user(4) })
    expect(s.mic.requests.map((u) => u.userId)).toEqual([4])
    s = reduce(s, { EVENT: 'ALLOW_MICROPHONE', userId: 4, deadline: 1, mediaAvailable: false, reason: 'no' })
    expect(s.mic).toMatchObject({ requests: [], allowed: { userId: 4 }, media: { available: false } })
    s = reduce(s, { EVENT: 'JOIN_CHANNEL_FAIL', userId: 4 })
    expect(s.mic).toMatchObject({ allowed: null, failed: [4] })
    s = reduce(s, { EVENT: 'CLASSCONTROL', kind: 'audio', mute: true, userId: null })
    expect(s.mic.mutedAll).toBe(true)
    s = reduce(s, { EVENT: 'ADD_SHIELD', userId: 4, until: 99 })
    s = reduce(s, { EVENT: 'KICK', userId: 5 })
    expect(s).toMatchObject({ bans: { 4: 99 }, kicked: [5] })
    s = reduce(s, { EVENT: 'REMOVE_SHIELD', userId: 5 })
    expect(s.kicked).toEqual([])
    s = reduce(s, { EVENT: 'CLASSEND', sessionId: 2, hasPlayback: true })
    expect(s.liveState).toBe('ended')
  })

  it('keeps one row per question, the answer replacing it; a late joiner sees what runs', () => {
    const q = {
      questionId: 8,
      user: user(3),
      content: '问题',
      time: 10,
      answer: '',
      answeredBy: null,
      answeredAt: 0,
      public: false,
      upvotes: 0,
      upvoted: false,
    }
    let s = reduce(base(), { EVENT: 'S_QUESTION', ...q })
    s = reduce(s, { EVENT: 'T_ANSWER', ...q, answer: '答', answeredBy: me, public: true })
    expect(s.questions).toHaveLength(1)
    expect(s.questions[0]).toMatchObject({ answer: '答', public: true })
    expect(s.questions[0]).not.toHaveProperty('EVENT')

    const late = applySnapshot(
      initialRoom('waiting', false, ''),
      snapshot({
        active: {
          checkin: { checkinId: 11, message: 'm', endsAt: 5, signed: false },
          questionnaire: null,
          test: {
            testId: 3,
            questionId: 1,
            quesType: 1,
            stem: 's',
            options: [['A', 'a']],
            endsAt: 9,
            answered: false,
          },
          micOpen: true,
          mutedAll: false,
        },
      }),
    )
    expect(late.checkins.map((c) => c.checkinId)).toEqual([11])
    expect(late.test?.content).toEqual({
      testId: 3,
      questionId: 1,
      quesType: 1,
      stem: 's',
      options: [['A', 'a']],
      endsAt: 9,
    })
    expect(late.mic.open).toBe(true)
  })
})

describe("the live desk's words for a refused request", () => {
  it('puts a BAD_REQUEST in its own words by the reason the server names, not by its English sentence', async () => {
    const { ackText } = await import('../../console/src/features/live/common')
    const refused = { ok: false as const, code: 'BAD_REQUEST' as const }
    // the same sentence with and without its reason: only the reason is read
    expect(ackText({ ...refused, message: 'a check-in is running in this room: stop it first' })).toContain(
      'a check-in is running in this room',
    )
    expect(ackText({ ...refused, message: 'anything at all', reason: 'checkinRunning' })).not.toContain('anything')
    expect(ackText({ ...refused, message: 'x', reason: 'noMedia' })).not.toBe(
      ackText({ ...refused, message: 'x', reason: 'checkinRunning' }),
    )
  })
})
