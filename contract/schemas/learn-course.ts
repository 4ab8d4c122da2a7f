/**
 * A goods' course beyond its tree and player (spec §7 "Courses and study"; docs/DECISIONS.md "Course extras"): rebuilding a goods' study hours
 * from the accepted intervals and whether that would change anything, the player's skip rule, the majors a learner
 * studies in, goods replaced by a newer edition and where to go instead, section tests, the assessment checklist
 * (考核) of a goods, the teachers of a goods' courses and the school's learning prompts (学习须知, 考试须知).
 * Times are Unix seconds; hours are credited seconds.
 */
import { z } from 'zod'
import type { RouteKey } from '../routes'
import type { StaffRouteKey } from '../staff'
import type { RouteSchema } from './types'

const id = z.coerce.number().int().positive().max(2_147_483_647)
const int = z.number().int()
const num = z.number()
/** an optional id in a query: '' and absent mean none */
const optionalId = z.preprocess((v) => (v === '' ? undefined : v), id.optional())

export const EXAMINE_KEYS = ['courses', 'hours', 'sectionTests', 'exam'] as const
export type ExamineKey = (typeof EXAMINE_KEYS)[number]
/** where `old/goods/redirect` sends the learner: the successor they hold, the old goods (still plays), or buy */
export const REDIRECT_ACTIONS = ['successor', 'old', 'buy'] as const
export type RedirectAction = (typeof REDIRECT_ACTIONS)[number]
/** a prompt's key: lower-case letters, digits, '-' (e.g. study, exam, live) */
export const PROMPT_KEY_RE = /^[a-z][a-z0-9-]{0,31}$/

/** what the stored progress of a goods adds up to (the sections of its courses) */
export const hoursTotals = z.object({
  sectionNum: int,
  finishedSectionNum: int,
  totalSeconds: int,
  creditedSeconds: int,
  /** 0..100, one decimal */
  percent: num,
})

export const rebuildStatus = z.object({
  goodsId: int,
  /** true: the stored progress differs from what the accepted intervals give (offer 重新计算学时) */
  stale: z.boolean(),
  /** sections whose stored progress differs */
  staleSectionNum: int,
  stored: hoursTotals,
  fromIntervals: hoursTotals,
})

export const rebuildResult = z.object({
  goodsId: int,
  /** sections written (changed, created or reset) */
  changedSectionNum: int,
  before: hoursTotals,
  after: hoursTotals,
})

export const skipRule = z.object({
  goodsId: int,
  /** null: the goods' rule (no section asked) */
  sectionId: int.nullable(),
  /** the goods refuses seeking past the furthest watched point until a section is finished */
  antiSkip: z.boolean(),
  /** an audition section played without a grant: no rule, nothing credited */
  trial: z.boolean(),
  finished: z.boolean(),
  /** the player may drag anywhere (antiSkip off, section finished, or a trial) */
  seekable: z.boolean(),
  /** the furthest point watched: seeking beyond skipPoint + slackSeconds is refused (when not seekable) */
  skipPoint: num,
  slackSeconds: num,
  durationSeconds: int,
  photoAtStart: z.boolean(),
  photoRandomCount: int,
  /** photos still due in the section, in playback order */
  photos: z.array(z.object({ scene: z.enum(['start', 'random']), position: num })),
})

export const majorRow = z.object({
  /** the business (专业 / 业务线) id */
  majorId: int,
  majorName: z.string(),
  description: z.string(),
  educationTypeId: int,
  educationTypeName: z.string(),
  subjects: z.array(z.object({ subjectId: int, subjectName: z.string() })),
  /** course goods (courses, packages) on sale in it */
  goodsNum: int,
  /** the learner holds a goods of it */
  mine: z.boolean(),
})

const successor = z.object({
  goodsId: int,
  goodsName: z.string(),
  cover: z.string(),
  goodsType: int,
  /** cents */
  price: int,
  onSale: z.boolean(),
  /** the learner holds it (active) */
  owned: z.boolean(),
})

export const oldGoodsRow = z.object({
  goodsId: int,
  goodsName: z.string(),
  cover: z.string(),
  goodsType: int,
  /** the learner's grant: null = no expiry */
  expireTime: int.nullable(),
  /** the grant is active and the goods has courses: it still plays */
  playable: z.boolean(),
  /** the learner's progress in it (0..100) */
  percent: num,
  /** the newest edition (the end of the replaced-by chain) */
  successor,
})

