/**
 * Tab 2, learning. Logged out: a prompt to log in. Logged in: continue where you left off (the last section
 * studied), today's study, and my course goods with progress (paged, the first choice first); a row opens
 * the goods' courses. Refreshed on every show (progress changes after playing) and by pull-down.
 */
import { Text, View } from '@tarojs/components'
import Taro, { useDidShow, usePullDownRefresh, useReachBottom } from '@tarojs/taro'
import { useCallback } from 'react'
import NavBar from '@/components/nav-bar'
import TabPage from '@/components/tab-page'
import { themeStyle } from '@/components/theme'
import { go, LOGIN_URL, minutes, QUIET, useLoader } from '@/features/bank/lib'
import { ListFooter, StatusBox } from '@/features/bank/ui'
import type { LastStudy, MyCourseGoods } from '@/features/learn/api'
import { clock, learnUrl } from '@/features/learn/links'
import { useShopDoor } from '@/features/shop/components/goods-card/buy-elsewhere'
import { t } from '@/i18n'
import { formatDate } from '@/lib/datetime'
import { usePaged } from '@/lib/use-paged'
import { lastStudy, myCourseGoods, recentExamAppointment, todayStudy } from '@/services/api/tabs'
import { useSession } from '@/store/session'
import { GOODS_TYPE } from '../../../../contract/schemas/codes'
import { GoodsRow } from './parts'
import './learn.scss'

function ContinueCard({ last }: { last: LastStudy }) {
  return (
    <View className="ln-continue" onClick={() => go(learnUrl.play(last.goodsId, last.sectionId))}>
      <View className="ln-continue-main">
        <Text className="ln-continue-label">{t('learn.continue.title')}</Text>
        <Text className="ln-continue-section">{last.sectionName}</Text>
        <Text className="ln-muted ln-continue-course">
          {last.courseName} · {t('learn.continue.at', { at: clock(last.position), total: clock(last.durationSeconds) })}
        </Text>
      </View>
      <Text className="ln-btn is-primary">{t('learn.continue.go')}</Text>
    </View>
  )
}

