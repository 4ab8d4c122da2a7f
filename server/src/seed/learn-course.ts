/**
 * The course extras of the demo tenants (./learn-course-data.ts; docs/DECISIONS.md "Course extras"), idempotent like the
 * other seeds: each part is added once, when what it stands on exists (the current goods and its course, after the
 * shop and learn seeds) and it is missing (by name or key). The demo learner is granted nothing here: the demo
 * accounts start with no goods.
 */
import { asc, eq, isNull, notLike } from 'drizzle-orm'
import { countRows, type Db } from '../db'
import {
  bank,
  bankChapter,
  config,
  course,
  courseChapter,
  courseSection,
  goods,
  goodsCourse,
  grade,
  paper,
  paperQuestion,
  question,
  tenant,
} from '../db/schema'
import { TenantScope } from '../http/core'
import { sanitizeArticle } from '../services/sanitize'
import { assetUrl } from './assets'
import { JUDGE, LEARN_COURSE_SEEDS, type LearnCourseSeed } from './learn-course-data'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
const LETTERS = ['A', 'B', 'C', 'D', 'E', 'F']

async function currentGoods(tx: Tx, scope: TenantScope, name: string) {
  const [g] = await tx
    .select()
    .from(goods)
    .where(scope.where(goods, eq(goods.name, name), isNull(goods.replacedById)))
    .orderBy(asc(goods.id))
    .limit(1)
  return g
}

/** The goods' first course with its chapters and sections in menu order. */
async function firstCourse(tx: Tx, scope: TenantScope, goodsId: number) {
  const [gc] = await tx
    .select({ courseId: goodsCourse.courseId })
    .from(goodsCourse)
    .where(scope.where(goodsCourse, eq(goodsCourse.goodsId, goodsId)))
    .orderBy(asc(goodsCourse.sort), asc(goodsCourse.courseId))
    .limit(1)
  if (!gc) return undefined
  const [c] = await tx
    .select()
    .from(course)
    .where(scope.where(course, eq(course.id, gc.courseId)))
  const chapters = await tx
    .select()
    .from(courseChapter)
    .where(scope.where(courseChapter, eq(courseChapter.courseId, gc.courseId)))
    .orderBy(asc(courseChapter.sort), asc(courseChapter.id))
  const sections = await tx
    .select()
    .from(courseSection)
    .where(scope.where(courseSection, eq(courseSection.courseId, gc.courseId)))
    .orderBy(asc(courseSection.sort), asc(courseSection.id))
  return c ? { course: c, chapters, sections } : undefined
}

async function seedOldEdition(tx: Tx, scope: TenantScope, s: LearnCourseSeed, cur: typeof goods.$inferSelect) {
  const cover = assetUrl(s.old.cover)
  if ((await countRows(tx as unknown as Db, goods, scope.where(goods, eq(goods.name, s.old.name)))) > 0) {
    // a data dir whose demo covers were the old generated blocks: this one is not in ./media.ts's order
    await tx
      .update(goods)
      .set({ cover })
      .where(scope.where(goods, eq(goods.name, s.old.name), notLike(goods.cover, '/static-assets/%.jpg')))
    return
  }
  const first = await firstCourse(tx, scope, cur.id)
  if (!first) return
  const [old] = await tx
    .insert(goods)
    .values(
      scope.row({
        goodsType: 1,
        name: s.old.name,
        cover,
        price: cur.price,
        originalPrice: cur.originalPrice,
        educationTypeId: cur.educationTypeId,
        businessId: cur.businessId,
        subjectId: cur.subjectId,
        description: s.old.description,
        validityDays: cur.validityDays,
        antiSkip: cur.antiSkip,
        tags: ['继续教育'],
        buyCount: Math.floor(cur.buyCount / 2),
        status: 0,
        sort: cur.sort + 1000,
        replacedById: cur.id,
      }),
    )
    .returning({ id: goods.id })
  const [c] = await tx
    .insert(course)
    .values(
      scope.row({
        name: s.old.courseName,
        intro: first.course.intro,
        cover: first.course.cover,
        teacherId: first.course.teacherId,
        sort: first.course.sort,
      }),
    )
    .returning({ id: course.id })
  await tx.insert(goodsCourse).values(scope.row({ goodsId: old!.id, courseId: c!.id, required: true, sort: 1 }))
  const [ch] = await tx
    .insert(courseChapter)
    .values(scope.row({ courseId: c!.id, name: s.old.chapterName, sort: 1 }))
    .returning({ id: courseChapter.id })
  await tx.insert(courseSection).values(
    s.old.sectionNames.map((name, i) => {
      const like = first.sections[i % Math.max(1, first.sections.length)]
      return scope.row({
        courseId: c!.id,
        chapterId: ch!.id,
        name,
        durationSeconds: like?.durationSeconds ?? 0,
        videoId: like?.videoId ?? '',
        sort: i + 1,
      })
    }),
  )
  await tx.insert(grade).values(scope.row({ goodsId: old!.id, name: '2024年度班', isDefault: true, sort: 1 }))
}

