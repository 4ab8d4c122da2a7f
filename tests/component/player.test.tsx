import Taro from '@tarojs/taro'
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { MenuChapter, PlaySession, ReportResult, VideoSign } from '@/features/learn/api'
import { setRouter } from '../unit/taro-double'

vi.mock('@/features/learn/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/features/learn/api')>()),
  checkVideo: vi.fn(),
  openPlay: vi.fn(),
  videoSign: vi.fn(),
  report: vi.fn(),
  reportAbnormal: vi.fn(),
  photoLog: vi.fn(),
  photoInfo: vi.fn(),
  courseMenu: vi.fn(),
}))
vi.mock('@/features/shop/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/features/shop/api')>()),
  courseMenu: vi.fn(),
}))
vi.mock('@/services/upload', () => ({
  chooseAndUploadImages: vi.fn(),
  uploadImage: vi.fn(),
  UploadError: class UploadError extends Error {},
}))

const api = await import('@/features/learn/api')
const shopApi = await import('@/features/shop/api')
const upload = await import('@/services/upload')
const { ApiError } = await import('@/services/http/error')
const { EVENTS, emit } = await import('@/services/events')
const { useSession } = await import('@/store/session')
const { usePlay } = await import('@/features/learn/play-store')
const { default: PlayerPage } = await import('@/features/learn/player/index')

// jsdom has no media playback; the Taro video element calls load() when it gets a source
for (const m of ['load', 'play', 'pause'] as const)
  Object.defineProperty(window.HTMLMediaElement.prototype, m, { configurable: true, value: () => undefined })

const ctx = { play: vi.fn(), pause: vi.fn(), seek: vi.fn(), stop: vi.fn() }
const taro = Taro as unknown as Record<string, unknown>

function session(sectionId: number, over: Partial<PlaySession> = {}): PlaySession {
  return {
    goodsId: 7,
    sectionId,
    courseId: 70,
    chapterId: 1,
    sectionName: `Section ${sectionId}`,
    durationSeconds: 300,
    status: 1,
    position: 95,
    furthest: 100,
    creditedSeconds: 100,
    antiSkip: true,
    photoAtStart: false,
    photoRandomCount: 0,
    trial: false,
    nextSectionId: sectionId + 1,
    photos: [],
    sessionId: `session-${sectionId}-abcdef`,
    serverTime: 1_700_000_000,
    ...over,
  }
}

const sign = (over: Partial<VideoSign> = {}): VideoSign => ({
  provider: 'local',
  vid: 'v11',
  url: '/media/video/v11.mp4?e=1&s=abc',
  ts: 1,
  sign: '',
  expireTime: 2,
  ...over,
})

const menu: MenuChapter[] = [
  {
    chapterId: 1,
    chapterName: 'Chapter one',
    courseId: 70,
    sort: 1,
    sectionNum: 2,
    finishedSectionNum: 0,
    sectionList: [11, 12].map((id) => ({
      sectionId: id,
      sectionName: `Section ${id}`,
      chapterId: 1,
      courseId: 70,
      durationSeconds: 300,
      sort: id,
      status: 1,
      position: 0,
      furthest: 0,
      creditedSeconds: 0,
      percent: 10,
    })),
  },
]

function mockSection(over: Partial<PlaySession> = {}) {
  vi.mocked(api.checkVideo).mockImplementation(async (_g, sectionId) => {
    const { sessionId: _s, serverTime: _t, ...check } = session(sectionId, over)
    return check
  })
  vi.mocked(api.openPlay).mockImplementation(async (_g, sectionId) => session(sectionId, over))
  vi.mocked(api.videoSign).mockResolvedValue(sign())
}

function video(container: HTMLElement): HTMLElement {
  const el = container.querySelector('taro-video-core')
  if (!el) throw new Error('no video')
  return el as HTMLElement
}
const fire = (el: HTMLElement, name: string, detail: unknown = {}) =>
  act(async () => {
    el.dispatchEvent(new CustomEvent(name, { detail }))
  })
