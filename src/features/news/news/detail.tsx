import { Text, View } from '@tarojs/components'
import { useLoad, useRouter } from '@tarojs/taro'
import dayjs from 'dayjs'
import 'dayjs/locale/zh-cn'
import { useCallback, useState } from 'react'
import Empty from '@/components/empty'
import { TENANT_DOCS, type TenantDoc } from '@/components/link'
import NavBar from '@/components/nav-bar'
import PageLoading from '@/components/page-loading'
import RichHtml from '@/components/rich-html'
import { themeStyle } from '@/components/theme'
import { t } from '@/i18n/sub'
import { consultationDetail, getConfig } from '@/services/api/common'
import { ApiError } from '@/services/http/error'
import type { ConsultationDetail } from '../../../../contract/types'
import './detail.scss'

type Status = 'loading' | 'ready' | 'notFound' | 'error'

/** A tenant document (`doc`: its user agreement or privacy policy), from the tenant config `{ title, content }`. */
interface Doc {
  title: string
  content: string
}

async function loadDoc(key: TenantDoc): Promise<Doc | null> {
  const rows = await getConfig(key, { noLoading: true, silent: true })
  const raw = rows.find((r) => r.configKey === key)?.configValue
  if (!raw) return null
  try {
    const v = JSON.parse(raw) as Partial<Doc>
    return typeof v.title === 'string' && typeof v.content === 'string' ? { title: v.title, content: v.content } : null
  } catch {
    return null
  }
}

/** Consultation (news) article by `id` query, or the tenant's agreement / privacy policy by `doc` query. */
export default function NewsDetail() {
  const { params } = useRouter()
  const docKey = TENANT_DOCS.find((k) => k === params.doc)
  const [item, setItem] = useState<ConsultationDetail | null>(null)
  const [doc, setDoc] = useState<Doc | null>(null)
  const [status, setStatus] = useState<Status>('loading')

  const load = useCallback(async () => {
    if (docKey) {
      setStatus('loading')
      try {
        const d = await loadDoc(docKey)
        setDoc(d)
        setStatus(d ? 'ready' : 'notFound')
      } catch {
        setStatus('error')
      }
      return
    }
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
  }, [params.id, docKey])

  useLoad(() => {
    load()
  })

  return (
    <View className="page news-detail" style={themeStyle}>
      <NavBar title={docKey ? (doc?.title ?? '') : t('news.title')} />
      {status === 'loading' && <PageLoading rows={5} />}
      {status === 'notFound' && <Empty text={t('news.notFound')} />}
      {status === 'error' && <Empty text={t('shell.loadFailed')} actionText={t('common.retry')} onAction={load} />}
      {status === 'ready' && doc && (
        <View className="news-article news-doc">
          <Text className="news-title">{doc.title}</Text>
          <RichHtml className="news-content" html={doc.content} />
        </View>
      )}
      {status === 'ready' && item && !docKey && (
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
