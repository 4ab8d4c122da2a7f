import Taro from '@tarojs/taro'
import { BANK_CODE } from '@/features/bank/api'
import { ApiError } from '@/services/http/error'
import { isLoggedIn } from '@/store/session'
import { EXAM_CODE } from '../../../../../contract/schemas/exam-codes'

export const LOGIN_URL = '/pages4/login/login?isBack=1'

/** Bank practice needs a session: without one the page is replaced by login (which comes back here). */
export function requireLogin(): boolean {
  if (isLoggedIn()) return true
  Taro.redirectTo({ url: LOGIN_URL })
  return false
}

/** What went wrong while opening an attempt, for the page's message. */
export type LoadError = 'notOwned' | 'offline' | 'examInProgress' | 'failed'

export function loadError(e: unknown): LoadError {
  if (e instanceof ApiError && e.code === BANK_CODE.notEntitled) return 'notOwned'
  // its questions belong to an exam the learner is sitting (or to an exam paper not yet closed)
  if (e instanceof ApiError && e.code === EXAM_CODE.examInProgress) return 'examInProgress'
  if (e instanceof ApiError && e.code === -1) return 'offline'
  return 'failed'
}

/** Read a positive integer query parameter. */
export function intParam(v: string | undefined): number | undefined {
  const n = Number(v)
  return Number.isInteger(n) && n > 0 ? n : undefined
}

export function goodsUrl(goodsId: number): string {
  return `/pages3/course/detail?id=${goodsId}`
}
