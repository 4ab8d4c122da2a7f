import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useMemo } from 'react'
import Icon from '@/components/icon'
import { ChevronLeft, House } from '@/components/icon/glyphs'
import { isTabPath } from '@/components/tab-bar/tabs'
import { themeStyle } from '@/components/theme'
import { t } from '@/i18n'
import { navMetrics } from './metrics'
import './index.scss'

export interface NavBarProps {
  title?: string
  /** show the back arrow; default: when there is a previous page */
  back?: boolean
  /** show the home button; default: when there is no previous page and this is not a tab page */
  home?: boolean
  /** asked before back or home leaves the page (e.g. a running exam); false keeps the learner here */
  beforeLeave?: () => Promise<boolean> | boolean
  /** where back goes when there is no page to go back to (default: home) */
  fallbackUrl?: string
  /** extra class on the back / home buttons */
  buttonClass?: string
}

/** Custom navigation bar (app.config window.navigationStyle 'custom') with status-bar safe area. */
export default function NavBar({ title = '', back, home, beforeLeave, fallbackUrl, buttonClass = '' }: NavBarProps) {
  const { statusBar, bar } = navMetrics()
  const { showBack, showHome } = useMemo(() => {
    const pages = Taro.getCurrentPages()
    const route = pages[pages.length - 1]?.route ?? ''
    const b = back ?? pages.length > 1
    const h = !b && (home ?? (route !== '' && !isTabPath(route)))
    return { showBack: b, showHome: h }
  }, [back, home])

  const height = statusBar + bar
  const leave = async (go: () => unknown) => {
    if (beforeLeave && !(await beforeLeave())) return
    go()
  }
  const onBack = () =>
    leave(() =>
      Promise.resolve(Taro.navigateBack()).catch(() =>
        fallbackUrl ? Taro.redirectTo({ url: fallbackUrl }) : Taro.switchTab({ url: '/pages/index/index' }),
      ),
    )
  const onHome = () => leave(() => Taro.switchTab({ url: '/pages/index/index' }))

  return (
    <View className="nav-bar-holder" style={{ height: `${height}px` }}>
      <View className="nav-bar" style={{ ...themeStyle, paddingTop: `${statusBar}px`, height: `${bar}px` }}>
        <View className="nav-bar-side">
          {showBack && (
            <View
              className={`nav-bar-btn nav-bar-back${buttonClass ? ` ${buttonClass}-back` : ''}`}
              onClick={onBack}
              aria-label={t('nav.back')}
            >
              <Icon glyph={ChevronLeft} className="nav-bar-icon nav-bar-arrow" />
            </View>
          )}
          {showHome && (
            <View
              className={`nav-bar-btn nav-bar-home${buttonClass ? ` ${buttonClass}-home` : ''}`}
              onClick={onHome}
              aria-label={t('nav.home')}
            >
              <Icon glyph={House} className="nav-bar-icon nav-bar-house" />
            </View>
          )}
        </View>
        <Text className="nav-bar-title">{title}</Text>
        <View className="nav-bar-side" />
      </View>
    </View>
  )
}
