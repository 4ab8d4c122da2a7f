import { Button, Text, View } from '@tarojs/components'
import Taro, { useLoad, useRouter, useUnload } from '@tarojs/taro'
import { useRef, useState } from 'react'
import NavBar from '@/components/nav-bar'
import { themeStyle } from '@/components/theme'
import { type Order, orderInfo } from '@/features/shop/api'
import { openStudyOf } from '@/features/shop/components/goods-card/actions'
import { t } from '@/i18n/sub'
import { useApp } from '@/store/app'
import { GOODS_TYPE, ORDER_STATUS } from '../../../../contract/schemas/codes'
import { formatPrice } from '../../../../shared/rules/money'
import { requireLogin } from './guard'
import { parseIds } from './status'
// the .form-submit buttons: this page may be the first one loaded (a reload, the pay page coming back)
import '@/components/form/index.scss'
import './order.scss'

const POLL_MS = 1500
const POLL_LIMIT_MS = 20_000

/** After paying: the payment callback may lag, so poll the order until it is paid (about 20 s), then say so. */
export default function ConfirmSuccess() {
  const { params } = useRouter()
  const orderId = parseIds(params.orderId)[0] ?? 0
  const [order, setOrder] = useState<Order | null>(null)
  const [phase, setPhase] = useState<'checking' | 'paid' | 'pending'>('checking')
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const alive = useRef(true)

  const stop = () => {
    if (timer.current !== null) clearTimeout(timer.current)
    timer.current = null
  }

  const poll = (startedAt: number) => {
    stop()
    const once = async () => {
      let o: Order | null = null
      try {
        o = orderId ? await orderInfo(orderId, { noLoading: true, silent: true }) : null
      } catch {
        // keep polling: the network may come back
      }
      if (!alive.current) return
      if (o) setOrder(o)
      if (o && o.orderStatus === ORDER_STATUS.paid) {
        setPhase('paid')
        useApp
          .getState()
          .refreshBadges()
          .catch(() => undefined)
        return
      }
      const keepOn = o === null || o.orderStatus === ORDER_STATUS.pending
      if (keepOn && Date.now() - startedAt + POLL_MS <= POLL_LIMIT_MS) {
        timer.current = setTimeout(once, POLL_MS)
      } else {
        setPhase('pending')
      }
    }
    once()
  }

  const start = () => {
    setPhase('checking')
    poll(Date.now())
  }

  useLoad(() => {
    if (!requireLogin()) return
    start()
  })

  useUnload(() => {
    alive.current = false
    stop()
  })

  const banksOnly = !!order && order.goods.length > 0 && order.goods.every((g) => g.goodsType === GOODS_TYPE.bank)
  const notPaid =
    phase === 'pending' &&
    order !== null &&
    order.orderStatus !== ORDER_STATUS.pending &&
    order.orderStatus !== ORDER_STATUS.paid

  return (
    <View className="page order-page success-page" style={themeStyle}>
      <NavBar title={t('order.success.title')} />
      <View className="order-card success-card">
        <View className={`success-icon is-${phase}`} />
        <Text className="success-title">
          {phase === 'paid'
            ? t('order.success.paid')
            : phase === 'checking'
              ? t('order.success.checking')
              : notPaid
                ? t('order.success.notPaid')
                : t('order.success.pending')}
        </Text>
        {phase === 'paid' && (
          <Text className="success-hint">{t(banksOnly ? 'order.success.paidHintBank' : 'order.success.paidHint')}</Text>
        )}
        {phase === 'pending' && !notPaid && <Text className="success-hint">{t('order.success.pendingHint')}</Text>}
        {order && (
          <View className="success-meta">
            <Text>{t('order.pay.orderNo', { no: order.orderNo })}</Text>
            <Text className="success-price">{formatPrice(order.payPrice)}</Text>
          </View>
        )}
      </View>
      <View className="order-actions">
        {phase === 'pending' && (
          <Button className="form-submit success-refresh" onClick={start}>
            {t('order.success.refresh')}
          </Button>
        )}
        {phase === 'paid' && (
          <Button
            className="form-submit success-learn"
            onClick={() => openStudyOf(order?.goods ?? []).catch(() => undefined)}
          >
            {t(banksOnly ? 'order.success.practise' : 'order.success.learn')}
          </Button>
        )}
        <Button
          className="order-plain-btn success-orders"
          onClick={() => Taro.redirectTo({ url: '/pages2/order/index' })}
        >
          {t('order.success.orders')}
        </Button>
      </View>
    </View>
  )
}
