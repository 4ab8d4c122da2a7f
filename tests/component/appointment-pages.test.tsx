import Taro from '@tarojs/taro'
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Appointment, Area, BookableExam, ExamRow, Session, Site } from '@/features/exam/api'
import { ApiError } from '@/services/http/request'
import { firePageEvent, memoryStorage, setRouter } from '../unit/taro-double'

vi.mock('@/features/exam/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/features/exam/api')>()),
  bookableExams: vi.fn(),
  provinces: vi.fn(),
  cities: vi.fn(),
  sites: vi.fn(),
  book: vi.fn(),
  reschedule: vi.fn(),
  appointment: vi.fn(),
  appointments: vi.fn(),
  cancelAppointment: vi.fn(),
}))

const api = await import('@/features/exam/api')
const { useSession } = await import('@/store/session')
const { default: AppointmentIndex } = await import('@/features/apply/booking/index')
const { default: ExamSiteOrder } = await import('@/features/apply/booking/kporder')
const { default: TrainingOrder } = await import('@/features/apply/booking/order')
const { default: AppointmentSuccess } = await import('@/features/apply/booking/appointment_success')
const { default: ExamAppointList } = await import('@/features/apply/booking/booking-list')

const NOW = Math.floor(Date.now() / 1000)
const DAY = 86_400

function exam(examId: number, over: Partial<ExamRow> = {}): ExamRow {
  return {
    examId,
    kind: 'formal',
    name: `Safety exam ${examId}`,
    goodsId: null,
    goodsName: '',
    paperId: 1,
    questionNum: 50,
    totalScore: 100,
    passScore: 60,
    durationSeconds: 3600,
    maxAttempts: 1,
    attemptsUsed: 0,
    openTime: null,
    closeTime: null,
    status: 'open',
    requireAppointment: true,
    certificate: false,
    bestScore: null,
    passed: false,
    openRecordId: null,
    ...over,
  }
}

function session(sessionId: number, over: Partial<Session> = {}): Session {
  return {
    sessionId,
    siteId: 100,
    examId: 5,
    kind: 'exam',
    startTime: NOW + 3 * DAY,
    endTime: NOW + 3 * DAY + 7200,
    capacity: 30,
    booked: 25,
    remaining: 5,
    bookable: true,
    ...over,
  }
}

function site(siteId: number, sessions: Session[], over: Partial<Site> = {}): Site {
  return {
    siteId,
    name: `Site ${siteId}`,
    address: `${siteId} West Lake Road`,
    phone: '0571-88880000',
    cityId: 11,
    cityName: '杭州市',
    sessions,
    ...over,
  }
}

function appt(appointmentId: number, over: Partial<Appointment> = {}): Appointment {
  return {
    appointmentId,
    kind: 'exam',
    status: api.APPOINTMENT_STATUS.booked,
    examId: 5,
    examName: 'Safety exam 5',
    sessionId: 1000,
    siteId: 100,
    siteName: 'Site 100',
    siteAddress: '100 West Lake Road',
    sitePhone: '0571-88880000',
    cityName: '杭州市',
    startTime: NOW + 3 * DAY,
    endTime: NOW + 3 * DAY + 7200,
    rescheduleNum: 0,
    canChange: true,
    canCancel: true,
    changeDeadlineTime: NOW + 2 * DAY,
    letterSigned: false,
    signatureUrl: '',
    signedTime: null,
    createdTime: NOW - DAY,
    ...over,
  }
}

const area = (areaId: number, parentId: number, name: string, siteNum = 1): Area => ({
  areaId,
  parentId,
  name,
  siteNum,
})
const bookable = (e: ExamRow, appointment: Appointment | null = null): BookableExam => ({
  exam: e,
  appointment,
  sessionNum: 2,
})

