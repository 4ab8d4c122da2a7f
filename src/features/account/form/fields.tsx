/**
 * The account form kit (issue 26 step 7): the phone with its send-code button, the SMS code, a password, the
 * agreement tick and the submit button, as register, forget, change password, the logins and the WeChat binding show
 * them. Each field takes `{...form.bind(name)}` (./use-account-form.ts) and its own className (tests and styles find
 * the fields by it); the rows are the shared form kit's (`@/components/form`, its stylesheet included).
 */
import { Button, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import type { ReactNode } from 'react'
import { Field, SmsButton, TextInput, type TextInputProps } from '@/components/form'
import { docUrl } from '@/components/link'
import { type MessageKey, t } from '@/i18n/sub'
import type { Bound, SendCode } from './use-account-form'

interface TextFieldProps extends Bound {
  label: string
  className: string
}

/** One labelled row of the kit: the input, its inline error, and what stands beside it. */
function TextField({
  label,
  error,
  extra,
  ...input
}: TextFieldProps & { extra?: ReactNode } & Omit<TextInputProps, keyof Bound | 'className'>) {
  return (
    <Field label={label} error={error} extra={extra}>
      <TextInput {...input} />
    </Field>
  )
}

/** The phone number; with `send`, the send-code button and its countdown beside it. */
export function PhoneField({ send, ...props }: TextFieldProps & { send?: SendCode & { className: string } }) {
  const extra = send ? (
    <SmsButton className={send.className} left={send.left} sending={send.sending} onClick={send.send} />
  ) : undefined
  return <TextField {...props} extra={extra} type="number" maxlength={11} placeholder={t('login.phone.placeholder')} />
}

/** The 6-digit SMS code. */
export function CodeField(props: TextFieldProps) {
  return <TextField {...props} type="number" maxlength={6} placeholder={t('login.smsCode.placeholder')} />
}

/** A password (hidden as typed). */
export function PasswordField(props: TextFieldProps & { placeholder: string }) {
  return <TextField {...props} password />
}

/** The tenant's agreement or privacy policy (tenant config, shown by the article page); the tick stays as it was. */
function openDoc(e: { stopPropagation: () => void }, key: 'agreement.service' | 'agreement.privacy') {
  e.stopPropagation()
  Taro.navigateTo({ url: docUrl(key) })
}

/**
 * The agreement tick: the tick and its words are one target of at least 44 px that ticks it; only the agreements'
 * titles open them (issue 25). `prefix` names its parts (`reg` → .reg-agree, .reg-terms-service …).
 */
export function AgreementTick({
  checked,
  onToggle,
  error,
  prefix,
}: {
  checked: boolean
  onToggle: () => void
  error?: MessageKey
  prefix: string
}) {
  return (
    <>
      <View className={`form-agree ${prefix}-agree`}>
        <View
          className={`form-agree-toggle ${prefix}-agree-toggle${checked ? ' is-checked' : ''}`}
          role="checkbox"
          aria-checked={checked}
          onClick={onToggle}
        >
          <View className={`form-check${checked ? ' is-checked' : ''}`} />
          <Text>{t('register.agree')}</Text>
        </View>
        <Text className={`form-terms ${prefix}-terms-service`} onClick={(e) => openDoc(e, 'agreement.service')}>
          {t('register.terms.service')}
        </Text>
        <Text className="form-agree-and">{t('register.terms.and')}</Text>
        <Text className={`form-terms ${prefix}-terms-privacy`} onClick={(e) => openDoc(e, 'agreement.privacy')}>
          {t('register.terms.privacy')}
        </Text>
      </View>
      {error && <Text className="form-error form-error-block">{t(error)}</Text>}
    </>
  )
}

/** The form's submit button: busy (and its busy words) while the submit runs. */
export function SubmitButton({
  className,
  busy,
  label,
  busyLabel,
  onClick,
}: {
  className: string
  busy: boolean
  label: string
  busyLabel: string
  onClick: () => void
}) {
  return (
    <Button
      className={`form-submit ${className}${busy ? ' is-busy' : ''}`}
      disabled={busy || undefined}
      onClick={onClick}
    >
      {busy ? busyLabel : label}
    </Button>
  )
}
