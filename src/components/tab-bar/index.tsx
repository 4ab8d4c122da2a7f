import { Image, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { themeVars, usePrimary } from '@/components/theme'
import { t } from '@/i18n'
import { useApp } from '@/store/app'
import { tabIcon } from './icons'
import { MINE_TAB, SHOP_TAB, TABS } from './tabs'
import './index.scss'

const INACTIVE = '#8f959e'

function badgeText(n: number): string {
  return n > 99 ? '99+' : String(n)
}

/** The custom bottom tab bar: active tab from useApp.current, unread badge on 我的, cart badge on the shop tab. */
export default function TabBar() {
  const current = useApp((s) => s.current)
  const tabShow = useApp((s) => s.tabShow)
  const tabNums = useApp((s) => s.tabNums)
  const shoppingNum = useApp((s) => s.shoppingNum)
  const primary = usePrimary()
  if (!tabShow) return null

  const go = (index: number) => {
    if (index === current) return
    useApp.getState().setCurrent(index)
    Taro.switchTab({ url: TABS[index].path })
  }

  return (
    <View className="tab-bar" style={themeVars(primary)}>
      {TABS.map((tab, i) => {
        const active = i === current
        const badge = i === MINE_TAB ? Number(tabNums) || 0 : i === SHOP_TAB ? Number(shoppingNum) || 0 : 0
        return (
          <View
            key={tab.path}
            className={`tab-item tab-item-${i}${active ? ' tab-item-active' : ''}`}
            onClick={() => go(i)}
          >
            <View className="tab-icon-wrap">
              <Image
                className="tab-icon"
                src={tabIcon(i, active ? primary : INACTIVE)}
                // decorative on H5: the label below names the tab
                nativeProps={{ alt: '' }}
              />
              {badge > 0 && <Text className="tab-badge">{badgeText(badge)}</Text>}
            </View>
            <Text className="tab-label">{t(tab.label)}</Text>
          </View>
        )
      })}
    </View>
  )
}
