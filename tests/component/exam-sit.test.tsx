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
    record: vi.fn(),
    saveAnswers: vi.fn(),
    submitRecord: vi.fn(),
    collectInfo: vi.fn(),
    collect: vi.fn(),
    uncollect: vi.fn(),
    questionsByIds: vi.fn(),
    reviewWrong: vi.fn(),
  }
})

vi.mock('@/features/exam/api', async (importOriginal) => {
  return {
    ...(await importOriginal<typeof import('@/features/exam/api')>()),
    startExam: vi.fn(),
    startMock: vi.fn(),
    examTemp: vi.fn(),
    examDetail: vi.fn(),
    ranking: vi.fn(),
    mockWrongNum: vi.fn(),
    mockWrongToBook: vi.fn(),
    exams: vi.fn(),
    certificates: vi.fn(),
  }
})

const Taro = (await import('@tarojs/taro')).default
const { setRouter, memoryStorage, firePageEvent } = await import('../unit/taro-double')
const bank = await import('@/features/bank/api')
const examApi = await import('@/features/exam/api')
const { ApiError } = await import('@/services/http/error')
const queue = await import('@/features/bank/answer-queue')
const { storage } = await import('@/services/storage')
const { default: ExamPage } = await import('@/features/exam/sit/index')
const { default: ExamReport } = await import('@/features/exam/report/index')
const { default: ExamList } = await import('@/features/exam/exams/exam-list')
const { default: ExamCount } = await import('@/features/exam/exams/exam-count')

type Attempt = Awaited<ReturnType<typeof examApi.startExam>>
type Detail = Awaited<ReturnType<typeof bank.record>>
type Q = Attempt['questions'][number]
type ExamDetail = Awaited<ReturnType<typeof examApi.examDetail>>
type ExamRow = import('@/features/exam/api').ExamRow

/** The device clock is years away from the server's: the countdown must not care. */
const DEVICE_START = Date.UTC(2020, 0, 1)
const SYS = 1_800_000_000

function question(id: number, over: Partial<Q> = {}): Q {
  return {
    questionId: id,
    bankId: 1,
    chapterId: 1,
    type: 1,
    title: `question ${id}`,
    optionsList: [
      { label: 'A', content: 'opt A' },
      { label: 'B', content: 'opt B' },
    ],
    score: 5,
    partScore: null,
    difficulty: 1,
    subQuestions: [],
    ans: null,
    analysis: null,
    sort: id,
    ...over,
  }
}

function attempt(over: Partial<Attempt> = {}): Attempt {
  return {
    recordId: 7,
    mode: 'test',
    scope: 'exam',
    title: 'Paper of exam 3',
    bankId: 1,
    chapterId: null,
    paperId: 2,
    questionNum: 3,
    answeredNum: 0,
    submitted: false,
    startTime: SYS - 100,
    submitTime: null,
    lastAnswerTime: null,
    performance: null,
    totalScore: null,
    rightRate: null,
    reportStatus: null,
    examId: 3,
    deadlineTime: SYS + 400,
    autoSubmitted: false,
    resumed: false,
    suggestedMinutes: null,
    questions: [question(1), question(2), question(3)],
    answers: [],
    report: null,
    examName: 'Safety exam',
    durationSeconds: 3600,
    sysTime: SYS,
    attemptNo: 1,
    maxAttempts: 3,
    ...over,
  }
}

const report = {
  reportStatus: 1 as const,
  performance: 80,
  totalScore: 100,
  doQuestionNum: 3,
  doQuestionIds: [1, 2, 3],
  rightQuestionIds: [1],
  rightQuestionNum: 1,
  questionIds: [2],
  lessQuestionNum: 0,
  rightRate: 33.33,
  totalQuestionNum: 3,
  passScore: 60,
  timeSpentSeconds: 300,
}

function editReply(over: Record<string, unknown> = {}) {
  return {
    recordId: 7,
    saved: 1,
    ignored: [],
    results: [],
    submitted: false,
    alreadySubmitted: false,
    report: null,
    autoSubmitted: false,
    ...over,
  } as Awaited<ReturnType<typeof bank.saveAnswers>>
}

const $ = (c: ParentNode, sel: string) => c.querySelector(sel) as HTMLElement | null
function tap(c: ParentNode, cls: string) {
  const el = $(c, `.${cls}`)
  if (!el) throw new Error(`no .${cls}`)
  act(() => {
    fireEvent.click(el)
  })
}
const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms)
  })
const modalTexts = () => vi.mocked(Taro.showModal).mock.calls.map((c) => String((c[0] as { content: string }).content))
const toastTexts = () => vi.mocked(Taro.showToast).mock.calls.map((c) => String((c[0] as { title: string }).title))

