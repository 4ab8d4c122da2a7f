import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { Field, TextInput } from '@/components/form'
import NavBar from '@/components/nav-bar'
import { themeStyle } from '@/components/theme'
import { t } from '@/i18n/sub'
import { registerSmall } from '@/services/api/account'
import { afterLogin } from '@/services/session'
import { storage } from '@/services/storage'
import { AgreementTick, CodeField, PasswordField, PhoneField, SubmitButton } from './form/fields'
import { validateRegister } from './form/rules'
import { useAccountForm, useSendCode } from './form/use-account-form'

/** 注册: phone, SMS code, password twice, an optional invitation code and the agreement tick. */
export default function Register() {
  const form = useAccountForm({
    phone: '',
    code: '',
    password: '',
    password2: '',
    inviteCode: String(storage.get<string>('invite_code') ?? ''),
    agree: false,
  })
  const sms = useSendCode('register', form)
  const { phone, code, password, inviteCode } = form.values

  const submit = () =>
    form.submit(validateRegister(form.values), async () => {
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

  return (
    <View className="account-page register-page" style={themeStyle}>
      <NavBar title={t('register.title')} />
      <View className="account-body">
        <Text className="account-heading">{t('register.heading')}</Text>
        <PhoneField
          {...form.bind('phone')}
          label={t('register.phone')}
          className="reg-phone"
          send={{ ...sms, className: 'reg-send-sms' }}
        />
        <CodeField {...form.bind('code')} label={t('register.code')} className="reg-code" />
        <PasswordField
          {...form.bind('password')}
          label={t('register.password')}
          className="reg-password"
          placeholder={t('register.password.placeholder')}
        />
        <PasswordField
          {...form.bind('password2')}
          label={t('register.password2')}
          className="reg-password2"
          placeholder={t('register.password2.placeholder')}
        />
        <Field label={t('register.invite')}>
          <TextInput
            className="reg-invite"
            value={inviteCode}
            onChange={(v) => form.set('inviteCode', v)}
            maxlength={32}
            placeholder={t('register.invite.placeholder')}
          />
        </Field>
        <AgreementTick
          prefix="reg"
          checked={form.values.agree}
          error={form.errors.agree}
          onToggle={() => form.toggle('agree')}
        />
        <SubmitButton
          className="reg-submit"
          busy={form.submitting}
          label={t('register.submit')}
          busyLabel={t('register.submitting')}
          onClick={submit}
        />
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
