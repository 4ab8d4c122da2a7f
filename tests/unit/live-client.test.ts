import Taro from '@tarojs/taro'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CHAT_SERVER, LIVE } from '../../contract/schemas/live-codes'
import { escapeChat, unescapeChat } from '../../shared/live/chat'
import { bannedUntil, setBan } from '../../src/features/live/chat/bans'
import {
  createLiveClient,
  type LiveClient,
  type LiveClientOptions,
  MAX_KEPT,
} from '../../src/features/live/chat/client'
import { checkChatOptions, checkProviderSetup } from '../../src/features/live/chat/text'
import { setLocale } from '../../src/i18n'
import { ApiError } from '../../src/services/http/error'
import { FakeSocket, ME, msg, snapshot as snapshotOf, TEACHER } from './live-fake-socket'
import { memoryStorage } from './taro-double'

const NOW = 1_700_000_000_000

interface Rig {
  client: LiveClient
  sockets: FakeSocket[]
  socket: () => FakeSocket
  toasts: { text: string; ms: number }[]
  fetchToken: ReturnType<typeof vi.fn>
  fetchHistory: ReturnType<typeof vi.fn>
  playing: { playing: boolean; position?: number }
}

function rig(over: Partial<LiveClientOptions> = {}, random = 0): Rig {
  const sockets: FakeSocket[] = []
  const toasts: { text: string; ms: number }[] = []
  let n = 0
  const fetchToken = vi.fn(async () => `token-${++n}`)
  const fetchHistory = vi.fn(async (_before?: number) => [] as ReturnType<typeof msg>[])
  const playing = { playing: false as boolean, position: undefined as number | undefined }
  const client = createLiveClient({
    userId: 7,
    channelId: 5,
    sessionId: 50,
    roomId: '1001:5:50',
    userName: 'Me',
    avatarUrl: '',
    origin: 'https://api.example.com',
    namespace: '/chat',
    path: '/socket.io',
    fetchToken,
    fetchHistory,
    status: () => playing,
    socketFactory: (url, path) => {
      const s = new FakeSocket(url, path)
      sockets.push(s)
      return s
    },
    toast: (text, ms) => toasts.push({ text, ms }),
    now: () => Date.now(),
    random: () => random,
    ...over,
  })
  return { client, sockets, socket: () => sockets[sockets.length - 1]!, toasts, fetchToken, fetchHistory, playing }
}

/** let promise chains (token fetch, acks) settle under fake timers */
async function settle() {
  for (let i = 0; i < 10; i++) await Promise.resolve()
}

async function online(r: Rig) {
  r.client.start()
  r.socket().open()
  await settle()
  expect(r.client.getState().status).toBe('online')
}

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(NOW)
})
afterEach(async () => {
  vi.useRealTimers()
  await setLocale('zh-CN')
})

describe('SDK parameter checks (spec §5, §8)', () => {
  it('refuses options that are not an object', async () => {
    expect(() => checkChatOptions(null)).toThrow('options 必须是对象！')
    await setLocale('en')
    expect(() => checkChatOptions('x')).toThrow('options must be object!')
    expect(() => checkChatOptions([1])).toThrow('options must be object!')
  })

  it('names the missing parameter: openId or userId, channelId, userName, avatarUrl', async () => {
    await setLocale('en')
    const full = { userId: 7, channelId: 5, userName: 'Me', avatarUrl: '' }
    expect(() => checkChatOptions(full)).not.toThrow()
    expect(() => checkChatOptions({ ...full, userId: undefined, openId: 'o-1' })).not.toThrow()
    expect(() => checkChatOptions({ ...full, userId: undefined })).toThrow('missing parameter userId')
    expect(() => checkChatOptions({ ...full, channelId: undefined })).toThrow('missing parameter channelId')
    expect(() => checkChatOptions({ ...full, userName: null })).toThrow('missing parameter userName')
    expect(() => checkChatOptions({ ...full, avatarUrl: undefined })).toThrow('missing parameter avatarUrl')
  })

  it('refuses parameters of the wrong kind', async () => {
    await setLocale('en')
    const full = { userId: 7, channelId: 5, userName: 'Me', avatarUrl: '' }
    expect(() => checkChatOptions({ ...full, channelId: '5x' })).toThrow('pass parameters in the correct format')
    expect(() => checkChatOptions({ ...full, userName: 42 })).toThrow('pass parameters in the correct format')
    // the client checks its own extra options the same way
    expect(() => rig({ namespace: 'chat' })).toThrow('pass parameters in the correct format')
    expect(() => rig({ sessionId: 0 })).toThrow('pass parameters in the correct format')
    expect(() => rig({ fetchToken: 'abc' as unknown as () => Promise<string> })).toThrow(
      'pass parameters in the correct format',
    )
  })

  it('provider setup needs apiId and a secret or a verify URL', async () => {
    await setLocale('en')
    expect(() => checkProviderSetup({ apiId: 'app-1', verifyUrl: '/api/live/verify' })).not.toThrow()
    expect(() => checkProviderSetup({ apiId: '', verifyUrl: '/x' })).toThrow('pass parameters in the correct format')
    expect(() => checkProviderSetup({ apiId: 'app-1' })).toThrow('pass parameters in the correct format')
    expect(() => checkProviderSetup(undefined)).toThrow('options must be object!')
  })
})