async function sit(params: Record<string, string> = { examId: '3' }) {
  setRouter('/pages5/exam/index', params)
  const r = render(<ExamPage />)
  await waitFor(() => expect($(r.container, '.question-card')).not.toBeNull())
  return r
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true, now: DEVICE_START })
  memoryStorage.clear()
  queue.resetAnswerQueue()
  storage.set('user_account', 'u1')
  vi.mocked(examApi.startExam).mockImplementation(async () => attempt())
  vi.mocked(examApi.startMock).mockImplementation(async () => attempt({ scope: 'mock' }))
  // re-reading the clock: no answer from the server's clock unless a test gives one
  vi.mocked(examApi.examTemp).mockImplementation(async () => null)
  vi.mocked(bank.record).mockImplementation(async () => attempt() as Detail)
  vi.mocked(bank.saveAnswers).mockImplementation(async () => editReply())
  vi.mocked(bank.submitRecord).mockImplementation(async () => editReply({ submitted: true, report }))
  vi.mocked(bank.collectInfo).mockImplementation(async () => ({ collected: false, collectId: null }) as never)
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('the timed exam', () => {
  it('counts down on the server clock, not the device clock, and turns red with a reminder at 5 minutes', async () => {
    const { container } = await sit()
    // the fake clock also moves with real time (shouldAdvanceTime, for waitFor): a slow machine may take a
    // second or two of it, so the figures are read with that much slack
    const left = () => {
      const [m, s] = ($(container, '.exam-countdown')?.textContent ?? '').split(':').map(Number)
      return m! * 60 + s!
    }
    expect(examApi.startExam).toHaveBeenCalledWith(3, expect.anything())
    expect($(container, '.exam-name')?.textContent).toBe('Safety exam')
    expect($(container, '.exam-countdown')?.textContent).toMatch(/^\d\d:\d\d$/)
    expect(left()).toBeGreaterThanOrEqual(400 - 2)
    expect(left()).toBeLessThanOrEqual(400)
    expect($(container, '.exam-countdown.is-urgent')).toBeNull()
    await advance(101_000)
    expect(left()).toBeGreaterThanOrEqual(299 - 2)
    expect(left()).toBeLessThanOrEqual(299)
    expect($(container, '.exam-countdown.is-urgent')).not.toBeNull()
    expect(toastTexts().some((s) => s.includes('5 分钟'))).toBe(true)
    await advance(240_000)
    expect(left()).toBeGreaterThanOrEqual(59 - 2)
    expect(left()).toBeLessThanOrEqual(59)
    expect(toastTexts().some((s) => s.includes('1 分钟'))).toBe(true)
  })

  it('shows hh:mm:ss when more than an hour is left', async () => {
    vi.mocked(examApi.startExam).mockImplementation(async () => attempt({ deadlineTime: SYS + 5025 }))
    const { container } = await sit()
    expect($(container, '.exam-countdown')?.textContent).toBe('01:23:45')
  })

  it('saves every answer through the answer outbox as it is given', async () => {
    const { container } = await sit()
    tap(container, 'option-B')
    await waitFor(() => expect(bank.saveAnswers).toHaveBeenCalled())
    const [recordId, answers] = vi.mocked(bank.saveAnswers).mock.calls[0]
    expect(recordId).toBe(7)
    expect(answers[0]).toMatchObject({ questionId: 1, ques: 'B' })
    await waitFor(() => expect(queue.pending(7)).toHaveLength(0))
    // test mode: nothing is graded while the exam runs
    expect($(container, '.question-feedback')).toBeNull()
  })

  it('at zero submits with the unsent answers, retries while offline, then says so and opens the report', async () => {
    vi.mocked(examApi.startExam).mockImplementation(async () => attempt({ deadlineTime: SYS + 30 }))
    vi.mocked(bank.saveAnswers).mockImplementation(async () => {
      throw new ApiError(-1, 'offline')
    })
    let calls = 0
    vi.mocked(bank.submitRecord).mockImplementation(async () => {
      calls += 1
      if (calls === 1) throw new ApiError(-1, 'offline')
      return editReply({ submitted: true, autoSubmitted: true, report })
    })
    const { container } = await sit()
    tap(container, 'option-A')
    await waitFor(() => expect(queue.pending(7)).toHaveLength(1))
    await advance(30_000)
    await waitFor(() => expect(bank.submitRecord).toHaveBeenCalledTimes(1))
    const [recordId, answers] = vi.mocked(bank.submitRecord).mock.calls[0]
    expect(recordId).toBe(7)
    expect(answers).toEqual([expect.objectContaining({ questionId: 1, ques: 'A' })])
    // locked while it closes; the learner is told it keeps trying
    await waitFor(() => expect($(container, '.exam-closing')?.textContent).toContain('正在重试交卷'))
    expect($(container, '.q-submit')).toBeNull()
    await advance(2_000)
    await waitFor(() =>
      expect(Taro.redirectTo).toHaveBeenCalledWith({ url: '/pages5/examReport/index?recordId=7&examId=3' }),
    )
    expect(bank.submitRecord).toHaveBeenCalledTimes(2)
    expect(modalTexts()).toContain('时间到，已自动交卷')
    expect(queue.pending(7)).toHaveLength(0)
  })

  it('at zero on the device it asks the server clock first: time left there means the exam goes on', async () => {
    vi.mocked(examApi.startExam).mockImplementation(async () => attempt({ deadlineTime: SYS + 30 }))
    const { container } = await sit()
    // the device clock ran 30 s, the server's only 10 s (the device clock was moved on)
    vi.mocked(examApi.examTemp).mockImplementation(async () => attempt({ deadlineTime: SYS + 30, sysTime: SYS + 10 }))
    await advance(30_000)
    await waitFor(() => expect($(container, '.exam-countdown')?.textContent).toBe('00:20'))
    expect(bank.submitRecord).not.toHaveBeenCalled()
    expect($(container, '.exam-closing')).toBeNull()
    // the server's deadline comes: now it closes
    vi.mocked(examApi.examTemp).mockImplementation(async () => attempt({ deadlineTime: SYS + 30, sysTime: SYS + 30 }))
    await advance(20_000)
    await waitFor(() =>
      expect(Taro.redirectTo).toHaveBeenCalledWith({ url: '/pages5/examReport/index?recordId=7&examId=3' }),
    )
    expect(bank.submitRecord).toHaveBeenCalledTimes(1)
  })

  it('at zero an essay typed but not saved yet goes with the submit', async () => {
    vi.mocked(examApi.startExam).mockImplementation(async () =>
      attempt({ deadlineTime: SYS + 20, questions: [question(1, { type: 5, optionsList: [] })] }),
    )
    const { container } = await sit()
    const host = $(container, '.essay-input')
    if (!host) throw new Error('no essay input')
    const el = (host.querySelector('textarea') ?? host) as HTMLTextAreaElement
    act(() => {
      el.value = 'half an essay'
      fireEvent.input(el, { target: { value: 'half an essay' }, detail: { value: 'half an essay' } })
      host.dispatchEvent(new CustomEvent('input', { detail: { value: 'half an essay' }, bubbles: true }))
    })
    expect(bank.saveAnswers).not.toHaveBeenCalled()
    await advance(20_000)
    await waitFor(() => expect(bank.submitRecord).toHaveBeenCalled())
    const sent = [
      ...vi.mocked(bank.submitRecord).mock.calls.flatMap((c) => c[1] ?? []),
      ...vi.mocked(bank.saveAnswers).mock.calls.flatMap((c) => c[1]),
    ]
    expect(sent).toContainEqual(
      expect.objectContaining({ questionId: 1, ques: { text: 'half an essay', imageList: [] } }),
    )
  })

  it('an answer with a lone surrogate the server refuses holds back nothing: others saved, learner told, time-up submit goes', async () => {
    vi.mocked(examApi.startExam).mockImplementation(async () =>
      attempt({
        deadlineTime: SYS + 20,
        questions: [question(1, { type: 5, optionsList: [] }), question(2), question(3)],
      }),
    )
    // JSON.stringify escapes a lone surrogate (\udXXX) and writes a whole pair as it is
    const bad = (answers: { ques: unknown }[]) => answers.findIndex((a) => /\\ud[89a-f]/i.test(JSON.stringify(a.ques)))
    // a server that will not store the half emoji: it refuses the whole batch naming that answer
    vi.mocked(bank.saveAnswers).mockImplementation(async (_r, answers) => {
      const i = bad(answers)
      if (i >= 0) throw new ApiError(400, `answers.${i}.ques.text: cannot be stored`)
      return editReply({ saved: answers.length })
    })
    vi.mocked(bank.submitRecord).mockImplementation(async (_r, answers = []) => {
      const i = bad(answers)
      if (i >= 0) throw new ApiError(400, `answers.${i}.ques.text: cannot be stored`)
      return editReply({ submitted: true, report })
    })
    const { container } = await sit()
    const host = $(container, '.essay-input')
    if (!host) throw new Error('no essay input')
    const el = (host.querySelector('textarea') ?? host) as HTMLTextAreaElement
    const half = '答案写到一半\ud83d' // the second half of the emoji was cut off
    act(() => {
      el.value = half
      fireEvent.input(el, { target: { value: half }, detail: { value: half } })
      host.dispatchEvent(new CustomEvent('input', { detail: { value: half }, bubbles: true }))
    })
    // leaving the field saves the essay (through the outbox)
    act(() => {
      host.dispatchEvent(new CustomEvent('blur', { detail: { value: half }, bubbles: true }))
    })
    tap(container, 'q-next')
    tap(container, 'option-B')
    tap(container, 'q-next')
    tap(container, 'option-A')
    // the two choices are saved though the essay is refused
    await waitFor(() => {
      const saved = vi
        .mocked(bank.saveAnswers)
        .mock.calls.flatMap((c) => c[1])
        .map((a) => a.questionId)
      expect(saved).toEqual(expect.arrayContaining([2, 3]))
      expect(queue.pending(7)).toHaveLength(0)
    })
    // the learner is told which answer was not saved
    await waitFor(() => expect(modalTexts().some((m) => m.includes('第 1 题的答案未能保存'))).toBe(true))
    await waitFor(() => expect($(container, '.answer-rejected-banner')?.textContent).toContain('第 1 题'))
    expect(queue.rejected(7).map((a) => a.questionId)).toEqual([1])
    // time is up: the submit goes through
    await advance(20_000)
    await waitFor(() =>
      expect(Taro.redirectTo).toHaveBeenCalledWith({ url: '/pages5/examReport/index?recordId=7&examId=3' }),
    )
    const last = vi.mocked(bank.submitRecord).mock.calls.at(-1)!
    expect(bad(last[1] ?? [])).toBe(-1)
  })

  it('at zero a refused answer carried by the submit is set aside and the submit goes again', async () => {
    vi.mocked(examApi.startExam).mockImplementation(async () =>
      attempt({ deadlineTime: SYS + 20, questions: [question(1, { type: 5, optionsList: [] }), question(2)] }),
    )
    // JSON.stringify escapes a lone surrogate (\udXXX) and writes a whole pair as it is
    const bad = (answers: { ques: unknown }[]) => answers.findIndex((a) => /\\ud[89a-f]/i.test(JSON.stringify(a.ques)))
    vi.mocked(bank.saveAnswers).mockImplementation(async (_r, answers) => {
      if (bad(answers) >= 0) throw new ApiError(400, 'cannot be stored')
      return editReply({ saved: answers.length })
    })
    vi.mocked(bank.submitRecord).mockImplementation(async (_r, answers = []) => {
      if (bad(answers) >= 0) throw new ApiError(400, 'cannot be stored')
      return editReply({ submitted: true, report })
    })
    const { container } = await sit()
    const host = $(container, '.essay-input')
    if (!host) throw new Error('no essay input')
    const el = (host.querySelector('textarea') ?? host) as HTMLTextAreaElement
    const half = '\udc00半个表情'
    act(() => {
      el.value = half
      fireEvent.input(el, { target: { value: half }, detail: { value: half } })
      host.dispatchEvent(new CustomEvent('input', { detail: { value: half }, bubbles: true }))
    })
    // the essay is still a draft when the time runs out
    await advance(20_000)
    await waitFor(() =>
      expect(Taro.redirectTo).toHaveBeenCalledWith({ url: '/pages5/examReport/index?recordId=7&examId=3' }),
    )
    const calls = vi.mocked(bank.submitRecord).mock.calls
    expect(calls.length).toBeGreaterThanOrEqual(2)
    expect(bad(calls[0]![1] ?? [])).toBe(0) // the first submit carried the essay and was refused
    expect(bad(calls.at(-1)![1] ?? [])).toBe(-1)
  })

  it('goes to the report when a save says the server closed the attempt', async () => {
    vi.mocked(bank.saveAnswers).mockImplementation(async () =>
      editReply({ saved: 0, submitted: true, autoSubmitted: true, report }),
    )
    const { container } = await sit()
    tap(container, 'option-A')
    await waitFor(() =>
      expect(Taro.redirectTo).toHaveBeenCalledWith({ url: '/pages5/examReport/index?recordId=7&examId=3' }),
    )
    expect(modalTexts()).toContain('时间到，已自动交卷')
    expect(bank.submitRecord).not.toHaveBeenCalled()
  })

  it('submit asks with the unanswered count, then submits and opens the exam report', async () => {
    const { container } = await sit()
    tap(container, 'option-A')
    tap(container, 'q-submit')
    await waitFor(() =>
      expect(Taro.redirectTo).toHaveBeenCalledWith({ url: '/pages5/examReport/index?recordId=7&examId=3' }),
    )
    expect(modalTexts()[0]).toContain('2 道题未作答')
    expect(bank.submitRecord).toHaveBeenCalledWith(7, expect.any(Array), expect.anything())
  })

  it('does not submit when the learner goes back to answering', async () => {
    vi.mocked(Taro.showModal).mockImplementation(async () => ({ confirm: false, cancel: true, errMsg: 'ok' }))
    const { container } = await sit()
    tap(container, 'q-submit')
    await waitFor(() => expect(Taro.showModal).toHaveBeenCalled())
    await advance(50)
    expect(bank.submitRecord).not.toHaveBeenCalled()
    expect(Taro.redirectTo).not.toHaveBeenCalled()
  })

  it('the back button asks first while the clock runs', async () => {
    vi.mocked(Taro.getCurrentPages).mockReturnValue([
      { route: 'pages2/exam/exam_appointment' },
      { route: 'pages5/exam/index' },
    ])
    vi.mocked(Taro.showModal).mockImplementationOnce(async () => ({ confirm: false, cancel: true, errMsg: 'ok' }))
    const { container } = await sit()
    tap(container, 'exam-nav-back')
    await waitFor(() => expect(modalTexts()).toContain('考试仍在计时，确定离开？'))
    expect(Taro.navigateBack).not.toHaveBeenCalled()
    tap(container, 'exam-nav-back')
    await waitFor(() => expect(Taro.navigateBack).toHaveBeenCalled())
  })

  it('resumes an attempt by recordId with the clock of the exam’s open attempt', async () => {
    vi.mocked(examApi.examTemp).mockImplementation(async () =>
      attempt({
        resumed: true,
        deadlineTime: SYS + 90,
        answers: [{ questionId: 1, ques: 'B', answeredAt: SYS - 50, state: null, earned: null }],
      }),
    )
    const { container } = await sit({ recordId: '7', examId: '3' })
    expect(examApi.startExam).not.toHaveBeenCalled()
    expect(examApi.examTemp).toHaveBeenCalledWith(3, expect.anything())
    expect($(container, '.exam-countdown')?.textContent).toBe('01:30')
    // on the first open question, with the saved answer kept
    expect($(container, '.question-no')?.textContent).toBe('2/3')
    tap(container, 'q-prev')
    expect($(container, '.option-B.is-chosen')).not.toBeNull()
  })

  it('back in the foreground it reads the server clock again', async () => {
    const { container } = await sit()
    expect($(container, '.exam-countdown')?.textContent).toBe('06:40')
    // the phone slept: timers stopped while the server's clock went on 200 s
    vi.mocked(examApi.examTemp).mockImplementation(async () => attempt({ sysTime: SYS + 200 }))
    await act(async () => firePageEvent('didShow'))
    await waitFor(() => expect($(container, '.exam-countdown')?.textContent).toBe('03:20'))
    expect(examApi.examTemp).toHaveBeenCalledWith(3, expect.anything())
  })

  it('back in the foreground after the server closed the attempt: says so and opens the report', async () => {
    await sit()
    vi.mocked(examApi.examTemp).mockImplementation(async () => null)
    vi.mocked(bank.record).mockImplementation(
      async () => attempt({ submitted: true, autoSubmitted: true, report }) as Detail,
    )
    await act(async () => firePageEvent('didShow'))
    await waitFor(() =>
      expect(Taro.redirectTo).toHaveBeenCalledWith({ url: '/pages5/examReport/index?recordId=7&examId=3' }),
    )
    expect(modalTexts()).toContain('时间到，已自动交卷')
  })

  it('a submitted attempt opened by recordId goes straight to its report', async () => {
    vi.mocked(examApi.examTemp).mockImplementation(async () => null)
    vi.mocked(bank.record).mockImplementation(async () => attempt({ submitted: true, report }) as Detail)
    setRouter('/pages5/exam/index', { recordId: '7', examId: '3' })
    render(<ExamPage />)
    await waitFor(() =>
      expect(Taro.redirectTo).toHaveBeenCalledWith({ url: '/pages5/examReport/index?recordId=7&examId=3' }),
    )
  })

  it('mock exams start with startMock and report with kind=mock', async () => {
    const { container } = await sit({ examId: '3', kind: 'mock' })
    expect(examApi.startMock).toHaveBeenCalledWith(3, expect.anything())
    tap(container, 'q-submit')
    await waitFor(() =>
      expect(Taro.redirectTo).toHaveBeenCalledWith({
        url: '/pages5/examReport/index?recordId=7&examId=3&kind=mock',
      }),
    )
  })
})

