/**
 * Exam calls: formal and mock exams (timed attempts), appointments (areas, sites, sessions, bookings),
 * the commitment letter, personal-info confirmation, rankings and certificates.
 * Semantics: docs/DECISIONS.md "Exams".
 *
 * Timed attempt lifecycle (what pages5/exam/index follows):
 * 1. `examDetail(examId)` shows the entry conditions (`eligibility.checks`: each failed check has a message and
 *    a `fixPath`), attempts used, the booking and the certificate.
 * 2. `startExam(examId)` (mock: `startMock(examId)`) starts or RESUMES the attempt: questions, saved answers,
 *    `deadlineTime` and `sysTime` (server clock). The countdown is `deadlineTime - serverNow()` where
 *    serverNow = device now + (sysTime - device now at the answer): never the device clock alone.
 *    `examTemp(examId)` re-reads the unfinished attempt (null when none) after a restart.
 * 3. Answers go through the bank's answer outbox (`saveAnswers`: the same attempt table); the server refuses
 *    nothing before the deadline and closes the attempt after it (+ DEADLINE_GRACE_SECONDS): the edit answer
 *    then carries `submitted: true, autoSubmitted: true` and the report.
 * 4. At zero the app calls `submitRecord(recordId, pending)`; if the app is gone the server's sweep submits.
 *    `record(recordId)` (bank) gives the report and, when submitted, answers and analysis.
 * Refusals: EXAM_CODE.notEligible (data = { eligible, checks }), attemptsUsed, notOpen, sessionFull,
 * bookingRule, notApplied (ApiError.code / .data).
 */

import { EXAM_CODE } from '../../../contract/schemas/exam-codes'
import type { RouteData, RouteInput } from '../../../contract/types'
import { type CallOptions, call } from '../../services/api/call'
import { ApiError } from '../../services/http/error'

export {
  APPOINTMENT_STATUS,
  CHANGE_CUTOFF_HOURS,
  DEADLINE_GRACE_SECONDS,
  ELIGIBILITY_FIX_PATH,
  ELIGIBILITY_KEYS,
  EXAM_CODE,
  MAX_RESCHEDULES,
  MOCK_SUBSCRIBE_STATUS,
} from '../../../contract/schemas/exam-codes'
// The calls the tab pages make live in ./tabs (the weapp main package); re-exported for the other pages.
export { recentExamAppointment } from '../../services/api/tabs'

type Body<K extends Parameters<typeof call>[0]> = RouteInput<K> extends { body: infer B } ? B : never

export type ExamRow = RouteData<'GET /bank/exam/exam/list'>['rows'][number]
export type ExamDetail = RouteData<'GET /bank/exam/:id'>
export type EligibilityCheck = ExamDetail['eligibility']['checks'][number]
export type Eligibility = ExamDetail['eligibility']
export type ExamAttempt = RouteData<'POST /bank/exam/simulate'>
export type NextExam = RouteData<'GET /bank/exam/nextExam'>
export type Appointment = RouteData<'GET /user/subscribe/:id'>
export type Certificate = RouteData<'GET /user/certificate/list'>['rows'][number]
export type Ranking = RouteData<'GET /app/user/rankingList'>
export type RankingRow = Ranking['rows'][number]
export type InfoDetail = RouteData<'GET /user/confirm/info/detail'>
export type Area = RouteData<'GET /apply/areas/list'>[number]
export type Site = RouteData<'GET /apply/subscribeApplySite'>[number]
export type Session = Site['sessions'][number]
export type BookableExam = RouteData<'GET /apply/subscribe'>[number]
export type CommitmentLetter = RouteData<'GET /base/profile/tp/getInfo'>
export type MockRow = RouteData<'GET /mock/apply/listApply'>['rows'][number]
export type MockSubscribe = RouteData<'GET /mock/subscribe/info/:id'>
export type MockApplyIn = Body<'POST /mock/subscribe'>
export type MockGroup = RouteData<'GET /mock/record/group_list'>[number]
export type SessionKind = 'exam' | 'train'

