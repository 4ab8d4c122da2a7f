import Taro from '@tarojs/taro'
import { cleanup, fireEvent, render, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AbnormalRow, GoodsHours, Handout, HandoutFile } from '@/features/learn/api'
import { firePageEvent, setRouter } from '../unit/taro-double'

// The tab pages import these calls from '@/services/api/tabs' (the domain modules re-export them).
vi.mock('@/services/api/tabs', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/services/api/tabs')>()),
  markHandoutTip: vi.fn(),
  handoutTips: vi.fn(),
  freeHandoutFile: vi.fn(),
  handoutFile: vi.fn(),
  goodsHandouts: vi.fn(),
  checkBuy: vi.fn(),
  goodsDetail: vi.fn(),
}))
vi.mock('@/features/learn/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/features/learn/api')>()),
  hoursByGoods: vi.fn(),
  abnormalRecords: vi.fn(),
  allHandouts: vi.fn(),
}))

vi.mock('@/features/shop/api', async () => {
  const tabs = await import('@/services/api/tabs')
  return {
    goodsDetail: tabs.goodsDetail,
    checkBuy: tabs.checkBuy,
  }
})

vi.mock('@/features/learn/handout', () => ({
  HANDOUT_OPENS_IN: 'stuff.where.h5',
  // the real one signs (load) then opens: the tests see what was signed
  openHandout: vi.fn(async (load: () => Promise<unknown>) => {
    await load()
  }),
}))

const learn = await import('@/features/learn/api')
const shop = await import('@/features/shop/api')
const handout = await import('@/features/learn/handout')
const { useSession } = await import('@/store/session')
const { ApiError } = await import('@/services/http/request')
const { default: MyLearn, hm } = await import('@/features/learn/courses/my_learn')
const { default: Stuff } = await import('@/features/learn/courses/my-materials')
const { default: Information } = await import('@/features/learn/materials/index')
const { formatSize } = await import('@/features/learn/materials/handouts')

function hours(goodsId: number, over: Partial<GoodsHours> = {}): GoodsHours {
  return {
    goodsId,
    goodsName: `Course ${goodsId}`,
    totalSeconds: 7200,
    creditedSeconds: 3725,
    todaySeconds: 930,
    sectionNum: 10,
    finishedSectionNum: 4,
    abnormalNum: 0,
    ...over,
  }
}

function abnormal(id: number, kind: string): AbnormalRow {
  return {
    id,
    goodsId: 5,
    sectionId: 9,
    sectionName: `Section ${id}`,
    kind,
    startPosition: 60,
    endPosition: 125,
    createTime: 1_700_000_000,
  }
}

function doc(handoutId: number, over: Partial<Handout> = {}): Handout {
  return {
    handoutId,
    goodsId: 5,
    courseId: null,
    name: `Handout ${handoutId}`,
    fileType: 'pdf',
    size: 2_516_582,
    free: false,
    sort: handoutId,
    ...over,
  }
}

const file = (h: Handout): HandoutFile => ({ ...h, url: `/media/handout/${h.handoutId}.pdf?e=1&s=x`, expireTime: 1 })

const sel = (c: ParentNode, s: string) => {
  const el = c.querySelector(s)
  if (!el) throw new Error(`no ${s}`)
  return el
}

beforeEach(() => {
  useSession.getState().setLogin({ token: 't', userAccount: 'u1' })
  vi.mocked(handout.openHandout).mockImplementation(async (load) => {
    await load()
  })
  vi.mocked(learn.markHandoutTip).mockResolvedValue(null)
  vi.mocked(learn.handoutFile).mockImplementation(async (id) => file(doc(id)))
  vi.mocked(learn.freeHandoutFile).mockImplementation(async (id) => file(doc(id, { free: true })))
})
afterEach(() => cleanup())

