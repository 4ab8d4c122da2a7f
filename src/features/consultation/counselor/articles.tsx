/**
 * The consultation articles on the counselor page (docs/DECISIONS.md "News"): the newest few, each opening the
 * article, and the way to the whole news list. Loads on its own: the service cards never wait for it.
 */
import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useEffect, useState } from 'react'
import { type NewsRow, newsList } from '@/features/news/api'
import { formatDate } from '@/lib/datetime'
import { tx } from './messages'

export const COUNSELOR_ARTICLES = 5

export default function CounselorArticles() {
  const [rows, setRows] = useState<NewsRow[]>([])
  const [total, setTotal] = useState(0)
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading')

  const load = () => {
    setStatus('loading')
    newsList({ pageNum: 1, pageSize: COUNSELOR_ARTICLES }, { noLoading: true, silent: true })
      .then((page) => {
        setRows(page.rows)
        setTotal(page.total)
        setStatus('ready')
      })
      .catch(() => setStatus('error'))
  }

  useEffect(load, [])

  return (
    <View className="card counselor-articles">
      <View className="counselor-articles-head">
        <Text className="counselor-card-title">{tx('articles')}</Text>
        {total > 0 && (
          <Text className="counselor-articles-all" onClick={() => Taro.navigateTo({ url: '/pages3/news/index' })}>
            {tx('articlesAll')} ›
          </Text>
        )}
      </View>
      {status === 'loading' && <Text className="counselor-articles-note">{tx('articlesLoading')}</Text>}
      {status === 'error' && (
        <Text className="counselor-articles-note counselor-articles-retry" onClick={load}>
          {tx('articlesFailed')}
        </Text>
      )}
      {status === 'ready' && rows.length === 0 && (
        <Text className="counselor-articles-note">{tx('articlesEmpty')}</Text>
      )}
      {status === 'ready' &&
        rows.map((n) => (
          <View
            key={n.id}
            className="counselor-article"
            onClick={() => Taro.navigateTo({ url: `/pages3/news/detail?id=${n.id}` })}
          >
            <Text className="counselor-article-title">{n.title}</Text>
            <Text className="counselor-article-time">{formatDate(n.publishTime)}</Text>
          </View>
        ))}
    </View>
  )
}
