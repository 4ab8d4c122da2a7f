const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/
const ID_RE = /^\d{6}(\d{4})(\d{2})(\d{2})\d{3}[\dXx]$/

function parts(birth: string): [number, number, number] | null {
  const s = birth.trim()
  const m = DATE_RE.exec(s) ?? ID_RE.exec(s)
  if (!m) return null
  const y = Number(m[1])
  const mo = Number(m[2])
  const d = Number(m[3])
  const date = new Date(y, mo - 1, d)
  if (date.getFullYear() !== y || date.getMonth() !== mo - 1 || date.getDate() !== d) return null
  return [y, mo, d]
}

/**
 * Full years between a birth date and `now` (local calendar). Accepts YYYY-MM-DD or an 18-digit
 * ID number (birth date in digits 7-14). Returns null for anything unparsable or a future birth.
 */
export function ageFromBirth(birth: string, now: Date = new Date()): number | null {
  if (typeof birth !== 'string') return null
  const p = parts(birth)
  if (!p) return null
  const [y, mo, d] = p
  const ny = now.getFullYear()
  const nm = now.getMonth() + 1
  const nd = now.getDate()
  let age = ny - y
  if (nm < mo || (nm === mo && nd < d)) age -= 1
  return age < 0 ? null : age
}
