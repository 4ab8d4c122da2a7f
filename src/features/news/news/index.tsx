/**
 * The news list (docs/DECISIONS.md "News"): the tenant's consultation articles under category tabs ("all" first),
 * newest first, paged on reaching the bottom, pull-down refresh; a row opens the article. `?categoryId=` or
 * `?category=<name>` (a banner's link) opens on that tab.
 */
import { Image, ScrollView, Text, View } from '@tarojs/components'
import Taro, { useLoad, usePullDownRefresh, useReachBottom, useRouter } from '@tarojs/taro'
import { useRef, useState } from 'react'
import Empty from '@/components/empty'
import { imageUrl } from '@/components/link'
import NavBar from '@/components/nav-bar'
import PageLoading from '@/components/page-loading'
import { themeStyle } from '@/components/theme'
import { type NewsCategory, type NewsRow, newsList } from '@/features/news/api'
import { formatDate } from '@/lib/datetime'
import { tx } from './messages'
import './index.scss'

const PAGE_SIZE = 10

function decode(v: string | undefined): string {
  if (!v) return ''
  try {
    return decodeURIComponent(v)
  } catch {
    return v
  }
}

export default function NewsList() {
  const { params } = useRouter()
  const [categories, setCategories] = useState<NewsCategory[]>([])
  const [cat, setCat] = useState(0)
  const [rows, setRows] = useState<NewsRow[]>([])
  const [total, setTotal] = useState(0)
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading')
  const [more, setMore] = useState<'idle' | 'loading' | 'failed'>('idle')
  const pageRef = useRef(1)
  // the newest request wins: a quick tab change never shows the previous tab's rows
  const seq = useRef(0)

  const load = async (categoryId: number, quietly = false) => {
    const mine = ++seq.current
    if (!quietly) setStatus('loading')
    try {
      const page = await newsList({ pageNum: 1, pageSize: PAGE_SIZE, categoryId }, { noLoading: true, silent: true })
      if (mine !== seq.current) return
      pageRef.current = 1
      setCategories(page.categories)
      // a category that was removed meanwhile: back to every article
      if (categoryId && !page.categories.some((c) => c.id === categoryId)) {
        setCat(0)
        return load(0, quietly)
      }
      setRows(page.rows)
      setTotal(page.total)
      setMore('idle')
      setStatus('ready')
    } catch {
      if (mine === seq.current) setStatus((s) => (quietly && s === 'ready' ? s : 'error'))
    }
  }

  useLoad(async () => {
    const byId = Number(params.categoryId)
    const byName = decode(params.category)
    if (Number.isInteger(byId) && byId > 0) {
      setCat(byId)
      load(byId)
      return
    }
    if (!byName) {
      load(0)
      return
    }
    // a banner names its category: the first page tells which id that is
    const mine = ++seq.current
    try {
      const first = await newsList({ pageNum: 1, pageSize: 1 }, { noLoading: true, silent: true })
      if (mine !== seq.current) return
      const found = first.categories.find((c) => c.name === byName)
      setCat(found?.id ?? 0)
      load(found?.id ?? 0)
    } catch {
      if (mine === seq.current) setStatus('error')
    }
  })

  usePullDownRefresh(() => {
    load(cat, true).finally(() => Taro.stopPullDownRefresh())
  })

  const loadMore = () => {
    if (more === 'loading' || status !== 'ready' || rows.length >= total) return
    const mine = seq.current
    const next = pageRef.current + 1
    setMore('loading')
    newsList({ pageNum: next, pageSize: PAGE_SIZE, categoryId: cat }, { noLoading: true, silent: true })
      .then((page) => {
        if (mine !== seq.current) return
        pageRef.current = next
        setRows((prev) => [...prev, ...page.rows.filter((r) => !prev.some((p) => p.id === r.id))])
        setTotal(page.total)
        setMore('idle')
      })
      .catch(() => {
        if (mine === seq.current) setMore('failed')
      })
  }

  useReachBottom(loadMore)

  const pick = (id: number) => {
    if (id === cat) return
    setCat(id)
    setRows([])
    load(id)
  }

  const tabs = [{ id: 0, name: tx('all') }, ...categories]

  return (
    <View className="page news-list-page" style={themeStyle}>
      <NavBar title={tx('title')} />
      {categories.length > 0 && (
        <ScrollView className="news-tabs" scrollX enhanced showScrollbar={false}>
          {tabs.map((c) => (
            <View
              key={c.id}
              className={`news-tab${c.id === cat ? ' is-active' : ''}`}
              onClick={() => pick(c.id)}
              aria-selected={c.id === cat}
              role="tab"
            >
              <Text>{c.name}</Text>
            </View>
          ))}
        </ScrollView>
      )}
      {status === 'loading' && <PageLoading rows={4} />}
      {status === 'error' && <Empty text={tx('loadFailed')} actionText={tx('retry')} onAction={() => load(cat)} />}
      {status === 'ready' && rows.length === 0 && (
        <Empty
          text={cat ? tx('emptyCategory') : tx('empty')}
          hint={tx('emptyHint')}
          actionText={cat ? tx('showAll') : undefined}
          onAction={cat ? () => pick(0) : undefined}
        />
      )}
      {status === 'ready' && rows.length > 0 && (
        <View className="news-rows">
          {rows.map((n) => (
            <View
              key={n.id}
              className="news-row"
              onClick={() => Taro.navigateTo({ url: `/pages3/news/detail?id=${n.id}` })}
            >
              <View className="news-row-main">
                <Text className="news-row-title">{n.title}</Text>
                {!!n.summary && <Text className="news-row-summary">{n.summary}</Text>}
                <View className="news-row-meta">
                  <Text>{formatDate(n.publishTime)}</Text>
                  <Text>{tx('views', { count: n.views })}</Text>
                </View>
              </View>
              {!!n.cover && (
                <Image
                  className="news-row-cover"
                  src={imageUrl(n.cover)}
                  mode="aspectFill"
                  lazyLoad
                  // decorative: the title beside it says what it is
                  nativeProps={{ alt: '' }}
                />
              )}
            </View>
          ))}
          <View className="news-more" onClick={more === 'failed' ? loadMore : undefined}>
            <Text>
              {more === 'loading'
                ? tx('loading')
                : more === 'failed'
                  ? tx('moreFailed')
                  : rows.length >= total
                    ? tx('noMore')
                    : tx('loadMore')}
            </Text>
          </View>
        </View>
      )}
    </View>
  )
}
