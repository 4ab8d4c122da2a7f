import { Button, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useState } from 'react'
import { Field, SmsButton, TextInput } from '@/components/form'
import { useSmsCode } from '@/components/form/use-sms-code'
import { useSubmit } from '@/components/form/use-submit'
import NavBar from '@/components/nav-bar'
import { themeStyle } from '@/components/theme'
import { t } from '@/i18n/sub'
import { type FormErrors, hasErrors, phoneError, validateForget } from '@/lib/account-form'
import { registerForget } from '@/services/api/account'

type Fields = 'phone' | 'code' | 'password' | 'password2'

export default function Forget() {
  const [phone, setPhone] = useState('')
  const [code, setCode] = useState('')
  const [password, setPassword] = useState('')
  const [password2, setPassword2] = useState('')
  const [errors, setErrors] = useState<FormErrors<Fields>>({})
  const sms = useSmsCode('forget')
  const { submitting, run } = useSubmit()

  const onSendSms = async () => {
    const err = phoneError(phone)
    setErrors((e) => ({ ...e, phone: err }))
    if (!err) await sms.send(phone)
  }

  const submit = async () => {
    if (submitting) return
    const e = validateForget({ phone, code, password, password2 })
    setErrors(e)
    if (hasErrors(e)) return
    await run(async () => {
      await registerForget({ telPhone: phone.trim(), code: code.trim(), password })
      Taro.showToast({ title: t('forget.success'), icon: 'none' })
      await Taro.navigateBack().catch(() => Taro.redirectTo({ url: '/pages4/login/login' }))
    })
  }

  return (
    <View className="account-page forget-page" style={themeStyle}>
      <NavBar title={t('forget.title')} />
      <View className="account-body">
        <Text className="account-heading">{t('forget.heading')}</Text>
        <Field
          label={t('register.phone')}
          error={errors.phone}
          extra={<SmsButton className="forget-send-sms" left={sms.left} sending={sms.sending} onClick={onSendSms} />}
        >
          <TextInput
            className="forget-phone"
            value={phone}
            onChange={setPhone}
            type="number"
            maxlength={11}
            placeholder={t('login.phone.placeholder')}
          />
        </Field>
        <Field label={t('register.code')} error={errors.code}>
          <TextInput
            className="forget-code"
            value={code}
            onChange={setCode}
            type="number"
            maxlength={6}
            placeholder={t('login.smsCode.placeholder')}
          />
        </Field>
        <Field label={t('forget.password')} error={errors.password}>
          <TextInput
            className="forget-password"
            value={password}
            onChange={setPassword}
            password
            placeholder={t('register.password.placeholder')}
          />
        </Field>
        <Field label={t('forget.password2')} error={errors.password2}>
          <TextInput
            className="forget-password2"
            value={password2}
            onChange={setPassword2}
            password
            placeholder={t('register.password2.placeholder')}
          />
        </Field>
        <Button
          className={`form-submit forget-submit${submitting ? ' is-busy' : ''}`}
          disabled={submitting || undefined}
          onClick={submit}
        >
          {submitting ? t('register.submitting') : t('forget.submit')}
        </Button>
      </View>
    </View>
  )
}
