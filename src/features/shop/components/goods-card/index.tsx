import { Image, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import type { ReactNode } from 'react'
import { imageUrl } from '@/components/link'
import type { GoodsRow } from '@/features/shop/api'
import { t } from '@/i18n'
import { useApp } from '@/store/app'
import { formatPrice } from '../../../../../shared/rules/money'
import { goodsTypeKey, goodsUrl, isFreePrice } from './url'
import './index.scss'

export interface GoodsCardProps {
  goods: GoodsRow
  /** an activity price (cents) shown instead of the price; the usual price is then struck through */
  activityPrice?: number
  /** default: open the goods (detail or package detail) */
  onClick?: () => void
  /** a small action at the right of the price row (e.g. an activity buy button); hidden with hideBuyState */
  action?: ReactNode
}

/** One goods row: cover, name, tags, teachers, sales and the server's price (hidden when buying is hidden). */
export default function GoodsCard({ goods, activityPrice, onClick, action }: GoodsCardProps) {
  const hideBuy = useApp((s) => s.hideBuyState)
  const price = activityPrice ?? goods.price
  const free = activityPrice === undefined ? isFreePrice(goods.price, goods.isFree) : activityPrice <= 0
  const struck = activityPrice === undefined ? goods.originalPrice : goods.price
  const open = onClick ?? (() => Taro.navigateTo({ url: goodsUrl(goods.goodsType, goods.goodsId) }))

  return (
    <View className={`goods-item goods-item-${goods.goodsId}`} onClick={open}>
      <View className="goods-cover-wrap">
        {goods.cover ? (
          <Image
            className="goods-cover"
            src={imageUrl(goods.cover)}
            mode="aspectFill"
            lazyLoad
            // decorative on H5: the goods title beside it says what it is
            nativeProps={{ alt: '' }}
          />
        ) : (
          <View className="goods-cover goods-cover-blank" />
        )}
        <Text className={`goods-type-badge goods-type-${goods.goodsType}`}>{t(goodsTypeKey(goods.goodsType))}</Text>
      </View>
      <View className="goods-main">
        <Text className="goods-name">{goods.goodsName}</Text>
        {goods.tags.length > 0 && (
          <View className="goods-tags">
            {goods.tags.slice(0, 3).map((tag) => (
              <Text key={tag} className="goods-tag">
                {tag}
              </Text>
            ))}
          </View>
        )}
        {goods.teacherNames.length > 0 && (
          <Text className="goods-teachers">{t('shop.teachers', { names: goods.teacherNames.join('、') })}</Text>
        )}
        <View className="goods-foot">
          {!hideBuy && (
            <View className="goods-prices">
              <Text className={`goods-price${free ? ' goods-price-free' : ''}`}>
                {free ? t('shop.free') : formatPrice(price)}
              </Text>
              {!free && struck > price && <Text className="goods-original">{formatPrice(struck)}</Text>}
            </View>
          )}
          <Text className="goods-sales">{t('shop.sales', { count: goods.buyCount })}</Text>
          {!hideBuy && action}
        </View>
      </View>
    </View>
  )
}
