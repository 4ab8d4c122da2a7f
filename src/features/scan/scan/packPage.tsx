import { View } from '@tarojs/components'
import { useLoad, useRouter } from '@tarojs/taro'
import NavBar from '@/components/nav-bar'
import { themeStyle } from '@/components/theme'
import { keepInviteCode } from '@/features/shop/components/goods-card/actions'
import PackageDetail from '@/features/shop/components/goods-card/package'
import { t } from '@/i18n/sub'
import './scan.scss'

/** Package landing (shared link or code): the package detail as a landing page, keeping the invite code. */
export default function PackPage() {
  const { params } = useRouter()
  const id = Number(params.id) || 0

  useLoad(() => keepInviteCode(params.inviteCode))

  return (
    <View className="page" style={themeStyle}>
      <NavBar title={t('shop.landing.package')} />
      <PackageDetail id={id} />
    </View>
  )
}
