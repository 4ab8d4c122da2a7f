import Taro from '@tarojs/taro'
import { useRef, useState } from 'react'
import { t } from '@/i18n/sub'
import { type SmsScene, sendSms } from '@/services/api/account'
import { useCountdown } from './use-countdown'

/**
 * The send-code button's logic: one request at a time, none while the 60 s countdown runs. The page
 * validates the phone first (it owns the inline error); a failure was already toasted by the request layer.
 */
export function useSmsCode(scene: SmsScene) {
  const [sending, setSending] = useState(false)
  // a ref, not the state: a double tap in the same tick must see the first send
  const inFlight = useRef(false)
  const countdown = useCountdown(60)

  const send = async (phone: string): Promise<boolean> => {
    if (inFlight.current || countdown.running) return false
    inFlight.current = true
    setSending(true)
    try {
      await sendSms(scene, phone.trim())
      countdown.start()
      Taro.showToast({ title: t('login.smsSent'), icon: 'success' })
      return true
    } catch {
      // toasted by the request layer
      return false
    } finally {
      inFlight.current = false
      setSending(false)
    }
  }

  return { left: countdown.left, sending, send }
}
