/**
 * Resident ID numbers (GB 11643-1999): 17 digits and a check character computed from them. Shared by the
 * exam module (info confirmation) and the apply module (mock-exam applications).
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

/** 18 characters (17 digits + digit or X) whose last one is the right check character. */
export function isValidIdCard(value: string): boolean {
  const v = normalizeIdCard(value)
  return ID_CARD_RE.test(v) && idCardCheckChar(v.slice(0, 17)) === v[17]
}

/** 110101199003077777 -> 1101**********7777 (first 4 and last 4 shown). */
export function maskIdCard(value: string): string {
  const v = value.trim()
  if (v.length <= 8) return '*'.repeat(v.length)
  return `${v.slice(0, 4)}${'*'.repeat(v.length - 8)}${v.slice(-4)}`
}
