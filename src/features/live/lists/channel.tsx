/**
 * A live channel's page (spec: pages5/liveDetail/course?channelId=), as free public classes are shown: the
 * channel's cover, lecturer and introduction, and its schedule of sessions, the current one first to enter.
 * A channel the learner may not enter offers the goods (or mock exam) that gives entry.
 */
import { Image, Text, View } from '@tarojs/components'
import Taro, { useDidShow, usePullDownRefresh, useRouter } from '@tarojs/taro'
import { useState } from 'react'
import Empty from '@/components/empty'
import { imageUrl } from '@/components/link'
import NavBar from '@/components/nav-bar'
import PageLoading from '@/components/page-loading'
import RichHtml from '@/components/rich-html'
import { themeStyle } from '@/components/theme'
import { numParam, requireLogin, useLoader } from '@/features/bank/lib'
import { channelDetail, type LiveRefusal, liveRefusal } from '@/features/live/api'
import { offerEntry, openSession, sessionTarget } from '@/features/live/links'
import { lx } from '@/features/live/messages'
import { SessionRow } from './parts'

export default function LiveCoursePage() {
  const { params } = useRouter()
  const channelId = numParam(params.channelId)
  const [refusal, setRefusal] = useState<LiveRefusal | null>(null)
  const detail = useLoader(async () => {
    if (!channelId) return null
    try {
      const d = await channelDetail({ channelId }, { noLoading: true, silent: true })
      setRefusal(null)
      return d
    } catch (e) {
      const r = liveRefusal(e)
      if (r) {
        setRefusal(r)
        return null
      }
      throw e
    }
  })

  useDidShow(() => {
    if (channelId && requireLogin()) detail.reload(detail.status === 'ready')
  })
  usePullDownRefresh(() => {
    detail.reload(true).finally(() => Taro.stopPullDownRefresh())
  })

  const d = detail.data
  const nav = <NavBar title={d?.channelName || lx('course.title')} />
  let body: JSX.Element
  if (!channelId || refusal?.kind === 'notFound') body = <Empty text={lx('room.notFound')} />
  else if (refusal?.kind === 'notEntitled')
    body = (
      <Empty
        text={lx('room.notEntitled')}
        actionText={
          refusal.goodsId || refusal.examId ? lx(refusal.goodsId ? 'entitle.toGoods' : 'entitle.toMock') : undefined
        }
        onAction={() => offerEntry(refusal)}
      />
    )
  else if (detail.status === 'loading') body = <PageLoading rows={3} banner />
  else if (detail.status === 'error' || !d)
    body = <Empty text={lx('room.loadFailed')} actionText={lx('room.retry')} onAction={() => detail.reload()} />
  else
    body = (
      <>
        <View className="lv-head lv-course-head">
          {!!d.cover && <Image className="lv-head-cover" src={imageUrl(d.cover)} mode="aspectFill" />}
          <Text className="lv-head-title">{d.channelName}</Text>
          <View className="lv-teacher">
            {d.teacherAvatar ? (
              <Image className="lv-teacher-avatar" src={imageUrl(d.teacherAvatar)} mode="aspectFill" />
            ) : (
              <View className="lv-teacher-avatar" />
            )}
            <Text className="lv-muted">{lx('row.teacher', { name: d.teacherName })}</Text>
          </View>
          <View
            className="lv-enter lv-course-enter"
            onClick={() => Taro.navigateTo({ url: sessionTarget(d) }).catch(() => undefined)}
          >
            <Text>{d.state === 'ended' && d.hasPlayback ? lx('row.replay') : lx('row.enter')}</Text>
          </View>
        </View>
        <View className="lv-section lv-course-intro">
          <Text className="lv-section-title">{lx('course.intro')}</Text>
          {d.intro ? <RichHtml html={d.intro} /> : <Text className="lv-muted">{lx('course.noIntro')}</Text>}
        </View>
        {d.sessions.length > 0 && (
          <View className="lv-section lv-course-sessions">
            <Text className="lv-section-title">{lx('course.schedule')}</Text>
            {d.sessions.map((s) => (
              <SessionRow key={s.sessionId} s={s} current={s.sessionId === d.sessionId} onOpen={openSession} />
            ))}
          </View>
        )}
      </>
    )
  return (
    <View className="page lv-list-page lv-course" style={themeStyle}>
      {nav}
      {body}
    </View>
  )
}
