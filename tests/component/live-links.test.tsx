/** The ways into the live pages from the rest of the app: learning tab, a live goods' study action, mock rows. */
import Taro from '@tarojs/taro'
import { cleanup, fireEvent, render, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { MockRow } from '@/features/exam/api'
import type { MyCourseGoods } from '@/features/learn/api'
import { GOODS_TYPE } from '../../contract/schemas/codes'

// The tab pages import these calls from '@/services/api/tabs' (the domain modules re-export them).
vi.mock('@/services/api/tabs', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/services/api/tabs')>()),
  todayStudy: vi.fn(async () => null),
  lastStudy: vi.fn(async () => null),
  myCourseGoods: vi.fn(),
  recentExamAppointment: vi.fn(async () => null),
}))
vi.mock('@/features/learn/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/features/learn/api')>()),
}))
vi.mock('@/features/exam/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/features/exam/api')>()),
}))

const learn = await import('@/features/learn/api')
const { useSession } = await import('@/store/session')
const { default: Learn } = await import('@/features/learn/tab/index')
const { openStudy } = await import('@/features/shop/components/goods-card/actions')
const { MockCard, mockRoomUrl } = await import('@/features/exam/mock-record/parts')

afterEach(() => cleanup())

function goods(goodsId: number, goodsType: number): MyCourseGoods {
  return {
    goodsId,
    goodsName: `Goods ${goodsId}`,
    cover: '',
    goodsType,
    courseNum: 1,
    sectionNum: 3,
    finishedSectionNum: 0,
    totalSeconds: 3000,
    creditedSeconds: 0,
    percent: 0,
    lastStudyTime: null,
    expireTime: null,
    firstChoice: false,
  }
}

describe('ways into the live pages', () => {
  it('the learning tab leads to my live classes and to a live goods’ schedule', async () => {
    useSession.getState().setLogin({ token: 't', userAccount: 'u1' })
    vi.mocked(learn.myCourseGoods).mockResolvedValue({ rows: [goods(7, GOODS_TYPE.live), goods(8, 1)], total: 2 })
    vi.mocked(learn.lastStudy).mockResolvedValue(null)
    vi.mocked(learn.todayStudy).mockResolvedValue(null as never)
    const { container } = render(<Learn />)
    await waitFor(() => expect(container.querySelector('.ln-goods-7')).not.toBeNull())
    fireEvent.click(container.querySelector('.ln-to-lives')!)
    expect(Taro.navigateTo).toHaveBeenLastCalledWith({ url: '/pages5/liveDetail/list' })
    // only the live goods has a schedule link; it does not open the goods' courses as well
    expect(container.querySelector('.ln-goods-8 .ln-goods-lives')).toBeNull()
    fireEvent.click(container.querySelector('.ln-goods-7 .ln-goods-lives')!)
    expect(Taro.navigateTo).toHaveBeenLastCalledWith({ url: '/pages5/liveDetail/index?goodsId=7' })
    expect(Taro.navigateTo).toHaveBeenCalledTimes(2)
    useSession.getState().clear()
  })

  it('“study now” of a live goods opens its schedule', async () => {
    await openStudy(3, GOODS_TYPE.live)
    expect(Taro.navigateTo).toHaveBeenCalledWith({ url: '/pages5/liveDetail/index?goodsId=3' })
    await openStudy(4, GOODS_TYPE.course)
    expect(Taro.switchTab).toHaveBeenCalledWith({ url: '/pages/learn/index' })
  })

  it('a mock with a live room offers it in the schedule view', () => {
    const onAction = vi.fn()
    const m = { examId: 9, channelId: 5, liveSessionId: 50 } as Partial<MockRow>
    const row = {
      kind: 'mock',
      name: 'Mock 9',
      questionNum: 10,
      totalScore: 100,
      durationSeconds: 600,
      openTime: null,
      closeTime: null,
      applyOpenTime: null,
      applyCloseTime: null,
      live: 'living',
      applied: true,
      maxAttempts: 1,
      attemptsUsed: 0,
      openRecordId: null,
      canApply: false,
      status: 'open',
      businessName: '',
      subjectName: '',
      ...m,
    } as unknown as MockRow
    const { container } = render(<MockCard m={row} schedule onAction={onAction} />)
    const btn = container.querySelector('.mk-room')!
    expect(btn.textContent).toBe('直播讲解')
    fireEvent.click(btn)
    expect(onAction).toHaveBeenCalledWith('room', row)
    expect(mockRoomUrl(row)).toBe('/pages3/live/detail?channelId=5&sessionId=50')
    expect(mockRoomUrl({ channelId: 5, liveSessionId: null })).toBe('/pages3/live/detail?channelId=5')
    cleanup()
    const { container: c2 } = render(<MockCard m={{ ...row, channelId: null }} schedule onAction={onAction} />)
    expect(c2.querySelector('.mk-room')).toBeNull()
  })
})