describe('chat text', () => {
  it('is trimmed and has < and > escaped, and reads back as typed', () => {
    expect(escapeChat('  <b>hi</b> & bye  ')).toBe('&lt;b&gt;hi&lt;/b&gt; & bye')
    expect(unescapeChat('&lt;b&gt;hi&lt;/b&gt;')).toBe('<b>hi</b>')
    // '&' is not escaped by either side: what was typed reads back unchanged
    expect(unescapeChat(escapeChat('Tom &amp; Jerry & <3'))).toBe('Tom &amp; Jerry & <3')
  })
})

describe('connection', () => {
  it('connects to the namespace on the API origin over websocket path, then logs in with a fresh token', async () => {
    const r = rig()
    r.client.start()
    expect(r.socket().url).toBe('https://api.example.com/chat')
    expect(r.socket().path).toBe('/socket.io')
    expect(r.client.getState().status).toBe('connecting')
    r.socket().open()
    await settle()
    expect(r.fetchToken).toHaveBeenCalledTimes(1)
    expect(r.socket().events('LOGIN')).toEqual([{ EVENT: 'LOGIN', token: 'token-1' }])
    const s = r.client.getState()
    expect(s.status).toBe('online')
    expect(s.me).toEqual(ME)
    expect(s.online).toEqual({ staff: 1, audience: 20 })
    expect(s.likes).toBe(10)
  })

  it('an event sent right after the LOGIN ack lands on top of the snapshot', async () => {
    const r = rig()
    r.client.start()
    r.socket().reply = (e) =>
      e.EVENT === 'LOGIN' ? { ok: true, room: { ...snapshotOf(), bulletin: 'old' } } : { ok: true }
    r.socket().afterAck = (e) => {
      if (e.EVENT === 'LOGIN') r.socket().push('BULLETIN', { content: 'new' })
    }
    r.socket().open()
    await settle()
    expect(r.client.getState().bulletin).toBe('new')
  })

  it('beats first after 3 s, then every 25 s, with what the video is doing', async () => {
    const r = rig()
    await online(r)
    r.playing.playing = true
    r.playing.position = 12.5
    vi.advanceTimersByTime(2999)
    expect(r.socket().events('HEARTBEAT')).toHaveLength(0)
    vi.advanceTimersByTime(1)
    expect(r.socket().events('HEARTBEAT')).toEqual([{ EVENT: 'HEARTBEAT', playing: true, position: 12.5 }])
    r.playing.playing = false
    vi.advanceTimersByTime(LIVE.HEARTBEAT_MS - 1)
    expect(r.socket().events('HEARTBEAT')).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(r.socket().events('HEARTBEAT')[1]).toMatchObject({ playing: false })
    vi.advanceTimersByTime(LIVE.HEARTBEAT_MS * 2)
    expect(r.socket().events('HEARTBEAT')).toHaveLength(4)
  })

  it('tells the learner once when no connection came within 30 s', async () => {
    const r = rig()
    r.client.start()
    vi.advanceTimersByTime(29_999)
    expect(r.client.getState().overtime).toBe(false)
    vi.advanceTimersByTime(1)
    expect(r.client.getState().overtime).toBe(true)
    expect(r.toasts.map((t) => t.text)).toEqual(['连接聊天室超时，请检查网络'])
    // connection errors keep retrying but the notice is not repeated every 30 s
    r.socket().fire('connect_error', new Error('refused'))
    vi.advanceTimersByTime(60_000)
    expect(r.toasts).toHaveLength(1)
    // and goes away once connected
    r.socket().open()
    await settle()
    expect(r.client.getState().overtime).toBe(false)
  })

  it.each([
    [0, 2000],
    [0.3, 3000],
    [0.6, 4000],
    [0.99, 5000],
  ])('reconnects itself after a random delay (random %s: %i ms) with a fresh token', async (random, delay) => {
    const r = rig({}, random)
    await online(r)
    r.socket().drop()
    expect(r.client.getState().status).toBe('reconnecting')
    expect(r.sockets).toHaveLength(1)
    vi.advanceTimersByTime(delay - 1)
    expect(r.sockets).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(r.sockets).toHaveLength(2)
    // the old socket's heartbeat stopped with it
    vi.advanceTimersByTime(LIVE.HEARTBEAT_FIRST_MS)
    expect(r.sockets[0]!.events('HEARTBEAT')).toHaveLength(0)
    r.socket().open()
    await settle()
    expect(r.fetchToken).toHaveBeenCalledTimes(2)
    expect(r.socket().events('LOGIN')).toEqual([{ EVENT: 'LOGIN', token: 'token-2' }])
    expect(r.client.getState().status).toBe('online')
  })

  it('a refused connection is retried the same way', async () => {
    const r = rig()
    r.client.start()
    r.socket().fire('connect_error', new Error('refused'))
    expect(r.client.getState().status).toBe('reconnecting')
    vi.advanceTimersByTime(2000)
    expect(r.sockets).toHaveLength(2)
  })

  it("toasts 'chat room token error' for 2 s, retries with a new token, and stops after three", async () => {
    await setLocale('en')
    const r = rig()
    r.client.start()
    for (let i = 0; i < 3; i++) {
      r.socket().reply = (e) =>
        e.EVENT === 'LOGIN' ? { ok: false, code: 'TOKEN', message: 'bad token' } : { ok: true }
      r.socket().open()
      await settle()
      if (i < 2) {
        expect(r.client.getState().status).toBe('reconnecting')
        vi.advanceTimersByTime(5000)
      }
    }
    expect(r.toasts.filter((t) => t.text === 'chat room token error').map((t) => t.ms)).toEqual([2000, 2000, 2000])
    expect(r.fetchToken).toHaveBeenCalledTimes(3)
    expect(r.client.getState().status).toBe('failed')
    vi.advanceTimersByTime(60_000)
    expect(r.sockets).toHaveLength(3)
  })

  it('stops for good when the token call is refused (no right to enter), retries on a network failure', async () => {
    const r = rig()
    r.fetchToken.mockRejectedValueOnce(new ApiError(-1, 'network'))
    r.client.start()
    r.socket().open()
    await settle()
    expect(r.client.getState().status).toBe('reconnecting')
    vi.advanceTimersByTime(5000)
    r.fetchToken.mockRejectedValueOnce(new ApiError(631, 'Buy the course first', { goodsId: 3 }))
    r.socket().open()
    await settle()
    expect(r.client.getState()).toMatchObject({ status: 'failed', failure: 'Buy the course first' })
    vi.advanceTimersByTime(60_000)
    expect(r.sockets).toHaveLength(2)
  })

  it('stop() ends the heartbeat and never reconnects', async () => {
    const r = rig()
    await online(r)
    r.client.stop()
    expect(r.socket().disconnects).toBe(1)
    vi.advanceTimersByTime(120_000)
    expect(r.sockets).toHaveLength(1)
    expect(r.socket().events('HEARTBEAT')).toHaveLength(0)
    expect(r.client.getState().status).toBe('idle')
  })
})

