import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useMemo } from 'react'
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
}

/** Custom navigation bar (app.config window.navigationStyle 'custom') with status-bar safe area. */
export default function NavBar({ title = '', back, home }: NavBarProps) {
  const { statusBar, bar } = navMetrics()
  const { showBack, showHome } = useMemo(() => {
    const pages = Taro.getCurrentPages()
    const route = pages[pages.length - 1]?.route ?? ''
    const b = back ?? pages.length > 1
    const h = !b && (home ?? (route !== '' && !isTabPath(route)))
    return { showBack: b, showHome: h }
  }, [back, home])

  const height = statusBar + bar
  const onBack = () => Taro.navigateBack().catch(() => Taro.switchTab({ url: '/pages/index/index' }))
  const onHome = () => Taro.switchTab({ url: '/pages/index/index' })

  return (
    <View className="nav-bar-holder" style={{ height: `${height}px` }}>
      <View className="nav-bar" style={{ ...themeStyle, paddingTop: `${statusBar}px`, height: `${bar}px` }}>
        <View className="nav-bar-side">
          {showBack && (
            <View className="nav-bar-btn nav-bar-back" onClick={onBack} aria-label={t('nav.back')}>
              <View className="nav-bar-arrow" />
            </View>
          )}
          {showHome && (
            <View className="nav-bar-btn nav-bar-home" onClick={onHome} aria-label={t('nav.home')}>
              <View className="nav-bar-house" />
            </View>
          )}
        </View>
        <Text className="nav-bar-title">{title}</Text>
        <View className="nav-bar-side" />
      </View>
    </View>
  )
}
