import Taro, { useDidShow } from '@tarojs/taro'
import { getInfo } from '@/services/api/user'
import { useSession } from '@/store/session'

export const LOGIN_URL = '/pages4/login/login?isBack=1'

/** Profile pages need a session: without one, replace the page with login; with one, refresh the user on show. */
export function useRequireLogin(): boolean {
  const userAccount = useSession((s) => s.userAccount)
  useDidShow(() => {
    if (!useSession.getState().userAccount) {
      Taro.redirectTo({ url: LOGIN_URL })
      return
    }
    getInfo({ noLoading: true, silent: true })
      .then((u) => useSession.getState().setUserInfo(u))
      .catch(() => undefined)
  })
  return !!userAccount
}

/** Reload the user after an edit (shows errors through the request layer). */
export async function reloadUser(): Promise<void> {
  const u = await getInfo({ noLoading: true })
  useSession.getState().setUserInfo(u)
}
