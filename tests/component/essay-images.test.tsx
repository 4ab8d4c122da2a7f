/**
 * Essay answers with images in the question card: picking adds the uploaded URL to the saved answer (text kept),
 * a failed upload adds nothing, Save waits for a running upload, images can be removed, and read-only cards show
 * the images for preview.
 */
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

vi.mock('@/services/upload', () => ({
  chooseAndUploadImages: vi.fn(),
  UploadError: class UploadError extends Error {},
}))

const Taro = (await import('@tarojs/taro')).default
const upload = await import('@/services/upload')
const { default: QuestionCard } = await import('@/features/bank/components/question/question-card')
const { t } = await import('@/i18n/sub')

type Props = Parameters<typeof QuestionCard>[0]
type UploadOpts = Parameters<typeof upload.chooseAndUploadImages>[0]

const essay: Props['question'] = {
  questionId: 5,
  bankId: 1,
  chapterId: 1,
  type: 5,
  title: 'Describe the process',
  optionsList: [],
  score: 10,
  partScore: null,
  difficulty: 1,
  subQuestions: [],
  ans: 'reference',
  analysis: 'analysis',
  sort: 5,
}

const uploaded = (url: string) => ({
  url,
  key: url.slice(5),
  size: 2048,
  mimeType: 'image/jpeg',
  width: 600,
  height: 400,
})
const $ = (c: ParentNode, sel: string) => c.querySelector(sel) as HTMLElement | null
const $$ = (c: ParentNode, sel: string) => Array.from(c.querySelectorAll(sel)) as HTMLElement[]

function tap(c: ParentNode, sel: string) {
  const el = $(c, sel)
  if (!el) throw new Error(`no ${sel}`)
  act(() => {
    fireEvent.click(el)
  })
}

function type(c: ParentNode, value: string) {
  const host = $(c, '.essay-input')
  if (!host) throw new Error('no essay input')
  const el = (host.querySelector('textarea') ?? host) as HTMLTextAreaElement
  act(() => {
    el.value = value
    fireEvent.input(el, { target: { value }, detail: { value } })
    host.dispatchEvent(new CustomEvent('input', { detail: { value }, bubbles: true }))
  })
}

function renderCard(props: Partial<Props> = {}) {
  const onAnswer = vi.fn()
  const r = render(
    <QuestionCard question={essay} index={0} total={1} ques={undefined} confirm onAnswer={onAnswer} {...props} />,
  )
  return { ...r, onAnswer }
}

const srcOf = (el: HTMLElement) => el.getAttribute('src') ?? (el as HTMLElement & { src?: string }).src ?? ''

beforeEach(() => {
  vi.mocked(upload.chooseAndUploadImages).mockReset()
})
afterEach(() => cleanup())

