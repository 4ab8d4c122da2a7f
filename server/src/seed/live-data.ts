/**
 * Live classes of the two demo tenants (docs/DECISIONS.md "Live — data"), seeded by ./live.ts:
 * - a channel per live goods (its sessions are the goods' "第N次直播：…" course sections, scheduled below);
 * - a free public class per tenant, one ended session of it with the committed demo recording
 *   (server/media/live/demo-1) and the chat of that class, replayed beside the recording;
 * - the explanation room of the tenant's first mock exam;
 * - a teacher and an assistant account (live-room staff roles), a few classmates who speak in the demo chat;
 * - the censored words of the chat (config row live.censorWords).
 * Times are relative to the seed time: `day` is days from today (China time) at `at` (HH:MM), and `day: 0`
 * means "today, a couple of hours from now".
 */
import type { LIVE_STAFF_ROLES } from '../../../contract/schemas/live-codes'

export interface SessionSeed {
  title: string
  /** days from today; 0 = today, about two hours after the seed time */
  day: number
  /** HH:MM China time (ignored for day 0) */
  at: string
  minutes: number
  /** ended session with the committed demo recording (and the replay chat below) */
  recorded?: boolean
}

export interface StaffSeed {
  phone: string
  nickName: string
  realName: string
  staffRole: (typeof LIVE_STAFF_ROLES)[number]
}

/** Who speaks a line of the demo chat: the staff, the demo learner or one of the classmates (index). */
export type Speaker = 'teacher' | 'assistant' | 'learner' | 0 | 1 | 2 | 3

export interface LiveSeed {
  staff: StaffSeed[]
  /** learners who speak in the demo chat (SMS login only: no password) */
  classmates: { phone: string; nickName: string }[]
  /** per live goods key: when its sections are held; sessions beyond `days` are not scheduled */
  goods: Record<string, { days: number[]; at: string; minutes: number; scene?: 'ppt' }>
  /** cover: a seed image name (./assets.ts) */
  freeClass: { name: string; intro: string; teacher: string; cover: string; sessions: SessionSeed[] }
  /** the room of the tenant's first mock exam (named after it) */
  mockClass: { intro: string; cover: string; sessions: SessionSeed[] }
  /** seconds into the recording, speaker, text */
  replayChat: [number, Speaker, string][]
  censorWords: string[]
  /** points granted to the demo learner (the live room's rewards spend them) */
  welcomePoints: number
  welcomePointsNote: string
}

/** The committed demo VOD (scripts/seed-media.mjs); served by the live media route from config.mediaDir. */
export const DEMO_VOD_PATH = 'media/live/demo-1/index.m3u8'
/** its length when the playlist cannot be read at seed time (the demo clip is about a minute) */
export const DEMO_VOD_SECONDS = 60

