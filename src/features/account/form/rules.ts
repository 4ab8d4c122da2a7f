/**
 * Form rules of the account pages (login, register, forget, password, phone binding). Pure: each
 * returns the i18n key of the first problem per field, so pages show it inline next to the field.
 */

import type { FormErrors } from '@/components/form/errors'
import type { MessageKey } from '@/i18n/sub'
import { checkPassword } from '../../../../shared/rules/password'
import { isPhone } from '../../../../shared/rules/phone'

export { type FormErrors, hasErrors } from '@/components/form/errors'

export const SMS_CODE_RE = /^\d{6}$/

export function phoneError(phone: string): MessageKey | undefined {
  return isPhone(phone.trim()) ? undefined : 'login.err.phone'
}

export function smsCodeError(code: string): MessageKey | undefined {
  return SMS_CODE_RE.test(code.trim()) ? undefined : 'login.err.smsCode'
}

const required = (v: string, key: MessageKey): MessageKey | undefined => (v.trim() ? undefined : key)

export function validateAccountLogin(f: { account: string; password: string; captcha: string }) {
  const e: FormErrors<'account' | 'password' | 'captcha'> = {
    account: required(f.account, 'login.err.account'),
    password: f.password ? undefined : 'login.err.password',
    captcha: required(f.captcha, 'login.err.captcha'),
  }
  return e
}

export function validatePhoneLogin(f: { phone: string; password: string; captcha: string }) {
  const e: FormErrors<'phone' | 'password' | 'captcha'> = {
    phone: phoneError(f.phone),
    password: f.password ? undefined : 'login.err.password',
    captcha: required(f.captcha, 'login.err.captcha'),
  }
  return e
}

export function validateSmsLogin(f: { phone: string; code: string }) {
  const e: FormErrors<'phone' | 'code'> = { phone: phoneError(f.phone), code: smsCodeError(f.code) }
  return e
}

/** New password + confirmation: the server's rule, then equality. */
export function passwordPairErrors(password: string, password2: string) {
  const e: FormErrors<'password' | 'password2'> = {
    password: checkPassword(password) ?? undefined,
    password2: password2 === password ? undefined : 'register.err.mismatch',
  }
  return e
}

export function validateRegister(f: {
  phone: string
  code: string
  password: string
  password2: string
  agree: boolean
}) {
  const e: FormErrors<'phone' | 'code' | 'password' | 'password2' | 'agree'> = {
    phone: phoneError(f.phone),
    code: smsCodeError(f.code),
    ...passwordPairErrors(f.password, f.password2),
    agree: f.agree ? undefined : 'register.err.agree',
  }
  return e
}

export function validateForget(f: { phone: string; code: string; password: string; password2: string }) {
  const e: FormErrors<'phone' | 'code' | 'password' | 'password2'> = {
    phone: phoneError(f.phone),
    code: smsCodeError(f.code),
    ...passwordPairErrors(f.password, f.password2),
  }
  return e
}

export function validatePwd(f: { oldPassword: string; password: string; password2: string }) {
  const e: FormErrors<'oldPassword' | 'password' | 'password2'> = {
    oldPassword: f.oldPassword ? undefined : 'pwd.err.old',
    ...passwordPairErrors(f.password, f.password2),
  }
  if (!e.password && f.oldPassword && f.password === f.oldPassword) e.password = 'pwd.err.same'
  return e
}

export function validateBindPhone(f: { phone: string; code: string; current: string }) {
  const e: FormErrors<'phone' | 'code'> = { phone: phoneError(f.phone), code: smsCodeError(f.code) }
  if (!e.phone && f.phone.trim() === f.current) e.phone = 'bind.err.same'
  return e
}
