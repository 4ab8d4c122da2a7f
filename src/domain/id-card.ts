/**
 * Resident ID numbers (GB 11643-1999): 17 digits and a check character computed from them. One module for the
 * app (identity certification, mock-exam application) and the server (mock-exam applications, masking).
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

/** What is wrong with an ID number: its shape (18 characters: 17 digits + digit or X), its check character, or nothing. */
export function idCardProblem(value: string): 'format' | 'checksum' | null {
  const v = normalizeIdCard(value)
  if (!ID_CARD_RE.test(v)) return 'format'
  return idCardCheckChar(v.slice(0, 17)) === v[17] ? null : 'checksum'
}

export const isValidIdCard = (value: string): boolean => idCardProblem(value) === null

/** 110101199003077777 -> 1101**********7777: only the first 4 and last 4 characters are shown. */
export function maskIdCard(value: string): string {
  const v = value.trim()
  if (v.length <= 8) return '*'.repeat(v.length)
  return `${v.slice(0, 4)}${'*'.repeat(v.length - 8)}${v.slice(-4)}`
}
