/** Exam, appointment, mock-exam and certificate codes on the wire (no zod: the app may import these values). docs/DECISIONS.md "Exams". */

export const EXAM_KINDS = ['formal', 'mock'] as const
export type ExamKind = (typeof EXAM_KINDS)[number]
/** A session at a site: an exam sitting or a pre-exam training. */
export const SESSION_KINDS = ['exam', 'train'] as const
export type SessionKind = (typeof SESSION_KINDS)[number]

/** Envelope codes (HTTP 200). */
export const EXAM_CODE = {
  /** an entry condition is not met: `data` = { checks } (each says what is missing and where to fix it) */
  notEligible: 621,
  /** every attempt of the exam is used */
  attemptsUsed: 622,
  /** outside the exam's window, or (with an appointment) outside the booked session */
  notOpen: 623,
  /**
   * exam integrity: while the learner's exam attempt is open, another attempt or report holding its questions
   * is refused; and a paper an unclosed exam uses is not practisable
   */
  examInProgress: 624,
  /** the session is full */
  sessionFull: 625,
  /** a booking rule refused the change (cut-off passed, too many reschedules, already booked, ...) */
  bookingRule: 626,
  /** mock exam: apply first (or the application window is closed) */
  notApplied: 627,
} as const

/** An exam appointment's state. */
/** done: the session ended (set when the learner books the same exam and kind again, e.g. a retake) */
export const APPOINTMENT_STATUS = { booked: 1, cancelled: 2, done: 3 } as const
/** A mock-exam application's state. */
export const MOCK_SUBSCRIBE_STATUS = { applied: 1, cancelled: 2 } as const

/** Bookings may be cancelled or rescheduled until this long before the session starts (hours). */
export const CHANGE_CUTOFF_HOURS = 24
/** At most this many reschedules per booking. */
export const MAX_RESCHEDULES = 2
/** Answers reaching the server up to this long after the deadline are still saved (network delay), seconds. */
export const DEADLINE_GRACE_SECONDS = 10
/** The server submits attempts whose deadline (+ grace) passed, at this interval (seconds). */
export const AUTO_SUBMIT_SWEEP_SECONDS = 15

/** Entry conditions, in the order the app shows them. */
export const ELIGIBILITY_KEYS = ['courses', 'identity', 'info', 'appointment', 'letter'] as const
export type EligibilityKey = (typeof ELIGIBILITY_KEYS)[number]
/** Where the app sends the learner to fix each condition (the app adds the exam or goods id). */
export const ELIGIBILITY_FIX_PATH: Record<EligibilityKey, string> = {
  courses: '/pages2/learn/details',
  identity: '/pages2/verify/input',
  info: '/pages2/exam/exam_appointment',
  appointment: '/pages2/appointment/index',
  letter: '/pages2/exam/signCommit',
}
