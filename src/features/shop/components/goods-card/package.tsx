import { Image, Text, View } from '@tarojs/components'
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react'
import Empty from '@/components/empty'
import { imageUrl } from '@/components/link'
import PageLoading from '@/components/page-loading'
import { type GoodsDetail, type GoodsRow, goodsDetail, packageGoods } from '@/features/shop/api'
import { t } from '@/i18n/sub'
import { ApiError } from '@/services/http/error'
import { useApp } from '@/store/app'
import { formatPrice, saving } from '../../../../../shared/rules/money'
import BuyBar from './buy-bar'
import GoodsCard from './index'
import { isFreePrice } from './url'
import './index.scss'

export interface PackageDetailProps {
  id: number
  /** e.g. a share button in the header */
  action?: ReactNode
  onLoaded?: (d: GoodsDetail) => void
}

/**
 * The package ("精选" bundle) detail: its price against the sum of its goods bought separately, the goods
 * inside it as goods cards, and the buy bar. Used by pages3/course/jydetail and the pages5/scan/packPage landing.
 */
export default function PackageDetail({ id, action, onLoaded }: PackageDetailProps) {
  const hideBuy = useApp((s) => s.hideBuyState)
  const [pkg, setPkg] = useState<GoodsDetail | null>(null)
  const [goods, setGoods] = useState<GoodsRow[]>([])
  const [status, setStatus] = useState<'loading' | 'ready' | 'error' | 'missing'>('loading')
  const loadedRef = useRef(onLoaded)
  loadedRef.current = onLoaded

  const load = useCallback(async () => {
    if (!id) {
      setStatus('missing')
      return
    }
    setStatus('loading')
    const opts = { noLoading: true, silent: true }
    try {
      const [d, list] = await Promise.all([goodsDetail(id, opts), packageGoods(id, opts)])
      setPkg(d)
      setGoods(list)
      setStatus('ready')
      loadedRef.current?.(d)
    } catch (e) {
      setStatus(e instanceof ApiError && e.code === 404 ? 'missing' : 'error')
    }
  }, [id])

  useEffect(() => {
    load()
  }, [load])

  if (status === 'loading') return <PageLoading banner rows={3} />
  if (status === 'error') return <Empty text={t('shell.loadFailed')} actionText={t('common.retry')} onAction={load} />
  if (status === 'missing' || !pkg) return <Empty text={t('shop.notFound')} />

  const free = isFreePrice(pkg.price, pkg.isFree)
  // the struck price is the sum of the goods' prices (server): one saving everywhere
  const saved = free ? 0 : saving(pkg.price, pkg.originalPrice)

  return (
    <View className="package">
      <View className="package-head card">
        {!!pkg.cover && <Image className="package-cover" src={imageUrl(pkg.cover)} mode="aspectFill" />}
        <View className="package-head-main">
          <View className="package-title-row">
            <Text className="package-name detail-name">{pkg.goodsName}</Text>
            {action}
          </View>
          {!hideBuy && (
            <View className="package-prices detail-price">
              <Text className="package-price">{free ? t('shop.free') : formatPrice(pkg.price)}</Text>
              {saved > 0 && <Text className="goods-original">{formatPrice(pkg.originalPrice)}</Text>}
              {saved > 0 && (
                <Text className="package-saving">{t('shop.package.saving', { price: formatPrice(saved) })}</Text>
              )}
            </View>
          )}
          {!hideBuy && saved > 0 && (
            <Text className="package-sum">{t('shop.package.sum', { price: formatPrice(pkg.originalPrice) })}</Text>
          )}
          <Text className="package-meta">
            {pkg.validityDays > 0 ? t('shop.validity.days', { days: pkg.validityDays }) : t('shop.validity.forever')}
          </Text>
        </View>
      </View>

      <View className="package-section-title">
        <Text>{t('shop.package.goods', { count: goods.length })}</Text>
      </View>
      {goods.length === 0 ? (
        <Empty text={t('shop.package.empty')} />
      ) : (
        <View className="goods-list card">
          {goods.map((g) => (
            <GoodsCard key={g.goodsId} goods={g} />
          ))}
        </View>
      )}
      <BuyBar goodsId={pkg.goodsId} goodsType={pkg.goodsType} onSale={pkg.onSale} />
    </View>
  )
}
