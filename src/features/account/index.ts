/**
 * The account feature's door for other features (register, forget, change password, the logins and the WeChat
 * binding are its own screens, rendered by the route shells under src/pages2/register, src/pages2/wd/pwd and
 * src/pages4/login): the account form kit, for a form that asks for a phone and its SMS code elsewhere (My account's
 * phone binding).
 */
export { AgreementTick, CodeField, PasswordField, PhoneField, SubmitButton } from './form/fields'
export { type FormErrors, hasErrors, phoneError, smsCodeError, validateBindPhone } from './form/rules'
export { type AccountForm, useAccountForm, useSendCode } from './form/use-account-form'
export { useSmsCode } from './form/use-sms-code'
