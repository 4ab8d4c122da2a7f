/**
 * Learning data of the demo catalogues (./shop-data.ts), by goods key: study settings, optional courses,
 * classes and handouts. Every course goods (type 1) gets a default open class and a spring class with a
 * capacity; the goods listed in NOT_STARTED get a class that starts later (checkGoodsStudy refuses it).
 * Handout files live in server/media/handout/.
 */
import { CATALOGUES } from './shop-data'

export interface GradeSeed {
  name: string
  teacherName: string
  capacity: number
  isDefault: boolean
  /** days from the seed run; null = open-ended */
  startDays: number | null
  endDays: number | null
}

export interface HandoutSeed {
  name: string
  /** file name under server/media/handout/ (the handout's key) */
  file: string
  free: boolean
  /** bound to the goods' first course */
  ofCourse: boolean
}

export interface LearnGoodsSeed {
  key: string
  goodsName: string
  settings: { antiSkip: boolean; photoAtStart: boolean; photoRandomCount: number }
  /** course names that are optional (required = false) */
  optionalCourses: string[]
  grades: GradeSeed[]
  handouts: HandoutSeed[]
}

/**
 * tenant -> course name -> its lesson video in server/media/video (scripts/seed-media.mjs renders them from
 * scripts/seed-media/lessons.mjs: slides and a voice on the course's topic). Every section of the course plays it.
 */
export const LESSON_VIDEOS: Record<number, Record<string, string>> = {
  1001: {
    安全生产法律法规精讲: 'lesson-safety-law.mp4',
    新安全生产法解读: 'lesson-safety-law.mp4',
    安全员年度继续教育: 'lesson-safety-law.mp4',
    安全生产管理实务: 'lesson-safety-management.mp4',
    低压电工理论与实操: 'lesson-electrical.mp4',
    建设工程经济精讲: 'lesson-engineering-economics.mp4',
    建筑工程管理与实务精讲: 'lesson-building.mp4',
    二建建筑工程实务精讲: 'lesson-building.mp4',
    考前冲刺直播: 'lesson-building.mp4',
    消防设施操作员初级直播: 'lesson-fire.mp4',
    '高等数学（二）基础精讲': 'lesson-math.mp4',
  },
  1002: {
    初级会计实务精讲: 'lesson-accounting.mp4',
    中级会计实务精讲: 'lesson-accounting.mp4',
    中级会计冲刺直播: 'lesson-accounting.mp4',
    会计人员年度专业科目: 'lesson-accounting.mp4',
    经济法基础精讲: 'lesson-economic-law.mp4',
    财务管理精讲: 'lesson-finance.mp4',
    人力资源管理师三级精讲: 'lesson-hr.mp4',
    综合素质精讲: 'lesson-teacher.mp4',
    数字经济与创新驱动发展: 'lesson-digital-economy.mp4',
    马克思主义基本原理精讲: 'lesson-marxism.mp4',
  },
}

const FILES = {
  law: ['安全生产法律法规讲义', 'safety-law.pdf'],
  electric: ['电工基础讲义', 'electrical-basics.pdf'],
  economics: ['建设工程经济讲义', 'engineering-economics.pdf'],
} as const
type FileKey = keyof typeof FILES

/** Handout files by goods key prefix: the first is the free one. */
const HANDOUTS: [RegExp, FileKey, FileKey][] = [
  [/^tz-/, 'electric', 'law'],
  [/^(yj|ej)-/, 'economics', 'law'],
  [/^(aq|xf)-/, 'law', 'electric'],
  [/./, 'economics', 'law'],
]

/** tenant -> goods with a study photo check */
const PHOTO_GOODS: Record<number, string[]> = { 1001: ['aq-jx'], 1002: [] }
/** tenant -> goods whose spring class has not started yet */
const NOT_STARTED: Record<number, string[]> = { 1001: ['ck-math'], 1002: ['zk-my'] }
/** tenant -> goods key -> optional course names */
const OPTIONAL: Record<number, Record<string, string[]>> = { 1001: { 'aq-full': ['安全生产管理实务'] }, 1002: {} }

export function learnSeeds(tenantId: number): LearnGoodsSeed[] {
  const cat = CATALOGUES[tenantId]
  if (!cat) return []
  return cat.goods
    .filter((g) => g.type === 1 && (g.courses?.length ?? 0) > 0)
    .map((g) => {
      const photo = PHOTO_GOODS[tenantId]?.includes(g.key) ?? false
      const later = NOT_STARTED[tenantId]?.includes(g.key) ?? false
      const teacherName = cat.teachers[g.teachers[0] ?? 0]?.name ?? ''
      const [, free, paid] = HANDOUTS.find(([re]) => re.test(g.key))!
      return {
        key: g.key,
        goodsName: g.name,
        settings: { antiSkip: true, photoAtStart: photo, photoRandomCount: photo ? 1 : 0 },
        optionalCourses: OPTIONAL[tenantId]?.[g.key] ?? [],
        grades: [
          { name: '默认班', teacherName, capacity: 1000, isDefault: true, startDays: null, endDays: null },
          later
            ? { name: '秋季提高班', teacherName, capacity: 40, isDefault: false, startDays: 30, endDays: 210 }
            : { name: '春季精品班', teacherName, capacity: 50, isDefault: false, startDays: -30, endDays: 330 },
        ],
        handouts: [
          { name: FILES[free][0], file: FILES[free][1], free: true, ofCourse: false },
          { name: FILES[paid][0], file: FILES[paid][1], free: false, ofCourse: true },
        ],
      }
    })
}
