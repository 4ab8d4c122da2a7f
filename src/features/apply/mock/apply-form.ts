/** The mock-exam application form's rules, checked before anything is sent (the server checks them again). */

import { idCardProblem } from '../../../../shared/rules/id-card'
import { isPhone } from '../../../../shared/rules/phone'

export type ApplyField = 'realName' | 'idCard' | 'telPhone'
export type ApplyErrorKey =
  | 'apply.err.realName'
  | 'apply.err.idFormat'
  | 'apply.err.idChecksum'
  | 'apply.err.idBirthdate'
  | 'apply.err.phone'
export type ApplyErrors = Partial<Record<ApplyField, ApplyErrorKey>>

export function validateApply(f: { realName: string; idCard: string; telPhone: string }): ApplyErrors {
  const e: ApplyErrors = {}
  const n = f.realName.trim().length
  if (n < 2 || n > 30) e.realName = 'apply.err.realName'
  const id = idCardProblem(f.idCard)
  if (id === 'format') e.idCard = 'apply.err.idFormat'
  else if (id === 'checksum') e.idCard = 'apply.err.idChecksum'
  else if (id === 'birthdate') e.idCard = 'apply.err.idBirthdate'
  if (!isPhone(f.telPhone.trim())) e.telPhone = 'apply.err.phone'
  return e
}

export const hasApplyErrors = (e: ApplyErrors) => Object.values(e).some(Boolean)
