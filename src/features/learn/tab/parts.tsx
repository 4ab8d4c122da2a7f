/** Views shared by the learning pages (learn tab, my online courses, first choice): a course-goods row. */
import { Image, Text, View } from '@tarojs/components'
import type { ReactNode } from 'react'
import { imageUrl } from '@/components/link'
import { Bar } from '@/features/bank/ui'
import type { MyCourseGoods } from '@/features/learn/api'
import { percentText } from '@/features/learn/links'
import { t } from '@/i18n'
import { formatDate } from '@/lib/datetime'
import './learn.scss'

/** "valid until 2025-06-30" / "no expiry" */
export function expiryText(expireTime: number | null): string {
  return expireTime === null
    ? t('learn.goods.forever')
    : t('learn.goods.expire', { date: formatDate(expireTime, { year: 'always' }) })
}

export function GoodsRow({
  g,
  onOpen,
  showExpiry = false,
  tag,
  extra,
}: {
  g: MyCourseGoods
  onOpen: (g: MyCourseGoods) => void
  showExpiry?: boolean
  tag?: string
  extra?: ReactNode
}) {
  const expired = g.expireTime !== null && g.expireTime * 1000 < Date.now()
  return (
    <View className={`ln-goods ln-goods-${g.goodsId}${expired ? ' is-expired' : ''}`} onClick={() => onOpen(g)}>
      {g.cover ? (
        <Image className="ln-goods-cover" src={imageUrl(g.cover)} mode="aspectFill" lazyLoad />
      ) : (
        <View className="ln-goods-cover ln-goods-cover-blank" />
      )}
      <View className="ln-goods-main">
        <View className="ln-goods-title">
          {!!tag && <Text className="ln-tag ln-goods-tag">{tag}</Text>}
          <Text className="ln-goods-name">{g.goodsName}</Text>
        </View>
        <Text className="ln-muted ln-goods-meta">
          {t('learn.goods.meta', { courses: g.courseNum, done: g.finishedSectionNum, total: g.sectionNum })}
        </Text>
        <View className="ln-progress">
          <Bar value={g.percent} className="ln-goods-bar" />
          <Text className="ln-goods-percent">{percentText(g.percent)}</Text>
        </View>
        {showExpiry && (
          <Text className={`ln-muted ln-goods-expire${expired ? ' is-expired' : ''}`}>
            {expired ? t('learn.goods.expired') : expiryText(g.expireTime)}
          </Text>
        )}
        {extra}
      </View>
    </View>
  )
}
