import { Image, Text, View } from '@tarojs/components'
import Taro, { useRouter } from '@tarojs/taro'
import { useCallback, useEffect, useState } from 'react'
import { Field, TextInput } from '@/components/form'
import NavBar from '@/components/nav-bar'
import { themeStyle } from '@/components/theme'
import { type MessageKey, t } from '@/i18n/sub'
import { accountLogin, captchaImage, smsLogin } from '@/services/api/account'
import { afterLogin } from '@/services/session'
import { storage } from '@/services/storage'
import type { LoginResult } from '../../../../contract/types'
import { CodeField, PasswordField, PhoneField, SubmitButton } from '../form/fields'
import { hasErrors, validateAccountLogin, validateSmsLogin } from '../form/rules'
import { useAccountForm, useSendCode } from '../form/use-account-form'
import { prefersScanLogin, ScanPanel, scanLoginAvailable, scanTabLabel } from '../scan/scan-panel'
import './login.scss'
import WechatLogin from '../wechat/wechat-login'

export type LoginMode = 'account' | 'sms' | 'scan'

/**
 * 账号登录: the account name or the phone number with the password (account_login takes either); 手机号登录: the
 * phone with an SMS code (which also registers a new number). A third tab, phone + password, showed the account
 * tab's form again (issue 25; docs/DECISIONS.md "Shop, account and home fixes").
 */
const MODES: ReadonlyArray<{ mode: LoginMode; label: MessageKey }> = [
  { mode: 'account', label: 'login.tab.account' },
  { mode: 'sms', label: 'login.tab.sms' },
]

