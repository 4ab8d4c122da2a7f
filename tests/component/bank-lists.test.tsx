import Taro from '@tarojs/taro'
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ChapterDone, MyBank, Paper, Stats, WrongRow } from '@/features/bank/api'
import { firePageEvent, setRouter } from '../unit/taro-double'

// The tab pages import these calls from '@/services/api/tabs' (the domain modules re-export them).
vi.mock('@/services/api/tabs', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/services/api/tabs')>()),
  records: vi.fn(),
  doNum: vi.fn(),
  wrongNum: vi.fn(),
  bankQuestionNum: vi.fn(),
  myBanks: vi.fn(),
  freePapersOfGoods: vi.fn(),
  freePapers: vi.fn(async () => []),
}))
vi.mock('@/features/bank/api', async () => {
  const tabs = await import('@/services/api/tabs')
  return {
    banks: vi.fn(),
    bankPapers: vi.fn(),
    freePapers: tabs.freePapers,
    freePapersOfGoods: tabs.freePapersOfGoods,
    myBanks: tabs.myBanks,
    bankQuestionNum: tabs.bankQuestionNum,
    wrongNum: tabs.wrongNum,
    doNum: tabs.doNum,
    records: tabs.records,
    chapterMenu: vi.fn(),
    statistics: vi.fn(),
    trend: vi.fn(),
    wrongBook: vi.fn(),
    removeWrong: vi.fn(),
  }
})

const api = await import('@/features/bank/api')
const { useSession } = await import('@/store/session')
const { storage } = await import('@/services/storage')
const { default: QuestionBank, pickBank } = await import('@/features/bank/tab/index')
const { default: BankChapters } = await import('@/features/bank/bank/detail')
const { default: FreeQuestion } = await import('@/features/bank/bank/free_question')
const { default: WrongList } = await import('@/features/bank/subject/wrong')
const { default: QuestionStatistics } = await import('@/features/bank/bank/question_statistics')
const { groupByDay } = await import('@/features/bank/bank/question_record')

function bank(bankId: number, over: Partial<MyBank> = {}): MyBank {
  return {
    bankId,
    bankName: `Bank ${bankId}`,
    goodsId: 100 + bankId,
    goodsName: `Goods ${bankId}`,
    isFree: false,
    chapterNum: 2,
    questionNum: 50,
    paperNum: 1,
    sort: bankId,
    owned: true,
    expireTime: null,
    doneNum: 10,
    rightNum: 8,
    ...over,
  }
}

function paper(paperId: number, over: Partial<Paper> = {}): Paper {
  return {
    paperId,
    paperName: `Paper ${paperId}`,
    bankId: 1,
    free: true,
    questionNum: 20,
    totalScore: 100,
    passScore: 60,
    durationMinutes: 30,
    sort: paperId,
    ...over,
  }
}

function wrong(questionId: number, over: Partial<WrongRow> = {}): WrongRow {
  return {
    questionId,
    bankId: 1,
    chapterId: 3,
    type: 1,
    title: `<p>Question ${questionId}</p>`,
    due: 1_700_000_000,
    dueToday: true,
    reps: 1,
    lapses: 0,
    wrongTimes: 2,
    consecutiveRight: 0,
    stability: 1,
    addTime: 1_700_000_000,
    lastReviewTime: null,
    ...over,
  }
}

const sel = (c: HTMLElement, s: string) => {
  const el = c.querySelector(s)
  if (!el) throw new Error(`no ${s}`)
  return el
}
const navigated = () => vi.mocked(Taro.navigateTo).mock.calls.map((c) => (c[0] as { url: string }).url)

beforeEach(() => {
  useSession.getState().clear()
})
afterEach(() => cleanup())

