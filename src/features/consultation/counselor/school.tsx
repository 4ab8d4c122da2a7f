/**
 * The school's profile on the counselor page (`GET /school/info/getInfo`, docs/DECISIONS.md "Account extras"):
 * its introduction, address and email, each copied on tap. The call needs a session, so a visitor does not see it;
 * it loads on its own and a failure only leaves the card out (the service cards and articles are the page's point).
 */
import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useEffect, useState } from 'react'
import { t } from '@/i18n/sub'
import { type SchoolInfo, schoolInfo } from '@/services/api/account-extra'
import { useSession } from '@/store/session'
import { tx } from './messages'

const copy = (data: string) =>
  Promise.resolve(Taro.setClipboardData({ data })).then(() =>
    Taro.showToast({ title: t('shell.copied'), icon: 'none' }),
  )

export default function CounselorSchool() {
  const loggedIn = useSession((s) => !!s.userAccount)
  const [info, setInfo] = useState<SchoolInfo | null>(null)

  useEffect(() => {
    setInfo(null)
    if (!loggedIn) return
    let live = true
    schoolInfo({ noLoading: true, silent: true })
      .then((v) => {
        if (live) setInfo(v)
      })
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [loggedIn])

  if (!info || !(info.intro || info.address || info.email)) return null
  return (
    <View className="card counselor-card counselor-school">
      <Text className="counselor-card-title">{tx('school')}</Text>
      {!!info.intro && <Text className="counselor-school-intro">{info.intro}</Text>}
      {!!info.address && (
        <View className="counselor-school-row counselor-school-address" onClick={() => copy(info.address)}>
          <Text className="counselor-school-label">{tx('address')}</Text>
          <Text className="counselor-school-value">{info.address}</Text>
        </View>
      )}
      {!!info.email && (
        <View className="counselor-school-row counselor-school-email" onClick={() => copy(info.email)}>
          <Text className="counselor-school-label">{tx('email')}</Text>
          <Text className="counselor-school-value">{info.email}</Text>
        </View>
      )}
    </View>
  )
}
