import Taro from '@tarojs/taro'
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { RecordSummary } from '@/features/bank/api'
import type { MockGroup, MockRow, MockSubscribe } from '@/features/exam/api'
import type { UserInfo } from '../../contract/types'
import { idCardCheckChar, idCardProblem, isValidIdCard, normalizeIdCard } from '../../shared/rules/id-card'
import { firePageEvent, setRouter } from '../unit/taro-double'

// The tab pages import these calls from '@/services/api/tabs' (the domain modules re-export them).
vi.mock('@/services/api/tabs', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/services/api/tabs')>()),
  subjects: vi.fn(),
}))
vi.mock('@/features/exam/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/features/exam/api')>()),
  mockApplyList: vi.fn(),
  mockBusinesses: vi.fn(),
  mockLives: vi.fn(),
  mockSubscriptions: vi.fn(),
  mockSubscription: vi.fn(),
  mockGroups: vi.fn(),
  mockRecords: vi.fn(),
  mockCancel: vi.fn(),
  mockApply: vi.fn(),
}))
vi.mock('@/features/shop/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/features/shop/api')>()),
}))
vi.mock('@/services/api/user', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/services/api/user')>()),
  getInfo: vi.fn(),
}))

const api = await import('@/features/exam/api')
const shop = await import('@/features/shop/api')
const userApi = await import('@/services/api/user')
const { useSession } = await import('@/store/session')
const { default: MockRecord } = await import('@/features/exam/mock-record/mock_record')
const { default: MockRecordList } = await import('@/features/exam/mock-record/mock_record_list')
const { default: MockApply } = await import('@/features/apply/mock/examApply')
const { default: RegistrationSuccess } = await import('@/features/apply/mock/registrationSuccess')

const NOW = Math.floor(Date.now() / 1000)
const DAY = 86_400
const VALID_ID = '11010519491231002X'

function mock(examId: number, over: Partial<MockRow> = {}): MockRow {
  return {
    examId,
    kind: 'mock',
    name: `Mock ${examId}`,
    goodsId: null,
    goodsName: '',
    channelId: null,
    liveSessionId: null,
    paperId: 1,
    questionNum: 40,
    totalScore: 100,
    passScore: 60,
    durationSeconds: 5400,
    maxAttempts: 2,
    attemptsUsed: 0,
    openTime: NOW - DAY,
    closeTime: NOW + DAY,
    status: 'open',
    requireAppointment: false,
    certificate: false,
    bestScore: null,
    passed: false,
    openRecordId: null,
    businessId: 3,
    businessName: 'Safety officers',
    subjectId: null,
    subjectName: '',
    applyOpenTime: NOW - 5 * DAY,
    applyCloseTime: NOW + DAY,
    live: 'living',
    applied: false,
    subscribeId: null,
    canApply: true,
    ...over,
  }
}

function subscription(subscribeId: number, over: Partial<MockSubscribe> = {}): MockSubscribe {
  return {
    subscribeId,
    examId: 21,
    examName: 'Mock 21',
    realName: '张三',
    idCard: '1101**********002X',
    telPhone: '138****5678',
    subjectId: null,
    subjectName: '',
    siteId: null,
    siteName: '',
    status: api.MOCK_SUBSCRIBE_STATUS.applied,
    createdTime: NOW - DAY,
    openTime: NOW - 3600,
    closeTime: NOW + 3600,
    maxAttempts: 1,
    attemptsUsed: 0,
    openRecordId: null,
    ...over,
  }
}

function record(recordId: number, over: Partial<RecordSummary> = {}): RecordSummary {
  return {
    recordId,
    mode: 'test',
    scope: 'mock',
    title: 'Mock 21',
    bankId: null,
    chapterId: null,
    paperId: 1,
    questionNum: 40,
    answeredNum: 40,
    submitted: true,
    startTime: NOW - 7200,
    submitTime: NOW - 7200 + 1800,
    lastAnswerTime: null,
    performance: 82.5,
    totalScore: 100,
    rightRate: 82.5,
    reportStatus: 1,
    examId: 21,
    deadlineTime: NOW - 7200 + 5400,
    autoSubmitted: false,
    ...over,
  }
}