export const redirectResult = z.object({
  /** the goods asked about */
  goodsId: int,
  action: z.enum(REDIRECT_ACTIONS),
  /** where to go: the successor's id ('successor', 'buy') or the old goods' ('old') */
  targetGoodsId: int,
  /** the app route to open */
  path: z.string(),
  /** the newest edition, null when the goods was not replaced */
  successor: successor.nullable(),
})

export const sectionTestRow = z.object({
  sectionId: int,
  sectionName: z.string(),
  chapterId: int,
  courseId: int,
  paperId: int,
  paperName: z.string(),
  questionNum: int,
  totalScore: num,
  passScore: num,
  /** the section is finished (the test is meant after the lesson) */
  sectionFinished: z.boolean(),
  /** submitted attempts */
  attemptNum: int,
  bestScore: num.nullable(),
  passed: z.boolean(),
  /** the app route that starts the test */
  path: z.string(),
})

export const examineItem = z.object({
  key: z.enum(EXAMINE_KEYS),
  /** exam items: the exam's id; else null */
  examId: int.nullable(),
  /** in the learner's language */
  title: z.string(),
  done: z.boolean(),
  current: num,
  target: num,
  /** course | second | test | score */
  unit: z.enum(['course', 'second', 'test', 'score']),
  /** 0..100, one decimal */
  percent: num,
  /** where to work on it */
  path: z.string(),
})

export const examineList = z.object({
  goodsId: int,
  allDone: z.boolean(),
  items: z.array(examineItem),
})

export const goodsTeacherRow = z.object({
  teacherId: int,
  teacherName: z.string(),
  title: z.string(),
  avatar: z.string(),
  intro: z.string(),
  /** the goods' courses the teacher gives (empty: named on the goods only) */
  courses: z.array(z.object({ courseId: int, courseName: z.string() })),
})

export const promptRow = z.object({
  key: z.string(),
  title: z.string(),
  /** sanitised HTML */
  content: z.string(),
  /** the goods this prompt is for; null = the school's general prompt */
  goodsId: int.nullable(),
})

const goodsQuery = z.object({ goodsId: id })

export const learnCourseSchemas = {
  'GET /course/goodsRebuildStatus': { query: goodsQuery, data: rebuildStatus },
  'POST /course/period/rebuild': { body: z.object({ goodsId: id }), data: rebuildResult },
  'GET /course/skipPort': { query: z.object({ goodsId: id, sectionId: optionalId }), data: skipRule },
  'GET /course/major/list': {
    query: z.object({ educationTypeId: optionalId }),
    data: z.array(majorRow),
  },
  'GET /course/old/goods/list': { data: z.array(oldGoodsRow) },
  'GET /course/old/goods/redirect': { query: goodsQuery, data: redirectResult },
  'GET /course/sectionExamList': {
    query: z.object({ goodsId: id, courseId: optionalId, sectionId: optionalId }),
    data: z.array(sectionTestRow),
  },
  'GET /course/examine/list': { query: goodsQuery, data: examineList },
  'GET /goods/course/teacher/list': { query: goodsQuery, data: z.array(goodsTeacherRow) },
  'GET /app/common/prompt': {
    query: z.object({
      key: z.preprocess(
        (v) => (v === '' ? undefined : v),
        z.string().trim().regex(PROMPT_KEY_RE, 'key must be lower-case letters, digits or -').optional(),
      ),
      goodsId: optionalId,
    }),
    data: z.array(promptRow),
  },
} satisfies Partial<Record<RouteKey, RouteSchema>>

const promptTarget = z.object({
  key: z.string().trim().regex(PROMPT_KEY_RE),
  goodsId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
})

/**
 * The school sets its learning prompts (../staff.ts; server/src/modules/learn/staff.ts); a staff write, so the
 * tenant's cached public reads (GET /app/common/prompt among them) are dropped on every process.
 */
export const learnCourseStaffSchemas = {
  /** every prompt of the tenant */
  'GET /staff/prompts': { data: z.array(promptRow) },
  /** sets the school's prompt of a key, or a goods' own (sanitised on the way in) */
  'POST /staff/prompts': {
    body: promptTarget.extend({
      title: z.string().trim().min(1).max(100),
      content: z.string().trim().min(1).max(20_000),
    }),
    data: promptRow,
    refusals: {
      body: 'prompt: key (lower-case letters, digits, -), title (1 to 100 characters) and content (1 to 20000 characters) are required',
    },
  },
  'POST /staff/prompts/delete': {
    body: promptTarget,
    data: z.object({ deleted: int }),
    refusals: { body: 'prompt: key (lower-case letters, digits, -) is required' },
  },
} satisfies Partial<Record<StaffRouteKey, RouteSchema>>
