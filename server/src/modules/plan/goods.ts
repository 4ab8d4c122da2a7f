/**
 * What a learner may plan (docs/DECISIONS.md "Study plans"): the goods they hold an active entitlement to, each with
 * the courses it stands for (a package: the courses of its course goods, learn/core `courseTree`) and its question
 * banks (a package: the banks of the goods inside).
 */
import { asc, count, inArray } from 'drizzle-orm'
import { bank, question } from '../../db/schema'
import { toSeconds } from '../../http/core'
import { banksWhere } from '../bank/core'
import { courseTree, type GoodsInfo, goodsByIds, goodsFamily, type Scoped } from '../learn/core'
import { entitledGoodsIds, entitlementOf } from '../order/entitlement'

export interface PlanCourse {
  courseId: number
  courseName: string
  sectionNum: number
  totalSeconds: number
}
export interface PlanBank {
  bankId: number
  bankName: string
  questionNum: number
}
export interface PlannableGoods {
  goods: GoodsInfo
  courses: PlanCourse[]
  banks: PlanBank[]
}

/** The courses and banks of one goods (a package's through the goods inside). */
export async function plannable(ctx: Scoped, g: GoodsInfo): Promise<PlannableGoods> {
  const [tree, family] = await Promise.all([courseTree(ctx, g), goodsFamily(ctx, g.id)])
  const banks = family.length > 0 ? await banksWhere(ctx, inArray(bank.goodsId, family)) : []
  const counts =
    banks.length > 0
      ? await ctx.db
          .select({ bankId: question.bankId, n: count() })
          .from(question)
          .where(
            ctx.scope.where(
              question,
              inArray(
                question.bankId,
                banks.map((b) => b.bankId),
              ),
            ),
          )
          .groupBy(question.bankId)
          .orderBy(asc(question.bankId))
      : []
  const courses = tree.courses.map((c) => {
    const sections = tree.sections.filter((s) => s.courseId === c.courseId)
    return {
      courseId: c.courseId,
      courseName: c.courseName,
      sectionNum: sections.length,
      totalSeconds: sections.reduce((sum, s) => sum + s.durationSeconds, 0),
    }
  })
  return {
    goods: g,
    courses,
    banks: banks
      .filter((b, i) => banks.findIndex((x) => x.bankId === b.bankId) === i)
      .map((b) => ({
        bankId: b.bankId,
        bankName: b.bankName,
        questionNum: Number(counts.find((c) => c.bankId === b.bankId)?.n ?? 0),
      })),
  }
}

/**
 * The goods a learner may plan: every goods held with an active entitlement that has a course or a bank, except a
 * goods that came inside a package the learner holds (the package lists its courses and banks) unless it is `keep`
 * (the goods of a plan being edited).
 */
export async function plannableGoods(ctx: Scoped, userId: number, keep?: number) {
  const owned = await entitledGoodsIds(ctx, userId)
  const goods = await goodsByIds(ctx, owned)
  const packages = goods.filter((g) => g.goodsType === 4)
  const inside = new Set<number>()
  for (const p of packages) for (const id of (await goodsFamily(ctx, p.id)).slice(1)) inside.add(id)
  const out: (PlannableGoods & { expireTime: number | null })[] = []
  for (const g of goods) {
    if ((inside.has(g.id) && g.id !== keep) || g.goodsType === 3) continue
    const p = await plannable(ctx, g)
    if (p.courses.length === 0 && p.banks.length === 0) continue
    const grant = await entitlementOf(ctx, userId, g.id)
    out.push({ ...p, expireTime: grant?.expiresAt ? toSeconds(grant.expiresAt) : null })
  }
  return out
}