function user(over: Partial<UserInfo> = {}): UserInfo {
  return {
    userId: 1,
    userAccount: 'u1',
    telPhone: '13812345678',
    nickName: 'Nick',
    realName: '张三',
    avatar: '',
    sex: '0',
    birthday: '',
    idCard: '',
    certStatus: 0,
    eduLevel: '',
    school: '',
    major: '',
    graduationDate: '',
    shareActivityCode: '',
    inviteCode: '',
    createTime: 0,
    ...over,
  }
}

const sel = (c: ParentNode, s: string) => {
  const el = c.querySelector(s)
  if (!el) throw new Error(`no ${s}`)
  return el
}
const navigated = () => vi.mocked(Taro.navigateTo).mock.calls.map((c) => (c[0] as { url: string }).url)
const redirected = () => vi.mocked(Taro.redirectTo).mock.calls.map((c) => (c[0] as { url: string }).url)

function fill(container: HTMLElement, cls: string, value: string) {
  const host = container.querySelector(`.${cls}`)
  if (!host) throw new Error(`no .${cls}`)
  const el = (host.querySelector('input') ?? host) as HTMLInputElement
  el.value = value
  fireEvent.input(el, { target: { value }, detail: { value } })
  host.dispatchEvent(new CustomEvent('input', { detail: { value }, bubbles: true }))
}
const inputValue = (container: HTMLElement, cls: string) => {
  const host = container.querySelector(`.${cls}`) as HTMLInputElement | null
  return (host?.querySelector('input') ?? host)?.value
}

beforeEach(() => {
  useSession.getState().clear()
  useSession.getState().setLogin({ token: 't', userAccount: 'u1' })
})
afterEach(() => cleanup())

describe('ID numbers (GB 11643)', () => {
  it('computes the check character from the 17 digits with the standard weights', () => {
    expect(idCardCheckChar('11010519491231002')).toBe('X')
    expect(idCardCheckChar('44052418800101001')).toBe('4')
    expect(idCardCheckChar('11010119900307777')).toBe('4')
  })

  it('accepts valid numbers, a lower-case x and surrounding spaces', () => {
    expect(isValidIdCard(VALID_ID)).toBe(true)
    expect(isValidIdCard('440524198001010013')).toBe(true)
    expect(isValidIdCard(' 11010519491231002x ')).toBe(true)
    expect(normalizeIdCard(' 11010519491231002x ')).toBe(VALID_ID)
  })

  it('names a wrong shape apart from a wrong check character', () => {
    expect(idCardProblem('110101199003077777')).toBe('checksum')
    expect(idCardProblem('110105194912310021')).toBe('checksum')
    expect(idCardProblem('11010519491231002')).toBe('format')
    expect(idCardProblem('1101051949123100XX')).toBe('format')
    expect(idCardProblem('X10105194912310021')).toBe('format')
    expect(idCardProblem('')).toBe('format')
  })

  it('names a birth date that is not a real day, in the future or before 1900', () => {
    // right check digits, impossible dates
    expect(idCardProblem('310104199913501235')).toBe('birthdate')
    expect(idCardProblem('440524188001010014')).toBe('birthdate')
    expect(idCardProblem('110105190002290017')).toBe('birthdate')
    expect(idCardProblem('110105199902290013')).toBe('birthdate')
    expect(idCardProblem('110105200002290013')).toBeNull()
    expect(idCardProblem('11010519000101001X')).toBeNull()
  })
})

