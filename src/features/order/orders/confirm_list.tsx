import { Button, Image, Text, View } from '@tarojs/components'
import Taro, { useLoad, useRouter } from '@tarojs/taro'
import { useRef, useState } from 'react'
import Empty from '@/components/empty'
import { useSubmit } from '@/components/form/use-submit'
import { docUrl, imageUrl } from '@/components/link'
import NavBar from '@/components/nav-bar'
import PageLoading from '@/components/page-loading'
import { themeStyle } from '@/components/theme'
import {
  activityOrder,
  cartList,
  checkGoodsStatus,
  goodsDetail,
  newIdempotencyKey,
  type PlaceResult,
  placeOrder,
  shareGoods,
} from '@/features/shop/api'
import BuyElsewhere, { useShopDoor } from '@/features/shop/components/goods-card/buy-elsewhere'
import { t } from '@/i18n/sub'
import { storage } from '@/services/storage'
import { useApp } from '@/store/app'
import { formatPrice, saving } from '../../../../shared/rules/money'
import { ox } from './detail-messages'
import { requireLogin } from './guard'
import { parseIds } from './status'
import './order.scss'
import './detail.scss'

interface Line {
  goodsId: number
  goodsName: string
  cover: string
  /** cents, from the server (cart row, goods status or activity price) */
  price: number
  originalPrice: number
  onSale: boolean
  owned: boolean
  /** days after buying; 0 = no end (the goods' own, shown under its name) */
  validityDays: number | null
}

/** Each line's validity: the goods' detail (a cached public read); unknown when it cannot be read. */
async function withValidity(lines: Omit<Line, 'validityDays'>[]): Promise<Line[]> {
  const opts = { noLoading: true, silent: true }
  const details = await Promise.all(
    lines.map((l) =>
      Promise.resolve()
        .then(() => goodsDetail(l.goodsId, opts))
        .catch(() => null),
    ),
  )
  return lines.map((l, i) => ({ ...l, validityDays: details[i]?.validityDays ?? null }))
}

async function loadLines(goodsIds: number[], cartIds: number[], activityId: number | undefined): Promise<Line[]> {
  const opts = { noLoading: true }
  if (cartIds.length > 0) {
    const list = await cartList(opts)
    return withValidity(list.rows.filter((r) => cartIds.includes(r.cartId)).map((r) => ({ ...r, owned: false })))
  }
  if (activityId && goodsIds.length === 1) {
    const landing = await shareGoods(activityId, opts)
    return withValidity(
      landing.goods
        .filter((g) => g.goodsId === goodsIds[0])
        .map((g) => ({ ...g, price: g.activityPrice, originalPrice: g.price, onSale: true, owned: false })),
    )
  }
  const [details, status] = await Promise.all([
    Promise.all(goodsIds.map((id) => goodsDetail(id, opts))),
    checkGoodsStatus(goodsIds, undefined, opts),
  ])
  return details.map((d) => {
    const s = status.find((x) => x.goodsId === d.goodsId)
    return {
      goodsId: d.goodsId,
      goodsName: d.goodsName,
      cover: d.cover,
      price: s?.price ?? d.price,
      originalPrice: d.originalPrice,
      onSale: s ? s.onSale : d.onSale,
      owned: s?.owned ?? false,
      validityDays: d.validityDays,
    }
  })
}

/**
 * Checkout: the goods (cover, name, validity) and their server prices, the price breakdown (items at their usual
 * price, the discount, what is due), the agreement the order accepts, then one order per page visit (idempotency
 * key). The app has no coupons or points to spend (live points are not money), so none are offered. Where this
 * platform must not sell (shared/rules/buy.ts) it says where to buy instead.
 */
