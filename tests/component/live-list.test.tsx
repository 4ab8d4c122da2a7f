import Taro from '@tarojs/taro'
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/services/http/error'
import { firePageEvent, memoryStorage, setRouter } from '../unit/taro-double'
import { detail, session } from './live-fixtures'

vi.mock('@/features/live/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/features/live/api')>()),
  liveList: vi.fn(),
  myLives: vi.fn(),
  goodsLives: vi.fn(),
  channelDetail: vi.fn(),
}))

const api = await import('@/features/live/api')
const { default: LiveList } = await import('@/features/live/lists/all-lives')
const { default: GoodsLives } = await import('@/features/live/lists/goods-lives')
const { default: MyLives } = await import('@/features/live/lists/my-lives')
const { default: LiveCourse } = await import('@/features/live/lists/channel')

function q(c: ParentNode, sel: string): HTMLElement {
  const el = c.querySelector(sel)
  if (!el) throw new Error(`no ${sel}`)
  return el as HTMLElement
}

beforeEach(() => {
  memoryStorage.set('user_account', JSON.stringify('13800000000'))
  setRouter('/pages5/liveList')
})
afterEach(() => cleanup())

describe('live list', () => {
  it('shows the live tab first, with the rows and their enter buttons', async () => {
    vi.mocked(api.liveList).mockResolvedValue({
      rows: [session(50, { free: true, teacherName: 'Li Ming', watchedSeconds: 340 })],
      total: 1,
    })
    const { container } = render(<LiveList />)
    await waitFor(() => expect(container.querySelector('.lv-row-50')).not.toBeNull())
    expect(api.liveList).toHaveBeenCalledWith({ state: 'live', free: '', pageNum: 1, pageSize: 10 }, expect.anything())
    expect(q(container, '.lv-tab.is-active').textContent).toBe('正在直播')
    expect(q(container, '.lv-row-50 .lv-state').textContent).toBe('直播中')
    expect(q(container, '.lv-row-50 .lv-tag.is-free').textContent).toBe('免费')
    expect(q(container, '.lv-row-50 .lv-row-watched').textContent).toBe('已学 5分40秒')
    expect(q(container, '.lv-row-50 .lv-row-action').textContent).toBe('进入直播间')
    fireEvent.click(q(container, '.lv-row-50'))
    expect(Taro.navigateTo).toHaveBeenCalledWith({ url: '/pages3/live/detail?channelId=5&sessionId=50' })
  })

  it('switches tabs and the free filter, and opens an ended class at its replay', async () => {
    vi.mocked(api.liveList).mockResolvedValue({ rows: [], total: 0 })
    const { container } = render(<LiveList />)
    await waitFor(() => expect(container.textContent).toContain('现在没有正在进行的直播'))
    vi.mocked(api.liveList).mockResolvedValue({
      rows: [session(40, { state: 'ended', hasPlayback: true }), session(41, { state: 'ended' })],
      total: 2,
    })
    fireEvent.click(q(container, '.lv-tab-ended'))
    await waitFor(() => expect(container.querySelector('.lv-row-40')).not.toBeNull())
    expect(api.liveList).toHaveBeenLastCalledWith(
      { state: 'ended', free: '', pageNum: 1, pageSize: 10 },
      expect.anything(),
    )
    expect(q(container, '.lv-row-40 .lv-row-action').textContent).toBe('看回放')
    expect(q(container, '.lv-row-41 .lv-row-action').textContent).toBe('暂无回放')
    fireEvent.click(q(container, '.lv-row-40'))
    expect(Taro.navigateTo).toHaveBeenLastCalledWith({ url: '/pages3/live/playback?channelId=5&sessionId=40' })
    fireEvent.click(q(container, '.lv-row-41'))
    expect(Taro.navigateTo).toHaveBeenLastCalledWith({ url: '/pages3/live/detail?channelId=5&sessionId=41' })

    fireEvent.click(q(container, '.lv-free-filter'))
    await waitFor(() =>
      expect(api.liveList).toHaveBeenLastCalledWith(
        { state: 'ended', free: '1', pageNum: 1, pageSize: 10 },
        expect.anything(),
      ),
    )
    expect(q(container, '.lv-free-filter').className).toContain('is-on')
  })

  it('pages on reaching the bottom and refreshes on pull-down', async () => {
    vi.mocked(api.liveList).mockResolvedValueOnce({
      rows: Array.from({ length: 10 }, (_, i) => session(i + 1)),
      total: 12,
    })
    const { container } = render(<LiveList />)
    await waitFor(() => expect(container.querySelectorAll('.lv-row')).toHaveLength(10))
    vi.mocked(api.liveList).mockResolvedValueOnce({ rows: [session(11), session(12)], total: 12 })
    await act(() => firePageEvent('reachBottom'))
    await waitFor(() => expect(container.querySelectorAll('.lv-row')).toHaveLength(12))
    expect(api.liveList).toHaveBeenLastCalledWith(
      { state: 'live', free: '', pageNum: 2, pageSize: 10 },
      expect.anything(),
    )
    vi.mocked(api.liveList).mockResolvedValueOnce({ rows: [session(1)], total: 1 })
    await act(() => firePageEvent('pullDownRefresh'))
    await waitFor(() => expect(container.querySelectorAll('.lv-row')).toHaveLength(1))
    expect(Taro.stopPullDownRefresh).toHaveBeenCalled()
  })

  it('shows a loading skeleton, then an error with retry', async () => {
    let fail: (e: unknown) => void = () => undefined
    vi.mocked(api.liveList).mockReturnValueOnce(new Promise((_, reject) => (fail = reject)))
    const { container } = render(<LiveList />)
    expect(container.querySelector('.page-loading')).not.toBeNull()
    await act(async () => fail(new ApiError(-1, 'network')))
    await waitFor(() => expect(container.querySelector('.empty-action')).not.toBeNull())
    vi.mocked(api.liveList).mockResolvedValueOnce({ rows: [session(7)], total: 1 })
    fireEvent.click(q(container, '.empty-action'))
    await waitFor(() => expect(container.querySelector('.lv-row-7')).not.toBeNull())
  })

  it('a class the learner may not enter offers the goods page', async () => {
    vi.mocked(api.liveList).mockResolvedValue({ rows: [session(60, { canEnter: false, goodsId: 3 })], total: 1 })
    const { container } = render(<LiveList />)
    await waitFor(() => expect(container.querySelector('.lv-row-60')).not.toBeNull())
    expect(q(container, '.lv-row-60 .lv-row-action').textContent).toBe('去购买')
    fireEvent.click(q(container, '.lv-row-60'))
    await waitFor(() => expect(Taro.navigateTo).toHaveBeenCalledWith({ url: '/pages3/course/detail?id=3' }))
    expect(Taro.showModal).toHaveBeenCalledWith(
      expect.objectContaining({ title: '暂无观看权限', confirmText: '去看看' }),
    )
  })

  it('a mock exam’s room offers the application', async () => {
    vi.mocked(api.liveList).mockResolvedValue({
      rows: [session(61, { canEnter: false, goodsId: null, examId: 8 })],
      total: 1,
    })
    const { container } = render(<LiveList />)
    await waitFor(() => expect(container.querySelector('.lv-row-61')).not.toBeNull())
    fireEvent.click(q(container, '.lv-row-61'))
    await waitFor(() => expect(Taro.navigateTo).toHaveBeenCalledWith({ url: '/pages5/mockExam/examApply?examId=8' }))
  })

  it('sends a visitor to log in', async () => {
    memoryStorage.delete('user_account')
    render(<LiveList />)
    expect(Taro.redirectTo).toHaveBeenCalledWith({ url: '/pages4/login/login?isBack=1' })
    expect(api.liveList).not.toHaveBeenCalled()
  })
})

