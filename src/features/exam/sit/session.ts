/**
 * The timed attempt behind pages5/exam/index (lifecycle: src/features/exam/api.ts). Opening starts or resumes
 * the attempt and fixes the server clock; answers travel through the bank's answer outbox; the submit sends
 * whatever the outbox still holds WITH the final call (one request, idempotent), so a submit at zero never
 * waits for the outbox to drain. No UI here.
 */

import { drop, failureOf, flush, pending } from '@/features/bank/answer-queue'
import { type EditResult, type RecordDetail, record, submitRecord } from '@/features/bank/api'
import {
  type Eligibility,
  EXAM_CODE,
  examDetail,
  examTemp,
  refusedChecks,
  startExam,
  startMock,
} from '@/features/exam/api'
import { getLocale } from '@/i18n/sub'
import { ApiError, NETWORK_ERROR } from '@/services/http/error'
import { type ExamClock, makeClock } from './clock'
import { tx } from './messages'

export type ExamKindParam = 'formal' | 'mock'

export interface OpenedAttempt {
  attempt: RecordDetail
  examId: number | null
  examName: string
  /** null when the attempt is submitted (or carries no deadline) */
  clock: ExamClock | null
  attemptNo: number | null
  maxAttempts: number | null
}

const QUIET = { noLoading: true, silent: true } as const

/** Where the report of an attempt is. */
export function examReportUrl(recordId: number, examId: number | null, kind: ExamKindParam): string {
  const q = [`recordId=${recordId}`]
  if (examId) q.push(`examId=${examId}`)
  if (kind === 'mock') q.push('kind=mock')
  return `/pages5/examReport/index?${q.join('&')}`
}

/** The exam page of an exam (start or resume) or of an attempt (resume). */
export function examPageUrl(q: { examId?: number | null; recordId?: number | null; kind: ExamKindParam }): string {
  const parts: string[] = []
  if (q.recordId) parts.push(`recordId=${q.recordId}`)
  if (q.examId) parts.push(`examId=${q.examId}`)
  if (q.kind === 'mock') parts.push('kind=mock')
  return `/pages5/exam/index?${parts.join('&')}`
}

/** An exam's entry page: formal exams their entry (conditions, booking, start), mocks their application. */
export function entryUrl(r: { examId: number; kind: ExamKindParam }): string {
  return r.kind === 'mock'
    ? `/pages5/mockExam/examApply?examId=${r.examId}`
    : `/pages2/exam/exam_appointment?examId=${r.examId}`
}

/** What the learner is told before a new attempt starts (the attempt it is, and when it is the last one). */
export interface NewAttemptNotice {
  last: boolean
  title: string
  content: string
}

/**
 * Before opening the exam page on an exam (not on an attempt): when this would START an attempt, the notice to
 * confirm (its clock; the attempt it uses, said plainly when it is the last or only one). Null when there is
 * nothing to ask: an unfinished attempt resumes, or the server will refuse the start and say why (closed, not
 * eligible, no attempt left), or the exam could not be read (the start then tells what is wrong).
 */
export async function newAttemptNotice(examId: number): Promise<NewAttemptNotice | null> {
  let d: Awaited<ReturnType<typeof examDetail>> | undefined
  try {
    d = await examDetail(examId, QUIET)
  } catch {
    return null
  }
  if (!d || d.openRecordId !== null || d.status !== 'open' || !d.eligibility?.eligible) return null
  const left = d.maxAttempts > 0 ? d.maxAttempts - d.attemptsUsed : null
  if (left !== null && left <= 0) return null
  const last = left === 1
  const attempt =
    left === null
      ? ''
      : d.maxAttempts === 1
        ? tx('exam.start.only')
        : last
          ? tx('exam.start.last', { max: d.maxAttempts })
          : tx('exam.start.nth', { n: d.attemptsUsed + 1, max: d.maxAttempts })
  const minutes = Math.max(1, Math.round(d.durationSeconds / 60))
  return {
    last,
    title: tx(last ? 'exam.start.titleLast' : 'exam.start.title'),
    // sentences: Chinese runs them on, English spaces them
    content: [tx('exam.start.clock', { m: minutes }), attempt, tx('exam.start.sure')]
      .filter(Boolean)
      .join(getLocale() === 'en' ? ' ' : ''),
  }
}

/**
 * Start or resume. `examId` alone: startExam / startMock (the server resumes the open attempt). `recordId`:
 * the exam's open attempt with the clock from examTemp; when it is no longer open (submitted by the server at
 * the deadline) the attempt as it is.
 */
