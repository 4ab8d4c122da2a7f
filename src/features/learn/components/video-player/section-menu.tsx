/**
 * Chapters of a course with their sections (name, duration, state), chapters collapsible (spec global
 * chapterOpen), the section playing highlighted. Used by the course menu page and under the player.
 */
import { Text, View } from '@tarojs/components'
import { type MenuChapter, SECTION_STATUS, type SectionProgress } from '@/features/learn/api'
import { clock, firstUnfinished, percentText } from '@/features/learn/links'
import { isChapterOpen, usePlay } from '@/features/learn/play-store'
import { t } from '@/i18n/sub'
import './index.scss'

export function sectionState(s: Pick<SectionProgress, 'status' | 'percent'>): string {
  if (s.status === SECTION_STATUS.finished) return t('learn.section.finished')
  if (s.status === SECTION_STATUS.notStarted && s.percent <= 0) return t('learn.section.notStarted')
  return t('learn.section.percent', { percent: percentText(s.percent) })
}

export default function SectionMenu({
  chapters,
  current,
  onPick,
  stateOf = sectionState,
}: {
  chapters: readonly MenuChapter[]
  /** the section to highlight (playing); null: none */
  current: number | null
  onPick: (s: SectionProgress) => void
  /** what a section's right side says (default: the learner's progress; a trial: free or locked) */
  stateOf?: (s: SectionProgress) => string
}) {
  const chapterOpen = usePlay((s) => s.chapterOpen)
  const setChapterOpen = usePlay((s) => s.setChapterOpen)
  const focus = current ?? firstUnfinished(chapters)?.sectionId ?? null
  return (
    <View className="vp-menu">
      {chapters.map((c) => {
        const open = isChapterOpen(
          chapterOpen,
          c.chapterId,
          c.sectionList.map((s) => s.sectionId),
          focus,
        )
        return (
          <View key={c.chapterId} className={`vp-chapter vp-chapter-${c.chapterId}${open ? ' is-open' : ''}`}>
            <View className="vp-chapter-head" onClick={() => setChapterOpen(c.chapterId, !open)}>
              <Text className="vp-chapter-name">{c.chapterName}</Text>
              <Text className="vp-muted vp-chapter-count">
                {t('learn.course.sections', { done: c.finishedSectionNum, total: c.sectionNum })}
              </Text>
              <View className="vp-chevron" />
            </View>
            {open &&
              c.sectionList.map((s) => {
                const playing = s.sectionId === current
                const finished = s.status === SECTION_STATUS.finished
                return (
                  <View
                    key={s.sectionId}
                    className={`vp-section vp-section-${s.sectionId}${playing ? ' is-current' : ''}${finished ? ' is-finished' : ''}`}
                    onClick={() => onPick(s)}
                  >
                    <View className="vp-section-main">
                      <Text className="vp-section-name">{s.sectionName}</Text>
                      <Text className="vp-muted">
                        {clock(s.durationSeconds)}
                        {playing ? ` · ${t('learn.section.playing')}` : ''}
                      </Text>
                    </View>
                    <Text className="vp-section-state">{stateOf(s)}</Text>
                  </View>
                )
              })}
          </View>
        )
      })}
    </View>
  )
}
