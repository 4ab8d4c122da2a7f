import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useCallback, useEffect, useState } from 'react'
import Empty from '@/components/empty'
import PageLoading from '@/components/page-loading'
import type { ActivityLanding } from '@/features/shop/api'
import GoodsCard from '@/features/shop/components/goods-card'
import { confirmUrl, requireLogin } from '@/features/shop/components/goods-card/actions'
import { useShopDoor } from '@/features/shop/components/goods-card/buy-elsewhere'
import { t } from '@/i18n/sub'
import { formatDate } from '@/lib/datetime'
import { ApiError } from '@/services/http/error'
import { useApp } from '@/store/app'
import './scan.scss'

export interface LandingProps {
  /** null: the link lacks its code / id */
  fetch: (() => Promise<ActivityLanding>) | null
  invalidText: string
  title: string
}

/** Distribution / share-activity landing: the activity's goods at their activity prices, each bought with activityId. */
export default function Landing({ fetch, invalidText, title }: LandingProps) {
  // 去选课, or 咨询开通 where this platform must not sell (src/features/shop/components/goods-card/buy-elsewhere.tsx)
  const toShop = useShopDoor(t('shop.landing.toShop'))
  const sysTime = useApp((s) => s.sysTime)
  const [data, setData] = useState<ActivityLanding | null>(null)
  const [status, setStatus] = useState<'loading' | 'ready' | 'error' | 'missing'>(fetch ? 'loading' : 'missing')

  const load = useCallback(async () => {
    if (!fetch) {
      setStatus('missing')
      return
    }
    setStatus('loading')
    try {
      setData(await fetch())
      setStatus('ready')
    } catch (e) {
      setStatus(e instanceof ApiError && e.code === 404 ? 'missing' : 'error')
    }
  }, [fetch])

  useEffect(() => {
    load()
  }, [load])

  if (status === 'loading') return <PageLoading banner rows={3} />
  if (status === 'error') return <Empty text={t('shell.loadFailed')} actionText={t('common.retry')} onAction={load} />
  if (status === 'missing' || !data) {
    return <Empty text={fetch ? t('shop.notFound') : invalidText} actionText={toShop.text} onAction={toShop.open} />
  }

  const now = sysTime > 0 ? sysTime : Math.floor(Date.now() / 1000)
  const ended = data.endTime !== null && data.endTime < now
  const buy = (goodsId: number) => {
    if (requireLogin()) Taro.navigateTo({ url: confirmUrl([goodsId], data.activityId) })
  }

  return (
    <View className="landing">
      <View className="landing-hero">
        <Text className="landing-kicker">{title}</Text>
        <Text className="landing-name">{data.activityName}</Text>
        {data.endTime !== null && (
          <Text className="landing-time">
            {ended
              ? t('shop.landing.ended')
              : t('shop.landing.endTime', { date: formatDate(data.endTime, { time: true }) })}
          </Text>
        )}
      </View>
      {data.goods.length === 0 ? (
        <Empty text={t('shop.landing.empty')} />
      ) : (
        <View className="goods-list card landing-list">
          {data.goods.map((g) => (
            <GoodsCard
              key={g.goodsId}
              goods={g}
              activityPrice={g.activityPrice}
              action={
                ended ? undefined : (
                  <View
                    className={`landing-buy landing-buy-${g.goodsId}`}
                    onClick={(e) => {
                      e.stopPropagation()
                      buy(g.goodsId)
                    }}
                  >
                    <Text>{t('shop.landing.buy')}</Text>
                  </View>
                )
              }
            />
          ))}
        </View>
      )}
    </View>
  )
}
