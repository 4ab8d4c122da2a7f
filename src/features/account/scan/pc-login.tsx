/**
 * The phone's side of scan login (spec route pages4/login/pcLogin?ticket; docs/DECISIONS.md "Scan login"): opened by
 * scanning a PC's QR code. It needs the learner logged in (else the login page, then back here), claims the ticket
 * for the learner (scan), shows which device asks (browser and system, masked address, when) and offers 确认登录 /
 * 取消登录. Confirm leads to pcLoginSuccess; an expired, used, cancelled or another account's code says so.
 */
import { Button, Text, View } from '@tarojs/components'
import Taro, { useDidShow, useRouter } from '@tarojs/taro'
import { type ReactNode, useRef, useState } from 'react'
import Empty from '@/components/empty'
import NavBar from '@/components/nav-bar'
import '@/components/form/index.scss'
import { themeStyle } from '@/components/theme'
import { type ScanCheck, scanLoginCheck, ticketOf } from '@/features/scan/api'
import { formatDate } from '@/lib/datetime'
import { HOME_PAGE } from '@/services/session'
import { isLoggedIn } from '@/store/session'
import { ts } from './messages'
import './scan.scss'

const LOGIN_URL = '/pages4/login/login?isBack=1'
const PC_LOGIN_SUCCESS = '/pages4/login/pcLoginSuccess'

type State =
  | { phase: 'loading' }
  | { phase: 'login' }
  | { phase: 'ready'; info: ScanCheck }
  | { phase: 'cancelled' }
  | { phase: 'error'; msg: string }

const messageOf = (e: unknown) => {
  const msg = (e as { msg?: unknown }).msg
  return typeof msg === 'string' && msg && (e as { code?: number }).code !== -1 ? msg : ts('pc.failed')
}

const goHome = () => Taro.switchTab({ url: HOME_PAGE }).catch(() => Taro.reLaunch({ url: HOME_PAGE }))

export default function PcLogin() {
  const { params } = useRouter()
  const ticket = ticketOf((params as Record<string, string | undefined>).ticket)
  const [state, setState] = useState<State>(ticket ? { phase: 'loading' } : { phase: 'error', msg: ts('pc.noTicket') })
  const [busy, setBusy] = useState(false)
  const sentToLogin = useRef(false)
  const phase = useRef(state.phase)
  phase.current = state.phase

  const scan = async () => {
    if (!ticket) return
    setState({ phase: 'loading' })
    try {
      setState({ phase: 'ready', info: await scanLoginCheck(ticket, 'scan') })
    } catch (e) {
      setState({ phase: 'error', msg: messageOf(e) })
    }
  }

  useDidShow(() => {
    if (!ticket || (phase.current !== 'loading' && phase.current !== 'login')) return
    if (!isLoggedIn()) {
      setState({ phase: 'login' })
      // once on its own; coming back from login without logging in, the learner chooses
      if (!sentToLogin.current) {
        sentToLogin.current = true
        void Taro.navigateTo({ url: LOGIN_URL })
      }
      return
    }
    void scan()
  })

  const act = async (action: 'confirm' | 'cancel') => {
    if (!ticket || busy) return
    setBusy(true)
    try {
      await scanLoginCheck(ticket, action)
      if (action === 'confirm') await Taro.redirectTo({ url: PC_LOGIN_SUCCESS })
      else setState({ phase: 'cancelled' })
    } catch (e) {
      setState({ phase: 'error', msg: messageOf(e) })
    } finally {
      setBusy(false)
    }
  }

  const row = (cls: string, label: string, value: string) => (
    <View className={`pc-row ${cls}`}>
      <Text className="pc-row-label">{label}</Text>
      <Text className="pc-row-value">{value || ts('pc.unknown')}</Text>
    </View>
  )

  let body: ReactNode
  if (state.phase === 'loading') body = <Text className="pc-loading">{ts('pc.loading')}</Text>
  else if (state.phase === 'login')
    body = (
      <Empty
        text={ts('pc.needLogin')}
        actionText={ts('pc.toLogin')}
        onAction={() => void Taro.navigateTo({ url: LOGIN_URL })}
      />
    )
  else if (state.phase === 'cancelled')
    body = (
      <Empty text={ts('pc.cancelled')} hint={ts('pc.cancelledHint')} actionText={ts('pc.home')} onAction={goHome} />
    )
  else if (state.phase === 'error')
    body = (
      <View className="pc-error">
        <Empty text={state.msg} actionText={ts('pc.home')} onAction={goHome} />
      </View>
    )
  else {
    const d = state.info.device
    body = (
      <View className="pc-ready">
        <View className="pc-monitor">
          <View className="pc-monitor-screen" />
          <View className="pc-monitor-stand" />
        </View>
        <Text className="pc-heading">{ts('pc.heading')}</Text>
        <Text className="pc-sub">{ts('pc.sub')}</Text>
        <View className="pc-device">
          {row('pc-browser', ts('pc.browser'), d.browser)}
          {row('pc-os', ts('pc.os'), d.os)}
          {row('pc-ip', ts('pc.ip'), d.ip)}
          {row('pc-time', ts('pc.time'), formatDate(d.createTime, { time: true }))}
        </View>
        <Text className="pc-warn">{ts('pc.warn')}</Text>
        <Button
          className={`form-submit pc-confirm${busy ? ' is-busy' : ''}`}
          disabled={busy || undefined}
          onClick={() => void act('confirm')}
        >
          {busy ? ts('pc.confirming') : ts('pc.confirm')}
        </Button>
        <View className="pc-cancel" onClick={() => void act('cancel')}>
          {ts('pc.cancel')}
        </View>
        <Text className="pc-note">{ts('pc.lockNote')}</Text>
      </View>
    )
  }

  return (
    <View className="page pc-login-page" style={themeStyle}>
      <NavBar title={ts('pc.title')} />
      {body}
    </View>
  )
}
