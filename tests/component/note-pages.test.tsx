/**
 * Notes (issue 16): My notes' month calendar and day groups, edit and delete, a question's notes with a new one;
 * the player's notes panel: a note keeps the video time it was taken at, and tapping a note seeks the video back
 * there (never beyond the anti-skip bound).
 */
import Taro from '@tarojs/taro'
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { PlaySession, VideoSign } from '@/features/learn/api'
import type { Note, NoteDays } from '@/features/note/api'
import { firePageEvent, setRouter } from '../unit/taro-double'

vi.mock('@/features/note/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/features/note/api')>()),
  noteListDate: vi.fn(),
  addNote: vi.fn(),
  editNote: vi.fn(),
  deleteNote: vi.fn(),
}))
vi.mock('@/features/learn/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/features/learn/api')>()),
  checkVideo: vi.fn(),
  openPlay: vi.fn(),
  videoSign: vi.fn(),
  report: vi.fn(),
  reportAbnormal: vi.fn(),
  courseMenu: vi.fn(),
}))

const api = await import('@/features/note/api')
const learn = await import('@/features/learn/api')
const { useSession } = await import('@/store/session')
const { default: MyNotes } = await import('@/features/note/note/index')
const { default: PlayerPage } = await import('@/features/learn/player/index')
const { monthGrid, shiftMonth } = await import('@/features/note/note/calendar')

for (const m of ['load', 'play', 'pause'] as const)
  Object.defineProperty(window.HTMLMediaElement.prototype, m, { configurable: true, value: () => undefined })
const ctx = { play: vi.fn(), pause: vi.fn(), seek: vi.fn(), stop: vi.fn() }
const taro = Taro as unknown as Record<string, unknown>

function note(noteId: number, over: Partial<Note> = {}): Note {
  return {
    noteId,
    kind: 'section',
    content: `Note ${noteId}`,
    goodsId: 7,
    courseId: 70,
    courseName: '低压电工',
    sectionId: 11,
    sectionName: '第一节 安全用电',
    videoTime: 65,
    questionId: null,
    questionTitle: '',
    date: '2026-03-02',
    createTime: 1_772_400_000,
    updateTime: 1_772_400_000,
    ...over,
  }
}

function days(...groups: [string, Note[]][]): NoteDays {
  const total = groups.reduce((n, [, notes]) => n + notes.length, 0)
  return {
    beginDate: '2026-03-01',
    endDate: '2026-03-31',
    total,
    truncated: false,
    days: groups.map(([date, notes]) => ({ date, count: notes.length, notes })),
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

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  // 2026-03-10 12:00 in China
  vi.setSystemTime(new Date('2026-03-10T04:00:00Z'))
  useSession.getState().setLogin({ token: 't', userAccount: 'u1' })
  vi.mocked(Taro.showModal).mockResolvedValue({ confirm: true, cancel: false, errMsg: 'ok' })
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
  useSession.getState().clear()
})

describe('calendar', () => {
  it('lays a month out in weeks from Sunday and moves across years', () => {
    const march = monthGrid('2026-03')
    expect(march[0]![0]).toBe('2026-03-01') // a Sunday
    expect(march.flat().filter(Boolean)).toHaveLength(31)
    expect(monthGrid('2026-04')[0]!.slice(0, 4)).toEqual([null, null, null, '2026-04-01'])
    expect(monthGrid('2026-02')).toHaveLength(4)
    expect(shiftMonth('2026-01', -1)).toBe('2025-12')
    expect(shiftMonth('2026-12', 1)).toBe('2027-01')
  })
})

