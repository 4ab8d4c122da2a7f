// What scripts/seed-media.mjs renders, from the seed data itself (server/src/seed): one cover per goods, one
// portrait per teacher, one thumbnail per article, the banners, the article figure, the lessons (./lessons.mjs)
// and the handouts (./handouts.mjs). File names come from server/src/seed/assets.ts and learn-data.ts, so the seed
// links exactly these files.

import { createHash } from 'node:crypto'
import { BANNERS, LEARN_BANNERS, seedImage } from '../../server/src/seed/assets.ts'
import { loadBankData } from '../../server/src/seed/bank-data/index.ts'
import { TENANTS } from '../../server/src/seed/data.ts'
import { HANDOUT_TOPICS, LESSON_VIDEOS, learnSeeds, topicHandouts } from '../../server/src/seed/learn-data.ts'
import { CATALOGUES } from '../../server/src/seed/shop-data.ts'
import { HANDOUT_CONTENT } from './handouts.mjs'
import { LESSONS } from './lessons.mjs'
import {
  bannerHtml,
  coverHtml,
  esc,
  figureHtml,
  handoutFooter,
  handoutHtml,
  hueShift,
  mix,
  newsHtml,
  palette,
  slideHtml,
  teacherHtml,
} from './templates.mjs'

const KIND = { 1: ['course', '系统课程'], 2: ['bank', '在线题库'], 3: ['live', '直播课'], 4: ['package', '超值套餐'] }

/** Illustration of a goods by its business and subject (./art.mjs). */
function subjectArt(business, subject) {
  if (/法/.test(subject) && !/安全生产/.test(subject)) return 'scales'
  if (/财务|经济$|工程经济/.test(subject)) return 'coins'
  const byBusiness = [
    [/安全生产管理/, 'shield'],
    [/特种作业/, 'bolt'],
    [/建造师/, 'crane'],
    [/消防/, 'flame'],
    [/安全员/, 'helmet'],
    [/成人高考|数学/, 'graph'],
    [/会计/, 'ledger'],
    [/人力资源/, 'people'],
    [/教师/, 'book'],
    [/公需|专业技术人员/, 'chip'],
    [/自学考试/, 'star'],
  ]
  return byBusiness.find(([re]) => re.test(business))?.[1] ?? 'book'
}

/** Label and illustration of an article thumbnail from its title. */
const NEWS_KINDS = [
  [/大纲/, '大纲解读', 'doc'],
  [/报名/, '报名指南', 'calendar'],
  [/复审|定期注册/, '证书服务', 'cert'],
  [/考核|评审/, '考核要点', 'checklist'],
  [/规范|高处/, '安全规范', 'helmet'],
  [/备考/, '备考指南', 'book'],
  [/题型/, '题型分析', 'sheet'],
  [/答题赛|活动/, '校园活动', 'trophy'],
  [/学时|学分/, '学时学分', 'clock'],
  [/职称/, '职称评审', 'medal'],
  [/数字经济|公需/, '公需科目', 'chip'],
  [/常见问题|怎么办/, '学员问答', 'chat'],
  [/通知/, '通知公告', 'doc'],
]

/** The big words on an article thumbnail: the year it is about, else who or what it is about. */
const NEWS_TOPICS = [
  [/一级建造师/, '一级建造师'],
  [/二级建造师/, '二级建造师'],
  [/特种作业/, '特种作业'],
  [/三类人员/, '三类人员'],
  [/高处作业/, '高处作业'],
  [/注册安全工程师/, '注安师'],
  [/消防设施/, '消防设施'],
  [/安全生产月/, '安全生产月'],
  [/会计人员/, '会计人员'],
  [/中级职称/, '中级职称'],
  [/数字经济/, '数字经济'],
  [/卫生专业/, '继续医学教育'],
  [/教师资格/, '教师资格'],
  [/学习记录/, '学习记录'],
  [/职称外语/, '职称外语'],
]

