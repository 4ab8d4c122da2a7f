import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { PhotoDue, PlaySession, ReportIn, ReportResult } from '@/features/learn/api'

vi.mock('@/features/learn/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/features/learn/api')>()),
  report: vi.fn(),
  photoInfo: vi.fn(),
  checkVideo: vi.fn(),
}))

const api = await import('@/features/learn/api')
const { StudyReporter } = await import('@/features/learn/study-reporter')
const { ApiError, NETWORK_ERROR } = await import('@/services/http/error')

type Reporter = InstanceType<typeof StudyReporter>

function result(body: ReportIn, over: Partial<ReportResult> = {}): ReportResult {
  return {
    accepted: true,
    abnormal: null,
    status: 1,
    position: body.endPosition,
    furthest: body.endPosition,
    creditedSeconds: Math.round(body.endPosition),
    percent: 10,
    photos: [],
    ...over,
  }
}

/** what was sent: [start, end, event, sessionId] */
const sent = () =>
  vi.mocked(api.report).mock.calls.map(([b]) => [b.startPosition, b.endPosition, b.event, b.sessionId] as const)

function make(over: Partial<ConstructorParameters<typeof StudyReporter>[0]> = {}) {
  const onPhotoDue = vi.fn()
  const onResult = vi.fn()
  const onClosed = vi.fn()
  const reopen = vi.fn(
    async (): Promise<Pick<PlaySession, 'sessionId' | 'photos'>> => ({ sessionId: 'session-new-000', photos: [] }),
  )
  const r = new StudyReporter({
    goodsId: 5,
    sectionId: 11,
    sessionId: 'session-first-00',
    position: 0,
    photos: [],
    reopen,
    onPhotoDue,
    onResult,
    onClosed,
    ...over,
  })
  return { r, onPhotoDue, onResult, onClosed, reopen }
}

/** play `seconds` seconds from `from`: one timeupdate per second */
async function play(r: Reporter, from: number, seconds: number): Promise<number> {
  let pos = from
  for (let i = 0; i < seconds; i++) {
    pos += 1
    r.onTime(pos)
    await vi.advanceTimersByTimeAsync(1000)
  }
  return pos
}

beforeEach(() => {
  vi.useFakeTimers()
  vi.mocked(api.report).mockImplementation(async (b) => result(b))
})
afterEach(() => {
  vi.useRealTimers()
})

