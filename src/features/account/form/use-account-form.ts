import { useCallback, useState } from 'react'
import { useSubmit } from '@/components/form/use-submit'
import type { MessageKey } from '@/i18n/sub'
import type { SmsScene } from '@/services/api/account'
import { type FormErrors, hasErrors, phoneError } from './rules'
import { useSmsCode } from './use-sms-code'

type Values = Record<string, string | boolean>
type TextKey<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string

/** What a text field of the kit takes from the form (./fields.tsx): `<PhoneField {...form.bind('phone')} … />`. */
export interface Bound {
  value: string
  onChange: (value: string) => void
  error?: MessageKey
}

/**
 * The state of an account form (register, forget, change password, the logins, binding a phone): its values, the
 * inline error of each field (an i18n key naming the field's problem, from ./rules.ts) and one submit at a time.
 */
export function useAccountForm<V extends Values>(initial: V) {
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<FormErrors<keyof V & string>>({})
  const { submitting, run } = useSubmit()

  // stable across renders (a page's effect may depend on them)
  const set = useCallback(<K extends keyof V>(name: K, value: V[K]) => setValues((v) => ({ ...v, [name]: value })), [])
  const setError = useCallback(
    (name: keyof V & string, error: MessageKey | undefined) => setErrors((e) => ({ ...e, [name]: error })),
    [],
  )

  return {
    values,
    errors,
    submitting,
    set,
    setError,
    setErrors,
    /** value, setter and error of a text field, for the kit's fields */
    bind: <K extends TextKey<V>>(name: K): Bound => ({
      value: values[name] as string,
      onChange: (value: string) => set(name, value as V[K]),
      error: errors[name],
    }),
    /** flip a tick (the agreement) and take its error away */
    toggle: (name: keyof V & string) => {
      setValues((v) => ({ ...v, [name]: !v[name] }))
      setError(name, undefined)
    },
    /**
     * Unless a submit runs: show `found` (the rules' errors of the values); with none, run `task` once. A failure
     * was toasted by the request layer; `onError` runs after it (e.g. a new captcha).
     */
    submit: async (
      found: FormErrors<keyof V & string>,
      task: () => Promise<void>,
      onError?: () => void | Promise<void>,
    ) => {
      if (submitting) return
      setErrors(found)
      if (hasErrors(found)) return
      await run(task, onError)
    },
  }
}

export type AccountForm<V extends Values> = ReturnType<typeof useAccountForm<V>>

/**
 * The send-code button of a form with a phone field: the phone is checked first (its inline error), then the code is
 * sent for `scene` and the button counts down 60 s (./use-sms-code.ts).
 */
export function useSendCode(
  scene: SmsScene,
  form: { values: { phone: string }; setError: (name: 'phone', error: MessageKey | undefined) => void },
) {
  const sms = useSmsCode(scene)
  const send = async () => {
    const err = phoneError(form.values.phone)
    form.setError('phone', err)
    if (!err) await sms.send(form.values.phone)
  }
  return { left: sms.left, sending: sms.sending, send }
}

export type SendCode = ReturnType<typeof useSendCode>
