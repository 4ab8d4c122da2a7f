/**
 * 查看凭证 on My orders (docs/DECISIONS.md "Account extras"): a paid order (also one refunded or in a refund) has a
 * receipt; the server signs a ten-minute link to it and the platform opens it (receipt.h5 / receipt.weapp).
 */
import { i18n } from '@/i18n'
import { orderViewSign } from '@/services/api/account-extra'
import { ORDER_STATUS } from '../../../../contract/schemas/codes'
import { openReceipt } from './receipt'

export const rx = i18n.scope('receipt', { view: '查看凭证' }, { view: 'Receipt' })

const WITH_RECEIPT: readonly number[] = [
  ORDER_STATUS.paid,
  ORDER_STATUS.refundRequested,
  ORDER_STATUS.refunded,
  ORDER_STATUS.refundRejected,
]

export const hasReceipt = (orderStatus: number) => WITH_RECEIPT.includes(orderStatus)

/** Asks for the signed link and opens it; a refusal is toasted by the request layer. */
export async function viewReceipt(orderId: number): Promise<void> {
  try {
    const { url } = await orderViewSign(orderId)
    openReceipt(url)
  } catch {
    // shown by the request layer
  }
}
