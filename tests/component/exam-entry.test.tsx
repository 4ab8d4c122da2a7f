import Taro from '@tarojs/taro'
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { RecordSummary } from '@/features/bank/api'
import type { Appointment, Certificate, EligibilityCheck, ExamDetail, ExamRow, InfoDetail } from '@/features/exam/api'
import type { Stroke } from '@/features/exam/components/signature-pad/stroke'
import { firePageEvent, setRouter } from '../unit/taro-double'

// The tab pages import these calls from '@/services/api/tabs' (the domain modules re-export them).
vi.mock('@/services/api/tabs', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/services/api/tabs')>()),
  recentExamAppointment: vi.fn(),
}))
vi.mock('@/features/exam/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/features/exam/api')>()),
  examDetail: vi.fn(),
  infoDetail: vi.fn(),
  confirmInfo: vi.fn(),
  cancelAppointment: vi.fn(),
  commitmentLetter: vi.fn(),
  signCommitment: vi.fn(),
  nextExam: vi.fn(),
  exams: vi.fn(),
  certificates: vi.fn(),
}))
vi.mock('@/features/bank/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/features/bank/api')>()),
  record: vi.fn(),
}))
vi.mock('@/services/upload', () => ({
  uploadImage: vi.fn(),
  chooseAndUploadImages: vi.fn(),
  UploadError: class UploadError extends Error {},
}))
// jsdom has no 2d canvas: the pages get a recording context through the canvas module
vi.mock('@/features/exam/exams/canvas', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/features/exam/exams/canvas')>()),
  waitForCanvas: vi.fn(),
  pixelRatio: vi.fn(),
}))
vi.mock('@/features/exam/exams/save', async (importOriginal) => ({
  // absoluteVerifyUrl stays real: the printed link is under test
  ...(await importOriginal<typeof import('@/features/exam/exams/save')>()),
  canvasImage: vi.fn(),
  saveCanvasImage: vi.fn(),
  openVerifyUrl: vi.fn(),
}))

const api = await import('@/features/exam/api')
const bank = await import('@/features/bank/api')
const upload = await import('@/services/upload')
const canvas = await import('@/features/exam/exams/canvas')
const save = await import('@/features/exam/exams/save')
const { useSession } = await import('@/store/session')
const { ApiError } = await import('@/services/http/request')
const { default: ExamHome } = await import('@/features/exam/exams/index')
const { default: ExamEntry } = await import('@/features/exam/exams/exam_appointment')
const { default: SignCommit } = await import('@/features/exam/exams/signCommit')
const { default: ExamResult } = await import('@/features/exam/exams/exam_result')
const stroke = await import('@/features/exam/components/signature-pad/stroke')
const rules = await import('@/features/exam/exams/rules')
const { drawCertificate, wrapText, fitLine } = await import('@/features/exam/exams/certificate-draw')
const { certificateView } = await import('@/features/exam/exams/certificate-canvas')

const NOW = Math.floor(Date.now() / 1000)

function examRow(over: Partial<ExamRow> = {}): ExamRow {
  return {
    examId: 9,
    kind: 'formal',
    name: '安全员上岗考试',
    goodsId: 3,
    goodsName: '安全员培训',
    paperId: 4,
    questionNum: 50,
    totalScore: 100,
    passScore: 60,
    durationSeconds: 5400,
    maxAttempts: 3,
    attemptsUsed: 1,
    openTime: NOW - 3600,
    closeTime: NOW + 86_400,
    status: 'open',
    requireAppointment: true,
    certificate: true,
    bestScore: 52,
    passed: false,
    openRecordId: null,
    ...over,
  }
}

function check(key: EligibilityCheck['key'], ok: boolean, over: Partial<EligibilityCheck> = {}): EligibilityCheck {
  const titles = {
    courses: '完成必修课程',
    identity: '完成实名认证',
    info: '确认个人信息',
    appointment: '预约考场',
    letter: '签署考试承诺书',
  }
  const paths = {
    courses: '/pages2/learn/details?goodsId=3',
    identity: '/pages2/verify/input',
    info: '/pages2/exam/exam_appointment?examId=9',
    appointment: '/pages2/appointment/index?examId=9&kind=exam',
    letter: '/pages2/exam/signCommit?examId=9',
  }
  return { key, ok, title: titles[key], message: ok ? '' : `${titles[key]}未完成`, fixPath: paths[key], ...over }
}

function appointment(over: Partial<Appointment> = {}): Appointment {
  return {
    appointmentId: 77,
    kind: 'exam',
    status: 1,
    examId: 9,
    examName: '安全员上岗考试',
    sessionId: 5,
    siteId: 2,
    siteName: '朝阳考点',
    siteAddress: '朝阳路 1 号',
    sitePhone: '010-12345678',
    cityName: '北京',
    startTime: NOW - 600,
    endTime: NOW + 7200,
    rescheduleNum: 0,
    canChange: true,
    canCancel: true,
    changeDeadlineTime: NOW - 86_400,
    letterSigned: true,
    signatureUrl: '/oss/t1001/u1/img/sig.png',
    signedTime: NOW - 86_400,
    createdTime: NOW - 172_800,
    ...over,
  }
}

function attempt(recordId: number, over: Partial<RecordSummary> = {}): RecordSummary {
  return {
    recordId,
    mode: 'test',
    scope: 'exam',
    title: '安全员上岗考试',
    bankId: null,
    chapterId: null,
    paperId: 4,
    questionNum: 50,
    answeredNum: 50,
    submitted: true,
    startTime: NOW - 90_000,
    submitTime: NOW - 88_000,
    lastAnswerTime: null,
    performance: 52,
    totalScore: 100,
    rightRate: 52,
    reportStatus: 0,
    examId: 9,
    deadlineTime: NOW - 84_600,
    autoSubmitted: false,
    ...over,
  }
}

