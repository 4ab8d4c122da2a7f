/**
 * The courses of one course goods (spec: pages2/learn/details?goodsId): each course with progress and its
 * required / optional tag, continue in this goods, the learner's class (change it with a confirm), whether
 * study is open now (checkGoodsStudy: when not, the reason and no study), the required courses still to
 * finish before the exam, and links to the handouts and study hours.
 */
import { Text, View } from '@tarojs/components'
import Taro, { useDidShow, usePullDownRefresh, useRouter } from '@tarojs/taro'
import { useState } from 'react'
import Empty from '@/components/empty'
import NavBar from '@/components/nav-bar'
import { themeStyle } from '@/components/theme'
import { go, numParam, QUIET, requireLogin, useLoader } from '@/features/bank/lib'
import { Bar, StatusBox } from '@/features/bank/ui'
import { goodsExams } from '@/features/exam/api'
import {
  changeGrade,
  checkGoodsStudy,
  checkInGrade,
  checkRequiredCourses,
  type Grade,
  goodsGrades,
  lastStudy,
  type MyCourse,
  myCourses,
} from '@/features/learn/api'
import { clock, learnUrl, percentText } from '@/features/learn/links'
import { t } from '@/i18n/sub'
import { formatDate, formatDuration, formatRange } from '@/lib/datetime'
import { progressOf } from '../../../../shared/rules/progress'
import { CourseExtras } from './extras'
import '@/features/learn/tab/learn.scss'

export function gradePeriod(g: Pick<Grade, 'startTime' | 'endTime'>): string {
  if (g.startTime === null && g.endTime === null) return t('learn.grade.openEnded')
  if (g.startTime !== null && g.endTime !== null) return formatRange(g.startTime, g.endTime, { time: false })
  return `${g.startTime === null ? '' : formatDate(g.startTime)} ~ ${g.endTime === null ? '' : formatDate(g.endTime)}`
}

const isFull = (g: Grade) => g.capacity > 0 && g.memberNum >= g.capacity

function CourseRow({ c, onOpen, onDetail }: { c: MyCourse; onOpen: () => void; onDetail: () => void }) {
  return (
    <View className={`ln-course ln-course-${c.courseId}`} onClick={onOpen}>
      <View className="ln-row-main">
        <View className="ln-goods-title">
          <Text className={`ln-tag ${c.required ? 'is-required' : 'is-optional'}`}>
            {c.required ? t('learn.course.required') : t('learn.course.optional')}
          </Text>
          <Text className="ln-row-title">{c.courseName}</Text>
        </View>
        <Text className="ln-muted">
          {c.teacherName ? `${t('learn.course.teacher', { name: c.teacherName })} · ` : ''}
          {t('learn.course.sections', { done: c.finishedSectionNum, total: c.sectionNum })}
        </Text>
        <View className="ln-progress">
          <Bar value={c.percent} />
          <Text className="ln-goods-percent">{percentText(c.percent)}</Text>
        </View>
      </View>
      <Text
        className="ln-link ln-course-detail"
        onClick={(e) => {
          e.stopPropagation()
          onDetail()
        }}
      >
        {t('learn.course.intro')}
      </Text>
    </View>
  )
}

