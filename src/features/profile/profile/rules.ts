/**
 * Client-side checks of an enrolment profile, the same rules the server applies (server/src/modules/profile):
 * a required field must be filled, an ID number must pass its checksum, a phone must be 11 digits. The stamp
 * words match when equal without spaces and with full-width punctuation made narrow.
 */

import type { ProfileField, ProfileValues } from '@/features/profile/api'
import { isValidIdCard } from '../../../../shared/rules/id-card'
import { PHONE_RE } from '../../../../shared/rules/phone'

export type FieldProblem = 'err.required' | 'err.idCard' | 'err.phone'

export function fieldProblem(f: ProfileField, value: string | undefined): FieldProblem | null {
  const v = (value ?? '').trim()
  if (!v) return f.required ? 'err.required' : null
  if (f.type === 'idCard' && !isValidIdCard(v)) return 'err.idCard'
  if (f.type === 'phone' && !PHONE_RE.test(v)) return 'err.phone'
  return null
}

export function problems(fields: readonly ProfileField[], values: ProfileValues): Record<string, FieldProblem> {
  const out: Record<string, FieldProblem> = {}
  for (const f of fields) {
    const p = fieldProblem(f, values[f.key])
    if (p) out[f.key] = p
  }
  return out
}

export function normalizeWords(s: string): string {
  return s
    .normalize('NFKC')
    .replace(/[\s\u3000]+/g, '')
    .replace(/[“”]/g, '"')
    .replace(/[‘’]/g, "'")
    .replace(/。/g, '.')
    .replace(/、/g, ',')
}

export const wordsMatch = (copy: string, original: string) =>
  copy.trim().length > 0 && normalizeWords(copy) === normalizeWords(original)

export const formUrl = (goodsId: number) => `/pages2/profile/form?goodsId=${goodsId}`
export const stampUrl = (goodsId: number) => `/pages2/profile/stamp?goodsId=${goodsId}`