describe('refusals', () => {
  it('failed entry conditions are listed, each with a button to fix it', async () => {
    vi.mocked(examApi.startExam).mockImplementation(async () => {
      throw new ApiError(621, 'entry conditions not met', {
        eligible: false,
        checks: [
          { key: 'courses', ok: true, title: '完成必修课程', message: '', fixPath: '/pages2/learn/details?goodsId=5' },
          {
            key: 'identity',
            ok: false,
            title: '实名认证',
            message: '请先完成实名认证',
            fixPath: '/pages2/verify/input',
          },
          {
            key: 'letter',
            ok: false,
            title: '签署承诺书',
            message: '尚未签署',
            fixPath: '/pages2/exam/signCommit?examId=3',
          },
        ],
      })
    })
    setRouter('/pages5/exam/index', { examId: '3' })
    const { container, findByText } = render(<ExamPage />)
    expect(await findByText('请先完成实名认证')).toBeTruthy()
    expect($(container, '.exam-check-courses.is-ok')).not.toBeNull()
    expect($(container, '.exam-check-courses .exam-check-fix')).toBeNull()
    tap(container, 'exam-check-identity .exam-check-fix')
    expect(Taro.navigateTo).toHaveBeenCalledWith({ url: '/pages2/verify/input' })
    tap(container, 'exam-check-letter .exam-check-fix')
    expect(Taro.navigateTo).toHaveBeenCalledWith({ url: '/pages2/exam/signCommit?examId=3' })
    // fixed meanwhile: checking again starts the exam
    vi.mocked(examApi.startExam).mockImplementation(async () => attempt())
    tap(container, 'exam-recheck')
    await waitFor(() => expect($(container, '.question-card')).not.toBeNull())
  })

  it('used attempts, a closed window or a missing application show the server’s message and a way back', async () => {
    for (const [code, title] of [
      [622, '考试次数已用完'],
      [623, '当前不在考试时间内'],
      [627, '请先报名这场模拟考试'],
    ] as const) {
      vi.mocked(examApi.startExam).mockImplementation(async () => {
        throw new ApiError(code, `server says ${code}`)
      })
      setRouter('/pages5/exam/index', { examId: '3' })
      const { findByText, unmount } = render(<ExamPage />)
      expect(await findByText(title)).toBeTruthy()
      expect(await findByText(`server says ${code}`)).toBeTruthy()
      fireEvent.click(await findByText('返回'))
      expect(Taro.navigateBack).toHaveBeenCalled()
      unmount()
    }
  })
})