/** Teachers drawn as women (the seed has no sex for teachers) and their hair. */
const PORTRAIT = {
  李慧敏: { female: true, long: true },
  刘芳: { female: true, long: false },
  周雅琴: { female: true, long: true, glasses: true },
  吴静: { female: true, long: false },
  何丽华: { female: true, long: true },
  王建国: { glasses: true, bald: true },
  孙浩然: { glasses: true },
}

export const BANNER_COPY = {
  1001: [
    ['2025新版大纲 · 法律法规与管理两门精讲', '立即报名', 'shield'],
    ['经济、实务精讲 + 四科题库 + 冲刺直播', '查看课程', 'crane'],
    ['46道练习题 · 错题本 · 模拟考试', '去刷题', 'bolt'],
  ],
  1002: [
    ['公需科目免费学 · 学时自动登记', '选课学习', 'clock'],
    ['2025年度会计人员继续教育 · 手机随时学', '开始学习', 'ledger'],
    ['申报条件 · 评审流程 · 材料清单', '查看详情', 'medal'],
  ],
}
const LEARN_COPY = {
  1001: ['每天练一练 · 答错的题自动进错题本', '去练习', 'checklist'],
  1002: ['学习进度与学时证明一站查询', '去查询', 'cert'],
}

const primaryOf = (t) => t.config['home.mobile']?.theme?.primary ?? '#1677ff'
const schoolOf = (t) => t.config['home.header']?.companyName ?? t.name

/** How teacher `index` of tenant `t` is drawn (templates.mjs portraitSvg). */
function portrait(t, index, name) {
  const look = PORTRAIT[name] ?? {}
  const primary = primaryOf(t)
  return {
    name,
    seed: index * 3 + (t.id % 7),
    female: !!look.female,
    long: !!look.long,
    glasses: !!look.glasses,
    bald: !!look.bald,
    bg: [mix(primary, '#ffffff', 0.82), mix(hueShift(primary, 30), '#ffffff', 0.6)],
    suit: ['#2f3a4c', '#3d4b63', '#4a3f5c', '#2e4a48'][index % 4],
    tie: mix(primary, '#000000', 0.2),
  }
}