describe('mock-exam home', () => {
  const rows = [
    mock(1),
    mock(2, { applied: true, subscribeId: 502 }),
    mock(3, { applied: true, subscribeId: 503, live: 'scheduled', openTime: NOW + DAY, closeTime: NOW + 2 * DAY }),
    mock(4, { canApply: false, live: 'scheduled', applyOpenTime: NOW + DAY, openTime: NOW + 3 * DAY }),
    mock(5, { applied: true, subscribeId: 505, attemptsUsed: 2, maxAttempts: 2 }),
    mock(6, { applied: true, subscribeId: 506, openRecordId: 9001, attemptsUsed: 1 }),
    mock(7, { canApply: false, live: 'living', applyCloseTime: NOW - DAY }),
  ]

  it('lists the mocks with the one action each state allows', async () => {
    vi.mocked(api.mockBusinesses).mockResolvedValue([{ businessId: 3, businessName: 'Safety officers', examNum: 7 }])
    vi.mocked(api.mockApplyList).mockResolvedValue({ rows, total: rows.length })
    const { container } = render(<MockRecord />)
    await waitFor(() => expect(container.querySelectorAll('.mk-mock')).toHaveLength(7))
    const card = (id: number) => sel(container, `.mk-mock-${id}`)
    expect(card(1).textContent).toContain('Safety officers')
    expect(card(1).textContent).toContain('进行中')
    expect(card(3).textContent).toContain('未开始')
    expect(card(1).querySelector('.mk-applied')).toBeNull()
    expect(card(2).querySelector('.mk-applied')?.textContent).toBe('已报名')

    expect(card(1).querySelector('.mk-apply')).not.toBeNull()
    expect(card(2).querySelector('.mk-enter')?.textContent).toBe('进入考试')
    expect(card(3).querySelector('.mk-cancel')?.textContent).toBe('取消报名')
    expect(card(3).querySelector('.mk-enter')).toBeNull()
    expect(card(4).textContent).toContain('报名未开始')
    expect(card(4).querySelector('.mk-btn')).toBeNull()
    // every attempt used: taken, and its scores instead of an entry (issue 12)
    expect(card(5).querySelector('.mk-taken')?.textContent).toBe('已考')
    expect(card(5).querySelector('.mk-results')?.textContent).toBe('查看成绩')
    expect(card(5).querySelector('.mk-enter')).toBeNull()
    expect(card(6).querySelector('.mk-enter')?.textContent).toBe('继续考试')
    expect(card(7).textContent).toContain('报名已截止')

    fireEvent.click(sel(card(1), '.mk-apply'))
    fireEvent.click(sel(card(2), '.mk-enter'))
    fireEvent.click(sel(card(6), '.mk-enter'))
    expect(navigated()).toEqual([
      '/pages5/mockExam/examApply?examId=1',
      '/pages5/exam/index?examId=2&kind=mock',
      '/pages5/exam/index?examId=6&kind=mock',
    ])
  })

  it('withdrawing asks first, then cancels the application and reloads', async () => {
    vi.mocked(api.mockBusinesses).mockResolvedValue([])
    vi.mocked(api.mockApplyList).mockResolvedValue({ rows: [rows[2] as MockRow], total: 1 })
    vi.mocked(api.mockCancel).mockResolvedValue(subscription(503, { status: api.MOCK_SUBSCRIBE_STATUS.cancelled }))
    const { container } = render(<MockRecord />)
    await waitFor(() => expect(container.querySelector('.mk-mock-3 .mk-cancel')).not.toBeNull())
    vi.mocked(api.mockApplyList).mockResolvedValue({ rows: [mock(3, { live: 'scheduled', applied: false })], total: 1 })
    fireEvent.click(sel(container, '.mk-mock-3 .mk-cancel'))
    await waitFor(() => expect(api.mockCancel).toHaveBeenCalledWith(503))
    expect(Taro.showModal).toHaveBeenCalledWith(expect.objectContaining({ content: '确定取消「Mock 3」的报名吗？' }))
    await waitFor(() => expect(container.querySelector('.mk-mock-3 .mk-applied')).toBeNull())
    expect(vi.mocked(api.mockApplyList)).toHaveBeenCalledTimes(2)
  })

  it('business chips filter the list; pull-down and the bottom reload and page', async () => {
    vi.mocked(api.mockBusinesses).mockResolvedValue([
      { businessId: 3, businessName: 'Safety officers', examNum: 2 },
      { businessId: 4, businessName: 'Electricians', examNum: 1 },
    ])
    vi.mocked(api.mockApplyList).mockImplementation(async (q = {}) =>
      q.businessId === 4
        ? { rows: [mock(8, { businessId: 4, businessName: 'Electricians' })], total: 1 }
        : q.pageNum === 2
          ? { rows: [mock(9)], total: 3 }
          : { rows: [mock(1), mock(2)], total: 3 },
    )
    const { container } = render(<MockRecord />)
    await waitFor(() => expect(container.querySelector('.mk-chip-4')).not.toBeNull())
    await act(() => firePageEvent('reachBottom'))
    await waitFor(() => expect(container.querySelector('.mk-mock-9')).not.toBeNull())
    fireEvent.click(sel(container, '.mk-chip-4'))
    await waitFor(() => expect(container.querySelectorAll('.mk-mock')).toHaveLength(1))
    expect(container.querySelector('.mk-mock-8')).not.toBeNull()
    expect(vi.mocked(api.mockApplyList).mock.calls.at(-1)?.[0]).toMatchObject({ businessId: 4, pageNum: 1 })
    await act(() => firePageEvent('pullDownRefresh'))
    expect(vi.mocked(api.mockApplyList).mock.calls.at(-1)?.[0]).toMatchObject({ businessId: 4 })
    expect(Taro.stopPullDownRefresh).toHaveBeenCalled()
  })

  it('the schedule tab lists start times and lets an applicant in while it runs; no live-room placeholder', async () => {
    vi.mocked(api.mockBusinesses).mockResolvedValue([])
    vi.mocked(api.mockApplyList).mockResolvedValue({ rows: [], total: 0 })
    vi.mocked(api.mockLives).mockResolvedValue({
      rows: [
        mock(2, { applied: true, subscribeId: 502 }),
        mock(3, { live: 'scheduled', openTime: NOW + DAY, closeTime: NOW + 2 * DAY, canApply: true }),
      ],
      total: 2,
    })
    const { container, getByText } = render(<MockRecord />)
    await waitFor(() => expect(getByText('暂无模拟考试')).toBeTruthy())
    fireEvent.click(getByText('模考直播'))
    await waitFor(() => expect(container.querySelectorAll('.mk-mock')).toHaveLength(2))
    expect(sel(container, '.mk-mock-3 .mk-starts').textContent).toContain('开考时间')
    expect(container.textContent).not.toContain('直播间')
    expect(container.textContent).not.toContain('上线')
    fireEvent.click(sel(container, '.mk-mock-2 .mk-enter'))
    expect(navigated()).toEqual(['/pages5/exam/index?examId=2&kind=mock'])
    expect(container.querySelector('.mk-mock-3 .mk-enter')).toBeNull()
  })

  it('my applications: once the only attempt is used, 已考 and 查看成绩 instead of 进入考试 (issue 12)', async () => {
    setRouter('/pages5/mockRecord/mock_record', { tab: 'mine' })
    vi.mocked(api.mockSubscriptions).mockResolvedValue({
      rows: [
        subscription(611, { examId: 31, attemptsUsed: 1, maxAttempts: 1 }),
        subscription(612, { examId: 32, attemptsUsed: 1, maxAttempts: 1, openRecordId: 9100 }),
        subscription(613, {
          examId: 33,
          attemptsUsed: 1,
          maxAttempts: 1,
          openTime: NOW - 2 * DAY,
          closeTime: NOW - DAY,
        }),
      ],
      total: 3,
    })
    const { container } = render(<MockRecord />)
    await waitFor(() => expect(container.querySelectorAll('.mk-sub')).toHaveLength(3))
    const used = sel(container, '.mk-sub-611')
    expect(used.querySelector('.mk-enter')).toBeNull()
    expect(used.querySelector('.mk-taken')?.textContent).toBe('已考')
    expect(used.textContent).toContain('已考 1/1 次')
    expect(sel(container, '.mk-sub-612 .mk-enter').textContent).toBe('继续考试')
    expect(sel(container, '.mk-sub-613 .mk-results').textContent).toBe('查看成绩')
    fireEvent.click(sel(used, '.mk-results'))
    expect(navigated()).toEqual(['/pages5/mockRecord/mock_record_list?examId=31'])
  })

  it('my applications open their summary; scores lead to the attempts', async () => {
    setRouter('/pages5/mockRecord/mock_record', { tab: 'mine' })
    vi.mocked(api.mockSubscriptions).mockResolvedValue({
      rows: [
        subscription(601),
        subscription(602, { examId: 22, examName: 'Mock 22', openTime: NOW + DAY, closeTime: NOW + 2 * DAY }),
      ],
      total: 2,
    })
    vi.mocked(api.mockCancel).mockResolvedValue(subscription(602, { status: api.MOCK_SUBSCRIBE_STATUS.cancelled }))
    const groups: MockGroup[] = [
      { examId: 21, name: 'Mock 21', attempts: 3, bestScore: 88, lastScore: 70, lastTime: NOW - DAY, passed: true },
    ]
    vi.mocked(api.mockGroups).mockResolvedValue(groups)
    const { container, getByText } = render(<MockRecord />)
    await waitFor(() => expect(container.querySelectorAll('.mk-sub')).toHaveLength(2))
    expect(api.mockApplyList).not.toHaveBeenCalled()
    expect(sel(container, '.mk-sub-601').textContent).toContain('1101**********002X')
    expect(sel(container, '.mk-sub-601').textContent).toContain('线上考试')
    fireEvent.click(sel(container, '.mk-sub-601 .mk-enter'))
    fireEvent.click(sel(container, '.mk-sub-601'))
    expect(navigated()).toEqual([
      '/pages5/exam/index?examId=21&kind=mock',
      '/pages5/mockExam/registrationSuccess?subscribeId=601',
    ])
    fireEvent.click(sel(container, '.mk-sub-602 .mk-cancel'))
    await waitFor(() => expect(api.mockCancel).toHaveBeenCalledWith(602))

    fireEvent.click(getByText('成绩'))
    await waitFor(() => expect(container.querySelector('.mk-group-21')).not.toBeNull())
    const g = sel(container, '.mk-group-21').textContent
    expect(g).toContain('已考 3 次')
    expect(g).toContain('最高分 88')
    expect(g).toContain('最近 70')
    expect(g).toContain('已通过')
    fireEvent.click(sel(container, '.mk-group-21'))
    expect(navigated().at(-1)).toBe('/pages5/mockRecord/mock_record_list?examId=21')
  })
})

