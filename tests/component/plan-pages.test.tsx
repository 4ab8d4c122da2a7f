import Taro from '@tarojs/taro'
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Plan, PlanDay, PlanDayItem, PlanDetail, PlanGoods } from '@/features/plan/api'
import { addDays, chinaToday } from '../../contract/schemas/plan-codes'
import { firePageEvent, setRouter } from '../unit/taro-double'

vi.mock('@/features/plan/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/features/plan/api')>()),
  myPlans: vi.fn(),
  planSeven: vi.fn(),
  planGoods: vi.fn(),
  planInfo: vi.fn(),
  createPlan: vi.fn(),
  editPlan: vi.fn(),
  deletePlan: vi.fn(),
}))

const api = await import('@/features/plan/api')
const { useSession } = await import('@/store/session')
const { default: PlanIndex } = await import('@/features/plan/plan/index')
const { default: PlanCreate } = await import('@/features/plan/plan/create')
const { default: PlanEdit } = await import('@/features/plan/plan/edit')

const TODAY = chinaToday()

function dayItem(over: Partial<PlanDayItem> = {}): PlanDayItem {
  return {
    itemId: 1,
    kind: 'course',
    courseId: 70,
    bankId: null,
    name: '电工基础',
    unit: 'minutes',
    target: 30,
    planId: 5,
    planName: '电工冲刺',
    goodsId: 7,
    amount: 12,
    done: false,
    ...over,
  }
}

function days(items: PlanDayItem[]): PlanDay[] {
  return Array.from({ length: 7 }, (_, i) => {
    const list = i === 0 ? items : items.map((x) => ({ ...x, amount: 0, done: false }))
    return {
      date: addDays(TODAY, i),
      weekday: ((new Date(`${addDays(TODAY, i)}T00:00:00Z`).getUTCDay() + 6) % 7) + 1,
      isToday: i === 0,
      items: i === 3 ? [] : list,
      doneNum: i === 3 ? 0 : list.filter((x) => x.done).length,
      totalNum: i === 3 ? 0 : list.length,
    }
  })
}

function plan(id: number, over: Partial<Plan> = {}): Plan {
  return {
    id,
    name: `计划 ${id}`,
    goodsId: 7,
    goodsName: '低压电工取证班',
    goodsCover: '',
    startDate: TODAY,
    endDate: addDays(TODAY, 29),
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    remind: true,
    status: 'active',
    entitled: true,
    items: [{ itemId: 1, kind: 'course', courseId: 70, bankId: null, name: '电工基础', unit: 'minutes', target: 30 }],
    todayPlanned: true,
    todayDone: 0,
    todayTotal: 1,
    plannedDays: 30,
    doneDays: 2,
    createTime: 1_700_000_000,
    updateTime: 1_700_000_000,
    ...over,
  }
}

const GOODS: PlanGoods[] = [
  {
    goodsId: 7,
    goodsName: '低压电工取证班',
    goodsCover: '',
    goodsType: 1,
    expireTime: null,
    courses: [{ courseId: 70, courseName: '电工基础', sectionNum: 12, totalSeconds: 3600 }],
    banks: [],
  },
  {
    goodsId: 8,
    goodsName: '低压电工题库',
    goodsCover: '',
    goodsType: 2,
    expireTime: null,
    courses: [],
    banks: [{ bankId: 80, bankName: '低压电工作业题库', questionNum: 300 }],
  },
]

const sel = (c: HTMLElement, s: string) => {
  const el = c.querySelector(s)
  if (!el) throw new Error(`no ${s}`)
  return el as HTMLElement
}
const click = (c: HTMLElement, s: string) => fireEvent.click(sel(c, s))
const navigated = () => vi.mocked(Taro.navigateTo).mock.calls.map((c) => (c[0] as { url: string }).url)
const login = () => useSession.getState().setLogin({ token: 't', userAccount: 'u1' })

/** Type into a Taro Input (H5: a native input inside the host element). */
function fill(container: HTMLElement, s: string, value: string) {
  const host = sel(container, s)
  const input = host.querySelector('input')
  if (input) {
    input.value = value
    fireEvent.input(input, { target: { value }, detail: { value } })
  }
  host.dispatchEvent(new CustomEvent('input', { detail: { value }, bubbles: true }))
}

