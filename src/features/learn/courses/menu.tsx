/**
 * The chapters and sections of one course (spec: pages2/learn/menu?goodsId&courseId) with each section's
 * state; the section playing (or last played) is highlighted; a tap opens the player. Reloaded on show,
 * since progress changes after playing, and by pull-down.
 */
import { Text, View } from '@tarojs/components'
import Taro, { useDidShow, usePullDownRefresh, useRouter } from '@tarojs/taro'
import Empty from '@/components/empty'
import NavBar from '@/components/nav-bar'
import { themeStyle } from '@/components/theme'
import { go, numParam, QUIET, requireLogin, useLoader } from '@/features/bank/lib'
import { Bar, StatusBox } from '@/features/bank/ui'
import { courseMenu, SECTION_STATUS } from '@/features/learn/api'
import SectionMenu from '@/features/learn/components/video-player/section-menu'
import { learnUrl, menuSections, percentText } from '@/features/learn/links'
import { usePlay } from '@/features/learn/play-store'
import { t } from '@/i18n/sub'
import { progressOf } from '../../../../shared/rules/progress'
import '@/features/learn/tab/learn.scss'

export default function CourseMenu() {
  const { params } = useRouter()
  const p = params as Record<string, string | undefined>
  const goodsId = numParam(p.goodsId)
  const courseId = numParam(p.courseId)
  const menu = useLoader(() => courseMenu(goodsId ?? 0, courseId ?? 0, QUIET))
  const playing = usePlay((s) => s.playSectionId)

  useDidShow(() => {
    if (goodsId && courseId && requireLogin()) menu.reload(menu.status === 'ready')
  })
  usePullDownRefresh(() => {
    const r = goodsId && courseId ? menu.reload(true) : Promise.resolve()
    r.finally(() => Taro.stopPullDownRefresh())
  })

  if (!goodsId || !courseId)
    return (
      <View className="page ln-page" style={themeStyle}>
        <NavBar title={t('learn.menu.title')} />
        <Empty text={t('learn.notFound')} />
      </View>
    )

  const chapters = menu.data ?? []
  const sections = menuSections(chapters)
  // the course's progress: the one computation the server and the details page use (shared/rules/progress.ts)
  const { percent } = progressOf(sections)
  const current = sections.some((s) => s.sectionId === playing) ? playing : null
  return (
    <View className="page ln-page ln-menu" style={themeStyle}>
      <NavBar title={t('learn.menu.title')} />
      <StatusBox
        status={menu.status}
        empty={sections.length === 0}
        emptyText={t('learn.menu.empty')}
        onRetry={() => menu.reload()}
      >
        <View className="ln-section ln-menu-summary">
          <Text className="ln-muted">
            {t('learn.course.sections', {
              done: sections.filter((s) => s.status === SECTION_STATUS.finished).length,
              total: sections.length,
            })}
          </Text>
          <View className="ln-progress">
            <Bar value={percent} />
            <Text className="ln-goods-percent">{percentText(percent)}</Text>
          </View>
        </View>
        <View className="ln-section">
          <SectionMenu chapters={chapters} current={current} onPick={(s) => go(learnUrl.play(goodsId, s.sectionId))} />
        </View>
      </StatusBox>
    </View>
  )
}
