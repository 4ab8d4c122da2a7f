import { Text, View } from '@tarojs/components'
import { useLoad, useRouter } from '@tarojs/taro'
import dayjs from 'dayjs'
import 'dayjs/locale/zh-cn'
import { useCallback, useState } from 'react'
import Empty from '@/components/empty'
import NavBar from '@/components/nav-bar'
import PageLoading from '@/components/page-loading'
import RichHtml from '@/components/rich-html'
import { themeStyle } from '@/components/theme'
import { t } from '@/i18n'
import { consultationDetail } from '@/services/api/common'
import { ApiError } from '@/services/http/error'
import type { ConsultationDetail } from '../../../contract/types'
import './detail.scss'

type Status = 'loading' | 'ready' | 'notFound' | 'error'

/** Consultation (news) article by `id` query. */
export default function NewsDetail() {
  const { params } = useRouter()
  const [item, setItem] = useState<ConsultationDetail | null>(null)
  const [status, setStatus] = useState<Status>('loading')

  const load = useCallback(async () => {
    const id = Number(params.id)
    if (!Number.isInteger(id) || id <= 0) {
      setStatus('notFound')
      return
    }
    setStatus('loading')
    try {
      setItem(await consultationDetail(id, { noLoading: true, silent: true }))
      setStatus('ready')
    } catch (e) {
      setStatus(e instanceof ApiError && (e.code === 404 || e.code === 400) ? 'notFound' : 'error')
    }
  }, [params.id])

  useLoad(() => {
    load()
  })

  return (
    <View className="page news-detail" style={themeStyle}>
      <NavBar title={t('news.title')} />
      {status === 'loading' && <PageLoading rows={5} />}
      {status === 'notFound' && <Empty text={t('news.notFound')} />}
      {status === 'error' && <Empty text={t('shell.loadFailed')} actionText={t('common.retry')} onAction={load} />}
      {status === 'ready' && item && (
        <View className="news-article">
          <Text className="news-title">{item.title}</Text>
          <View className="news-meta">
            <Text className="news-time">
              {dayjs.unix(item.publishTime).locale('zh-cn').format('YYYY年M月D日 HH:mm')}
            </Text>
            <Text className="news-views">{t('news.views', { count: item.views })}</Text>
          </View>
          <RichHtml className="news-content" html={item.content} />
        </View>
      )}
    </View>
  )
}
