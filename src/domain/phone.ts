/** Spec §5 / §9: 11 digits, 1 then 3-9. */
export const PHONE_RE = /^1[3-9]\d{9}$/

export function isPhone(s: unknown): s is string {
  return typeof s === 'string' && PHONE_RE.test(s)
}
