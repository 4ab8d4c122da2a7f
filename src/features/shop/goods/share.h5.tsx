/** H5: there is no share menu, so the share button copies the page link (with the learner's invite code). */
import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { t } from '@/i18n/sub'
import { type ShareInfo, sharePath } from './share-path'

export { type ShareInfo, sharePath }

export function useGoodsShare(_info: ShareInfo | null): void {
  // nothing to register on H5
}

export function ShareButton({ info }: { info: ShareInfo | null }) {
  if (!info) return null
  const copy = async () => {
    const origin = typeof window !== 'undefined' ? window.location.origin : ''
    await Taro.setClipboardData({ data: `${origin}${sharePath(info)}` })
    Taro.showToast({ title: t('shop.shareCopied'), icon: 'none' })
  }
  return (
    <View className="share-btn detail-share" onClick={copy}>
      <Text>{t('shop.share')}</Text>
    </View>
  )
}