// ---- before a new attempt (issue 12: a one-attempt mock started without a question) ----

describe('asking before a new attempt', () => {
  const started = () => vi.mocked(examApi.startMock).mock.calls.length + vi.mocked(examApi.startExam).mock.calls.length

  it('a mock with its only attempt asks first, saying so; "not now" goes back without starting', async () => {
    vi.mocked(examApi.examDetail).mockImplementation(async () =>
      examDetail({ kind: 'mock', maxAttempts: 1, attemptsUsed: 0, durationSeconds: 5400 }),
    )
    vi.mocked(Taro.showModal).mockImplementation(async () => ({ confirm: false, cancel: true, errMsg: 'ok' }))
    setRouter('/pages5/exam/index', { examId: '3', kind: 'mock' })
    const { container } = render(<ExamPage />)
    await waitFor(() => expect(Taro.navigateBack).toHaveBeenCalled())
    const ask = vi.mocked(Taro.showModal).mock.calls[0]![0] as { title: string; content: string; confirmText: string }
    expect(ask.title).toBe('最后一次机会')
    expect(ask.content).toContain('只有 1 次机会')
    expect(ask.content).toContain('90 分钟')
    expect(ask.confirmText).toBe('开始考试')
    expect(started()).toBe(0)
    expect($(container, '.question-card')).toBeNull()
  })

  it('yes starts the attempt', async () => {
    vi.mocked(examApi.examDetail).mockImplementation(async () =>
      examDetail({ kind: 'mock', maxAttempts: 1, attemptsUsed: 0 }),
    )
    vi.mocked(Taro.showModal).mockImplementation(async () => ({ confirm: true, cancel: false, errMsg: 'ok' }))
    setRouter('/pages5/exam/index', { examId: '3', kind: 'mock' })
    const { container } = render(<ExamPage />)
    await waitFor(() => expect($(container, '.question-card')).not.toBeNull())
    expect(examApi.startMock).toHaveBeenCalledTimes(1)
    expect(modalTexts()).toHaveLength(1)
  })

  it('the last of several attempts says it is the last; an earlier one says which it is', async () => {
    vi.mocked(Taro.showModal).mockImplementation(async () => ({ confirm: true, cancel: false, errMsg: 'ok' }))
    vi.mocked(examApi.examDetail).mockImplementation(async () => examDetail({ maxAttempts: 3, attemptsUsed: 2 }))
    await sit()
    expect(modalTexts()[0]).toContain('最后 1 次机会（共 3 次）')
    cleanup()
    vi.mocked(Taro.showModal).mockClear()
    vi.mocked(examApi.examDetail).mockImplementation(async () => examDetail({ maxAttempts: 3, attemptsUsed: 0 }))
    await sit()
    expect(modalTexts()[0]).toContain('第 1 次（共 3 次）')
    expect((vi.mocked(Taro.showModal).mock.calls[0]![0] as { title: string }).title).toBe('开始考试')
  })

  it('resuming an unfinished attempt, or an attempt opened by its id, never asks', async () => {
    vi.mocked(examApi.examDetail).mockImplementation(async () =>
      examDetail({ maxAttempts: 1, attemptsUsed: 1, openRecordId: 7 }),
    )
    await sit()
    cleanup()
    vi.mocked(examApi.examTemp).mockImplementation(async () => attempt())
    await sit({ recordId: '7', examId: '3' })
    expect(Taro.showModal).not.toHaveBeenCalled()
  })
})