function cert(over: Partial<Certificate> = {}): Certificate {
  return {
    certificateId: 1,
    serial: 'K7QH3MZP9TXA2WCE',
    examId: 9,
    examName: '安全员上岗考试',
    realName: '张三',
    score: 88,
    passScore: 60,
    issuedTime: NOW - 3600,
    verifyUrl: 'https://a.xuexi-demo.com/verify/certificate/K7QH3MZP9TXA2WCE',
    valid: true,
    ...over,
  }
}

function detail(over: Partial<ExamDetail> = {}): ExamDetail {
  return {
    ...examRow(),
    description: '请携带身份证原件参加考试。',
    eligibility: { eligible: true, checks: [] },
    appointment: appointment(),
    attempts: [attempt(31)],
    certificate: null,
    issuesCertificate: true,
    ...over,
  }
}

function info(over: Partial<InfoDetail> = {}): InfoDetail {
  return {
    realName: '张三',
    idCard: '1101********002X',
    telPhone: '138****5678',
    eduLevel: '',
    certStatus: 2,
    confirmed: false,
    confirmedTime: null,
    missing: [],
    ...over,
  }
}

const $ = (c: HTMLElement, s: string) => {
  const el = c.querySelector(s)
  if (!el) throw new Error(`no ${s}`)
  return el as HTMLElement
}
const navigated = () => vi.mocked(Taro.navigateTo).mock.calls.map((c) => (c[0] as { url: string }).url)
const toasts = () => vi.mocked(Taro.showToast).mock.calls.map((c) => (c[0] as { title: string }).title)

/** A 2d context that records what is drawn. */
function recordingCtx() {
  const calls: { fn: string; args: unknown[] }[] = []
  const ctx: Record<string, unknown> = { calls }
  for (const fn of [
    'setTransform',
    'fillRect',
    'strokeRect',
    'beginPath',
    'moveTo',
    'lineTo',
    'quadraticCurveTo',
    'arc',
    'stroke',
    'fill',
    'fillText',
    'save',
    'restore',
    'translate',
    'rotate',
  ])
    ctx[fn] = (...args: unknown[]) => calls.push({ fn, args })
  ctx.measureText = (s: string) => ({ width: Array.from(s).length * 10 })
  return ctx as unknown as import('@/features/exam/exams/canvas').Ctx2D & { calls: typeof calls }
}

function fakeCanvas() {
  const ctx = recordingCtx()
  const node = { width: 0, height: 0, getContext: () => ctx }
  return { box: { node, width: 300, height: 150 }, ctx }
}

beforeEach(() => {
  useSession.getState().setLogin({ token: 't', userAccount: 'u1' })
  vi.mocked(canvas.pixelRatio).mockReturnValue(2)
})
afterEach(() => cleanup())

// ---- pure rules ----

describe('signature strokes', () => {
  it('drops points closer than the minimum distance and thins the pen when it moves fast', () => {
    const s: Stroke = []
    s.push(stroke.nextPoint(s, { x: 0, y: 0, t: 0 })!)
    expect(s[0]!.w).toBeCloseTo((stroke.PEN.minWidth + stroke.PEN.maxWidth) / 2)
    expect(stroke.nextPoint(s, { x: 1, y: 1, t: 5 })).toBeNull()
    const slow = stroke.nextPoint(s, { x: 4, y: 0, t: 100 })!
    const fast = stroke.nextPoint(s, { x: 200, y: 0, t: 101 })!
    expect(fast.w).toBeLessThan(slow.w)
    expect(stroke.widthForSpeed(0)).toBe(stroke.PEN.maxWidth)
    expect(stroke.widthForSpeed(1000)).toBe(stroke.PEN.minWidth)
  })

  it('joins segments at midpoints, ends on the last point and measures the ink', () => {
    const pts = [
      { x: 0, y: 0 },
      { x: 10, y: 0 },
      { x: 20, y: 10 },
      { x: 30, y: 10 },
    ]
    const s: Stroke = []
    pts.forEach((p, i) => {
      s.push(stroke.nextPoint(s, { ...p, t: i * 16 })!)
    })
    const segs = stroke.strokeSegments(s)
    expect(segs).toHaveLength(4)
    expect(segs[0]).toMatchObject({ x0: 0, y0: 0, x1: 5, y1: 0 })
    for (let i = 1; i < segs.length; i++) expect([segs[i]!.x0, segs[i]!.y0]).toEqual([segs[i - 1]!.x1, segs[i - 1]!.y1])
    expect(segs.at(-1)).toMatchObject({ x1: 30, y1: 10 })
    expect(segs[1]).toMatchObject({ cx: 10, cy: 0 })
    expect(stroke.strokeLength(s)).toBeCloseTo(10 + Math.SQRT2 * 10 + 10)
    expect(stroke.dotOf([s[0]!])).toMatchObject({ x: 0, y: 0 })
    expect(stroke.tailSegment([s[0]!])).toBeNull()
  })

  it('needs a reasonable length of ink: taps and flicks are not a signature', () => {
    const line = (len: number): Stroke =>
      Array.from({ length: 11 }, (_, i) => ({ x: (len / 10) * i, y: 0, t: i, w: 2 }))
    expect(stroke.hasEnoughInk([])).toBe(false)
    expect(stroke.hasEnoughInk([[{ x: 5, y: 5, t: 0, w: 2 }]])).toBe(false)
    expect(stroke.hasEnoughInk([line(40)])).toBe(false)
    expect(stroke.hasEnoughInk([line(70), line(60)])).toBe(true)
    expect(stroke.inkLength([line(70), line(60)])).toBeCloseTo(130)
  })

  it('reads canvas touches (weapp x/y), browser touches and the mouse, clamped to the pad', () => {
    const size = { width: 300, height: 150 }
    expect(stroke.pointFromEvent({ touches: [{ x: 12, y: 34, clientX: 500, clientY: 500 }] }, null, size)).toEqual({
      x: 12,
      y: 34,
    })
    expect(stroke.pointFromEvent({ touches: [{ clientX: 120, clientY: 90 }] }, { left: 100, top: 50 }, size)).toEqual({
      x: 20,
      y: 40,
    })
    expect(stroke.pointFromEvent({ clientX: 130, clientY: 60 }, { left: 100, top: 50 }, size)).toEqual({ x: 30, y: 10 })
    expect(stroke.pointFromEvent({ touches: [], changedTouches: [{ x: 400, y: -5 }] }, null, size)).toEqual({
      x: 300,
      y: 0,
    })
    expect(stroke.pointFromEvent({}, null, size)).toBeNull()
  })
})