describe('speaking', () => {
  it('sends one trimmed, escaped SPEAK and shows my message with the id the ack gave', async () => {
    const r = rig()
    await online(r)
    const sent = r.client.speak('  1 < 2 > 0  ')
    await settle()
    expect(await sent).toEqual({ ok: true })
    expect(r.socket().events('SPEAK')).toEqual([{ EVENT: 'SPEAK', values: ['1 &lt; 2 &gt; 0'] }])
    expect(r.client.getState().messages).toEqual([
      expect.objectContaining({ id: 900, user: ME, content: '1 &lt; 2 &gt; 0', EVENT: 'SPEAK' }),
    ])
    // the room's copy of it arrives too: still one message
    r.socket().push('SPEAK', { ...msg(900), user: ME, content: '1 &lt; 2 &gt; 0' })
    vi.advanceTimersByTime(200)
    expect(r.client.getState().messages).toHaveLength(1)
  })

  it('refuses an empty or too long text without sending', async () => {
    const r = rig()
    await online(r)
    expect(await r.client.speak('   ')).toMatchObject({ ok: false, code: 'EMPTY' })
    expect(await r.client.speak('字'.repeat(LIVE.MAX_TEXT + 1))).toMatchObject({ ok: false, code: 'TOO_LONG' })
    expect(await r.client.speak('字'.repeat(LIVE.MAX_TEXT))).toEqual({ ok: true })
    expect(r.socket().events('SPEAK')).toHaveLength(1)
  })

  it('holds staff in the room only to the short flood gap, not the learners’ 3 s (issue 25)', async () => {
    const r = rig()
    r.client.start()
    r.socket().reply = (e) =>
      e.EVENT === 'LOGIN'
        ? { ok: true, room: snapshotOf({ me: TEACHER }) }
        : { ok: true, id: 900 + r.socket().sent.length }
    r.socket().open()
    await settle()
    expect(r.client.getState().status).toBe('online')
    for (let i = 0; i < 5; i++) {
      const sent = r.client.speak(`第${i + 1}条`)
      await settle()
      expect(await sent).toEqual({ ok: true })
      vi.advanceTimersByTime(CHAT_SERVER.STAFF_SPEAK_GAP_MS)
    }
    expect(r.socket().events('SPEAK')).toHaveLength(5)
    expect(await r.client.speak('at once')).toMatchObject({ ok: true })
    expect(await r.client.speak('too soon')).toMatchObject({ ok: false, code: 'TOO_FAST' })
  })

  it('keeps a 3 s gap as a courtesy and maps the server refusal to the same text', async () => {
    await setLocale('en')
    const r = rig()
    await online(r)
    expect(await r.client.speak('one')).toEqual({ ok: true })
    vi.advanceTimersByTime(2999)
    expect(await r.client.speak('two')).toMatchObject({ ok: false, code: 'TOO_FAST' })
    expect(r.toasts.at(-1)).toEqual({ text: 'you are speaking too fast, please try again later', ms: 2000 })
    expect(r.socket().events('SPEAK')).toHaveLength(1)
    vi.advanceTimersByTime(1)
    r.socket().reply = () => ({ ok: false, code: 'TOO_FAST', message: 'slow down' })
    const third = r.client.speak('three')
    await settle()
    expect(await third).toMatchObject({ ok: false, code: 'TOO_FAST' })
    expect(r.socket().events('SPEAK')).toHaveLength(2)
    // a refused message does not start a new gap
    r.socket().reply = () => ({ ok: true, id: 901 })
    const fourth = r.client.speak('four')
    await settle()
    expect(await fourth).toEqual({ ok: true })
  })

  it('maps the censor refusal and event, and the closed-room answer', async () => {
    await setLocale('en')
    const r = rig()
    await online(r)
    r.socket().reply = () => ({ ok: false, code: 'CENSORED', message: '' })
    const p = r.client.speak('bad word')
    await settle()
    expect(await p).toMatchObject({ code: 'CENSORED' })
    r.socket().push('CENSOR', { content: 'bad word' })
    expect(r.toasts.map((t) => t.text)).toEqual([
      'The message contains blocked words and was not sent',
      'The message contains blocked words and was not sent',
    ])
    vi.advanceTimersByTime(3000)
    r.socket().reply = () => ({ ok: false, code: 'CLOSED', message: '' })
    const q = r.client.speak('anyone?')
    await settle()
    expect(await q).toMatchObject({ code: 'CLOSED' })
    expect(r.client.getState().chatClosed).toBe(true)
  })

  it('sends an uploaded image as CHAT_IMG', async () => {
    const r = rig()
    await online(r)
    r.socket().reply = () => ({ ok: true, id: 950 })
    const p = r.client.sendImage('https://files.example.com/chat/a.jpg')
    await settle()
    expect(await p).toEqual({ ok: true })
    expect(r.socket().events('CHAT_IMG')).toEqual([
      { EVENT: 'CHAT_IMG', values: ['https://files.example.com/chat/a.jpg'] },
    ])
    expect(r.client.getState().messages[0]).toMatchObject({ id: 950, EVENT: 'CHAT_IMG', msgSource: 'chatImg' })
  })

  it('refuses to speak while offline or in a playback room', async () => {
    const r = rig()
    expect(await r.client.speak('hi')).toMatchObject({ ok: false, code: 'OFFLINE' })
    const p = rig({ playback: true })
    await online(p)
    expect(await p.client.speak('hi')).toMatchObject({ ok: false, code: 'FORBIDDEN' })
    expect(p.socket().events('SPEAK')).toHaveLength(0)
    // a playback room loads no live history
    expect(p.fetchHistory).not.toHaveBeenCalled()
  })
})

