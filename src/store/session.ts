/** Who is logged in: account + token persisted through the storage adapter, user info in memory. */
import { create } from 'zustand'
import type { UserInfo } from '../../contract/types'
import { storage } from '../services/storage'

export interface SessionState {
  userAccount: string | null
  token: string | null
  userInfo: UserInfo | null
  avatarUrl: string
  userName: string
  setLogin: (r: { token: string; userAccount: string }) => void
  setToken: (token: string) => void
  setUserInfo: (u: UserInfo | null) => void
  /** drop account, token, h5_code and user info (storage and memory) */
  clear: () => void
}

export const useSession = create<SessionState>()((set) => ({
  userAccount: storage.get<string>('user_account'),
  token: storage.get<string>('token'),
  userInfo: null,
  avatarUrl: '',
  userName: '',
  setLogin: ({ token, userAccount }) => {
    storage.set('user_account', userAccount)
    storage.set('token', token)
    set({ userAccount, token })
  },
  setToken: (token) => {
    storage.set('token', token)
    set({ token })
  },
  setUserInfo: (u) =>
    set({
      userInfo: u,
      avatarUrl: u?.avatar ?? '',
      userName: u ? u.nickName || u.realName || u.userAccount : '',
    }),
  clear: () => {
    storage.remove('user_account')
    storage.remove('token')
    storage.remove('h5_code')
    set({ userAccount: null, token: null, userInfo: null, avatarUrl: '', userName: '' })
  },
}))

/** Spec §4: logged out when no user_account is stored. */
export function isLoggedIn(): boolean {
  return !!storage.get<string>('user_account')
}
