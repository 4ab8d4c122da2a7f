/**
 * Mini-program: WeChat Pay through Taro.requestPayment with the server-signed parameters; the local
 * provider's pay page opens in the web-view page (absolute URL on the API host).
 */
import Taro from '@tarojs/taro'
import { tenantConfig } from '../../../services/tenant/config'
import type { PayParams } from '../../shop/api'
import { absoluteUrl, type PayOutcome } from '../pay-types'

export async function launchPay(_orderId: number, p: PayParams): Promise<PayOutcome> {
  if (p.provider === 'local') {
    const url = absoluteUrl(p.payUrl, tenantConfig.apiBase, tenantConfig.fallbackHost)
    await Taro.navigateTo({ url: `/pages5/webview/index?url=${encodeURIComponent(url)}` })
    return 'left'
  }
  try {
    await Taro.requestPayment({
      timeStamp: p.timeStamp,
      nonceStr: p.nonceStr,
      package: p.package,
      signType: p.signType,
      paySign: p.paySign,
    })
    return 'paid'
  } catch (e) {
    const msg = (e as { errMsg?: string } | undefined)?.errMsg ?? ''
    return /cancel/i.test(msg) ? 'cancelled' : 'failed'
  }
}
