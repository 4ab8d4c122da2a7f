import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

vi.mock('@tarojs/taro', async (importOriginal) => {
  const { createTaroDouble } = await import('../unit/taro-double')
  let actual: Record<string, unknown> = {}
  try {
    const mod = (await importOriginal()) as { default?: Record<string, unknown> }
    actual = mod.default ?? (mod as Record<string, unknown>)
  } catch {
    actual = {}
  }
  const Taro = {
    ...createTaroDouble(actual),
    getSystemInfoSync: () => ({ statusBarHeight: 0 }),
    onNetworkStatusChange: () => undefined,
    onAppShow: () => undefined,
  }
  return { ...Taro, default: Taro }
})

vi.mock('@/features/bank/api', async () => {
  const codes = await import('../../contract/schemas/bank-codes')
  return {
    ...codes,
    answeredAtNow: () => Date.now() / 1000,
    startRecord: vi.fn(),
    startPaper: vi.fn(),
    record: vi.fn(),
    saveAnswers: vi.fn(async () => ({ saved: 1 })),
    submitRecord: vi.fn(),
    checkUnfinished: vi.fn(),
    collectInfo: vi.fn(async () => ({ collected: false, collectId: null })),
    collect: vi.fn(async () => ({ collectId: 1 })),
    uncollect: vi.fn(async () => null),
    questionsByIds: vi.fn(async () => []),
    reviewWrong: vi.fn(),
    wrongTypeQuestions: vi.fn(async () => []),
    wrongChapterQuestions: vi.fn(async () => []),
  }
})

const Taro = (await import('@tarojs/taro')).default
const { setRouter, memoryStorage } = await import('../unit/taro-double')
const api = await import('@/features/bank/api')
const { ApiError } = await import('@/services/http/error')
const queue = await import('@/features/bank/answer-queue')
const { storage } = await import('@/services/storage')
const { default: QuestionBank } = await import('@/features/bank/bank/questionBank')
const { default: QuestionBankTest } = await import('@/features/bank/bank/questionBankTest')
const { default: QuestionBankContinue } = await import('@/features/bank/bank/questionBankContinue')
const { default: Report } = await import('@/features/bank/bank/question_report')
const { default: WrongExplain } = await import('@/features/bank/bank/questionBankWrongExplain')
const { default: WrongById } = await import('@/features/bank/bank/wrongById')

type Detail = Awaited<ReturnType<typeof api.record>>
type Q = Detail['questions'][number]

const opt = (labels: string) => labels.split('').map((label) => ({ label, content: `opt ${label}` }))
function question(id: number, over: Partial<Q>): Q {
  return {
    questionId: id,
    bankId: 1,
    chapterId: 1,
    type: 1,
    title: `question ${id}`,
    optionsList: opt('AB'),
    score: 2,
    partScore: null,
    difficulty: 1,
    subQuestions: [],
    ans: 'A',
    analysis: `analysis ${id}`,
    sort: id,
    ...over,
  }
}

function questions(withAnswers = true): Q[] {
  const hide = (q: Q): Q => (withAnswers ? q : { ...q, ans: null, analysis: null })
  return [
    question(1, { type: 1, ans: 'A' }),
    question(2, { type: 2, ans: 'A,C', optionsList: opt('ABCD'), partScore: 1 }),
    question(3, { type: 3, ans: 'A', optionsList: [] }),
    question(4, {
      type: 4,
      optionsList: [],
      ans: '',
      subQuestions: [
        { type: 1, title: 'sub 1', optionsList: opt('AB'), score: 1, partScore: null, ans: 'B', analysis: 'sub a 1' },
        { type: 3, title: 'sub 2', optionsList: [], score: 1, partScore: null, ans: 'A', analysis: 'sub a 2' },
      ],
    }),
    question(5, { type: 5, optionsList: [], ans: 'reference text' }),
  ].map(hide)
}

function detail(over: Partial<Detail> = {}): Detail {
  return {
    examId: null,
    deadlineTime: null,
    autoSubmitted: false,
    recordId: 7,
    mode: 'practice',
    scope: 'chapter',
    title: 'Chapter 1',
    bankId: 1,
    chapterId: 1,
    paperId: null,
    questionNum: 5,
    answeredNum: 0,
    submitted: false,
    startTime: 1,
    submitTime: null,
    lastAnswerTime: null,
    performance: null,
    totalScore: null,
    rightRate: null,
    reportStatus: null,
    resumed: false,
    suggestedMinutes: null,
    questions: questions(),
    answers: [],
    report: null,
    ...over,
  }
}