export default function ConfirmList() {
  const { params } = useRouter()
  const goodsIds = parseIds(params.goodsIds)
  const cartIds = parseIds(params.cartIds)
  const activityId = parseIds(params.activityId)[0]

  const [lines, setLines] = useState<Line[]>([])
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading')
  const [placed, setPlaced] = useState<PlaceResult | null>(null)
  const { submitting, run } = useSubmit()
  const hideBuy = useApp((s) => s.hideBuyState)
  const toShop = useShopDoor(t('order.cart.toShop'))
  // one key per visit: a double tap or a retry after a failure places the same order (the server answers it again)
  const keyRef = useRef('')
  if (!keyRef.current) keyRef.current = newIdempotencyKey()

  const load = async () => {
    setStatus('loading')
    try {
      setLines(await loadLines(goodsIds, cartIds, activityId))
      setStatus('ready')
    } catch {
      setStatus('error')
    }
  }

  useLoad(() => {
    if (useApp.getState().hideBuyState || !requireLogin()) return
    load()
  })

  const orderable = lines.filter((l) => l.onSale && !l.owned)
  const total = orderable.reduce((sum, l) => sum + l.price, 0)
  // the items at their usual (struck) price, and what the learner saves on them
  const listTotal = orderable.reduce((sum, l) => sum + Math.max(l.price, l.originalPrice), 0)
  const saved = orderable.reduce((sum, l) => sum + saving(l.price, l.originalPrice), 0)

  const goNext = (r: PlaceResult) => {
    const url = r.paid
      ? `/pages2/order/confirm_success?orderId=${r.orderId}`
      : `/pages2/order/confirm_pay?orderId=${r.orderId}`
    Promise.resolve(Taro.redirectTo({ url })).catch(() => undefined)
  }

  const submit = () => {
    if (placed) {
      goNext(placed)
      return
    }
    if (orderable.length === 0) {
      Taro.showToast({ title: t('order.confirm.nothing'), icon: 'none' })
      return
    }
    run(async () => {
      const idempotencyKey = keyRef.current
      const invite = storage.get<string | number>('invite_code')
      const inviteCode = invite !== null ? String(invite).trim().slice(0, 32) : ''
      let r: PlaceResult
      if (activityId && goodsIds.length === 1) {
        r = await activityOrder({ activityId, goodsId: goodsIds[0]!, idempotencyKey })
      } else {
        r = await placeOrder({
          ...(cartIds.length > 0 ? { cartIds } : { goodsIds }),
          idempotencyKey,
          ...(inviteCode ? { inviteCode } : {}),
        })
      }
      // keep the order on screen whatever happens next
      setPlaced(r)
      useApp
        .getState()
        .refreshBadges()
        .catch(() => undefined)
      goNext(r)
    })
  }

  if (hideBuy)
    return (
      <View className="page order-page confirm-page" style={themeStyle}>
        <NavBar title={t('order.confirm.title')} />
        <BuyElsewhere />
      </View>
    )

  return (
    <View className="page order-page confirm-page" style={themeStyle}>
      <NavBar title={t('order.confirm.title')} />
      {status === 'loading' && <PageLoading rows={2} />}
      {status === 'error' && (
        <Empty text={t('shell.loadFailed')} actionText={t('common.retry')} onAction={() => load()} />
      )}
      {status === 'ready' && lines.length === 0 && (
        <Empty text={t('order.confirm.nothing')} actionText={toShop.text} onAction={toShop.open} />
      )}
      {status === 'ready' && lines.length > 0 && (
        <>
          <View className="order-card">
            <Text className="order-card-title">{t('order.confirm.goods')}</Text>
            {lines.map((l) => (
              <View key={l.goodsId} className={`order-goods confirm-goods-${l.goodsId}`}>
                <Image className="order-goods-cover" src={imageUrl(l.cover)} mode="aspectFill" />
                <View className="order-goods-main">
                  <Text className="order-goods-name">{l.goodsName}</Text>
                  {l.validityDays !== null && (
                    <Text className="confirm-validity">
                      {l.validityDays > 0 ? ox('validity', { days: l.validityDays }) : ox('forever')}
                    </Text>
                  )}
                  {!l.onSale && <Text className="order-goods-tag">{t('order.confirm.offSale')}</Text>}
                  {l.onSale && l.owned && <Text className="order-goods-tag">{t('order.confirm.owned')}</Text>}
                  <View className="order-goods-price-row">
                    <Text className="order-goods-price">{formatPrice(l.price)}</Text>
                    {l.originalPrice > l.price && (
                      <Text className="order-goods-origin">{formatPrice(l.originalPrice)}</Text>
                    )}
                  </View>
                </View>
              </View>
            ))}
          </View>

          <View className="order-card confirm-breakdown">
            <Text className="order-card-title">{ox('breakdown')}</Text>
            <View className="od-row confirm-list-total">
              <Text className="od-row-label">{ox('goodsTotal')}</Text>
              <Text className="od-row-value">{formatPrice(listTotal)}</Text>
            </View>
            {saved > 0 && (
              <View className="od-row confirm-saving">
                <Text className="od-row-label">{ox('saving')}</Text>
                <Text className="od-row-value">-{formatPrice(saved)}</Text>
              </View>
            )}
            <View className="od-row od-pay confirm-due">
              <Text className="od-row-label">{ox('due')}</Text>
              <Text className="od-pay-price">{formatPrice(total)}</Text>
            </View>
            <Text className="order-note">{t('order.confirm.priceNote')}</Text>
          </View>

          <Text className="confirm-agree">
            {ox('agree')}
            <Text className="confirm-terms" onClick={() => Taro.navigateTo({ url: docUrl('agreement.service') })}>
              {ox('terms')}
            </Text>
          </Text>

          {placed && (
            <View className="order-card confirm-placed">
              <Text className="order-placed-text">{t('order.confirm.created', { no: placed.orderNo })}</Text>
              <Text
                className="order-link"
                onClick={() => Taro.redirectTo({ url: '/pages2/order/index' }).catch(() => undefined)}
              >
                {t('order.confirm.myOrders')}
              </Text>
            </View>
          )}

          <View className="order-bar-holder" />
          <View className="order-bar">
            <View className="order-bar-sum">
              <Text className="order-bar-label">{t('order.confirm.total')}</Text>
              <Text className="confirm-total order-bar-price">{formatPrice(placed ? placed.payPrice : total)}</Text>
            </View>
            <Button
              className={`order-bar-btn confirm-submit${submitting ? ' is-busy' : ''}`}
              disabled={submitting || orderable.length === 0 || undefined}
              onClick={submit}
            >
              {submitting ? t('order.confirm.submitting') : t('order.confirm.submit')}
            </Button>
          </View>
        </>
      )}
    </View>
  )
}
