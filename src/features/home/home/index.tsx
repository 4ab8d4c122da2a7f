import Swiper from '@nutui/nutui-react-taro/dist/es/packages/swiper/index.js'
import { Image, Text, View } from '@tarojs/components'
import Taro, { useDidHide, useLoad, usePageScroll, usePullDownRefresh, useReachBottom } from '@tarojs/taro'
import { useCallback, useEffect, useRef, useState } from 'react'
import { dropAppShell } from '@/components/app-shell'
import Empty from '@/components/empty'
import FloatingWidget from '@/components/floating-widget'
import { EntryIcon } from '@/components/icon/entries'
import { imageUrl, openLink } from '@/components/link'
import NavBar from '@/components/nav-bar'
import PageLoading from '@/components/page-loading'
import TabPage from '@/components/tab-page'
import { themeStyle } from '@/components/theme'
import { t } from '@/i18n'
import { formatDate } from '@/lib/datetime'
import { adverts as advertsAt, consultationList, homeAdverts, homeList } from '@/services/api/common'
import { useBrand } from '@/services/tenant/brand'
import { useApp } from '@/store/app'
import type { Advert, Consultation, HomeItem } from '../../../../contract/types'
import { sellsLink } from '../../../../shared/rules/buy'
import '@nutui/nutui-react-taro/dist/es/packages/swiper/style/css.js'
import Recommend from './recommend'
import './index.scss'

const PAGE_SIZE = 10

function footerText(v: unknown): string {
  if (typeof v === 'string') return v
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>
    const s = o.record ?? o.text ?? o.content ?? o.value
    return typeof s === 'string' ? s : ''
  }
  return ''
}

