/** Single-session lock (DECISIONS.md, Session): the device id is this install's uuid. */
import type { Envelope } from '../../../contract/types'
import { ApiError } from '../http/error'
import { request } from '../http/request'
import { deviceUuid } from '../storage'
import { type CallOptions, call } from './call'

export const LOCK_ACTION = 'jxjy'

const lockBody = () => ({ action: LOCK_ACTION, uuid: deviceUuid() })

/** Claim or renew the lock for this device (quiet). */
export function lockAction(opts?: CallOptions) {
  return call('POST /lock/lockAction', { body: lockBody() }, opts)
}

/** Release this device's lock (logout). */
export function delLock(opts?: CallOptions) {
  return call('POST /lock/delLock', { body: lockBody() }, opts)
}

/** 'busy' when another device holds the lock (code 200), 'free' when not (code 500). */
export async function lockStatus(opts?: CallOptions): Promise<'busy' | 'free'> {
  const env = await request<Envelope>({
    ...opts,
    url: '/lock/lockStatus',
    method: 'POST',
    data: lockBody(),
    raw: true,
  })
  if (env.code === 200) return 'busy'
  if (env.code === 500) return 'free'
  throw new ApiError(env.code, env.msg)
}

/** Displace every other device of the account and take the lock. */
export function offline(opts?: CallOptions) {
  return call('POST /app/user/offline', { body: { uuid: deviceUuid() } }, opts)
}