const timeupdate = (el: HTMLElement, currentTime: number) => fire(el, 'timeupdate', { currentTime, duration: 300 })
const reports = () => vi.mocked(api.report).mock.calls.map(([b]) => [b.startPosition, b.endPosition, b.event])

async function open(over: Partial<PlaySession> = {}) {
  mockSection(over)
  const r = render(<PlayerPage />)
  await waitFor(() => expect(r.container.querySelector('taro-video-core')).not.toBeNull())
  return r
}

beforeEach(() => {
  useSession.getState().setLogin({ token: 't', userAccount: 'u1' })
  usePlay.getState().clear()
  setRouter('/pages3/polyv/index', { goodsId: '7', sectionId: '11' })
  taro.createVideoContext = vi.fn(() => ctx)
  vi.mocked(api.courseMenu).mockResolvedValue(menu)
  vi.mocked(api.reportAbnormal).mockResolvedValue(null)
  vi.mocked(api.report).mockImplementation(
    async (b): Promise<ReportResult> => ({
      accepted: true,
      abnormal: null,
      status: 1,
      position: b.endPosition,
      furthest: Math.max(100, b.endPosition),
      creditedSeconds: 100,
      percent: 33.3,
      photos: [],
    }),
  )
})
afterEach(() => {
  cleanup()
  useSession.getState().clear()
})