export default function Learn() {
  // 去选课, or 咨询开通 where this platform must not sell (src/features/shop/components/goods-card/buy-elsewhere.tsx)
  const toShop = useShopDoor(t('learn.goods.toShop'))
  const loggedIn = useSession((s) => !!s.userAccount)
  const last = useLoader(() => lastStudy(undefined, QUIET))
  const today = useLoader(() => todayStudy(QUIET))
  const exam = useLoader(() => recentExamAppointment(QUIET))
  const fetchPage = useCallback((pageNum: number, pageSize: number) => myCourseGoods(pageNum, pageSize, QUIET), [])
  const goods = usePaged<MyCourseGoods>(fetchPage, 10)

  const loadAll = (quiet: boolean) =>
    Promise.all([goods.reload(quiet), last.reload(true), today.reload(true), exam.reload(true)]).then(() => undefined)

  useDidShow(() => {
    if (useSession.getState().userAccount) loadAll(goods.status === 'ready')
  })
  usePullDownRefresh(() => {
    const p = useSession.getState().userAccount ? loadAll(true) : Promise.resolve()
    p.finally(() => Taro.stopPullDownRefresh())
  })
  useReachBottom(() => {
    if (loggedIn) goods.loadMore()
  })

  if (!loggedIn)
    return (
      <TabPage index={2}>
        <View className="page ln-page ln-home" style={themeStyle}>
          <NavBar title={t('learn.title')} back={false} home={false} />
          <View className="ln-welcome">
            <Text className="ln-welcome-title">{t('learn.welcome.title')}</Text>
            <Text>{t('learn.welcome.text')}</Text>
            <View className="ln-btn is-light ln-login" onClick={() => go(LOGIN_URL)}>
              <Text>{t('common.login')}</Text>
            </View>
          </View>
        </View>
      </TabPage>
    )

  const rows = goods.rows
  const day = today.data
  return (
    <TabPage index={2}>
      <View className="page ln-page ln-home" style={themeStyle}>
        <NavBar title={t('learn.title')} back={false} home={false} />
        {last.data && <ContinueCard last={last.data} />}
        {exam.data && (
          <View
            className="ln-section ln-row ln-upcoming-exam"
            onClick={() => go(`/pages2/exam/exam_appointment?examId=${exam.data?.examId}`)}
          >
            <View className="ln-row-main">
              <Text className="ln-muted">{t('learn.exam.title')}</Text>
              <Text className="ln-row-title">{exam.data.examName}</Text>
              <Text className="ln-muted">
                {formatDate(exam.data.startTime, { time: true })} · {exam.data.siteName}
              </Text>
            </View>
            {!exam.data.letterSigned && <Text className="ln-link">{t('learn.exam.unsigned')}</Text>}
            <Text className="ln-arrow" />
          </View>
        )}
        {day && (
          <View className="ln-section ln-today">
            <View className="ln-section-head">
              <Text className="ln-section-title">{t('learn.today.title')}</Text>
              <Text className="ln-link" onClick={() => go(learnUrl.hours)}>
                {t('learn.today.hours')}
              </Text>
            </View>
            <View className="ln-numbers">
              <View className="ln-number">
                <Text className="ln-number-value ln-today-sections">{day.sectionNum}</Text>
                <Text className="ln-muted">{t('learn.today.sections')}</Text>
              </View>
              <View className="ln-number">
                <Text className="ln-number-value ln-today-minutes">{minutes(day.seconds)}</Text>
                <Text className="ln-muted">{t('learn.today.minutes')}</Text>
              </View>
            </View>
            {day.sections.slice(0, 3).map((s) => (
              <View
                key={`${s.goodsId}-${s.sectionId}`}
                className={`ln-row ln-today-section ln-today-section-${s.sectionId}`}
                onClick={() => go(learnUrl.play(s.goodsId, s.sectionId))}
              >
                <View className="ln-row-main">
                  <Text className="ln-row-title">{s.sectionName}</Text>
                  <Text className="ln-muted">{s.courseName}</Text>
                </View>
                <Text className="ln-link">{t('learn.today.again')}</Text>
              </View>
            ))}
          </View>
        )}
        {/* live classes (pages5): a route string only, no live code in the main package */}
        <View className="ln-section ln-row ln-to-lives" onClick={() => go('/pages5/liveDetail/list')}>
          <View className="ln-row-main">
            <Text className="ln-row-title">{t('learn.live.title')}</Text>
            <Text className="ln-muted">{t('learn.live.hint')}</Text>
          </View>
          <Text className="ln-arrow" />
        </View>
        <View className="ln-section ln-my-goods">
          <View className="ln-section-head">
            <Text className="ln-section-title">{t('learn.goods.title')}</Text>
            {goods.rows.length > 1 && (
              <Text className="ln-link ln-to-preference" onClick={() => go(learnUrl.preference)}>
                {t('learn.goods.preference')}
              </Text>
            )}
          </View>
          <StatusBox
            status={goods.status}
            empty={rows.length === 0}
            emptyText={t('learn.goods.empty')}
            emptyHint={t('learn.goods.emptyHint')}
            emptyAction={toShop.text}
            onEmptyAction={toShop.open}
            onRetry={() => goods.reload()}
          >
            {rows.map((g) => (
              <GoodsRow
                key={g.goodsId}
                g={g}
                tag={g.firstChoice ? t('learn.goods.firstTag') : undefined}
                onOpen={(row) => go(learnUrl.details(row.goodsId))}
                extra={
                  g.goodsType === GOODS_TYPE.live ? (
                    <Text
                      className="ln-link ln-goods-lives"
                      onClick={(e) => {
                        e.stopPropagation()
                        go(`/pages5/liveDetail/index?goodsId=${g.goodsId}`)
                      }}
                    >
                      {t('learn.live.schedule')}
                    </Text>
                  ) : undefined
                }
              />
            ))}
            <ListFooter more={goods.more} done={goods.done} onRetry={() => goods.loadMore()} />
          </StatusBox>
        </View>
      </View>
    </TabPage>
  )
}
