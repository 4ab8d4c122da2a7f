/**
 * The course extras on the goods' learning page (pages2/learn/details): the newer edition, the study prompt, the
 * assessment checklist, the section tests and recounting the hours (docs/DECISIONS.md "Course extras").
 */
import Taro from '@tarojs/taro'
import { cleanup, fireEvent, render, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Examine, OldRedirect, RebuildStatus, SectionTest } from '@/services/api/course-extra'
import { setRouter } from '../unit/taro-double'

vi.mock('@/services/api/tabs', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/services/api/tabs')>()),
  lastStudy: vi.fn(async () => null),
}))
vi.mock('@/features/learn/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/features/learn/api')>()),
  myCourses: vi.fn(async () => []),
  checkGoodsStudy: vi.fn(async () => ({ allowed: true, reason: '', msg: '' })),
  checkRequiredCourses: vi.fn(async () => ({ finished: true, missing: [] })),
  checkInGrade: vi.fn(async () => ({ inGrade: false, grade: null })),
  goodsGrades: vi.fn(async () => []),
}))
vi.mock('@/features/exam/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/features/exam/api')>()),
  goodsExams: vi.fn(async () => []),
}))
vi.mock('@/services/api/course-extra', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/services/api/course-extra')>()),
  oldGoodsRedirect: vi.fn(),
  prompts: vi.fn(),
  examineList: vi.fn(),
  sectionTests: vi.fn(),
  rebuildStatus: vi.fn(),
  rebuildHours: vi.fn(),
}))

const extra = await import('@/services/api/course-extra')
const learn = await import('@/features/learn/api')
const { useSession } = await import('@/store/session')
const { default: LearnDetails } = await import('@/features/learn/courses/details')

const totals = (creditedSeconds: number) => ({
  sectionNum: 4,
  finishedSectionNum: 1,
  totalSeconds: 240,
  creditedSeconds,
  percent: 10,
})
const status = (stale: boolean): RebuildStatus => ({
  goodsId: 7,
  stale,
  staleSectionNum: stale ? 1 : 0,
  stored: totals(10),
  fromIntervals: totals(stale ? 60 : 10),
})
const examine: Examine = {
  goodsId: 7,
  allDone: false,
  items: [
    {
      key: 'courses',
      examId: null,
      title: '完成必修课程',
      done: true,
      current: 1,
      target: 1,
      unit: 'course',
      percent: 100,
      path: '/pages2/learn/details?goodsId=7',
    },
    {
      key: 'hours',
      examId: null,
      title: '学时达标',
      done: false,
      current: 60,
      target: 180,
      unit: 'second',
      percent: 33.3,
      path: '/pages2/learn/details?goodsId=7',
    },
    {
      key: 'exam',
      examId: 5,
      title: '通过考试：结业考试',
      done: false,
      current: 40,
      target: 60,
      unit: 'score',
      percent: 66.7,
      path: '/pages2/exam/exam_appointment?examId=5',
    },
  ],
}
const test = (paperId: number, over: Partial<SectionTest> = {}): SectionTest => ({
  sectionId: paperId * 10,
  sectionName: `Section ${paperId}`,
  chapterId: 1,
  courseId: 70,
  paperId,
  paperName: `Test ${paperId}`,
  questionNum: 3,
  totalScore: 3,
  passScore: 2,
  sectionFinished: true,
  attemptNum: 0,
  bestScore: null,
  passed: false,
  path: `/pages2/bank/questionBankTest?paperId=${paperId}`,
  ...over,
})
const redirect: OldRedirect = {
  goodsId: 7,
  action: 'successor',
  targetGoodsId: 8,
  path: '/pages2/learn/details?goodsId=8',
  successor: {
    goodsId: 8,
    goodsName: '2025 edition',
    cover: '',
    goodsType: 1,
    price: 9900,
    onSale: true,
    owned: true,
  },
}

const sel = (c: HTMLElement, s: string) => {
  const el = c.querySelector(s)
  if (!el) throw new Error(`no ${s}`)
  return el
}
const navigated = () => vi.mocked(Taro.navigateTo).mock.calls.map((c) => (c[0] as { url: string }).url)

beforeEach(() => {
  useSession.getState().clear()
  useSession.getState().setLogin({ token: 't', userAccount: 'u1' })
  vi.mocked(Taro.navigateTo).mockClear()
  vi.mocked(extra.oldGoodsRedirect).mockResolvedValue(redirect)
  vi.mocked(extra.prompts).mockResolvedValue([
    { key: 'study', title: '学习须知', content: '<p>倍速不计学时</p>', goodsId: 7 },
  ])
  vi.mocked(extra.examineList).mockResolvedValue(examine)
  vi.mocked(extra.sectionTests).mockResolvedValue([test(1), test(2, { attemptNum: 1, bestScore: 3, passed: true })])
  vi.mocked(extra.rebuildStatus).mockResolvedValue(status(false))
})
afterEach(() => cleanup())

