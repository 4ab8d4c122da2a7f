/** Spec §5 / §9: 11 digits, 1 then 3-9. */
export const PHONE_RE = /^1[3-9]\d{9}$/

export function isPhone(s: unknown): s is string {
  return typeof s === 'string' && PHONE_RE.test(s)
}

/** 13812345678 -> 138****5678; anything that is not 11 characters long is returned as is. */
export function maskPhone(phone: string | null | undefined): string {
  if (!phone) return ''
  const s = phone.trim()
  return s.length === 11 ? `${s.slice(0, 3)}****${s.slice(7)}` : s
}
