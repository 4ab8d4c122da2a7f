/** Small building blocks shared by the account forms: a labelled row with its inline error, the send-code button. */
import { Input, Text, View } from '@tarojs/components'
import type { ReactNode } from 'react'
import { type MessageKey, t } from '@/i18n/sub'
import './index.scss'

export interface FieldProps {
  label: string
  error?: MessageKey
  /** the control: usually a <TextInput>; extra controls (button, image) go in `extra` */
  children: ReactNode
  extra?: ReactNode
}

export function Field({ label, error, children, extra }: FieldProps) {
  return (
    <View className={`form-field${error ? ' has-error' : ''}`}>
      <View className="form-row">
        <Text className="form-label">{label}</Text>
        <View className="form-control">{children}</View>
        {extra}
      </View>
      {error && <Text className="form-error">{t(error)}</Text>}
    </View>
  )
}

export interface TextInputProps {
  className: string
  value: string
  onChange: (v: string) => void
  placeholder?: string
  password?: boolean
  type?: 'text' | 'number'
  maxlength?: number
}

/** Taro Input with its className on the component itself (H5: `.x input` reaches the native input). */
export function TextInput({
  className,
  value,
  onChange,
  placeholder,
  password,
  type = 'text',
  maxlength,
}: TextInputProps) {
  return (
    <Input
      className={`form-input ${className}`}
      value={value}
      type={type}
      password={password}
      maxlength={maxlength ?? 64}
      placeholder={placeholder}
      placeholderClass="form-placeholder"
      onInput={(e) => onChange(e.detail.value)}
    />
  )
}

export interface SmsButtonProps {
  className: string
  left: number
  sending: boolean
  onClick: () => void
}

export function SmsButton({ className, left, sending, onClick }: SmsButtonProps) {
  const disabled = left > 0 || sending
  return (
    <View className={`form-sms ${className}${disabled ? ' is-disabled' : ''}`} onClick={disabled ? undefined : onClick}>
      {left > 0 ? t('login.resend', { s: left }) : t('login.sendSms')}
    </View>
  )
}