describe('question bank tab', () => {
  it('logged out: a welcome with login and the public free papers', async () => {
    // every free paper of the school, whatever bank holds it (a free paper usually sits in a paid bank)
    vi.mocked(api.freePapers).mockResolvedValue([paper(7), paper(8)])
    const { container } = render(<QuestionBank />)
    await waitFor(() => expect(container.querySelectorAll('.qb-free-paper')).toHaveLength(2))
    expect(container.querySelector('.paper-item-7')?.textContent).toContain('Paper 7')
    expect(api.myBanks).not.toHaveBeenCalled()
    fireEvent.click(sel(container, '.qb-login'))
    expect(navigated()).toContain('/pages4/login/login?isBack=1')
    fireEvent.click(sel(container, '.paper-item-7'))
    expect(navigated()).toContain('/pages2/bank/question_detail?paperId=7')
  })

  it('logged in: owned banks, entries with counts, the continue card, switch remembers the bank', async () => {
    useSession.getState().setLogin({ token: 't', userAccount: 'u1' })
    vi.mocked(api.myBanks).mockResolvedValue([bank(1), bank(2, { owned: false })])
    vi.mocked(api.bankQuestionNum).mockImplementation(async (id) => ({
      bankId: id,
      questionNum: 50,
      doneNum: id === 1 ? 12 : 0,
      rightNum: 9,
      wrongNum: 6,
      collectNum: 4,
      byType: [],
    }))
    vi.mocked(api.wrongNum).mockResolvedValue({ total: 6, dueToday: 3 })
    vi.mocked(api.doNum).mockResolvedValue({ doneNum: 12, rightNum: 9, answerNum: 30, todayNum: 5 })
    vi.mocked(api.records).mockResolvedValue({
      rows: [
        {
          recordId: 44,
          mode: 'practice',
          scope: 'chapter',
          title: 'Chapter A',
          bankId: 1,
          chapterId: 3,
          paperId: null,
          examId: null,
          deadlineTime: null,
          autoSubmitted: false,
          questionNum: 10,
          answeredNum: 4,
          submitted: false,
          startTime: 1_700_000_000,
          submitTime: null,
          lastAnswerTime: null,
          performance: null,
          totalScore: null,
          rightRate: null,
          reportStatus: null,
        },
      ],
      total: 1,
    })
    const { container } = render(<QuestionBank />)
    await waitFor(() => expect(container.querySelector('.qb-bank-name')?.textContent).toBe('Bank 1'))
    await waitFor(() => expect(container.querySelector('.qb-entry-wrong .qb-entry-count')?.textContent).toBe('3'))
    expect(api.bankQuestionNum).toHaveBeenCalledWith(1, expect.anything())
    expect(container.querySelector('.qb-today-num')?.textContent).toBe('5')
    expect(container.querySelector('.qb-done-num')?.textContent).toBe('12')
    for (const k of ['daily', 'random', 'chapter', 'paper', 'wrong', 'collect', 'record', 'stats'])
      expect(container.querySelector(`.qb-entry-${k}`)).not.toBeNull()
    // issue 12: the 11 entries were identical blank squares; each now draws its own glyph of the icon set
    const masks = [...container.querySelectorAll('.qb-entry .qb-entry-icon .icon')].map(
      (el) =>
        (el as HTMLElement).style.webkitMaskImage || (el as HTMLElement).style.maskImage || el.getAttribute('style'),
    )
    expect(masks).toHaveLength(11)
    for (const m of masks) expect(m).toContain('data:image/svg+xml;base64,')
    expect(new Set(masks).size).toBe(11)

    fireEvent.click(sel(container, '.qb-entry-chapter'))
    fireEvent.click(sel(container, '.qb-entry-wrong'))
    fireEvent.click(sel(container, '.qb-continue'))
    expect(navigated()).toEqual([
      '/pages2/bank/detail?bankId=1',
      '/pages2/subject/wrongBank?bankId=1',
      '/pages2/bank/questionBankContinue?recordId=44',
    ])

    // switch to the bank not owned: it is remembered, its counts load, and it offers 'buy'
    fireEvent.click(sel(container, '.qb-bank-switch'))
    fireEvent.click(sel(container, '.qb-bank-option-2'))
    await waitFor(() => expect(container.querySelector('.qb-bank-name')?.textContent).toBe('Bank 2'))
    expect(storage.get('bank_id')).toBe(2)
    await waitFor(() => expect(api.bankQuestionNum).toHaveBeenCalledWith(2, expect.anything()))
    fireEvent.click(sel(container, '.qb-bank-switch .qb-buy'))
    expect(navigated()).toContain('/pages3/course/detail?id=102')
  })

  it('issue 25: coming back to the tab after a review shows the new 今日待复习 count', async () => {
    useSession.getState().setLogin({ token: 't', userAccount: 'u1' })
    storage.set('bank_id', 1)
    vi.mocked(api.myBanks).mockResolvedValue([bank(1)])
    vi.mocked(api.bankQuestionNum).mockResolvedValue({
      bankId: 1,
      questionNum: 50,
      doneNum: 1,
      rightNum: 0,
      wrongNum: 1,
      collectNum: 0,
      byType: [],
    })
    vi.mocked(api.doNum).mockResolvedValue({ doneNum: 1, rightNum: 0, answerNum: 1, todayNum: 1 })
    vi.mocked(api.records).mockResolvedValue({ rows: [], total: 0 })
    vi.mocked(api.wrongNum).mockResolvedValue({ total: 1, dueToday: 1 })
    const { container } = render(<QuestionBank />)
    await waitFor(() => expect(container.querySelector('.qb-due-num')?.textContent).toBe('1'))
    expect(container.querySelector('.qb-entry-wrong .qb-badge')?.textContent).toBe('1')
    // the learner reviews the question right on another page, then comes back to the tab
    vi.mocked(api.wrongNum).mockResolvedValue({ total: 1, dueToday: 0 })
    vi.mocked(api.doNum).mockResolvedValue({ doneNum: 1, rightNum: 1, answerNum: 2, todayNum: 2 })
    await act(() => firePageEvent('didShow'))
    await waitFor(() => expect(container.querySelector('.qb-due-num')?.textContent).toBe('0'))
    expect(container.querySelector('.qb-today-num')?.textContent).toBe('2')
    expect(container.querySelector('.qb-entry-wrong .qb-badge')).toBeNull()
    // the wrong book's entry follows: nothing due, no red badge; the book's size as a quiet count
    expect(container.querySelector('.qb-entry-wrong .qb-entry-count.is-muted')?.textContent).toBe('1')
  })

  it("issue 25: logged in, the tab's 免费试卷 card lists the school's free papers", async () => {
    useSession.getState().setLogin({ token: 't', userAccount: 'u1' })
    vi.mocked(api.myBanks).mockResolvedValue([bank(1)])
    vi.mocked(api.bankQuestionNum).mockResolvedValue({
      bankId: 1,
      questionNum: 50,
      doneNum: 0,
      rightNum: 0,
      wrongNum: 0,
      collectNum: 0,
      byType: [],
    })
    vi.mocked(api.doNum).mockResolvedValue({ doneNum: 0, rightNum: 0, answerNum: 0, todayNum: 0 })
    vi.mocked(api.records).mockResolvedValue({ rows: [], total: 0 })
    vi.mocked(api.wrongNum).mockResolvedValue({ total: 0, dueToday: 0 })
    vi.mocked(api.freePapers).mockResolvedValue([paper(3, { paperName: '免费试卷·法律法规基础练习' })])
    const { container } = render(<QuestionBank />)
    await waitFor(() => expect(container.querySelector('.qb-bank-name')?.textContent).toBe('Bank 1'))
    await waitFor(() => expect(container.querySelectorAll('.qb-free-paper')).toHaveLength(1))
    expect(sel(container, '.paper-item-3').textContent).toContain('免费试卷·法律法规基础练习')
    // a practice paper is not timed: its minutes are a suggestion
    expect(sel(container, '.paper-item-3').textContent).toContain('建议用时 30 分钟')
    // logged in, a tap takes the paper (not the logged-out preview)
    fireEvent.click(sel(container, '.paper-item-3'))
    expect(navigated()).toContain('/pages2/bank/questionBankTest?paperId=3')
  })

  it('pickBank: the remembered bank, else the first owned', () => {
    const list = [bank(1, { owned: false }), bank(2), bank(3)]
    expect(pickBank(list, 3)?.bankId).toBe(3)
    expect(pickBank(list, 9)?.bankId).toBe(2)
    expect(pickBank([], 1)).toBeUndefined()
  })
})