describe('incoming chat', () => {
  it('merges single messages and batches into one ordered list, one update per burst', async () => {
    const r = rig()
    await online(r)
    const updates = vi.fn()
    const incoming = vi.fn()
    r.client.subscribe(updates)
    r.client.onEvent((e) => e.type === 'incoming' && incoming(e.count))
    r.socket().push('SPEAK', msg(12))
    r.socket().push('BATCH', { list: [msg(10), msg(11), msg(12)] })
    r.socket().push('CHAT_IMG', msg(13, { EVENT: 'CHAT_IMG', content: '/u/p.jpg', msgSource: 'chatImg' }))
    r.socket().push('BATCH', { list: [msg(14, { user: ME }), { junk: true }] })
    expect(r.client.getState().messages).toEqual([])
    vi.advanceTimersByTime(150)
    expect(r.client.getState().messages.map((m) => m.id)).toEqual([10, 11, 12, 13, 14])
    expect(updates).toHaveBeenCalledTimes(1)
    // my own message is not 'new' to me
    expect(incoming).toHaveBeenCalledWith(4)
  })

  it(`keeps at most ${MAX_KEPT} messages; older ones come back through more history`, async () => {
    const r = rig()
    await online(r)
    r.socket().push('BATCH', { list: Array.from({ length: MAX_KEPT + 5 }, (_, i) => msg(i + 1)) })
    vi.advanceTimersByTime(150)
    const s = r.client.getState()
    expect(s.messages).toHaveLength(MAX_KEPT)
    expect(s.messages[0]!.id).toBe(6)
    expect(s.hasMore).toBe(true)
  })

  it('removes one message, clears the history, pins and removes the bulletin', async () => {
    const r = rig()
    await online(r)
    r.socket().push('BATCH', { list: [msg(1), msg(2), msg(3)] })
    vi.advanceTimersByTime(150)
    r.socket().push('REMOVE_CONTENT', { id: 2 })
    expect(r.client.getState().messages.map((m) => m.id)).toEqual([1, 3])
    r.socket().push('BULLETIN', { content: 'Homework: chapter 3' })
    expect(r.client.getState().bulletin).toBe('Homework: chapter 3')
    r.socket().push('REMOVE_BULLETIN')
    expect(r.client.getState().bulletin).toBe('')
    r.socket().push('REMOVE_HISTORY')
    expect(r.client.getState().messages).toEqual([])
  })

  it('follows the online count, likes, class start and end', async () => {
    const r = rig()
    await online(r)
    const events = vi.fn()
    r.client.onEvent(events)
    r.socket().push('LOGIN', { user: TEACHER, online: { staff: 2, audience: 30 } })
    expect(r.client.getState().online).toEqual({ staff: 2, audience: 30 })
    r.socket().push('LOGOUT', { userId: 1, online: { staff: 1, audience: 30 } })
    expect(r.client.getState().online).toEqual({ staff: 1, audience: 30 })
    r.socket().push('ONLINE', { online: { staff: 1, audience: 250 } })
    expect(r.client.getState().online).toEqual({ staff: 1, audience: 250 })
    r.socket().push('LIKES', { count: 5, total: 120 })
    expect(r.client.getState().likes).toBe(120)
    r.socket().push('CLASSSTART', { sessionId: 50 })
    expect(r.client.getState().liveState).toBe('live')
    r.socket().push('CLASSEND', { sessionId: 50, hasPlayback: true })
    expect(r.client.getState().liveState).toBe('ended')
    expect(events).toHaveBeenCalledWith({ type: 'classStart', sessionId: 50 })
    expect(events).toHaveBeenCalledWith({ type: 'classEnd', sessionId: 50, hasPlayback: true })
  })

  it('closes and reopens the room; speaking while closed is refused and PROHIBIT_TO_SPEAK closes it', async () => {
    const r = rig()
    await online(r)
    r.socket().push('CLOSEROOM', { value: true })
    expect(r.client.getState().chatClosed).toBe(true)
    expect(await r.client.speak('hi')).toMatchObject({ ok: false, code: 'CLOSED' })
    expect(r.client.like()).toBe(false)
    r.socket().push('CLOSEROOM', { value: false })
    expect(r.client.getState().chatClosed).toBe(false)
    r.socket().push('PROHIBIT_TO_SPEAK', { value: true })
    expect(r.client.getState().chatClosed).toBe(true)
  })
})

