import { Text } from '@tarojs/components'
import Taro from '@tarojs/taro'
import type { Order } from '@/features/shop/api'
import { t } from '@/i18n/sub'
import { hasReceipt, rx, viewReceipt } from './receipt-view'
import type { OrderActions } from './status'

/**
 * What a learner may do with an order, as buttons (the list's row and the order's own page): the receipt, cancel,
 * refund, invoice, the invoice asked for, pay. `invoiced` is the words of the invoice button once one is asked for
 * (the list says its state, the order page "view invoice"); `pay` whether paying is offered now.
 */
export function OrderActionButtons(props: {
  o: Order
  a: OrderActions
  invoiced: string
  pay: boolean
  onCancel: (o: Order) => void
  onRefund: (o: Order) => void
}) {
  const { o, a } = props
  return (
    <>
      {hasReceipt(o.orderStatus) && (
        <Text className="order-btn order-receipt" onClick={() => viewReceipt(o.orderId)}>
          {rx('view')}
        </Text>
      )}
      {a.cancel && (
        <Text className="order-btn order-cancel" onClick={() => props.onCancel(o)}>
          {t('order.action.cancel')}
        </Text>
      )}
      {a.refund && (
        <Text className="order-btn order-refund" onClick={() => props.onRefund(o)}>
          {t('order.action.refund')}
        </Text>
      )}
      {a.invoice && (
        <Text
          className="order-btn order-invoice"
          onClick={() => Taro.navigateTo({ url: `/pages2/invoice/index?orderId=${o.orderId}` })}
        >
          {t('order.action.invoice')}
        </Text>
      )}
      {a.invoiced && (
        <Text className="order-btn order-invoiced" onClick={() => Taro.navigateTo({ url: '/pages2/invoice/index' })}>
          {props.invoiced}
        </Text>
      )}
      {props.pay && (
        <Text
          className="order-btn is-primary order-pay"
          onClick={() => Taro.navigateTo({ url: `/pages2/order/confirm_pay?orderId=${o.orderId}` })}
        >
          {t('order.action.pay')}
        </Text>
      )}
    </>
  )
}