describe('a goods’ schedule, my lives, a channel', () => {
  it('lists a live goods’ sessions in schedule order', async () => {
    setRouter('/pages5/liveDetail/index', { goodsId: '3' })
    vi.mocked(api.goodsLives).mockResolvedValue([
      session(50, { state: 'ended', hasPlayback: true }),
      session(51, { state: 'live' }),
      session(52, { state: 'waiting' }),
    ])
    const { container } = render(<GoodsLives />)
    await waitFor(() => expect(container.querySelectorAll('.lv-row')).toHaveLength(3))
    expect(api.goodsLives).toHaveBeenCalledWith(3, expect.anything())
    expect(q(container, '.lv-goods-name').textContent).toBe('Fire safety course')
    expect([...container.querySelectorAll('.lv-row-action')].map((b) => b.textContent)).toEqual([
      '看回放',
      '进入直播间',
      '查看详情',
    ])
  })

  it('a goods without sessions says so', async () => {
    setRouter('/pages5/liveDetail/index', { goodsId: '3' })
    vi.mocked(api.goodsLives).mockResolvedValue([])
    const { container } = render(<GoodsLives />)
    await waitFor(() => expect(container.textContent).toContain('这门课程还没有安排直播'))
  })

  it('my lives: by state, empty leads to the shop', async () => {
    vi.mocked(api.myLives).mockResolvedValue({ rows: [], total: 0 })
    const { container } = render(<MyLives />)
    await waitFor(() => expect(container.textContent).toContain('还没有可以观看的直播'))
    expect(api.myLives).toHaveBeenCalledWith({ state: '', pageNum: 1, pageSize: 10 }, expect.anything())
    fireEvent.click(q(container, '.empty-action'))
    expect(Taro.switchTab).toHaveBeenCalledWith({ url: '/pages/course/index' })
    vi.mocked(api.myLives).mockResolvedValue({ rows: [session(70, { state: 'waiting' })], total: 1 })
    fireEvent.click(q(container, '.lv-tab-waiting'))
    await waitFor(() => expect(container.querySelector('.lv-row-70')).not.toBeNull())
    expect(api.myLives).toHaveBeenLastCalledWith({ state: 'waiting', pageNum: 1, pageSize: 10 }, expect.anything())
  })

  it('a channel’s page: intro and sessions, entering the current one', async () => {
    setRouter('/pages5/liveDetail/course', { channelId: '5' })
    vi.mocked(api.channelDetail).mockResolvedValue(detail())
    const { container } = render(<LiveCourse />)
    await waitFor(() => expect(container.querySelector('.lv-course-head')).not.toBeNull())
    expect(api.channelDetail).toHaveBeenCalledWith({ channelId: 5 }, expect.anything())
    expect(container.querySelectorAll('.lv-course-sessions .lv-row')).toHaveLength(2)
    expect(q(container, '.lv-row-50').className).toContain('is-current')
    fireEvent.click(q(container, '.lv-course-enter'))
    expect(Taro.navigateTo).toHaveBeenCalledWith({ url: '/pages3/live/detail?channelId=5&sessionId=50' })
  })
})