async function seedHours(tx: Tx, scope: TenantScope, s: LearnCourseSeed, cur: typeof goods.$inferSelect) {
  if (cur.requiredSeconds > 0) return
  const first = await firstCourse(tx, scope, cur.id)
  const total = (first?.sections ?? []).reduce((n, x) => n + x.durationSeconds, 0)
  if (total <= 0) return
  await tx
    .update(goods)
    .set({ requiredSeconds: Math.floor(total * s.hoursShare) })
    .where(scope.where(goods, eq(goods.id, cur.id)))
}

async function seedTests(tx: Tx, scope: TenantScope, s: LearnCourseSeed, cur: typeof goods.$inferSelect) {
  if ((await countRows(tx as unknown as Db, bank, scope.where(bank, eq(bank.name, s.testBank)))) > 0) return
  const first = await firstCourse(tx, scope, cur.id)
  if (!first || first.chapters.length === 0) return
  const [b] = await tx
    .insert(bank)
    .values(scope.row({ goodsId: cur.id, name: s.testBank, sort: 100 }))
    .returning({ id: bank.id })
  const [chapter] = await tx
    .insert(bankChapter)
    .values(scope.row({ bankId: b!.id, name: '随堂测试题', sort: 1 }))
    .returning({ id: bankChapter.id })
  let sort = 0
  for (const [i, t] of s.tests.entries()) {
    const ch = first.chapters[i]
    const last = ch ? first.sections.filter((x) => x.chapterId === ch.id).at(-1) : undefined
    if (!last) continue
    const [p] = await tx
      .insert(paper)
      .values(scope.row({ bankId: b!.id, name: t.paperName, passScore: 2, durationMinutes: 10, sort: i + 1 }))
      .returning({ id: paper.id })
    const qs = await tx
      .insert(question)
      .values(
        t.questions.map((q) =>
          scope.row({
            bankId: b!.id,
            chapterId: chapter!.id,
            type: q.type,
            title: sanitizeArticle(q.title),
            optionsList: (q.type === 3 ? JUDGE : (q.options ?? [])).map((content, k) => ({
              label: LETTERS[k]!,
              content,
            })),
            ans: q.ans,
            analysis: q.analysis,
            score: 1,
            difficulty: 1,
            sort: ++sort,
          }),
        ),
      )
      .returning({ id: question.id })
    await tx
      .insert(paperQuestion)
      .values(qs.map((q, k) => scope.row({ paperId: p!.id, questionId: q.id, sort: k + 1 })))
    await tx
      .update(courseSection)
      .set({ testPaperId: p!.id })
      .where(scope.where(courseSection, eq(courseSection.id, last.id)))
  }
}

async function seedPrompts(tx: Tx, scope: TenantScope, s: LearnCourseSeed, cur: typeof goods.$inferSelect) {
  for (const p of s.prompts) {
    const configKey = p.forGoods ? `prompt.${p.key}.goods.${cur.id}` : `prompt.${p.key}`
    await tx
      .insert(config)
      .values(scope.row({ configKey, configValue: JSON.stringify({ title: p.title, content: p.content }) }))
      .onConflictDoNothing()
  }
}

export async function seedLearnCourseIfMissing(db: Db): Promise<void> {
  for (const [id, s] of Object.entries(LEARN_COURSE_SEEDS)) {
    const tenantId = Number(id)
    if ((await countRows(db, tenant, eq(tenant.id, tenantId))) === 0) continue
    const scope = new TenantScope(tenantId)
    await db.transaction(async (tx) => {
      const cur = await currentGoods(tx, scope, s.goodsName)
      if (!cur) return
      await seedOldEdition(tx, scope, s, cur)
      await seedHours(tx, scope, s, cur)
      await seedTests(tx, scope, s, cur)
      await seedPrompts(tx, scope, s, cur)
    })
  }
}