describe('chapters', () => {
  it('shows progress per chapter and opens the player with the chapter scope', async () => {
    useSession.getState().setLogin({ token: 't', userAccount: 'u1' })
    setRouter('/pages2/bank/detail', { bankId: '5' })
    const rows: ChapterDone[] = [
      {
        chapterId: 31,
        chapterName: 'Ch 1',
        bankId: 5,
        questionNum: 40,
        sort: 1,
        doneNum: 10,
        rightNum: 8,
        rightRate: 80,
      },
      {
        chapterId: 32,
        chapterName: 'Ch 2',
        bankId: 5,
        questionNum: 20,
        sort: 2,
        doneNum: 0,
        rightNum: 0,
        rightRate: 0,
      },
    ]
    vi.mocked(api.chapterMenu).mockResolvedValue(rows)
    const { container } = render(<BankChapters />)
    await waitFor(() => expect(container.querySelectorAll('.chapter-item')).toHaveLength(2))
    expect(api.chapterMenu).toHaveBeenCalledWith(5, expect.anything())
    const first = sel(container, '.chapter-item-31')
    expect(first.textContent).toContain('10/40')
    expect(first.textContent).toContain('80%')
    expect((first.querySelector('.qb-bar-fill') as HTMLElement).style.width).toBe('25%')
    fireEvent.click(first)
    expect(navigated()).toEqual(['/pages2/bank/questionBank?bankId=5&chapterId=31&scope=chapter&mode=practice'])
  })

  it('logged out: replaced by login', async () => {
    setRouter('/pages2/bank/detail', { bankId: '5' })
    render(<BankChapters />)
    await waitFor(() => expect(Taro.redirectTo).toHaveBeenCalledWith({ url: '/pages4/login/login?isBack=1' }))
    expect(api.chapterMenu).not.toHaveBeenCalled()
  })
})

