/**
 * Login lifecycle (spec §4, DECISIONS.md Session): after any login check the single-session lock,
 * load the user, badges and keep the lock alive every 60 s; logout releases it and relaunches home.
 */
import Taro from '@tarojs/taro'
import type { LoginResult } from '../../contract/types'
import { t } from '../i18n'
import { useApp } from '../store/app'
import { isLoggedIn, useSession } from '../store/session'
import { dualAuth } from './api/account'
import { delLock, lockAction, lockStatus, offline } from './api/lock'
import { getInfo } from './api/user'
import { storage } from './storage'

export const HEARTBEAT_MS = 60_000
export const HOME_PAGE = '/pages/index/index'

let heartbeat: ReturnType<typeof setInterval> | null = null

export function startHeartbeat(): void {
  stopHeartbeat()
  heartbeat = setInterval(() => {
    if (!isLoggedIn()) return stopHeartbeat()
    lockAction({ noLoading: true, silent: true }).catch(() => undefined)
  }, HEARTBEAT_MS)
}

export function stopHeartbeat(): void {
  if (heartbeat !== null) clearInterval(heartbeat)
  heartbeat = null
}

async function loadUser(): Promise<void> {
  const info = await getInfo({ noLoading: true })
  useSession.getState().setUserInfo(info)
}

/**
 * Store the session, settle the lock (asking to take over when another device holds it) and load
 * the user. Resolves false when the learner declines to take over (the new session is dropped).
 */
export async function afterLogin(result: LoginResult): Promise<boolean> {
  useSession.getState().setLogin({ token: result.token, userAccount: result.userAccount })
  storage.set('new_user', !!result.newUser)
  // Any failure while settling the lock drops the new session: nobody stays half logged in.
  const drop = () => {
    useSession.getState().clear()
    storage.remove('new_user')
  }
  try {
    if ((await lockStatus()) === 'busy') {
      const r = await Taro.showModal({
        title: t('lock.kick.title'),
        content: t('lock.kick.content'),
        confirmText: t('lock.kick.confirm'),
        cancelText: t('lock.kick.cancel'),
      })
      if (!r.confirm) {
        drop()
        return false
      }
      await offline()
    }
  } catch (e) {
    drop()
    throw e
  }
  await lockAction({ silent: true }).catch(() => undefined)
  await loadUser().catch(() => undefined)
  await useApp
    .getState()
    .refreshBadges()
    .catch(() => undefined)
  startHeartbeat()
  return true
}

/** Exchange a skip-login sign (from a route) for a session. */
export async function exchangeSign(sign: string): Promise<boolean> {
  const result = await dualAuth(sign)
  return afterLogin(result)
}

/** App launch / show: renew the lock quietly and reload the user when a session is stored. */
export async function restoreSession(): Promise<boolean> {
  if (!isLoggedIn()) return false
  await lockAction({ noLoading: true, silent: true }).catch(() => undefined)
  if (!isLoggedIn()) return false
  await loadUser().catch(() => undefined)
  await useApp
    .getState()
    .refreshBadges()
    .catch(() => undefined)
  if (isLoggedIn()) startHeartbeat()
  return isLoggedIn()
}

export async function logout(): Promise<void> {
  stopHeartbeat()
  await delLock({ noLoading: true, silent: true }).catch(() => undefined)
  useSession.getState().clear()
  storage.remove('new_user')
  useApp.setState({ tabNums: 0, shoppingNum: 0 })
  await Taro.reLaunch({ url: HOME_PAGE })
}