describe('exam rules', () => {
  const base = {
    eligibility: { eligible: true, checks: [] },
    status: 'open' as const,
    requireAppointment: true,
    appointment: appointment(),
    maxAttempts: 3,
    attemptsUsed: 1,
    openRecordId: null,
  }

  it('names the first reason the start is refused', () => {
    expect(rules.startBlock(base, NOW)).toBeNull()
    expect(rules.startBlock({ ...base, status: 'closed' }, NOW)).toBe('closed')
    expect(rules.startBlock({ ...base, attemptsUsed: 3 }, NOW)).toBe('attemptsUsed')
    expect(rules.startBlock({ ...base, attemptsUsed: 3, openRecordId: 5 }, NOW)).toBeNull()
    expect(rules.startBlock({ ...base, maxAttempts: 0, attemptsUsed: 40 }, NOW)).toBeNull()
    expect(rules.startBlock({ ...base, eligibility: { eligible: false, checks: [] } }, NOW)).toBe('notEligible')
    expect(rules.startBlock({ ...base, status: 'upcoming' }, NOW)).toBe('upcoming')
    expect(rules.startBlock({ ...base, appointment: appointment({ startTime: NOW + 60 }) }, NOW)).toBe('beforeSession')
    expect(rules.startBlock({ ...base, appointment: appointment({ endTime: NOW - 1 }) }, NOW)).toBe('sessionOver')
  })

  it('picks the exam home action', () => {
    const e = examRow()
    expect(rules.nextAction({ exam: null, appointment: null }, NOW)).toBeNull()
    expect(rules.nextAction({ exam: examRow({ openRecordId: 4 }), appointment: null }, NOW)?.kind).toBe('continue')
    expect(rules.nextAction({ exam: e, appointment: null }, NOW)).toEqual({
      kind: 'book',
      url: '/pages2/appointment/index?examId=9&kind=exam',
    })
    expect(rules.nextAction({ exam: e, appointment: appointment({ letterSigned: false }) }, NOW)?.kind).toBe('sign')
    expect(rules.nextAction({ exam: e, appointment: appointment() }, NOW)).toEqual({
      kind: 'start',
      url: '/pages5/exam/index?examId=9',
    })
    expect(rules.nextAction({ exam: e, appointment: appointment({ startTime: NOW + 3600 }) }, NOW)?.kind).toBe('view')
    expect(
      rules.nextAction({ exam: examRow({ requireAppointment: false, status: 'upcoming' }), appointment: null }, NOW)
        ?.kind,
    ).toBe('view')
  })
})

describe('certificate drawing', () => {
  const measure = (s: string) => Array.from(s).length * 10

  it('wraps Chinese between characters, Latin between words, and cuts a long URL', () => {
    expect(wrapText('一二三四五六七', 30, measure)).toEqual(['一二三', '四五六', '七'])
    expect(wrapText('pass the exam now', 90, measure)).toEqual(['pass the', 'exam now'])
    expect(wrapText('https://x.cn/abcdefgh', 80, measure)).toEqual(['https://', 'x.cn/abc', 'defgh'])
    expect(fitLine('abcdefghij', 60, measure)).toBe('abcde…')
  })

  it('never starts a line with a closing mark nor ends one with an opening mark (issue 12: a line began with 」)', () => {
    expect(wrapText('参加「安全考试」考试', 70, measure)).toEqual(['参加「安全考', '试」考试'])
    expect(wrapText('一二三四五六「七」', 70, measure)).toEqual(['一二三四五六', '「七」'])
    expect(wrapText('一二三四五六七，八', 70, measure)).toEqual(['一二三四五六', '七，八'])
    // the certificate's own paragraph, for exam names of every length: no line starts with a closing mark
    for (let n = 1; n <= 40; n++) {
      const body = certificateView(cert({ examName: '安'.repeat(n) }), 'S').body
      const lines = wrapText(body, 780, measure)
      expect(lines.join('').replace(/ /g, '')).toBe(body.replace(/ /g, ''))
      for (const l of lines) expect(l).not.toMatch(/^[」）。，：]/)
      for (const l of lines) expect(l).not.toMatch(/[「（]$/)
    }
  })

  it('prints the verification link absolute and whole, even when the server sends a path', () => {
    const path = '/verify/certificate/K7QH3MZP9TXA2WCE'
    const v = certificateView(cert({ verifyUrl: path }), 'S')
    expect(v.verifyLine).toBe(`验证：${window.location.origin}${path}`)
    const ctx = recordingCtx()
    drawCertificate(ctx, v)
    const text = ctx.calls.filter((c) => c.fn === 'fillText').map((c) => c.args[0] as string)
    expect(text).toContain(v.verifyLine)
  })

  it('draws the school, title, name, exam, score, serial and verify URL; a void certificate is stamped', () => {
    const ctx = recordingCtx()
    drawCertificate(ctx, certificateView(cert(), '安信职业培训学校'))
    const text = ctx.calls.filter((c) => c.fn === 'fillText').map((c) => c.args[0] as string)
    const all = text.join('')
    expect(text).toContain('安信职业培训学校')
    expect(text).toContain('合 格 证 书')
    expect(all).toContain('张三')
    expect(all).toContain('安全员上岗考试')
    expect(all).toContain('88')
    expect(text).toContain('证书编号：K7QH3MZP9TXA2WCE')
    expect(text.some((s) => s.startsWith('验证：https://a.xuexi-demo.com/verify'))).toBe(true)
    expect(text).not.toContain('已失效')

    const voided = recordingCtx()
    drawCertificate(voided, certificateView(cert({ valid: false }), 'S'))
    expect(voided.calls.some((c) => c.fn === 'fillText' && c.args[0] === '已失效')).toBe(true)
  })
})