// ---- report ----

function examDetail(over: Partial<ExamDetail> = {}): ExamDetail {
  return {
    issuesCertificate: true,
    examId: 3,
    kind: 'formal',
    name: 'Safety exam',
    goodsId: null,
    goodsName: '',
    paperId: 2,
    questionNum: 3,
    totalScore: 100,
    passScore: 60,
    durationSeconds: 3600,
    maxAttempts: 3,
    attemptsUsed: 2,
    openTime: null,
    closeTime: null,
    status: 'open',
    requireAppointment: false,
    bestScore: 80,
    passed: true,
    openRecordId: null,
    description: '',
    eligibility: { eligible: true, checks: [] },
    appointment: null,
    attempts: [
      {
        ...attempt({
          recordId: 7,
          submitted: true,
          performance: 80,
          totalScore: 100,
          reportStatus: 1,
          submitTime: SYS,
        }),
      },
      {
        ...attempt({
          recordId: 5,
          submitted: true,
          performance: 40,
          totalScore: 100,
          reportStatus: 0,
          submitTime: SYS - 9000,
        }),
      },
    ].map(
      ({
        questions: _q,
        answers: _a,
        report: _r,
        resumed: _s,
        examName: _n,
        durationSeconds: _d,
        sysTime: _t,
        attemptNo: _no,
        maxAttempts: _m,
        ...summary
      }) => summary,
    ),
    certificate: {
      certificateId: 1,
      serial: 'ABCD2345EFGH6789',
      examId: 3,
      examName: 'Safety exam',
      realName: '张三',
      score: 80,
      passScore: 60,
      issuedTime: SYS,
      verifyUrl: '/verify/certificate/ABCD2345EFGH6789',
      valid: true,
    },
    ...over,
  }
}

