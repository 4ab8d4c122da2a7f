import { Button, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useState } from 'react'
import { Field, SmsButton, TextInput } from '@/components/form'
import { useSmsCode } from '@/components/form/use-sms-code'
import { useSubmit } from '@/components/form/use-submit'
import { docUrl } from '@/components/link'
import NavBar from '@/components/nav-bar'
import { themeStyle } from '@/components/theme'
import { t } from '@/i18n/sub'
import { type FormErrors, hasErrors, phoneError, validateRegister } from '@/lib/account-form'
import { registerSmall } from '@/services/api/account'
import { afterLogin } from '@/services/session'
import { storage } from '@/services/storage'

type Fields = 'phone' | 'code' | 'password' | 'password2' | 'agree'

/** The tenant's agreement or privacy policy (tenant config, shown by the article page); the tick stays as it was. */
function openDoc(e: { stopPropagation: () => void }, key: 'agreement.service' | 'agreement.privacy') {
  e.stopPropagation()
  Taro.navigateTo({ url: docUrl(key) })
}

export default function Register() {
  const [phone, setPhone] = useState('')
  const [code, setCode] = useState('')
  const [password, setPassword] = useState('')
  const [password2, setPassword2] = useState('')
  const [inviteCode, setInviteCode] = useState(() => String(storage.get<string>('invite_code') ?? ''))
  const [agree, setAgree] = useState(false)
  const [errors, setErrors] = useState<FormErrors<Fields>>({})
  const sms = useSmsCode('register')
  const { submitting, run } = useSubmit()

  const onSendSms = async () => {
    const err = phoneError(phone)
    setErrors((e) => ({ ...e, phone: err }))
    if (!err) await sms.send(phone)
  }

  const submit = async () => {
    if (submitting) return
    const e = validateRegister({ phone, code, password, password2, agree })
    setErrors(e)
    if (hasErrors(e)) return
    await run(async () => {
      const invite = inviteCode.trim()
      const result = await registerSmall({
        telPhone: phone.trim(),
        code: code.trim(),
        password,
        ...(invite ? { inviteCode: invite } : {}),
      })
      const ok = await afterLogin(result)
      if (ok) {
        Taro.showToast({ title: t('register.success'), icon: 'success' })
        await Taro.switchTab({ url: '/pages/wd/index' })
      }
    })
  }

  return (
    <View className="account-page register-page" style={themeStyle}>
      <NavBar title={t('register.title')} />
      <View className="account-body">
        <Text className="account-heading">{t('register.heading')}</Text>
        <Field
          label={t('register.phone')}
          error={errors.phone}
          extra={<SmsButton className="reg-send-sms" left={sms.left} sending={sms.sending} onClick={onSendSms} />}
        >
          <TextInput
            className="reg-phone"
            value={phone}
            onChange={setPhone}
            type="number"
            maxlength={11}
            placeholder={t('login.phone.placeholder')}
          />
        </Field>
        <Field label={t('register.code')} error={errors.code}>
          <TextInput
            className="reg-code"
            value={code}
            onChange={setCode}
            type="number"
            maxlength={6}
            placeholder={t('login.smsCode.placeholder')}
          />
        </Field>
        <Field label={t('register.password')} error={errors.password}>
          <TextInput
            className="reg-password"
            value={password}
            onChange={setPassword}
            password
            placeholder={t('register.password.placeholder')}
          />
        </Field>
        <Field label={t('register.password2')} error={errors.password2}>
          <TextInput
            className="reg-password2"
            value={password2}
            onChange={setPassword2}
            password
            placeholder={t('register.password2.placeholder')}
          />
        </Field>
        <Field label={t('register.invite')}>
          <TextInput
            className="reg-invite"
            value={inviteCode}
            onChange={setInviteCode}
            maxlength={32}
            placeholder={t('register.invite.placeholder')}
          />
        </Field>

        {/* the tick and its words are one target of at least 44 px that ticks it; only the agreements' titles open
            them (issue 25) */}
        <View className="form-agree reg-agree">
          <View
            className={`form-agree-toggle reg-agree-toggle${agree ? ' is-checked' : ''}`}
            role="checkbox"
            aria-checked={agree}
            onClick={() => {
              setAgree(!agree)
              setErrors((e) => ({ ...e, agree: undefined }))
            }}
          >
            <View className={`form-check${agree ? ' is-checked' : ''}`} />
            <Text>{t('register.agree')}</Text>
          </View>
          <Text className="form-terms reg-terms-service" onClick={(e) => openDoc(e, 'agreement.service')}>
            {t('register.terms.service')}
          </Text>
          <Text className="form-agree-and">{t('register.terms.and')}</Text>
          <Text className="form-terms reg-terms-privacy" onClick={(e) => openDoc(e, 'agreement.privacy')}>
            {t('register.terms.privacy')}
          </Text>
        </View>
        {errors.agree && <Text className="form-error form-error-block">{t(errors.agree)}</Text>}

        <Button
          className={`form-submit reg-submit${submitting ? ' is-busy' : ''}`}
          disabled={submitting || undefined}
          onClick={submit}
        >
          {submitting ? t('register.submitting') : t('register.submit')}
        </Button>
        <View className="form-links">
          <Text
            className="reg-to-login"
            onClick={() => Taro.navigateBack().catch(() => Taro.redirectTo({ url: '/pages4/login/login' }))}
          >
            {t('register.hasAccount')}
          </Text>
        </View>
      </View>
    </View>
  )
}
