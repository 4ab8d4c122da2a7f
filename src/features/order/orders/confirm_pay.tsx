import { Button, Text, View } from '@tarojs/components'
import Taro, { useDidShow, useRouter } from '@tarojs/taro'
import { useEffect, useState } from 'react'
import Empty from '@/components/empty'
import { useSubmit } from '@/components/form/use-submit'
import NavBar from '@/components/nav-bar'
import PageLoading from '@/components/page-loading'
import { themeStyle } from '@/components/theme'
import { payOrder } from '@/features/order/pay'
import { type Order, orderInfo } from '@/features/shop/api'
import { t } from '@/i18n/sub'
import { ORDER_STATUS } from '../../../../contract/schemas/codes'
import { formatPrice } from '../../../../shared/rules/money'
import { useServerNow } from './clock'
import { requireLogin } from './guard'
import { formatLeft, orderStatusKey, parseIds } from './status'
// the .form-submit buttons: this page may be the first one loaded (a reload, back from the pay page)
import '@/components/form/index.scss'
import './order.scss'

/** Pay a pending order: summary, amount, the countdown to its close (server clock), pay now. */
export default function ConfirmPay() {
  const { params } = useRouter()
  const orderId = parseIds(params.orderId)[0] ?? 0
  const [order, setOrder] = useState<Order | null>(null)
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading')
  const [left, setLeft] = useState<number | null>(null)
  const serverNow = useServerNow()
  const { submitting, run } = useSubmit()

  const load = async () => {
    if (!orderId) {
      setStatus('error')
      return
    }
    try {
      const o = await orderInfo(orderId, { noLoading: true })
      setOrder(o)
      setStatus('ready')
      // paid meanwhile (web-view pay page in the mini-program, another device): show the result
      if (o.orderStatus === ORDER_STATUS.paid) {
        Taro.redirectTo({ url: `/pages2/order/confirm_success?orderId=${o.orderId}` })
      }
    } catch {
      setStatus((s) => (s === 'ready' ? s : 'error'))
    }
  }

  useDidShow(() => {
    if (!requireLogin()) return
    load()
  })

  const pending = order?.orderStatus === ORDER_STATUS.pending
  const expireTime = order?.expireTime

  // biome-ignore lint/correctness/useExhaustiveDependencies: serverNow reads a ref; restart only with the order
  useEffect(() => {
    if (!pending || !expireTime) {
      setLeft(null)
      return
    }
    const tick = () => {
      const s = Math.floor(expireTime - serverNow())
      setLeft(s)
      return s
    }
    tick()
    const timer = setInterval(() => {
      if (tick() <= 0) {
        clearInterval(timer)
        // the server closes it: show its state
        load()
      }
    }, 1000)
    return () => clearInterval(timer)
  }, [pending, expireTime])

  const expired = pending && left !== null && left <= 0

  const pay = () =>
    run(async () => {
      const outcome = await payOrder(orderId)
      if (outcome === 'paid') {
        Taro.redirectTo({ url: `/pages2/order/confirm_success?orderId=${orderId}` })
      } else if (outcome === 'cancelled') {
        Taro.showToast({ title: t('order.pay.cancelled'), icon: 'none' })
      } else if (outcome === 'failed') {
        Taro.showToast({ title: t('order.pay.failed'), icon: 'none' })
      } else if (outcome === 'unsupported') {
        Taro.showModal({ title: t('common.tip'), content: t('order.pay.needWechat'), showCancel: false })
      }
      // 'left': the pay page took over; it comes back to confirm_success (or this page shows again)
    })

  return (
    <View className="page order-page pay-page" style={themeStyle}>
      <NavBar title={t('order.pay.title')} />
      {status === 'loading' && <PageLoading rows={1} />}
      {status === 'error' && (
        <Empty
          text={t('shell.loadFailed')}
          actionText={t('order.confirm.myOrders')}
          onAction={() => Taro.redirectTo({ url: '/pages2/order/index' })}
        />
      )}
      {status === 'ready' && order && (
        <>
          <View className="order-card pay-head">
            <Text className="pay-label">{t('order.pay.amount')}</Text>
            <Text className="pay-amount">{formatPrice(order.payPrice)}</Text>
            {pending && left !== null && !expired && (
              <Text className="pay-countdown">{t('order.pay.countdown', { time: formatLeft(left) })}</Text>
            )}
            {(expired || !pending) && (
              <Text className="pay-state">
                {expired ? t('order.pay.expired') : t(orderStatusKey(order.orderStatus))}
              </Text>
            )}
          </View>
          <View className="order-card">
            <Text className="order-card-sub">{t('order.pay.orderNo', { no: order.orderNo })}</Text>
            {order.goods.map((g) => (
              <View key={g.goodsId} className="order-line">
                <Text className="order-line-name">{g.goodsName}</Text>
                <Text className="order-line-price">{formatPrice(g.price)}</Text>
              </View>
            ))}
          </View>
          <View className="order-card pay-method">
            <Text className="order-card-sub">{t('order.pay.method')}</Text>
            <View className="pay-method-row">
              <View className="pay-wechat-icon" />
              <Text className="pay-method-name">{t('order.pay.methodWechat')}</Text>
              <View className="pay-radio is-checked" />
            </View>
          </View>
          <View className="order-actions">
            {pending && !expired ? (
              <Button
                className={`form-submit pay-now${submitting ? ' is-busy' : ''}`}
                disabled={submitting || undefined}
                onClick={pay}
              >
                {submitting ? t('order.pay.paying') : `${t('order.pay.now')} ${formatPrice(order.payPrice)}`}
              </Button>
            ) : (
              <Button className="form-submit" onClick={() => Taro.redirectTo({ url: '/pages2/order/index' })}>
                {t('order.confirm.myOrders')}
              </Button>
            )}
          </View>
        </>
      )}
    </View>
  )
}
