/** Pure helpers of the profile pages: option lists from the dictionary and the changed-fields diff. */

import type { MessageKey } from '@/i18n/sub'
import type { UserInfo } from '../../../contract/types'

export interface Option {
  label: string
  value: string
}

export const SEX_FALLBACK: ReadonlyArray<{ value: '0' | '1' | '2'; label: MessageKey }> = [
  { value: '0', label: 'info.sex.0' },
  { value: '1', label: 'info.sex.1' },
  { value: '2', label: 'info.sex.2' },
]

export const NAME_MAX = 30
export const SCHOOL_MAX = 60

export type EditableField =
  | 'nickName'
  | 'realName'
  | 'sex'
  | 'birthday'
  | 'eduLevel'
  | 'school'
  | 'major'
  | 'graduationDate'

export type ProfileDraft = Partial<Pick<UserInfo, EditableField>>

/** Only the fields whose trimmed value differs from the stored user. */
export function changedFields(user: ProfileDraft | null, draft: ProfileDraft): ProfileDraft {
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(draft) as [EditableField, string | undefined][]) {
    if (v === undefined) continue
    const next = v.trim()
    if (next !== (user?.[k] ?? '')) out[k] = next
  }
  return out as ProfileDraft
}

export function validateInfo(d: { nickName: string; realName: string }) {
  const e: Partial<Record<'nickName' | 'realName', MessageKey>> = {}
  if (!d.nickName.trim()) e.nickName = 'info.err.nickname'
  else if (d.nickName.trim().length > NAME_MAX) e.nickName = 'info.err.tooLong'
  if (d.realName.trim().length > NAME_MAX) e.realName = 'info.err.tooLong'
  return e
}

export function validateEdu(d: { school: string; major: string }) {
  const e: Partial<Record<'school' | 'major', MessageKey>> = {}
  if (d.school.trim().length > SCHOOL_MAX) e.school = 'edu.err.tooLong'
  if (d.major.trim().length > SCHOOL_MAX) e.major = 'edu.err.tooLong'
  return e
}
