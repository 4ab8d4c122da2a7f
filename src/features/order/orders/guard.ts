import Taro from '@tarojs/taro'
import { isLoggedIn } from '@/store/session'

export const LOGIN_URL = '/pages4/login/login?isBack=1'

/** Shop pages need a session: without one the page is replaced by login (which comes back here). */
export function requireLogin(): boolean {
  if (isLoggedIn()) return true
  Taro.redirectTo({ url: LOGIN_URL })
  return false
}
