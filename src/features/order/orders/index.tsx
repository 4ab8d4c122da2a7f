import { Image, ScrollView, Text, View } from '@tarojs/components'
import Taro, { useDidShow, usePullDownRefresh, useReachBottom, useRouter } from '@tarojs/taro'
import { useRef, useState } from 'react'
import Empty from '@/components/empty'
import { imageUrl } from '@/components/link'
import NavBar from '@/components/nav-bar'
import PageLoading from '@/components/page-loading'
import { themeStyle } from '@/components/theme'
import { cancelOrder, type Order, orderList, refundList } from '@/features/shop/api'
import { t } from '@/i18n/sub'
import { formatDate } from '@/lib/datetime'
import { ORDER_STATUS } from '../../../../contract/schemas/codes'
import { formatPrice } from '../../../../shared/rules/money'
import { requireLogin } from './guard'
import { OrderActionButtons } from './order-actions'
import { hasReceipt } from './receipt-view'
import { RefundSheet } from './refund-sheet'
import { ORDER_TABS, type OrderTabKey, orderActions, orderDetailUrl, orderStatusKey, payLabelKey } from './status'
import './order.scss'

const PAGE_SIZE = 10

function fetchPage(tab: OrderTabKey, pageNum: number) {
  const opts = { noLoading: true }
  if (tab === 'refund') return refundList({ pageNum, pageSize: PAGE_SIZE }, opts)
  const status = ORDER_TABS.find((x) => x.key === tab)?.status
  return orderList({ pageNum, pageSize: PAGE_SIZE, ...(status ? { orderStatus: status } : {}) }, opts)
}

/** My orders by state, with pay, cancel, refund and invoice actions; an order opens its own page. */
export default function MyOrders() {
  // ?tab=pending|paid|refund… opens that tab (the order shortcuts of My account)
  const { params } = useRouter()
  const [tab, setTab] = useState<OrderTabKey>(ORDER_TABS.find((x) => x.key === params.tab)?.key ?? 'all')
  const [rows, setRows] = useState<Order[]>([])
  const [total, setTotal] = useState(0)
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading')
  const [more, setMore] = useState(false)
  const pageRef = useRef(1)
  // the newest request wins: a fast tab switch never shows the previous tab's rows
  const seq = useRef(0)

  const [refundFor, setRefundFor] = useState<Order | null>(null)

  const load = async (key: OrderTabKey = tab, quietly = false) => {
    const mine = ++seq.current
    if (!quietly) setStatus('loading')
    try {
      const page = await fetchPage(key, 1)
      if (mine !== seq.current) return
      pageRef.current = 1
      setRows(page.rows)
      setTotal(page.total)
      setStatus('ready')
    } catch {
      if (mine === seq.current) setStatus((s) => (quietly && s === 'ready' ? s : 'error'))
    }
  }

  useDidShow(() => {
    if (!requireLogin()) return
    load(tab, status === 'ready')
  })

  usePullDownRefresh(() => {
    load(tab, true).finally(() => Taro.stopPullDownRefresh())
  })

  useReachBottom(() => {
    if (more || status !== 'ready' || rows.length >= total) return
    const mine = seq.current
    const next = pageRef.current + 1
    setMore(true)
    fetchPage(tab, next)
      .then((page) => {
        if (mine !== seq.current) return
        pageRef.current = next
        setRows((prev) => [...prev, ...page.rows.filter((r) => !prev.some((p) => p.orderId === r.orderId))])
        setTotal(page.total)
      })
      .catch(() => undefined)
      .finally(() => setMore(false))
  })

  const switchTab = (key: OrderTabKey) => {
    if (key === tab) return
    setTab(key)
    setRows([])
    load(key)
  }

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
    await load(tab, true)
  }

  const openRefund = (o: Order) => setRefundFor(o)

  return (
    <View className="page order-page orders-page" style={themeStyle}>
      <NavBar title={t('order.list.title')} />
      <ScrollView className="order-tabs" scrollX enhanced showScrollbar={false}>
        {ORDER_TABS.map((x) => (
          <View
            key={x.key}
            className={`order-tab order-tab-${x.key}${x.key === tab ? ' is-active' : ''}`}
            onClick={() => switchTab(x.key)}
          >
            <Text>{t(x.label)}</Text>
          </View>
        ))}
      </ScrollView>

      {status === 'loading' && <PageLoading rows={3} />}
      {status === 'error' && (
        <Empty text={t('shell.loadFailed')} actionText={t('common.retry')} onAction={() => load(tab)} />
      )}
      {status === 'ready' && rows.length === 0 && <Empty text={t('order.list.empty')} />}
      {status === 'ready' && rows.length > 0 && (
        <View className="order-list">
          {rows.map((o) => {
            const a = orderActions(o)
            return (
              <View key={o.orderId} className={`order-card order-item order-item-${o.orderId}`}>
                <View
                  className={`order-item-open order-open-${o.orderId}`}
                  onClick={() => Taro.navigateTo({ url: orderDetailUrl(o.orderId) })}
                >
                  <View className="order-item-head">
                    <Text className="order-item-no">{t('order.list.no', { no: o.orderNo })}</Text>
                    <Text className={`order-status is-${o.orderStatus}`}>{t(orderStatusKey(o.orderStatus))}</Text>
                  </View>
                  {o.goods.map((g) => (
                    <View key={g.goodsId} className="order-goods">
                      <Image className="order-goods-cover" src={imageUrl(g.cover)} mode="aspectFill" lazyLoad />
                      <View className="order-goods-main">
                        <Text className="order-goods-name">{g.goodsName}</Text>
                        <Text className="order-goods-price">{formatPrice(g.price)}</Text>
                      </View>
                    </View>
                  ))}
                </View>
                <View className="order-item-foot">
                  <Text className="order-item-time">
                    {t('order.list.time', { time: formatDate(o.createTime, { time: true, year: 'always' }) })}
                  </Text>
                  <Text className="order-item-pay">
                    {t(payLabelKey(o.orderStatus))}
                    <Text className="order-item-price">{formatPrice(o.payPrice)}</Text>
                  </Text>
                </View>
                {o.orderStatus === ORDER_STATUS.refundRejected && !!o.refundRejectReason && (
                  <Text className="order-item-note">
                    {t('order.refund.rejectReason', { reason: o.refundRejectReason })}
                  </Text>
                )}
                {(a.pay || a.cancel || a.refund || a.invoice || a.invoiced || hasReceipt(o.orderStatus)) && (
                  <View className="order-item-actions">
                    <OrderActionButtons
                      o={o}
                      a={a}
                      invoiced={a.invoiced ? t(a.invoiced) : ''}
                      pay={a.pay}
                      onCancel={onCancel}
                      onRefund={openRefund}
                    />
                  </View>
                )}
              </View>
            )
          })}
          <View className="order-more">
            <Text>{more ? t('common.loading') : rows.length >= total ? t('common.noMore') : t('shell.loadMore')}</Text>
          </View>
        </View>
      )}

      <RefundSheet order={refundFor} onClose={() => setRefundFor(null)} onDone={() => load(tab, true)} />
    </View>
  )
}