/** A Taro Input's value (the native input when H5 rendered one, else the host's attribute). */
const inputValue = (container: HTMLElement, s: string) => {
  const host = sel(container, s)
  return (host.querySelector('input') as HTMLInputElement | null)?.value ?? host.getAttribute('value')
}

beforeEach(() => {
  useSession.getState().clear()
  vi.mocked(Taro.getCurrentPages).mockReturnValue([{ route: 'pages2/plan/index' }, { route: 'pages2/plan/create' }])
})
afterEach(() => cleanup())

describe('plan page', () => {
  it('logged out: goes to login and calls nothing', async () => {
    render(<PlanIndex />)
    await waitFor(() => expect(Taro.redirectTo).toHaveBeenCalledWith({ url: '/pages4/login/login?isBack=1' }))
    expect(api.planSeven).not.toHaveBeenCalled()
    expect(api.myPlans).not.toHaveBeenCalled()
  })

  it("shows the seven days with today's items ticked from the server, and each item opens where it is studied", async () => {
    login()
    const course = dayItem({ amount: 12 })
    const bank = dayItem({
      itemId: 2,
      kind: 'bank',
      courseId: null,
      bankId: 80,
      name: '低压电工作业题库',
      unit: 'questions',
      target: 20,
      amount: 25,
      done: true,
      planId: 6,
      planName: '刷题',
      goodsId: 8,
    })
    vi.mocked(api.planSeven).mockResolvedValue(days([course, bank]))
    vi.mocked(api.myPlans).mockResolvedValue({ rows: [plan(5), plan(6, { name: '刷题' })], total: 2 })
    const { container } = render(<PlanIndex />)
    await waitFor(() => expect(container.querySelectorAll('.pl-day')).toHaveLength(7))
    expect(sel(container, `.pl-day-${TODAY}`).textContent).toContain('今天')
    expect(sel(container, `.pl-day-${TODAY} .pl-day-mark`).textContent).toBe('1/2')
    expect(sel(container, '.pl-day-summary').textContent).toBe('已完成 1/2 项')

    const courseRow = sel(container, '.pl-item-5-1')
    expect(courseRow.textContent).toContain('电工基础')
    expect(courseRow.textContent).toContain('学习 30 分钟')
    expect(courseRow.textContent).toContain('12/30 分钟')
    expect(courseRow.classList.contains('is-done')).toBe(false)
    const bankRow = sel(container, '.pl-item-6-2')
    expect(bankRow.classList.contains('is-done')).toBe(true)
    expect(bankRow.querySelector('.pl-tick')?.textContent).toBe('✓')
    expect(bankRow.textContent).toContain('25/20 题')

    fireEvent.click(courseRow)
    fireEvent.click(bankRow)
    expect(navigated()).toEqual(['/pages2/learn/menu?goodsId=7&courseId=70', '/pages2/bank/detail?bankId=80'])

    // a later day: the goals without progress, and a day off
    fireEvent.click(sel(container, `.pl-day-${addDays(TODAY, 1)}`))
    expect(sel(container, '.pl-day-hint').textContent).toContain('完成后会自动打勾')
    expect(container.querySelector('.pl-item-progress')).toBeNull()
    fireEvent.click(sel(container, `.pl-day-${addDays(TODAY, 3)}`))
    expect(sel(container, '.pl-day-empty').textContent).toBe('这天没有安排学习计划')

    // my plans: a card opens the plan
    await waitFor(() => expect(container.querySelectorAll('.pl-card')).toHaveLength(2))
    const card = sel(container, '.pl-plan-5')
    expect(card.textContent).toContain('进行中')
    expect(card.textContent).toContain('每天')
    expect(card.textContent).toContain('今日 0/1')
    expect(card.textContent).toContain('达标 2/30 天')
    fireEvent.click(card)
    expect(navigated().at(-1)).toBe('/pages2/plan/edit?id=5')
    click(container, '.pl-create-link')
    expect(navigated().at(-1)).toBe('/pages2/plan/create')
  })

  it('pull-down refreshes the days and the plans; more plans load at the bottom', async () => {
    login()
    vi.mocked(api.planSeven).mockResolvedValue(days([dayItem()]))
    vi.mocked(api.myPlans).mockImplementation(async ({ pageNum }) =>
      pageNum === 1
        ? { rows: Array.from({ length: 10 }, (_, i) => plan(i + 1)), total: 11 }
        : { rows: [plan(11, { status: 'ended', name: '旧计划' })], total: 11 },
    )
    const { container } = render(<PlanIndex />)
    await waitFor(() => expect(container.querySelectorAll('.pl-card')).toHaveLength(10))
    await act(() => firePageEvent('reachBottom'))
    await waitFor(() => expect(container.querySelectorAll('.pl-card')).toHaveLength(11))
    expect(sel(container, '.pl-plan-11').textContent).toContain('已结束')

    vi.mocked(api.planSeven).mockResolvedValue(days([dayItem({ amount: 30, done: true })]))
    const seven = vi.mocked(api.planSeven).mock.calls.length
    await act(() => firePageEvent('pullDownRefresh'))
    await waitFor(() => expect(sel(container, '.pl-item-5-1').classList.contains('is-done')).toBe(true))
    expect(vi.mocked(api.planSeven).mock.calls.length).toBe(seven + 1)
    expect(Taro.stopPullDownRefresh).toHaveBeenCalled()
    expect(sel(container, '.pl-day-summary').textContent).toBe('今天的计划都完成了，真棒！')
  })

  it('no plans: one empty state that leads to a new plan', async () => {
    login()
    vi.mocked(api.planSeven).mockResolvedValue(days([]))
    vi.mocked(api.myPlans).mockResolvedValue({ rows: [], total: 0 })
    const { container, getByText } = render(<PlanIndex />)
    await waitFor(() => expect(getByText('还没有学习计划')).toBeTruthy())
    expect(container.querySelector('.pl-seven')).toBeNull()
    fireEvent.click(getByText('新建计划'))
    expect(navigated()).toEqual(['/pages2/plan/create'])
  })

  it('a failed load offers a retry', async () => {
    login()
    vi.mocked(api.planSeven).mockResolvedValue(days([]))
    vi.mocked(api.myPlans).mockRejectedValueOnce(new Error('down'))
    const { container, getAllByText } = render(<PlanIndex />)
    await waitFor(() => expect(getAllByText('重试').length).toBeGreaterThan(0))
    vi.mocked(api.myPlans).mockResolvedValue({ rows: [plan(9)], total: 1 })
    fireEvent.click(getAllByText('重试')[0]!)
    await waitFor(() => expect(container.querySelector('.pl-plan-9')).not.toBeNull())
  })
})

