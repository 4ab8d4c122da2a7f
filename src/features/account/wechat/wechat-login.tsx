/**
 * WeChat login on the login page (docs/DECISIONS.md "WeChat login and binding"). Mini program: one tap, wx.login's
 * code to openIdLogin. H5 inside WeChat: to the official account's OAuth page and back with a code to
 * check/gzh_openId. A bound WeChat user is logged in through the page's own post-login flow (`onLogin`); an unbound
 * one links a phone once (SMS code, scene 'login') with the bind ticket the server gave. Elsewhere: nothing.
 */
import { Button, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useEffect, useState } from 'react'
import { t } from '@/i18n/sub'
import { bindLogin, gzhBindLogin, gzhOpenIdLogin, openIdLogin, wxConfig } from '@/services/api/wechat'
import { storage } from '@/services/storage'
import type { LoginResult } from '../../../../contract/types'
import { CodeField, PhoneField, SubmitButton } from '../form/fields'
import { validateSmsLogin } from '../form/rules'
import { useAccountForm, useSendCode } from '../form/use-account-form'
import { tw } from './messages'
import { gzhAuthorize, gzhReturn, miniLoginCode, wechatKind } from './wechat-env'
import './wechat-login.scss'

type Answer = (LoginResult & { bound: true }) | { bound: false; bindTicket: string; expiresAt: number }

export interface WechatLoginProps {
  /** the page's post-login flow (lock check, user, navigation) */
  onLogin: (result: LoginResult) => Promise<void>
}

export default function WechatLogin({ onLogin }: WechatLoginProps) {
  const [kind] = useState(wechatKind)
  const [ticket, setTicket] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const form = useAccountForm({ phone: '', code: '' })
  const sms = useSendCode('login', form)

  const settle = async (ask: () => Promise<Answer>) => {
    setBusy(true)
    try {
      const r = await ask()
      if (r.bound) await onLogin(r)
      else {
        form.setErrors({})
        form.set('code', '')
        setTicket(r.bindTicket)
      }
    } catch {
      // refusals were toasted by the request layer
    } finally {
      setBusy(false)
    }
  }

  // H5 in WeChat: back from the OAuth page with a code
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page opens
  useEffect(() => {
    if (kind !== 'gzh') return
    const back = gzhReturn()
    if (!back) return
    if ('refused' in back) {
      Taro.showToast({ title: tw('refused'), icon: 'none' })
      return
    }
    void settle(() => gzhOpenIdLogin(back.code))
  }, [])

  if (!kind) return null

  const tap = async () => {
    if (busy) return
    if (kind === 'mini') {
      let wxCode: string
      try {
        wxCode = await miniLoginCode()
      } catch {
        Taro.showToast({ title: tw('failed'), icon: 'none' })
        return
      }
      await settle(() => openIdLogin(wxCode))
      return
    }
    setBusy(true)
    try {
      // the app id only: the OAuth link needs no JS-SDK signature
      const config = await wxConfig()
      gzhAuthorize(config.appId)
    } catch {
      // toasted by the request layer
    } finally {
      setBusy(false)
    }
  }

  const submit = async () => {
    if (!ticket) return
    await form.submit(validateSmsLogin(form.values), async () => {
      const { phone, code } = form.values
      const inviteCode = storage.get<string>('invite_code')
      const body = {
        bindTicket: ticket,
        telPhone: phone.trim(),
        code: code.trim(),
        ...(inviteCode ? { inviteCode: String(inviteCode) } : {}),
      }
      const result = kind === 'mini' ? await bindLogin(body) : await gzhBindLogin(body)
      setTicket(null)
      await onLogin(result)
    })
  }

  return (
    <View className="wechat-login">
      <View className="wechat-login-divider">
        <Text>{tw('divider')}</Text>
      </View>
      <Button
        className={`wechat-login-button wechat-login-${kind}${busy ? ' is-busy' : ''}`}
        disabled={busy || undefined}
        onClick={tap}
      >
        {kind === 'mini' ? tw('mini') : tw('gzh')}
      </Button>

      {ticket && (
        <View className="wechat-bind">
          <View className="wechat-bind-panel">
            <Text className="wechat-bind-title">{tw('bind.title')}</Text>
            <Text className="wechat-bind-hint">{tw('bind.hint')}</Text>
            <PhoneField
              {...form.bind('phone')}
              label={t('login.phone')}
              className="wechat-bind-phone"
              send={{ ...sms, className: 'wechat-bind-send' }}
            />
            <CodeField {...form.bind('code')} label={t('login.smsCode')} className="wechat-bind-code" />
            <Text className="wechat-bind-expiry">{tw('bind.expiry')}</Text>
            <SubmitButton
              className="wechat-bind-submit"
              busy={form.submitting}
              label={tw('bind.submit')}
              busyLabel={tw('bind.submitting')}
              onClick={submit}
            />
            <Text className="wechat-bind-cancel" onClick={() => setTicket(null)}>
              {tw('bind.cancel')}
            </Text>
          </View>
        </View>
      )}
    </View>
  )
}
