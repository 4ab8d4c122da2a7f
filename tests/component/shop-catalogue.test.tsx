import Taro from '@tarojs/taro'
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { GoodsDetail, GoodsRow } from '@/features/shop/api'
import { firePageEvent, setRouter } from '../unit/taro-double'

// The tab pages import these calls from '@/services/api/tabs' (the domain modules re-export them).
vi.mock('@/services/api/tabs', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/services/api/tabs')>()),
  checkBuy: vi.fn(async () => ({ goodsId: 0, bought: false, expireTime: null })),
  goodsDetail: vi.fn(),
  goodsList: vi.fn(async () => ({ rows: [], total: 0 })),
  subjects: vi.fn(async () => []),
  businesses: vi.fn(async () => []),
  educationTypes: vi.fn(async () => []),
}))
vi.mock('@/features/shop/api', async () => {
  const tabs = await import('@/services/api/tabs')
  return {
    educationTypes: tabs.educationTypes,
    businesses: tabs.businesses,
    subjects: tabs.subjects,
    goodsList: tabs.goodsList,
    goodsDetail: tabs.goodsDetail,
    courseMenu: vi.fn(async () => []),
    packageGoods: vi.fn(async () => []),
    distributionGoods: vi.fn(),
    shareGoods: vi.fn(),
    checkBuy: tabs.checkBuy,
    cartAdd: vi.fn(async () => ({ cartId: 1 })),
    myGoods: vi.fn(async () => ({ rows: [], total: 0 })),
  }
})

vi.mock('@/features/bank/api', () => ({
  banks: vi.fn(async () => []),
  bankChapters: vi.fn(async () => []),
}))

const api = await import('@/features/shop/api')
const bankApi = await import('@/features/bank/api')
const { useApp } = await import('@/store/app')
const { useSession } = await import('@/store/session')
const { storage } = await import('@/services/storage')
const { EVENTS, emit } = await import('@/services/events')
const { default: Course, allowedGoodsTypes } = await import('@/features/shop/centre/index')
const { default: Detail } = await import('@/features/shop/goods/detail')
const { default: JyDetail } = await import('@/features/shop/goods/jydetail')
const { default: MyCourses } = await import('@/features/learn/courses/my-courses')
const { default: Recommen, recommendCode } = await import('@/features/scan/scan/recommen')
const { default: RetailAct } = await import('@/features/scan/scan/retailact')

function row(goodsId: number, over: Partial<GoodsRow> = {}): GoodsRow {
  return {
    goodsId,
    goodsName: `Goods ${goodsId}`,
    goodsType: 1,
    cover: '',
    price: 9900,
    originalPrice: 19900,
    isFree: false,
    buyCount: 3,
    teacherNames: ['Wang'],
    courseNum: 2,
    tags: ['hot'],
    educationTypeId: 1,
    businessId: 11,
    subjectId: 21,
    validityDays: 365,
    ...over,
  }
}

function detail(over: Partial<GoodsDetail> = {}): GoodsDetail {
  return {
    ...row(5),
    description: '<p>intro</p>',
    onSale: true,
    handoutCount: 4,
    goodsAuditionConfigIdList: [302],
    courses: [{ courseId: 7, courseName: 'Course A', cover: '', teacherName: 'Wang', chapterNum: 1, sectionNum: 3 }],
    teachers: [{ teacherId: 1, teacherName: 'Wang', title: 'Prof', avatar: '', intro: 'intro' }],
    packageGoods: [],
    ...over,
  }
}

const page = (from: number, n: number, total: number) => ({
  rows: Array.from({ length: n }, (_, i) => row(from + i)),
  total,
})

function click(container: HTMLElement, sel: string) {
  const el = container.querySelector(sel)
  if (!el) throw new Error(`no ${sel}`)
  fireEvent.click(el)
}

const lastQuery = () => vi.mocked(api.goodsList).mock.calls.at(-1)?.[0]
const refreshBadges = vi.fn(async () => undefined)

beforeEach(() => {
  useSession.getState().clear()
  useApp.setState({
    hideBuyState: false,
    educationType: null,
    businessLevel: null,
    sujectType: null,
    shoppingNum: 0,
    refreshBadges,
  })
})
afterEach(() => cleanup())

