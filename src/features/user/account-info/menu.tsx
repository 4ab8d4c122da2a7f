import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import NavBar from '@/components/nav-bar'
import { themeStyle } from '@/components/theme'
import { maskPhone } from '@/features/user/format'
import { type MessageKey, t } from '@/i18n/sub'
import { dictLabel, useApp } from '@/store/app'
import { useSession } from '@/store/session'
import { useRequireLogin } from '../../../lib/login-guard'
import '../wd.scss'

export default function Menu() {
  const loggedIn = useRequireLogin()
  const u = useSession((s) => s.userInfo)
  const dictObj = useApp((s) => s.dictObj)
  const notSet = t('menu.notSet')

  const join = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(' · ')
  const rows: ReadonlyArray<{ key: string; label: MessageKey; value: string; url: string }> = [
    {
      key: 'info',
      label: 'menu.info',
      value: join(u?.nickName, u?.realName) || notSet,
      url: '/pages2/wd/info',
    },
    {
      key: 'edu',
      label: 'menu.edu',
      value: join(dictLabel(dictObj, 'edu_level', u?.eduLevel) || u?.eduLevel, u?.school, u?.major) || notSet,
      url: '/pages2/wd/edu_info',
    },
    { key: 'pwd', label: 'menu.pwd', value: t('menu.pwd.value'), url: '/pages2/wd/pwd' },
    { key: 'phone', label: 'menu.phone', value: maskPhone(u?.telPhone) || notSet, url: '/pages2/wd/info' },
    // the exam's check of name, ID and education: part of the one profile place (My account has no row of its own)
    { key: 'confirm', label: 'verify.info.title', value: '', url: '/pages2/verify/info_fill' },
  ]

  return (
    <View className="profile-page menu-page" style={themeStyle}>
      <NavBar title={t('menu.title')} />
      {loggedIn && (
        <View className="profile-card">
          {rows.map((r) => (
            <View key={r.key} className={`menu-cell menu-${r.key}`} onClick={() => Taro.navigateTo({ url: r.url })}>
              <Text className="menu-cell-label">{t(r.label)}</Text>
              <Text className="menu-cell-value">{r.value}</Text>
              <View className="menu-arrow" />
            </View>
          ))}
        </View>
      )}
    </View>
  )
}
