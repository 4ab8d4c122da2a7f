/** Question-bank codes on the wire (no zod: the app may import these values). docs/DECISIONS.md "Question bank". */

/** 1 single choice, 2 multiple choice, 3 judgement, 4 composite (sub-questions), 5 essay */
export const QUESTION_TYPE = { single: 1, multiple: 2, judgement: 3, composite: 4, essay: 5 } as const

/** How an attempt is taken: practice (answer shown after each answer), test (answers after submit), memorise (read with answers, not graded) */
export const RECORD_MODES = ['practice', 'test', 'memorise'] as const
/** Where an attempt's questions come from */
export const RECORD_SCOPES = [
  'chapter',
  'paper',
  'daily',
  'random',
  'wrong',
  'collect',
  'special',
  'exam',
  'mock',
] as const

/** Envelope codes of the question bank (travel with HTTP 200). */
export const BANK_CODE = {
  /** an answer save (without final) for an attempt that is already submitted: the attempt is closed */
  recordSubmitted: 611,
  /** the learner has no active entitlement to the bank (buy the goods first) */
  notEntitled: 612,
} as const

/** Questions a non-owner sees of a paid bank's chapter or paper (never with answers). */
export const PREVIEW_QUESTIONS = 5
/** Daily practice: questions per learner per day. */
export const DAILY_COUNT = 20
/** Random practice default size. */
export const RANDOM_COUNT = 20
/** Wrong book: a question leaves after this many consecutive right answers ... */
export const WRONG_LEAVE_AFTER = 3
/** ... once its FSRS stability (days) reached this. */
export const WRONG_LEAVE_STABILITY = 2
/** Time spent per answer is the gap since the previous answer of the attempt, capped at this (seconds). */
export const ANSWER_GAP_CAP_SECONDS = 300