describe('study hours', () => {
  it('shows credited vs total hours, today, sections and explains the abnormal records (paged)', async () => {
    vi.mocked(learn.hoursByGoods).mockResolvedValue([hours(5, { abnormalNum: 3 }), hours(6)])
    vi.mocked(learn.abnormalRecords)
      .mockResolvedValueOnce({ rows: [abnormal(1, 'too-fast'), abnormal(2, 'parallel')], total: 3 })
      .mockResolvedValueOnce({ rows: [abnormal(3, 'skip')], total: 3 })
    const { container, findByText } = render(<MyLearn />)
    await waitFor(() => expect(container.querySelector('.hours-goods-5')).not.toBeNull())
    const card = sel(container, '.hours-goods-5')
    expect(card.querySelector('.hours-credited')?.textContent).toBe('1小时2分')
    expect(card.querySelector('.hours-total')?.textContent).toContain('2小时')
    expect(card.querySelector('.hours-today')?.textContent).toBe('今日 15分30秒')
    expect(card.querySelector('.hours-sections')?.textContent).toBe('已完成 4/10 节')
    expect(sel(container, '.hours-goods-6 .hours-abnormal').textContent).toBe('无异常记录')

    fireEvent.click(sel(card, '.hours-abnormal'))
    expect(await findByText(/播放速度超过真实时间/)).toBeTruthy()
    expect(learn.abnormalRecords).toHaveBeenCalledWith({ goodsId: 5, pageNum: 1, pageSize: 10 }, expect.anything())
    expect(container.textContent).toContain('同一时间另一台设备或另一个页面也在播放')
    expect(container.textContent).toContain('视频 1:00 - 2:05')
    fireEvent.click(sel(container, '.hours-more'))
    expect(await findByText(/跳到了还没看过的位置/)).toBeTruthy()
    expect(learn.abnormalRecords).toHaveBeenLastCalledWith({ goodsId: 5, pageNum: 2, pageSize: 10 }, expect.anything())
    expect(container.querySelector('.hours-more')).toBeNull()
  })

  it('empty: says so and leads to the learning tab; pull-down refreshes', async () => {
    vi.mocked(learn.hoursByGoods).mockResolvedValue([])
    const { findByText } = render(<MyLearn />)
    fireEvent.click(await findByText('去学习'))
    expect(Taro.switchTab).toHaveBeenCalledWith({ url: '/pages/learn/index' })
    vi.mocked(learn.hoursByGoods).mockResolvedValue([hours(7)])
    await firePageEvent('pullDownRefresh')
    expect(await findByText('Course 7')).toBeTruthy()
    expect(Taro.stopPullDownRefresh).toHaveBeenCalled()
  })

  it('says hours in words, never rounding a short time away (issue 12: 40 s watched read 0:00)', () => {
    expect(hm(0)).toBe('0秒')
    expect(hm(40)).toBe('40秒')
    expect(hm(59)).toBe('59秒')
    expect(hm(300)).toBe('5分钟')
    expect(hm(3599)).toBe('59分59秒')
    expect(hm(7200)).toBe('2小时')
    expect(hm(36_000 + 300)).toBe('10小时5分')
  })
})