describe('My notes', () => {
  it('shows this month as a calendar with a dot on each day with notes, the notes grouped by day', async () => {
    vi.mocked(api.noteListDate).mockResolvedValue(
      days(
        [
          '2026-03-02',
          [
            note(2, { videoTime: 125 }),
            note(3, {
              kind: 'question',
              sectionId: null,
              videoTime: null,
              goodsId: null,
              courseId: null,
              questionId: 9,
              questionTitle: '漏电保护器的作用是',
            }),
          ],
        ],
        ['2026-03-01', [note(1)]],
      ),
    )
    setRouter('/pages3/note/index')
    const { container, findByText } = render(<MyNotes />)
    expect(await findByText('Note 1')).toBeTruthy()
    expect(api.noteListDate).toHaveBeenCalledWith({ month: '2026-03' }, expect.anything())
    expect($(container, '.note-cal-month').textContent).toBe('2026年3月')
    expect($(container, '.note-day-2026-03-02').className).toContain('has-notes')
    expect($(container, '.note-day-2026-03-01').className).toContain('has-notes')
    expect($(container, '.note-day-2026-03-05').className).not.toContain('has-notes')
    expect($(container, '.note-day-2026-03-10').className).toContain('is-today')
    const groups = [...container.querySelectorAll('.note-day-date')].map((e) => e.textContent)
    expect(groups).toEqual(['2026-03-02', '2026-03-01'])
    expect($(container, '.note-item-2').textContent).toContain('回到视频 2:05')
    expect($(container, '.note-item-3').textContent).toContain('题目：漏电保护器的作用是')

    // a day: only its notes; again: the whole month
    await click(container, '.note-day-2026-03-01')
    expect(container.querySelector('.note-item-2')).toBeNull()
    expect(container.querySelector('.note-item-1')).not.toBeNull()
    await click(container, '.note-day-all')
    expect(container.querySelector('.note-item-2')).not.toBeNull()

    // a section note opens the player back at its time
    await click(container, '.note-item-2 .note-target')
    expect(Taro.navigateTo).toHaveBeenCalledWith({ url: '/pages3/polyv/index?goodsId=7&sectionId=11&at=125' })
  })

  it('pages by month; an empty month says how to take notes; pull-down refreshes', async () => {
    vi.mocked(api.noteListDate).mockResolvedValueOnce(days(['2026-03-01', [note(1)]]))
    const { container, findByText } = render(<MyNotes />)
    await findByText('Note 1')
    vi.mocked(api.noteListDate).mockResolvedValueOnce({ ...days(), beginDate: '2026-02-01', endDate: '2026-02-28' })
    await click(container, '.note-prev-month')
    expect(await findByText('这个月还没有笔记')).toBeTruthy()
    expect(api.noteListDate).toHaveBeenLastCalledWith({ month: '2026-02' }, expect.anything())
    expect($(container, '.note-cal-month').textContent).toBe('2026年2月')
    vi.mocked(api.noteListDate).mockResolvedValueOnce(days(['2026-02-14', [note(5)]]))
    await act(() => firePageEvent('pullDownRefresh'))
    expect(await findByText('Note 5')).toBeTruthy()
    expect(api.noteListDate).toHaveBeenLastCalledWith({ month: '2026-02' }, expect.anything())
    expect(Taro.stopPullDownRefresh).toHaveBeenCalled()
  })

  it('edits a note (an empty one is refused and not sent) and deletes one after asking', async () => {
    vi.mocked(api.noteListDate).mockResolvedValue(days(['2026-03-01', [note(1), note(2)]]))
    vi.mocked(api.editNote).mockResolvedValue(note(1, { content: '改过' }))
    vi.mocked(api.deleteNote).mockResolvedValue(null)
    const { container, findByText } = render(<MyNotes />)
    await findByText('Note 1')
    await click(container, '.note-item-1 .note-edit')
    type(container, '.note-input', '   ')
    await click(container, '.note-save')
    expect($(container, '.note-error').textContent).toBe('请填写笔记内容')
    expect(api.editNote).not.toHaveBeenCalled()
    type(container, '.note-input', '改过')
    await click(container, '.note-save')
    await waitFor(() => expect(api.editNote).toHaveBeenCalledWith(1, '改过'))
    await waitFor(() => expect(container.querySelector('.note-sheet')).toBeNull())

    await click(container, '.note-item-2 .note-delete')
    await waitFor(() => expect(api.deleteNote).toHaveBeenCalledWith(2))
    expect(Taro.showModal).toHaveBeenCalledWith(expect.objectContaining({ content: '删除这条笔记？删除后不能恢复' }))
  })

  it("a question's notes (from the question card): listed all time, and a new one is written on that question", async () => {
    setRouter('/pages3/note/index', { questionId: '9' })
    vi.mocked(api.noteListDate).mockResolvedValue({ ...days(), beginDate: '', endDate: '' })
    vi.mocked(api.addNote).mockResolvedValue(note(8, { kind: 'question', questionId: 9 }))
    const { container, findByText } = render(<MyNotes />)
    expect(await findByText('还没有笔记')).toBeTruthy()
    expect(api.noteListDate).toHaveBeenCalledWith(
      { questionId: 9, sectionId: undefined, courseId: undefined },
      expect.anything(),
    )
    expect(container.querySelector('.note-calendar')).toBeNull()
    await click(container, '.note-add')
    type(container, '.note-input', '  B 和 C 容易混  ')
    await click(container, '.note-save')
    await waitFor(() => expect(api.addNote).toHaveBeenCalledWith({ questionId: 9, content: 'B 和 C 容易混' }))
  })

  it('a failed load offers a retry', async () => {
    vi.mocked(api.noteListDate).mockRejectedValueOnce(new Error('offline'))
    const { findByText } = render(<MyNotes />)
    vi.mocked(api.noteListDate).mockResolvedValueOnce(days(['2026-03-01', [note(1)]]))
    fireEvent.click(await findByText('重试'))
    expect(await findByText('Note 1')).toBeTruthy()
  })
})