describe('new plan', () => {
  it('without a goods to plan: a way to the shop', async () => {
    login()
    vi.mocked(api.planGoods).mockResolvedValue([])
    const { getByText } = render(<PlanCreate />)
    await waitFor(() => expect(getByText('还没有可以制定计划的课程或题库')).toBeTruthy())
    fireEvent.click(getByText('去选课'))
    expect(Taro.switchTab).toHaveBeenCalledWith({ url: '/pages/course/index' })
  })

  it('checks the form, then creates the plan with the chosen items, goals, dates and weekdays', async () => {
    login()
    vi.mocked(api.planGoods).mockResolvedValue(GOODS)
    vi.mocked(api.createPlan).mockResolvedValue(plan(12))
    const { container, getByText } = render(<PlanCreate />)
    await waitFor(() => expect(container.querySelector('.pl-goods-7')).not.toBeNull())
    expect(sel(container, '.pl-goods-7').classList.contains('is-active')).toBe(true)
    expect(sel(container, '.pl-start').textContent).toBe(TODAY)
    expect(sel(container, '.pl-end').textContent).toBe(addDays(TODAY, 29))

    // nothing chosen: clear messages, no call
    click(container, '.pl-save')
    expect(getByText('请填写计划名称')).toBeTruthy()
    expect(getByText('请至少勾选一项学习内容')).toBeTruthy()
    expect(api.createPlan).not.toHaveBeenCalled()

    fill(container, '.pl-name', '电工冲刺')
    click(container, '.pl-opt-course-70 .pl-opt-row')
    expect(container.querySelector('.form-error')).toBeNull() // the messages follow the changes
    // a goal out of range
    fill(container, '.pl-target-course-70', '900')
    expect(getByText('每天目标应为 5-600')).toBeTruthy()
    click(container, '.pl-unit-sections')
    expect(inputValue(container, '.pl-target-course-70')).toBe('2')
    click(container, '.pl-step-plus')
    expect(inputValue(container, '.pl-target-course-70')).toBe('3')
    click(container, '.pl-wd-work')
    click(container, '.pl-preset1m')
    click(container, '.pl-preset3m')
    expect(sel(container, '.pl-end').textContent).toBe(addDays(TODAY, 89))
    click(container, '.pl-remind')
    click(container, '.pl-save')
    await waitFor(() => expect(api.createPlan).toHaveBeenCalledTimes(1))
    expect(vi.mocked(api.createPlan).mock.calls[0]![0]).toEqual({
      goodsId: 7,
      name: '电工冲刺',
      startDate: TODAY,
      endDate: addDays(TODAY, 89),
      weekdays: [1, 2, 3, 4, 5],
      remind: false,
      items: [{ kind: 'course', courseId: 70, unit: 'sections', target: 3 }],
    })
    await waitFor(() => expect(Taro.navigateBack).toHaveBeenCalled())
  })

  it('switching the goods offers its banks and drops the items of the other goods', async () => {
    login()
    vi.mocked(api.planGoods).mockResolvedValue(GOODS)
    vi.mocked(api.createPlan).mockResolvedValue(plan(13))
    const { container } = render(<PlanCreate />)
    await waitFor(() => expect(container.querySelector('.pl-goods-8')).not.toBeNull())
    click(container, '.pl-opt-course-70 .pl-opt-row')
    click(container, '.pl-goods-8')
    expect(container.querySelector('.pl-opt-course-70')).toBeNull()
    click(container, '.pl-opt-bank-80 .pl-opt-row')
    expect(sel(container, '.pl-opt-bank-80').textContent).toContain('题')
    expect(container.querySelector('.pl-units')).toBeNull() // a bank counts questions only
    fill(container, '.pl-name', '刷题')
    // no chosen weekday: refused
    for (const d of [1, 2, 3, 4, 5, 6, 7]) click(container, `.pl-wd-${d}`)
    click(container, '.pl-save')
    expect(container.textContent).toContain('请至少选择一个学习日')
    expect(api.createPlan).not.toHaveBeenCalled()
    click(container, '.pl-wd-weekend')
    click(container, '.pl-save')
    await waitFor(() => expect(api.createPlan).toHaveBeenCalledTimes(1))
    expect(vi.mocked(api.createPlan).mock.calls[0]![0]).toMatchObject({
      goodsId: 8,
      weekdays: [6, 7],
      items: [{ kind: 'bank', bankId: 80, unit: 'questions', target: 20 }],
    })
  })
})