describe('materials (stuff)', () => {
  it('one goods: the tip once, then a tap signs the handout and opens it through the handout service', async () => {
    setRouter('/pages2/wd/stuff', { goodsId: '5' })
    vi.mocked(learn.goodsHandouts).mockResolvedValue([doc(11), doc(12, { fileType: 'doc', size: 327_680 })])
    vi.mocked(learn.handoutTips).mockResolvedValue([])
    const { container } = render(<Stuff />)
    await waitFor(() => expect(container.querySelector('.stuff-handout-11')).not.toBeNull())
    expect(sel(container, '.stuff-handout-11 .stuff-size').textContent).toBe('2.4 MB')
    expect(sel(container, '.stuff-handout-12 .stuff-size').textContent).toBe('320 KB')
    await waitFor(() => expect(Taro.showModal).toHaveBeenCalledTimes(1))
    expect(vi.mocked(Taro.showModal).mock.calls[0]?.[0]).toMatchObject({
      content: expect.stringContaining('浏览器的新窗口'),
    })
    await waitFor(() => expect(learn.markHandoutTip).toHaveBeenCalledWith(5, expect.anything()))
    fireEvent.click(sel(container, '.stuff-handout-12'))
    await waitFor(() => expect(handout.openHandout).toHaveBeenCalledTimes(1))
    expect(learn.handoutFile).toHaveBeenCalledWith(12, { noLoading: true })
    expect(Taro.showModal).toHaveBeenCalledTimes(1)
  })

  it('one goods whose tip was seen: no tip', async () => {
    setRouter('/pages2/wd/stuff', { goodsId: '5' })
    vi.mocked(learn.goodsHandouts).mockResolvedValue([doc(11)])
    vi.mocked(learn.handoutTips).mockResolvedValue([{ goodsId: 5, tipTime: 1 }])
    const { container } = render(<Stuff />)
    await waitFor(() => expect(container.querySelector('.stuff-handout-11')).not.toBeNull())
    await waitFor(() => expect(learn.handoutTips).toHaveBeenCalled())
    fireEvent.click(sel(container, '.stuff-handout-11'))
    await waitFor(() => expect(learn.handoutFile).toHaveBeenCalledWith(11, { noLoading: true }))
    expect(Taro.showModal).not.toHaveBeenCalled()
    expect(learn.markHandoutTip).not.toHaveBeenCalled()
  })

  it('all goods: grouped; the tip shows before the first file of a goods, once', async () => {
    setRouter('/pages2/wd/stuff')
    vi.mocked(learn.allHandouts).mockResolvedValue({
      rows: [
        { goodsId: 5, goodsName: 'Safety', handouts: [doc(11)] },
        { goodsId: 6, goodsName: 'Fire', handouts: [doc(21, { goodsId: 6 }), doc(22, { goodsId: 6 })] },
      ],
      total: 2,
    })
    vi.mocked(learn.handoutTips).mockResolvedValue([{ goodsId: 5, tipTime: 1 }])
    const { container } = render(<Stuff />)
    await waitFor(() => expect(container.querySelector('.stuff-goods-6')).not.toBeNull())
    expect(sel(container, '.stuff-goods-6').textContent).toContain('Fire')
    fireEvent.click(sel(container, '.stuff-handout-11'))
    await waitFor(() => expect(handout.openHandout).toHaveBeenCalledTimes(1))
    expect(Taro.showModal).not.toHaveBeenCalled()
    fireEvent.click(sel(container, '.stuff-handout-21'))
    await waitFor(() => expect(handout.openHandout).toHaveBeenCalledTimes(2))
    expect(Taro.showModal).toHaveBeenCalledTimes(1)
    expect(learn.markHandoutTip).toHaveBeenCalledWith(6, expect.anything())
    fireEvent.click(sel(container, '.stuff-handout-22'))
    await waitFor(() => expect(handout.openHandout).toHaveBeenCalledTimes(3))
    expect(Taro.showModal).toHaveBeenCalledTimes(1)
    expect(learn.handoutFile).toHaveBeenLastCalledWith(22, { noLoading: true })
  })

  it('a file that cannot be opened says so', async () => {
    setRouter('/pages2/wd/stuff', { goodsId: '5' })
    vi.mocked(learn.goodsHandouts).mockResolvedValue([doc(11)])
    vi.mocked(learn.handoutTips).mockResolvedValue([{ goodsId: 5, tipTime: 1 }])
    vi.mocked(handout.openHandout).mockRejectedValue(new Error('downloadFile:fail'))
    const { container } = render(<Stuff />)
    await waitFor(() => expect(container.querySelector('.stuff-handout-11')).not.toBeNull())
    fireEvent.click(sel(container, '.stuff-handout-11'))
    await waitFor(() =>
      expect(Taro.showToast).toHaveBeenCalledWith({ title: '文件打开失败，请稍后重试', icon: 'none' }),
    )
  })

  it('sizes in KB and MB', () => {
    expect(formatSize(0)).toBe('0 KB')
    expect(formatSize(300)).toBe('1 KB')
    expect(formatSize(1024 * 1024)).toBe('1.0 MB')
  })
})