describe('bans, kicks', () => {
  it('keeps my ban per room in storage until it expires', async () => {
    const r = rig()
    await online(r)
    const until = NOW + 60_000
    r.socket().push('ADD_SHIELD', { userId: 99, until })
    expect(r.client.getState().bannedUntil).toBe(0)
    r.socket().push('ADD_SHIELD', { userId: ME.userId, until })
    expect(r.client.getState().bannedUntil).toBe(until)
    expect(JSON.parse(memoryStorage.get('live_bans')!)).toEqual({ '1001:5:50': until })
    expect(await r.client.speak('hello?')).toMatchObject({ ok: false, code: 'BANNED' })
    expect(r.socket().events('SPEAK')).toHaveLength(0)

    // a new visit to the room knows at once, another room does not
    expect(rig().client.getState().bannedUntil).toBe(until)
    expect(rig({ roomId: '1001:5:51' }).client.getState().bannedUntil).toBe(0)

    // expired: dropped from storage
    vi.setSystemTime(until + 1)
    expect(bannedUntil('1001:5:50')).toBe(0)
    expect(memoryStorage.has('live_bans')).toBe(false)
  })

  it('lifts the ban on REMOVE_SHIELD, and the server snapshot wins at login', async () => {
    setBan('1001:5:50', NOW + 3_600_000)
    const r = rig()
    expect(r.client.isBanned()).toBe(true)
    await online(r) // the snapshot says not banned
    expect(r.client.isBanned()).toBe(false)
    expect(bannedUntil('1001:5:50')).toBe(0)
    r.socket().push('ADD_SHIELD', { userId: ME.userId, until: NOW + 1000 })
    r.socket().push('REMOVE_SHIELD', { userId: ME.userId })
    expect(r.client.isBanned()).toBe(false)
    expect(bannedUntil('1001:5:50')).toBe(0)
  })

  it('a BANNED ack bans until the time it names', async () => {
    const r = rig()
    await online(r)
    r.socket().reply = () => ({ ok: false, code: 'BANNED', message: '', until: NOW + 5000 })
    const p = r.client.speak('hi')
    await settle()
    expect(await p).toMatchObject({ code: 'BANNED' })
    expect(r.client.getState().bannedUntil).toBe(NOW + 5000)
  })

  it('my kick bans me in this room and disconnects for good; another user’s kick does nothing', async () => {
    const r = rig()
    await online(r)
    r.socket().push('KICK', { userId: 99 })
    expect(r.client.getState().status).toBe('online')
    r.socket().push('KICK', { userId: ME.userId })
    expect(r.client.getState().status).toBe('kicked')
    expect(r.sockets[0]!.disconnects).toBe(1)
    expect(bannedUntil('1001:5:50')).toBe(NOW + LIVE.BAN_DEFAULT_MS)
    vi.advanceTimersByTime(60_000)
    expect(r.sockets).toHaveLength(1)
  })

  it('a login refused because I was kicked from this session stays off', async () => {
    const r = rig()
    r.client.start()
    r.socket().reply = () => ({ ok: false, code: 'KICKED', message: 'kicked' })
    r.socket().open()
    await settle()
    expect(r.client.getState().status).toBe('kicked')
    vi.advanceTimersByTime(60_000)
    expect(r.sockets).toHaveLength(1)
  })

  it('a server failure at login is retried after the usual pause; a failed send says so', async () => {
    await setLocale('en')
    const r = rig()
    r.client.start()
    r.socket().reply = () => ({ ok: false, code: 'SERVER_ERROR', message: '' })
    r.socket().open()
    await settle()
    expect(r.client.getState().status).toBe('reconnecting')
    vi.advanceTimersByTime(2000)
    r.socket().open()
    await settle()
    expect(r.client.getState().status).toBe('online')
    r.socket().reply = () => ({ ok: false, code: 'SERVER_ERROR', message: '' })
    const p = r.client.speak('hi')
    await settle()
    expect(await p).toMatchObject({ ok: false, code: 'SERVER_ERROR' })
    expect(r.toasts.at(-1)!.text).toBe('The chat had a problem. Please try again.')
  })

  it('a login kick disconnects and stays off until the learner asks again', async () => {
    const r = rig()
    await online(r)
    r.socket().push('LOGIN_KICK')
    expect(r.client.getState().status).toBe('loginKicked')
    vi.advanceTimersByTime(60_000)
    expect(r.sockets).toHaveLength(1)
    r.client.retry()
    expect(r.sockets).toHaveLength(2)
    r.socket().open()
    await settle()
    expect(r.client.getState().status).toBe('online')
  })
})

