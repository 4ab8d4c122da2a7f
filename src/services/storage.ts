/** The one adapter over Taro storage (DECISIONS.md, client storage keys). Nothing else touches Taro storage. */
import Taro from '@tarojs/taro'

export type StorageKey =
  | 'user_account'
  | 'token'
  | 'h5_code'
  | 'uuid'
  | 'temp_token'
  | 'tenant_ids'
  | 'new_user'
  | 'sac'
  | 'invite_code'
  | 'scene'
  | 'locale'
  | 'bank_id'
  | 'answer_outbox'
  | 'apply_city'
  | 'tenant_brand'
  // live chat: bans per room until their expiry (src/features/live/chat/bans.ts)
  | 'live_bans'

export const storage = {
  /** The stored value, or null when absent (Taro answers '' for a missing key). */
  get<T>(key: StorageKey): T | null {
    try {
      const v: unknown = Taro.getStorageSync(key)
      return v === '' || v === undefined || v === null ? null : (v as T)
    } catch {
      return null
    }
  },
  set(key: StorageKey, value: unknown): void {
    try {
      Taro.setStorageSync(key, value)
    } catch {
      // storage full or unavailable (private mode): the value lives for this run only
    }
  },
  remove(key: StorageKey): void {
    try {
      Taro.removeStorageSync(key)
    } catch {
      // nothing to remove
    }
  },
}

function randomUuid(): string {
  const hex = '0123456789abcdef'
  let out = ''
  for (let i = 0; i < 36; i++) {
    if (i === 8 || i === 13 || i === 18 || i === 23) out += '-'
    else if (i === 14) out += '4'
    else if (i === 19) out += hex[8 + Math.floor(Math.random() * 4)]
    else out += hex[Math.floor(Math.random() * 16)]
  }
  return out
}

/** This install's device id (sent as deviceUuid at login and uuid in the lock calls), generated once. */
export function deviceUuid(): string {
  const stored = storage.get<string>('uuid')
  if (typeof stored === 'string' && stored.length >= 8) return stored
  const id = randomUuid()
  storage.set('uuid', id)
  return id
}
