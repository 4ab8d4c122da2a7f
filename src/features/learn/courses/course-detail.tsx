/**
 * Course detail in the learning area (spec: pages3/detail?goodsId&courseId): intro, teacher, progress, the
 * study rules of the goods explained (no skipping ahead, photo checks), and start / continue at the first
 * unfinished section; the course's notes and asking its teachers (docs/DECISIONS.md "Notes", "Questions and answers").
 */
import { Image, Text, View } from '@tarojs/components'
import Taro, { useDidShow, usePullDownRefresh, useRouter } from '@tarojs/taro'
import Empty from '@/components/empty'
import { imageUrl } from '@/components/link'
import NavBar from '@/components/nav-bar'
import { themeStyle } from '@/components/theme'
import { go, numParam, plain, QUIET, requireLogin, useLoader } from '@/features/bank/lib'
import { Bar, StatusBox } from '@/features/bank/ui'
import { type CourseDetail, courseDetail, courseMenu, SECTION_STATUS } from '@/features/learn/api'
import { firstUnfinished, learnUrl, menuSections, percentText } from '@/features/learn/links'
import { t } from '@/i18n/sub'
import '@/features/learn/tab/learn.scss'
import { px } from '../player/messages'

/** The study rules of a goods in words, one line each. */
export function ruleLines(s: CourseDetail['settings']): string[] {
  const lines: string[] = []
  if (s.antiSkip) lines.push(t('learn.rules.antiSkip'))
  if (s.photoAtStart) lines.push(t('learn.rules.photoAtStart'))
  if (s.photoRandomCount > 0) lines.push(t('learn.rules.photoRandom', { count: s.photoRandomCount }))
  if (lines.length === 0) lines.push(t('learn.rules.none'))
  return lines
}

export default function CourseDetailPage() {
  const { params } = useRouter()
  const p = params as Record<string, string | undefined>
  const goodsId = numParam(p.goodsId)
  const courseId = numParam(p.courseId)
  const detail = useLoader(() => courseDetail(courseId ?? 0, goodsId ?? 0, QUIET))
  const menu = useLoader(() => courseMenu(goodsId ?? 0, courseId ?? 0, QUIET))

  const load = (quiet: boolean) => Promise.all([detail.reload(quiet), menu.reload(true)]).then(() => undefined)
  useDidShow(() => {
    if (goodsId && courseId && requireLogin()) load(detail.status === 'ready')
  })
  usePullDownRefresh(() => {
    const r = goodsId && courseId ? load(true) : Promise.resolve()
    r.finally(() => Taro.stopPullDownRefresh())
  })

  if (!goodsId || !courseId)
    return (
      <View className="page ln-page" style={themeStyle}>
        <NavBar title={t('learn.course.title')} />
        <Empty text={t('learn.notFound')} />
      </View>
    )

  const d = detail.data
  const sections = menuSections(menu.data ?? [])
  const next = firstUnfinished(menu.data ?? [])
  const started = sections.some((s) => s.status !== SECTION_STATUS.notStarted || s.percent > 0)
  const allDone = sections.length > 0 && sections.every((s) => s.status === SECTION_STATUS.finished)
  const label = allDone ? t('learn.course.again') : started ? t('learn.continue.go') : t('learn.course.start')
  return (
    <View className="page ln-page ln-course-page" style={themeStyle}>
      <NavBar title={d?.courseName ?? t('learn.course.title')} />
      <StatusBox status={detail.status} empty={!d} emptyText={t('learn.notFound')} onRetry={() => load(false)}>
        {d && (
          <>
            <View className="ln-section ln-course-head">
              {d.cover ? (
                <Image className="ln-course-cover" src={imageUrl(d.cover)} mode="aspectFill" />
              ) : (
                <View className="ln-course-cover ln-goods-cover-blank" />
              )}
              <Text className="ln-section-title ln-course-name">{d.courseName}</Text>
              <Text className="ln-muted">
                {d.goodsName}
                {d.teacherName ? ` · ${t('learn.course.teacher', { name: d.teacherName })}` : ''}
              </Text>
              <View className="ln-tags">
                <Text className={`ln-tag ${d.required ? 'is-required' : 'is-optional'}`}>
                  {d.required ? t('learn.course.required') : t('learn.course.optional')}
                </Text>
              </View>
              <View className="ln-progress">
                <Bar value={d.percent} />
                <Text className="ln-goods-percent">{percentText(d.percent)}</Text>
              </View>
              <Text className="ln-muted">
                {t('learn.course.sections', { done: d.finishedSectionNum, total: d.sectionNum })}
              </Text>
            </View>
            <View className="ln-section ln-rules">
              <Text className="ln-section-title">{t('learn.rules.title')}</Text>
              {ruleLines(d.settings).map((line) => (
                <Text key={line} className="ln-rule">
                  {line}
                </Text>
              ))}
            </View>
            <View className="ln-section ln-intro">
              <Text className="ln-section-title">{t('learn.course.introTitle')}</Text>
              <Text className="ln-intro-text">{plain(d.intro) || t('learn.course.noIntro')}</Text>
            </View>
            <View className="ln-section ln-row ln-to-menu" onClick={() => go(learnUrl.menu(goodsId, courseId))}>
              <Text className="ln-row-title">{t('learn.menu.title')}</Text>
              <Text className="ln-arrow" />
            </View>
            <View
              className="ln-section ln-row ln-course-notes"
              onClick={() => go(`/pages3/note/index?courseId=${courseId}`)}
            >
              <Text className="ln-row-title">{px('courseNotes')}</Text>
              <Text className="ln-arrow" />
            </View>
            <View
              className="ln-section ln-row ln-course-ask"
              onClick={() =>
                go(
                  `/pages3/answer/ask?courseId=${courseId}&goodsId=${goodsId}&title=${encodeURIComponent(d.courseName)}`,
                )
              }
            >
              <Text className="ln-row-title">{px('askCourse')}</Text>
              <Text className="ln-arrow" />
            </View>
            <View className="ln-bottom-bar">
              <View
                className={`ln-btn is-primary is-block ln-start${next ? '' : ' is-disabled'}`}
                onClick={() => {
                  if (next) go(learnUrl.play(goodsId, next.sectionId))
                  else if (menu.status === 'error') menu.reload()
                }}
              >
                <Text>
                  {next
                    ? label
                    : menu.status === 'loading'
                      ? t('common.loading')
                      : menu.status === 'error'
                        ? t('learn.loadFailedRetry')
                        : t('learn.menu.empty')}
                </Text>
              </View>
            </View>
          </>
        )}
      </StatusBox>
    </View>
  )
}