const report = {
  reportStatus: 1 as const,
  performance: 8,
  totalScore: 10,
  doQuestionNum: 5,
  doQuestionIds: [1, 2, 3, 4, 5],
  rightQuestionIds: [1, 3, 4],
  rightQuestionNum: 3,
  questionIds: [2],
  lessQuestionNum: 1,
  rightRate: 60,
  totalQuestionNum: 5,
  passScore: 6,
  timeSpentSeconds: 125,
}

const $ = (c: ParentNode, sel: string) => c.querySelector(sel) as HTMLElement | null
function tap(c: ParentNode, cls: string) {
  const el = $(c, `.${cls}`)
  if (!el) throw new Error(`no .${cls}`)
  act(() => {
    fireEvent.click(el)
  })
}

async function open(Page: () => JSX.Element, params: Record<string, string>) {
  setRouter('/pages2/bank/questionBank', params)
  const r = render(<Page />)
  await waitFor(() => expect($(r.container, '.question-card')).not.toBeNull())
  return r
}

beforeEach(() => {
  memoryStorage.clear()
  queue.resetAnswerQueue()
  storage.set('user_account', 'u1')
  vi.mocked(api.record).mockReset()
  vi.mocked(api.startRecord).mockReset()
  vi.mocked(api.startPaper).mockReset()
  vi.mocked(api.submitRecord).mockReset()
  vi.mocked(api.saveAnswers).mockReset()
  vi.mocked(api.saveAnswers).mockImplementation(async () => ({}) as never)
  vi.mocked(api.record).mockImplementation(async () => detail())
  vi.mocked(Taro.redirectTo).mockClear()
  vi.mocked(Taro.navigateTo).mockClear()
  vi.mocked(Taro.showModal).mockClear()
})
afterEach(() => cleanup())

describe('practice mode: the five types', () => {
  it('single choice: right shows right with the analysis, and the answer is saved', async () => {
    const { container } = await open(QuestionBank, { recordId: '7' })
    expect($(container, '.question-feedback')).toBeNull()
    expect($(container, '.question-analysis')).toBeNull()
    tap(container, 'option-A')
    expect($(container, '.question-feedback.is-right')).not.toBeNull()
    expect($(container, '.question-analysis')).not.toBeNull()
    await waitFor(() => expect(api.saveAnswers).toHaveBeenCalled())
    const [recordId, answers] = vi.mocked(api.saveAnswers).mock.calls[0]
    expect(recordId).toBe(7)
    expect(answers[0]).toMatchObject({ questionId: 1, ques: 'A' })
  })

  it('single choice: wrong shows wrong', async () => {
    const { container } = await open(QuestionBank, { recordId: '7' })
    tap(container, 'option-B')
    expect($(container, '.question-feedback.is-wrong')).not.toBeNull()
    expect($(container, '.option-A.is-correct')).not.toBeNull()
  })

  it('multiple choice waits for confirm, and a subset of the right options is partial', async () => {
    const { container } = await open(QuestionBank, { recordId: '7' })
    tap(container, 'q-next')
    expect($(container, '.question-type-2')).not.toBeNull()
    tap(container, 'option-A')
    expect($(container, '.option-A.is-chosen')).not.toBeNull()
    expect($(container, '.question-feedback')).toBeNull()
    tap(container, 'option-confirm')
    expect($(container, '.question-feedback.is-partial')).not.toBeNull()
    expect($(container, '.question-analysis')).not.toBeNull()
  })

  it('judgement without options offers true / false', async () => {
    const { container } = await open(QuestionBank, { recordId: '7' })
    tap(container, 'q-next')
    tap(container, 'q-next')
    expect($(container, '.question-type-3')).not.toBeNull()
    tap(container, 'option-A')
    expect($(container, '.question-feedback.is-right')).not.toBeNull()
  })

  it('composite: each sub-question is answerable; all right is right', async () => {
    const { container } = await open(QuestionBank, { recordId: '7' })
    for (let i = 0; i < 3; i++) tap(container, 'q-next')
    expect($(container, '.question-type-4')).not.toBeNull()
    tap(container, 'sub-0-option-B')
    tap(container, 'sub-1-option-B')
    tap(container, 'option-confirm')
    expect($(container, '.question-feedback.is-partial')).not.toBeNull()
    tap(container, 'sub-1-option-A')
    tap(container, 'option-confirm')
    expect($(container, '.question-feedback.is-right')).not.toBeNull()
    await waitFor(() =>
      expect(vi.mocked(api.saveAnswers).mock.calls.flatMap((c) => c[1])).toContainEqual(
        expect.objectContaining({ questionId: 4, ques: ['B', 'A'] }),
      ),
    )
  })

  it('essay takes text and is pending marking, with the reference answer', async () => {
    const { container } = await open(QuestionBank, { recordId: '7' })
    for (let i = 0; i < 4; i++) tap(container, 'q-next')
    const host = $(container, '.essay-input')
    if (!host) throw new Error('no essay input')
    const el = (host.querySelector('textarea') ?? host) as HTMLTextAreaElement
    act(() => {
      el.value = 'my essay'
      fireEvent.input(el, { target: { value: 'my essay' }, detail: { value: 'my essay' } })
      host.dispatchEvent(new CustomEvent('input', { detail: { value: 'my essay' }, bubbles: true }))
    })
    tap(container, 'option-confirm')
    expect($(container, '.question-feedback.is-pending')).not.toBeNull()
    await waitFor(() =>
      expect(vi.mocked(api.saveAnswers).mock.calls.flatMap((c) => c[1])).toContainEqual(
        expect.objectContaining({ questionId: 5, ques: { text: 'my essay', imageList: [] } }),
      ),
    )
  })

  it('memorise view shows answers and analysis without answering', async () => {
    const { container } = await open(QuestionBank, { recordId: '7' })
    tap(container, 'mode-memorise')
    expect($(container, '.option-A.is-correct')).not.toBeNull()
    expect($(container, '.question-analysis')).not.toBeNull()
    tap(container, 'option-B')
    expect($(container, '.question-feedback')).toBeNull()
  })
})