export default function Login() {
  const router = useRouter()
  const isBack = router.params.isBack === '1' || router.params.isBack === 'true'

  // a desktop opens on the QR code (scan-panel.h5.tsx); a phone on the account form
  const [mode, setMode] = useState<LoginMode>(() => (prefersScanLogin() ? 'scan' : 'account'))
  const form = useAccountForm({ account: '', password: '', captcha: '', phone: '', code: '' })
  const [captchaImg, setCaptchaImg] = useState<{ img: string; uuid: string } | null>(null)
  const [captchaFailed, setCaptchaFailed] = useState(false)
  const sms = useSendCode('login', form)
  const { set } = form

  const refreshCaptcha = useCallback(async () => {
    set('captcha', '')
    try {
      const c = await captchaImage({ noLoading: true })
      setCaptchaImg(c)
      setCaptchaFailed(false)
    } catch {
      setCaptchaImg(null)
      setCaptchaFailed(true)
    }
  }, [set])

  useEffect(() => {
    void refreshCaptcha()
  }, [refreshCaptcha])

  const switchMode = (m: LoginMode) => {
    if (m === mode) return
    setMode(m)
    form.setErrors({})
    set('password', '')
  }

  const finish = async (result: LoginResult) => {
    const ok = await afterLogin(result)
    if (!ok) {
      if (mode !== 'sms') await refreshCaptcha()
      return
    }
    Taro.showToast({ title: t('login.success'), icon: 'success' })
    if (isBack) await Taro.navigateBack().catch(() => Taro.switchTab({ url: '/pages/wd/index' }))
    else await Taro.switchTab({ url: '/pages/wd/index' })
  }

  const submit = async () => {
    if (form.submitting) return
    const { account, password, captcha, phone, code } = form.values
    const found =
      mode === 'account' ? validateAccountLogin({ account, password, captcha }) : validateSmsLogin({ phone, code })
    if (!hasErrors(found) && mode !== 'sms' && !captchaImg) {
      form.setErrors({ captcha: 'login.err.captchaImage' })
      return
    }
    await form.submit(
      found,
      async () => {
        let result: LoginResult
        if (mode === 'account') {
          result = await accountLogin({
            account: account.trim(),
            password,
            code: captcha.trim(),
            uuid: captchaImg!.uuid,
          })
        } else {
          const inviteCode = storage.get<string>('invite_code')
          result = await smsLogin({
            telPhone: phone.trim(),
            code: code.trim(),
            ...(inviteCode ? { inviteCode: String(inviteCode) } : {}),
          })
        }
        await finish(result)
      },
      // a captcha is single use: any failed attempt needs a new one
      async () => {
        if (mode !== 'sms') await refreshCaptcha()
      },
    )
  }

  const captchaField = (
    <Field
      label={t('login.captcha')}
      error={form.errors.captcha}
      extra={
        captchaImg ? (
          <Image className="login-captcha-img" src={captchaImg.img} mode="aspectFit" onClick={refreshCaptcha} />
        ) : (
          <View className="login-captcha-img login-captcha-empty" onClick={refreshCaptcha}>
            {captchaFailed ? t('common.retry') : t('login.captcha.loading')}
          </View>
        )
      }
    >
      <TextInput
        className="login-captcha"
        {...form.bind('captcha')}
        maxlength={8}
        placeholder={t('login.captcha.placeholder')}
      />
    </Field>
  )

  return (
    <View className="account-page login-page" style={themeStyle}>
      <NavBar title={t('login.title')} />
      <View className="account-body">
        <Text className="account-heading">{t('login.welcome')}</Text>
        <Text className="account-sub">{t('login.subtitle')}</Text>

        {/* Not NutUI Tabs: its heads are generated with fixed classNames (nut-tabs-titles-item), a TabPane
            title is typed string | number, a custom title() replaces every head wholesale, and all panes stay
            mounted, duplicating the shared phone / password / captcha fields. Tests click .login-tab-sms. */}
        <View className="login-tabs">
          {MODES.map((m) => (
            <View
              key={m.mode}
              className={`login-tab login-tab-${m.mode}${mode === m.mode ? ' is-active' : ''}`}
              onClick={() => switchMode(m.mode)}
            >
              {t(m.label)}
            </View>
          ))}
          {/* scan login: the PC shows a QR code the phone confirms (H5 outside WeChat; ./scan-panel) */}
          {scanLoginAvailable() && (
            <View
              className={`login-tab login-tab-scan${mode === 'scan' ? ' is-active' : ''}`}
              onClick={() => switchMode('scan')}
            >
              {scanTabLabel()}
            </View>
          )}
        </View>

        {mode === 'account' && (
          <View>
            <Field label={t('login.account')} error={form.errors.account}>
              <TextInput
                className="login-account"
                {...form.bind('account')}
                placeholder={t('login.account.placeholder')}
              />
            </Field>
            <PasswordField
              {...form.bind('password')}
              label={t('login.password')}
              className="login-password"
              placeholder={t('login.password.placeholder')}
            />
            {captchaField}
            <Text className="login-hint">{t('login.captcha.refresh')}</Text>
          </View>
        )}

        {mode === 'sms' && (
          <View>
            <PhoneField
              {...form.bind('phone')}
              label={t('login.phone')}
              className="login-phone"
              send={{ ...sms, className: 'login-send-sms' }}
            />
            <CodeField {...form.bind('code')} label={t('login.smsCode')} className="login-sms-code" />
            <Text className="login-hint">{t('login.smsNewUserTip')}</Text>
          </View>
        )}

        {mode === 'scan' && <ScanPanel onLogin={finish} />}

        {mode !== 'scan' && (
          <SubmitButton
            className="login-submit"
            busy={form.submitting}
            label={t('login.submit')}
            busyLabel={t('login.submitting')}
            onClick={submit}
          />
        )}

        <View className="form-links">
          <Text className="login-to-register" onClick={() => Taro.navigateTo({ url: '/pages2/register/register' })}>
            {t('login.toRegister')}
          </Text>
          <Text className="login-to-forget" onClick={() => Taro.navigateTo({ url: '/pages2/register/forget' })}>
            {t('login.toForget')}
          </Text>
        </View>

        {/* weapp: one-tap WeChat login; H5 inside WeChat: the official account's OAuth; elsewhere nothing */}
        <WechatLogin onLogin={finish} />
      </View>
    </View>
  )
}
