/**
 * One progress for one thing (issue 12: the learning tab said 3.7% and the next screen 7.4% of the same goods).
 * The numbers are the server's after 40 s of a 2-course goods (courses of 396 s and 315 s): the goods 5.6%, its
 * first course 10.1%. The learning tab, the goods' page and the course menu must agree with them.
 */
import { cleanup, render, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { MenuChapter, MyCourse, MyCourseGoods, SectionProgress } from '@/features/learn/api'
import { setRouter } from '../unit/taro-double'

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
  myCourses: vi.fn(),
  checkGoodsStudy: vi.fn(async () => ({ allowed: true, reason: '', msg: '' })),
  checkRequiredCourses: vi.fn(async () => ({ finished: false, missing: [] })),
  checkInGrade: vi.fn(async () => ({ inGrade: false, grade: null })),
  goodsGrades: vi.fn(async () => []),
  courseMenu: vi.fn(),
}))
vi.mock('@/features/exam/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/features/exam/api')>()),
  goodsExams: vi.fn(async () => []),
}))

const api = await import('@/features/learn/api')
const { useSession } = await import('@/store/session')
const { default: Learn } = await import('@/features/learn/tab/index')
const { default: LearnDetails } = await import('@/features/learn/courses/details')
const { default: CourseMenu } = await import('@/features/learn/courses/menu')

const goodsRow: MyCourseGoods = {
  goodsId: 1,
  goodsName: '2025安全生产管理人员全程班',
  cover: '',
  goodsType: 1,
  courseNum: 2,
  sectionNum: 16,
  finishedSectionNum: 0,
  totalSeconds: 711,
  creditedSeconds: 40,
  percent: 5.6,
  lastStudyTime: null,
  expireTime: null,
  firstChoice: false,
}
const course = (courseId: number, total: number, credited: number, percent: number): MyCourse => ({
  courseId,
  courseName: `Course ${courseId}`,
  cover: '',
  teacherName: '',
  required: true,
  sectionNum: 8,
  finishedSectionNum: 0,
  totalSeconds: total,
  creditedSeconds: credited,
  percent,
})
const section = (sectionId: number, durationSeconds: number, creditedSeconds: number): SectionProgress => ({
  sectionId,
  sectionName: `Section ${sectionId}`,
  chapterId: 1,
  courseId: 1,
  durationSeconds,
  sort: sectionId,
  status: creditedSeconds > 0 ? 1 : 0,
  position: creditedSeconds,
  furthest: creditedSeconds,
  creditedSeconds,
  percent: 0,
})

beforeEach(() => {
  useSession.getState().setLogin({ token: 't', userAccount: 'u1' })
  vi.mocked(api.myCourseGoods).mockResolvedValue({ rows: [goodsRow], total: 1 })
  vi.mocked(api.myCourses).mockResolvedValue([course(1, 396, 40, 10.1), course(2, 315, 0, 0)])
})
afterEach(() => cleanup())

describe('one progress for one thing', () => {
  it('the goods reads the same on the learning tab and on its page; its courses are each their own', async () => {
    const tab = render(<Learn />)
    await waitFor(() => expect(tab.container.querySelector('.ln-goods-percent')).not.toBeNull())
    const onTab = tab.container.querySelector('.ln-goods-percent')!.textContent
    expect(onTab).toBe('5.6%')
    cleanup()

    setRouter('/pages2/learn/details', { goodsId: '1' })
    const page = render(<LearnDetails />)
    await waitFor(() => expect(page.container.querySelector('.ln-overall-percent')).not.toBeNull())
    expect(page.container.querySelector('.ln-overall-percent')!.textContent).toBe(onTab)
    expect(page.container.querySelector('.ln-overall')!.textContent).toContain('总进度')
    expect(page.container.querySelector('.ln-course-1 .ln-goods-percent')!.textContent).toBe('10.1%')
  })

  it('the course menu reads the same as the course row (credit capped at each section, one decimal)', async () => {
    const chapters: MenuChapter[] = [
      {
        chapterId: 1,
        chapterName: 'One',
        courseId: 1,
        sort: 1,
        sectionNum: 3,
        finishedSectionNum: 0,
        // 44 s credited on a 40 s section counts 40 s: 40 / 396 = 10.1%
        sectionList: [section(11, 40, 44), section(12, 178, 0), section(13, 178, 0)],
      },
    ]
    vi.mocked(api.courseMenu).mockResolvedValue(chapters)
    setRouter('/pages2/learn/menu', { goodsId: '1', courseId: '1' })
    const { container } = render(<CourseMenu />)
    await waitFor(() => expect(container.querySelector('.ln-menu-summary .ln-goods-percent')).not.toBeNull())
    expect(container.querySelector('.ln-menu-summary .ln-goods-percent')!.textContent).toBe('10.1%')
  })
})