describe('answer sheet and resume', () => {
  it('the answer sheet jumps to a question and colours answered ones', async () => {
    const { container } = await open(QuestionBank, { recordId: '7' })
    tap(container, 'option-A')
    tap(container, 'sheet-open')
    await waitFor(() => expect($(document, '.sheet-item-3')).not.toBeNull())
    expect($(document, '.sheet-item-0.is-right')).not.toBeNull()
    tap(document, 'sheet-item-3')
    expect($(container, '.question-type-4')).not.toBeNull()
  })

  it('resume shows saved answers (server and device) on the question the learner was on', async () => {
    queue.savePosition(7, 1)
    vi.mocked(api.saveAnswers).mockImplementation(async () => {
      throw new ApiError(-1, 'offline')
    })
    queue.enqueue({ recordId: 7, questionId: 2, ques: 'A,C', answeredAt: 200 })
    vi.mocked(api.record).mockImplementation(async () =>
      detail({ answers: [{ questionId: 1, ques: 'B', answeredAt: 100, state: 'wrong', earned: 0 }], resumed: true }),
    )
    const { container } = await open(QuestionBank, { recordId: '7' })
    expect($(container, '.question-type-2')).not.toBeNull()
    expect($(container, '.option-A.is-chosen')).not.toBeNull()
    expect($(container, '.option-C.is-chosen')).not.toBeNull()
    expect($(container, '.question-feedback.is-right')).not.toBeNull()
    expect($(container, '.answer-offline-banner')).not.toBeNull()
    tap(container, 'q-prev')
    expect($(container, '.option-B.is-chosen')).not.toBeNull()
    expect($(container, '.question-feedback.is-wrong')).not.toBeNull()
  })

  it('continue opens the unfinished attempt at its first unanswered question', async () => {
    vi.mocked(api.checkUnfinished).mockImplementation(async () => ({ recordId: 7, answeredNum: 2, questionNum: 5 }))
    vi.mocked(api.record).mockImplementation(async () =>
      detail({
        answers: [
          { questionId: 1, ques: 'A', answeredAt: 1, state: 'right', earned: 2 },
          { questionId: 2, ques: 'A,C', answeredAt: 2, state: 'right', earned: 2 },
        ],
      }),
    )
    const { container } = await open(QuestionBankContinue, { chapterId: '1', bankId: '1' })
    expect(api.checkUnfinished).toHaveBeenCalledWith(
      expect.objectContaining({ scope: 'chapter', chapterId: 1, mode: 'practice' }),
      expect.anything(),
    )
    expect($(container, '.question-type-3')).not.toBeNull()
  })

  it('a bank the learner does not own says so, with a link to the goods', async () => {
    vi.mocked(api.startRecord).mockImplementation(async () => {
      throw new ApiError(612, 'not entitled')
    })
    setRouter('/pages2/bank/questionBank', { chapterId: '1', goodsId: '9' })
    const { findByText } = render(<QuestionBank />)
    expect(await findByText('你还没有开通这个题库')).toBeTruthy()
    fireEvent.click(await findByText('去开通'))
    expect(Taro.navigateTo).toHaveBeenCalledWith({ url: '/pages3/course/detail?id=9' })
  })
})

