import { useDidShow } from '@tarojs/taro'
import { useApp } from '@/store/app'

/** On every show of a tab page: mark its tab active and refresh the unread and cart badges. */
export function useTabShow(index: number): void {
  useDidShow(() => {
    const app = useApp.getState()
    app.setCurrent(index)
    app.refreshBadges().catch(() => undefined)
  })
}