// ---- entry page ----

describe('exam entry page', () => {
  it('lists the conditions: failed ones with their fix, info confirmed inline, ok ones marked done', async () => {
    setRouter('/pages2/exam/exam_appointment', { examId: '9' })
    vi.mocked(api.examDetail).mockResolvedValue(
      detail({
        eligibility: {
          eligible: false,
          checks: [
            check('courses', false, { message: '还有 1 门必修课未学完：消防（3/5）' }),
            check('identity', true),
            check('info', false),
            check('appointment', true),
            check('letter', false),
          ],
        },
      }),
    )
    vi.mocked(api.infoDetail).mockResolvedValue(info())
    const { container, getByText } = render(<ExamEntry />)
    await waitFor(() => expect(container.querySelector('.ex-check-courses')).not.toBeNull())

    expect($(container, '.ex-check-courses').className).toContain('is-missing')
    expect(getByText('还有 1 门必修课未学完：消防（3/5）')).toBeTruthy()
    expect($(container, '.ex-check-identity').textContent).toContain('已满足')
    expect(container.querySelector('.ex-fix-identity')).toBeNull()
    // info is fixed here, not elsewhere
    expect(container.querySelector('.ex-fix-info')).toBeNull()
    await waitFor(() => expect(container.querySelector('.ex-info-confirm')).not.toBeNull())
    expect($(container, '.ex-info-idCard').textContent).toContain('1101********002X')
    expect($(container, '.ex-info-telPhone').textContent).toContain('138****5678')

    fireEvent.click($(container, '.ex-fix-courses'))
    fireEvent.click($(container, '.ex-fix-letter'))
    expect(navigated()).toEqual(['/pages2/learn/details?goodsId=3', '/pages2/exam/signCommit?examId=9'])
  })

  it('confirming the info calls confirmInfo and reads the page again', async () => {
    setRouter('/pages2/exam/exam_appointment', { examId: '9' })
    vi.mocked(api.examDetail)
      .mockResolvedValueOnce(
        detail({ eligibility: { eligible: false, checks: [check('identity', true), check('info', false)] } }),
      )
      .mockResolvedValue(
        detail({ eligibility: { eligible: true, checks: [check('identity', true), check('info', true)] } }),
      )
    vi.mocked(api.infoDetail).mockResolvedValue(info())
    vi.mocked(api.confirmInfo).mockResolvedValue(info({ confirmed: true, confirmedTime: NOW }))
    const { container } = render(<ExamEntry />)
    await waitFor(() => expect(container.querySelector('.ex-info-confirm')).not.toBeNull())
    expect($(container, '.ex-info-confirm').textContent).toBe('确认无误')

    fireEvent.click($(container, '.ex-info-confirm'))
    await waitFor(() => expect(api.confirmInfo).toHaveBeenCalledTimes(1))
    await waitFor(() => expect(container.querySelector('.ex-info-confirm')).toBeNull())
    expect(api.examDetail).toHaveBeenCalledTimes(2)
    expect($(container, '.ex-check-info').className).toContain('is-ok')
    expect(toasts()).toContain('个人信息已确认')
  })

  it('missing name or ID: confirming is off and the fields link to where they are filled', async () => {
    setRouter('/pages2/exam/exam_appointment', { examId: '9' })
    vi.mocked(api.examDetail).mockResolvedValue(
      detail({ eligibility: { eligible: false, checks: [check('info', false)] } }),
    )
    vi.mocked(api.infoDetail).mockResolvedValue(info({ idCard: '', telPhone: '', missing: ['idCard'] }))
    const { container, getByText } = render(<ExamEntry />)
    await waitFor(() => expect(container.querySelector('.ex-info-confirm')).not.toBeNull())
    expect($(container, '.ex-info-confirm').hasAttribute('disabled')).toBe(true)
    expect(getByText('请先补全姓名和身份证号')).toBeTruthy()
    fireEvent.click($(container, '.ex-info-fix-idCard'))
    fireEvent.click($(container, '.ex-info-telPhone .ex-info-fix'))
    expect(navigated()).toEqual(['/pages2/verify/input', '/pages2/wd/menu'])
    fireEvent.click($(container, '.ex-info-confirm'))
    expect(api.confirmInfo).not.toHaveBeenCalled()
  })

  it('the start button is off with the reason while a condition is not met', async () => {
    setRouter('/pages2/exam/exam_appointment', { examId: '9' })
    vi.mocked(api.examDetail).mockResolvedValue(
      detail({ eligibility: { eligible: false, checks: [check('courses', false)] } }),
    )
    const { container, getByText } = render(<ExamEntry />)
    await waitFor(() => expect(container.querySelector('.ex-start')).not.toBeNull())
    const start = $(container, '.ex-start')
    expect(start.textContent).toBe('开始考试')
    expect(start.hasAttribute('disabled')).toBe(true)
    expect(getByText('请先完成上面未满足的考试条件')).toBeTruthy()
    fireEvent.click(start)
    await Promise.resolve()
    expect(Taro.showModal).not.toHaveBeenCalled()
    expect(navigated()).not.toContain('/pages5/exam/index?examId=9')
  })

  it('attempts used up, upcoming: each says why', async () => {
    setRouter('/pages2/exam/exam_appointment', { examId: '9' })
    vi.mocked(api.examDetail).mockResolvedValueOnce(detail({ attemptsUsed: 3 }))
    const first = render(<ExamEntry />)
    await waitFor(() => expect(first.getByText('考试次数已用完')).toBeTruthy())
    expect($(first.container, '.ex-fact-attempts').textContent).toContain('已用 3 / 共 3')
    first.unmount()

    vi.mocked(api.examDetail).mockResolvedValueOnce(
      detail({
        status: 'upcoming',
        openTime: 1_900_000_000,
        closeTime: null,
        requireAppointment: false,
        appointment: null,
      }),
    )
    const second = render(<ExamEntry />)
    await waitFor(() => expect(second.container.querySelector('.ex-start-why')?.textContent).toContain('考试尚未开始'))
    expect(second.container.querySelector('.ex-booking-none')).toBeNull()
  })

  it('eligible and open: start opens the timed exam (which asks before a new attempt); an unfinished attempt continues', async () => {
    setRouter('/pages2/exam/exam_appointment', { examId: '9' })
    vi.mocked(api.examDetail).mockResolvedValueOnce(detail())
    const first = render(<ExamEntry />)
    await waitFor(() => expect(first.container.querySelector('.ex-start:not([disabled])')).not.toBeNull())
    expect(first.container.querySelector('.ex-start-why')).toBeNull()
    fireEvent.click($(first.container, '.ex-start'))
    await waitFor(() => expect(navigated()).toContain('/pages5/exam/index?examId=9'))
    // one question, on the exam page (tests/component/exam-sit.test.tsx): not a second one here
    expect(Taro.showModal).not.toHaveBeenCalled()
    first.unmount()

    vi.mocked(Taro.showModal).mockClear()
    vi.mocked(Taro.navigateTo).mockClear()
    vi.mocked(api.examDetail).mockResolvedValueOnce(detail({ openRecordId: 40, attemptsUsed: 3 }))
    const second = render(<ExamEntry />)
    await waitFor(() => expect(second.container.querySelector('.ex-start')?.textContent).toBe('继续考试'))
    fireEvent.click($(second.container, '.ex-start'))
    await waitFor(() => expect(navigated()).toEqual(['/pages5/exam/index?examId=9']))
    expect(Taro.showModal).not.toHaveBeenCalled()
  })

  it('the booking: reschedule and sign go to their pages, cancel asks then cancels and reloads', async () => {
    setRouter('/pages2/exam/exam_appointment', { examId: '9' })
    vi.mocked(api.examDetail).mockResolvedValue(detail({ appointment: appointment({ letterSigned: false }) }))
    vi.mocked(api.cancelAppointment).mockResolvedValue(appointment({ status: 2 }))
    vi.mocked(Taro.showModal).mockResolvedValue({ confirm: true, cancel: false, errMsg: 'ok' })
    const { container } = render(<ExamEntry />)
    await waitFor(() => expect(container.querySelector('.ex-booking-77')).not.toBeNull())
    expect($(container, '.ex-booking-77').textContent).toContain('朝阳考点')
    expect($(container, '.ex-letter').textContent).toBe('未签署')

    fireEvent.click($(container, '.ex-reschedule'))
    fireEvent.click($(container, '.ex-sign'))
    expect(navigated()).toEqual([
      '/pages2/appointment/index?examId=9&kind=exam&appointmentId=77',
      '/pages2/exam/signCommit?examId=9',
    ])

    fireEvent.click($(container, '.ex-cancel-booking'))
    await waitFor(() => expect(api.cancelAppointment).toHaveBeenCalledWith(77))
    await waitFor(() => expect(api.examDetail).toHaveBeenCalledTimes(2))
  })

  it('a booking past the cut-off cannot be changed; the attempts open their reports', async () => {
    setRouter('/pages2/exam/exam_appointment', { examId: '9' })
    vi.mocked(api.examDetail).mockResolvedValue(
      detail({
        appointment: appointment({ canChange: false, canCancel: false }),
        attempts: [attempt(32, { performance: 70, reportStatus: 1 }), attempt(31)],
      }),
    )
    const { container } = render(<ExamEntry />)
    await waitFor(() => expect(container.querySelector('.ex-booking-locked')).not.toBeNull())
    expect(container.querySelector('.ex-reschedule')).toBeNull()
    expect(container.querySelector('.ex-cancel-booking')).toBeNull()
    expect($(container, '.ex-booking-locked').textContent).toBe('开考前 24 小时内不能改期或取消预约')
    expect($(container, '.ex-attempt-32').textContent).toContain('第 2 次')
    expect($(container, '.ex-attempt-32').textContent).toContain('已通过')
    expect($(container, '.ex-attempt-31').textContent).toContain('未通过')
    fireEvent.click($(container, '.ex-attempt-32'))
    expect(navigated()).toEqual(['/pages5/examReport/index?recordId=32'])
  })

  it('reschedules used up: cancelling is still offered, rescheduling is not', async () => {
    setRouter('/pages2/exam/exam_appointment', { examId: '9' })
    vi.mocked(api.examDetail).mockResolvedValue(
      detail({ appointment: appointment({ canChange: false, canCancel: true, rescheduleNum: 2 }) }),
    )
    const { container } = render(<ExamEntry />)
    await waitFor(() => expect(container.querySelector('.ex-booking-locked')).not.toBeNull())
    expect($(container, '.ex-booking-locked').textContent).toBe('已改期 2 次，不能再改期')
    expect(container.querySelector('.ex-reschedule')).toBeNull()
    expect(container.querySelector('.ex-cancel-booking')).not.toBeNull()
  })

  it('reads the exam again when shown again (coming back from a fix)', async () => {
    setRouter('/pages2/exam/exam_appointment', { examId: '9' })
    vi.mocked(api.examDetail).mockResolvedValue(detail())
    const { container } = render(<ExamEntry />)
    await waitFor(() => expect(container.querySelector('.ex-start')).not.toBeNull())
    await act(() => firePageEvent('didShow'))
    expect(api.examDetail).toHaveBeenCalledTimes(2)
  })

  it('an unknown exam says so', async () => {
    setRouter('/pages2/exam/exam_appointment', { examId: '404' })
    vi.mocked(api.examDetail).mockRejectedValue(new ApiError(404, 'not found'))
    const { findByText } = render(<ExamEntry />)
    expect(await findByText('考试不存在或你无权参加')).toBeTruthy()
  })
})

