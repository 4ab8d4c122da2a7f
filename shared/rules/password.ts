export type PasswordError =
  | 'validation.password.required'
  | 'validation.password.tooShort'
  | 'validation.password.tooLong'
  | 'validation.password.letterAndDigit'

/** Same rule as the server: 8-64 characters with at least one letter and one digit. Returns an i18n key or null. */
export function checkPassword(pw: unknown): PasswordError | null {
  if (typeof pw !== 'string' || pw.length === 0) return 'validation.password.required'
  if (pw.length < 8) return 'validation.password.tooShort'
  if (pw.length > 64) return 'validation.password.tooLong'
  if (!/[A-Za-z]/.test(pw) || !/\d/.test(pw)) return 'validation.password.letterAndDigit'
  return null
}