describe('plan detail and edit', () => {
  const detail = (over: Partial<PlanDetail> = {}): PlanDetail => ({
    ...plan(5, { startDate: addDays(TODAY, -2), name: '电工冲刺' }),
    days: [
      {
        date: addDays(TODAY, -2),
        weekday: 1,
        state: 'done',
        items: [{ itemId: 1, amount: 31, done: true }],
        doneNum: 1,
        totalNum: 1,
      },
      {
        date: addDays(TODAY, -1),
        weekday: 2,
        state: 'missed',
        items: [{ itemId: 1, amount: 0, done: false }],
        doneNum: 0,
        totalNum: 1,
      },
      {
        date: TODAY,
        weekday: 3,
        state: 'today',
        items: [{ itemId: 1, amount: 5, done: false }],
        doneNum: 0,
        totalNum: 1,
      },
      {
        date: addDays(TODAY, 1),
        weekday: 4,
        state: 'upcoming',
        items: [{ itemId: 1, amount: 0, done: false }],
        doneNum: 0,
        totalNum: 1,
      },
    ],
    ...over,
  })

  it('shows every planned day by what was done, saves changes (a past start may stay) and deletes after a confirm', async () => {
    login()
    setRouter('/pages2/plan/edit', { id: '5' })
    vi.mocked(api.planInfo).mockResolvedValue(detail())
    vi.mocked(api.planGoods).mockResolvedValue(GOODS)
    vi.mocked(api.editPlan).mockResolvedValue(plan(5))
    vi.mocked(api.deletePlan).mockResolvedValue(null)
    const { container } = render(<PlanEdit />)
    await waitFor(() => expect(container.querySelectorAll('.pl-cal-day')).toHaveLength(4))
    expect(api.planInfo).toHaveBeenCalledWith(5, expect.anything())
    expect(api.planGoods).toHaveBeenCalledWith(7, expect.anything())
    expect(sel(container, `.pl-cal-${addDays(TODAY, -2)}`).classList.contains('pl-cal-done')).toBe(true)
    expect(sel(container, `.pl-cal-${addDays(TODAY, -1)}`).textContent).toContain('未完成')
    expect(sel(container, `.pl-cal-${TODAY}`).textContent).toContain('今天')
    expect(sel(container, '.pl-days-done').textContent).toBe('达标 2/30 天')
    expect(inputValue(container, '.pl-name')).toBe('电工冲刺')
    expect(sel(container, '.pl-opt-course-70').classList.contains('is-on')).toBe(true)

    fill(container, '.pl-name', '电工冲刺（加强）')
    click(container, '.pl-save')
    await waitFor(() => expect(api.editPlan).toHaveBeenCalledTimes(1))
    expect(vi.mocked(api.editPlan).mock.calls[0]!.slice(0, 2)).toEqual([
      5,
      expect.objectContaining({
        name: '电工冲刺（加强）',
        startDate: addDays(TODAY, -2),
        items: [{ kind: 'course', courseId: 70, unit: 'minutes', target: 30 }],
      }),
    ])

    // delete: cancelled first, then confirmed
    vi.mocked(Taro.showModal).mockResolvedValueOnce({ confirm: false, cancel: true, errMsg: 'ok' } as never)
    click(container, '.pl-delete')
    await waitFor(() => expect(Taro.showModal).toHaveBeenCalledTimes(1))
    expect(api.deletePlan).not.toHaveBeenCalled()
    vi.mocked(Taro.showModal).mockResolvedValueOnce({ confirm: true, cancel: false, errMsg: 'ok' } as never)
    click(container, '.pl-delete')
    await waitFor(() => expect(api.deletePlan).toHaveBeenCalledWith(5))
    await waitFor(() => expect(Taro.navigateBack).toHaveBeenCalled())
  })

  it('a plan whose goods is no longer held can only be deleted', async () => {
    login()
    setRouter('/pages2/plan/edit', { id: '5' })
    vi.mocked(api.planInfo).mockResolvedValue(detail({ entitled: false, todayPlanned: false }))
    const { container } = render(<PlanEdit />)
    await waitFor(() => expect(container.querySelector('.pl-expired')).not.toBeNull())
    expect(sel(container, '.pl-tag').textContent).toBe('课程已过期')
    expect(container.querySelector('.pl-save')).toBeNull()
    expect(container.querySelector('.pl-delete')).not.toBeNull()
    expect(api.planGoods).not.toHaveBeenCalled()
  })

  it('an unknown plan: an error with a retry; no id: not found', async () => {
    login()
    setRouter('/pages2/plan/edit', { id: '99' })
    vi.mocked(api.planInfo).mockRejectedValue(new Error('plan not found'))
    const first = render(<PlanEdit />)
    await waitFor(() => expect(first.getByText('重试')).toBeTruthy())
    cleanup()
    setRouter('/pages2/plan/edit', {})
    const { getByText } = render(<PlanEdit />)
    expect(getByText('计划不存在或已删除')).toBeTruthy()
  })
})