// ---- commitment letter ----

const letter = (over: Partial<Awaited<ReturnType<typeof api.commitmentLetter>>> = {}) => ({
  examId: 9,
  examName: '安全员上岗考试',
  title: '考试承诺书',
  content: '<p>本人承诺遵守考场纪律。</p>',
  appointmentId: 77,
  signed: false,
  signatureUrl: '',
  signedTime: null,
  ...over,
})

function draw(el: HTMLElement, kind: 'mouse' | 'touch', points: [number, number][]) {
  const [first, ...rest] = points
  if (kind === 'mouse') {
    fireEvent.mouseDown(el, { clientX: first![0], clientY: first![1] })
    for (const [x, y] of rest) fireEvent.mouseMove(el, { clientX: x, clientY: y })
    fireEvent.mouseUp(el)
  } else {
    fireEvent.touchStart(el, { touches: [{ clientX: first![0], clientY: first![1] }] })
    for (const [x, y] of rest) fireEvent.touchMove(el, { touches: [{ clientX: x, clientY: y }] })
    fireEvent.touchEnd(el, { touches: [], changedTouches: [{ clientX: 0, clientY: 0 }] })
  }
}

const SIGNATURE: [number, number][] = [
  [20, 40],
  [50, 60],
  [90, 50],
  [130, 80],
  [170, 60],
  [210, 90],
]