describe('free papers page', () => {
  it('lists every free paper of the school (a paid bank holds the free paper); a tap takes it', async () => {
    useSession.getState().setLogin({ token: 't', userAccount: 'u1' })
    setRouter('/pages2/bank/free_question', {})
    vi.mocked(api.freePapers).mockResolvedValue([paper(3, { bankId: 1, paperName: '免费试卷·法律法规基础练习' })])
    vi.mocked(api.banks).mockResolvedValue([])
    const { container } = render(<FreeQuestion />)
    await waitFor(() => expect(container.querySelectorAll('.qb-free-paper')).toHaveLength(1))
    expect(container.textContent).toContain('免费试卷·法律法规基础练习')
    fireEvent.click(sel(container, '.paper-item-3'))
    expect(navigated()).toContain('/pages2/bank/questionBankTest?paperId=3')
  })
})

describe('wrong book', () => {
  it('remove asks, calls the API and drops the row; review opens the engine', async () => {
    useSession.getState().setLogin({ token: 't', userAccount: 'u1' })
    setRouter('/pages2/subject/wrong', { bankId: '1' })
    vi.mocked(api.wrongBook).mockResolvedValue({ rows: [wrong(11), wrong(12, { dueToday: false })], total: 2 })
    vi.mocked(api.removeWrong).mockResolvedValue({ removed: 1 })
    vi.mocked(Taro.showModal).mockResolvedValue({ confirm: true, cancel: false, errMsg: 'ok' })
    const { container } = render(<WrongList />)
    await waitFor(() => expect(container.querySelectorAll('.wrong-item')).toHaveLength(2))
    expect(vi.mocked(api.wrongBook).mock.calls[0]?.[0]).toMatchObject({ bankId: 1, pageNum: 1 })
    expect(sel(container, '.wrong-item-11').textContent).toContain('Question 11')

    fireEvent.click(sel(container, '.wrong-item-12 .wrong-review'))
    expect(navigated()).toEqual(['/pages2/bank/wrongById?bankId=1&type=1&questionId=12&all=1'])

    fireEvent.click(sel(container, '.wrong-item-11 .wrong-remove'))
    await waitFor(() => expect(api.removeWrong).toHaveBeenCalledWith([11]))
    await waitFor(() => expect(container.querySelectorAll('.wrong-item')).toHaveLength(1))
    expect(container.querySelector('.wrong-item-11')).toBeNull()
  })

  it('says how many times the learner answered each question wrong', async () => {
    useSession.getState().setLogin({ token: 't', userAccount: 'u1' })
    setRouter('/pages2/subject/wrong', { bankId: '1' })
    // FSRS lapses stay 0 until a card reaches review: the count is the server's wrongTimes
    vi.mocked(api.wrongBook).mockResolvedValue({
      rows: [wrong(11, { lapses: 0, wrongTimes: 2 }), wrong(12, { lapses: 0, wrongTimes: 0 })],
      total: 2,
    })
    const { container } = render(<WrongList />)
    await waitFor(() => expect(container.querySelectorAll('.wrong-item')).toHaveLength(2))
    expect(sel(container, '.wrong-item-11').textContent).toContain('错 2 次')
    expect(sel(container, '.wrong-item-11').textContent).not.toContain('错 0 次')
    expect(sel(container, '.wrong-item-12').textContent).toContain('手动加入')
  })

  it('a cancelled remove keeps the row', async () => {
    useSession.getState().setLogin({ token: 't', userAccount: 'u1' })
    vi.mocked(api.wrongBook).mockResolvedValue({ rows: [wrong(11)], total: 1 })
    vi.mocked(Taro.showModal).mockResolvedValue({ confirm: false, cancel: true, errMsg: 'ok' })
    const { container } = render(<WrongList />)
    await waitFor(() => expect(container.querySelectorAll('.wrong-item')).toHaveLength(1))
    fireEvent.click(sel(container, '.wrong-remove'))
    await waitFor(() => expect(Taro.showModal).toHaveBeenCalled())
    expect(api.removeWrong).not.toHaveBeenCalled()
    expect(container.querySelectorAll('.wrong-item')).toHaveLength(1)
  })
})

