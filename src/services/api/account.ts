import type { RouteInput } from '../../../contract/types'
import { deviceUuid } from '../storage'
import { type CallOptions, call } from './call'

type Body<K extends Parameters<typeof call>[0]> = RouteInput<K> extends { body: infer B } ? B : never

export type SmsScene = 'register' | 'login' | 'forget' | 'bindNew'

export function captchaImage(opts?: CallOptions) {
  return call('GET /captchaImage', {}, opts)
}

export function sendSms(scene: SmsScene, telPhone: string, opts?: CallOptions) {
  const body = { telPhone }
  switch (scene) {
    case 'register':
      return call('POST /app/common/sms/register', { body }, opts)
    case 'login':
      return call('POST /app/common/sms/login', { body }, opts)
    case 'forget':
      return call('POST /app/common/sms/forget', { body }, opts)
    case 'bindNew':
      return call('POST /app/common/sms/bindNew', { body }, opts)
  }
}

export function registerSmall(body: Body<'POST /app/common/register_small'>, opts?: CallOptions) {
  return call('POST /app/common/register_small', { body: { deviceUuid: deviceUuid(), ...body } }, opts)
}

export function registerForget(body: Body<'POST /app/common/register_forget'>, opts?: CallOptions) {
  return call('POST /app/common/register_forget', { body }, opts)
}

export function smsLogin(body: Body<'POST /app/common/sms_login'>, opts?: CallOptions) {
  return call('POST /app/common/sms_login', { body: { deviceUuid: deviceUuid(), ...body } }, opts)
}

export function accountLogin(body: Body<'POST /app/common/account_login'>, opts?: CallOptions) {
  return call('POST /app/common/account_login', { body: { deviceUuid: deviceUuid(), ...body } }, opts)
}

/** POST /login (same body and result as accountLogin) */
export function login(body: Body<'POST /login'>, opts?: CallOptions) {
  return call('POST /login', { body: { deviceUuid: deviceUuid(), ...body } }, opts)
}

export function telphoneLogin(body: Body<'POST /app/common/telphone_login'>, opts?: CallOptions) {
  return call('POST /app/common/telphone_login', { body: { deviceUuid: deviceUuid(), ...body } }, opts)
}

/** Exchange a skip-login sign for { token, userAccount, newUser }. */
export function dualAuth(sign: string, opts?: CallOptions) {
  return call('GET /app/common/dual_auth', { query: { sign, deviceUuid: deviceUuid() } }, opts)
}