describe('attempts of a mock', () => {
  it('score, pass, time used; submitted opens the report, unfinished continues', async () => {
    setRouter('/pages5/mockRecord/mock_record_list', { examId: '21' })
    vi.mocked(api.mockRecords).mockResolvedValue({
      rows: [
        record(9001, { submitted: false, submitTime: null, performance: null, totalScore: null, reportStatus: null }),
        record(9000),
        record(8999, {
          performance: 41,
          reportStatus: 0,
          autoSubmitted: true,
          submitTime: NOW - 2 * DAY + 5400,
          startTime: NOW - 2 * DAY,
        }),
      ],
      total: 3,
    })
    const { container } = render(<MockRecordList />)
    await waitFor(() => expect(container.querySelectorAll('.mk-record')).toHaveLength(3))
    expect(api.mockRecords).toHaveBeenCalledWith({ examId: 21, pageNum: 1, pageSize: 10 }, expect.anything())
    const passed = sel(container, '.mk-record-9000').textContent
    expect(passed).toContain('82.5 分')
    expect(passed).toContain('通过')
    expect(passed).toContain('用时 30分钟')
    const failed = sel(container, '.mk-record-8999').textContent
    expect(failed).toContain('未通过')
    expect(failed).toContain('到时自动交卷')
    expect(sel(container, '.mk-record-9001').textContent).toContain('未交卷')
    fireEvent.click(sel(container, '.mk-record-9000'))
    fireEvent.click(sel(container, '.mk-record-9001'))
    expect(navigated()).toEqual([
      '/pages5/examReport/index?recordId=9000&examId=21&kind=mock',
      '/pages5/exam/index?examId=21&kind=mock',
    ])
  })
})