describe('statistics', () => {
  it('renders the numbers from the API and refreshes on pull-down', async () => {
    useSession.getState().setLogin({ token: 't', userAccount: 'u1' })
    setRouter('/pages2/bank/question_statistics', { bankId: '1' })
    const stats: Stats = {
      doneNum: 42,
      rightNum: 30,
      rightRate: 71.43,
      answerNum: 60,
      timeSpentSeconds: 1800,
      recordNum: 5,
      submittedNum: 3,
      byChapter: [
        {
          chapterId: 3,
          chapterName: 'Ch 3',
          questionNum: 50,
          doneNum: 42,
          rightNum: 30,
          rightRate: 71.43,
          answerNum: 60,
        },
      ],
      byType: [{ type: 2, questionNum: 10, doneNum: 5, rightNum: 4, rightRate: 80, answerNum: 6 }],
    }
    vi.mocked(api.statistics).mockResolvedValue(stats)
    vi.mocked(api.trend).mockResolvedValue([
      { date: '2024-01-01', answerNum: 2, rightNum: 1, rightRate: 50, timeSpentSeconds: 60 },
      { date: '2024-01-02', answerNum: 4, rightNum: 4, rightRate: 100, timeSpentSeconds: 120 },
    ])
    const { container } = render(<QuestionStatistics />)
    await waitFor(() => expect(container.querySelector('.stats-done')?.textContent).toBe('42'))
    expect(container.querySelector('.stats-rate')?.textContent).toBe('71.4%')
    expect(container.querySelector('.stats-time')?.textContent).toBe('30')
    expect(sel(container, '.stats-chapter-3').textContent).toContain('Ch 3')
    expect(sel(container, '.stats-type-2').textContent).toContain('80%')
    // the 30 days as a chart: the right-rate line through both days (50 % then 100 %) over two answer bars
    const img = sel(container, '.chart-trend-img')
    const src = img.getAttribute('src') ?? (img as HTMLElement & { src?: string }).src ?? ''
    const svg = atob(src.replace('data:image/svg+xml;base64,', ''))
    expect(svg.match(/<circle /g)).toHaveLength(2)
    expect(svg.match(/<rect /g)).toHaveLength(2)
    expect(svg).toMatch(/<path d="M[\d.]+ 130 L[\d.]+ 10"/)
    expect(sel(container, '.stats-chapter-3 .chart-bar-fill').getAttribute('style')).toContain('width: 71.43%')
    expect(api.statistics).toHaveBeenCalledWith(1, expect.anything())

    vi.mocked(api.statistics).mockResolvedValue({ ...stats, doneNum: 43 })
    await act(() => firePageEvent('pullDownRefresh'))
    await waitFor(() => expect(container.querySelector('.stats-done')?.textContent).toBe('43'))
    expect(Taro.stopPullDownRefresh).toHaveBeenCalled()
  })

  it('shows an error with retry', async () => {
    useSession.getState().setLogin({ token: 't', userAccount: 'u1' })
    vi.mocked(api.statistics).mockRejectedValueOnce(new Error('down'))
    vi.mocked(api.trend).mockResolvedValue([])
    const { container, getByText } = render(<QuestionStatistics />)
    await waitFor(() => expect(getByText('重试')).toBeTruthy())
    vi.mocked(api.statistics).mockResolvedValue({
      doneNum: 1,
      rightNum: 1,
      rightRate: 100,
      answerNum: 1,
      timeSpentSeconds: 0,
      recordNum: 1,
      submittedNum: 1,
      byChapter: [],
      byType: [],
    })
    fireEvent.click(getByText('重试'))
    await waitFor(() => expect(container.querySelector('.stats-done')?.textContent).toBe('1'))
  })
})

describe('records', () => {
  it('groups attempts by day in list order', () => {
    const base = { mode: 'practice', scope: 'chapter', title: 'x', submitted: true } as const
    const r = (id: number, t: number) =>
      ({ ...base, recordId: id, startTime: t, submitTime: t }) as unknown as Parameters<typeof groupByDay>[0][number]
    const day = 86_400
    const g = groupByDay([r(1, 1_700_000_000), r(2, 1_700_000_000 - 60), r(3, 1_700_000_000 - 2 * day)])
    expect(g.map((x) => x.rows.map((y) => y.recordId))).toEqual([[1, 2], [3]])
  })
})
