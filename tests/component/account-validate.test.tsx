import { describe, expect, it } from 'vitest'
import {
  hasErrors,
  passwordPairErrors,
  phoneError,
  smsCodeError,
  validateAccountLogin,
  validateBindPhone,
  validateForget,
  validatePhoneLogin,
  validatePwd,
  validateRegister,
  validateSmsLogin,
} from '@/features/account/form/rules'
import { displayName, maskPhone } from '@/features/user/format'
import { changedFields, validateEdu, validateInfo } from '@/features/user/profile-fields'

const goodRegister = { phone: '13812345678', code: '123456', password: 'abc12345', password2: 'abc12345', agree: true }

describe('account form rules', () => {
  it('phone: 11 digits, 1 then 3-9 (spec §5)', () => {
    expect(phoneError('13812345678')).toBeUndefined()
    expect(phoneError(' 19912345678 ')).toBeUndefined()
    for (const bad of ['', '1381234567', '138123456789', '12812345678', '23812345678', '1381234567a']) {
      expect(phoneError(bad)).toBe('login.err.phone')
    }
  })

  it('sms code: exactly 6 digits', () => {
    expect(smsCodeError('123456')).toBeUndefined()
    expect(smsCodeError('12345')).toBe('login.err.smsCode')
    expect(smsCodeError('12345a')).toBe('login.err.smsCode')
  })

  it('account login needs account, password and captcha', () => {
    expect(validateAccountLogin({ account: ' ', password: '', captcha: '' })).toEqual({
      account: 'login.err.account',
      password: 'login.err.password',
      captcha: 'login.err.captcha',
    })
    expect(hasErrors(validateAccountLogin({ account: 'u1', password: 'x', captcha: 'ab12' }))).toBe(false)
  })

  it('phone+password login validates the phone and needs a captcha', () => {
    const e = validatePhoneLogin({ phone: '123', password: 'x', captcha: '' })
    expect(e.phone).toBe('login.err.phone')
    expect(e.captcha).toBe('login.err.captcha')
    expect(e.password).toBeUndefined()
  })

  it('sms login validates phone and code', () => {
    expect(hasErrors(validateSmsLogin({ phone: '13812345678', code: '123456' }))).toBe(false)
    expect(validateSmsLogin({ phone: '13812345678', code: '1' }).code).toBe('login.err.smsCode')
  })

  it('password pair: server rule first, then equality', () => {
    expect(passwordPairErrors('short1', 'short1').password).toBe('validation.password.tooShort')
    expect(passwordPairErrors('abcdefgh', 'abcdefgh').password).toBe('validation.password.letterAndDigit')
    expect(passwordPairErrors('abc12345', 'abc12346')).toEqual({
      password: undefined,
      password2: 'register.err.mismatch',
    })
  })

  it('register refuses mismatched passwords and a missing agreement', () => {
    expect(hasErrors(validateRegister(goodRegister))).toBe(false)
    expect(validateRegister({ ...goodRegister, password2: 'abc1234X' }).password2).toBe('register.err.mismatch')
    expect(validateRegister({ ...goodRegister, agree: false }).agree).toBe('register.err.agree')
  })

  it('forget needs phone, code and a matching new password', () => {
    const e = validateForget({ phone: '1', code: '', password: 'abc12345', password2: '' })
    expect(e).toMatchObject({ phone: 'login.err.phone', code: 'login.err.smsCode', password2: 'register.err.mismatch' })
  })

  it('change password: old required, new differs from old', () => {
    expect(validatePwd({ oldPassword: '', password: 'abc12345', password2: 'abc12345' }).oldPassword).toBe(
      'pwd.err.old',
    )
    expect(validatePwd({ oldPassword: 'abc12345', password: 'abc12345', password2: 'abc12345' }).password).toBe(
      'pwd.err.same',
    )
    expect(hasErrors(validatePwd({ oldPassword: 'old12345', password: 'abc12345', password2: 'abc12345' }))).toBe(false)
  })

  it('bind phone refuses the current number', () => {
    expect(validateBindPhone({ phone: '13812345678', code: '123456', current: '13812345678' }).phone).toBe(
      'bind.err.same',
    )
    expect(hasErrors(validateBindPhone({ phone: '13912345678', code: '123456', current: '13812345678' }))).toBe(false)
  })
})

describe('profile helpers', () => {
  it('masks an 11-digit phone and leaves others', () => {
    expect(maskPhone('13812345678')).toBe('138****5678')
    expect(maskPhone('')).toBe('')
    expect(maskPhone(undefined)).toBe('')
    expect(maskPhone('12345')).toBe('12345')
  })

  it('display name prefers nickname, then real name, then account', () => {
    expect(displayName({ nickName: 'N', realName: 'R', userAccount: 'A' })).toBe('N')
    expect(displayName({ nickName: '', realName: 'R', userAccount: 'A' })).toBe('R')
    expect(displayName({ nickName: '', realName: '', userAccount: 'A' })).toBe('A')
    expect(displayName(null)).toBe('')
  })

  it('changedFields sends only trimmed changes', () => {
    const user = { nickName: 'a', realName: 'b', sex: '0' as const, birthday: '' }
    expect(changedFields(user, { nickName: 'a ', realName: 'c', sex: '0', birthday: '2000-01-02' })).toEqual({
      realName: 'c',
      birthday: '2000-01-02',
    })
    expect(changedFields(user, { nickName: 'a' })).toEqual({})
  })

  it('info and education limits', () => {
    expect(validateInfo({ nickName: ' ', realName: '' }).nickName).toBe('info.err.nickname')
    expect(validateInfo({ nickName: 'x'.repeat(31), realName: 'y'.repeat(31) })).toEqual({
      nickName: 'info.err.tooLong',
      realName: 'info.err.tooLong',
    })
    expect(validateEdu({ school: 's'.repeat(61), major: 'm' })).toEqual({ school: 'edu.err.tooLong' })
  })
})