describe('course materials (information, opened by reLaunch)', () => {
  const detail = { goodsName: 'Safety', handoutCount: 2 } as Awaited<ReturnType<typeof shop.goodsDetail>>

  it('logged out: the goods and a login prompt; no learner calls; a home button', async () => {
    useSession.getState().clear()
    setRouter('/pages/information/index', { goodsId: '5' })
    vi.mocked(shop.goodsDetail).mockResolvedValue(detail)
    const { container, findByText } = render(<Information />)
    expect(await findByText('登录后可查看并打开本课程的资料')).toBeTruthy()
    expect(container.textContent).toContain('Safety')
    expect(learn.goodsHandouts).not.toHaveBeenCalled()
    expect(shop.checkBuy).not.toHaveBeenCalled()
    fireEvent.click(sel(container, '.information-login-btn'))
    expect(Taro.navigateTo).toHaveBeenCalledWith({ url: '/pages4/login/login?isBack=1' })
    fireEvent.click(sel(container, '.information-home'))
    expect(Taro.switchTab).toHaveBeenCalledWith({ url: '/pages/index/index' })
  })

  it('not bought: free files open through the public detail, the others are locked', async () => {
    setRouter('/pages/information/index', { goodsId: '5' })
    vi.mocked(shop.goodsDetail).mockResolvedValue(detail)
    vi.mocked(shop.checkBuy).mockResolvedValue({ goodsId: 5, bought: false, expireTime: null })
    vi.mocked(learn.goodsHandouts).mockResolvedValue([doc(11, { free: true }), doc(12)])
    vi.mocked(learn.handoutTips).mockResolvedValue([{ goodsId: 5, tipTime: 1 }])
    const { container } = render(<Information />)
    await waitFor(() => expect(container.querySelector('.stuff-handout-12')).not.toBeNull())
    expect(sel(container, '.stuff-handout-12').className).toContain('is-locked')
    fireEvent.click(sel(container, '.stuff-handout-12'))
    fireEvent.click(sel(container, '.stuff-handout-11'))
    await waitFor(() => expect(learn.freeHandoutFile).toHaveBeenCalledWith(11, { noLoading: true }))
    expect(handout.openHandout).toHaveBeenCalledTimes(1)
    expect(learn.handoutFile).not.toHaveBeenCalled()
  })

  it('bought: every file opens with the learner signature', async () => {
    setRouter('/pages/information/index', { goodsId: '5' })
    vi.mocked(shop.goodsDetail).mockResolvedValue(detail)
    vi.mocked(shop.checkBuy).mockResolvedValue({ goodsId: 5, bought: true, expireTime: null })
    vi.mocked(learn.goodsHandouts).mockResolvedValue([doc(11, { free: true }), doc(12)])
    vi.mocked(learn.handoutTips).mockResolvedValue([])
    const { container } = render(<Information />)
    await waitFor(() => expect(container.querySelector('.stuff-handout-12')).not.toBeNull())
    await waitFor(() => expect(Taro.showModal).toHaveBeenCalledTimes(1))
    fireEvent.click(sel(container, '.stuff-handout-12'))
    await waitFor(() => expect(learn.handoutFile).toHaveBeenCalledWith(12, { noLoading: true }))
  })

  it('a list the server refuses (not entitled) offers the course instead of failing', async () => {
    setRouter('/pages/information/index', { goodsId: '5' })
    vi.mocked(shop.goodsDetail).mockResolvedValue(detail)
    vi.mocked(shop.checkBuy).mockResolvedValue({ goodsId: 5, bought: false, expireTime: null })
    vi.mocked(learn.goodsHandouts).mockRejectedValue(new ApiError(learn.LEARN_CODE.notEntitled, 'no'))
    const { container, findByText } = render(<Information />)
    expect(await findByText('购买课程后可查看本课程的资料')).toBeTruthy()
    fireEvent.click(sel(container, '.information-to-goods'))
    expect(Taro.navigateTo).toHaveBeenCalledWith({ url: '/pages3/course/detail?id=5' })
  })
})