describe('test mode and report', () => {
  it('shows no feedback before submit; submit asks about unanswered, then opens the report', async () => {
    vi.mocked(api.startPaper).mockImplementation(async () =>
      detail({ mode: 'test', scope: 'paper', paperId: 3, questions: questions(false) }),
    )
    vi.mocked(api.submitRecord).mockImplementation(async () => ({ report }) as never)
    const { container } = await open(QuestionBankTest, { paperId: '3' })
    expect(api.startPaper).toHaveBeenCalledWith(3, 'test', expect.anything())
    tap(container, 'option-B')
    expect($(container, '.option-B.is-chosen')).not.toBeNull()
    expect($(container, '.question-feedback')).toBeNull()
    expect($(container, '.question-analysis')).toBeNull()
    tap(container, 'q-next')
    tap(container, 'option-A')
    expect($(container, '.question-feedback')).toBeNull()
    expect($(container, '.option-confirm')).toBeNull()
    tap(container, 'q-submit')
    await waitFor(() =>
      expect(Taro.redirectTo).toHaveBeenCalledWith({ url: '/pages2/bank/question_report?recordId=7' }),
    )
    expect(vi.mocked(Taro.showModal).mock.calls[0][0]).toMatchObject({ content: expect.stringContaining('3') })
    expect(api.submitRecord).toHaveBeenCalledWith(7, [])
    const sentIds = vi.mocked(api.saveAnswers).mock.calls.flatMap((c) => c[1].map((a) => a.questionId))
    expect(sentIds).toEqual(expect.arrayContaining([1, 2]))
  })

  it('refuses to submit while answers are unsent, and offers retry', async () => {
    vi.mocked(api.startPaper).mockImplementation(async () => detail({ mode: 'test', questions: questions(false) }))
    vi.mocked(api.saveAnswers).mockImplementation(async () => {
      throw new ApiError(-1, 'offline')
    })
    vi.mocked(Taro.showModal).mockImplementation(async (o?: unknown) => ({
      confirm: !String((o as { content: string }).content).includes('本机'),
      cancel: false,
      errMsg: 'ok',
    }))
    const { container } = await open(QuestionBankTest, { paperId: '3' })
    tap(container, 'option-A')
    tap(container, 'q-submit')
    await waitFor(() =>
      expect(
        vi
          .mocked(Taro.showModal)
          .mock.calls.some((c) => String((c[0] as { content: string }).content).includes('本机')),
      ).toBe(true),
    )
    expect(api.submitRecord).not.toHaveBeenCalled()
    expect(queue.pending(7)).toHaveLength(1)
    vi.mocked(Taro.showModal).mockImplementation(async () => ({ confirm: true, cancel: false, errMsg: 'ok' }))
  })

  it('the report shows score, pass and rate, and links to the explanations', async () => {
    vi.mocked(api.record).mockImplementation(async () => detail({ submitted: true, report }))
    setRouter('/pages2/bank/question_report', { recordId: '7' })
    const { container } = render(<Report />)
    await waitFor(() => expect($(container, '.report-score')?.textContent).toBe('8'))
    expect($(container, '.report-status.is-pass')).not.toBeNull()
    expect($(container, '.report-rate')?.textContent).toBe('60%')
    tap(container, 'report-wrong-explain')
    expect(Taro.navigateTo).toHaveBeenCalledWith({ url: '/pages2/bank/questionBankWrongExplain?recordId=7' })
    tap(container, 'report-all-explain')
    expect(Taro.navigateTo).toHaveBeenCalledWith({ url: '/pages2/bank/questionBankAllExplain?recordId=7' })
  })

  it('wrong explanations list only wrong / partial questions with the analysis', async () => {
    vi.mocked(api.record).mockImplementation(async () =>
      detail({
        submitted: true,
        report,
        answers: [
          { questionId: 1, ques: 'A', answeredAt: 1, state: 'right', earned: 2 },
          { questionId: 2, ques: 'A', answeredAt: 2, state: 'partial', earned: 1 },
        ],
      }),
    )
    setRouter('/pages2/bank/questionBankWrongExplain', { recordId: '7' })
    const { container } = render(<WrongExplain />)
    await waitFor(() => expect(container.querySelectorAll('.question-card')).toHaveLength(1))
    expect($(container, '.explain-item-2 .question-feedback.is-partial')).not.toBeNull()
    expect($(container, '.explain-item-2 .question-analysis')).not.toBeNull()
  })
})

