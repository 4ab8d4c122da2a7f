import { useDidHide, useDidShow, useLaunch } from '@tarojs/taro'
import type { PropsWithChildren } from 'react'
import { type Locale, setLocale } from '@/i18n'
import { EVENTS, emit } from '@/services/events'
import { exchangeSign, restoreSession } from '@/services/session'
import { storage } from '@/services/storage'
import { useApp } from '@/store/app'
import './app.scss'

type Query = Record<string, string | undefined>

// the learner's language choice outlives the app (zh-CN unless they chose otherwise)
const savedLocale = storage.get<Locale>('locale')
if (savedLocale) setLocale(savedLocale)

let exchangedSign = ''

/** A skip-login sign on the launch or page query is exchanged for a session once. */
function handleSign(query: Query | undefined): void {
  const sign = query?.sign
  if (!sign || sign === exchangedSign) return
  exchangedSign = sign
  exchangeSign(sign).catch(() => undefined)
}

function App({ children }: PropsWithChildren) {
  useLaunch((options) => {
    const query = (options?.query ?? {}) as Query
    const invite = query.inviteCode || query.invite_code
    if (invite) storage.set('invite_code', invite)
    if (options?.scene !== undefined) storage.set('scene', options.scene)
    const app = useApp.getState()
    app.loadConfig().catch(() => undefined)
    app.loadDict().catch(() => undefined)
    restoreSession().catch(() => undefined)
    handleSign(query)
  })

  useDidShow((options?: { scene?: number; query?: Query }) => {
    if (options?.scene !== undefined) useApp.getState().setScene(options.scene)
    handleSign(options?.query)
  })

  useDidHide(() => emit(EVENTS.pause))

  return children
}

export default App
