/**
 * Q and A (issue 16): asking from a course / section / question with text and uploaded images, My questions with
 * the teachers' replies and the new-reply marker, paging and pull-down, editing an open question and deleting
 * one; the question card's note and ask actions.
 */
import Taro from '@tarojs/taro'
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Answer } from '@/features/answer/api'
import { firePageEvent, setRouter } from '../unit/taro-double'

vi.mock('@/features/answer/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/features/answer/api')>()),
  answerList: vi.fn(),
  ask: vi.fn(),
  editAnswer: vi.fn(),
  deleteAnswer: vi.fn(),
}))
vi.mock('@/services/upload', () => ({
  chooseAndUploadImages: vi.fn(),
  UploadError: class UploadError extends Error {},
}))

const api = await import('@/features/answer/api')
const upload = await import('@/services/upload')
const { useSession } = await import('@/store/session')
const { default: MyQuestions } = await import('@/features/answer/answer/index')
const { default: AskPage } = await import('@/features/answer/answer/ask')
const { default: QuestionCard } = await import('@/features/bank/components/question/question-card')

function answer(answerId: number, over: Partial<Answer> = {}): Answer {
  return {
    answerId,
    kind: 'course',
    content: `Question ${answerId}`,
    imageList: [],
    goodsId: 7,
    courseId: 70,
    courseName: '低压电工',
    sectionId: null,
    sectionName: '',
    questionId: null,
    questionTitle: '',
    status: 0,
    replies: [],
    unread: false,
    createTime: 1_772_400_000,
    updateTime: 1_772_400_000,
    ...over,
  }
}

const $ = (c: ParentNode, s: string) => {
  const el = c.querySelector(s)
  if (!el) throw new Error(`no ${s}`)
  return el as HTMLElement
}
const click = (c: ParentNode, s: string) =>
  act(async () => {
    fireEvent.click($(c, s))
  })
function type(c: ParentNode, sel: string, value: string) {
  const host = $(c, sel)
  const el = (host.querySelector('textarea') ?? host) as HTMLTextAreaElement
  act(() => {
    el.value = value
    fireEvent.input(el, { target: { value }, detail: { value } })
    host.dispatchEvent(new CustomEvent('input', { detail: { value }, bubbles: true }))
  })
}
const uploaded = (url: string) => ({ url, key: url.slice(5), size: 2048, mimeType: 'image/jpeg', width: 1, height: 1 })

beforeEach(() => {
  useSession.getState().setLogin({ token: 't', userAccount: 'u1' })
  vi.mocked(Taro.showModal).mockResolvedValue({ confirm: true, cancel: false, errMsg: 'ok' })
})
afterEach(() => {
  cleanup()
  useSession.getState().clear()
})

describe('My questions', () => {
  it("lists my questions with what they are about, images and the teachers' replies; a new reply is marked", async () => {
    vi.mocked(api.answerList).mockResolvedValue({
      rows: [
        answer(3, {
          status: 1,
          unread: true,
          imageList: ['/oss/t1001/u7/img/a.jpg'],
          replies: [{ replyId: 1, content: '每月试验一次', teacherName: '王老师', createTime: 1_772_500_000 }],
        }),
        answer(2, { kind: 'question', courseId: null, goodsId: null, questionId: 9, questionTitle: '漏电保护器' }),
        answer(1, { sectionId: 11, sectionName: '第一节' }),
      ],
      total: 3,
      unreadNum: 1,
    })
    setRouter('/pages3/answer/index', { id: '3' })
    const { container, findByText } = render(<MyQuestions />)
    expect(await findByText('每月试验一次')).toBeTruthy()
    expect(api.answerList).toHaveBeenCalledWith({ pageNum: 1, pageSize: 10 }, expect.anything())
    expect($(container, '.answer-unread-note').textContent).toBe('1 个提问有新回复')
    const first = $(container, '.answer-item-3')
    expect(first.className).toContain('is-focus')
    expect(first.querySelector('.answer-new')?.textContent).toBe('新回复')
    expect(first.querySelector('.answer-status')?.textContent).toBe('已回复')
    expect(first.querySelector('.answer-reply-who')?.textContent).toContain('王老师 回复')
    expect(first.querySelectorAll('.answer-image')).toHaveLength(1)
    // answered: no editing; open ones: edit and delete
    expect(first.querySelector('.answer-edit')).toBeNull()
    expect($(container, '.answer-item-2 .answer-about').textContent).toBe('题目：漏电保护器')
    expect(container.querySelector('.answer-item-2 .answer-new')).toBeNull()
    expect($(container, '.answer-item-2 .answer-status').textContent).toBe('待回复')
    expect($(container, '.answer-item-1 .answer-about').textContent).toBe('课程：低压电工 · 第一节')
  })

  it('pages on pull-up, refreshes on pull-down, and says how to ask when empty', async () => {
    vi.mocked(api.answerList)
      .mockResolvedValueOnce({ rows: [answer(12), answer(11)], total: 3, unreadNum: 0 })
      .mockResolvedValueOnce({ rows: [answer(10)], total: 3, unreadNum: 0 })
    const { container, findByText } = render(<MyQuestions />)
    await findByText('Question 12')
    await act(() => firePageEvent('reachBottom'))
    expect(await findByText('Question 10')).toBeTruthy()
    expect(api.answerList).toHaveBeenLastCalledWith({ pageNum: 2, pageSize: 10 }, expect.anything())
    expect($(container, '.answer-footer').textContent).toBe('没有更多了')
    vi.mocked(api.answerList).mockResolvedValueOnce({ rows: [], total: 0, unreadNum: 0 })
    await act(() => firePageEvent('pullDownRefresh'))
    expect(await findByText('还没有提问')).toBeTruthy()
    expect(Taro.stopPullDownRefresh).toHaveBeenCalled()
  })

  it('edits an open question in a sheet and deletes one after asking', async () => {
    vi.mocked(api.answerList).mockResolvedValue({ rows: [answer(5), answer(4)], total: 2, unreadNum: 0 })
    vi.mocked(api.editAnswer).mockResolvedValue(answer(5, { content: '改过的问题' }))
    vi.mocked(api.deleteAnswer).mockResolvedValue(null)
    const { container, findByText } = render(<MyQuestions />)
    await findByText('Question 5')
    await click(container, '.answer-item-5 .answer-edit')
    type(container, '.answer-sheet .ask-input', '改过的问题')
    await click(container, '.answer-sheet .ask-submit')
    await waitFor(() => expect(api.editAnswer).toHaveBeenCalledWith(5, { content: '改过的问题', imageList: [] }))
    expect(await findByText('改过的问题')).toBeTruthy()
    expect(container.querySelector('.answer-sheet')).toBeNull()

    await click(container, '.answer-item-4 .answer-delete')
    await waitFor(() => expect(api.deleteAnswer).toHaveBeenCalledWith(4))
    await waitFor(() => expect(container.querySelector('.answer-item-4')).toBeNull())
  })
})