describe('player', () => {
  it('resumes where the learner stopped, titled by the section, with the course menu under it', async () => {
    const { container } = await open()
    const el = video(container)
    expect(el.getAttribute('initial-time')).toBe('95')
    expect(el.getAttribute('src')).toBe('/media/video/v11.mp4?e=1&s=abc')
    expect(api.checkVideo).toHaveBeenCalledWith(7, 11, expect.anything())
    expect(api.openPlay).toHaveBeenCalledWith(7, 11, expect.anything())
    // the app's own nav bar (one style on every page) carries the whole section name
    expect(container.querySelector('.nav-bar-title')?.textContent).toBe('Section 11')
    expect(usePlay.getState()).toMatchObject({ playSectionId: 11, playVID: 'v11', playNextId: 12 })
    await waitFor(() => expect(container.querySelector('.vp-section-11')?.className).toContain('is-current'))
    expect(api.courseMenu).toHaveBeenCalledWith(7, 70, expect.anything())
  })

  it('a seek beyond the furthest point is pulled back, told and reported; playing on is reported', async () => {
    const { container } = await open()
    const el = video(container)
    await fire(el, 'play')
    await timeupdate(el, 96)
    await timeupdate(el, 250)
    expect(ctx.seek).toHaveBeenCalledWith(100)
    expect(Taro.showToast).toHaveBeenCalledWith(expect.objectContaining({ title: '不能跳到还没看过的位置' }))
    await waitFor(() =>
      expect(api.reportAbnormal).toHaveBeenCalledWith(
        { sessionId: 'session-11-abcdef', kind: 'client-seek', position: 96, target: 250 },
        expect.anything(),
      ),
    )
    // the interval up to the seek goes out, then the next one starts at the furthest point
    await timeupdate(el, 100.2)
    await fire(el, 'pause')
    await waitFor(() =>
      expect(reports()).toEqual([
        [95, 96, 'seek'],
        [100, 100.2, 'pause'],
      ]),
    )
    // seeking back is fine
    vi.mocked(ctx.seek).mockClear()
    await fire(el, 'play')
    await timeupdate(el, 30)
    expect(ctx.seek).not.toHaveBeenCalled()
  })

  it('a due photo pauses the video, and playback resumes once the photo is logged', async () => {
    vi.mocked(upload.chooseAndUploadImages).mockResolvedValue([
      {
        url: '/oss/t1001/u1/img/20240101/abc.jpg',
        key: 'k',
        size: 1000,
        mimeType: 'image/jpeg',
        width: 10,
        height: 10,
      },
    ])
    vi.mocked(api.photoLog).mockResolvedValue({ photoId: 1, reviewStatus: 1, createTime: 1 })
    const { container } = await open({ photos: [{ scene: 'random', position: 97 }] })
    const el = video(container)
    await fire(el, 'play')
    await timeupdate(el, 96)
    expect(ctx.pause).not.toHaveBeenCalled()
    await timeupdate(el, 97.1)
    expect(ctx.pause).toHaveBeenCalled()
    await waitFor(() => expect(ctx.play).toHaveBeenCalled())
    expect(vi.mocked(Taro.showModal).mock.calls[0][0]).toMatchObject({ title: '拍照核验', confirmText: '去拍照' })
    expect(vi.mocked(upload.chooseAndUploadImages).mock.calls[0][0]).toMatchObject({
      sourceType: ['camera'],
      count: 1,
      imageStatus: 1,
    })
    expect(api.photoLog).toHaveBeenCalledWith(
      {
        sessionId: 'session-11-abcdef',
        imageUrl: '/oss/t1001/u1/img/20240101/abc.jpg',
        position: 97,
        scene: 'random',
      },
      expect.anything(),
    )
    expect(container.querySelector('.vp-photo-note')).toBeNull()
    // credit stopped at the photo point
    await waitFor(() => expect(reports()).toEqual([[95, 97, 'pause']]))
  })

  it('the start photo is asked before playing; cancelling keeps the video paused with a note', async () => {
    vi.mocked(Taro.showModal).mockResolvedValue({ confirm: false, cancel: true, errMsg: 'ok' })
    const { container } = await open({ photos: [{ scene: 'start', position: 0 }] })
    await waitFor(() => expect(container.querySelector('.vp-photo-note')).not.toBeNull())
    expect(vi.mocked(Taro.showModal).mock.calls[0][0]).toMatchObject({
      content: expect.stringContaining('开始学习本节前'),
    })
    expect(upload.chooseAndUploadImages).not.toHaveBeenCalled()
    // pressing play while the photo is due pauses again and asks again
    vi.mocked(ctx.pause).mockClear()
    await fire(video(container), 'play')
    expect(ctx.pause).toHaveBeenCalled()
    await waitFor(() => expect(Taro.showModal).toHaveBeenCalledTimes(2))
    expect(ctx.play).not.toHaveBeenCalled()
    expect(api.photoLog).not.toHaveBeenCalled()
  })

  it('at the end: reported, then "next section in 3 s" with cancel, or straight to it', async () => {
    const { container } = await open()
    const el = video(container)
    await fire(el, 'play')
    await timeupdate(el, 96)
    await fire(el, 'ended')
    await waitFor(() => expect(container.querySelector('.vp-next')).not.toBeNull())
    expect(container.querySelector('.vp-next-text')?.textContent).toBe('3 秒后播放下一节')
    await waitFor(() => expect(reports().at(-1)?.[2]).toBe('end'))
    fireEvent.click(container.querySelector('.vp-next-cancel') as HTMLElement)
    expect(container.querySelector('.vp-next')).toBeNull()

    await fire(el, 'ended')
    fireEvent.click(container.querySelector('.vp-next-now') as HTMLElement)
    await waitFor(() => expect(api.checkVideo).toHaveBeenCalledWith(7, 12, expect.anything()))
    await waitFor(() => expect(video(container).getAttribute('initial-time')).toBe('95'))
    await waitFor(() => expect(container.querySelector('.nav-bar-title')?.textContent).toBe('Section 12'))
    expect(usePlay.getState().playSectionId).toBe(12)
  })

  it('the countdown plays the next section by itself', async () => {
    const { container } = await open()
    vi.useFakeTimers()
    try {
      await fire(video(container), 'ended')
      await act(() => vi.advanceTimersByTimeAsync(1000))
      expect(container.querySelector('.vp-next-text')?.textContent).toBe('2 秒后播放下一节')
      // one act per second: each tick renders before the next timer is set
      await act(() => vi.advanceTimersByTimeAsync(1000))
      await act(() => vi.advanceTimersByTimeAsync(1000))
    } finally {
      vi.useRealTimers()
    }
    await waitFor(() => expect(api.checkVideo).toHaveBeenCalledWith(7, 12, expect.anything()))
  })

  // issue 25: the next section loaded paused, and the player and the menu showed two figures for one section
  it('the next section plays on in the same video when the learner was playing to the end', async () => {
    const { container } = await open()
    vi.mocked(api.videoSign).mockImplementation(async (sectionId) => sign({ url: `/media/video/v${sectionId}.mp4` }))
    const el = video(container)
    await fire(el, 'play')
    await timeupdate(el, 96)
    await fire(el, 'pause')
    await fire(el, 'ended')
    vi.mocked(ctx.play).mockClear()
    fireEvent.click(container.querySelector('.vp-next-now') as HTMLElement)
    await waitFor(() => expect(video(container).getAttribute('src')).toBe('/media/video/v12.mp4'))
    // the same element (the one the learner started with a tap) gets the new source, and is told to play
    expect(video(container)).toBe(el)
    await waitFor(() => expect(ctx.play).toHaveBeenCalled())
    await fire(el, 'play')
    expect(container.querySelector('.vp-tap-play')).toBeNull()
    expect(container.querySelector('.nav-bar-title')?.textContent).toBe('Section 12')
  })

  it('when the browser will not start the next section by itself, a play button says so', async () => {
    const { container } = await open()
    vi.mocked(api.videoSign).mockImplementation(async (sectionId) => sign({ url: `/media/video/v${sectionId}.mp4` }))
    const el = video(container)
    await fire(el, 'play')
    await fire(el, 'ended')
    vi.useFakeTimers({ shouldAdvanceTime: true })
    try {
      fireEvent.click(container.querySelector('.vp-next-now') as HTMLElement)
      await waitFor(() => expect(video(container).getAttribute('src')).toBe('/media/video/v12.mp4'))
      // asked to play, no play event comes: refused
      await act(() => vi.advanceTimersByTimeAsync(5000))
    } finally {
      vi.useRealTimers()
    }
    await waitFor(() => expect(container.querySelector('.vp-tap-play')).not.toBeNull())
    expect(container.querySelector('.vp-tap-play')?.textContent).toContain('请点击播放')
    vi.mocked(ctx.play).mockClear()
    fireEvent.click(container.querySelector('.vp-tap-play-btn') as HTMLElement)
    expect(ctx.play).toHaveBeenCalled()
    await fire(el, 'play')
    expect(container.querySelector('.vp-tap-play')).toBeNull()
  })

  it('a section opened without playing (first open, a pick while paused) waits for the learner', async () => {
    const { container } = await open()
    await waitFor(() => expect(container.querySelector('.vp-section-12')).not.toBeNull())
    vi.mocked(ctx.play).mockClear()
    fireEvent.click(container.querySelector('.vp-section-12') as HTMLElement)
    await waitFor(() => expect(container.querySelector('.nav-bar-title')?.textContent).toBe('Section 12'))
    await waitFor(() => expect(usePlay.getState().playSectionId).toBe(12))
    expect(ctx.play).not.toHaveBeenCalled()
  })

  it('the player and the menu show one progress figure for the section, and follow each report', async () => {
    const { container } = await open()
    const row = () => container.querySelector('.vp-section-11 .vp-section-state')?.textContent
    const line = () => container.querySelector('.vp-progress')?.textContent ?? ''
    // the menu said 10% (read before this session), the session says 100 of 300 s: one figure, 33.3%
    await waitFor(() => expect(row()).toBe('已学 33.3%'))
    expect(line()).toContain('已学 33.3%')
    vi.mocked(api.report).mockImplementation(
      async (b): Promise<ReportResult> => ({
        accepted: true,
        abnormal: null,
        status: 1,
        position: b.endPosition,
        furthest: 150,
        creditedSeconds: 150,
        percent: 50,
        photos: [],
      }),
    )
    const el = video(container)
    await fire(el, 'play')
    await timeupdate(el, 96)
    await fire(el, 'pause')
    await waitFor(() => expect(row()).toBe('已学 50%'))
    expect(line()).toContain('已学 50%')
  })

  it('pauses and reports when the app goes to the background', async () => {
    const { container } = await open()
    const el = video(container)
    await fire(el, 'play')
    await timeupdate(el, 96)
    await timeupdate(el, 97)
    act(() => emit(EVENTS.pause))
    expect(ctx.pause).toHaveBeenCalled()
    await waitFor(() => expect(reports()).toEqual([[95, 97, 'hide']]))
  })

  it('study closed: the reason and a way back, no session opened', async () => {
    mockSection()
    vi.mocked(api.checkVideo).mockRejectedValue(new ApiError(622, '班级已结课，不能继续学习'))
    const { container, getByText } = render(<PlayerPage />)
    await waitFor(() => expect(getByText('班级已结课，不能继续学习')).toBeTruthy())
    expect(api.openPlay).not.toHaveBeenCalled()
    expect(container.querySelector('taro-video-core')).toBeNull()
    fireEvent.click(getByText('返回'))
    expect(Taro.navigateBack).toHaveBeenCalled()
  })

  it('the polyv provider is not faked: the page says the production player is not configured', async () => {
    mockSection()
    vi.mocked(api.videoSign).mockResolvedValue(sign({ provider: 'polyv', url: '', sign: 'x' }))
    const { container } = render(<PlayerPage />)
    await waitFor(() => expect(container.querySelector('.vp-polyv')).not.toBeNull())
    expect(container.querySelector('.vp-polyv')?.textContent).toContain('未配置正式的视频播放器')
    expect(container.querySelector('taro-video-core')).toBeNull()
    expect(api.openPlay).not.toHaveBeenCalled()
  })
})

