/**
 * The learner's side of exams outside an attempt: personal-info confirmation (a snapshot of name, ID and phone;
 * any later change makes it unconfirmed again), the ranking of an exam and the certificate list.
 */
import { eq, inArray, isNotNull, sql } from 'drizzle-orm'
import { maskIdCard } from '../../../../shared/rules/id-card'
import { maskPhone } from '../../../../shared/rules/phone'
import { bankRecord, infoConfirm, sysUser } from '../../db/schema'
import { AppError, type Ctx, type Handlers, requireUser } from '../../http/core'
import type { Scoped } from '../bank/core'
import { studyRanking } from '../ranking'
import { certificatesOf, certificateView, maskName } from './certificates'
import { certStatusOf, infoConfirmed } from './eligibility'
import { visibleExam } from './rows'

/** 13800000001 -> 138****0001 */

async function userRow(ctx: Scoped, userId: number) {
  const [u] = await ctx.db
    .select()
    .from(sysUser)
    .where(ctx.scope.where(sysUser, eq(sysUser.id, userId)))
  if (!u) throw new AppError(401, 'login required')
  return u
}

async function infoDetail(ctx: Scoped, userId: number) {
  const [u, confirmed, certStatus] = await Promise.all([
    userRow(ctx, userId),
    infoConfirmed(ctx, userId),
    certStatusOf(ctx, userId),
  ])
  const missing = [...(u.realName.trim() ? [] : ['realName']), ...(u.idCard.trim() ? [] : ['idCard'])]
  return {
    realName: u.realName,
    idCard: maskIdCard(u.idCard),
    telPhone: maskPhone(u.telPhone),
    eduLevel: u.eduLevel,
    certStatus,
    confirmed: confirmed.ok,
    confirmedTime: confirmed.confirmedAt ? Math.floor(confirmed.confirmedAt.getTime() / 1000) : null,
    missing,
  }
}

interface Best {
  userId: number
  score: number
  time: number
  submittedAt: Date
}

/** Each learner's best submitted attempt of the exam: highest score, then less time, then the earlier submit. */
async function ranking(ctx: Scoped, examId: number): Promise<Best[]> {
  const rows = await ctx.db
    .select({
      userId: bankRecord.userId,
      score: sql<number>`coalesce((${bankRecord.report}->>'performance')::float8, 0)`,
      time: sql<number>`coalesce((${bankRecord.report}->>'timeSpentSeconds')::float8, 0)`,
      submittedAt: bankRecord.submittedAt,
    })
    .from(bankRecord)
    .where(ctx.scope.where(bankRecord, eq(bankRecord.examId, examId), isNotNull(bankRecord.submittedAt)))
  const better = (a: Best, b: Best) =>
    b.score - a.score || a.time - b.time || a.submittedAt.getTime() - b.submittedAt.getTime()
  const best = new Map<number, Best>()
  for (const r of rows) {
    const row: Best = {
      userId: r.userId,
      score: Number(r.score),
      time: Math.round(Number(r.time)),
      submittedAt: r.submittedAt!,
    }
    const cur = best.get(r.userId)
    if (!cur || better(row, cur) < 0) best.set(r.userId, row)
  }
  return [...best.values()].sort(better)
}

export const handlers: Handlers = {
  'GET /user/confirm/info/detail': async (ctx) => infoDetail(ctx, requireUser(ctx).userId),

  'POST /user/confirm/info': async (ctx: Ctx) => {
    const { userId } = requireUser(ctx)
    const u = await userRow(ctx, userId)
    if (!u.realName.trim() || !u.idCard.trim())
      throw new AppError(400, '请先完善姓名和身份证号（完成实名认证后自动填写）再确认')
    const snapshot = { realName: u.realName, idCard: u.idCard, telPhone: u.telPhone, confirmedAt: new Date() }
    await ctx.db
      .insert(infoConfirm)
      .values(ctx.scope.row({ userId, ...snapshot }))
      .onConflictDoUpdate({ target: [infoConfirm.tenantId, infoConfirm.userId], set: snapshot })
    return infoDetail(ctx, userId)
  },

  'GET /app/user/rankingList': async (ctx, { query }) => {
    const { userId } = requireUser(ctx)
    // no exam: the study ranking of My account (docs/DECISIONS.md "Ranking")
    if (query.examId === undefined) return studyRanking(ctx, userId, query)
    const e = await visibleExam(ctx, userId, query.examId)
    const all = await ranking(ctx, e.id)
    const top = all.slice(0, query.limit)
    const mineIdx = all.findIndex((r) => r.userId === userId)
    const ids = [...new Set([...top.map((r) => r.userId), ...(mineIdx >= 0 ? [userId] : [])])]
    const users =
      ids.length > 0
        ? await ctx.db
            .select({ id: sysUser.id, realName: sysUser.realName, nickName: sysUser.nickName, avatar: sysUser.avatar })
            .from(sysUser)
            .where(ctx.scope.where(sysUser, inArray(sysUser.id, ids)))
        : []
    const byId = new Map(users.map((u) => [u.id, u]))
    const view = (r: Best, i: number) => {
      const u = byId.get(r.userId)
      return {
        rank: i + 1,
        userName: maskName(u?.realName.trim() || u?.nickName.trim() || '学员'),
        avatar: u?.avatar ?? '',
        score: r.score,
        timeSpentSeconds: r.time,
        me: r.userId === userId,
      }
    }
    return {
      rows: top.map(view),
      mine: mineIdx >= 0 ? view(all[mineIdx]!, mineIdx) : null,
      total: all.length,
    }
  },

  'GET /user/certificate/list': async (ctx, { query }) => {
    const { userId } = requireUser(ctx)
    const { rows, total } = await certificatesOf(ctx, userId, query.pageNum, query.pageSize)
    return { rows: rows.map((c) => certificateView(c, ctx.config)), total }
  },
}
