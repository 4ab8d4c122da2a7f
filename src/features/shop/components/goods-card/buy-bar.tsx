import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { t } from '@/i18n/sub'
import { useApp } from '@/store/app'
import { GOODS_TYPE } from '../../../../../contract/schemas/codes'
import { CART_URL, requireLogin, useGoodsBuy } from './actions'
import BuyElsewhere from './buy-elsewhere'
import './index.scss'

export interface BuyBarProps {
  goodsId: number
  /** decides where 'study now' goes (a question bank opens its bank) */
  goodsType?: number
  onSale: boolean
}

/**
 * Bottom bar of a goods / package page: cart shortcut with the cart count, add to cart, buy now; or study
 * now when the learner already owns the goods. Where this platform must not sell (hideBuyState, shared/rules/buy.ts)
 * only 'study now' remains, and a learner who does not own the goods is told where to buy instead.
 */
export default function BuyBar({ goodsId, goodsType, onSale }: BuyBarProps) {
  const hideBuy = useApp((s) => s.hideBuyState)
  const cartNum = useApp((s) => s.shoppingNum)
  const { bought, adding, addCart, buyNow, study } = useGoodsBuy(goodsId, goodsType)

  if (hideBuy && !bought) return <BuyElsewhere variant="bar" />

  return (
    <>
      <View className="buy-bar-spacer" />
      <View className="buy-bar">
        {!hideBuy && (
          <View
            className="buy-bar-cart detail-cart-icon"
            onClick={() => {
              if (requireLogin()) Taro.navigateTo({ url: CART_URL })
            }}
          >
            <View className="cart-glyph">
              <View className="cart-glyph-basket" />
              <View className="cart-glyph-wheels" />
            </View>
            <Text className="buy-bar-cart-text">{t('shop.cart')}</Text>
            {cartNum > 0 && <Text className="cart-badge">{cartNum > 99 ? '99+' : cartNum}</Text>}
          </View>
        )}
        {bought ? (
          <View className="buy-btn buy-btn-primary detail-study" onClick={study}>
            <Text>{t(goodsType === GOODS_TYPE.bank ? 'shop.practiseNow' : 'shop.studyNow')}</Text>
          </View>
        ) : onSale ? (
          <View className="buy-btns">
            <View className={`buy-btn buy-btn-ghost detail-add-cart${adding ? ' buy-btn-busy' : ''}`} onClick={addCart}>
              <Text>{t('shop.addCart')}</Text>
            </View>
            <View className="buy-btn buy-btn-primary detail-buy" onClick={() => buyNow()}>
              <Text>{t('shop.buyNow')}</Text>
            </View>
          </View>
        ) : (
          <View className="buy-btn buy-btn-disabled detail-off-sale">
            <Text>{t('shop.offSale')}</Text>
          </View>
        )}
      </View>
    </>
  )
}
