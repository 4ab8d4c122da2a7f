/** URLs of the learning pages and plain helpers they share (no Taro import). */
import type { MenuChapter, SectionProgress } from '@/features/learn/api'
import { SECTION_STATUS } from '@/services/api/tabs'

export const learnUrl = {
  details: (goodsId: number) => `/pages2/learn/details?goodsId=${goodsId}`,
  menu: (goodsId: number, courseId: number) => `/pages2/learn/menu?goodsId=${goodsId}&courseId=${courseId}`,
  course: (goodsId: number, courseId: number) => `/pages3/detail?goodsId=${goodsId}&courseId=${courseId}`,
  play: (goodsId: number, sectionId: number) => `/pages3/polyv/index?goodsId=${goodsId}&sectionId=${sectionId}`,
  preference: '/pages3/preference',
  handouts: (goodsId: number) => `/pages2/wd/stuff?goodsId=${goodsId}`,
  hours: '/pages2/learn/my_learn',
  shop: '/pages/course/index',
} as const

/** seconds -> "m:ss" or "h:mm:ss" (a position in a video) */
export { formatClock as clock } from '@/lib/datetime'

/** 0-100 with one decimal -> "37.5%" */
export const percentText = (p: number) => `${Math.round(Math.max(0, Math.min(100, p)) * 10) / 10}%`

/** Sections of a course menu in play order. */
export const menuSections = (chapters: readonly MenuChapter[]): SectionProgress[] =>
  chapters.flatMap((c) => c.sectionList)

/** Where "start / continue" goes: the first unfinished section in menu order, else the first section. */
export function firstUnfinished(chapters: readonly MenuChapter[]): SectionProgress | undefined {
  const all = menuSections(chapters)
  return all.find((s) => s.status !== SECTION_STATUS.finished) ?? all[0]
}
