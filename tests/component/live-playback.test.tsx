import Taro from '@tarojs/taro'
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { LivePlayerProps } from '@/features/live/room/player-types'
import { ApiError } from '@/services/http/error'
import type { FakeSocket } from '../unit/live-fake-socket'
import { memoryStorage, setRouter } from '../unit/taro-double'
import { detail, row, session } from './live-fixtures'

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
      return createElement('div', { className: 'fake-player', 'data-src': props.src, 'data-start': props.initialTime })
    }),
  }
})
vi.mock('@/features/live/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/features/live/api')>()),
  channelDetail: vi.fn(),
  chatHistory: vi.fn(),
  lastWatchedLive: vi.fn(),
}))

const api = await import('@/features/live/api')
const { default: Playback } = await import('@/features/live/room/playback')

const START = 1_700_000_000_000
const player = () => h.players.at(-1)!
Element.prototype.scrollIntoView = () => undefined

function q(c: ParentNode, sel: string): HTMLElement {
  const el = c.querySelector(sel)
  if (!el) throw new Error(`no ${sel}`)
  return el as HTMLElement
}

const ids = (c: ParentNode) => [...c.querySelectorAll('.lv-msg')].map((m) => m.id.replace('lv-msg-', ''))

/** history at these offsets (s) into the recording, answered oldest first after afterId */
function history(...offsets: number[]) {
  const all = offsets.map((s, i) => row(i + 1, i === 0 ? 'lecturer' : 'student', { time: START + s * 1000 }))
  vi.mocked(api.chatHistory).mockImplementation(async (query) => {
    const q = query as { afterId?: number; pageSize?: number }
    return all.filter((m) => m.id > (q.afterId ?? 0)).slice(0, q.pageSize ?? 500)
  })
}

const recorded = detail({
  roomId: 'playback_50',
  state: 'ended',
  hasPlayback: true,
  playbackList: [
    {
      recordingId: 9,
      sessionId: 50,
      title: 'Evacuation drills',
      url: '/live/vod/9/index.m3u8',
      durationSeconds: 3600,
      startedAtMs: START,
    },
  ],
})

beforeEach(() => {
  h.sockets.length = 0
  h.players.length = 0
  memoryStorage.set('user_account', JSON.stringify('13800000000'))
  setRouter('/pages3/live/playback', { channelId: '5', sessionId: '50' })
  vi.mocked(api.channelDetail).mockResolvedValue(recorded)
  vi.mocked(api.lastWatchedLive).mockResolvedValue(null)
})
afterEach(() => cleanup())

describe('the replay', () => {
  it('plays the recording and replays the chat at the time each message was sent', async () => {
    history(-20, 5, 30, 200)
    const { container } = render(<Playback />)
    await waitFor(() => expect(container.querySelector('.fake-player')).not.toBeNull())
    expect(api.channelDetail).toHaveBeenCalledWith({ channelId: 5, sessionId: 50, playback: true }, expect.anything())
    expect(q(container, '.fake-player').getAttribute('data-src')).toBe('/live/vod/9/index.m3u8')
    await waitFor(() => expect(ids(container)).toEqual(['1']))
    expect(api.chatHistory).toHaveBeenCalledWith(
      { channelId: 5, sessionId: 50, afterId: 0, pageSize: 500 },
      expect.anything(),
    )
    expect(q(container, '.lv-msg-1 .lv-badge').textContent).toBe('讲师')

    act(() => player().onTime?.(6))
    await waitFor(() => expect(ids(container)).toEqual(['1', '2']))
    act(() => player().onTime?.(31))
    await waitFor(() => expect(ids(container)).toEqual(['1', '2', '3']))
    // seeking back rewinds the chat
    act(() => player().onTime?.(10))
    await waitFor(() => expect(ids(container)).toEqual(['1', '2']))
    act(() => player().onTime?.(250))
    await waitFor(() => expect(ids(container)).toEqual(['1', '2', '3', '4']))
  })

  it('is in the playback room for heartbeats with the position, and cannot speak there', async () => {
    history(1)
    vi.useFakeTimers({ shouldAdvanceTime: true })
    try {
      const { container } = render(<Playback />)
      await waitFor(() => expect(h.sockets).toHaveLength(1))
      await act(async () => {
        h.sockets[0]!.open()
      })
      await waitFor(() => expect(h.sockets[0]!.events('LOGIN')).toEqual([{ EVENT: 'LOGIN', token: 'chat-token-1' }]))
      act(() => {
        player().onPlaying?.(true)
        player().onTime?.(42.4)
      })
      await act(async () => {
        vi.advanceTimersByTime(3000)
      })
      expect(h.sockets[0]!.events('HEARTBEAT')).toEqual([{ EVENT: 'HEARTBEAT', playing: true, position: 42.4 }])
      expect(container.querySelector('.lv-input')).toBeNull()
    } finally {
      vi.useRealTimers()
    }
  })

  it('resumes where the learner stopped watching this replay', async () => {
    history()
    vi.mocked(api.lastWatchedLive).mockResolvedValue({
      ...session(50, { state: 'ended' }),
      mode: 'playback',
      position: 321,
    })
    const { container } = render(<Playback />)
    await waitFor(() => expect(container.querySelector('.fake-player')).not.toBeNull())
    expect(q(container, '.fake-player').getAttribute('data-start')).toBe('321')
    await waitFor(() => expect(container.textContent).toContain('这段时间还没有聊天消息'))
  })

  it('switches between the parts of an interrupted class', async () => {
    history(5, 3700)
    vi.mocked(api.channelDetail).mockResolvedValue({
      ...recorded,
      playbackList: [
        recorded.playbackList[0]!,
        {
          ...recorded.playbackList[0]!,
          recordingId: 10,
          url: '/live/vod/10/index.m3u8',
          startedAtMs: START + 3600_000,
        },
      ],
    })
    const { container } = render(<Playback />)
    await waitFor(() => expect(container.querySelectorAll('.lv-part')).toHaveLength(2))
    fireEvent.click(q(container, '.lv-part-2'))
    await waitFor(() => expect(q(container, '.fake-player').getAttribute('data-src')).toBe('/live/vod/10/index.m3u8'))
    // the first part's chat is all before this part began
    await waitFor(() => expect(ids(container)).toEqual(['1']))
    act(() => player().onTime?.(100))
    await waitFor(() => expect(ids(container)).toEqual(['1', '2']))
  })

  it('a class without a recording says so and leads to its room', async () => {
    vi.mocked(api.channelDetail).mockRejectedValue(new ApiError(633, 'no playback'))
    const { container } = render(<Playback />)
    await waitFor(() => expect(container.textContent).toContain('这节直播还没有回放'))
    fireEvent.click(q(container, '.empty-action'))
    expect(Taro.redirectTo).toHaveBeenCalledWith({ url: '/pages3/live/detail?channelId=5&sessionId=50' })
  })
})