const sel = (c: ParentNode, s: string) => {
  const el = c.querySelector(s)
  if (!el) throw new Error(`no ${s}`)
  return el
}
const navigated = () => vi.mocked(Taro.navigateTo).mock.calls.map((c) => (c[0] as { url: string }).url)
const redirected = () => vi.mocked(Taro.redirectTo).mock.calls.map((c) => (c[0] as { url: string }).url)
const toasts = () => vi.mocked(Taro.showToast).mock.calls.map((c) => (c[0] as { title: string }).title)

beforeEach(() => {
  useSession.getState().setLogin({ token: 't', userAccount: 'u1' })
})
afterEach(() => cleanup())

describe('choosing a session', () => {
  it('province → city (remembered) → sites with seats; a full session is refused, an open one opens kporder', async () => {
    setRouter('/pages2/appointment/index', { kind: 'exam', examId: '5' })
    vi.mocked(api.bookableExams).mockResolvedValue([bookable(exam(5))])
    vi.mocked(api.provinces).mockResolvedValue([area(1, 0, '浙江省', 3), area(2, 0, '江苏省', 0)])
    vi.mocked(api.cities).mockResolvedValue([area(11, 1, '杭州市', 3)])
    vi.mocked(api.sites).mockResolvedValue([
      site(100, [session(1000), session(1001, { remaining: 0, booked: 30, bookable: false })]),
    ])
    const { container, getByText } = render(<AppointmentIndex />)
    // the shared nav bar carries the title (one nav-bar style across pages)
    expect(container.querySelector('.nav-bar-title')?.textContent).toBe('考点预约')
    await waitFor(() => expect(container.querySelector('.ap-province-1')).not.toBeNull())
    expect(sel(container, '.ap-province-2').className).toContain('is-empty')
    fireEvent.click(sel(container, '.ap-province-1'))
    await waitFor(() => expect(container.querySelector('.ap-city-11')).not.toBeNull())
    expect(api.cities).toHaveBeenCalledWith(1, expect.anything())
    fireEvent.click(sel(container, '.ap-city-11'))

    await waitFor(() => expect(container.querySelector('.ap-site-100')).not.toBeNull())
    expect(api.sites).toHaveBeenCalledWith('exam', 5, 11, expect.anything())
    expect(JSON.parse(memoryStorage.get('apply_city') ?? 'null')).toMatchObject({ cityId: 11, cityName: '杭州市' })
    expect(sel(container, '.ap-city-name').textContent).toBe('杭州市')
    expect(sel(container, '.ap-exam-name').textContent).toBe('Safety exam 5')
    expect(sel(container, '.ap-session-1000 .ap-session-seats').textContent).toBe('余 5 位')
    const full = sel(container, '.ap-session-1001')
    expect(full.className).toContain('is-full')
    expect(full.textContent).toContain('已约满')

    fireEvent.click(full)
    expect(navigated()).toEqual([])
    expect(toasts()).toEqual(['已约满'])
    fireEvent.click(sel(container, '.ap-session-1000'))
    expect(navigated()).toEqual(['/pages2/appointment/kporder?sessionId=1000&examId=5&siteId=100&cityId=11'])
    expect(getByText('切换城市')).toBeTruthy()
  })

  it('no exam given: the bookable exams first; the remembered city goes straight to its sites', async () => {
    memoryStorage.set(
      'apply_city',
      JSON.stringify({ provinceId: 1, provinceName: '浙江省', cityId: 11, cityName: '杭州市' }),
    )
    setRouter('/pages2/appointment/index', { kind: 'train' })
    vi.mocked(api.bookableExams).mockResolvedValue([bookable(exam(5)), bookable(exam(6))])
    vi.mocked(api.sites).mockResolvedValue([site(100, [session(1000, { kind: 'train' })])])
    const { container } = render(<AppointmentIndex />)
    // the shared nav bar carries the title (one nav-bar style across pages)
    expect(container.querySelector('.nav-bar-title')?.textContent).toBe('培训预约')
    await waitFor(() => expect(container.querySelector('.ap-exam-6')).not.toBeNull())
    expect(api.bookableExams).toHaveBeenCalledWith('train', expect.anything())
    fireEvent.click(sel(container, '.ap-exam-6'))
    await waitFor(() => expect(container.querySelector('.ap-site-100')).not.toBeNull())
    expect(api.provinces).not.toHaveBeenCalled()
    expect(api.sites).toHaveBeenCalledWith('train', 6, 11, expect.anything())
    fireEvent.click(sel(container, '.ap-session-1000'))
    expect(navigated()).toEqual(['/pages2/appointment/order?sessionId=1000&examId=6&siteId=100&cityId=11'])
  })

  it('a city without sites says so and offers another city', async () => {
    memoryStorage.set(
      'apply_city',
      JSON.stringify({ provinceId: 1, provinceName: '浙江省', cityId: 12, cityName: '宁波市' }),
    )
    setRouter('/pages2/appointment/index', { kind: 'exam', examId: '5' })
    vi.mocked(api.bookableExams).mockResolvedValue([bookable(exam(5))])
    vi.mocked(api.sites).mockResolvedValue([])
    vi.mocked(api.provinces).mockResolvedValue([area(1, 0, '浙江省')])
    const { container, findByText, getByText } = render(<AppointmentIndex />)
    expect(await findByText('该城市暂无考点')).toBeTruthy()
    fireEvent.click(getByText('选择其他城市'))
    await waitFor(() => expect(container.querySelector('.ap-province-1')).not.toBeNull())
  })

  it('pull-down and coming back reload the seats', async () => {
    memoryStorage.set(
      'apply_city',
      JSON.stringify({ provinceId: 1, provinceName: '浙江省', cityId: 11, cityName: '杭州市' }),
    )
    setRouter('/pages2/appointment/index', { kind: 'exam', examId: '5' })
    vi.mocked(api.bookableExams).mockResolvedValue([bookable(exam(5))])
    vi.mocked(api.sites).mockResolvedValue([site(100, [session(1000)])])
    const { container } = render(<AppointmentIndex />)
    await waitFor(() => expect(container.querySelector('.ap-site-100')).not.toBeNull())
    expect(api.sites).toHaveBeenCalledTimes(1)

    vi.mocked(api.sites).mockResolvedValue([site(100, [session(1000, { remaining: 0, bookable: false })])])
    await act(() => firePageEvent('didShow'))
    await waitFor(() => expect(sel(container, '.ap-session-1000').className).toContain('is-full'))
    await act(() => firePageEvent('pullDownRefresh'))
    expect(api.sites).toHaveBeenCalledTimes(3)
    expect(Taro.stopPullDownRefresh).toHaveBeenCalled()
  })

  it('a changeable booking of the exam turns the choice into a reschedule; a locked one says why', async () => {
    memoryStorage.set(
      'apply_city',
      JSON.stringify({ provinceId: 1, provinceName: '浙江省', cityId: 11, cityName: '杭州市' }),
    )
    setRouter('/pages2/appointment/index', { kind: 'exam', examId: '5' })
    vi.mocked(api.bookableExams).mockResolvedValue([bookable(exam(5), appt(9, { rescheduleNum: 1 }))])
    vi.mocked(api.sites).mockResolvedValue([site(100, [session(1000, { bookable: false }), session(1002)])])
    const first = render(<AppointmentIndex />)
    await waitFor(() => expect(first.container.querySelector('.ap-banner.is-reschedule')).not.toBeNull())
    expect(sel(first.container, '.ap-banner').textContent).toContain('还可改期 1 次')
    expect(sel(first.container, '.ap-session-1000').textContent).toContain('当前预约')
    fireEvent.click(sel(first.container, '.ap-session-1002'))
    expect(navigated()).toEqual([
      '/pages2/appointment/kporder?sessionId=1002&examId=5&siteId=100&cityId=11&appointmentId=9',
    ])
    first.unmount()

    vi.mocked(Taro.navigateTo).mockClear()
    vi.mocked(api.bookableExams).mockResolvedValue([
      bookable(exam(5), appt(9, { canChange: false, canCancel: false, changeDeadlineTime: NOW - 60 })),
    ])
    const second = render(<AppointmentIndex />)
    await waitFor(() => expect(second.container.querySelector('.ap-banner.is-locked')).not.toBeNull())
    expect(sel(second.container, '.ap-banner').textContent).toContain('已过改期截止时间')
    fireEvent.click(sel(second.container, '.ap-session-1002'))
    expect(navigated()).toEqual([])
    expect(toasts()).toContain('已过改期截止时间，不能再改期')
  })
})