describe('asking', () => {
  it('asks about a course with text and uploaded images, then opens My questions on it', async () => {
    setRouter('/pages3/answer/ask', { courseId: '70', goodsId: '7', title: encodeURIComponent('低压电工') })
    vi.mocked(upload.chooseAndUploadImages).mockResolvedValue([uploaded('/oss/t1001/u7/img/q1.jpg')])
    vi.mocked(api.ask).mockResolvedValue(answer(21))
    const { container, findByText } = render(<AskPage />)
    expect(await findByText('课程：低压电工')).toBeTruthy()
    // nothing typed: refused here, nothing sent
    await click(container, '.ask-submit')
    expect($(container, '.ask-error').textContent).toBe('请填写问题')
    expect(api.ask).not.toHaveBeenCalled()

    await click(container, '.ask-image-add')
    await waitFor(() => expect(container.querySelectorAll('.ask-image-thumb')).toHaveLength(1))
    expect(vi.mocked(upload.chooseAndUploadImages).mock.calls[0]![0]).toMatchObject({ count: 6 })
    type(container, '.ask-input', '  接地电阻怎么测？ ')
    await click(container, '.ask-submit')
    await waitFor(() =>
      expect(api.ask).toHaveBeenCalledWith({
        courseId: 70,
        goodsId: 7,
        content: '接地电阻怎么测？',
        imageList: ['/oss/t1001/u7/img/q1.jpg'],
      }),
    )
    expect(Taro.redirectTo).toHaveBeenCalledWith({ url: '/pages3/answer/index?id=21' })
  })

  it('a failed upload adds no image; a refused question keeps the form', async () => {
    setRouter('/pages3/answer/ask', { questionId: '9', title: 'Q' })
    vi.mocked(upload.chooseAndUploadImages).mockRejectedValue(new Error('upload failed'))
    vi.mocked(api.ask).mockRejectedValue(new Error('624'))
    const { container } = render(<AskPage />)
    await click(container, '.ask-image-add')
    await waitFor(() => expect(container.querySelector('.ask-image-add')).not.toBeNull())
    expect(container.querySelectorAll('.ask-image-thumb')).toHaveLength(0)
    type(container, '.ask-input', '为什么选B')
    await click(container, '.ask-submit')
    await waitFor(() => expect(api.ask).toHaveBeenCalledWith({ questionId: 9, content: '为什么选B', imageList: [] }))
    expect(Taro.redirectTo).not.toHaveBeenCalled()
    expect(container.querySelector('.ask-input')).not.toBeNull()
  })

  it('without a course or question, explains where to ask from', async () => {
    setRouter('/pages3/answer/ask', {})
    const { findByText } = render(<AskPage />)
    expect(await findByText('请从课程页或题目上发起提问')).toBeTruthy()
  })
})

describe('question card', () => {
  const q = {
    questionId: 9,
    bankId: 1,
    chapterId: 1,
    type: 1 as const,
    title: '<p>漏电保护器&nbsp;的作用是</p>',
    optionsList: [{ label: 'A', content: '保护' }],
    score: 1,
    partScore: null,
    difficulty: 1,
    subQuestions: [],
    ans: 'A',
    analysis: '',
    sort: 1,
  }

  it('offers the note and ask actions on a question', async () => {
    const { container } = render(<QuestionCard question={q} index={0} total={1} ques={undefined} tools />)
    await click(container, '.q-note')
    expect(Taro.navigateTo).toHaveBeenLastCalledWith({ url: '/pages3/note/index?questionId=9' })
    await click(container, '.q-ask')
    expect(Taro.navigateTo).toHaveBeenLastCalledWith({
      url: `/pages3/answer/ask?questionId=9&title=${encodeURIComponent('漏电保护器 的作用是')}`,
    })
  })

  it('shows no actions unless asked to (a timed test)', () => {
    const { container } = render(<QuestionCard question={q} index={0} total={1} ques={undefined} />)
    expect(container.querySelector('.question-tools')).toBeNull()
  })
})