// ---- 试听 (issue 12: audition sections did not play) ----
describe('a free trial', () => {
  it('plays an audition section, says it is a trial that records nothing, and offers the course', async () => {
    const pub = (sectionId: number, audition: boolean) => ({
      sectionId,
      sectionName: `Section ${sectionId}`,
      chapterId: 1,
      courseId: 70,
      durationSeconds: 300,
      audition,
      sort: sectionId,
    })
    vi.mocked(shopApi.courseMenu).mockResolvedValue([
      {
        chapterId: 1,
        chapterName: 'One',
        courseId: 70,
        sort: 1,
        sectionNum: 2,
        sectionList: [pub(11, true), pub(12, false)],
      },
    ])
    const { container } = await open({ trial: true, antiSkip: false, creditedSeconds: 0, position: 0 })
    // the course's contents: the trial sections play, the others say they are for buyers
    await waitFor(() => expect(container.querySelector('.vp-section-12')).not.toBeNull())
    expect(shopApi.courseMenu).toHaveBeenCalledWith({ goodsId: 7, courseId: 70 }, expect.anything())
    expect(api.courseMenu).not.toHaveBeenCalled()
    expect(container.querySelector('.vp-section-11 .vp-section-state')?.textContent).toBe('试听')
    expect(container.querySelector('.vp-section-12 .vp-section-state')?.textContent).toBe('购买后学习')
    fireEvent.click(container.querySelector('.vp-section-12')!)
    expect(Taro.showToast).toHaveBeenCalledWith(expect.objectContaining({ title: '购买后学习' }))
    const note = container.querySelector('.vp-trial')
    expect(note?.textContent).toContain('免费试听中')
    expect(container.querySelector('.vp-progress')).toBeNull()
    expect(container.querySelector('.vp-rule')).toBeNull()
    fireEvent.click(container.querySelector('.vp-trial-buy')!)
    expect(Taro.navigateTo).toHaveBeenCalledWith({ url: '/pages3/course/detail?id=7' })
  })

  it('a visitor is sent to log in once and comes back to a login prompt, not a blank page', async () => {
    useSession.getState().clear()
    mockSection()
    const { container, getByText } = render(<PlayerPage />)
    await waitFor(() => expect(Taro.navigateTo).toHaveBeenCalledWith({ url: '/pages4/login/login?isBack=1' }))
    expect(container.textContent).toContain('登录后即可播放')
    expect(api.checkVideo).not.toHaveBeenCalled()
    fireEvent.click(getByText('登录'))
    expect(vi.mocked(Taro.navigateTo).mock.calls.length).toBe(2)
    // logged in (back from the login page): the section plays
    act(() => useSession.getState().setLogin({ token: 't', userAccount: 'u1' }))
    await waitFor(() => expect(container.querySelector('taro-video-core')).not.toBeNull())
  })
})
