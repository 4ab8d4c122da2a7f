/**
 * H5: the local provider's pay page is a server page on the same origin (it confirms and redirects back
 * to confirm_success); WeChat Pay goes through WeixinJSBridge, which only exists inside WeChat.
 */
import type { PayParams } from '../../shop/api'
import type { PayOutcome } from '../pay-types'

type Bridge = { invoke: (name: string, args: Record<string, string>, cb: (res: { err_msg?: string }) => void) => void }

function bridge(): Bridge | undefined {
  return (globalThis as { WeixinJSBridge?: Bridge }).WeixinJSBridge
}

function inWechat(): boolean {
  return typeof navigator !== 'undefined' && /micromessenger/i.test(navigator.userAgent)
}

/** Inside WeChat the bridge can arrive a moment after the page: wait for it (at most 3 s). */
function waitBridge(): Promise<Bridge | undefined> {
  const now = bridge()
  if (now || !inWechat() || typeof document === 'undefined') return Promise.resolve(now)
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      document.removeEventListener('WeixinJSBridgeReady', done)
      resolve(bridge())
    }
    const timer = setTimeout(done, 3000)
    document.addEventListener('WeixinJSBridgeReady', done)
  })
}

export async function launchPay(_orderId: number, p: PayParams): Promise<PayOutcome> {
  if (p.provider === 'local') {
    window.location.href = p.payUrl
    return 'left'
  }
  const b = await waitBridge()
  if (!b) return 'unsupported'
  return new Promise<PayOutcome>((resolve) => {
    b.invoke(
      'getBrandWCPayRequest',
      {
        appId: p.appId,
        timeStamp: p.timeStamp,
        nonceStr: p.nonceStr,
        package: p.package,
        signType: p.signType,
        paySign: p.paySign,
      },
      (res) => {
        const msg = res?.err_msg ?? ''
        if (msg === 'get_brand_wcpay_request:ok') resolve('paid')
        else if (msg === 'get_brand_wcpay_request:cancel') resolve('cancelled')
        else resolve('failed')
      },
    )
  })
}
