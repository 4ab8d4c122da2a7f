import Taro from '@tarojs/taro'
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { LivePlayerProps } from '@/features/live/room/player-types'
import { ApiError } from '@/services/http/error'
import type { FakeSocket } from '../unit/live-fake-socket'
import { memoryStorage, setRouter } from '../unit/taro-double'
import { detail, row } from './live-fixtures'

const h = vi.hoisted(() => ({ sockets: [] as FakeSocket[], players: [] as LivePlayerProps[] }))

vi.mock('@/services/live/socket', async () => {
  const { FakeSocket } = await import('../unit/live-fake-socket')
  return {
    openSocket: (url: string, path: string) => {
      const s = new FakeSocket(url, path)
      h.sockets.push(s)
      return s
    },
  }
})
vi.mock('@/features/live/room/player', async () => {
  const { forwardRef, createElement } = await import('react')
  return {
    default: forwardRef(function FakePlayer(props: LivePlayerProps, _ref) {
      h.players.push(props)
      return createElement('div', { className: 'fake-player', 'data-src': props.src })
    }),
  }
})
vi.mock('@/features/live/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/features/live/api')>()),
  channelDetail: vi.fn(),
  chatHistory: vi.fn(),
}))
vi.mock('@/services/upload', () => ({ chooseAndUploadImages: vi.fn() }))

const api = await import('@/features/live/api')
const upload = await import('@/services/upload')
const { default: LiveRoom } = await import('@/features/live/room/detail')
const { snapshot, ME } = await import('../unit/live-fake-socket')

const socket = () => h.sockets[h.sockets.length - 1]!

function q(c: ParentNode, sel: string): HTMLElement {
  const el = c.querySelector(sel)
  if (!el) throw new Error(`no ${sel}`)
  return el as HTMLElement
}

function type(c: ParentNode, value: string) {
  const host = q(c, '.lv-input')
  const el = (host.querySelector('input') ?? host) as HTMLInputElement
  el.value = value
  fireEvent.input(el, { target: { value }, detail: { value } })
  host.dispatchEvent(new CustomEvent('input', { detail: { value }, bubbles: true }))
}

/** Render the room, let the socket connect and log in, and wait for the history to show. */
async function enter(opts: { reply?: FakeSocket['reply']; history?: ReturnType<typeof row>[] } = {}) {
  vi.mocked(api.chatHistory).mockResolvedValue(opts.history ?? [])
  const view = render(<LiveRoom />)
  await waitFor(() => expect(h.sockets).toHaveLength(1))
  if (opts.reply) socket().reply = opts.reply
  await act(async () => {
    socket().open()
  })
  await waitFor(() => expect(socket().events('LOGIN')).toHaveLength(1))
  return view
}

// jsdom has no layout: Taro's ScrollView scrolls its `scrollIntoView` target with the element's own method
const scrolledTo = vi.fn()
Element.prototype.scrollIntoView = function (this: Element) {
  scrolledTo(this.id)
}

beforeEach(() => {
  scrolledTo.mockClear()
  h.sockets.length = 0
  h.players.length = 0
  memoryStorage.set('user_account', JSON.stringify('13800000000'))
  setRouter('/pages3/live/detail', { channelId: '5', sessionId: '50' })
  vi.mocked(api.channelDetail).mockResolvedValue(detail())
})
afterEach(() => cleanup())