/** Every image: { file, width, height, kind, data } (data is what the template of `kind` draws). */
export function imageJobs() {
  const jobs = []
  for (const t of TENANTS) {
    const cat = CATALOGUES[t.id]
    const primary = primaryOf(t)
    const school = schoolOf(t)
    if (!cat) continue
    cat.goods.forEach((g, i) => {
      const [kind, label] = KIND[g.type]
      const names = g.teachers.map((k) => cat.teachers[k]?.name).filter(Boolean)
      jobs.push({
        file: seedImage.cover(t.id, g.key),
        width: 750,
        height: 420,
        kind: 'cover',
        data: {
          seed: t.id + i,
          colors: palette(primary, kind),
          kind: label,
          title: g.name,
          sub: g.type === 4 ? `${g.business} · ${g.items?.length ?? 0}门合一` : `${g.business} · ${g.subject}`,
          // prices stay on the page; no tag that repeats the type label
          tags: g.tags.filter((tag) => !/[省¥元折价]|免费/.test(tag) && !label.includes(tag)).slice(0, 3),
          art: g.type === 3 ? 'live' : g.type === 4 ? 'bundle' : subjectArt(g.business, g.subject),
          school,
          teachers: names.length > 0 && g.type !== 2 ? `主讲 ${names.slice(0, 2).join(' ')}` : '',
          free: g.price === 0,
        },
      })
    })
    cat.teachers.forEach((tc, i) => {
      jobs.push({
        file: seedImage.teacher(t.id, i),
        width: 160,
        height: 160,
        kind: 'teacher',
        data: { ...portrait(t, i, tc.name), seal: primary },
      })
    })
    t.articles.forEach((a, i) => {
      const [, label, artName] = NEWS_KINDS.find(([re]) => re.test(a.title)) ?? [null, '资讯', 'doc']
      const year = /20\d\d/.exec(a.title)?.[0]
      const topic = NEWS_TOPICS.find(([re]) => re.test(a.title))?.[1]
      jobs.push({
        file: seedImage.news(t.id, i),
        width: 280,
        height: 196,
        kind: 'news',
        data: {
          seed: i + 1,
          colors: i % 2 === 0 ? [mix(primary, '#000000', 0.4), primary] : palette(primary, 'bank'),
          label,
          caption: year ? `${year}年` : (topic ?? label),
          art: artName,
        },
      })
    })
    const banners = BANNERS[String(t.id)] ?? []
    banners.forEach((title, i) => {
      const [sub, cta, artName] = BANNER_COPY[t.id]?.[i] ?? ['', '了解详情', 'book']
      jobs.push({
        file: seedImage.banner(t.id, i + 1),
        width: 750,
        height: 300,
        kind: 'banner',
        data: {
          seed: i + 2,
          colors:
            i === 1 ? palette(primary, 'package') : i === 2 ? palette(primary, 'bank') : palette(primary, 'course'),
          title,
          sub,
          cta,
          art: artName,
          school,
        },
      })
    })
    const learn = LEARN_BANNERS[String(t.id)]
    if (learn) {
      const [sub, cta, artName] = LEARN_COPY[t.id] ?? ['', '了解详情', 'book']
      jobs.push({
        file: seedImage.banner(t.id, 'learn'),
        width: 750,
        height: 300,
        kind: 'banner',
        data: { seed: 9, colors: palette(primary, 'bank'), title: learn, sub, cta, art: artName, school },
      })
    }
  }
  const a = TENANTS[0]
  jobs.push({
    file: seedImage.figure('work-at-height'),
    width: 640,
    height: 400,
    kind: 'figure',
    data: {
      color: primaryOf(a),
      title: '高处作业安全防护示意图',
      notes: [
        { x: 506, y: 136, text: '防护栏杆 ≥1.2m' },
        { x: 506, y: 192, text: '挡脚板 ≥180mm' },
        { x: 160, y: 92, text: '安全带 高挂低用' },
        { x: 230, y: 300, text: '水平安全网' },
        { x: 500, y: 270, text: '坠落高度 ≥2m' },
      ],
    },
  })
  return jobs
}

/**
 * Every lesson video: ./lessons.mjs content with its teacher, school and colour. A lesson lists the courses it
 * teaches; learn-data.ts LESSON_VIDEOS maps each seeded course to one file.
 */
export function lessonJobs() {
  return LESSONS.map((l) => {
    const t = TENANTS.find((x) => x.id === l.tenantId)
    const cat = CATALOGUES[l.tenantId]
    const tIndex = cat?.teachers.findIndex((x) => x.name === l.teacher) ?? -1
    if (!t || tIndex < 0) throw new Error(`seed-media: lesson ${l.file}: unknown tenant or teacher`)
    return { ...l, school: schoolOf(t), color: primaryOf(t), portrait: portrait(t, tIndex, l.teacher) }
  })
}

/** The files the seed expects: every image above, every video LESSON_VIDEOS names, every handout a goods lists. */
export function expectedFiles() {
  const videos = new Set(Object.values(LESSON_VIDEOS).flatMap((m) => Object.values(m)))
  const handouts = new Set(TENANTS.flatMap((t) => learnSeeds(t.id).flatMap((g) => g.handouts.map((h) => h.file))))
  return { images: imageJobs().map((j) => j.file), videos: [...videos].sort(), handouts: [...handouts].sort() }
}

/** `n` items spread evenly over `list` (the bank's chapters in order, so over the whole chapter). */
function spread(list, n) {
  if (list.length <= n) return list
  return Array.from({ length: n }, (_, i) => list[Math.floor((i * list.length) / n)])
}