export const LIVE_SEEDS: Record<number, LiveSeed> = {
  1001: {
    staff: [
      { phone: '13800000011', nickName: '王建国老师', realName: '王建国', staffRole: 'teacher' },
      { phone: '13800000012', nickName: '助教小林', realName: '林晓', staffRole: 'assistant' },
      { phone: '13800000013', nickName: '教务赵老师', realName: '赵立新', staffRole: 'manager' },
    ],
    classmates: [
      { phone: '13800000101', nickName: '安全第一' },
      { phone: '13800000102', nickName: '建工小王' },
      { phone: '13800000103', nickName: '考证路上' },
      { phone: '13800000104', nickName: '小李加油' },
    ],
    goods: {
      'yj-live': { days: [-5, 1, 4], at: '19:30', minutes: 90, scene: 'ppt' },
      'xf-live': { days: [-3, 2, 6], at: '14:00', minutes: 120 },
    },
    freeClass: {
      name: '安全生产公开课',
      intro: '每周一期的免费公开课：新规解读、事故案例分析与备考规划，登录即可观看，结束后提供回放。',
      teacher: '王建国',
      cover: 'banner-1001-1.jpg',
      sessions: [
        { title: '安全生产法新修订条款解读', day: -6, at: '19:30', minutes: 60 },
        { title: '事故案例分析答题思路', day: -2, at: '19:30', minutes: 60, recorded: true },
        { title: '高处作业安全防护要点', day: 0, at: '', minutes: 60 },
        { title: '注册安全工程师备考规划', day: 2, at: '19:30', minutes: 60 },
        { title: '特种作业操作证复审政策说明', day: 5, at: '19:30', minutes: 45 },
      ],
    },
    mockClass: {
      intro: '模拟考试的答题技巧与逐题讲评。已报名该模拟考试的学员可以进入直播间。',
      cover: 'banner-1001-1.jpg',
      sessions: [
        { title: '模拟考试答题技巧与时间分配', day: 3, at: '20:00', minutes: 60 },
        { title: '模拟试卷逐题讲评', day: 10, at: '20:00', minutes: 90 },
      ],
    },
    replayChat: [
      [1, 'assistant', '各位同学晚上好，直播马上开始，请大家调试好声音'],
      [3, 0, '老师好！'],
      [4, 1, '来了来了'],
      [6, 'learner', '老师晚上好'],
      [8, 'teacher', '大家好，今天我们讲事故案例分析题的答题思路'],
      [10, 2, '声音很清楚'],
      [12, 3, '老师好，今年案例分析分值是不是提高了？'],
      [14, 'teacher', '对，从20分提高到30分，所以今天这节课很重要'],
      [15, 0, '收到'],
      [17, 'assistant', '课件稍后会上传到课程资料里，大家不用急着截图'],
      [19, 'learner', '太好了，谢谢助教'],
      [21, 'teacher', '先看第一步：找出事故的直接原因和间接原因'],
      [23, 1, '直接原因一般是人的不安全行为和物的不安全状态吧？'],
      [25, 'teacher', '没错，间接原因多半是管理上的缺陷'],
      [27, 2, '记下来了'],
      [29, 3, '老师能再说一遍事故调查的程序吗'],
      [31, 'teacher', '好的：报告、调查、分析、处理，四个环节，后面逐一展开'],
      [33, 'learner', '案例题要不要写法条原文？'],
      [35, 'teacher', '不需要原文，写清楚依据哪部法律的哪项规定即可'],
      [37, 0, '赞'],
      [39, 1, '这个答题模板太实用了'],
      [41, 'assistant', '需要讲义的同学可以在课程页面下载'],
      [43, 2, '今年考试一般是几月份？'],
      [45, 'assistant', '一般在11月，具体以各省通知为准'],
      [47, 3, '老师讲得真清楚'],
      [49, 'learner', '第二个案例的责任认定能展开讲讲吗'],
      [51, 'teacher', '可以，我们马上进入第二个案例'],
      [53, 0, '期待'],
      [55, 1, '刚进来，错过了开头，有回放吗？'],
      [58, 'assistant', '有回放的，下课后在直播列表里就能看'],
    ],
    welcomePoints: 200,
    welcomePointsNote: '新学员礼包',
    censorWords: ['代考', '替考', '包过', '出售答案', '刷学时', '代刷', '办假证'],
  },
  1002: {
    staff: [
      { phone: '13900000021', nickName: '周雅琴老师', realName: '周雅琴', staffRole: 'teacher' },
      { phone: '13900000022', nickName: '助教小周', realName: '周敏', staffRole: 'assistant' },
      { phone: '13900000023', nickName: '教务孙老师', realName: '孙海燕', staffRole: 'manager' },
    ],
    classmates: [
      { phone: '13900000201', nickName: '会计小白' },
      { phone: '13900000202', nickName: '借贷必相等' },
      { phone: '13900000203', nickName: '中级一次过' },
      { phone: '13900000204', nickName: '财管好难' },
    ],
    goods: {
      'zj-live': { days: [-4, 1, 3], at: '19:30', minutes: 90 },
    },
    freeClass: {
      name: '会计职称公开课',
      intro: '会计职称备考免费公开课：政策解读、学习方法与高频考点，登录即可观看，结束后提供回放。',
      teacher: '周雅琴',
      cover: 'banner-1002-3.jpg',
      sessions: [
        { title: '2025年会计政策变化要点', day: -5, at: '19:30', minutes: 60 },
        { title: '中级会计备考规划与时间安排', day: -1, at: '19:30', minutes: 60, recorded: true },
        { title: '初级会计实务：收入确认五步法', day: 0, at: '', minutes: 60 },
        { title: '经济法高频法条速记', day: 3, at: '19:30', minutes: 60 },
        { title: '财务管理公式串讲', day: 6, at: '19:30', minutes: 45 },
      ],
    },
    mockClass: {
      intro: '模拟考试的答题技巧与逐题讲评。已报名该模拟考试的学员可以进入直播间。',
      cover: 'banner-1002-2.jpg',
      sessions: [
        { title: '模拟考试答题技巧与时间分配', day: 2, at: '20:00', minutes: 60 },
        { title: '模拟试卷逐题讲评', day: 9, at: '20:00', minutes: 90 },
      ],
    },
    replayChat: [
      [1, 'assistant', '同学们晚上好，直播即将开始，请大家准备好笔记本'],
      [3, 0, '老师好'],
      [4, 2, '准时报到'],
      [6, 'learner', '周老师晚上好'],
      [8, 'teacher', '大家好，今天聊聊中级会计的备考规划'],
      [10, 1, '终于等到这节课了'],
      [12, 3, '三科一年考还是两年考比较好？'],
      [14, 'teacher', '基础好、时间充裕可以一年三科，在职的同学建议两年规划'],
      [16, 0, '我在职，看来要两年了'],
      [18, 'assistant', '课后会发一份备考计划表，可以在讲义里下载'],
      [20, 'learner', '收到，谢谢助教'],
      [22, 'teacher', '实务和财管的搭配比较好，经济法可以单独安排'],
      [24, 2, '财管计算量太大了怎么办'],
      [26, 'teacher', '公式要理解推导，不要死记，每天练两道计算题'],
      [28, 3, '老师讲得太到位了'],
      [30, 1, '实务的长期股权投资总是搞不懂'],
      [32, 'teacher', '长投是重点，冲刺直播班里有专题讲解'],
      [34, 'learner', '每天大概要学多长时间？'],
      [36, 'teacher', '工作日两小时，周末四小时左右比较合适'],
      [38, 0, '赞'],
      [40, 2, '记笔记中'],
      [42, 'assistant', '题库里有章节练习，学完一章就做一章'],
      [44, 3, '考试是几月份？'],
      [46, 'assistant', '一般在9月上旬，具体以财政部公告为准'],
      [48, 1, '谢谢老师'],
      [50, 'learner', '教材出来之前可以先学什么？'],
      [52, 'teacher', '可以先用去年的教材打基础，变化部分后面再补'],
      [54, 0, '明白了'],
      [56, 2, '有回放吗？想再听一遍'],
      [58, 'assistant', '有回放的，直播列表里随时可以看'],
    ],
    welcomePoints: 200,
    welcomePointsNote: '新学员礼包',
    censorWords: ['代考', '替考', '包过', '出售答案', '刷学时', '代刷', '办假证'],
  },
}