describe('commitment letter', () => {
  function setup() {
    setRouter('/pages2/exam/signCommit', { examId: '9' })
    const fake = fakeCanvas()
    vi.mocked(canvas.waitForCanvas).mockResolvedValue(fake.box)
    return fake
  }

  it('refuses to submit without agreeing, then without a signature', async () => {
    setup()
    vi.mocked(api.commitmentLetter).mockResolvedValue(letter())
    const { container, getByText } = render(<SignCommit />)
    await waitFor(() => expect(getByText('提交签名')).toBeTruthy())
    expect(container.querySelector('.ex-letter-content')).not.toBeNull()

    fireEvent.click(getByText('提交签名'))
    expect(toasts()).toEqual(['请先阅读并勾选“我已阅读并同意”'])

    fireEvent.click(getByText('我已阅读并同意'))
    // a short flick is not a signature
    draw($(container, '.sign-pad-canvas'), 'mouse', [
      [10, 10],
      [30, 12],
    ])
    fireEvent.click(getByText('提交签名'))
    expect(toasts()).toEqual(['请先阅读并勾选“我已阅读并同意”', '请在签名框内签写完整的姓名'])
    expect(upload.uploadImage).not.toHaveBeenCalled()
    expect(api.signCommitment).not.toHaveBeenCalled()
  })

  it('draws with the mouse, uploads the PNG, then stores it with the booking and goes back', async () => {
    const fake = setup()
    vi.mocked(api.commitmentLetter).mockResolvedValue(letter())
    const dispose = vi.fn()
    vi.mocked(save.canvasImage).mockResolvedValue({ path: 'blob:http://localhost/abc#signature.png', dispose })
    vi.mocked(upload.uploadImage).mockResolvedValue({
      url: '/oss/t1001/u1/img/20250101/sig.png',
      key: 't1001/u1/img/20250101/sig.png',
      size: 4096,
      mimeType: 'image/png',
      width: 600,
      height: 300,
    })
    vi.mocked(api.signCommitment).mockResolvedValue(
      appointment({ signatureUrl: '/oss/t1001/u1/img/20250101/sig.png', signedTime: NOW }),
    )
    const { container, getByText, queryByText } = render(<SignCommit />)
    await waitFor(() => expect(getByText('提交签名')).toBeTruthy())
    await waitFor(() => expect(canvas.waitForCanvas).toHaveBeenCalled())

    fireEvent.click(getByText('我已阅读并同意'))
    draw($(container, '.sign-pad-canvas'), 'mouse', SIGNATURE)
    expect(fake.ctx.calls.some((c) => c.fn === 'quadraticCurveTo')).toBe(true)

    fireEvent.click(getByText('提交签名'))
    await waitFor(() => expect(api.signCommitment).toHaveBeenCalledWith(77, '/oss/t1001/u1/img/20250101/sig.png'))
    expect(upload.uploadImage).toHaveBeenCalledWith('blob:http://localhost/abc#signature.png')
    expect(vi.mocked(upload.uploadImage).mock.invocationCallOrder[0]).toBeLessThan(
      vi.mocked(api.signCommitment).mock.invocationCallOrder[0]!,
    )
    // the export came from the pad's own canvas, kept under 1000 px a side
    expect(vi.mocked(save.canvasImage).mock.calls[0]![0]).toBe(fake.box.node)
    expect(Math.max(fake.box.node.width, fake.box.node.height)).toBeLessThanOrEqual(1000)
    expect(dispose).toHaveBeenCalled()
    expect(toasts()).toContain('签署成功')
    // shown signed at once: nothing to submit twice
    await waitFor(() => expect(container.querySelector('.ex-signature-img')).not.toBeNull())
    expect(container.querySelector('.ex-signature-img')?.getAttribute('src')).toContain(
      '/oss/t1001/u1/img/20250101/sig.png',
    )
    expect(queryByText('提交签名')).toBeNull()
    await waitFor(() => expect(Taro.navigateBack).toHaveBeenCalled(), { timeout: 2000 })
  })

  it('draws with touches too; clear starts over', async () => {
    setup()
    vi.mocked(api.commitmentLetter).mockResolvedValue(letter())
    const { container, getByText } = render(<SignCommit />)
    await waitFor(() => expect(getByText('提交签名')).toBeTruthy())
    await waitFor(() => expect(canvas.waitForCanvas).toHaveBeenCalled())
    fireEvent.click(getByText('我已阅读并同意'))
    draw($(container, '.sign-pad-canvas'), 'touch', SIGNATURE)
    fireEvent.click(getByText('清除'))
    fireEvent.click(getByText('提交签名'))
    expect(toasts()).toEqual(['请在签名框内签写完整的姓名'])
    expect(upload.uploadImage).not.toHaveBeenCalled()
  })

  it('a failed upload keeps the learner on the page with the signature', async () => {
    setup()
    vi.mocked(api.commitmentLetter).mockResolvedValue(letter())
    vi.mocked(save.canvasImage).mockResolvedValue({ path: 'blob:x' })
    vi.mocked(upload.uploadImage).mockRejectedValue(new upload.UploadError('refused'))
    const { container, getByText } = render(<SignCommit />)
    await waitFor(() => expect(getByText('提交签名')).toBeTruthy())
    await waitFor(() => expect(canvas.waitForCanvas).toHaveBeenCalled())
    fireEvent.click(getByText('我已阅读并同意'))
    draw($(container, '.sign-pad-canvas'), 'mouse', SIGNATURE)
    fireEvent.click(getByText('提交签名'))
    await waitFor(() => expect(upload.uploadImage).toHaveBeenCalled())
    await waitFor(() => expect(getByText('提交签名')).toBeTruthy())
    expect(api.signCommitment).not.toHaveBeenCalled()
    expect(Taro.navigateBack).not.toHaveBeenCalled()
  })

  it('signed: the signature and the time, read-only', async () => {
    setup()
    vi.mocked(api.commitmentLetter).mockResolvedValue(
      letter({ signed: true, signatureUrl: '/oss/t1001/u1/img/sig.png', signedTime: 1_735_700_000 }),
    )
    const { container, queryByText, findByText } = render(<SignCommit />)
    expect(await findByText('已签署')).toBeTruthy()
    expect($(container, '.ex-signed-time').textContent).toContain('2025-01-01')
    expect(container.querySelector('.ex-signature-img')?.getAttribute('src')).toContain('/oss/t1001/u1/img/sig.png')
    expect(queryByText('提交签名')).toBeNull()
    expect(container.querySelector('.sign-pad-canvas')).toBeNull()
  })

  it('no booking yet: explains and links to booking', async () => {
    setup()
    vi.mocked(api.commitmentLetter).mockResolvedValue(letter({ appointmentId: null }))
    const { getByText, queryByText, findByText } = render(<SignCommit />)
    expect(await findByText('请先预约考场')).toBeTruthy()
    expect(queryByText('提交签名')).toBeNull()
    fireEvent.click(getByText('去预约'))
    expect(navigated()).toEqual(['/pages2/appointment/index?examId=9&kind=exam'])
  })
})