describe('confirming a booking', () => {
  function mockConfirmData(kind: 'exam' | 'train' = 'exam', appointment: Appointment | null = null) {
    vi.mocked(api.sites).mockResolvedValue([site(100, [session(1000, { kind })])])
    vi.mocked(api.bookableExams).mockResolvedValue([bookable(exam(5), appointment)])
  }

  it('kporder shows the booking and the rules; confirm books and opens the result; the result leads on', async () => {
    setRouter('/pages2/appointment/kporder', { sessionId: '1000', examId: '5', siteId: '100', cityId: '11' })
    mockConfirmData()
    vi.mocked(api.book).mockResolvedValue(appt(77))
    const { container, getByText } = render(<ExamSiteOrder />)
    await waitFor(() => expect(container.querySelector('.ap-confirm-btn')).not.toBeNull())
    expect(api.sites).toHaveBeenCalledWith('exam', 5, 11, expect.anything())
    expect(sel(container, '.ap-exam-name').textContent).toBe('Safety exam 5')
    expect(sel(container, '.ap-site-name').textContent).toBe('Site 100')
    expect(container.textContent).toContain('100 West Lake Road')
    expect(container.textContent).toContain('0571-88880000')
    expect(sel(container, '.ap-seats').textContent).toBe('余 5 位')
    const rules = sel(container, '.ap-rules').textContent
    expect(rules).toContain('24 小时')
    expect(rules).toContain('最多改期 2 次')
    expect(rules).toContain('考试承诺书')

    fireEvent.click(getByText('确认预约', { selector: '.ap-confirm-btn' }))
    await waitFor(() => expect(redirected()).toEqual(['/pages2/appointment/appointment_success?appointmentId=77']))
    expect(api.book).toHaveBeenCalledWith(1000, { silent: true })
    cleanup()

    setRouter('/pages2/appointment/appointment_success', { appointmentId: '77' })
    vi.mocked(api.appointment).mockResolvedValue(appt(77))
    const done = render(<AppointmentSuccess />)
    await waitFor(() => expect(done.container.querySelector('.ap-sign-letter')).not.toBeNull())
    expect(api.appointment).toHaveBeenCalledWith(77, expect.anything())
    expect(done.container.textContent).toContain('预约成功')
    expect(done.container.textContent).toContain('Site 100')
    fireEvent.click(sel(done.container, '.ap-sign-letter'))
    fireEvent.click(sel(done.container, '.ap-my-appointments'))
    expect(navigated()).toEqual(['/pages2/exam/signCommit?examId=5', '/pages5/examAppointList'])
    fireEvent.click(sel(done.container, '.ap-back-exam'))
    expect(redirected().at(-1)).toBe('/pages2/exam/exam_appointment?examId=5')

    // signed (on coming back from the letter): the button goes away
    vi.mocked(api.appointment).mockResolvedValue(appt(77, { letterSigned: true }))
    await act(() => firePageEvent('didShow'))
    await waitFor(() => expect(done.container.querySelector('.ap-sign-letter')).toBeNull())
    expect(done.container.textContent).toContain('已签署考试承诺书')
  })

  it('a full session: the modal, then back to the list, which reloads', async () => {
    setRouter('/pages2/appointment/kporder', { sessionId: '1000', examId: '5', siteId: '100' })
    mockConfirmData()
    vi.mocked(api.book).mockRejectedValue(new ApiError(api.EXAM_CODE.sessionFull, '该场次已约满'))
    vi.mocked(Taro.getCurrentPages).mockReturnValue([
      { route: 'pages2/appointment/index' },
      { route: 'pages2/appointment/kporder' },
    ])
    const { getByText, findByText } = render(<ExamSiteOrder />)
    fireEvent.click(await findByText('确认预约', { selector: '.ap-confirm-btn' }))
    await waitFor(() => expect(Taro.navigateBack).toHaveBeenCalledWith({ delta: 1 }))
    expect(Taro.showModal).toHaveBeenCalledWith(expect.objectContaining({ title: '该场次已约满', showCancel: false }))
    expect(Taro.redirectTo).not.toHaveBeenCalled()
    expect(getByText('确认预约', { selector: '.ap-confirm-btn' })).toBeTruthy()
    cleanup()

    // the list the learner lands on reads the seats again
    memoryStorage.set(
      'apply_city',
      JSON.stringify({ provinceId: 1, provinceName: '浙江省', cityId: 11, cityName: '杭州市' }),
    )
    setRouter('/pages2/appointment/index', { kind: 'exam', examId: '5' })
    vi.mocked(api.sites).mockClear()
    const list = render(<AppointmentIndex />)
    await waitFor(() => expect(list.container.querySelector('.ap-site-100')).not.toBeNull())
    await act(() => firePageEvent('didShow'))
    expect(api.sites).toHaveBeenCalledTimes(2)
  })

  it('not eligible: the unmet conditions are listed, each with a way to fix it', async () => {
    setRouter('/pages2/appointment/kporder', { sessionId: '1000', examId: '5', siteId: '100' })
    mockConfirmData()
    vi.mocked(api.book).mockRejectedValue(
      new ApiError(api.EXAM_CODE.notEligible, '未满足预约条件', {
        eligible: false,
        checks: [
          {
            key: 'courses',
            ok: false,
            title: '完成必修课程',
            message: '还有 2 门必修课未完成',
            fixPath: '/pages2/learn/menu?goodsId=3',
          },
          { key: 'identity', ok: true, title: '实名认证', message: '', fixPath: '/pages2/verify/input' },
          {
            key: 'info',
            ok: false,
            title: '确认个人信息',
            message: '个人信息未确认',
            fixPath: '/pages2/exam/exam_appointment?examId=5',
          },
        ],
      }),
    )
    const { container, findByText } = render(<ExamSiteOrder />)
    fireEvent.click(await findByText('确认预约', { selector: '.ap-confirm-btn' }))
    await waitFor(() => expect(container.querySelector('.ap-eligibility')).not.toBeNull())
    const list = sel(container, '.ap-eligibility')
    expect(list.textContent).toContain('还有 2 门必修课未完成')
    expect(list.textContent).toContain('个人信息未确认')
    expect(list.querySelector('.ap-check-identity')).toBeNull()
    fireEvent.click(sel(container, '.ap-check-courses .ap-check-fix'))
    expect(navigated()).toEqual(['/pages2/learn/menu?goodsId=3'])
    expect(Taro.redirectTo).not.toHaveBeenCalled()
    expect(Taro.showToast).not.toHaveBeenCalled()
  })

  it("a booking rule: the server's reason in a modal", async () => {
    setRouter('/pages2/appointment/kporder', { sessionId: '1000', examId: '5', siteId: '100' })
    mockConfirmData()
    vi.mocked(api.book).mockRejectedValue(new ApiError(api.EXAM_CODE.bookingRule, '已预约该考试，请在我的预约中改期'))
    const { findByText } = render(<ExamSiteOrder />)
    fireEvent.click(await findByText('确认预约', { selector: '.ap-confirm-btn' }))
    await waitFor(() =>
      expect(Taro.showModal).toHaveBeenCalledWith(
        expect.objectContaining({ content: '已预约该考试，请在我的预约中改期', showCancel: false }),
      ),
    )
    expect(Taro.redirectTo).not.toHaveBeenCalled()
  })

  it('reschedule: shows the current booking and moves it', async () => {
    setRouter('/pages2/appointment/kporder', { sessionId: '1000', examId: '5', siteId: '100', appointmentId: '9' })
    mockConfirmData('exam', appt(9, { sessionId: 999, siteName: 'Old site', rescheduleNum: 1 }))
    vi.mocked(api.reschedule).mockResolvedValue(appt(9))
    const { container, findByText } = render(<ExamSiteOrder />)
    fireEvent.click(await findByText('确认改期'))
    await waitFor(() =>
      expect(redirected()).toEqual(['/pages2/appointment/appointment_success?appointmentId=9&rescheduled=1']),
    )
    expect(api.reschedule).toHaveBeenCalledWith(9, 1000, { silent: true })
    expect(api.book).not.toHaveBeenCalled()
    expect(sel(container, '.ap-current').textContent).toContain('Old site')
  })

  it('training (order): sites of kind train, no commitment letter', async () => {
    setRouter('/pages2/appointment/order', { sessionId: '1000', examId: '5', siteId: '100' })
    mockConfirmData('train')
    vi.mocked(api.book).mockResolvedValue(appt(78, { kind: 'train' }))
    const { container, findByText } = render(<TrainingOrder />)
    await findByText('确认预约', { selector: '.ap-confirm-btn' })
    expect(api.sites).toHaveBeenCalledWith('train', 5, undefined, expect.anything())
    expect(api.bookableExams).toHaveBeenCalledWith('train', expect.anything())
    expect(container.querySelector('.ap-rule-letter')).toBeNull()
    // the shared nav bar carries the title (one nav-bar style across pages)
    expect(container.querySelector('.nav-bar-title')?.textContent).toBe('确认培训预约')
  })

  it('a session that is gone offers to choose again', async () => {
    setRouter('/pages2/appointment/kporder', { sessionId: '4242', examId: '5', siteId: '100' })
    mockConfirmData()
    const { findByText } = render(<ExamSiteOrder />)
    fireEvent.click(await findByText('重新选择场次'))
    expect(redirected()).toEqual(['/pages2/appointment/index?kind=exam&examId=5'])
  })
})