// ---- the player ----
function session(sectionId: number, over: Partial<PlaySession> = {}): PlaySession {
  return {
    goodsId: 7,
    sectionId,
    courseId: 70,
    chapterId: 1,
    sectionName: `Section ${sectionId}`,
    durationSeconds: 300,
    status: 1,
    position: 95,
    furthest: 100,
    creditedSeconds: 100,
    antiSkip: true,
    photoAtStart: false,
    photoRandomCount: 0,
    trial: false,
    nextSectionId: null,
    photos: [],
    sessionId: `session-${sectionId}-abcdef`,
    serverTime: 1_700_000_000,
    ...over,
  }
}
const sign: VideoSign = { provider: 'local', vid: 'v11', url: '/media/v11.mp4', ts: 1, sign: '', expireTime: 2 }

async function openPlayer(over: Partial<PlaySession> = {}, params: Record<string, string> = {}) {
  vi.mocked(learn.checkVideo).mockImplementation(async (_g, id) => {
    const { sessionId: _s, serverTime: _t, ...check } = session(id, over)
    return check
  })
  vi.mocked(learn.openPlay).mockImplementation(async (_g, id) => session(id, over))
  vi.mocked(learn.videoSign).mockResolvedValue(sign)
  vi.mocked(learn.courseMenu).mockResolvedValue([])
  setRouter('/pages3/polyv/index', { goodsId: '7', sectionId: '11', ...params })
  const r = render(<PlayerPage />)
  await waitFor(() => expect(r.container.querySelector('.vp-notes')).not.toBeNull())
  return r
}

describe('notes on the player', () => {
  beforeEach(() => {
    taro.createVideoContext = vi.fn(() => ctx)
  })

  it("lists the section's notes by video time; tapping one seeks the video back to its time", async () => {
    vi.mocked(api.noteListDate).mockResolvedValue(
      days([
        '2026-03-02',
        [note(2, { videoTime: 80, content: '接地电阻' }), note(1, { videoTime: 12, content: '先断电' })],
      ]),
    )
    const { container, findByText } = await openPlayer()
    await findByText('先断电')
    expect(api.noteListDate).toHaveBeenCalledWith({ sectionId: 11 }, expect.anything())
    expect([...container.querySelectorAll('.vp-note-time')].map((e) => e.textContent)).toEqual(['0:12', '1:20'])
    await click(container, '.vp-note-2')
    expect(ctx.seek).toHaveBeenLastCalledWith(80)
    expect(Taro.showToast).toHaveBeenCalledWith(expect.objectContaining({ title: '已回到 1:20' }))
    await click(container, '.vp-note-1')
    expect(ctx.seek).toHaveBeenLastCalledWith(12)
  })

  it('never seeks beyond the furthest point of an anti-skip section; a finished one goes anywhere', async () => {
    vi.mocked(api.noteListDate).mockResolvedValue(days(['2026-03-02', [note(3, { videoTime: 250 })]]))
    const first = await openPlayer()
    await waitFor(() => $(first.container, '.vp-note-3'))
    await click(first.container, '.vp-note-3')
    expect(ctx.seek).toHaveBeenLastCalledWith(100)
    expect(Taro.showToast).toHaveBeenCalledWith(expect.objectContaining({ title: '不能跳到还没看过的位置' }))
    cleanup()
    const done = await openPlayer({ status: 2, furthest: 300, creditedSeconds: 300 })
    await waitFor(() => $(done.container, '.vp-note-3'))
    await click(done.container, '.vp-note-3')
    expect(ctx.seek).toHaveBeenLastCalledWith(250)
  })

  it('takes a note at the current video time (pausing the video) and lists it', async () => {
    vi.mocked(api.noteListDate).mockResolvedValue(days())
    vi.mocked(api.addNote).mockResolvedValue(note(9, { videoTime: 97, content: '验电笔用法' }))
    const { container, findByText } = await openPlayer()
    const video = $(container, 'taro-video-core')
    await act(async () => {
      video.dispatchEvent(new CustomEvent('play', { detail: {} }))
      video.dispatchEvent(new CustomEvent('timeupdate', { detail: { currentTime: 97.6, duration: 300 } }))
    })
    await click(container, '.vp-note-take')
    expect(ctx.pause).toHaveBeenCalled()
    expect($(container, '.vp-note-at').textContent).toBe('在 1:37 处记笔记')
    type(container, '.vp-note-input', '验电笔用法')
    await click(container, '.vp-note-save')
    await waitFor(() =>
      expect(api.addNote).toHaveBeenCalledWith(
        { sectionId: 11, goodsId: 7, videoTime: 97, content: '验电笔用法' },
        expect.anything(),
      ),
    )
    expect(await findByText('验电笔用法')).toBeTruthy()
    // asking about the section goes to the ask page with what it is about
    await click(container, '.vp-ask')
    expect(Taro.navigateTo).toHaveBeenCalledWith({
      url: `/pages3/answer/ask?sectionId=11&goodsId=7&title=${encodeURIComponent('Section 11')}`,
    })
  })

  it("opened from a note (?at=), the video starts at the note's time", async () => {
    vi.mocked(api.noteListDate).mockResolvedValue(days())
    await openPlayer({ status: 2, furthest: 300 }, { at: '42' })
    await waitFor(() => expect(ctx.seek).toHaveBeenCalledWith(42))
  })
})