/** A bank question as a handout prints it: escaped text, option letters in order, the explanation. */
const bankQuestion = (q) => ({
  type: q.type,
  title: esc(q.title),
  options: q.optionsList.map((o) => esc(o.value)),
  ans: q.ans,
  analysis: esc(q.analysis),
})

/** The questions of a topic: its picks from the school's question banks (objective questions), then its own. */
function topicQuestions(content) {
  const picked = (content.fromBank ?? []).flatMap((pick) => {
    const bank = loadBankData(pick.tenantId).banks.find((b) => b.name === pick.bank)
    if (!bank) throw new Error(`seed-media: handout ${content.topic}: no bank ${pick.bank}`)
    const qs = bank.chapters
      .filter((c) => pick.chapters.includes(c.name))
      .flatMap((c) => c.questions)
      .filter((q) => q.type <= 3)
    if (qs.length < Math.min(pick.count, 1)) throw new Error(`seed-media: handout ${content.topic}: empty chapters`)
    return spread(qs, pick.count).map(bankQuestion)
  })
  return [...picked, ...(content.questions ?? [])]
}

/**
 * Every handout: two per topic of HANDOUT_TOPICS (./handouts.mjs content, the topic's lesson and teacher, its
 * school's name and colour). The notes carry five of the topic's questions, the drill all of them.
 */
export function handoutJobs() {
  return Object.keys(HANDOUT_TOPICS).flatMap((topic) => {
    const content = HANDOUT_CONTENT.find((c) => c.topic === topic)
    const lesson = lessonJobs().find((l) => l.file === content?.lesson)
    if (!content || !lesson) throw new Error(`seed-media: handout topic ${topic} has no content or lesson`)
    const teacher = CATALOGUES[lesson.tenantId]?.teachers.find((x) => x.name === lesson.teacher)
    const questions = topicQuestions(content)
    const files = topicHandouts(topic)
    const common = {
      topic,
      subject: lesson.subject,
      lessonTitle: lesson.title,
      school: lesson.school,
      color: lesson.color,
      teacher: lesson.teacher,
      teacherTitle: teacher?.title ?? '',
      edition: '2025年版',
      slides: lesson.slides,
      extra: content.extra,
    }
    return [
      { ...common, kind: 'notes', file: files.notes.file, title: files.notes.name, questions: spread(questions, 5) },
      { ...common, kind: 'drill', file: files.drill.file, title: files.drill.name, questions },
    ]
  })
}

/** What a handout is printed from: its page and its footer. */
export const handoutHash = (job) => inputHash(handoutHtml(job) + handoutFooter(job))

const DRAW = { cover: coverHtml, banner: bannerHtml, news: newsHtml, teacher: teacherHtml, figure: figureHtml }

/** The HTML document an image job is rendered from. */
export const jobHtml = (job) => DRAW[job.kind](job.data)

/** A short hash of what a file is rendered from (server/media/manifest.json). */
export const inputHash = (text) => createHash('sha256').update(text).digest('hex').slice(0, 16)

/** The frames of a lesson: its title, then each content slide once per point (points appear as spoken). */
export function lessonFrames(lesson) {
  const title = {
    kind: 'title',
    course: lesson.subject,
    title: lesson.title,
    teacher: lesson.teacher,
    school: lesson.school,
    art: lesson.art,
    color: lesson.color,
    portrait: lesson.portrait,
  }
  const frames = [{ html: slideHtml(title), say: lesson.say }]
  const common = { course: lesson.subject, school: lesson.school, color: lesson.color, art: lesson.art }
  for (const [i, s] of lesson.slides.entries()) {
    const page = `${i + 1} / ${lesson.slides.length}`
    for (const [k, p] of s.points.entries())
      frames.push({ html: slideHtml({ ...s, ...common, shown: k + 1, page }), say: p.say })
  }
  return frames
}

/** What a lesson video is made from: its frames and what the voice says. */
export const lessonHash = (lesson) => inputHash(JSON.stringify(lessonFrames(lesson)))

export { handoutFooter, handoutHtml }