describe('study reporter', () => {
  it('reports every 10 s of playing, in contiguous intervals, quietly', async () => {
    const { r, onResult } = make()
    await play(r, 0, 35)
    expect(sent()).toEqual([
      [0, 10, 'tick', 'session-first-00'],
      [10, 20, 'tick', 'session-first-00'],
      [20, 30, 'tick', 'session-first-00'],
    ])
    expect(vi.mocked(api.report).mock.calls[0][1]).toMatchObject({ silent: true })
    expect(onResult).toHaveBeenCalledTimes(3)
    expect(onResult.mock.calls[2][0]).toMatchObject({ furthest: 30 })
  })

  it('sends nothing while paused; the pause itself reports up to where playback stopped', async () => {
    const { r } = make()
    await play(r, 0, 14)
    r.onPause()
    await vi.advanceTimersByTimeAsync(60_000)
    expect(sent()).toEqual([
      [0, 10, 'tick', 'session-first-00'],
      [10, 14, 'pause', 'session-first-00'],
    ])
    // playing again continues from there
    await play(r, 14, 10)
    expect(sent()[2]).toEqual([14, 24, 'tick', 'session-first-00'])
  })

  it('starts where the last report of the session ended when resuming a section', async () => {
    const { r } = make({ position: 95.5 })
    await play(r, 95.5, 10)
    expect(sent()).toEqual([[95.5, 105.5, 'tick', 'session-first-00']])
  })

  it('a seek reports up to where it left, then starts a new interval where it lands', async () => {
    const { r } = make()
    await play(r, 0, 12)
    r.onSeek(12, 4)
    await play(r, 4, 10)
    r.onHide()
    await vi.advanceTimersByTimeAsync(0)
    expect(sent()).toEqual([
      [0, 10, 'tick', 'session-first-00'],
      [10, 12, 'seek', 'session-first-00'],
      [4, 12, 'tick', 'session-first-00'],
      [12, 14, 'hide', 'session-first-00'],
    ])
  })

  it('a report lost to the network keeps its interval: the next report covers it', async () => {
    const { r } = make()
    vi.mocked(api.report).mockRejectedValueOnce(new ApiError(NETWORK_ERROR, 'offline'))
    await play(r, 0, 25)
    expect(sent()).toEqual([
      [0, 10, 'tick', 'session-first-00'],
      [0, 20, 'tick', 'session-first-00'],
    ])
  })

  it('an interval the server answered but refused (abnormal) is not sent again', async () => {
    const { r, onResult } = make()
    vi.mocked(api.report).mockImplementationOnce(async (b) => result(b, { accepted: false, abnormal: 'too-fast' }))
    await play(r, 0, 25)
    expect(sent()).toEqual([
      [0, 10, 'tick', 'session-first-00'],
      [10, 20, 'tick', 'session-first-00'],
    ])
    expect(onResult.mock.calls[0][0]).toMatchObject({ accepted: false })
  })

  it('a gone session (623) is reopened and reporting goes on with the new session', async () => {
    const { r, reopen } = make()
    vi.mocked(api.report).mockRejectedValueOnce(new ApiError(623, 'session gone'))
    await play(r, 0, 25)
    expect(reopen).toHaveBeenCalledTimes(1)
    expect(sent()).toEqual([
      [0, 10, 'tick', 'session-first-00'],
      [10, 20, 'tick', 'session-new-000'],
    ])
    expect(r.sessionId).toBe('session-new-000')
  })

  it('a photo due at a position pauses reporting there and asks for it; after the photo it goes on', async () => {
    const photo: PhotoDue = { scene: 'random', position: 15 }
    const { r, onPhotoDue } = make({ photos: [photo] })
    // the server names the photo in every answer until it is logged
    let taken = false
    vi.mocked(api.report).mockImplementation(async (b) => result(b, { photos: taken ? [] : [photo] }))
    await play(r, 0, 15)
    expect(onPhotoDue).toHaveBeenCalledWith(photo)
    expect(r.pendingPhoto).toEqual(photo)
    // stray timeupdates while the photo is pending send nothing
    r.onTime(15.2)
    r.onPause()
    await vi.advanceTimersByTimeAsync(30_000)
    expect(sent()).toEqual([
      [0, 10, 'tick', 'session-first-00'],
      [10, 15, 'pause', 'session-first-00'],
    ])
    taken = true
    r.photoTaken(photo)
    expect(r.pendingPhoto).toBeNull()
    await play(r, 15, 10)
    expect(sent()[2]).toEqual([15, 25, 'tick', 'session-first-00'])
    expect(onPhotoDue).toHaveBeenCalledTimes(1)
  })

  it('the start photo is due before playing', () => {
    const photo: PhotoDue = { scene: 'start', position: 0 }
    const { r, onPhotoDue } = make({ position: 30, photos: [photo] })
    expect(r.holdIfDue(30)).toBe(true)
    expect(onPhotoDue).toHaveBeenCalledWith(photo)
  })

  it('a result naming a photo due at or before the position asks for it', async () => {
    const photo: PhotoDue = { scene: 'random', position: 9 }
    const { r, onPhotoDue } = make()
    vi.mocked(api.report).mockImplementationOnce(async (b) => result(b, { photos: [photo] }))
    await play(r, 0, 12)
    expect(onPhotoDue).toHaveBeenCalledWith(photo)
  })

  it('code 621 asks which photo is due and holds for it', async () => {
    const photo: PhotoDue = { scene: 'random', position: 8 }
    const { r, onPhotoDue } = make()
    vi.mocked(api.report).mockRejectedValueOnce(new ApiError(621, 'photo required'))
    vi.mocked(api.photoInfo).mockResolvedValue({ lastPhotoTime: null, photos: [photo], photoNum: 0 })
    await play(r, 0, 12)
    expect(api.photoInfo).toHaveBeenCalledWith(5, 11, expect.anything())
    expect(onPhotoDue).toHaveBeenCalledWith(photo)
    r.photoTaken(photo)
    await play(r, 12, 10)
    // credit resumes from the photo point
    expect(sent().at(-1)).toEqual([8, 22, 'tick', 'session-first-00'])
  })

  it('study closed (622) stops reporting and tells the player', async () => {
    const { r, onClosed } = make()
    vi.mocked(api.report).mockRejectedValueOnce(new ApiError(622, 'class ended'))
    await play(r, 0, 40)
    expect(onClosed).toHaveBeenCalledWith(622, 'class ended')
    expect(sent()).toHaveLength(1)
  })

  it('the end is always reported; dispose sends the last interval once', async () => {
    const { r } = make()
    await play(r, 0, 5)
    r.onEnd(5)
    await vi.advanceTimersByTimeAsync(0)
    expect(sent()).toEqual([[0, 5, 'end', 'session-first-00']])

    const other = make()
    await play(other.r, 0, 7)
    await other.r.dispose()
    await other.r.dispose()
    other.r.onTime(30)
    await vi.advanceTimersByTimeAsync(20_000)
    expect(sent().slice(1)).toEqual([[0, 7, 'hide', 'session-first-00']])
  })
})
