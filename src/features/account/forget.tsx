import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import NavBar from '@/components/nav-bar'
import { themeStyle } from '@/components/theme'
import { t } from '@/i18n/sub'
import { registerForget } from '@/services/api/account'
import { CodeField, PasswordField, PhoneField, SubmitButton } from './form/fields'
import { validateForget } from './form/rules'
import { useAccountForm, useSendCode } from './form/use-account-form'

/** 找回密码: phone, SMS code and the new password twice. */
export default function Forget() {
  const form = useAccountForm({ phone: '', code: '', password: '', password2: '' })
  const sms = useSendCode('forget', form)

  const submit = () =>
    form.submit(validateForget(form.values), async () => {
      const { phone, code, password } = form.values
      await registerForget({ telPhone: phone.trim(), code: code.trim(), password })
      Taro.showToast({ title: t('forget.success'), icon: 'none' })
      await Taro.navigateBack().catch(() => Taro.redirectTo({ url: '/pages4/login/login' }))
    })

  return (
    <View className="account-page forget-page" style={themeStyle}>
      <NavBar title={t('forget.title')} />
      <View className="account-body">
        <Text className="account-heading">{t('forget.heading')}</Text>
        <PhoneField
          {...form.bind('phone')}
          label={t('register.phone')}
          className="forget-phone"
          send={{ ...sms, className: 'forget-send-sms' }}
        />
        <CodeField {...form.bind('code')} label={t('register.code')} className="forget-code" />
        <PasswordField
          {...form.bind('password')}
          label={t('forget.password')}
          className="forget-password"
          placeholder={t('register.password.placeholder')}
        />
        <PasswordField
          {...form.bind('password2')}
          label={t('forget.password2')}
          className="forget-password2"
          placeholder={t('register.password2.placeholder')}
        />
        <SubmitButton
          className="forget-submit"
          busy={form.submitting}
          label={t('forget.submit')}
          busyLabel={t('register.submitting')}
          onClick={submit}
        />
      </View>
    </View>
  )
}