const rankingData = {
  rows: [
    { rank: 1, userName: '李*', avatar: '', score: 95, timeSpentSeconds: 600, me: false },
    { rank: 2, userName: '张*', avatar: '', score: 80, timeSpentSeconds: 300, me: true },
  ],
  mine: { rank: 2, userName: '张*', avatar: '', score: 80, timeSpentSeconds: 300, me: true },
  total: 12,
}

async function openReport(params: Record<string, string>) {
  setRouter('/pages5/examReport/index', params)
  const r = render(<ExamReport />)
  await waitFor(() => expect($(r.container, '.report-score')).not.toBeNull())
  return r
}

describe('the exam report', () => {
  beforeEach(() => {
    vi.mocked(bank.record).mockImplementation(
      async () =>
        attempt({
          submitted: true,
          autoSubmitted: true,
          report,
          answers: [
            { questionId: 1, ques: 'A', answeredAt: SYS, state: 'right', earned: 5 },
            { questionId: 3, ques: { text: 'essay', imageList: [] }, answeredAt: SYS, state: 'pending', earned: 0 },
          ],
        }) as Detail,
    )
    vi.mocked(examApi.examDetail).mockImplementation(async () => examDetail())
    vi.mocked(examApi.ranking).mockImplementation(async () => rankingData)
  })

  it('shows the score, pass, the notes, the ranking, the certificate and the attempts', async () => {
    const { container } = await openReport({ recordId: '7', examId: '3' })
    expect($(container, '.report-score')?.textContent).toBe('80')
    expect($(container, '.report-status.is-pass')).not.toBeNull()
    expect($(container, '.report-pass-line')?.textContent).toContain('60')
    expect($(container, '.report-auto')?.textContent).toBe('时间到自动交卷')
    expect($(container, '.report-pending')?.textContent).toContain('1 道主观题待人工批阅')
    await waitFor(() => expect($(container, '.exam-rank-mine')?.textContent).toContain('第 2 名'))
    expect($(container, '.rank-item-2.is-me')).not.toBeNull()
    expect($(container, '.rank-item-1')?.textContent).toContain('李*')
    expect($(container, '.exam-ranking')?.textContent).toContain('共 12 人')
    expect(examApi.ranking).toHaveBeenCalledWith(3, 20, expect.anything())
    expect($(container, '.attempt-item-7.is-current')).not.toBeNull()
    expect($(container, '.attempt-item-5')?.textContent).toContain('未通过')
    tap(container, 'exam-certificate-view')
    expect(Taro.navigateTo).toHaveBeenCalledWith({ url: '/pages2/exam/exam_result?examId=3' })
    tap(container, 'report-all-explain')
    expect(Taro.navigateTo).toHaveBeenCalledWith({ url: '/pages5/examReport/questionBankAllExplain?recordId=7' })
    tap(container, 'report-wrong-explain')
    expect(Taro.navigateTo).toHaveBeenCalledWith({ url: '/pages5/examReport/questionBankWrongExplain?recordId=7' })
    tap(container, 'attempt-item-5')
    expect(Taro.redirectTo).toHaveBeenCalledWith({ url: '/pages5/examReport/index?recordId=5&examId=3' })
  })

  it('shows a fail, and offers a retake while attempts are left', async () => {
    vi.mocked(bank.record).mockImplementation(
      async () => attempt({ submitted: true, report: { ...report, reportStatus: 0, performance: 40 } }) as Detail,
    )
    const { container } = await openReport({ recordId: '7' })
    expect($(container, '.report-status.is-fail')).not.toBeNull()
    expect($(container, '.report-auto')).toBeNull()
    expect($(container, '.report-pending')).toBeNull()
    // the exam comes from the attempt when the query has none
    await waitFor(() => expect($(container, '.exam-retake')?.textContent).toContain('剩余 1 次'))
    expect(examApi.examDetail).toHaveBeenCalledWith(3, expect.anything())
    tap(container, 'exam-retake')
    await waitFor(() => expect(Taro.redirectTo).toHaveBeenCalledWith({ url: '/pages5/exam/index?examId=3' }))
  })

  it('no retake when every attempt is used', async () => {
    vi.mocked(examApi.examDetail).mockImplementation(async () => examDetail({ attemptsUsed: 3 }))
    const { container } = await openReport({ recordId: '7', examId: '3' })
    await waitFor(() => expect($(container, '.exam-history')).not.toBeNull())
    expect($(container, '.exam-retake')).toBeNull()
  })

  it('an attempt not yet submitted offers to continue the exam', async () => {
    vi.mocked(bank.record).mockImplementation(async () => attempt() as Detail)
    setRouter('/pages5/examReport/index', { recordId: '7', examId: '3' })
    const { findByText } = render(<ExamReport />)
    expect(await findByText('本次考试尚未交卷')).toBeTruthy()
    fireEvent.click(await findByText('继续考试'))
    expect(Taro.redirectTo).toHaveBeenCalledWith({ url: '/pages5/exam/index?recordId=7&examId=3' })
  })

  it('mock attempts show the wrong count and put the wrong questions into the wrong book', async () => {
    vi.mocked(examApi.mockWrongNum).mockImplementation(async () => ({ wrongNum: 2, inBookNum: 0 }))
    vi.mocked(examApi.mockWrongToBook).mockImplementation(async () => ({ added: 2 }))
    const { container } = await openReport({ recordId: '7', examId: '3', kind: 'mock' })
    await waitFor(() => expect($(container, '.exam-mock-wrong-count')?.textContent).toContain('错题 2 道'))
    vi.mocked(examApi.mockWrongNum).mockImplementation(async () => ({ wrongNum: 2, inBookNum: 2 }))
    tap(container, 'exam-wrong-add')
    await waitFor(() => expect(examApi.mockWrongToBook).toHaveBeenCalledWith(7))
    await waitFor(() => expect($(container, '.exam-wrong-add')?.textContent).toBe('错题已全部在错题本'))
    expect(toastTexts()).toContain('已加入 2 道题')
    tap(container, 'exam-back')
    expect(Taro.redirectTo).toHaveBeenCalledWith({ url: '/pages5/mockRecord/mock_record' })
  })
})