export default function LearnDetails() {
  const { params } = useRouter()
  const goodsId = numParam((params as Record<string, string | undefined>).goodsId)
  const id = goodsId ?? 0
  const courses = useLoader(() => myCourses(id, QUIET))
  const check = useLoader(() => checkGoodsStudy(id, QUIET))
  const required = useLoader(() => checkRequiredCourses(id, QUIET))
  const grade = useLoader(() => checkInGrade(id, QUIET))
  const last = useLoader(() => lastStudy(id, QUIET))
  const grades = useLoader(() => goodsGrades(id, QUIET))
  const exams = useLoader(() => goodsExams(id, QUIET))
  const [picking, setPicking] = useState(false)
  /** each show of the page: the course extras read again */
  const [shown, setShown] = useState(0)

  const loadAll = (quiet: boolean) =>
    Promise.all([
      courses.reload(quiet),
      check.reload(true),
      required.reload(true),
      grade.reload(true),
      last.reload(true),
      exams.reload(true),
    ]).then(() => undefined)

  useDidShow(() => {
    if (goodsId && requireLogin()) {
      loadAll(courses.status === 'ready')
      setShown((n) => n + 1)
    }
  })
  usePullDownRefresh(() => {
    const p = goodsId ? loadAll(true) : Promise.resolve()
    p.finally(() => Taro.stopPullDownRefresh())
  })

  const closed = check.data && !check.data.allowed ? check.data : null
  /** study links are refused while study is closed, with the reason */
  const study = (url: string) => {
    if (closed) Taro.showToast({ title: closed.msg, icon: 'none', duration: 2000 })
    else go(url)
  }

  const openPicker = () => {
    setPicking((p) => !p)
    grades.reload()
  }
  const choose = async (g: Grade) => {
    if (g.mine) return
    if (isFull(g)) {
      Taro.showToast({ title: t('learn.grade.full'), icon: 'none', duration: 2000 })
      return
    }
    const r = await Taro.showModal({
      title: t('learn.grade.changeTitle'),
      content: t('learn.grade.changeConfirm', { name: g.gradeName }),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    })
    if (!r.confirm) return
    try {
      await changeGrade(id, g.gradeId)
    } catch {
      return // the request layer showed why
    }
    Taro.showToast({ title: t('learn.grade.changed'), icon: 'success', duration: 2000 })
    setPicking(false)
    grade.reload(true)
    check.reload(true)
  }

  if (!goodsId)
    return (
      <View className="page ln-page" style={themeStyle}>
        <NavBar title={t('learn.details.title')} />
        <Empty text={t('learn.notFound')} />
      </View>
    )

  const mine = grade.data?.grade ?? null
  const missing = required.data && !required.data.finished ? required.data.missing : []
  // the goods as a whole: the same number as its row on the learning tab (shared/rules/progress.ts)
  const list = courses.data ?? []
  const overall = progressOf(list.map((c) => ({ durationSeconds: c.totalSeconds, creditedSeconds: c.creditedSeconds })))
  const sectionsDone = list.reduce((n, c) => n + c.finishedSectionNum, 0)
  const sectionsAll = list.reduce((n, c) => n + c.sectionNum, 0)
  return (
    <View className="page ln-page ln-details" style={themeStyle}>
      <NavBar title={last.data?.goodsName || mine?.goodsName || t('learn.details.title')} />
      {closed && (
        <View className="ln-notice ln-closed">
          <Text>{closed.msg || t('learn.details.closed')}</Text>
        </View>
      )}
      {last.data && !closed && (
        <View className="ln-continue" onClick={() => study(learnUrl.play(id, last.data?.sectionId ?? 0))}>
          <View className="ln-continue-main">
            <Text className="ln-continue-label">{t('learn.continue.title')}</Text>
            <Text className="ln-continue-section">{last.data.sectionName}</Text>
            <Text className="ln-muted">
              {last.data.courseName} ·{' '}
              {t('learn.continue.at', { at: clock(last.data.position), total: clock(last.data.durationSeconds) })}
            </Text>
          </View>
          <Text className="ln-btn is-primary">{t('learn.continue.go')}</Text>
        </View>
      )}

      {list.length > 0 && (
        <View className="ln-section ln-overall">
          <View className="ln-section-head">
            <Text className="ln-section-title">{t('learn.details.overall')}</Text>
            <Text className="ln-muted">{t('learn.course.sections', { done: sectionsDone, total: sectionsAll })}</Text>
          </View>
          <View className="ln-progress">
            <Bar value={overall.percent} />
            <Text className="ln-goods-percent ln-overall-percent">{percentText(overall.percent)}</Text>
          </View>
          <Text className="ln-muted">
            {t('learn.details.overallHours', {
              credited: formatDuration(overall.creditedSeconds),
              total: formatDuration(overall.totalSeconds),
            })}
          </Text>
        </View>
      )}

      {shown > 0 && <CourseExtras goodsId={id} tick={shown} onRebuilt={() => loadAll(true)} />}

      {missing.length > 0 && (
        <View className="ln-section ln-required">
          <Text className="ln-section-title">{t('learn.required.left', { count: missing.length })}</Text>
          {missing.map((m) => (
            <View key={m.courseId} className={`ln-row ln-required-${m.courseId}`}>
              <Text className="ln-row-title">{m.courseName}</Text>
              <Text className="ln-muted">
                {t('learn.course.sections', { done: m.finishedSectionNum, total: m.sectionNum })} ·{' '}
                {percentText(m.percent)}
              </Text>
            </View>
          ))}
        </View>
      )}
      {required.data?.finished && (
        <View className="ln-notice is-ok ln-required-done">
          <Text>{t('learn.required.done')}</Text>
        </View>
      )}

      <View className="ln-section ln-courses">
        <View className="ln-section-head">
          <Text className="ln-section-title">{t('learn.details.courses')}</Text>
        </View>
        <StatusBox
          status={courses.status}
          empty={(courses.data ?? []).length === 0}
          emptyText={t('learn.details.noCourses')}
          onRetry={() => courses.reload()}
          rows={3}
        >
          {(courses.data ?? []).map((c) => (
            <CourseRow
              key={c.courseId}
              c={c}
              onOpen={() => study(learnUrl.menu(id, c.courseId))}
              onDetail={() => go(learnUrl.course(id, c.courseId))}
            />
          ))}
        </StatusBox>
      </View>

      {(exams.data ?? []).length > 0 && (
        <View className="ln-section ln-exams">
          <View className="ln-section-head">
            <Text className="ln-section-title">{t('learn.details.exams')}</Text>
          </View>
          {(exams.data ?? []).map((e) => (
            <View
              key={e.examId}
              className={`ln-row ln-exam ln-exam-${e.examId}`}
              onClick={() => go(`/pages2/exam/exam_appointment?examId=${e.examId}`)}
            >
              <View className="ln-row-main">
                <Text className="ln-row-title">{e.name}</Text>
                <Text className="ln-muted">
                  {e.passed
                    ? t('learn.details.examPassed', { score: e.bestScore ?? 0 })
                    : t('learn.details.examAttempts', { used: e.attemptsUsed, max: e.maxAttempts || '∞' })}
                </Text>
              </View>
              <Text className="ln-arrow" />
            </View>
          ))}
        </View>
      )}

      <View className="ln-section ln-grade">
        <View className="ln-section-head">
          <Text className="ln-section-title">{t('learn.grade.title')}</Text>
          <Text className="ln-link ln-grade-change" onClick={openPicker}>
            {picking ? t('learn.grade.close') : t('learn.grade.change')}
          </Text>
        </View>
        {mine ? (
          <View className="ln-grade-mine">
            <Text className="ln-row-title">{mine.gradeName}</Text>
            <Text className="ln-muted">{gradePeriod(mine)}</Text>
            {!!mine.teacherName && (
              <Text className="ln-muted">{t('learn.grade.teacher', { name: mine.teacherName })}</Text>
            )}
          </View>
        ) : (
          <Text className="ln-muted ln-grade-none">
            {grade.status === 'error' ? t('shell.loadFailed') : t('learn.grade.none')}
          </Text>
        )}
        {picking && (
          <View className="ln-grade-options">
            {grades.status === 'loading' && <Text className="ln-muted">{t('common.loading')}</Text>}
            {grades.status === 'error' && (
              <Text className="ln-link" onClick={() => grades.reload()}>
                {t('learn.loadFailedRetry')}
              </Text>
            )}
            {grades.status === 'ready' && (grades.data ?? []).length === 0 && (
              <Text className="ln-muted">{t('learn.grade.noOther')}</Text>
            )}
            {(grades.data ?? []).map((g) => (
              <View
                key={g.gradeId}
                className={`ln-row ln-grade-option ln-grade-option-${g.gradeId}${g.mine ? ' is-active' : ''}`}
                onClick={() => choose(g)}
              >
                <View className="ln-row-main">
                  <Text className="ln-row-title">{g.gradeName}</Text>
                  <Text className="ln-muted">
                    {gradePeriod(g)} ·{' '}
                    {g.capacity > 0
                      ? t('learn.grade.members', { num: g.memberNum, cap: g.capacity })
                      : t('learn.grade.membersOpen', { num: g.memberNum })}
                  </Text>
                </View>
                <Text className="ln-muted">
                  {g.mine ? t('learn.grade.current') : isFull(g) ? t('learn.grade.fullTag') : t('learn.grade.pick')}
                </Text>
              </View>
            ))}
          </View>
        )}
      </View>

      <View className="ln-section ln-links">
        <View className="ln-row ln-link-handouts" onClick={() => go(learnUrl.handouts(id))}>
          <Text className="ln-row-title">{t('learn.details.handouts')}</Text>
          <Text className="ln-arrow" />
        </View>
        <View className="ln-row ln-link-hours" onClick={() => go(learnUrl.hours)}>
          <Text className="ln-row-title">{t('learn.details.hours')}</Text>
          <Text className="ln-arrow" />
        </View>
      </View>
    </View>
  )
}