describe('the live room', () => {
  it('opens the session asked for, plays the stream from the API origin and logs in with the page’s token', async () => {
    const { container } = await enter()
    expect(api.channelDetail).toHaveBeenCalledWith({ channelId: 5, sessionId: 50 }, expect.anything())
    expect(socket().url).toBe('/chat')
    expect(socket().path).toBe('/socket.io')
    expect(socket().events('LOGIN')).toEqual([{ EVENT: 'LOGIN', token: 'chat-token-1' }])
    expect(q(container, '.fake-player').getAttribute('data-src')).toBe('/live/hls/1001-5-50/index.m3u8')
    await waitFor(() => expect(q(container, '.lv-online').textContent).toBe('21 人在线 · 老师 1'))
    expect(q(container, '.lv-like-count').textContent).toBe('10')
  })

  it('shows own and other bubbles with role badges', async () => {
    const history = [
      row(14, 'student', { user: { ...ME }, content: 'my question' }),
      row(13, 'student'),
      row(12, 'assistant'),
      row(11, 'administrator'),
      row(10, 'lecturer', { content: '1 &lt; 2' }),
    ]
    const { container } = await enter({ history })
    await waitFor(() => expect(container.querySelectorAll('.lv-msg')).toHaveLength(5))
    const ids = [...container.querySelectorAll('.lv-msg')].map((m) => m.id)
    expect(ids).toEqual(['lv-msg-10', 'lv-msg-11', 'lv-msg-12', 'lv-msg-13', 'lv-msg-14'])
    expect(q(container, '.lv-msg-10 .lv-badge').textContent).toBe('讲师')
    expect(q(container, '.lv-msg-10 .lv-bubble').textContent).toBe('1 < 2')
    expect(q(container, '.lv-msg-11 .lv-badge').textContent).toBe('管理员')
    expect(q(container, '.lv-msg-12 .lv-badge').textContent).toBe('助教')
    expect(container.querySelector('.lv-msg-13 .lv-badge')).toBeNull()
    expect(q(container, '.lv-msg-13').className).toContain('is-other')
    expect(q(container, '.lv-msg-14').className).toContain('is-mine')
    expect(q(container, '.lv-msg-14 .lv-nick').textContent).toBe('我')
  })

  it('sends a typed message, shows it as mine and clears the input', async () => {
    const { container } = await enter()
    await waitFor(() => expect(container.querySelector('.lv-input')).not.toBeNull())
    type(container, '  <b>hello</b>  ')
    socket().reply = (e) => (e.EVENT === 'SPEAK' ? { ok: true, id: 901 } : { ok: true })
    await act(async () => {
      fireEvent.click(q(container, '.lv-send'))
    })
    expect(socket().events('SPEAK')).toEqual([{ EVENT: 'SPEAK', values: ['&lt;b&gt;hello&lt;/b&gt;'] }])
    await waitFor(() => expect(q(container, '.lv-msg-901').className).toContain('is-mine'))
    expect(q(container, '.lv-msg-901 .lv-bubble').textContent).toBe('<b>hello</b>')
    // a second message within 3 s is held back on the device
    type(container, 'again')
    await act(async () => {
      fireEvent.click(q(container, '.lv-send'))
    })
    expect(socket().events('SPEAK')).toHaveLength(1)
    expect(Taro.showToast).toHaveBeenCalledWith({ title: '您发言过快，请稍后再试', icon: 'none', duration: 2000 })
  })

  it('adds an emoji from the panel of 100', async () => {
    const { container } = await enter()
    await waitFor(() => expect(container.querySelector('.lv-emoji-btn')).not.toBeNull())
    fireEvent.click(q(container, '.lv-emoji-btn'))
    expect(container.querySelectorAll('.lv-emoji')).toHaveLength(100)
    expect(q(container, '.lv-emoji').getAttribute('aria-label')).toBe('大笑')
    fireEvent.click(q(container, '.lv-emoji'))
    socket().reply = (e) => (e.EVENT === 'SPEAK' ? { ok: true, id: 902 } : { ok: true })
    await act(async () => {
      fireEvent.click(q(container, '.lv-send'))
    })
    expect(socket().events('SPEAK')).toEqual([{ EVENT: 'SPEAK', values: ['😀'] }])
  })

  it('sends a picked image and previews it on tap', async () => {
    vi.mocked(upload.chooseAndUploadImages).mockResolvedValue([
      { url: '/files/chat/a.jpg', key: 'chat/a.jpg', size: 10, mimeType: 'image/jpeg', width: 10, height: 10 },
    ])
    const { container } = await enter()
    socket().reply = (e) => (e.EVENT === 'CHAT_IMG' ? { ok: true, id: 903 } : { ok: true })
    await waitFor(() => expect(container.querySelector('.lv-image-btn')).not.toBeNull())
    await act(async () => {
      fireEvent.click(q(container, '.lv-image-btn'))
    })
    expect(socket().events('CHAT_IMG')).toEqual([{ EVENT: 'CHAT_IMG', values: ['/files/chat/a.jpg'] }])
    await waitFor(() => expect(container.querySelector('.lv-msg-903 .lv-msg-img')).not.toBeNull())
    fireEvent.click(q(container, '.lv-msg-903 .lv-msg-img'))
    expect(Taro.previewImage).toHaveBeenCalledWith({ current: '/files/chat/a.jpg', urls: ['/files/chat/a.jpg'] })
  })

  it('says until when I am banned, and that the room is closed', async () => {
    const until = Date.now() + 3_600_000
    const { container } = await enter({
      reply: (e) => (e.EVENT === 'LOGIN' ? { ok: true, room: snapshot({ bannedUntil: until }) } : { ok: true }),
    })
    await waitFor(() => expect(container.querySelector('.lv-blocked')).not.toBeNull())
    expect(q(container, '.lv-blocked-text').textContent).toMatch(/^你已被禁言，.*\d\d:\d\d 后可以发言$/)
    expect(container.querySelector('.lv-input')).toBeNull()
    act(() => socket().push('REMOVE_SHIELD', { userId: ME.userId }))
    await waitFor(() => expect(container.querySelector('.lv-input')).not.toBeNull())
    act(() => socket().push('CLOSEROOM', { value: true }))
    await waitFor(() => expect(q(container, '.lv-blocked-text').textContent).toBe('聊天室已关闭，暂时不能发言'))
  })

  it('offers to enter again after the account entered the room elsewhere', async () => {
    const { container } = await enter()
    act(() => socket().push('LOGIN_KICK'))
    await waitFor(() => expect(q(container, '.lv-blocked-text').textContent).toBe('你已在其他设备进入本直播间'))
    fireEvent.click(q(container, '.lv-reenter'))
    expect(h.sockets).toHaveLength(2)
  })

  it('a learner removed from the class is told so and until when; neither the video nor the chat starts (issue 25)', async () => {
    const until = Date.now() + 24 * 3600_000
    vi.mocked(api.channelDetail).mockResolvedValue(
      detail({ removedUntil: until, stream: { ...detail().stream, hlsUrl: '' } }),
    )
    const { container } = render(<LiveRoom />)
    await waitFor(() => expect(container.querySelector('.lv-removed')).not.toBeNull())
    expect(q(container, '.lv-removed-title').textContent).toBe('你已被移出本场直播')
    const d = new Date(until)
    const hhmm = `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`
    expect(q(container, '.lv-removed-until').textContent).toMatch(new RegExp(`^\\d\\d-\\d\\d ${hhmm} 后可以重新进入$`))
    // no socket, no player, no chat pretending to be empty or counting nobody online
    await new Promise((r) => setTimeout(r, 50))
    expect(h.sockets).toHaveLength(0)
    expect(h.players).toHaveLength(0)
    expect(container.textContent).not.toContain('还没有人发言')
    expect(container.textContent).not.toContain('人在线')
    expect(container.querySelector('.lv-bulletin')).toBeNull()
    // the room's other classes stay reachable
    expect(container.querySelector('.lv-removed-intro')).not.toBeNull()
  })

  it('a kick in the room ends the video and shows the removed state (the room is read again)', async () => {
    const { container } = await enter()
    expect(container.querySelector('.fake-player')).not.toBeNull()
    vi.mocked(api.channelDetail).mockResolvedValue(
      detail({ removedUntil: Date.now() + 24 * 3600_000, stream: { ...detail().stream, hlsUrl: '' } }),
    )
    act(() => socket().push('KICK', { userId: ME.userId }))
    await waitFor(() => expect(container.querySelector('.lv-removed')).not.toBeNull())
    expect(container.querySelector('.fake-player')).toBeNull()
    expect(container.querySelector('.lv-chat-panel')).toBeNull()
  })

  it("loads 'more history' before the oldest message (21 rows mean more)", async () => {
    const first = Array.from({ length: 21 }, (_, i) => row(200 - i))
    const { container } = await enter({ history: first })
    await waitFor(() => expect(container.querySelectorAll('.lv-msg')).toHaveLength(20))
    expect(q(container, '.lv-msg').id).toBe('lv-msg-181')
    vi.mocked(api.chatHistory).mockResolvedValueOnce([row(180), row(179)])
    await act(async () => {
      fireEvent.click(q(container, '.lv-more-history'))
    })
    expect(api.chatHistory).toHaveBeenLastCalledWith(
      { channelId: 5, sessionId: 50, pageSize: 20, beforeId: 181 },
      expect.anything(),
    )
    await waitFor(() => expect(container.querySelectorAll('.lv-msg')).toHaveLength(22))
    expect(q(container, '.lv-msg').id).toBe('lv-msg-179')
    // the message that was on top stays in view
    await waitFor(() => expect(scrolledTo).toHaveBeenCalledWith('lv-msg-181'))
    expect(q(container, '.lv-no-more').textContent).toBe('没有更早的消息了')
  })

  it('shows a new-message pill while scrolled up, and goes down on tap', async () => {
    const { container } = await enter({ history: [row(1), row(2)] })
    await waitFor(() => expect(container.querySelectorAll('.lv-msg')).toHaveLength(2))
    const scroll = q(container, '.lv-chat-scroll')
    act(() => {
      scroll.dispatchEvent(new CustomEvent('scroll', { detail: { scrollTop: 0, scrollHeight: 4000 } }))
    })
    act(() => socket().push('BATCH', { list: [row(3, 'lecturer'), row(4)] }))
    await waitFor(() => expect(q(container, '.lv-new-pill').textContent).toBe('2 条新消息'))
    scrolledTo.mockClear()
    fireEvent.click(q(container, '.lv-new-pill'))
    expect(container.querySelector('.lv-new-pill')).toBeNull()
    await waitFor(() => expect(scrolledTo).toHaveBeenCalledWith(expect.stringMatching(/^lv-end-[ab]$/)))
    // at the bottom, new messages do not raise the pill
    act(() => socket().push('SPEAK', row(5)))
    await waitFor(() => expect(container.querySelectorAll('.lv-msg')).toHaveLength(5))
    expect(container.querySelector('.lv-new-pill')).toBeNull()
  })

  it('pins the bulletin and follows its changes', async () => {
    vi.mocked(api.channelDetail).mockResolvedValue(detail({ bulletin: 'Bring a notebook' }))
    const { container } = await enter({
      reply: (e) =>
        e.EVENT === 'LOGIN' ? { ok: true, room: snapshot({ bulletin: 'Bring a notebook' }) } : { ok: true },
    })
    expect(q(container, '.lv-bulletin-text').textContent).toBe('Bring a notebook')
    act(() => socket().push('BULLETIN', { content: 'Break until 10:15' }))
    await waitFor(() => expect(q(container, '.lv-bulletin-text').textContent).toBe('Break until 10:15'))
    act(() => socket().push('REMOVE_BULLETIN'))
    await waitFor(() => expect(container.querySelector('.lv-bulletin')).toBeNull())
  })

  it('the heartbeat says whether the video plays', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    try {
      await enter()
      await waitFor(() => expect(h.players.length).toBeGreaterThan(0))
      act(() => h.players.at(-1)!.onPlaying?.(true))
      await act(async () => {
        vi.advanceTimersByTime(3000)
      })
      expect(socket().events('HEARTBEAT')).toEqual([{ EVENT: 'HEARTBEAT', playing: true }])
      act(() => h.players.at(-1)!.onPlaying?.(false))
      await act(async () => {
        vi.advanceTimersByTime(25_000)
      })
      expect(socket().events('HEARTBEAT')[1]).toEqual({ EVENT: 'HEARTBEAT', playing: false })
    } finally {
      vi.useRealTimers()
    }
  })

  it('shows the intro tab with the lecturer and the schedule', async () => {
    const { container } = await enter()
    fireEvent.click(q(container, '.lv-room-tab-intro'))
    expect(q(container, '.lv-teacher-name').textContent).toBe('Li Ming')
    expect(container.querySelectorAll('.lv-schedule-row')).toHaveLength(2)
    expect(q(container, '.lv-schedule-50 .lv-state-tag').textContent).toBe('当前')
    fireEvent.click(q(container, '.lv-schedule-51'))
    expect(Taro.redirectTo).toHaveBeenCalledWith({ url: '/pages3/live/detail?channelId=5&sessionId=51' })
    // chat, questions to the lecturer (issue 14) and intro
    expect([...container.querySelectorAll('.lv-room-tab')].map((t) => t.textContent)).toEqual(['聊天', '提问', '简介'])
  })
})

