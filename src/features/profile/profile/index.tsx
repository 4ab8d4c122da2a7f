/**
 * My enrolment profiles (docs/DECISIONS.md "Enrolment profile and stamp words"): the goods I hold whose school
 * collects a profile, each with its state and the next step (fill in, continue, confirm, view). A learner holds
 * a handful of goods, so the list is whole (no paging); pull-down refresh, and fresh on every show.
 */
import { Image, Text, View } from '@tarojs/components'
import Taro, { useDidShow, usePullDownRefresh } from '@tarojs/taro'
import { imageUrl } from '@/components/link'
import NavBar from '@/components/nav-bar'
import { themeStyle } from '@/components/theme'
import { QUIET, requireLogin, useLoader } from '@/features/bank/lib'
import { StatusBox } from '@/features/bank/ui'
import { PROFILE_STATUS, type ProfileGoods, profileGoods } from '@/features/profile/api'
import { useShopDoor } from '@/features/shop/components/goods-card/buy-elsewhere'
import { type ProfileMessage, tx } from './messages'
import { formUrl, stampUrl } from './rules'
import './profile.scss'

const stateKey = (g: ProfileGoods) => (g.status === null ? 'none' : String(g.status))

/** A draft still needs its stamp; anything else opens the form (read-only once locked). */
const nextUrl = (g: ProfileGoods) => (g.status === PROFILE_STATUS.draft ? stampUrl(g.goodsId) : formUrl(g.goodsId))

export default function ProfileList() {
  // 去选课, or 咨询开通 where this platform must not sell (src/features/shop/components/goods-card/buy-elsewhere.tsx)
  const toShop = useShopDoor(tx('toShop'))
  const page = useLoader(() => profileGoods(QUIET))

  useDidShow(() => {
    if (requireLogin()) page.reload(page.status === 'ready')
  })
  usePullDownRefresh(() => {
    page.reload(true).finally(() => Taro.stopPullDownRefresh())
  })

  const rows = page.data ?? []
  return (
    <View className="page profile-page" style={themeStyle}>
      <NavBar title={tx('listTitle')} />
      <StatusBox
        status={page.status}
        empty={rows.length === 0}
        emptyText={tx('empty')}
        emptyHint={tx('emptyHint')}
        emptyAction={toShop.text}
        onEmptyAction={toShop.open}
        onRetry={() => page.reload()}
      >
        <Text className="pf-intro">{tx('listIntro')}</Text>
        {rows.map((g) => (
          <View
            key={g.goodsId}
            className={`card pf-goods pf-goods-${stateKey(g)}`}
            onClick={() => Taro.navigateTo({ url: nextUrl(g) })}
          >
            {g.cover ? (
              <Image className="pf-goods-cover" src={imageUrl(g.cover)} mode="aspectFill" nativeProps={{ alt: '' }} />
            ) : (
              <View className="pf-goods-cover" />
            )}
            <View className="pf-goods-main">
              <Text className="pf-goods-name">{g.goodsName}</Text>
              <Text className="pf-goods-title">{g.title}</Text>
              <View className="pf-goods-foot">
                <Text className={`pf-badge pf-badge-${stateKey(g)}`}>
                  {tx(`status.${stateKey(g)}` as ProfileMessage)}
                </Text>
                <Text className="pf-goods-action">{tx(`action.${stateKey(g)}` as ProfileMessage)} ›</Text>
              </View>
            </View>
          </View>
        ))}
      </StatusBox>
    </View>
  )
}
