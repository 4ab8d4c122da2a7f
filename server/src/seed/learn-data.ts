/**
 * Learning data of the demo catalogues (./shop-data.ts), by goods key: study settings, optional courses,
 * classes and handouts. Every course goods (type 1) gets a default open class and a spring class with a
 * capacity; the goods listed in NOT_STARTED get a class that starts later (checkGoodsStudy refuses it).
 * Handout files live in server/media/handout/: two per lesson topic (HANDOUT_TOPICS), listed by the goods whose
 * courses teach that topic.
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
  /** the name of the goods' course it belongs to; absent: the goods' own */
  course?: string
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

/**
 * The handouts of each lesson topic (the `<topic>` of `lesson-<topic>.mp4`), by subject: a 精讲讲义 (the lesson as
 * lecture notes, with more on the topic and practice questions) and a 考点速记与练习 (the points and a set of questions
 * with answers), several A5 pages each, printed by scripts/seed-media.mjs from scripts/seed-media/handouts.mjs.
 */
export const HANDOUT_TOPICS: Record<string, string> = {
  'safety-law': '安全生产法律法规',
  'safety-management': '安全生产管理',
  electrical: '低压电工作业',
  'engineering-economics': '建设工程经济',
  building: '建筑工程管理与实务',
  math: '高等数学（二）',
  accounting: '会计实务',
  'economic-law': '经济法基础',
  finance: '财务管理',
  hr: '企业人力资源管理',
  teacher: '教师资格·综合素质',
  'digital-economy': '数字经济与创新驱动发展',
  marxism: '马克思主义基本原理',
}

/** The two handout files of a topic and their names. */
export function topicHandouts(topic: string) {
  const subject = HANDOUT_TOPICS[topic] ?? topic
  return {
    notes: { name: `${subject}精讲讲义`, file: `${topic}-notes.pdf` },
    drill: { name: `${subject}考点速记与练习`, file: `${topic}-drill.pdf` },
  }
}

/** The topic a lesson video teaches: `lesson-<topic>.mp4`. */
export const lessonTopic = (video: string | undefined) => /^lesson-([a-z0-9-]+)\.mp4$/.exec(video ?? '')?.[1]

/**
 * A goods' handouts, all of its own subjects: per topic its courses teach, the 考点速记与练习 (free to read before
 * buying, the goods' own) and the 精讲讲义 (bound to the course; free on free goods).
 */
function handoutsOf(tenantId: number, courses: { name: string }[], free: boolean): HandoutSeed[] {
  const topics: [string, string][] = []
  for (const c of courses) {
    const topic = lessonTopic(LESSON_VIDEOS[tenantId]?.[c.name])
    if (topic && HANDOUT_TOPICS[topic] && !topics.some(([x]) => x === topic)) topics.push([topic, c.name])
  }
  return topics.flatMap(([topic, course]) => [
    { ...topicHandouts(topic).drill, free: true },
    { ...topicHandouts(topic).notes, free, course },
  ])
}

/** Handout files an earlier seed shipped (one page each, some under the wrong subject): rows naming them go. */
export const OLD_HANDOUT_FILES = ['safety-law.pdf', 'electrical-basics.pdf', 'engineering-economics.pdf']

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
        handouts: handoutsOf(tenantId, g.courses ?? [], g.price === 0),
      }
    })
}