describe('applying for a mock', () => {
  it('prefills name and phone, checks the ID number and phone before sending, then submits and opens the result', async () => {
    useSession.getState().setUserInfo(user())
    setRouter('/pages5/mockExam/examApply', { examId: '21' })
    vi.mocked(api.mockApplyList).mockResolvedValue({
      rows: [mock(20), mock(21, { subjectId: 7, subjectName: 'Law' })],
      total: 2,
    })
    vi.mocked(api.mockApply).mockResolvedValue(subscription(601))
    const { container, findByText, getByText } = render(<MockApply />)
    await waitFor(() => expect(container.querySelector('.mk-idcard')).not.toBeNull())
    expect(sel(container, '.mk-apply-name').textContent).toBe('Mock 21')
    await waitFor(() => expect(inputValue(container, 'mk-realname')).toBe('张三'))
    expect(inputValue(container, 'mk-phone')).toBe('13812345678')
    expect(container.textContent).toContain('Law')

    act(() => {
      fill(container, 'mk-idcard', '110105194912310021')
      fill(container, 'mk-phone', '1381234567')
    })
    fireEvent.click(getByText('提交报名'))
    expect(await findByText('身份证号校验位不正确，请核对')).toBeTruthy()
    expect(getByText('请输入 11 位手机号')).toBeTruthy()
    expect(api.mockApply).not.toHaveBeenCalled()

    act(() => fill(container, 'mk-idcard', '1101051949123100'))
    fireEvent.click(getByText('提交报名'))
    expect(await findByText('身份证号应为 18 位（17 位数字加数字或 X）')).toBeTruthy()
    expect(api.mockApply).not.toHaveBeenCalled()

    act(() => fill(container, 'mk-idcard', '310104199913501235'))
    fireEvent.click(getByText('提交报名'))
    expect(await findByText('身份证号中的出生日期（第 7-14 位）不是有效日期，请核对')).toBeTruthy()
    expect(api.mockApply).not.toHaveBeenCalled()

    act(() => {
      fill(container, 'mk-idcard', '11010519491231002x')
      fill(container, 'mk-phone', '13912345678')
    })
    fireEvent.click(getByText('提交报名'))
    await waitFor(() => expect(redirected()).toEqual(['/pages5/mockExam/registrationSuccess?subscribeId=601']))
    expect(api.mockApply).toHaveBeenCalledWith({
      examId: 21,
      realName: '张三',
      idCard: VALID_ID,
      telPhone: '13912345678',
      subjectId: 7,
    })
  })

  it("reads the learner when the store has none, offers the business's subjects, and a refusal keeps the form", async () => {
    setRouter('/pages5/mockExam/examApply', { examId: '21' })
    vi.mocked(userApi.getInfo).mockResolvedValue(user({ realName: '李四', telPhone: '13700000000' }))
    vi.mocked(api.mockApplyList).mockResolvedValue({ rows: [mock(21)], total: 1 })
    vi.mocked(shop.subjects).mockResolvedValue([
      { subjectId: 7, subjectName: 'Law', businessId: 3, sort: 1, projectList: [] } as never,
      { subjectId: 8, subjectName: 'Practice', businessId: 3, sort: 2, projectList: [] } as never,
    ])
    vi.mocked(api.mockApply).mockRejectedValue(new Error('refused'))
    const { container, getByText } = render(<MockApply />)
    await waitFor(() => expect(inputValue(container, 'mk-realname')).toBe('李四'))
    expect(inputValue(container, 'mk-phone')).toBe('13700000000')
    await waitFor(() => expect(container.querySelector('.mk-subject-8')).not.toBeNull())
    expect(shop.subjects).toHaveBeenCalledWith(3, expect.anything())
    fireEvent.click(sel(container, '.mk-subject-8'))
    act(() => fill(container, 'mk-idcard', '440524198001010013'))
    fireEvent.click(getByText('提交报名'))
    await waitFor(() => expect(api.mockApply).toHaveBeenCalled())
    expect(vi.mocked(api.mockApply).mock.calls[0]?.[0]).toMatchObject({ subjectId: 8, realName: '李四' })
    expect(Taro.redirectTo).not.toHaveBeenCalled()
    expect(inputValue(container, 'mk-idcard')).toBe('440524198001010013')
  })

  it('already applied: links to the application; a closed window: no form', async () => {
    setRouter('/pages5/mockExam/examApply', { examId: '21' })
    useSession.getState().setUserInfo(user())
    vi.mocked(api.mockApplyList).mockResolvedValue({ rows: [mock(21, { applied: true, subscribeId: 601 })], total: 1 })
    const first = render(<MockApply />)
    await waitFor(() => expect(first.container.querySelector('.mk-view-application')).not.toBeNull())
    expect(first.container.querySelector('.mk-idcard')).toBeNull()
    fireEvent.click(sel(first.container, '.mk-view-application'))
    expect(redirected()).toEqual(['/pages5/mockExam/registrationSuccess?subscribeId=601'])
    first.unmount()

    vi.mocked(api.mockApplyList).mockResolvedValue({
      rows: [mock(21, { canApply: false, applyCloseTime: NOW - DAY })],
      total: 1,
    })
    const second = render(<MockApply />)
    await waitFor(() => expect(second.container.textContent).toContain('报名已截止'))
    expect(second.container.querySelector('.mk-idcard')).toBeNull()
  })
})