// ---- results ----

describe('results and certificate', () => {
  it('passed: the certificate with its serial, save and verify', async () => {
    setRouter('/pages2/exam/exam_result', { examId: '9' })
    const fake = fakeCanvas()
    vi.mocked(canvas.waitForCanvas).mockResolvedValue(fake.box)
    vi.mocked(save.saveCanvasImage).mockResolvedValue('saved')
    vi.mocked(save.openVerifyUrl).mockResolvedValue(undefined)
    vi.mocked(api.examDetail).mockResolvedValue(
      detail({
        passed: true,
        bestScore: 88,
        certificate: cert(),
        attempts: [attempt(32, { performance: 88, reportStatus: 1 }), attempt(31)],
      }),
    )
    const { container, getByText } = render(<ExamResult />)
    await waitFor(() => expect(container.querySelector('.ex-cert-serial')).not.toBeNull())
    expect($(container, '.ex-cert-serial').textContent).toBe('证书编号：K7QH3MZP9TXA2WCE')
    expect($(container, '.ex-score-best').textContent).toBe('88')
    expect(getByText('考试已通过')).toBeTruthy()
    // drawn on the canvas once it is there
    await waitFor(() =>
      expect(fake.ctx.calls.some((c) => c.fn === 'fillText' && c.args[0] === '证书编号：K7QH3MZP9TXA2WCE')).toBe(true),
    )

    fireEvent.click(getByText('保存证书'))
    await waitFor(() =>
      expect(save.saveCanvasImage).toHaveBeenCalledWith(fake.box.node, 'certificate-K7QH3MZP9TXA2WCE.png'),
    )
    await waitFor(() => expect(toasts()).toContain('证书已保存'))
    fireEvent.click(getByText('验证证书'))
    expect(save.openVerifyUrl).toHaveBeenCalledWith('https://a.xuexi-demo.com/verify/certificate/K7QH3MZP9TXA2WCE')
  })

  it('not passed yet: the best score and the way back to the exam', async () => {
    setRouter('/pages2/exam/exam_result', { examId: '9' })
    vi.mocked(api.examDetail).mockResolvedValue(detail({ bestScore: 52, passed: false }))
    const { container, getByText, findAllByText } = render(<ExamResult />)
    expect((await findAllByText('尚未通过考试')).length).toBeGreaterThan(0)
    expect(getByText('当前最高分 52 分，合格线 60 分')).toBeTruthy()
    expect(container.querySelector('.ex-cert-serial')).toBeNull()
    expect(container.querySelector('.cert-canvas')).toBeNull()
    fireEvent.click(getByText('去考试'))
    expect(navigated()).toEqual(['/pages2/exam/exam_appointment?examId=9'])
  })

  it('opened from an attempt: finds its exam and marks the attempt', async () => {
    setRouter('/pages2/exam/exam_result', { recordId: '31' })
    vi.mocked(bank.record).mockResolvedValue({
      ...attempt(31),
      resumed: false,
      suggestedMinutes: null,
      questions: [],
      answers: [],
      report: null,
    })
    vi.mocked(api.examDetail).mockResolvedValue(detail())
    const { container } = render(<ExamResult />)
    await waitFor(() => expect(container.querySelector('.ex-attempt-31.is-current')).not.toBeNull())
    expect(api.examDetail).toHaveBeenCalledWith(9, expect.anything())
  })
})