/**
 * The checks of an EXAM_CODE.notEligible refusal (carried in ApiError.data), or null for any other error or a
 * refusal without checks.
 */
export function refusedChecks(e: unknown): EligibilityCheck[] | null {
  if (!(e instanceof ApiError) || e.code !== EXAM_CODE.notEligible) return null
  const checks = (e.data as { checks?: unknown } | null)?.checks
  if (!Array.isArray(checks)) return null
  const valid = checks.filter(
    (c): c is EligibilityCheck =>
      !!c && typeof c === 'object' && typeof (c as EligibilityCheck).title === 'string' && 'ok' in c,
  )
  return valid.length > 0 ? valid : null
}

// ---- exams ----

export function exams(
  query: {
    kind?: 'formal' | 'mock'
    status?: 'upcoming' | 'open' | 'closed'
    pageNum?: number
    pageSize?: number
  } = {},
  opts?: CallOptions,
) {
  return call('GET /bank/exam/exam/list', { query }, opts)
}

/** The formal exams of a goods (its final exam), for the learning pages. */
export function goodsExams(goodsId: number, opts?: CallOptions) {
  return call('GET /course/menu/exam/list', { query: { goodsId } }, opts)
}

export function examDetail(examId: number, opts?: CallOptions) {
  return call('GET /bank/exam/:id', { params: { id: examId } }, opts)
}

export function nextExam(opts?: CallOptions) {
  return call('GET /bank/exam/nextExam', undefined, opts)
}

/** The unfinished attempt of an exam with the clock, or null. */
export function examTemp(examId: number, opts?: CallOptions) {
  return call('GET /bank/exam/temp/:id', { params: { id: examId } }, opts)
}

/** Start or resume a timed attempt of a formal exam. */
export function startExam(examId: number, opts?: CallOptions) {
  return call('POST /bank/exam/simulate', { body: { examId } }, opts)
}

export function ranking(examId: number, limit = 20, opts?: CallOptions) {
  return call('GET /app/user/rankingList', { query: { examId, limit } }, opts)
}

export function certificates(pageNum = 1, pageSize = 10, opts?: CallOptions) {
  return call('GET /user/certificate/list', { query: { pageNum, pageSize } }, opts)
}

export function infoDetail(opts?: CallOptions) {
  return call('GET /user/confirm/info/detail', undefined, opts)
}

export function confirmInfo(opts?: CallOptions) {
  return call('POST /user/confirm/info', { body: { confirm: true } }, opts)
}

// ---- appointments ----

export function provinces(opts?: CallOptions) {
  return call('GET /apply/areas/list', undefined, opts)
}

export function cities(parentId: number, opts?: CallOptions) {
  return call('GET /apply/areas/cityList', { query: { parentId } }, opts)
}

/** Exams with sessions of a kind, each with the learner's current booking. */
export function bookableExams(kind: SessionKind = 'exam', opts?: CallOptions) {
  return call('GET /apply/subscribe', { query: { kind } }, opts)
}

/** Sites with future sessions of an exam (exam sittings or trainings), optionally in one city. */
export function sites(kind: SessionKind, examId: number, cityId?: number, opts?: CallOptions) {
  const query = cityId ? { examId, cityId } : { examId }
  return kind === 'train'
    ? call('GET /apply/subscribeApplySiteTrain', { query }, opts)
    : call('GET /apply/subscribeApplySite', { query }, opts)
}

export function nextAppointment(opts?: CallOptions) {
  return call('GET /apply/subscribeNext', undefined, opts)
}

export function book(sessionId: number, opts?: CallOptions) {
  return call('POST /apply/save', { body: { sessionId } }, opts)
}

