/**
 * One order (issue 25; docs/DECISIONS.md "Shop, account and home fixes"), opened from My orders: its state and
 * what it means (a pending order's time left), the goods, the money (items, discount, paid or due), the times and
 * the payment method, the invoice and the refund with their actions (pay, cancel, refund, invoice, receipt), and the
 * ways back (the nav bar; all orders).
 */
import { Image, Text, View } from '@tarojs/components'
import Taro, { useDidShow, useRouter } from '@tarojs/taro'
import { type ReactNode, useEffect, useState } from 'react'
import Empty from '@/components/empty'
import { imageUrl } from '@/components/link'
import NavBar from '@/components/nav-bar'
import PageLoading from '@/components/page-loading'
import { themeStyle } from '@/components/theme'
import { cancelOrder, type Order, orderInfo } from '@/features/shop/api'
import { goodsUrl } from '@/features/shop/components/goods-card/url'
import { t } from '@/i18n/sub'
import { formatDate } from '@/lib/datetime'
import { ApiError } from '@/services/http/error'
import { INVOICE_STATUS, ORDER_STATUS } from '../../../../contract/schemas/codes'
import { formatPrice } from '../../../../shared/rules/money'
import { useServerNow } from './clock'
import { ox } from './detail-messages'
import { requireLogin } from './guard'
import { OrderActionButtons } from './order-actions'
import { hasReceipt } from './receipt-view'
import { RefundSheet } from './refund-sheet'
import { formatLeft, orderActions, orderStatusKey, parseIds } from './status'
import '@/components/form/index.scss'
import './order.scss'
import './detail.scss'

const ORDERS_URL = '/pages2/order/index'
const when = (sec: number | null) => (sec ? formatDate(sec, { time: true, year: 'always' }) : '')

const PAY_BY: Record<string, Parameters<typeof ox>[0]> = {
  wechat: 'payBy.wechat',
  local: 'payBy.local',
  free: 'payBy.free',
}

function Row({ cls, label, value, extra }: { cls: string; label: string; value: string; extra?: ReactNode }) {
  return (
    <View className={`od-row ${cls}`}>
      <Text className="od-row-label">{label}</Text>
      <Text className="od-row-value">{value}</Text>
      {extra}
    </View>
  )
}

