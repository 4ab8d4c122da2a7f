/** Identity-certification rules and parts shared by the verify pages (page files export only the page on weapp). */
import { Text } from '@tarojs/components'
import { QUIET, useLoader } from '@/features/bank/lib'
import { type MessageKey, t } from '@/i18n/sub'
import { getInfo } from '@/services/api/user'
import { useSession } from '@/store/session'
import { idCardProblem } from '../../../../shared/rules/id-card'

export const VERIFY_URL = {
  input: '/pages2/verify/input',
  input2: '/pages2/verify/input2',
  info: '/pages2/verify/info_fill',
}

// ---- rules (the contract's: 17 digits + digit or X; plus the GB 11643 check digit and a real birth date: shared/rules/id-card) ----

export function idCardError(value: string): MessageKey | undefined {
  const problem = idCardProblem(value)
  if (problem === 'format') return 'verify.err.idFormat'
  if (problem === 'checksum') return 'verify.err.idChecksum'
  return problem === 'birthdate' ? 'verify.err.idBirthdate' : undefined
}

export function realNameError(value: string): MessageKey | undefined {
  const n = value.trim().length
  return n >= 2 && n <= 30 ? undefined : 'verify.err.realName'
}

/** 张三丰 -> 张** */
export function maskName(name: string): string {
  const chars = Array.from(name.trim())
  return chars.length <= 1 ? chars.join('') : chars[0] + '*'.repeat(chars.length - 1)
}

// ---- the data carried from step 1 to step 2 ----

export interface CertDraft {
  realName: string
  idCard: string
  idCardImageUrl: string
}
let draft: CertDraft | null = null
export const certDraft = {
  get: (): CertDraft | null => draft,
  set: (d: CertDraft) => {
    draft = d
  },
  clear: () => {
    draft = null
  },
}

export const statusKey = (status: number | undefined) => `verify.status.${status ?? 0}` as MessageKey

/** The learner, read again on every show (the status may have changed since). */
export function useUser() {
  return useLoader(async () => {
    const u = await getInfo(QUIET)
    useSession.getState().setUserInfo(u)
    return u
  })
}

/** An upload in progress (percent), failed, or idle. */
export type UploadState = { state: 'idle' } | { state: 'uploading'; percent: number } | { state: 'failed' }

export function UploadStatus({ upload }: { upload: UploadState }) {
  if (upload.state === 'uploading')
    return <Text className="verify-upload-progress">{t('verify.uploading', { p: Math.round(upload.percent) })}</Text>
  if (upload.state === 'failed') return <Text className="verify-upload-failed">{t('verify.uploadFailed')}</Text>
  return null
}
