import { Image, Text, View } from '@tarojs/components'
import Taro, { useDidShow, usePullDownRefresh } from '@tarojs/taro'
import Empty from '@/components/empty'
import { imageUrl } from '@/components/link'
import NavBar from '@/components/nav-bar'
import PageLoading from '@/components/page-loading'
import { themeStyle } from '@/components/theme'
import { useCart } from '@/features/shop/cart-store'
import BuyElsewhere, { useShopDoor } from '@/features/shop/components/goods-card/buy-elsewhere'
import { t } from '@/i18n/sub'
import { useApp } from '@/store/app'
import { isLoggedIn } from '@/store/session'
import { formatPrice } from '../../../../shared/rules/money'
import './shoppingCart.scss'

/** Spec §3 shoppingCartList: choose rows, choose all, delete, the server's chosen total, checkout. */
export default function ShoppingCart() {
  const rows = useCart((s) => s.shoppingCartList)
  const status = useCart((s) => s.status)
  const syncing = useCart((s) => s.syncing)
  const chosenTotalPrice = useCart((s) => s.chosenTotalPrice)
  // where this platform must not sell (shared/rules/buy.ts) the cart says where to buy instead
  const hideBuy = useApp((s) => s.hideBuyState)
  const toShop = useShopDoor(t('order.cart.toShop'))

  useDidShow(() => {
    if (useApp.getState().hideBuyState) return
    if (!isLoggedIn()) {
      Taro.redirectTo({ url: '/pages4/login/login?isBack=1' })
      return
    }
    useCart
      .getState()
      .load()
      .catch(() => undefined)
  })

  usePullDownRefresh(() => {
    useCart
      .getState()
      .load()
      .catch(() => undefined)
      .finally(() => Taro.stopPullDownRefresh())
  })

  const saleRows = rows.filter((r) => r.onSale)
  const allChosen = saleRows.length > 0 && saleRows.every((r) => r.choice === 1)
  const chosen = saleRows.filter((r) => r.choice === 1)

  const toggle = (cartId: number, choice: 0 | 1) => {
    useCart
      .getState()
      .choose([cartId], choice)
      .catch(() => undefined)
  }

  const toggleAll = () => {
    if (rows.length === 0) return
    useCart
      .getState()
      .chooseAll(allChosen ? 0 : 1)
      .catch(() => undefined)
  }

  const remove = async (cartId: number) => {
    const res = await Taro.showModal({
      title: t('common.tip'),
      content: t('order.cart.deleteConfirm'),
      confirmText: t('order.cart.delete'),
      cancelText: t('common.cancel'),
    })
    if (!res.confirm) return
    await useCart
      .getState()
      .remove(cartId)
      .then(() => Taro.showToast({ title: t('order.cart.deleted'), icon: 'none' }))
      .catch(() => undefined)
  }

  const checkout = async () => {
    // let queued choices reach the server first, so the order sees what the learner sees
    await useCart.getState().idle()
    const ids = useCart
      .getState()
      .shoppingCartList.filter((r) => r.onSale && r.choice === 1)
      .map((r) => r.cartId)
    if (ids.length === 0) {
      Taro.showToast({ title: t('order.cart.chooseFirst'), icon: 'none' })
      return
    }
    Taro.navigateTo({ url: `/pages2/order/confirm_list?cartIds=${ids.join(',')}` })
  }

  if (hideBuy)
    return (
      <View className="page cart-page" style={themeStyle}>
        <NavBar title={t('order.cart.title')} />
        <BuyElsewhere />
      </View>
    )

  return (
    <View className="page cart-page" style={themeStyle}>
      <NavBar title={t('order.cart.title')} />
      {(status === 'idle' || status === 'loading') && <PageLoading rows={3} />}
      {status === 'error' && (
        <Empty
          text={t('shell.loadFailed')}
          actionText={t('common.retry')}
          onAction={() =>
            useCart
              .getState()
              .load()
              .catch(() => undefined)
          }
        />
      )}
      {status === 'ready' && rows.length === 0 && (
        <Empty
          text={t('order.cart.empty')}
          hint={t('order.cart.emptyHint')}
          actionText={toShop.text}
          onAction={toShop.open}
        />
      )}
      {status === 'ready' && rows.length > 0 && (
        <>
          <View className="cart-list">
            {rows.map((r) => (
              <View key={r.cartId} className={`cart-item cart-item-${r.cartId}${r.onSale ? '' : ' is-off'}`}>
                <View
                  className={`cart-check cart-check-${r.cartId}${r.choice === 1 && r.onSale ? ' is-checked' : ''}${r.onSale ? '' : ' is-disabled'}`}
                  onClick={r.onSale ? () => toggle(r.cartId, r.choice === 1 ? 0 : 1) : undefined}
                />
                <Image className="cart-cover" src={imageUrl(r.cover)} mode="aspectFill" lazyLoad />
                <View className="cart-main">
                  <Text className="cart-name">{r.goodsName}</Text>
                  {!r.onSale && <Text className="cart-tag">{t('order.cart.offSale')}</Text>}
                  <View className="cart-price-row">
                    <Text className="cart-price">{formatPrice(r.price)}</Text>
                    {r.originalPrice > r.price && <Text className="cart-origin">{formatPrice(r.originalPrice)}</Text>}
                  </View>
                </View>
                <Text className={`cart-delete cart-delete-${r.cartId}`} onClick={() => remove(r.cartId)}>
                  {t('order.cart.delete')}
                </Text>
              </View>
            ))}
          </View>
          <View className="cart-bar-holder" />
          <View className="cart-bar">
            <View className="cart-all" onClick={toggleAll}>
              <View className={`cart-check cart-check-all${allChosen ? ' is-checked' : ''}`} />
              <Text>{t('order.cart.selectAll')}</Text>
            </View>
            <View className="cart-sum">
              <Text>{t('order.cart.total')}</Text>
              <Text className={`cart-total${syncing ? ' is-syncing' : ''}`}>{formatPrice(chosenTotalPrice)}</Text>
            </View>
            <View
              className={`cart-checkout${chosen.length === 0 ? ' is-disabled' : ''}`}
              onClick={() => {
                checkout().catch(() => undefined)
              }}
            >
              {chosen.length > 0 ? t('order.cart.checkoutCount', { n: chosen.length }) : t('order.cart.checkout')}
            </View>
          </View>
        </>
      )}
    </View>
  )
}
