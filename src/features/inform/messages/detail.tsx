/**
 * One message (spec: pages2/msg/detail?id): its kind, title, time and text, and a button to the page it is about
 * (the order list, the invoice page, the booking, the exam result, identity ...) when it links one. Loading it
 * marks it read on the server; the badges follow. A message that is not the learner's (or was removed) says so.
 */
import { Button, Text, View } from '@tarojs/components'
import Taro, { useRouter } from '@tarojs/taro'
import { useEffect, useRef, useState } from 'react'
import Empty from '@/components/empty'
import '@/components/form/index.scss'
import { openLink } from '@/components/link'
import NavBar from '@/components/nav-bar'
import PageLoading from '@/components/page-loading'
import { themeStyle } from '@/components/theme'
import { numParam, QUIET, requireLogin } from '@/features/bank/lib'
import { type MessageDetail, message } from '@/features/inform/api'
import { t } from '@/i18n/sub'
import { formatDate } from '@/lib/datetime'
import { ApiError } from '@/services/http/error'
import { useApp } from '@/store/app'
import { type MxKey, mx } from './messages'
import './msg.scss'

const LIST_URL = '/pages2/msg/index'

type State = { status: 'loading' } | { status: 'ready'; m: MessageDetail } | { status: 'missing' } | { status: 'error' }

export default function MessageDetailPage() {
  const { params } = useRouter()
  const id = numParam((params as Record<string, string | undefined>).id)
  const [state, setState] = useState<State>(id ? { status: 'loading' } : { status: 'missing' })
  const seq = useRef(0)

  const load = async () => {
    if (!id) return
    const my = ++seq.current
    setState({ status: 'loading' })
    try {
      const m = await message(id, QUIET)
      if (my !== seq.current) return
      setState({ status: 'ready', m })
      // it is read now: the tab bar and My account count one less
      useApp
        .getState()
        .refreshBadges()
        .catch(() => undefined)
    } catch (e) {
      if (my !== seq.current) return
      setState(
        e instanceof ApiError && (e.code === 404 || e.code === 400) ? { status: 'missing' } : { status: 'error' },
      )
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per id
  useEffect(() => {
    if (id && requireLogin()) load()
  }, [id])

  const back = () => {
    const pages = Taro.getCurrentPages()
    if (pages.length > 1) Taro.navigateBack()
    else Taro.redirectTo({ url: LIST_URL })
  }

  return (
    <View className="page msg-page msg-detail-page" style={themeStyle}>
      <NavBar title={mx('detailTitle')} fallbackUrl={LIST_URL} />
      {state.status === 'loading' && <PageLoading rows={3} />}
      {state.status === 'error' && (
        <Empty text={t('shell.loadFailed')} actionText={t('common.retry')} onAction={load} />
      )}
      {state.status === 'missing' && <Empty text={mx('notFound')} actionText={mx('back')} onAction={back} />}
      {state.status === 'ready' && (
        <View className="msg-detail">
          <Text className="msg-kind">{mx(`kind.${state.m.kind}` as MxKey)}</Text>
          <Text className="msg-detail-title">{state.m.title}</Text>
          <Text className="msg-time">{formatDate(state.m.createTime, { time: true, year: 'always' })}</Text>
          <Text className="msg-detail-content" userSelect>
            {state.m.content}
          </Text>
          {!!state.m.link && (
            <Button className="form-submit msg-open" onClick={() => openLink(state.m.link)}>
              {mx(`open.${state.m.kind}` as MxKey)}
            </Button>
          )}
        </View>
      )}
    </View>
  )
}
