import { Image, Text, View } from '@tarojs/components'
import { imageUrl, openLink } from '@/components/link'
import { t } from '@/i18n'
import type { Advert } from '../../../../contract/types'

/**
 * The home page's 精品推荐: the school's adverts at location `recommend` (server/src/seed/recommend.ts seeds the demo
 * schools' goods), two a row, each its goods' cover and name opening the goods page; 更多 opens the course centre.
 */
export default function Recommend({ items }: { items: Advert[] }) {
  if (items.length === 0) return null
  return (
    <>
      <View className="home-section-title">
        <Text>{t('home.recommend')}</Text>
        <Text className="home-news-more" onClick={() => openLink('/pages/course/index')}>
          {t('bankList.more')} ›
        </Text>
      </View>
      <View className="home-recommend">
        {items.map((ad) => (
          <View key={ad.id} className="home-recommend-item card" onClick={() => openLink(ad.linkUrl)}>
            <Image
              className="home-recommend-cover"
              src={imageUrl(ad.image)}
              mode="aspectFill"
              lazyLoad
              // the title below says what it is
              nativeProps={{ alt: '' }}
            />
            <Text className="home-recommend-title">{ad.title}</Text>
          </View>
        ))}
      </View>
    </>
  )
}