describe('wrong-book review (issue 25)', () => {
  type WrongQ = Awaited<ReturnType<typeof api.wrongTypeQuestions>>[number]
  const row = (over: Partial<WrongQ['wrong']> = {}): WrongQ['wrong'] => ({
    questionId: 1,
    bankId: 1,
    chapterId: 1,
    type: 1,
    title: 'question 1',
    due: 1_700_000_000,
    dueToday: true,
    reps: 1,
    // FSRS lapses stay 0 while the card is still learning: not the number of wrong answers
    lapses: 0,
    wrongTimes: 1,
    consecutiveRight: 0,
    stability: 0.2,
    addTime: 1_700_000_000,
    lastReviewTime: 1_700_000_000,
    ...over,
  })

  it('says how many times the learner answered the question wrong, and counts a wrong review at once', async () => {
    vi.mocked(api.wrongTypeQuestions).mockResolvedValue([{ ...question(1, { type: 1, ans: 'A' }), wrong: row() }])
    vi.mocked(api.reviewWrong).mockResolvedValue({
      questionId: 1,
      inBook: true,
      state: 'wrong',
      wrong: row({ wrongTimes: 2, lapses: 0 }),
    })
    const { container } = await open(WrongById, { bankId: '1', type: '1' })
    expect($(container, '.player-bar .player-mode')?.textContent).toBe('错过 1 次')
    tap(container, 'option-B')
    await waitFor(() => expect($(container, '.question-feedback.is-wrong')).not.toBeNull())
    await waitFor(() => expect($(container, '.player-bar .player-mode')?.textContent).toBe('错过 2 次'))
  })

  it('a question added by hand was never answered wrong: it says so instead of 错过 0 次', async () => {
    vi.mocked(api.wrongTypeQuestions).mockResolvedValue([
      { ...question(1, { type: 1, ans: 'A' }), wrong: row({ wrongTimes: 0, reps: 0 }) },
    ])
    const { container } = await open(WrongById, { bankId: '1', type: '1' })
    expect($(container, '.player-bar .player-mode')?.textContent).toBe('手动加入')
  })
})

describe('a practice paper is not timed (issue 25)', () => {
  const now = () => Date.now() / 1000
  it('says its suggested time and counts the time spent as the report will; no countdown', async () => {
    const start = now() - 65
    vi.mocked(api.startPaper).mockImplementation(async () =>
      detail({
        mode: 'test',
        scope: 'paper',
        paperId: 3,
        questions: questions(false),
        startTime: start,
        suggestedMinutes: 30,
      }),
    )
    const { container } = await open(QuestionBankTest, { paperId: '3' })
    const clock = () => $(container, '.paper-clock')?.textContent ?? ''
    expect(clock()).toContain('建议用时 30 分钟')
    expect(clock()).toContain('不限时')
    expect(clock()).toMatch(/已用时 1:0[56] /)
    expect($(container, '.paper-clock.is-over')).toBeNull()
  })

  it('past the suggested time it says so and the paper stays open (nothing submits by itself)', async () => {
    // 5 answers 250 s apart (each gap counts), then a break: the break counts at most 300 s, as in the report
    const start = now() - 4 * 3600
    vi.mocked(api.startPaper).mockImplementation(async () =>
      detail({
        mode: 'test',
        scope: 'paper',
        paperId: 3,
        questions: questions(false),
        startTime: start,
        suggestedMinutes: 20,
        answers: [1, 2, 3, 4, 5].map((id) => ({
          questionId: id,
          ques: 'A',
          answeredAt: start + id * 250,
          state: null,
          earned: null,
        })),
      }),
    )
    const { container } = await open(QuestionBankTest, { paperId: '3' })
    // 5 x 250 s + the break capped at 300 s = 1550 s = 25:50: over the suggested 20 minutes
    expect($(container, '.paper-clock')?.textContent).toContain('已用时 25:50')
    expect($(container, '.paper-clock.is-over')?.textContent).toContain('超过建议用时 20 分钟')
    // still open: answering and submitting are the learner's
    tap(container, 'option-B')
    expect($(container, '.option-B.is-chosen')).not.toBeNull()
    expect($(container, '.q-submit')).not.toBeNull()
    expect(api.submitRecord).not.toHaveBeenCalled()
  })

  it('a chapter practice or a timed exam attempt shows no paper clock', async () => {
    const { container } = await open(QuestionBank, { recordId: '7' })
    expect($(container, '.paper-clock')).toBeNull()
  })
})
