/**
 * What a note or a question to the teachers may be about, shared by ./index.ts (notes) and ../answer (Q and A):
 * a course section or a course the learner may study, or a question the learner may see (docs/DECISIONS.md
 * "Notes", "Questions and answers"). Every lookup is scoped to the tenant; another tenant's ids are not found.
 */
import { and, eq, inArray, sql } from 'drizzle-orm'
import {
  bank,
  bankRecord,
  course,
  courseSection,
  goods,
  goodsCourse,
  goodsPackageItem,
  paper,
  paperQuestion,
  question,
} from '../../db/schema'
import type { Scoped } from '../../http/core'
import { type Access, notEntitled as bankNotEntitled } from '../bank/core'
import { plainText } from '../console/live'
import { notEntitled, notFound } from '../learn/core'
import { entitledGoodsQuery } from '../order/entitlement'

export type { Scoped }

const MAX_ID = 2_147_483_647
/** The stem of a question as the lists show it. */
export const stemOf = (html: string) => {
  const text = plainText(html)
  return text.length > 80 ? `${text.slice(0, 79)}…` : text
}

/** Does the learner hold an active entitlement to a goods that has this course? */
async function studiesCourse(ctx: Scoped, userId: number, courseId: number): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: goodsCourse.id })
    .from(goodsCourse)
    .where(
      ctx.scope.where(
        goodsCourse,
        eq(goodsCourse.courseId, courseId),
        inArray(goodsCourse.goodsId, entitledGoodsQuery(ctx, userId)),
      ),
    )
    .limit(1)
  return row !== undefined
}

/** The goods named with a section or course must hold the course (itself or, for a package, a goods inside). */
async function checkGoods(ctx: Scoped, goodsId: number | undefined, courseId: number): Promise<number | null> {
  if (goodsId === undefined) return null
  const holding = ctx.db
    .select({ goodsId: goodsCourse.goodsId })
    .from(goodsCourse)
    .where(ctx.scope.where(goodsCourse, eq(goodsCourse.courseId, courseId)))
  const [direct] = await ctx.db
    .select({ id: goods.id })
    .from(goods)
    .where(ctx.scope.where(goods, eq(goods.id, goodsId), inArray(goods.id, holding)))
  if (direct) return goodsId
  const [inPackage] = await ctx.db
    .select({ id: goodsPackageItem.id })
    .from(goodsPackageItem)
    .where(
      ctx.scope.where(
        goodsPackageItem,
        eq(goodsPackageItem.packageId, goodsId),
        inArray(goodsPackageItem.goodsId, holding),
      ),
    )
    .limit(1)
  if (!inPackage) throw notFound('goods')
  return goodsId
}

export interface SectionTarget {
  sectionId: number
  sectionName: string
  courseId: number
  courseName: string
  goodsId: number | null
  durationSeconds: number
}

/**
 * A section the learner may take notes on / ask about: in the tenant, and free to try (audition, notes only) or in
 * a course of a goods the learner holds an active entitlement to.
 */
export async function sectionTarget(
  ctx: Scoped,
  userId: number,
  sectionId: number,
  goodsId: number | undefined,
  opts: { auditionOk: boolean },
): Promise<SectionTarget> {
  if (sectionId > MAX_ID) throw notFound('section')
  const [s] = await ctx.db
    .select({
      sectionId: courseSection.id,
      sectionName: courseSection.name,
      courseId: courseSection.courseId,
      courseName: course.name,
      audition: courseSection.audition,
      durationSeconds: courseSection.durationSeconds,
    })
    .from(courseSection)
    .innerJoin(course, and(eq(course.id, courseSection.courseId), eq(course.tenantId, courseSection.tenantId)))
    .where(ctx.scope.where(courseSection, eq(courseSection.id, sectionId)))
  if (!s) throw notFound('section')
  if (!(opts.auditionOk && s.audition) && !(await studiesCourse(ctx, userId, s.courseId))) throw notEntitled()
  return {
    sectionId: s.sectionId,
    sectionName: s.sectionName,
    courseId: s.courseId,
    courseName: s.courseName,
    goodsId: await checkGoods(ctx, goodsId, s.courseId),
    durationSeconds: s.durationSeconds,
  }
}

/** A course the learner studies (an active entitlement to a goods that has it). */
export async function courseTarget(ctx: Scoped, userId: number, courseId: number, goodsId: number | undefined) {
  if (courseId > MAX_ID) throw notFound('course')
  const [c] = await ctx.db
    .select({ courseId: course.id, courseName: course.name })
    .from(course)
    .where(ctx.scope.where(course, eq(course.id, courseId)))
  if (!c) throw notFound('course')
  if (!(await studiesCourse(ctx, userId, courseId))) throw notEntitled()
  return { ...c, goodsId: await checkGoods(ctx, goodsId, courseId) }
}

export interface QuestionTarget {
  questionId: number
  questionTitle: string
}

/**
 * A question the learner may see: in a bank they may practise (free, or an owned goods), in a free paper, or in
 * one of their own attempts (a gifted paper, an exam they sat).
 */
export async function questionTarget(ctx: Scoped, access: Access, questionId: number): Promise<QuestionTarget> {
  if (questionId > MAX_ID) throw notFound('question')
  const [q] = await ctx.db
    .select({
      id: question.id,
      title: question.title,
      goodsId: bank.goodsId,
      isFree: sql<boolean>`${goods.price} = 0`,
    })
    .from(question)
    .innerJoin(bank, and(eq(bank.id, question.bankId), eq(bank.tenantId, question.tenantId)))
    .innerJoin(goods, and(eq(goods.id, bank.goodsId), eq(goods.tenantId, bank.tenantId)))
    .where(ctx.scope.where(question, eq(question.id, questionId)))
  if (!q) throw notFound('question')
  const target = { questionId: q.id, questionTitle: stemOf(q.title) }
  if (access.canPractise({ goodsId: q.goodsId, isFree: Boolean(q.isFree) })) return target
  const [inFree] = await ctx.db
    .select({ id: paperQuestion.id })
    .from(paperQuestion)
    .innerJoin(paper, and(eq(paper.id, paperQuestion.paperId), eq(paper.tenantId, paperQuestion.tenantId)))
    .where(ctx.scope.where(paperQuestion, eq(paperQuestion.questionId, questionId), eq(paper.free, true)))
    .limit(1)
  if (inFree) return target
  if (access.userId !== undefined) {
    const [mine] = await ctx.db
      .select({ id: bankRecord.id })
      .from(bankRecord)
      .where(
        ctx.scope.where(
          bankRecord,
          eq(bankRecord.userId, access.userId),
          sql`${questionId} = any(${bankRecord.questionIds})`,
        ),
      )
      .limit(1)
    if (mine) return target
  }
  throw bankNotEntitled()
}
