/**
 * What the exam pages decide (no Taro): where each page lives, whether an exam can be started now and if not
 * why, and the exam home's one big action. The server decides again when the attempt starts (eligibility,
 * window, attempts: docs/DECISIONS.md "Exams"); these rules only keep the learner from a button that would
 * be refused.
 */
import type { Appointment, ExamDetail, ExamRow, NextExam } from '@/features/exam/api'

export const examUrl = {
  home: '/pages2/exam/index',
  entry: (examId: number) => `/pages2/exam/exam_appointment?examId=${examId}`,
  sign: (examId: number) => `/pages2/exam/signCommit?examId=${examId}`,
  result: (examId: number) => `/pages2/exam/exam_result?examId=${examId}`,
  /** the timed exam page (starts or resumes the attempt) */
  sit: (examId: number) => `/pages5/exam/index?examId=${examId}`,
  book: (examId: number) => `/pages2/appointment/index?examId=${examId}&kind=exam`,
  reschedule: (examId: number, appointmentId: number) =>
    `/pages2/appointment/index?examId=${examId}&kind=exam&appointmentId=${appointmentId}`,
  report: (recordId: number) => `/pages5/examReport/index?recordId=${recordId}`,
  appointments: '/pages5/examAppointList',
  records: '/pages5/examList',
  stats: '/pages5/examCount',
  mock: '/pages5/mockRecord/mock_record',
  identity: '/pages2/verify/input',
  profile: '/pages2/wd/menu',
}

type AttemptFields = Pick<ExamRow, 'maxAttempts' | 'attemptsUsed' | 'openRecordId'>

/** Attempts still to start (null = unlimited). An unfinished attempt is counted as used. */
export function attemptsLeft(e: Pick<ExamRow, 'maxAttempts' | 'attemptsUsed'>): number | null {
  return e.maxAttempts === 0 ? null : Math.max(0, e.maxAttempts - e.attemptsUsed)
}

/** A new attempt may start, or the unfinished one may be resumed (always allowed by the limit). */
export function canAttempt(e: AttemptFields): boolean {
  if (e.openRecordId !== null) return true
  const left = attemptsLeft(e)
  return left === null || left > 0
}

/** Why the start button is off, in the order the learner can act on: null = it may start. */
export type StartBlock = 'closed' | 'attemptsUsed' | 'notEligible' | 'upcoming' | 'beforeSession' | 'sessionOver'

/** With a booking, the exam may be sat only inside the booked session (server: notOpen). */
function sessionBlock(a: Pick<Appointment, 'startTime' | 'endTime'> | null, now: number): StartBlock | null {
  if (!a) return null
  if (now < a.startTime) return 'beforeSession'
  if (now >= a.endTime) return 'sessionOver'
  return null
}

export function startBlock(
  d: Pick<ExamDetail, 'eligibility' | 'status' | 'requireAppointment' | 'appointment'> & AttemptFields,
  now: number,
): StartBlock | null {
  if (d.status === 'closed') return 'closed'
  if (!canAttempt(d)) return 'attemptsUsed'
  if (!d.eligibility.eligible) return 'notEligible'
  if (d.status === 'upcoming') return 'upcoming'
  // an unfinished attempt carries its own deadline: resuming it does not wait for the session
  if (d.openRecordId === null && d.requireAppointment) return sessionBlock(d.appointment, now)
  return null
}

export type NextActionKind = 'continue' | 'book' | 'sign' | 'start' | 'view'

/**
 * The exam home's big button for nextExam(): resume an unfinished attempt, book a seat, sign the letter,
 * start now (open, attempts left, inside the booked session), else look at the exam.
 */
export function nextAction(next: NextExam, now: number): { kind: NextActionKind; url: string } | null {
  const e = next.exam
  if (!e) return null
  if (e.openRecordId !== null) return { kind: 'continue', url: examUrl.sit(e.examId) }
  if (e.requireAppointment && !next.appointment) return { kind: 'book', url: examUrl.book(e.examId) }
  if (e.requireAppointment && next.appointment && !next.appointment.letterSigned)
    return { kind: 'sign', url: examUrl.sign(e.examId) }
  const inSession = !e.requireAppointment || sessionBlock(next.appointment, now) === null
  if (e.status === 'open' && canAttempt(e) && inSession) return { kind: 'start', url: examUrl.sit(e.examId) }
  return { kind: 'view', url: examUrl.entry(e.examId) }
}

/** An attempt's pass: its score reached the exam's pass mark (the server's report says the same). */
export function attemptPassed(
  r: { submitted: boolean; performance: number | null; reportStatus: number | null },
  passScore: number,
) {
  if (!r.submitted) return false
  if (r.reportStatus !== null) return r.reportStatus === 1
  return (r.performance ?? 0) >= passScore
}

/** Scores on the wire have up to 2 decimals: 87.5, 90 */
export const score = (n: number | null | undefined) => String(Math.round((n ?? 0) * 100) / 100)
