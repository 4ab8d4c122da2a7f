/**
 * Where this platform must not sell (shared/rules/buy.ts, the school's `hideBuyState`): every door to buying is
 * replaced by what the learner can do instead — buy on the school's website from a browser, or ask the school's
 * service team (the counselor page: hotline, WeChat) to enrol them. One component for every such place.
 */
import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useCallback } from 'react'
import { t } from '@/i18n'
import { tenantConfig } from '@/services/tenant/config'
import { useApp } from '@/store/app'
import './buy-elsewhere.scss'

export const COUNSELOR_URL = '/pages5/counselor/index'
export const SHOP_TAB = '/pages/course/index'

/** The school's website, as a learner types it (the tenant file's host: a mini-program bundle is one school's). */
export const schoolSite = () => tenantConfig.fallbackHost

const contact = () => Promise.resolve(Taro.navigateTo({ url: COUNSELOR_URL })).catch(() => undefined)
const copySite = () =>
  Promise.resolve(Taro.setClipboardData({ data: schoolSite() }))
    .then(() => Taro.showToast({ title: t('shell.copied'), icon: 'none' }))
    .catch(() => undefined)

/** The notice: a card (purchase centre, cart, checkout) or the bottom bar of a goods page. */
export default function BuyElsewhere({ variant = 'card' }: { variant?: 'card' | 'bar' }) {
  const body = (
    <>
      <View className="buy-elsewhere-text">
        <Text className="buy-elsewhere-title">{t('shop.elsewhere.title')}</Text>
        <Text className="buy-elsewhere-hint">{t('shop.elsewhere.hint', { site: schoolSite() })}</Text>
      </View>
      <View className="buy-elsewhere-actions">
        <View className="buy-elsewhere-btn buy-elsewhere-copy" onClick={copySite}>
          <Text>{t('shop.elsewhere.copy')}</Text>
        </View>
        <View className="buy-elsewhere-btn buy-elsewhere-contact" onClick={contact}>
          <Text>{t('shop.elsewhere.contact')}</Text>
        </View>
      </View>
    </>
  )
  if (variant === 'bar')
    return (
      <>
        <View className="buy-bar-spacer buy-elsewhere-spacer" />
        <View className="buy-bar buy-elsewhere buy-elsewhere-bar">{body}</View>
      </>
    )
  return <View className="buy-elsewhere buy-elsewhere-card">{body}</View>
}

/**
 * The action of an empty state that would send the learner to the shop ("去选课"): the shop where it sells, else
 * the service team (咨询开通), so no page sends a learner to buy where buying is hidden.
 */
export function useShopDoor(shopText: string): { text: string; open: () => void } {
  const hidden = useApp((s) => s.hideBuyState)
  const open = useCallback(() => {
    if (hidden) contact()
    else Promise.resolve(Taro.switchTab({ url: SHOP_TAB })).catch(() => undefined)
  }, [hidden])
  return { text: hidden ? t('shop.elsewhere.ask') : shopText, open }
}