describe('application result', () => {
  it('masked summary, enter while the mock runs, back to the mock home', async () => {
    setRouter('/pages5/mockExam/registrationSuccess', { subscribeId: '601' })
    vi.mocked(api.mockSubscription).mockResolvedValue(subscription(601))
    const { container } = render(<RegistrationSuccess />)
    await waitFor(() => expect(container.querySelector('.mk-reg-enter')).not.toBeNull())
    expect(api.mockSubscription).toHaveBeenCalledWith(601, expect.anything())
    expect(sel(container, '.result-head-title').textContent).toBe('报名成功')
    expect(sel(container, '.mk-reg-id').textContent).toBe('1101**********002X')
    expect(sel(container, '.mk-reg-phone').textContent).toBe('138****5678')
    fireEvent.click(sel(container, '.mk-reg-enter'))
    expect(navigated()).toEqual(['/pages5/exam/index?examId=21&kind=mock'])
    fireEvent.click(sel(container, '.mk-reg-back'))
    expect(redirected()).toEqual(['/pages5/mockRecord/mock_record'])
  })

  it('before the mock opens there is nothing to enter yet', async () => {
    setRouter('/pages5/mockExam/registrationSuccess', { subscribeId: '602' })
    vi.mocked(api.mockSubscription).mockResolvedValue(
      subscription(602, { openTime: NOW + DAY, closeTime: NOW + 2 * DAY }),
    )
    const { container, findByText } = render(<RegistrationSuccess />)
    expect(await findByText('开考后可在此进入考试')).toBeTruthy()
    expect(container.querySelector('.mk-reg-enter')).toBeNull()
  })
})
