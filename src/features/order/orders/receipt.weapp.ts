/** Mini-program: the receipt page opens in the web-view page, absolute on the API host. */
import Taro from '@tarojs/taro'
import { absoluteUrl } from '@/features/order/pay-types'
import { tenantConfig } from '@/services/tenant/config'

export function openReceipt(url: string): void {
  const abs = absoluteUrl(url, tenantConfig.apiBase, tenantConfig.fallbackHost)
  Taro.navigateTo({ url: `/pages5/webview/index?url=${encodeURIComponent(abs)}` }).catch(() => undefined)
}