export default function OrderDetail() {
  const { params } = useRouter()
  const orderId = parseIds(params.orderId)[0] ?? 0
  const [order, setOrder] = useState<Order | null>(null)
  const [status, setStatus] = useState<'loading' | 'ready' | 'error' | 'missing'>('loading')
  const [refundFor, setRefundFor] = useState<Order | null>(null)
  const [left, setLeft] = useState<number | null>(null)
  const serverNow = useServerNow()

  const load = async (quietly = false) => {
    if (!orderId) {
      setStatus('missing')
      return
    }
    if (!quietly) setStatus('loading')
    try {
      setOrder(await orderInfo(orderId, { noLoading: true, silent: true }))
      setStatus('ready')
    } catch (e) {
      if (quietly) return
      setStatus(e instanceof ApiError && (e.code === 404 || e.code === 400) ? 'missing' : 'error')
    }
  }

  useDidShow(() => {
    if (!requireLogin()) return
    load(status === 'ready')
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
        load(true)
      }
    }, 1000)
    return () => clearInterval(timer)
  }, [pending, expireTime])

  const onCancel = async (o: Order) => {
    const res = await Taro.showModal({
      title: t('common.tip'),
      content: t('order.cancelConfirm'),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    })
    if (!res.confirm) return
    try {
      await cancelOrder(o.orderId)
      Taro.showToast({ title: t('order.cancelled'), icon: 'none' })
    } catch {
      // shown by the request layer
    }
    await load(true)
  }

  const copyNo = (no: string) =>
    Promise.resolve(Taro.setClipboardData({ data: no }))
      .then(() => Taro.showToast({ title: t('shell.copied'), icon: 'none' }))
      .catch(() => undefined)

  const toOrders = () =>
    Promise.resolve(Taro.redirectTo({ url: ORDERS_URL })).catch(() => Taro.navigateTo({ url: ORDERS_URL }))

  if (status !== 'ready' || !order)
    return (
      <View className="page order-page order-detail-page" style={themeStyle}>
        <NavBar title={ox('title')} />
        {status === 'loading' && <PageLoading rows={3} />}
        {status === 'error' && (
          <Empty text={t('shell.loadFailed')} actionText={t('common.retry')} onAction={() => load()} />
        )}
        {status === 'missing' && <Empty text={ox('missing')} actionText={ox('allOrders')} onAction={toOrders} />}
      </View>
    )

  const o = order
  const a = orderActions(o)
  const paidState =
    o.orderStatus === ORDER_STATUS.paid ||
    o.orderStatus === ORDER_STATUS.refundRequested ||
    o.orderStatus === ORDER_STATUS.refunded ||
    o.orderStatus === ORDER_STATUS.refundRejected
  const discount = Math.max(0, o.totalPrice - o.payPrice)
  const payBy = o.payTime ? ox(PAY_BY[o.payProvider ?? ''] ?? 'payBy.wechat') : ox('payBy.none')
  const invoiceText =
    o.invoiceId !== null && o.invoiceStatus !== null && o.invoiceStatus !== INVOICE_STATUS.cancelled
      ? ox(o.invoiceStatus === INVOICE_STATUS.issued ? 'invoice.1' : 'invoice.0')
      : a.invoice
        ? ox('invoice.none')
        : ox('invoice.unavailable')
  const explain =
    o.orderStatus === ORDER_STATUS.pending
      ? left !== null && left > 0
        ? ox('explain.1', { time: formatLeft(left) })
        : ox('explain.4')
      : ox(`explain.${o.orderStatus}` as Parameters<typeof ox>[0])
  const refunded = o.refundApplyTime !== null
  const canPay = a.pay && left !== null && left > 0
  const anyAction = hasReceipt(o.orderStatus) || a.cancel || a.refund || a.invoice || !!a.invoiced || canPay

  return (
    <View className="page order-page order-detail-page" style={themeStyle}>
      <NavBar title={ox('title')} />

      <View className={`od-head is-${o.orderStatus}`}>
        <Text className="od-status">{t(orderStatusKey(o.orderStatus))}</Text>
        <Text className="od-explain">{explain}</Text>
      </View>

      <View className="order-card od-goods">
        <Text className="order-card-title">{ox('goods')}</Text>
        {o.goods.map((g) => (
          <View
            key={g.goodsId}
            className={`order-goods od-goods-${g.goodsId}`}
            onClick={() => Taro.navigateTo({ url: goodsUrl(g.goodsType, g.goodsId) })}
          >
            <Image className="order-goods-cover" src={imageUrl(g.cover)} mode="aspectFill" lazyLoad />
            <View className="order-goods-main">
              <Text className="order-goods-name">{g.goodsName}</Text>
              <View className="order-goods-price-row">
                <Text className="order-goods-price">{formatPrice(g.price)}</Text>
                {g.originalPrice > g.price && (
                  <Text className="order-goods-origin">{formatPrice(g.originalPrice)}</Text>
                )}
              </View>
            </View>
          </View>
        ))}
      </View>

      <View className="order-card od-money">
        <Text className="order-card-title">{ox('money')}</Text>
        <Row cls="od-total" label={ox('goodsTotal')} value={formatPrice(o.totalPrice)} />
        {discount > 0 && <Row cls="od-discount" label={ox('discount')} value={`-${formatPrice(discount)}`} />}
        <View className="od-row od-pay">
          <Text className="od-row-label">{paidState ? ox('paid') : ox('due')}</Text>
          <Text className="od-pay-price">{formatPrice(o.payPrice)}</Text>
        </View>
      </View>

      <View className="order-card od-info">
        <Text className="order-card-title">{ox('info')}</Text>
        <Row
          cls="od-no"
          label={ox('orderNo')}
          value={o.orderNo}
          extra={
            <Text className="od-copy" onClick={() => copyNo(o.orderNo)}>
              {ox('copy')}
            </Text>
          }
        />
        <Row cls="od-created" label={ox('created')} value={when(o.createTime)} />
        {!!o.payTime && <Row cls="od-paid" label={ox('payTime')} value={when(o.payTime)} />}
        <Row cls="od-pay-by" label={ox('payBy')} value={payBy} />
        <Row cls="od-invoice" label={ox('invoice')} value={invoiceText} />
      </View>

      {refunded && (
        <View className="order-card od-refund">
          <Text className="order-card-title">{ox('refund')}</Text>
          <Row cls="od-refund-state" label={ox('refundState')} value={t(orderStatusKey(o.orderStatus))} />
          {!!o.refundReason && <Row cls="od-refund-reason" label={ox('refundReason')} value={o.refundReason} />}
          <Row cls="od-refund-applied" label={ox('refundApplied')} value={when(o.refundApplyTime)} />
          {!!o.refundHandleTime && (
            <Row cls="od-refund-handled" label={ox('refundHandled')} value={when(o.refundHandleTime)} />
          )}
          {!!o.refundRejectReason && (
            <Row cls="od-refund-rejected" label={ox('refundRejected')} value={o.refundRejectReason} />
          )}
        </View>
      )}
      {o.orderStatus === ORDER_STATUS.paid && o.payPrice > 0 && o.invoiceId !== null && (
        <Text className="od-hint">{ox('refundHint')}</Text>
      )}

      <View className="od-all" onClick={toOrders}>
        <Text>{ox('allOrders')} ›</Text>
      </View>

      {anyAction && <View className="order-bar-holder" />}
      {anyAction && (
        <View className="order-bar od-actions">
          <OrderActionButtons
            o={o}
            a={a}
            invoiced={ox('invoice.view')}
            pay={canPay}
            onCancel={onCancel}
            onRefund={setRefundFor}
          />
        </View>
      )}

      <RefundSheet order={refundFor} onClose={() => setRefundFor(null)} onDone={() => load(true)} />
    </View>
  )
}
