import { Image, Text, View } from '@tarojs/components'
import Taro, { useDidShow } from '@tarojs/taro'
import { useState } from 'react'
import NavBar from '@/components/nav-bar'
import TabPage from '@/components/tab-page'
import { themeStyle } from '@/components/theme'
import { getLocale, type Locale, type MessageKey, setLocale, t } from '@/i18n'
import { getInfo } from '@/services/api/user'
import { logout } from '@/services/session'
import { storage } from '@/services/storage'
import { useApp } from '@/store/app'
import { useSession } from '@/store/session'
import { displayName, initial, maskPhone } from './format'
import './index.scss'

export const LOGIN_URL = '/pages4/login/login?isBack=1'

/** Account entries; later features (orders, courses, records, certificates) add theirs when they exist. */
const MENU: ReadonlyArray<{ key: string; label: MessageKey; url: string }> = [
  { key: 'orders', label: 'wd.menu.orders', url: '/pages2/order/index' },
  { key: 'courses', label: 'wd.menu.courses', url: '/pages2/wd/course' },
  { key: 'class', label: 'verify.menu.class', url: '/pages2/wd/class' },
  { key: 'hours', label: 'verify.menu.hours', url: '/pages2/learn/my_learn' },
  { key: 'stuff', label: 'verify.menu.stuff', url: '/pages2/wd/stuff' },
  { key: 'bank', label: 'wd.menu.bank', url: '/pages2/wd/question_bank' },
  { key: 'exam', label: 'wd.menu.exam', url: '/pages2/exam/index' },
  { key: 'appoint', label: 'wd.menu.appoint', url: '/pages5/examAppointList' },
  { key: 'mock', label: 'wd.menu.mock', url: '/pages5/mockRecord/mock_record' },
  { key: 'cart', label: 'wd.menu.cart', url: '/pages4/shopping/shoppingCart' },
  { key: 'invoice', label: 'wd.menu.invoice', url: '/pages2/invoice/index' },
  { key: 'info', label: 'wd.menu.info', url: '/pages2/wd/info' },
  { key: 'basic', label: 'wd.menu.basic', url: '/pages2/wd/menu' },
  { key: 'edu', label: 'wd.menu.edu', url: '/pages2/wd/edu_info' },
  { key: 'verify', label: 'verify.menu.cert', url: '/pages2/verify/input' },
  { key: 'confirm', label: 'verify.info.title', url: '/pages2/verify/info_fill' },
  { key: 'pwd', label: 'wd.menu.pwd', url: '/pages2/wd/pwd' },
]

/** REVIEW_STATUS 0-3 of the identity certification, as the entry's value. */
const certStatusText = (status: number) =>
  status >= 0 && status <= 3 ? t(`verify.status.${status}` as MessageKey) : ''

const LOCALES: ReadonlyArray<{ locale: Locale; label: MessageKey }> = [
  { locale: 'zh-CN', label: 'wd.language.zh' },
  { locale: 'en', label: 'wd.language.en' },
]

export default function Wd() {
  const userAccount = useSession((s) => s.userAccount)
  const userInfo = useSession((s) => s.userInfo)
  const tabNums = useApp((s) => s.tabNums)
  const [locale, setLocaleState] = useState(getLocale())

  useDidShow(() => {
    if (!useSession.getState().userAccount) return
    // the badges are refreshed by TabPage on every tab show
    getInfo({ noLoading: true, silent: true })
      .then((u) => useSession.getState().setUserInfo(u))
      .catch(() => undefined)
  })

  const go = (url: string) => Taro.navigateTo({ url })

  const onLocale = async (next: Locale) => {
    if (next === locale) return
    await setLocale(next)
    storage.set('locale', next)
    setLocaleState(next)
    // every mounted page (tab bar included) renders its texts again
    Taro.reLaunch({ url: '/pages/wd/index' })
  }

  const onLogout = async () => {
    const r = await Taro.showModal({
      title: t('common.tip'),
      content: t('wd.logout.confirm'),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    })
    if (r.confirm) await logout()
  }

  const loggedIn = !!userAccount
  const name = loggedIn ? displayName(userInfo) || userAccount : t('wd.guest')

  return (
    <TabPage index={4}>
      <View className="wd-page" style={themeStyle}>
        <NavBar title={t('wd.title')} back={false} home={false} />
        <View className="wd-header">
          <View className="wd-avatar">
            {loggedIn && userInfo?.avatar ? (
              <Image className="wd-avatar-img" src={userInfo.avatar} mode="aspectFill" />
            ) : (
              <Text>{loggedIn ? initial(name) : ''}</Text>
            )}
          </View>
          <View className="wd-user">
            {loggedIn ? (
              <>
                <Text className="wd-user-name">{name}</Text>
                <Text className="wd-phone">{maskPhone(userInfo?.telPhone) || t('wd.noPhone')}</Text>
              </>
            ) : (
              <>
                <Text className="wd-tip">{t('wd.loginTip')}</Text>
                <View className="wd-login-btn" onClick={() => go(LOGIN_URL)}>
                  {t('wd.loginBtn')}
                </View>
              </>
            )}
          </View>
          {loggedIn && (
            <View className="wd-badge-box wd-unread">
              <Text className="wd-badge-num">{tabNums > 99 ? '99+' : tabNums}</Text>
              <Text className="wd-badge-label">{t('wd.unread')}</Text>
            </View>
          )}
        </View>

        {loggedIn && (
          <View className="wd-card">
            <Text className="wd-card-title">{t('wd.section.account')}</Text>
            {MENU.map((m) => (
              <View key={m.key} className={`wd-cell wd-menu-${m.key}`} onClick={() => go(m.url)}>
                <Text className="wd-cell-label">{t(m.label)}</Text>
                {m.key === 'verify' && userInfo && (
                  <Text className="wd-cell-value wd-cert-status">{certStatusText(userInfo.certStatus)}</Text>
                )}
                <View className="wd-arrow" />
              </View>
            ))}
          </View>
        )}

        <View className="wd-card">
          <Text className="wd-card-title">{t('wd.section.settings')}</Text>
          <View className="wd-cell">
            <Text className="wd-cell-label">{t('wd.language')}</Text>
            <View className="wd-lang">
              {LOCALES.map((l) => (
                <Text
                  key={l.locale}
                  className={`wd-lang-opt wd-lang-${l.locale}${locale === l.locale ? ' is-active' : ''}`}
                  onClick={() => onLocale(l.locale)}
                >
                  {t(l.label)}
                </Text>
              ))}
            </View>
          </View>
        </View>

        {loggedIn && (
          <View className="wd-logout" onClick={onLogout}>
            {t('wd.logout')}
          </View>
        )}
      </View>
    </TabPage>
  )
}