describe('course extras on the learning page', () => {
  it('shows the newer edition, the checklist and the section tests, each opening its place', async () => {
    setRouter('/pages2/learn/details', { goodsId: '7' })
    const { container } = render(<LearnDetails />)
    await waitFor(() => expect(container.querySelector('.ln-replaced')).not.toBeNull())
    expect(sel(container, '.ln-replaced').textContent).toContain('课程已更新：2025 edition')
    expect(extra.oldGoodsRedirect).toHaveBeenCalledWith(7, expect.anything())
    expect(extra.prompts).toHaveBeenCalledWith({ key: 'study', goodsId: 7 }, expect.anything())
    await waitFor(() => expect(container.querySelectorAll('.ln-examine-item')).toHaveLength(3))
    expect(sel(container, '.ln-examine-courses').textContent).toContain('已完成')
    expect(sel(container, '.ln-examine-hours').textContent).toContain('未完成')
    expect(sel(container, '.ln-examine-exam').textContent).toContain('最高 40 分 / 合格 60 分')
    expect(sel(container, '.ln-test-1').textContent).toContain('3 题')
    expect(sel(container, '.ln-test-2').textContent).toContain('已通过 · 最高 3 分')
    expect(container.querySelector('.ln-hours-stale')).toBeNull()
    // the prompt folds open
    expect(container.querySelector('.ln-prompt-content')).toBeNull()
    fireEvent.click(sel(container, '.ln-prompt-toggle'))
    expect(container.querySelector('.ln-prompt-content')).not.toBeNull()

    fireEvent.click(sel(container, '.ln-replaced-go'))
    fireEvent.click(sel(container, '.ln-examine-exam'))
    fireEvent.click(sel(container, '.ln-test-1'))
    expect(navigated()).toEqual([
      '/pages2/learn/details?goodsId=8',
      '/pages2/exam/exam_appointment?examId=5',
      '/pages2/bank/questionBankTest?paperId=1',
    ])
  })

  it('an edition that still plays links to the new one’s page; nothing shows for a current goods', async () => {
    vi.mocked(extra.oldGoodsRedirect).mockResolvedValue({
      ...redirect,
      action: 'old',
      targetGoodsId: 7,
      path: '/pages2/learn/details?goodsId=7',
      successor: { ...redirect.successor!, owned: false },
    })
    setRouter('/pages2/learn/details', { goodsId: '7' })
    const first = render(<LearnDetails />)
    await waitFor(() => expect(first.container.querySelector('.ln-replaced')).not.toBeNull())
    expect(first.container.querySelector('.ln-replaced')?.textContent).toContain('仍可继续学习')
    fireEvent.click(sel(first.container, '.ln-replaced-go'))
    expect(navigated()).toEqual(['/pages3/course/detail?id=8'])
    cleanup()

    vi.mocked(extra.oldGoodsRedirect).mockResolvedValue({ ...redirect, action: 'old', successor: null })
    vi.mocked(extra.examineList).mockResolvedValue({ goodsId: 7, allDone: true, items: [] })
    vi.mocked(extra.sectionTests).mockResolvedValue([])
    const { container } = render(<LearnDetails />)
    await waitFor(() => expect(extra.sectionTests).toHaveBeenCalled())
    await waitFor(() => expect(container.querySelector('.ln-prompt')).not.toBeNull())
    expect(container.querySelector('.ln-replaced')).toBeNull()
    expect(container.querySelector('.ln-examine')).toBeNull()
    expect(container.querySelector('.ln-tests')).toBeNull()
  })

  it('offers to recount the hours when they do not match the viewing, then reloads the page', async () => {
    vi.mocked(extra.rebuildStatus).mockResolvedValueOnce(status(true)).mockResolvedValue(status(false))
    vi.mocked(extra.rebuildHours).mockResolvedValue({
      goodsId: 7,
      changedSectionNum: 1,
      before: totals(10),
      after: totals(60),
    })
    setRouter('/pages2/learn/details', { goodsId: '7' })
    const { container } = render(<LearnDetails />)
    await waitFor(() => expect(container.querySelector('.ln-hours-stale')).not.toBeNull())
    const coursesBefore = vi.mocked(learn.myCourses).mock.calls.length
    fireEvent.click(sel(container, '.ln-hours-rebuild'))
    await waitFor(() => expect(extra.rebuildHours).toHaveBeenCalledWith(7))
    await waitFor(() => expect(container.querySelector('.ln-hours-stale')).toBeNull())
    expect(Taro.showToast).toHaveBeenCalledWith(expect.objectContaining({ title: '学时已重新计算' }))
    expect(vi.mocked(learn.myCourses).mock.calls.length).toBeGreaterThan(coursesBefore)
  })
})