// ---- home ----

describe('exam home', () => {
  function home(next: Awaited<ReturnType<typeof api.nextExam>>) {
    vi.mocked(api.nextExam).mockResolvedValue(next)
    vi.mocked(api.recentExamAppointment).mockResolvedValue(next.appointment)
    vi.mocked(api.certificates).mockResolvedValue({ rows: [cert()], total: 1 })
    vi.mocked(api.exams).mockImplementation(async (q = {}) =>
      q.pageNum === 2
        ? { rows: [examRow({ examId: 12, name: '第三场' })], total: 3 }
        : {
            rows: [examRow({ passed: true, bestScore: 90 }), examRow({ examId: 11, name: '第二场', maxAttempts: 0 })],
            total: 3,
          },
    )
    return render(<ExamHome />)
  }

  it('the next exam with its action, the booking, entries, certificates and the paged exam list', async () => {
    const { container, getByText } = home({ exam: examRow({ openRecordId: 40 }), appointment: appointment() })
    await waitFor(() => expect(container.querySelector('.ex-hero-action')).not.toBeNull())
    expect($(container, '.ex-hero-action').textContent).toBe('继续考试')
    fireEvent.click($(container, '.ex-hero-action'))
    await waitFor(() => expect(navigated()).toEqual(['/pages5/exam/index?examId=9']))

    await waitFor(() => expect(container.querySelectorAll('.ex-item')).toHaveLength(2))
    expect($(container, '.ex-item-9').textContent).toContain('已通过')
    expect($(container, '.ex-item-9').textContent).toContain('次数 1/3')
    expect($(container, '.ex-item-9').textContent).toContain('最高分 90')
    expect($(container, '.ex-item-11').textContent).toContain('次数 1/不限')
    expect($(container, '.ex-booking-77').textContent).toContain('朝阳考点')
    expect($(container, '.ex-cert-1').textContent).toContain('K7QH3MZP9TXA2WCE')

    vi.mocked(Taro.navigateTo).mockClear()
    fireEvent.click($(container, '.ex-item-11'))
    fireEvent.click($(container, '.ex-cert-1'))
    fireEvent.click(getByText('我的预约'))
    fireEvent.click(getByText('考试记录'))
    fireEvent.click(getByText('考试统计'))
    fireEvent.click(getByText('模拟考试'))
    expect(navigated()).toEqual([
      '/pages2/exam/exam_appointment?examId=11',
      '/pages2/exam/exam_result?examId=9',
      '/pages5/examAppointList',
      '/pages5/examList',
      '/pages5/examCount',
      '/pages5/mockRecord/mock_record',
    ])

    await act(() => firePageEvent('reachBottom'))
    await waitFor(() => expect(container.querySelectorAll('.ex-item')).toHaveLength(3))
    await act(() => firePageEvent('pullDownRefresh'))
    expect(Taro.stopPullDownRefresh).toHaveBeenCalled()
    expect(api.nextExam).toHaveBeenCalledTimes(2)
  })

  it('book first when the next exam needs a seat; nothing next says so', async () => {
    const first = home({ exam: examRow(), appointment: null })
    await waitFor(() => expect(first.container.querySelector('.ex-hero-action')?.textContent).toBe('去预约'))
    fireEvent.click($(first.container, '.ex-hero-action'))
    await waitFor(() => expect(navigated()).toEqual(['/pages2/appointment/index?examId=9&kind=exam']))
    first.unmount()

    const second = home({ exam: null, appointment: null })
    expect(await second.findByText('暂时没有待参加的考试')).toBeTruthy()
    expect(second.container.querySelector('.ex-hero-action')).toBeNull()
  })

  it('is for learners only', async () => {
    useSession.getState().clear()
    home({ exam: null, appointment: null })
    await waitFor(() => expect(Taro.redirectTo).toHaveBeenCalledWith({ url: '/pages4/login/login?isBack=1' }))
    expect(api.nextExam).not.toHaveBeenCalled()
  })
})