export default function Home() {
  const brand = useBrand((s) => s.brand)
  const record = useApp((s) => footerText(s.config['home.footer.record']))
  // where this platform must not sell (shared/rules/buy.ts) no banner advertises goods
  const hideBuy = useApp((s) => s.hideBuyState)
  const [allAdverts, setAdverts] = useState<Advert[]>([])
  const adverts = hideBuy ? allAdverts.filter((ad) => !sellsLink(ad.linkUrl)) : allAdverts
  // the school's recommended goods (adverts at `recommend`), under the same rule
  const [allRecommends, setRecommends] = useState<Advert[]>([])
  const recommends = hideBuy ? allRecommends.filter((ad) => !sellsLink(ad.linkUrl)) : allRecommends
  const [items, setItems] = useState<HomeItem[]>([])
  const [news, setNews] = useState<Consultation[]>([])
  const [total, setTotal] = useState(0)
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading')
  const [more, setMore] = useState(false)
  const [scrollTop, setScrollTop] = useState(0)
  const pageRef = useRef(1)
  const busy = useRef(false)

  const load = useCallback(async () => {
    const opts = { noLoading: true, silent: true }
    const [ads, list, first, picks] = await Promise.allSettled([
      homeAdverts(opts),
      homeList(opts),
      consultationList(1, PAGE_SIZE, opts),
      advertsAt('recommend', opts),
    ])
    if (ads.status === 'fulfilled') setAdverts([...ads.value].sort((a, b) => a.sort - b.sort))
    if (picks.status === 'fulfilled') setRecommends([...picks.value].sort((a, b) => a.sort - b.sort))
    if (list.status === 'fulfilled') setItems([...list.value].sort((a, b) => a.sort - b.sort))
    if (first.status === 'fulfilled') {
      pageRef.current = 1
      setNews(first.value.rows)
      setTotal(first.value.total)
    }
    const allFailed = ads.status === 'rejected' && list.status === 'rejected' && first.status === 'rejected'
    setStatus(allFailed ? 'error' : 'ready')
  }, [])

  useLoad(() => {
    load()
  })

  // Page-level pull-down refresh and reach-bottom paging stay (native on weapp). NutUI PullToRefresh /
  // InfiniteLoading are not used: they need their own scroll container and fight the page's scroll.
  usePullDownRefresh(() => {
    load().finally(() => Taro.stopPullDownRefresh())
  })

  useReachBottom(() => {
    if (busy.current || news.length >= total) return
    busy.current = true
    setMore(true)
    const next = pageRef.current + 1
    consultationList(next, PAGE_SIZE, { noLoading: true })
      .then((page) => {
        pageRef.current = next
        setNews((prev) => [...prev, ...page.rows])
        setTotal(page.total)
      })
      .catch(() => undefined)
      .finally(() => {
        busy.current = false
        setMore(false)
      })
  })

  usePageScroll(({ scrollTop: top }) => setScrollTop(top))

  // the server's copy of this page's top (H5) goes once the page has its own: at the banner's first picture, or
  // now when there is no banner to wait for
  useEffect(() => {
    if (status === 'error' || (status === 'ready' && adverts.length === 0)) dropAppShell()
  }, [status, adverts.length])
  useDidHide(dropAppShell)

  return (
    <TabPage index={0}>
      <View className="page home" style={themeStyle}>
        <NavBar title={t('home.title')} />
        <View className="home-header">
          {/* the brand of the tenant this host resolves to (src/services/tenant/brand.ts), not the build's */}
          {brand.logo ? (
            <Image
              className="home-logo"
              src={imageUrl(brand.logo)}
              mode="aspectFit"
              nativeProps={{ alt: brand.name }}
            />
          ) : (
            !!brand.name && <Text className="home-logo home-logo-initial">{brand.name.slice(0, 1)}</Text>
          )}
          <Text className="home-company">{brand.name}</Text>
        </View>

        {status === 'loading' && <PageLoading banner rows={3} />}
        {status === 'error' && (
          <Empty
            text={t('shell.loadFailed')}
            actionText={t('common.retry')}
            onAction={() => {
              setStatus('loading')
              load()
            }}
          />
        )}

        {status === 'ready' && (
          <View className="home-body">
            {adverts.length > 0 && (
              <View className="home-banner">
                <Swiper autoplay loop indicator interval={4000} height="100%">
                  {/* NutUI copies a slide's className onto its swiper-item, so the slide root carries none */}
                  {adverts.map((ad) => (
                    <View key={ad.id}>
                      <Image
                        className="home-banner-img"
                        src={imageUrl(ad.image)}
                        mode="aspectFill"
                        // H5's <img> gets the advert's title as its text; weapp's image has no alt
                        nativeProps={{ alt: ad.title }}
                        onLoad={dropAppShell}
                        onError={dropAppShell}
                        onClick={() => openLink(ad.linkUrl)}
                      />
                    </View>
                  ))}
                </Swiper>
              </View>
            )}

            {items.length > 0 && (
              <View className="home-grid card">
                {items.map((item) => (
                  <View key={item.id} className="home-list-item" onClick={() => openLink(item.linkUrl)}>
                    <EntryIcon icon={item.icon} className="home-list-icon" />
                    <Text className="home-list-name">{item.name}</Text>
                  </View>
                ))}
              </View>
            )}

            <Recommend items={recommends} />

            <View className="home-section-title">
              <Text>{t('home.news')}</Text>
              <Text className="home-news-more" onClick={() => Taro.navigateTo({ url: '/pages3/news/index' })}>
                {t('bankList.more')} ›
              </Text>
            </View>
            {news.length === 0 ? (
              <Empty text={t('home.newsEmpty')} />
            ) : (
              <View className="home-news card">
                {news.map((n) => (
                  <View
                    key={n.id}
                    className="news-item"
                    onClick={() => Taro.navigateTo({ url: `/pages3/news/detail?id=${n.id}` })}
                  >
                    <View className="news-item-main">
                      <Text className="news-item-title">{n.title}</Text>
                      {!!n.summary && <Text className="news-item-summary">{n.summary}</Text>}
                      <View className="news-item-meta">
                        <Text>{formatDate(n.publishTime)}</Text>
                        <Text>{t('home.views', { count: n.views })}</Text>
                      </View>
                    </View>
                    {!!n.cover && (
                      <Image
                        className="news-item-cover"
                        src={imageUrl(n.cover)}
                        mode="aspectFill"
                        lazyLoad
                        // decorative: the title beside it says what it is
                        nativeProps={{ alt: '' }}
                      />
                    )}
                  </View>
                ))}
              </View>
            )}
            {news.length > 0 && (
              <View className="home-more">
                <Text>
                  {more ? t('common.loading') : news.length >= total ? t('common.noMore') : t('shell.loadMore')}
                </Text>
              </View>
            )}

            {!!record && (
              <View className="footer-record">
                <Text>{record}</Text>
              </View>
            )}
          </View>
        )}
        <FloatingWidget scrollTop={scrollTop} />
      </View>
    </TabPage>
  )
}
