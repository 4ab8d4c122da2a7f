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
