/**
 * Resident ID numbers (GB 11643-1999): 17 digits and a check character computed from them; digits 7-14 are the
 * birth date. One module for the app (identity certification, ID binding, mock-exam application, enrolment profile)
 * and the server (the same places, masking).
 */

const ID_CARD_RE = /^\d{17}[\dX]$/
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const
const CHECK_CHARS = '10X98765432'

/** Trimmed and upper-cased (a lower-case x is the same check character). */
export const normalizeIdCard = (value: string): string => value.trim().toUpperCase()

/** The check character GB 11643 gives for the first 17 digits. */
export function idCardCheckChar(first17: string): string {
  let sum = 0
  for (let i = 0; i < 17; i++) sum += WEIGHTS[i]! * Number(first17[i])
  return CHECK_CHARS[sum % 11]!
}

/** Birth years before this are refused: no learner is that old, a mistyped year is likelier. */
export const ID_BIRTH_MIN_YEAR = 1900

/** Today in China (UTC+8) as YYYYMMDD: the calendar an ID number's birth date is written in. */
const chinaToday = (now: Date): number => {
  const d = new Date(now.getTime() + 8 * 3600 * 1000)
  return d.getUTCFullYear() * 10_000 + (d.getUTCMonth() + 1) * 100 + d.getUTCDate()
}

/**
 * Whether `yyyymmdd` (digits 7-14 of a number) is a day that exists (month 1-12, the month's days, Feb 29 only in a
 * leap year), not after today in China and not before ID_BIRTH_MIN_YEAR.
 */
export function isIdBirthDate(yyyymmdd: string, now: Date = new Date()): boolean {
  if (!/^\d{8}$/.test(yyyymmdd)) return false
  const y = Number(yyyymmdd.slice(0, 4))
  const m = Number(yyyymmdd.slice(4, 6))
  const d = Number(yyyymmdd.slice(6, 8))
  if (y < ID_BIRTH_MIN_YEAR || m < 1 || m > 12 || d < 1) return false
  // day 0 of the next month is the last day of this one (UTC: no time zone can move it)
  if (d > new Date(Date.UTC(y, m, 0)).getUTCDate()) return false
  return Number(yyyymmdd) <= chinaToday(now)
}

export type IdCardProblem = 'format' | 'checksum' | 'birthdate'

/**
 * What is wrong with an ID number: its shape (18 characters: 17 digits + digit or X), its check character, its
 * birth date (digits 7-14: a real day, not in the future, not before 1900), or nothing. The check character is
 * checked first: a mistyped digit usually breaks it, and "check for a typo" is then the right advice.
 */
export function idCardProblem(value: string, now: Date = new Date()): IdCardProblem | null {
  const v = normalizeIdCard(value)
  if (!ID_CARD_RE.test(v)) return 'format'
  if (idCardCheckChar(v.slice(0, 17)) !== v[17]) return 'checksum'
  return isIdBirthDate(v.slice(6, 14), now) ? null : 'birthdate'
}

export const isValidIdCard = (value: string, now: Date = new Date()): boolean => idCardProblem(value, now) === null

/** 110101199003077777 -> 1101**********7777: only the first 4 and last 4 characters are shown. */
export function maskIdCard(value: string): string {
  const v = value.trim()
  if (v.length <= 8) return '*'.repeat(v.length)
  return `${v.slice(0, 4)}${'*'.repeat(v.length - 8)}${v.slice(-4)}`
}