describe('my appointments', () => {
  it('rows with kind, site, time, status and letter; actions only while the booking can change', async () => {
    vi.mocked(api.appointments).mockResolvedValue({
      rows: [
        appt(9),
        appt(10, { kind: 'train', examName: 'Training 5', letterSigned: false }),
        appt(11, {
          canChange: false,
          canCancel: false,
          changeDeadlineTime: NOW - 3600,
          startTime: NOW + 3600,
          endTime: NOW + 7200,
          letterSigned: true,
        }),
        appt(14, { canChange: false, canCancel: true, rescheduleNum: 2 }),
      ],
      total: 4,
    })
    const { container } = render(<ExamAppointList />)
    await waitFor(() => expect(container.querySelectorAll('.mk-appt')).toHaveLength(4))
    expect(api.appointments).toHaveBeenCalledWith({ when: 'upcoming', pageNum: 1, pageSize: 10 }, expect.anything())
    const row = sel(container, '.mk-appt-9')
    expect(row.textContent).toContain('考试')
    expect(row.textContent).toContain('杭州市 Site 100')
    expect(row.textContent).toContain('已预约')
    expect(row.textContent).toContain('未签承诺书')
    expect(row.querySelector('.mk-reschedule')).not.toBeNull()
    expect(row.querySelector('.mk-cancel')).not.toBeNull()
    expect(sel(container, '.mk-appt-10').textContent).toContain('培训')
    expect(container.querySelector('.mk-appt-10 .mk-letter')).toBeNull()
    const locked = sel(container, '.mk-appt-11')
    expect(locked.textContent).toContain('已过改期截止时间')
    expect(locked.textContent).toContain('已签承诺书')
    expect(locked.querySelector('.mk-reschedule')).toBeNull()
    expect(locked.querySelector('.mk-cancel')).toBeNull()
    const usedUp = sel(container, '.mk-appt-14')
    expect(usedUp.textContent).toContain('改期次数已用完')
    expect(usedUp.querySelector('.mk-reschedule')).toBeNull()
    expect(usedUp.querySelector('.mk-cancel')).not.toBeNull()

    fireEvent.click(sel(row, '.mk-reschedule'))
    expect(navigated()).toEqual(['/pages2/appointment/index?kind=exam&examId=5&appointmentId=9'])
  })

  it('cancel asks first, then cancels and reloads; declining keeps it', async () => {
    vi.mocked(api.appointments).mockResolvedValue({ rows: [appt(9)], total: 1 })
    vi.mocked(api.cancelAppointment).mockResolvedValue(appt(9, { status: api.APPOINTMENT_STATUS.cancelled }))
    const { container } = render(<ExamAppointList />)
    await waitFor(() => expect(container.querySelector('.mk-appt-9')).not.toBeNull())

    vi.mocked(Taro.showModal).mockResolvedValueOnce({ confirm: false, cancel: true, errMsg: 'ok' })
    fireEvent.click(sel(container, '.mk-appt-9 .mk-cancel'))
    await waitFor(() => expect(Taro.showModal).toHaveBeenCalledTimes(1))
    expect(api.cancelAppointment).not.toHaveBeenCalled()

    vi.mocked(api.appointments).mockResolvedValue({ rows: [], total: 0 })
    fireEvent.click(sel(container, '.mk-appt-9 .mk-cancel'))
    await waitFor(() => expect(api.cancelAppointment).toHaveBeenCalledWith(9))
    const modal = vi.mocked(Taro.showModal).mock.calls[1]?.[0] as { content: string; confirmText: string }
    expect(modal.content).toContain('Safety exam 5')
    expect(modal.confirmText).toBe('取消预约')
    await waitFor(() => expect(container.querySelector('.mk-appt-9')).toBeNull())
    expect(toasts()).toContain('已取消预约')
    expect(container.textContent).toContain('没有即将开始的预约')
  })

  it('tabs ask for their bookings; past rows show cancelled and ended; more load at the bottom', async () => {
    vi.mocked(api.appointments).mockResolvedValue({ rows: [appt(9)], total: 1 })
    const { container, getByText } = render(<ExamAppointList />)
    await waitFor(() => expect(container.querySelector('.mk-appt-9')).not.toBeNull())
    vi.mocked(api.appointments).mockImplementation(async (q) =>
      q?.pageNum === 2
        ? { rows: [appt(13, { startTime: NOW - 2 * DAY, endTime: NOW - 2 * DAY + 3600 })], total: 3 }
        : {
            rows: [
              appt(11, { status: api.APPOINTMENT_STATUS.cancelled, canChange: false, canCancel: false }),
              appt(12, { startTime: NOW - DAY, endTime: NOW - DAY + 3600, canChange: false, canCancel: false }),
            ],
            total: 3,
          },
    )
    fireEvent.click(getByText('已结束'))
    await waitFor(() => expect(container.querySelector('.mk-appt-11')).not.toBeNull())
    expect(vi.mocked(api.appointments).mock.calls.at(-1)?.[0]).toMatchObject({ when: 'past', pageNum: 1 })
    expect(sel(container, '.mk-appt-11').textContent).toContain('已取消')
    expect(sel(container, '.mk-appt-12 .mk-status').textContent).toBe('已结束')
    expect(container.querySelector('.mk-appt-12 .mk-cancel')).toBeNull()
    await act(() => firePageEvent('reachBottom'))
    await waitFor(() => expect(container.querySelector('.mk-appt-13')).not.toBeNull())
    expect(vi.mocked(api.appointments).mock.calls.at(-1)?.[0]).toMatchObject({ when: 'past', pageNum: 2 })
  })
})