describe('essay images', () => {
  it('picking an image adds its URL to imageList in the saved answer, next to the text', async () => {
    vi.mocked(upload.chooseAndUploadImages).mockResolvedValue([uploaded('/oss/t1001/u7/img/20250102/a.jpg')])
    const { container, onAnswer } = renderCard()
    expect(container.textContent).not.toContain('目前仅支持文字作答')
    type(container, 'my essay')
    tap(container, '.essay-image-add')
    await waitFor(() => expect($$(container, '.essay-image-thumb')).toHaveLength(1))
    expect(vi.mocked(upload.chooseAndUploadImages).mock.calls[0]![0]).toMatchObject({ count: 3 })
    expect(onAnswer).toHaveBeenLastCalledWith({ text: 'my essay', imageList: ['/oss/t1001/u7/img/20250102/a.jpg'] })
    tap(container, '.option-confirm')
    expect(onAnswer).toHaveBeenLastCalledWith({ text: 'my essay', imageList: ['/oss/t1001/u7/img/20250102/a.jpg'] })
  })

  it('a failed upload adds nothing and the learner can try again', async () => {
    vi.mocked(upload.chooseAndUploadImages).mockRejectedValue(new upload.UploadError('no image uploaded'))
    const { container, onAnswer } = renderCard()
    tap(container, '.essay-image-add')
    await waitFor(() => expect($(container, '.essay-image-add')).not.toBeNull())
    expect($$(container, '.essay-image-thumb')).toHaveLength(0)
    expect(onAnswer).not.toHaveBeenCalled()
    tap(container, '.option-confirm')
    expect(onAnswer).toHaveBeenLastCalledWith({ text: '', imageList: [] })
  })

  it('shows the progress while uploading and Save waits until the upload is done', async () => {
    let finish!: (files: ReturnType<typeof uploaded>[]) => void
    let report!: (p: number) => void
    vi.mocked(upload.chooseAndUploadImages).mockImplementation((opts: UploadOpts) => {
      report = (p) => opts?.onProgress?.(p)
      return new Promise((r) => {
        finish = r
      })
    })
    const { container, onAnswer } = renderCard()
    tap(container, '.essay-image-add')
    act(() => report(40))
    expect($(container, '.essay-image.is-uploading')?.textContent).toBe(t('upload.progress', { n: 40 }))
    expect($(container, '.essay-image-add')).toBeNull()
    expect($(container, '.option-confirm.is-disabled')).not.toBeNull()
    tap(container, '.option-confirm')
    expect(onAnswer).not.toHaveBeenCalled()
    expect(Taro.showToast).toHaveBeenCalledWith(expect.objectContaining({ title: t('bank.essay.waitUpload') }))
    await act(async () => finish([uploaded('/oss/b.jpg')]))
    expect($(container, '.option-confirm.is-disabled')).toBeNull()
    tap(container, '.option-confirm')
    expect(onAnswer).toHaveBeenLastCalledWith({ text: '', imageList: ['/oss/b.jpg'] })
  })

  it('keeps at most three images and removes one on request', async () => {
    const ques = { text: 'x', imageList: ['/oss/1.jpg', '/oss/2.jpg'] }
    vi.mocked(upload.chooseAndUploadImages).mockResolvedValue([uploaded('/oss/3.jpg')])
    const { container, onAnswer, rerender } = renderCard({ ques })
    tap(container, '.essay-image-add')
    expect(vi.mocked(upload.chooseAndUploadImages).mock.calls[0]![0]).toMatchObject({ count: 1 })
    await waitFor(() => expect($$(container, '.essay-image-thumb')).toHaveLength(3))
    expect($(container, '.essay-image-add')).toBeNull()
    const saved = { text: 'x', imageList: ['/oss/1.jpg', '/oss/2.jpg', '/oss/3.jpg'] }
    expect(onAnswer).toHaveBeenLastCalledWith(saved)
    rerender(<QuestionCard question={essay} index={0} total={1} ques={saved} confirm onAnswer={onAnswer} />)
    tap(container, '.essay-image-0 .essay-image-remove')
    expect(onAnswer).toHaveBeenLastCalledWith({ text: 'x', imageList: ['/oss/2.jpg', '/oss/3.jpg'] })
  })

  it('read-only shows the images to preview, with no add or remove', () => {
    const ques = { text: 'done', imageList: ['/oss/1.jpg', '/oss/2.jpg'] }
    const { container } = renderCard({ ques, readOnly: true })
    const thumbs = $$(container, '.essay-image-thumb')
    expect(thumbs.map(srcOf)).toEqual([expect.stringContaining('/oss/1.jpg'), expect.stringContaining('/oss/2.jpg')])
    expect(thumbs[0]!.getAttribute('mode')).toBe('aspectFit')
    expect($(container, '.essay-image-add')).toBeNull()
    expect($(container, '.essay-image-remove')).toBeNull()
    tap(container, '.essay-image-1 .essay-image-thumb')
    expect(Taro.previewImage).toHaveBeenCalledWith({ current: '/oss/2.jpg', urls: ['/oss/1.jpg', '/oss/2.jpg'] })
  })
})