describe('purchase centre', () => {
  it('filters call goodsList with the chosen ids and restart from page 1', async () => {
    vi.mocked(api.educationTypes).mockResolvedValue([
      { educationTypeId: 1, educationName: 'Edu 1', sort: 1 },
      { educationTypeId: 2, educationName: 'Edu 2', sort: 2 },
    ])
    vi.mocked(api.businesses).mockResolvedValue([
      { businessId: 11, businessName: 'Biz', educationTypeId: 1, educationName: 'Edu 1', sort: 1 },
    ])
    vi.mocked(api.subjects).mockResolvedValue([
      { subjectId: 21, subjectName: 'Sub', businessId: 11, status: 1, projectList: [1], sort: 1 },
      { subjectId: 22, subjectName: 'Off', businessId: 11, status: 0, projectList: [1, 2], sort: 2 },
    ])
    vi.mocked(api.goodsList).mockImplementation(async (q) => page((Number(q?.pageNum ?? 1) - 1) * 10 + 1, 10, 25))

    const { container } = render(<Course />)
    await waitFor(() => expect(container.querySelectorAll('.goods-item')).toHaveLength(10))
    expect(lastQuery()).toEqual({ pageNum: 1, pageSize: 10 })

    await act(() => firePageEvent('reachBottom'))
    await waitFor(() => expect(container.querySelectorAll('.goods-item')).toHaveLength(20))
    expect(lastQuery()).toMatchObject({ pageNum: 2 })

    await waitFor(() => expect(container.querySelector('.filter-edu-1')).not.toBeNull())
    click(container, '.filter-edu-1')
    await waitFor(() => expect(lastQuery()).toEqual({ educationTypeId: 1, pageNum: 1, pageSize: 10 }))
    await waitFor(() => expect(container.querySelectorAll('.goods-item')).toHaveLength(10))
    expect(useApp.getState().educationType).toBe(1)
    expect(api.businesses).toHaveBeenCalledWith(1, expect.anything())

    await waitFor(() => expect(container.querySelector('.filter-business-11')).not.toBeNull())
    click(container, '.filter-business-11')
    await waitFor(() => expect(lastQuery()).toEqual({ educationTypeId: 1, businessId: 11, pageNum: 1, pageSize: 10 }))

    await waitFor(() => expect(container.querySelector('.filter-subject-21')).not.toBeNull())
    expect(container.querySelector('.filter-subject-22')).toBeNull()
    click(container, '.filter-subject-21')
    await waitFor(() => expect(lastQuery()).toMatchObject({ subjectId: 21, pageNum: 1 }))
    expect(useApp.getState().sujectType).toBe(21)

    // the subject's projectList [1] leaves courses (and packages); banks and live go
    expect(container.querySelector('.filter-type-2')).toBeNull()
    expect(container.querySelector('.filter-type-3')).toBeNull()
    click(container, '.filter-type-1')
    await waitFor(() =>
      expect(lastQuery()).toEqual({
        educationTypeId: 1,
        businessId: 11,
        subjectId: 21,
        goodsType: 1,
        pageNum: 1,
        pageSize: 10,
      }),
    )
  })

  it('reach-bottom loads page 2 and stops at total', async () => {
    vi.mocked(api.goodsList).mockImplementation(async (q) => (q?.pageNum === 2 ? page(11, 2, 12) : page(1, 10, 12)))
    const { container } = render(<Course />)
    await waitFor(() => expect(container.querySelectorAll('.goods-item')).toHaveLength(10))
    expect(container.querySelector('.goods-list-end')).toBeNull()
    await act(() => firePageEvent('reachBottom'))
    await waitFor(() => expect(container.querySelectorAll('.goods-item')).toHaveLength(12))
    expect(container.querySelector('.goods-item-12')).not.toBeNull()
    expect(container.querySelector('.goods-list-end')).not.toBeNull()
    const calls = vi.mocked(api.goodsList).mock.calls.length
    await act(() => firePageEvent('reachBottom'))
    expect(api.goodsList).toHaveBeenCalledTimes(calls)
  })

  it('shows the empty state, and an error state whose retry loads again', async () => {
    vi.mocked(api.goodsList).mockRejectedValueOnce(new Error('down'))
    const { container, findByText } = render(<Course />)
    const retry = await findByText('重试')
    fireEvent.click(retry)
    expect(await findByText('暂无符合条件的商品')).toBeTruthy()
    expect(container.querySelector('.goods-item')).toBeNull()
  })

  it('scrolls to top on the back-top event', async () => {
    render(<Course />)
    act(() => emit(EVENTS.backTop))
    expect(Taro.pageScrollTo).toHaveBeenCalledWith({ scrollTop: 0, duration: 300 })
  })

  it('goods card: free price, struck original, opens detail or package detail', async () => {
    vi.mocked(api.goodsList).mockResolvedValue({
      rows: [row(1, { price: 0, isFree: true }), row(2, { goodsType: 4 })],
      total: 2,
    })
    const { container } = render(<Course />)
    await waitFor(() => expect(container.querySelectorAll('.goods-item')).toHaveLength(2))
    expect(container.querySelector('.goods-item-1 .goods-price')?.textContent).toBe('免费')
    expect(container.querySelector('.goods-item-2 .goods-price')?.textContent).toBe('¥99.00')
    expect(container.querySelector('.goods-item-2 .goods-original')?.textContent).toBe('¥199.00')
    click(container, '.goods-item-1')
    expect(Taro.navigateTo).toHaveBeenCalledWith({ url: '/pages3/course/detail?id=1' })
    click(container, '.goods-item-2')
    expect(Taro.navigateTo).toHaveBeenCalledWith({ url: '/pages3/course/jydetail?id=2' })
  })

  it('allowedGoodsTypes follows projectList', () => {
    expect(allowedGoodsTypes(undefined)).toEqual([0, 1, 2, 3, 4])
    expect(allowedGoodsTypes({ projectList: [2, 3] })).toEqual([0, 2, 3, 4])
  })
})

