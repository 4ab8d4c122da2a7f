/** The refund request of a paid order (a reason, then the school decides): shared by My orders and the order page. */
import Popup from '@nutui/nutui-react-taro/dist/es/packages/popup/index.js'
import { Button, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useEffect, useState } from 'react'
import { Field, TextInput } from '@/components/form'
import { useSubmit } from '@/components/form/use-submit'
import { type Order, refund } from '@/features/shop/api'
import { type MessageKey, t } from '@/i18n/sub'
import { formatPrice } from '../../../../shared/rules/money'
import '@nutui/nutui-react-taro/dist/es/packages/popup/style/css.js'
import './order.scss'

const REASON_MAX = 200

export function RefundSheet({
  order,
  onClose,
  onDone,
}: {
  /** the order asked about; null: closed */
  order: Order | null
  onClose: () => void
  /** after the request was accepted (reload what shows the order) */
  onDone: () => Promise<void> | void
}) {
  const [reason, setReason] = useState('')
  const [reasonError, setReasonError] = useState<MessageKey | undefined>()
  const { submitting, run } = useSubmit()
  const orderId = order?.orderId

  // a new order asked about starts empty
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset per order
  useEffect(() => {
    setReason('')
    setReasonError(undefined)
  }, [orderId])

  const submit = () => {
    if (!order) return
    const text = reason.trim()
    const err: MessageKey | undefined = !text
      ? 'order.refund.reasonRequired'
      : text.length > REASON_MAX
        ? 'order.refund.reasonTooLong'
        : undefined
    setReasonError(err)
    if (err) return
    run(async () => {
      await refund({ orderId: order.orderId, reason: text })
      Taro.showToast({ title: t('order.refund.done'), icon: 'none' })
      onClose()
      await onDone()
    })
  }

  return (
    <Popup
      className="order-refund-panel"
      visible={order !== null}
      position="bottom"
      round
      closeable
      title={t('order.refund.title')}
      closeAriaLabel={t('common.cancel')}
      onClose={onClose}
    >
      <View className="order-refund-body">
        {order && (
          <Text className="order-card-sub">
            {t('order.list.no', { no: order.orderNo })} · {formatPrice(order.payPrice)}
          </Text>
        )}
        <Field label={t('order.refund.reason')} error={reasonError}>
          <TextInput
            className="order-refund-reason"
            value={reason}
            onChange={setReason}
            maxlength={REASON_MAX}
            placeholder={t('order.refund.reasonPlaceholder')}
          />
        </Field>
        <Button
          className={`form-submit order-refund-submit${submitting ? ' is-busy' : ''}`}
          disabled={submitting || undefined}
          onClick={submit}
        >
          {t('order.refund.submit')}
        </Button>
      </View>
    </Popup>
  )
}
