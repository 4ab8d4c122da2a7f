import Taro, { useDidHide, useDidShow, useLaunch, usePageNotFound } from '@tarojs/taro'
import type { PropsWithChildren } from 'react'
import { NOT_FOUND_PAGE, notFoundUrl } from '@/components/link'
import { type Locale, setLocale } from '@/i18n'
import { EVENTS, emit } from '@/services/events'
import { exchangeSign, restoreSession } from '@/services/session'
import { storage } from '@/services/storage'
import { useBrand } from '@/services/tenant/brand'
import '@/components/theme'
import { installBrandModal } from '@/components/theme/modal'
import { useApp } from '@/store/app'
import './app.scss'

type Query = Record<string, string | undefined>

// system modals confirm in the school's colour, not the platform's (src/components/theme/modal.ts)
installBrandModal(() => useBrand.getState().brand.primary)

// The learner's language choice outlives the app (zh-CN unless they chose otherwise). A catalogue other than
// zh-CN arrives a moment after the first page rendered: that page is shown again in the chosen language.
const savedLocale = storage.get<Locale>('locale')
if (savedLocale && savedLocale !== 'zh-CN') {
  setLocale(savedLocale)
    .then(() => {
      const pages = Taro.getCurrentPages()
      const current = pages[pages.length - 1] as { route?: string; options?: Record<string, string> } | undefined
      if (!current?.route) return
      const query = Object.entries(current.options ?? {})
        .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
        .join('&')
      Taro.reLaunch({ url: `/${current.route.replace(/^\//, '')}${query ? `?${query}` : ''}` })
    })
    .catch(() => undefined)
}

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
    app
      .loadConfig()
      .then(() => useBrand.getState().setFromConfig(useApp.getState().config))
      .catch(() => undefined)
    app.loadDict().catch(() => undefined)
    restoreSession().catch(() => undefined)
    handleSign(query)
  })

  useDidShow((options?: { scene?: number; query?: Query }) => {
    if (options?.scene !== undefined) useApp.getState().setScene(options.scene)
    handleSign(options?.query)
  })

  useDidHide(() => emit(EVENTS.pause))

  // A route the app does not have (an old link, a typed URL): the not-found page, with the way back and home.
  // weapp calls this only when the app is opened on such a route; H5's router calls it on every unknown route.
  usePageNotFound((res: { path?: string; query?: Query }) => {
    if (String(res?.path ?? '').replace(/^\//, '') === NOT_FOUND_PAGE.replace(/^\//, '')) return
    Taro.redirectTo({ url: notFoundUrl(res?.path) }).catch(() => Taro.reLaunch({ url: notFoundUrl(res?.path) }))
  })

  return children
}

export default App