describe('goods detail', () => {
  it('hides prices and buying when hideBuyState is on', async () => {
    useApp.setState({ hideBuyState: true })
    setRouter('/pages3/course/detail', { id: '5' })
    vi.mocked(api.goodsDetail).mockResolvedValue(detail())
    const { container } = render(<Detail />)
    await waitFor(() => expect(container.querySelector('.detail-name')?.textContent).toBe('Goods 5'))
    for (const cls of ['.detail-price', '.detail-buy', '.detail-add-cart', '.detail-cart-icon']) {
      expect(container.querySelector(cls)).toBeNull()
    }
  })

  it('logged out: buy and add to cart open login with isBack=1', async () => {
    setRouter('/pages3/course/detail', { id: '5' })
    vi.mocked(api.goodsDetail).mockResolvedValue(detail())
    const { container } = render(<Detail />)
    await waitFor(() => expect(container.querySelector('.detail-buy')).not.toBeNull())
    expect(container.querySelector('.detail-price')?.textContent).toContain('¥99.00')
    click(container, '.detail-buy')
    expect(Taro.navigateTo).toHaveBeenCalledWith({ url: '/pages4/login/login?isBack=1' })
    click(container, '.detail-add-cart')
    expect(Taro.navigateTo).toHaveBeenCalledTimes(2)
    expect(api.cartAdd).not.toHaveBeenCalled()
    expect(api.checkBuy).not.toHaveBeenCalled()
  })

  it('logged in: add to cart calls cartAdd and refreshes the badges; buy now opens confirm_list', async () => {
    useSession.getState().setLogin({ token: 't', userAccount: 'u1' })
    setRouter('/pages3/course/detail', { id: '5' })
    vi.mocked(api.goodsDetail).mockResolvedValue(detail())
    const { container } = render(<Detail />)
    await waitFor(() => expect(container.querySelector('.detail-add-cart')).not.toBeNull())
    await waitFor(() => expect(api.checkBuy).toHaveBeenCalledWith(5, expect.anything()))
    click(container, '.detail-add-cart')
    await waitFor(() => expect(api.cartAdd).toHaveBeenCalledWith(5))
    await waitFor(() => expect(refreshBadges).toHaveBeenCalled())
    expect(Taro.showToast).toHaveBeenCalledWith(expect.objectContaining({ title: '已加入购物车' }))
    click(container, '.detail-buy')
    expect(Taro.navigateTo).toHaveBeenCalledWith({ url: '/pages2/order/confirm_list?goodsIds=5' })
    click(container, '.detail-cart-icon')
    expect(Taro.navigateTo).toHaveBeenCalledWith({ url: '/pages4/shopping/shoppingCart' })
  })

  it('already bought: study now goes to the learning tab', async () => {
    useSession.getState().setLogin({ token: 't', userAccount: 'u1' })
    setRouter('/pages3/course/detail', { id: '5' })
    vi.mocked(api.goodsDetail).mockResolvedValue(detail())
    vi.mocked(api.checkBuy).mockResolvedValue({ goodsId: 5, bought: true, expireTime: null })
    const { container } = render(<Detail />)
    await waitFor(() => expect(container.querySelector('.detail-study')).not.toBeNull())
    expect(container.querySelector('.detail-buy')).toBeNull()
    click(container, '.detail-study')
    expect(Taro.switchTab).toHaveBeenCalledWith({ url: '/pages/learn/index' })
  })

  it('a question bank already bought: study now makes its bank current and opens the question-bank tab', async () => {
    useSession.getState().setLogin({ token: 't', userAccount: 'u1' })
    setRouter('/pages3/course/detail', { id: '4' })
    vi.mocked(api.goodsDetail).mockResolvedValue(detail({ goodsId: 4, goodsType: 2, courses: [] }))
    vi.mocked(api.checkBuy).mockResolvedValue({ goodsId: 4, bought: true, expireTime: null })
    vi.mocked(bankApi.banks).mockResolvedValue([
      {
        bankId: 31,
        bankName: 'Bank 31',
        goodsId: 4,
        goodsName: 'Goods 4',
        isFree: false,
        chapterNum: 4,
        questionNum: 40,
        paperNum: 1,
        sort: 2,
      },
    ])
    const { container } = render(<Detail />)
    await waitFor(() => expect(container.querySelector('.detail-study')).not.toBeNull())
    expect(container.querySelector('.detail-study')?.textContent).toBe('开始做题')
    click(container, '.detail-study')
    await waitFor(() => expect(Taro.switchTab).toHaveBeenCalledWith({ url: '/pages/questionBank/index' }))
    expect(bankApi.banks).toHaveBeenCalledWith(4, expect.anything())
    expect(storage.get('bank_id')).toBe(31)
  })

  it("a question bank's contents are its chapters with their question counts; no empty handout line", async () => {
    setRouter('/pages3/course/detail', { id: '4' })
    vi.mocked(api.goodsDetail).mockResolvedValue(detail({ goodsId: 4, goodsType: 2, courses: [], handoutCount: 0 }))
    vi.mocked(bankApi.banks).mockResolvedValue([
      {
        bankId: 31,
        bankName: '低压电工作业（特种作业操作证）',
        goodsId: 4,
        goodsName: '低压电工作业考试题库',
        isFree: false,
        chapterNum: 2,
        questionNum: 23,
        paperNum: 1,
        sort: 2,
      },
    ])
    vi.mocked(bankApi.bankChapters).mockResolvedValue([
      { chapterId: 61, chapterName: '电工基础知识', bankId: 31, questionNum: 11, sort: 1 },
      { chapterId: 62, chapterName: '电气安全技术', bankId: 31, questionNum: 12, sort: 2 },
    ])
    const { container } = render(<Detail />)
    await waitFor(() => expect(container.querySelector('.detail-tab-menu')).not.toBeNull())
    expect(container.querySelector('.detail-handouts')).toBeNull()
    click(container, '.detail-tab-menu')
    await waitFor(() => expect(container.querySelectorAll('.bank-chapter')).toHaveLength(2))
    expect(api.courseMenu).not.toHaveBeenCalled()
    expect(container.querySelector('.bank-menu-31')?.textContent).toContain('2章 · 23题')
    expect(container.querySelector('.bank-chapter-61')?.textContent).toContain('11 题')
    click(container, '.bank-chapter-61')
    expect(Taro.navigateTo).toHaveBeenCalledWith({ url: '/pages2/bank/question_detail?chapterId=61' })
  })

  it('contents: audition sections are marked and say where they play; the invite code is kept', async () => {
    setRouter('/pages3/course/detail', { id: '5', inviteCode: 'INV9' })
    vi.mocked(api.goodsDetail).mockResolvedValue(detail())
    vi.mocked(api.courseMenu).mockResolvedValue([
      {
        chapterId: 100,
        chapterName: 'Ch 1',
        courseId: 7,
        sort: 1,
        sectionNum: 3,
        sectionList: [
          {
            sectionId: 301,
            sectionName: 'S1',
            chapterId: 100,
            courseId: 7,
            durationSeconds: 65,
            audition: true,
            sort: 1,
          },
          {
            sectionId: 302,
            sectionName: 'S2',
            chapterId: 100,
            courseId: 7,
            durationSeconds: 60,
            audition: false,
            sort: 2,
          },
          {
            sectionId: 303,
            sectionName: 'S3',
            chapterId: 100,
            courseId: 7,
            durationSeconds: 60,
            audition: false,
            sort: 3,
          },
        ],
      },
    ])
    const { container } = render(<Detail />)
    expect(storage.get('invite_code')).toBe('INV9')
    await waitFor(() => expect(container.querySelector('.detail-tab-menu')).not.toBeNull())
    click(container, '.detail-tab-menu')
    await waitFor(() => expect(api.courseMenu).toHaveBeenCalledWith({ goodsId: 5 }, expect.anything()))
    await waitFor(() => expect(container.querySelectorAll('.section-audition')).toHaveLength(2))
    expect(container.querySelector('.menu-section-303.section-audition')).toBeNull()
    expect(container.querySelector('.menu-section-301 .menu-section-time')?.textContent).toBe('01:05')
    // 试听 plays the section in the player (issue 12: it only said "试听将在学习区开放播放"); others are locked
    click(container, '.menu-section-301')
    expect(Taro.navigateTo).toHaveBeenCalledWith({ url: '/pages3/polyv/index?goodsId=5&sectionId=301' })
    click(container, '.menu-section-303')
    expect(Taro.showToast).toHaveBeenCalledWith(expect.objectContaining({ title: '购买后学习' }))
  })

  it('a live goods’ contents start with its classes, each with its date and time (issue 25)', async () => {
    setRouter('/pages3/course/detail', { id: '6' })
    const at = (iso: string) => Math.floor(new Date(iso).getTime() / 1000)
    const year = new Date().getFullYear()
    vi.mocked(api.goodsDetail).mockResolvedValue(
      detail({
        goodsId: 6,
        goodsType: 3,
        liveSessions: [
          {
            sessionId: 71,
            title: '第1次直播：开班',
            startTime: at(`${year}-03-02T19:30:00`),
            endTime: at(`${year}-03-02T21:00:00`),
            state: 'ended',
          },
          {
            sessionId: 72,
            title: '第2次直播：案例',
            startTime: at(`${year}-03-09T19:30:00`),
            endTime: at(`${year}-03-09T21:00:00`),
            state: 'waiting',
          },
        ],
      }),
    )
    const { container } = render(<Detail />)
    await waitFor(() => expect(container.querySelector('.detail-tab-menu')).not.toBeNull())
    click(container, '.detail-tab-menu')
    await waitFor(() => expect(container.querySelectorAll('.live-schedule-row')).toHaveLength(2))
    expect(container.querySelector('.live-schedule-title')?.textContent).toBe('直播安排（共 2 场）')
    expect(container.querySelector('.live-schedule-71 .live-schedule-name')?.textContent).toBe('第1次直播：开班')
    expect(container.querySelector('.live-schedule-71 .live-schedule-when')?.textContent).toBe('03-02 19:30-21:00')
    expect(container.querySelector('.live-schedule-71 .live-schedule-state')?.textContent).toBe('已结束')
    expect(container.querySelector('.live-schedule-72 .live-schedule-when')?.textContent).toBe('03-09 19:30-21:00')
    expect(container.querySelector('.live-schedule-72 .live-schedule-state')?.textContent).toBe('未开始')
  })

  it('package detail: its goods and the saving against buying them separately', async () => {
    setRouter('/pages3/course/jydetail', { id: '9' })
    // the server's struck price of a package is the sum of its goods' prices
    vi.mocked(api.goodsDetail).mockResolvedValue(
      detail({ goodsId: 9, goodsType: 4, goodsName: 'Pack', price: 10000, originalPrice: 14000 }),
    )
    vi.mocked(api.packageGoods).mockResolvedValue([row(1, { price: 6000 }), row(2, { price: 8000 })])
    const { container } = render(<JyDetail />)
    await waitFor(() => expect(container.querySelectorAll('.goods-item')).toHaveLength(2))
    expect(api.packageGoods).toHaveBeenCalledWith(9, expect.anything())
    expect(container.querySelector('.package-sum')?.textContent).toContain('¥140.00')
    expect(container.querySelector('.package-saving')?.textContent).toContain('¥40.00')
    expect(container.querySelector('.detail-buy')).not.toBeNull()
  })

  it('package detail: one saving — the struck price and 立省 are the same numbers (struck − price)', async () => {
    setRouter('/pages3/course/jydetail', { id: '9' })
    vi.mocked(api.goodsDetail).mockResolvedValue(
      detail({ goodsId: 9, goodsType: 4, goodsName: 'Pack', price: 129900, originalPrice: 159600 }),
    )
    // the goods cards inside carry their own (struck) prices: they do not make a second saving
    vi.mocked(api.packageGoods).mockResolvedValue([
      row(1, { price: 49900, originalPrice: 69900 }),
      row(2, { price: 59900, originalPrice: 79900 }),
      row(3, { price: 19900, originalPrice: 29900 }),
      row(4, { price: 29900, originalPrice: 39900 }),
    ])
    const { container } = render(<JyDetail />)
    await waitFor(() => expect(container.querySelectorAll('.goods-item')).toHaveLength(4))
    const head = container.querySelector('.package-head')!
    expect(head.querySelector('.package-price')?.textContent).toBe('¥1,299.00')
    expect(head.querySelector('.goods-original')?.textContent).toBe('¥1,596.00')
    expect(head.querySelector('.package-saving')?.textContent).toBe('立省 ¥297.00')
    expect(head.querySelector('.package-sum')?.textContent).toContain('¥1,596.00')
    expect(head.textContent).not.toMatch(/¥597|5970/)
  })
})

