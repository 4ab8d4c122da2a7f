import { View } from '@tarojs/components'
import { useLoad, useRouter } from '@tarojs/taro'
import { useState } from 'react'
import NavBar from '@/components/nav-bar'
import { themeStyle } from '@/components/theme'
import type { GoodsDetail } from '@/features/shop/api'
import { keepInviteCode } from '@/features/shop/components/goods-card/actions'
import PackageDetail from '@/features/shop/components/goods-card/package'
import { t } from '@/i18n/sub'
import { useSession } from '@/store/session'
import { ShareButton, type ShareInfo, useGoodsShare } from './share'
import './course.scss'

/**
 * jydetail: the package ("精选" bundle, goodsType 4) detail page. It shows the package's own price against
 * the sum of its goods bought one by one, lists those goods (each opens its own detail), and buys the
 * package as one goods.
 */
export default function JyDetail() {
  const { params } = useRouter()
  const id = Number(params.id) || 0
  const inviteCode = useSession((s) => s.userInfo?.inviteCode ?? '')
  const [pkg, setPkg] = useState<GoodsDetail | null>(null)

  useLoad(() => keepInviteCode(params.inviteCode))

  const shareInfo: ShareInfo | null = pkg
    ? { title: pkg.goodsName, page: '/pages3/course/jydetail', query: { id, inviteCode } }
    : null
  useGoodsShare(shareInfo)

  return (
    <View className="page goods-detail" style={themeStyle}>
      <NavBar title={pkg?.goodsName ?? t('shop.landing.package')} />
      <PackageDetail id={id} onLoaded={setPkg} action={<ShareButton info={shareInfo} />} />
    </View>
  )
}