// ---- list and statistics ----

function row(examId: number, over: Partial<ExamRow> = {}): ExamRow {
  const {
    description: _d,
    eligibility: _e,
    appointment: _a,
    attempts: _t,
    certificate: _c,
    ...base
  } = examDetail({
    examId,
    name: `Exam ${examId}`,
  })
  return { ...base, certificate: false, ...over }
}

describe('exam list and statistics', () => {
  it('an exam window that crosses a year shows the year on both ends (issue 12)', async () => {
    // the device clock of these tests is 2020-01-01
    const open = Math.floor(Date.UTC(2020, 11, 20, 4) / 1000)
    const close = Math.floor(Date.UTC(2021, 0, 10, 4) / 1000)
    vi.mocked(examApi.exams).mockImplementation(async () => ({
      rows: [row(5, { openTime: open, closeTime: close, status: 'upcoming' })],
      total: 1,
    }))
    setRouter('/pages5/examList', {})
    const { container } = render(<ExamList />)
    await waitFor(() => expect($(container, '.exam-item-5')).not.toBeNull())
    expect($(container, '.exam-item-5')?.textContent).toMatch(/2020-12-20 \d\d:\d\d - 2021-01-10 \d\d:\d\d/)
  })

  it('lists exams with status, attempts, best score and a continue button; the mock tab asks for mocks', async () => {
    vi.mocked(examApi.exams).mockImplementation(async (q) =>
      q?.kind === 'mock'
        ? { rows: [row(9, { kind: 'mock', name: 'Mock 9' })], total: 1 }
        : {
            rows: [
              row(3, { openRecordId: 7, status: 'open', passed: false, bestScore: null }),
              row(4, { status: 'closed', passed: true, bestScore: 88, maxAttempts: 0, attemptsUsed: 1 }),
            ],
            total: 2,
          },
    )
    setRouter('/pages5/examList', {})
    const { container } = render(<ExamList />)
    await waitFor(() => expect($(container, '.exam-item-3')).not.toBeNull())
    expect($(container, '.exam-item-3 .exam-status')?.textContent).toBe('进行中')
    expect($(container, '.exam-item-3')?.textContent).toContain('已考 2/3 次')
    expect($(container, '.exam-item-3')?.textContent).toContain('暂无成绩')
    expect($(container, '.exam-item-4 .exam-status')?.textContent).toBe('已结束')
    expect($(container, '.exam-item-4 .exam-passed')).not.toBeNull()
    expect($(container, '.exam-item-4')?.textContent).toContain('已考 1/不限 次')
    expect($(container, '.exam-item-4 .exam-continue')).toBeNull()
    tap(container, 'exam-item-3 .exam-continue')
    expect(Taro.navigateTo).toHaveBeenCalledWith({ url: '/pages5/exam/index?recordId=7&examId=3' })
    tap(container, 'exam-item-4 .qb-row-main')
    expect(Taro.navigateTo).toHaveBeenCalledWith({ url: '/pages2/exam/exam_appointment?examId=4' })
    tap(container, 'exam-tab-mock')
    await waitFor(() => expect($(container, '.exam-item-9')).not.toBeNull())
    expect(vi.mocked(examApi.exams).mock.calls.at(-1)?.[0]).toMatchObject({ kind: 'mock', pageNum: 1 })
    tap(container, 'exam-item-9 .qb-row-main')
    expect(Taro.navigateTo).toHaveBeenCalledWith({ url: '/pages5/mockExam/examApply?examId=9' })
    // pull-down refresh reads the list again
    const before = vi.mocked(examApi.exams).mock.calls.length
    await act(async () => firePageEvent('pullDownRefresh'))
    expect(vi.mocked(examApi.exams).mock.calls.length).toBeGreaterThan(before)
  })

  it('statistics count exams, attempts, passes and certificates', async () => {
    vi.mocked(examApi.exams).mockImplementation(async (q) =>
      q?.kind === 'mock'
        ? { rows: [row(9, { kind: 'mock', attemptsUsed: 1, passed: false, bestScore: 30 })], total: 1 }
        : {
            rows: [
              row(3, { attemptsUsed: 2, passed: true, bestScore: 80 }),
              row(4, { attemptsUsed: 0, passed: false, bestScore: null }),
            ],
            total: 2,
          },
    )
    vi.mocked(examApi.certificates).mockImplementation(async () => ({ rows: [], total: 1 }))
    setRouter('/pages5/examCount', {})
    const { container } = render(<ExamCount />)
    await waitFor(() => expect($(container, '.sum-exams')).not.toBeNull())
    expect($(container, '.sum-exams .qb-number-value')?.textContent).toBe('3')
    expect($(container, '.sum-attempts .qb-number-value')?.textContent).toBe('3')
    expect($(container, '.sum-passed .qb-number-value')?.textContent).toBe('1')
    expect($(container, '.sum-certificates .qb-number-value')?.textContent).toBe('1')
    expect($(container, '.exam-best-3')?.textContent).toContain('最高 80 / 100 分')
    expect($(container, '.exam-best-4')?.textContent).toContain('未参加')
    expect($(container, '.exam-count-formal')?.textContent).toContain('通过率 100%')
    expect($(container, '.exam-count-mock')?.textContent).toContain('通过率 0%')
  })
})