describe('my courses and landing pages', () => {
  it('all courses: logged out offers login with isBack; logged in lists goods with expiry', async () => {
    const view = render(<MyCourses />)
    fireEvent.click(await view.findByText('登录'))
    expect(Taro.navigateTo).toHaveBeenCalledWith({ url: '/pages4/login/login?isBack=1' })
    expect(api.myGoods).not.toHaveBeenCalled()
    view.unmount()

    useSession.getState().setLogin({ token: 't', userAccount: 'u1' })
    vi.mocked(api.myGoods).mockResolvedValue({
      rows: [
        {
          goodsId: 3,
          goodsName: 'Mine',
          goodsType: 1,
          cover: '',
          courseNum: 1,
          orderId: 1,
          grantTime: 0,
          expireTime: null,
          expired: false,
        },
      ],
      total: 1,
    })
    const { container } = render(<MyCourses />)
    await waitFor(() => expect(container.querySelector('.my-course-3')).not.toBeNull())
    expect(container.querySelector('.my-course-expire')?.textContent).toBe('永久有效')
    click(container, '.my-course-3')
    expect(Taro.switchTab).toHaveBeenCalledWith({ url: '/pages/learn/index' })
  })

  it('recommen: the distribution code becomes the invite code and its goods are listed', async () => {
    setRouter('/pages5/scan/recommen', { scene: encodeURIComponent('code=DIST1') })
    vi.mocked(api.distributionGoods).mockResolvedValue({
      activityId: 4,
      activityName: 'Spring',
      kind: 'distribution',
      code: 'DIST1',
      endTime: null,
      goods: [{ ...row(1), activityPrice: 5000 }],
    })
    const { container } = render(<Recommen />)
    expect(storage.get('invite_code')).toBe('DIST1')
    await waitFor(() => expect(container.querySelector('.goods-item-1')).not.toBeNull())
    expect(api.distributionGoods).toHaveBeenCalledWith('DIST1', expect.anything())
    expect(container.querySelector('.goods-item-1 .goods-price')?.textContent).toBe('¥50.00')
    expect(recommendCode({ code: 'ABC' })).toBe('ABC')
    expect(recommendCode({ scene: 'XYZ' })).toBe('XYZ')
    expect(recommendCode({})).toBe('')
  })

  it('retailact: buying passes the activity id to confirm_list (login first)', async () => {
    setRouter('/pages5/scan/retailact', { id: '4', inviteCode: 'INV1' })
    vi.mocked(api.shareGoods).mockResolvedValue({
      activityId: 4,
      activityName: 'Share',
      kind: 'share',
      code: 'S1',
      endTime: null,
      goods: [{ ...row(1), activityPrice: 5000 }],
    })
    const { container } = render(<RetailAct />)
    expect(storage.get('invite_code')).toBe('INV1')
    await waitFor(() => expect(container.querySelector('.landing-buy-1')).not.toBeNull())
    click(container, '.landing-buy-1')
    expect(Taro.navigateTo).toHaveBeenLastCalledWith({ url: '/pages4/login/login?isBack=1' })
    useSession.getState().setLogin({ token: 't', userAccount: 'u1' })
    click(container, '.landing-buy-1')
    expect(Taro.navigateTo).toHaveBeenLastCalledWith({ url: '/pages2/order/confirm_list?goodsIds=1&activityId=4' })
  })
})
