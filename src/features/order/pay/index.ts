/** Pay a pending order: the server's pay params (provider 'local' or 'wechat'), then the platform's way to pay. */
import { payment } from '../../shop/api'
import type { PayOutcome } from '../pay-types'
import { launchPay } from './pay'

export type { PayOutcome } from '../pay-types'

export async function payOrder(orderId: number): Promise<PayOutcome> {
  const params = await payment(orderId)
  return launchPay(orderId, params)
}