describe('the room before, without and after the video', () => {
  it('counts down to the start, then reads the room again when the class starts', async () => {
    vi.mocked(api.channelDetail).mockResolvedValueOnce(
      detail({
        state: 'waiting',
        startTime: Math.floor(Date.now() / 1000) + 3 * 3600 + 65,
        stream: { ...detail().stream, hlsUrl: '' },
      }),
    )
    const { container } = await enter({
      reply: (e) => (e.EVENT === 'LOGIN' ? { ok: true, room: snapshot({ state: 'waiting' }) } : { ok: true }),
    })
    expect(q(container, '.lv-countdown').textContent).toMatch(/^距开播 03:01:0\d$/)
    expect(container.querySelector('.fake-player')).toBeNull()
    act(() => socket().push('CLASSSTART', { sessionId: 50 }))
    await waitFor(() => expect(container.querySelector('.fake-player')).not.toBeNull())
    expect(api.channelDetail).toHaveBeenCalledTimes(2)
    // the same client stays in the room
    expect(h.sockets).toHaveLength(1)
  })

  it('after the class, leads to the replay', async () => {
    const { container } = await enter()
    vi.mocked(api.channelDetail).mockResolvedValue(detail({ state: 'ended', hasPlayback: true }))
    act(() => socket().push('CLASSEND', { sessionId: 50, hasPlayback: true }))
    await waitFor(() => expect(container.querySelector('.lv-to-playback')).not.toBeNull())
    fireEvent.click(q(container, '.lv-to-playback'))
    expect(Taro.redirectTo).toHaveBeenCalledWith({ url: '/pages3/live/playback?channelId=5&sessionId=50' })
  })

  it('says the replay is being prepared until its recording is ready, reading the room again meanwhile', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    try {
      const { container } = await enter()
      vi.mocked(api.channelDetail).mockResolvedValue(detail({ state: 'ended', hasPlayback: false }))
      act(() => socket().push('CLASSEND', { sessionId: 50, hasPlayback: true }))
      await waitFor(() => expect(q(container, '.lv-ended .lv-screen-hint').textContent).toBe('回放生成中，请稍后再来'))
      expect(container.querySelector('.lv-to-playback')).toBeNull()
      const reads = vi.mocked(api.channelDetail).mock.calls.length
      vi.mocked(api.channelDetail).mockResolvedValue(detail({ state: 'ended', hasPlayback: true }))
      await act(async () => {
        await vi.advanceTimersByTimeAsync(5000)
      })
      await waitFor(() => expect(container.querySelector('.lv-to-playback')).not.toBeNull())
      expect(vi.mocked(api.channelDetail).mock.calls.length).toBeGreaterThan(reads)
    } finally {
      vi.useRealTimers()
    }
  })

  it('says when the server has no live video, and keeps the chat', async () => {
    vi.mocked(api.channelDetail).mockResolvedValue(
      detail({ stream: { provider: 'local', hlsUrl: '', providerChannelId: '', videoAvailable: false } }),
    )
    const { container } = await enter()
    expect(q(container, '.lv-unavailable .lv-screen-title').textContent).toBe('本服务器暂未开启直播视频')
    await waitFor(() => expect(container.querySelector('.lv-input')).not.toBeNull())
  })

  it('a room the learner may not enter offers the goods that gives entry', async () => {
    vi.mocked(api.channelDetail).mockRejectedValue(new ApiError(631, 'not entitled', { goodsId: 3 }))
    const { container } = render(<LiveRoom />)
    await waitFor(() => expect(container.querySelector('.empty-state')).not.toBeNull())
    expect(container.textContent).toContain('你还没有这个直播间的观看权限')
    fireEvent.click(q(container, '.empty-action'))
    await waitFor(() => expect(Taro.redirectTo).toHaveBeenCalledWith({ url: '/pages3/course/detail?id=3' }))
    expect(Taro.showModal).toHaveBeenCalledWith(expect.objectContaining({ content: '购买课程后即可进入这个直播间' }))
    expect(h.sockets).toHaveLength(0)
  })

  it('a room that does not exist says so', async () => {
    vi.mocked(api.channelDetail).mockRejectedValue(new ApiError(632, 'no such room'))
    const { container } = render(<LiveRoom />)
    await waitFor(() => expect(container.textContent).toContain('直播不存在或已下线'))
  })
})
