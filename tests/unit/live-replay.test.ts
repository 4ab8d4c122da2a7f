import { describe, expect, it, vi } from 'vitest'
import { ChatReplay, REPLAY_SHOWN } from '../../src/features/live/chat/replay'
import { apiOrigin, mediaUrl } from '../../src/features/live/url'
import { msg } from './live-fake-socket'

const START = 1_700_000_000_000

/** messages at these offsets (seconds) into the recording; ids in time order */
function at(...offsets: number[]) {
  return offsets.map((s, i) => msg(i + 1, { time: START + s * 1000 }))
}

/** a history server: afterId paging, oldest first */
function server(all: ReturnType<typeof msg>[]) {
  return vi.fn(async (afterId: number, pageSize: number) => all.filter((m) => m.id > afterId).slice(0, pageSize))
}

describe('chat replay', () => {
  it('shows each message once the recording reaches the moment it was sent, and rewinds on seeking back', async () => {
    const fetch = server(at(-30, 5, 20, 100))
    const r = new ChatReplay(START, fetch, 500)
    await r.ensure(0)
    expect(fetch).toHaveBeenCalledWith(0, 500)
    // sent before the recording began: there from the start
    expect(r.visibleAt(0).map((m) => m.id)).toEqual([1])
    expect(r.visibleAt(4.9).map((m) => m.id)).toEqual([1])
    expect(r.visibleAt(5).map((m) => m.id)).toEqual([1, 2])
    expect(r.visibleAt(21).map((m) => m.id)).toEqual([1, 2, 3])
    expect(r.visibleAt(6).map((m) => m.id)).toEqual([1, 2])
    expect(r.visibleAt(100).map((m) => m.id)).toEqual([1, 2, 3, 4])
  })

  it('reads pages after the last one loaded only as far ahead as needed', async () => {
    const all = at(...Array.from({ length: 12 }, (_, i) => i * 30))
    const fetch = server(all)
    const r = new ChatReplay(START, fetch, 4)
    await r.ensure(0)
    // 0..90 s loaded; the look-ahead (60 s) is covered, so no second page yet
    expect(fetch.mock.calls).toEqual([[0, 4]])
    await r.ensure(60)
    expect(fetch.mock.calls).toEqual([
      [0, 4],
      [4, 4],
    ])
    await r.ensure(1000)
    expect(fetch.mock.calls.map((c) => c[0])).toEqual([0, 4, 8, 12])
    expect(r.getState()).toMatchObject({ done: true, loading: false })
    expect(r.visibleAt(1000)).toHaveLength(12)
    await r.ensure(2000)
    expect(fetch).toHaveBeenCalledTimes(4)
  })

  it('shows the newest messages reached when there are many', async () => {
    const r = new ChatReplay(START, server(at(...Array.from({ length: REPLAY_SHOWN + 10 }, () => 1))), 500)
    await r.ensure(0)
    const shown = r.visibleAt(2)
    expect(shown).toHaveLength(REPLAY_SHOWN)
    expect(shown.at(-1)!.id).toBe(REPLAY_SHOWN + 10)
  })

  it('stops on a failed page and tries again on retry', async () => {
    const fetch = server(at(1, 2))
    fetch.mockRejectedValueOnce(new Error('network'))
    const r = new ChatReplay(START, fetch, 500)
    await r.ensure(0)
    expect(r.getState()).toMatchObject({ failed: true, loaded: [] })
    await r.ensure(0)
    expect(fetch).toHaveBeenCalledTimes(1)
    await r.retry(0)
    expect(r.visibleAt(3)).toHaveLength(2)
  })
})

describe('media and chat addresses', () => {
  it('resolve against the API origin, or this page when the API is on it', () => {
    expect(apiOrigin('https://api.school.com/api')).toBe('https://api.school.com')
    expect(apiOrigin('/api')).toBe('')
    expect(mediaUrl('/live/hls/a.m3u8', 'https://api.school.com/api')).toBe('https://api.school.com/live/hls/a.m3u8')
    expect(mediaUrl('/live/hls/a.m3u8', '/api')).toBe('/live/hls/a.m3u8')
    expect(mediaUrl('https://cdn.example.com/a.m3u8', '/api')).toBe('https://cdn.example.com/a.m3u8')
  })
})