export function reschedule(appointmentId: number, sessionId: number, opts?: CallOptions) {
  return call('POST /apply/edit', { body: { appointmentId, action: 'reschedule', sessionId } }, opts)
}

export function cancelAppointment(appointmentId: number, opts?: CallOptions) {
  return call('POST /apply/edit', { body: { appointmentId, action: 'cancel' } }, opts)
}

export function appointments(
  query: { kind?: SessionKind; when?: 'upcoming' | 'past' | 'all'; pageNum?: number; pageSize?: number } = {},
  opts?: CallOptions,
) {
  return call('GET /apply/list', { query }, opts)
}

export function appointment(appointmentId: number, opts?: CallOptions) {
  return call('GET /user/subscribe/:id', { params: { id: appointmentId } }, opts)
}

export function commitmentLetter(examId: number, opts?: CallOptions) {
  return call('GET /base/profile/tp/getInfo', { query: { examId } }, opts)
}

/** Store the uploaded signature image with the booking. */
export function signCommitment(appointmentId: number, signatureUrl: string, opts?: CallOptions) {
  return call('POST /base/profile/tp/commitment/upload', { body: { appointmentId, signatureUrl } }, opts)
}

// ---- mock exams ----

export function mockApplyList(
  query: { businessId?: number; pageNum?: number; pageSize?: number } = {},
  opts?: CallOptions,
) {
  return call('GET /mock/apply/listApply', { query }, opts)
}

export function mockNames(opts?: CallOptions) {
  return call('GET /mock/apply/listApplyName', undefined, opts)
}

export function mockBusinesses(opts?: CallOptions) {
  return call('GET /mock/apply/listApplyBusiness', undefined, opts)
}

export function mockLives(pageNum = 1, pageSize = 10, opts?: CallOptions) {
  return call('GET /mock/apply/listMockLive', { query: { pageNum, pageSize } }, opts)
}

export function mockLiving(opts?: CallOptions) {
  return call('GET /mock/apply/mockLiving', undefined, opts)
}

export function mockApply(body: MockApplyIn, opts?: CallOptions) {
  return call('POST /mock/subscribe', { body }, opts)
}

export function mockCancel(subscribeId: number, opts?: CallOptions) {
  return call('POST /mock/subscribe/edit', { body: { subscribeId, action: 'cancel' } }, opts)
}

export function mockUpdate(
  subscribeId: number,
  change: { telPhone?: string; siteId?: number; subjectId?: number },
  opts?: CallOptions,
) {
  return call('POST /mock/subscribe/edit', { body: { subscribeId, action: 'update', ...change } }, opts)
}

export function mockSubscriptions(pageNum = 1, pageSize = 10, opts?: CallOptions) {
  return call('GET /mock/subscribe/listSubscribe', { query: { pageNum, pageSize } }, opts)
}

export function mockSubscription(subscribeId: number, opts?: CallOptions) {
  return call('GET /mock/subscribe/info/:id', { params: { id: subscribeId } }, opts)
}

/** Start or resume a timed mock attempt (needs an application, inside the mock's window). */
export function startMock(examId: number, opts?: CallOptions) {
  return call('POST /mock/record', { body: { examId } }, opts)
}

export function mockRecord(recordId: number, opts?: CallOptions) {
  return call('GET /mock/record/:id', { params: { id: recordId } }, opts)
}

export function mockGroups(opts?: CallOptions) {
  return call('GET /mock/record/group_list', undefined, opts)
}

export function mockRecords(query: { examId?: number; pageNum?: number; pageSize?: number } = {}, opts?: CallOptions) {
  return call('GET /mock/record/list', { query }, opts)
}

export function mockWrongToBook(recordId: number, opts?: CallOptions) {
  return call('POST /mock/wwrong/record', { body: { recordId } }, opts)
}

export function mockWrongNum(recordId: number, opts?: CallOptions) {
  return call('GET /mock/wwrong/record/wrongNum/:id', { params: { id: recordId } }, opts)
}