describe('history and likes', () => {
  it('loads the latest 20 on login (21 rows: more) and earlier pages before the oldest shown', async () => {
    const r = rig()
    // newest first, 21 rows
    r.fetchHistory.mockResolvedValueOnce(Array.from({ length: 21 }, (_, i) => msg(100 - i)))
    await online(r)
    await settle()
    let s = r.client.getState()
    expect(s.messages.map((m) => m.id)).toEqual(Array.from({ length: 20 }, (_, i) => 81 + i))
    expect(s.hasMore).toBe(true)
    r.fetchHistory.mockResolvedValueOnce(Array.from({ length: 5 }, (_, i) => msg(80 - i)))
    expect(await r.client.loadMore()).toBe(5)
    expect(r.fetchHistory).toHaveBeenLastCalledWith(81)
    s = r.client.getState()
    expect(s.messages[0]!.id).toBe(76)
    expect(s.messages).toHaveLength(25)
    expect(s.hasMore).toBe(false)
    expect(await r.client.loadMore()).toBe(0)
    expect(r.fetchHistory).toHaveBeenCalledTimes(2)
  })

  it('merges taps into one LIKES a second (at most 50 each)', async () => {
    const r = rig()
    await online(r)
    for (let i = 0; i < 3; i++) r.client.like()
    expect(r.client.getState().likes).toBe(13)
    expect(r.socket().events('LIKES')).toHaveLength(0)
    vi.advanceTimersByTime(LIVE.LIKES_BROADCAST_MS)
    expect(r.socket().events('LIKES')).toEqual([{ EVENT: 'LIKES', count: 3 }])
    for (let i = 0; i < 60; i++) r.client.like()
    vi.advanceTimersByTime(LIVE.LIKES_BROADCAST_MS)
    vi.advanceTimersByTime(LIVE.LIKES_BROADCAST_MS)
    expect(
      r
        .socket()
        .events('LIKES')
        .map((e) => e.count),
    ).toEqual([3, 50, 10])
  })

  it('uses Taro.showToast when no toast is given', async () => {
    const r = rig({ toast: undefined })
    await online(r)
    await r.client.speak('')
    expect(Taro.showToast).toHaveBeenCalledWith({ title: '请输入消息内容', icon: 'none', duration: 2000 })
  })
})
