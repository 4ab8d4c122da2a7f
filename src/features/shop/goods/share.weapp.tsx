/** Mini-program: share to a chat (button with open-type share and the page menu) and to Moments. */
import { Button, Text } from '@tarojs/components'
import { useShareAppMessage, useShareTimeline } from '@tarojs/taro'
import { useRef } from 'react'
import { t } from '@/i18n/sub'
import { type ShareInfo, sharePath, shareQuery } from './share-path'

export { type ShareInfo, sharePath }

export function useGoodsShare(info: ShareInfo | null): void {
  const ref = useRef(info)
  ref.current = info
  useShareAppMessage(() => {
    const i = ref.current
    return i ? { title: i.title, path: sharePath(i) } : {}
  })
  useShareTimeline(() => {
    const i = ref.current
    return i ? { title: i.title, query: shareQuery(i) } : {}
  })
}

export function ShareButton({ info }: { info: ShareInfo | null }) {
  if (!info) return null
  return (
    <Button className="share-btn detail-share" openType="share">
      <Text>{t('shop.share')}</Text>
    </Button>
  )
}