export async function openAttempt(q: {
  examId?: number
  recordId?: number
  kind: ExamKindParam
}): Promise<OpenedAttempt> {
  if (!q.recordId) {
    const examId = q.examId ?? 0
    const a = q.kind === 'mock' ? await startMock(examId, QUIET) : await startExam(examId, QUIET)
    const at = Date.now()
    return {
      attempt: a,
      examId: a.examId,
      examName: a.examName,
      clock: !a.submitted && a.deadlineTime ? makeClock(a.deadlineTime, a.sysTime, at) : null,
      attemptNo: a.attemptNo,
      maxAttempts: a.maxAttempts,
    }
  }
  let examId = q.examId ?? null
  let detail: RecordDetail | null = null
  if (!examId) {
    detail = await record(q.recordId, QUIET)
    examId = detail.examId
    if (detail.submitted || !examId) return asIs(detail, examId)
  }
  const temp = await examTemp(examId, QUIET)
  const at = Date.now()
  if (temp && temp.recordId === q.recordId && !temp.submitted && temp.deadlineTime)
    return {
      attempt: temp,
      examId,
      examName: temp.examName,
      clock: makeClock(temp.deadlineTime, temp.sysTime, at),
      attemptNo: temp.attemptNo,
      maxAttempts: temp.maxAttempts,
    }
  return asIs(await record(q.recordId, QUIET), examId)
}

function asIs(d: RecordDetail, examId: number | null): OpenedAttempt {
  // an open attempt the exam's clock read did not return (should not happen): count down on the device clock
  const clock = !d.submitted && d.deadlineTime ? makeClock(d.deadlineTime, Date.now() / 1000, Date.now()) : null
  return { attempt: d, examId, examName: d.title, clock, attemptNo: null, maxAttempts: null }
}

/**
 * Re-read the server clock (back in the foreground; at zero before closing). The new clock, 'closed' when the
 * attempt is no longer open, or null when the server's clock of this attempt is not to be had.
 */
export async function resync(examId: number, recordId: number): Promise<ExamClock | 'closed' | null> {
  const temp = await examTemp(examId, QUIET)
  const at = Date.now()
  if (temp && temp.recordId === recordId && !temp.submitted && temp.deadlineTime)
    return makeClock(temp.deadlineTime, temp.sysTime, at)
  const d = await record(recordId, QUIET)
  return d.submitted ? 'closed' : null
}

/** The outbox's unsent answers of the attempt, as the submit carries them. */
export function pendingAnswers(recordId: number) {
  return pending(recordId).map(({ questionId, ques, answeredAt }) => ({ questionId, ques, answeredAt }))
}

/**
 * Submit with the unsent answers; they are then the server's (a later re-send would be refused: drop them).
 * When the server refuses the submit because of an answer it carries (or fails on one), the outbox's own send
 * sets that answer aside and saves the others, and the submit goes again with what is left: one bad answer never
 * stops the time-up submit.
 */
export async function submitWithPending(
  recordId: number,
  opts: { noLoading?: boolean; silent?: boolean } = {},
): Promise<EditResult> {
  let res: EditResult
  try {
    res = await submitRecord(recordId, pendingAnswers(recordId), opts)
  } catch (e) {
    const kind = failureOf(e)
    if ((kind !== 'refused' && kind !== 'server') || pending(recordId).length === 0) throw e
    await flush()
    res = await submitRecord(recordId, pendingAnswers(recordId), opts)
  }
  drop(recordId)
  return res
}

/** A failure worth retrying: no network, or the server had a problem. */
export function retryable(e: unknown): boolean {
  const code = e instanceof ApiError ? e.code : (e as { code?: unknown } | null)?.code
  if (typeof code !== 'number') return true
  return code === NETWORK_ERROR || code >= 500 || code === 429
}

export const SUBMIT_RETRY_MS = 2000
export const SUBMIT_RETRY_MAX_MS = 10_000

/**
 * The submit at zero: keep trying while the network is away (the server's sweep submits anyway, and a late
 * submit of ours then returns the stored report). Resolves the reply, or null when the server refused for good
 * or `alive()` turned false.
 */
export async function submitUntilDone(
  recordId: number,
  hooks: { alive: () => boolean; onRetry?: (tries: number) => void; wait?: (ms: number) => Promise<void> },
): Promise<EditResult | null> {
  const wait = hooks.wait ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)))
  let delay = SUBMIT_RETRY_MS
  for (let tries = 1; ; tries++) {
    if (!hooks.alive()) return null
    try {
      return await submitWithPending(recordId, QUIET)
    } catch (e) {
      // refused for good (the report page tells the rest)
      if (!retryable(e)) return null
      hooks.onRetry?.(tries)
      await wait(delay)
      delay = Math.min(delay * 2, SUBMIT_RETRY_MAX_MS)
    }
  }
}

/** How the server refused to start an attempt, for the page's explanation. */
export type Refusal =
  | { kind: 'notEligible'; checks: Eligibility['checks']; message: string }
  | { kind: 'attemptsUsed' | 'notOpen' | 'notApplied'; message: string }

export function refusalOf(e: unknown): Refusal | null {
  if (!(e instanceof ApiError)) return null
  switch (e.code) {
    case EXAM_CODE.notEligible:
      return { kind: 'notEligible', checks: refusedChecks(e) ?? [], message: e.msg }
    case EXAM_CODE.attemptsUsed:
      return { kind: 'attemptsUsed', message: e.msg }
    case EXAM_CODE.notOpen:
      return { kind: 'notOpen', message: e.msg }
    case EXAM_CODE.notApplied:
      return { kind: 'notApplied', message: e.msg }
    default:
      return null
  }
}
