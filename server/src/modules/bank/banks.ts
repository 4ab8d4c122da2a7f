/** Banks, chapters and papers of a learner and a goods: the rows the bank pages list (docs/DECISIONS.md "Question bank"). */
import { and, asc, count, eq, inArray, or, type SQL, sql } from 'drizzle-orm'
import { PREVIEW_QUESTIONS } from '../../../../contract/schemas/bank-codes'
import { toInt } from '../../db'
import { bank, bankChapter, bankRecord, goods, goodsPackageItem, paper, paperQuestion, question } from '../../db/schema'
import { type Ctx, keptContent, toSeconds } from '../../http/core'
import { authenticate } from '../../services/tokens'
import { entitledGoodsQuery, entitlementOf } from '../order/entitlement'
import {
  Access,
  answerRights,
  type BankInfo,
  bankById,
  banksWhere,
  examPaperIds,
  MAX_ID,
  notEntitled,
  notFound,
  type QuestionRow,
  questionView,
  rate,
  type Scoped,
  sealedQuestionsColumn,
} from './core'
import { latestGraded } from './draw'

/** Public routes: the learner when a valid token is sent, else anonymous (never a 401). */
export async function optionalUser(ctx: Ctx, authorization: string | undefined): Promise<number | undefined> {
  if (!authorization) return undefined
  try {
    return (await authenticate(ctx.db, ctx.scope, authorization)).userId
  } catch {
    return undefined
  }
}

/**
 * A chapter's questions (GET /app/common/bank/question/list?chapterId): two queries after the token's. The first
 * reads the chapter, its bank (404 when unknown or not on sale), whether the learner may practise it and the
 * questions sealed by an open exam; the second the questions, all when open, else the preview with the total.
 */
export async function chapterQuestions(ctx: Ctx, userId: number | undefined, chapterId: number) {
  if (chapterId > MAX_ID) throw notFound('chapter')
  const [c] = await ctx.db
    .select({
      bankId: bank.id,
      bankActive: sql<boolean>`coalesce(${bank.status} = 1, false)`,
      isFree: sql<boolean>`coalesce(${goods.price} = 0, false)`,
      owned: userId
        ? sql<boolean>`coalesce(${inArray(bank.goodsId, entitledGoodsQuery(ctx, userId))}, false)`
        : sql<boolean>`false`,
      sealed: userId ? sealedQuestionsColumn(ctx, userId) : sql<null>`null`,
    })
    .from(bankChapter)
    .leftJoin(bank, and(eq(bank.id, bankChapter.bankId), eq(bank.tenantId, ctx.scope.tenantId)))
    .leftJoin(goods, eq(goods.id, bank.goodsId))
    .where(ctx.scope.where(bankChapter, eq(bankChapter.id, chapterId)))
  if (!c) throw notFound('chapter')
  if (!c.bankId || !c.bankActive) throw notFound('bank')
  const open = Boolean(c.isFree) || (userId !== undefined && Boolean(c.owned))
  const sealed = new Set((c.sealed ?? []).map(Number))
  // the chapter's questions are the school's, the same for every learner: kept (keptContent), frozen
  const all = await keptContent(ctx, `chapter-questions ${chapterId}`, async () =>
    Object.freeze(
      (
        await ctx.db
          .select()
          .from(question)
          .where(ctx.scope.where(question, eq(question.chapterId, chapterId)))
          .orderBy(asc(question.sort), asc(question.id))
      ).map((q) => Object.freeze(q)),
    ),
  )
  const views = (open ? all : all.slice(0, PREVIEW_QUESTIONS)).map((q) => questionView(q, open && !sealed.has(q.id)))
  return {
    rows: views,
    total: all.length,
    preview: !open,
    withAnswers: open && views.every((v) => v.ans !== null),
  }
}

// ---- counts ----
export async function countsBy<K extends 'bankId' | 'chapterId'>(ctx: Scoped, key: K, ids: number[]) {
  if (ids.length === 0) return new Map<number, number>()
  const col = key === 'bankId' ? question.bankId : question.chapterId
  const rows = await ctx.db
    .select({ k: col, n: count() })
    .from(question)
    .where(ctx.scope.where(question, inArray(col, ids)))
    .groupBy(col)
  return new Map(rows.map((r) => [r.k ?? 0, toInt(r.n)]))
}

export async function bankRows(ctx: Scoped, banks: BankInfo[]) {
  const ids = banks.map((b) => b.bankId)
  if (ids.length === 0) return []
  const [qn, chapters, papers] = await Promise.all([
    countsBy(ctx, 'bankId', ids),
    ctx.db
      .select({ k: bankChapter.bankId, n: count() })
      .from(bankChapter)
      .where(ctx.scope.where(bankChapter, inArray(bankChapter.bankId, ids)))
      .groupBy(bankChapter.bankId),
    ctx.db
      .select({ k: paper.bankId, n: count() })
      .from(paper)
      .where(ctx.scope.where(paper, inArray(paper.bankId, ids)))
      .groupBy(paper.bankId),
  ])
  const cn = new Map(chapters.map((r) => [r.k, toInt(r.n)]))
  const pn = new Map(papers.map((r) => [r.k, toInt(r.n)]))
  return banks.map((b) => ({
    bankId: b.bankId,
    bankName: b.bankName,
    goodsId: b.goodsId,
    goodsName: b.goodsName,
    isFree: b.isFree,
    chapterNum: cn.get(b.bankId) ?? 0,
    questionNum: qn.get(b.bankId) ?? 0,
    paperNum: pn.get(b.bankId) ?? 0,
    sort: b.sort,
  }))
}

/** Goods ids a goods stands for (a package: itself and its goods). */
async function goodsFamily(ctx: Scoped, goodsId: number) {
  const items = await ctx.db
    .select({ goodsId: goodsPackageItem.goodsId })
    .from(goodsPackageItem)
    .where(ctx.scope.where(goodsPackageItem, eq(goodsPackageItem.packageId, goodsId)))
  return [goodsId, ...items.map((i) => i.goodsId)]
}

export async function banksOfGoods(ctx: Scoped, goodsId: number | undefined) {
  if (goodsId === undefined) return (await banksWhere(ctx)).filter((b) => b.isFree)
  if (goodsId > MAX_ID) return []
  return banksWhere(ctx, inArray(bank.goodsId, await goodsFamily(ctx, goodsId)))
}

export async function myBankRows(ctx: Ctx, userId: number, goodsId?: number) {
  const access = await Access.of(ctx, userId)
  const candidates = goodsId !== undefined ? await banksOfGoods(ctx, goodsId) : await banksWhere(ctx)
  const banks = candidates.filter((b) => access.canPractise(b))
  const rows = await bankRows(ctx, banks)
  const latest = await latestGraded(
    ctx,
    userId,
    banks.map((b) => b.bankId),
  )
  const expiry = new Map<number, number | null>()
  for (const b of banks) {
    if (b.isFree || expiry.has(b.goodsId)) continue
    const e = await entitlementOf(ctx, userId, b.goodsId)
    expiry.set(b.goodsId, e?.expiresAt ? toSeconds(e.expiresAt) : null)
  }
  return rows.map((r) => {
    const mine = latest.filter((a) => a.bankId === r.bankId)
    return {
      ...r,
      owned: true,
      expireTime: expiry.get(r.goodsId) ?? null,
      doneNum: mine.length,
      rightNum: mine.filter((a) => a.state === 'right').length,
    }
  })
}

export async function goodsBanks(ctx: Ctx, userId: number, which: 'owned' | 'free' | 'both') {
  const access = await Access.of(ctx, userId)
  const rows = await myBankRows(ctx, userId)
  const byGoods = new Map<number, typeof rows>()
  for (const r of rows) {
    const paid = !r.isFree
    if (which === 'owned' && (!paid || !access.ownsGoods(r.goodsId))) continue
    if (which === 'free' && paid) continue
    byGoods.set(r.goodsId, [...(byGoods.get(r.goodsId) ?? []), r])
  }
  const ids = [...byGoods.keys()]
  if (ids.length === 0) return []
  const gs = await ctx.db
    .select({ id: goods.id, name: goods.name, cover: goods.cover, price: goods.price, sort: goods.sort })
    .from(goods)
    .where(ctx.scope.where(goods, inArray(goods.id, ids)))
    .orderBy(asc(goods.sort), asc(goods.id))
  return gs.map((g) => {
    const banks = byGoods.get(g.id)!
    return {
      goodsId: g.id,
      goodsName: g.name,
      cover: g.cover,
      isFree: g.price === 0,
      owned: access.ownsGoods(g.id),
      expireTime: banks[0]?.expireTime ?? null,
      banks,
    }
  })
}

export const paperCols = {
  id: paper.id,
  name: paper.name,
  bankId: paper.bankId,
  free: paper.free,
  passScore: paper.passScore,
  durationMinutes: paper.durationMinutes,
  sort: paper.sort,
}
type PaperBase = { [K in keyof typeof paperCols]: (typeof paperCols)[K]['_']['data'] }

/** The practice papers (an unclosed exam's paper is not one: see examPaperIds). */
export async function paperRows(ctx: Scoped, where: SQL) {
  const [all, inExams] = await Promise.all([
    ctx.db.select(paperCols).from(paper).where(where).orderBy(asc(paper.sort), asc(paper.id)),
    examPaperIds(ctx),
  ])
  const ps: PaperBase[] = all.filter((p) => !inExams.has(p.id))
  if (ps.length === 0) return []
  const sums = await ctx.db
    .select({ paperId: paperQuestion.paperId, n: count(), total: sql<number>`coalesce(sum(${question.score}), 0)` })
    .from(paperQuestion)
    .innerJoin(question, eq(question.id, paperQuestion.questionId))
    .where(
      ctx.scope.where(
        paperQuestion,
        inArray(
          paperQuestion.paperId,
          ps.map((p) => p.id),
        ),
      ),
    )
    .groupBy(paperQuestion.paperId)
  const by = new Map(sums.map((s) => [s.paperId, s]))
  return ps.map((p) => {
    const total = Number(by.get(p.id)?.total ?? 0)
    return {
      paperId: p.id,
      paperName: p.name,
      bankId: p.bankId,
      free: p.free,
      questionNum: toInt(by.get(p.id)?.n),
      totalScore: Math.round(total * 100) / 100,
      passScore: p.passScore > 0 ? p.passScore : Math.round(total * 60) / 100,
      durationMinutes: p.durationMinutes,
      sort: p.sort,
    }
  })
}

/** Every free paper of the tenant: free papers of any bank and the papers of free banks, by bank then sort. */
export async function freePapers(ctx: Scoped) {
  const open = await banksWhere(ctx)
  if (open.length === 0) return []
  const freeBanks = open.filter((b) => b.isFree).map((b) => b.bankId)
  const rows = await paperRows(
    ctx,
    ctx.scope.where(
      paper,
      inArray(
        paper.bankId,
        open.map((b) => b.bankId),
      ),
      freeBanks.length > 0 ? or(eq(paper.free, true), inArray(paper.bankId, freeBanks)) : eq(paper.free, true),
    ),
  )
  return rows.sort((a, b) => a.bankId - b.bankId || a.sort - b.sort)
}

export async function papersDone(ctx: Scoped, userId: number, bankId: number) {
  const papers = await paperRows(ctx, ctx.scope.where(paper, eq(paper.bankId, bankId)))
  const recs = await ctx.db
    .select()
    .from(bankRecord)
    .where(
      ctx.scope.where(
        bankRecord,
        eq(bankRecord.userId, userId),
        eq(bankRecord.scope, 'paper'),
        eq(bankRecord.bankId, bankId),
      ),
    )
    .orderBy(asc(bankRecord.id))
  return papers.map((p) => {
    const mine = recs.filter((r) => r.paperId === p.paperId)
    const done = mine.filter((r) => r.submittedAt !== null)
    const scores = done.map((r) => (r.report as { performance: number }).performance)
    const last = done[done.length - 1]
    return {
      ...p,
      attemptNum: mine.length,
      submittedNum: done.length,
      bestScore: scores.length > 0 ? Math.max(...scores) : null,
      lastScore: last ? (last.report as { performance: number }).performance : null,
      lastSubmitTime: last?.submittedAt ? toSeconds(last.submittedAt) : null,
      unfinishedRecordId: [...mine].reverse().find((r) => r.submittedAt === null)?.id ?? null,
    }
  })
}

export async function chaptersDone(ctx: Ctx, userId: number, bankId: number) {
  const b = await bankById(ctx, bankId)
  const access = await Access.of(ctx, userId)
  if (!access.canPractise(b)) throw notEntitled()
  const chapters = await ctx.db
    .select()
    .from(bankChapter)
    .where(ctx.scope.where(bankChapter, eq(bankChapter.bankId, bankId)))
    .orderBy(asc(bankChapter.sort), asc(bankChapter.id))
  const qn = await countsBy(
    ctx,
    'chapterId',
    chapters.map((c) => c.id),
  )
  const latest = await latestGraded(ctx, userId, [bankId])
  return chapters.map((c) => {
    const mine = latest.filter((a) => a.chapterId === c.id)
    const right = mine.filter((a) => a.state === 'right').length
    return {
      chapterId: c.id,
      chapterName: c.name,
      bankId: c.bankId,
      questionNum: qn.get(c.id) ?? 0,
      sort: c.sort,
      doneNum: mine.length,
      rightNum: right,
      rightRate: rate(right, mine.length),
    }
  })
}

/** Questions with answers where the learner has the right. */
export async function viewsFor(ctx: Scoped, userId: number | undefined, rows: QuestionRow[]) {
  const access = await Access.of(ctx, userId)
  const rights = await answerRights(ctx, access, rows)
  return rows.map((q) => questionView(q, access.shows(q.id, rights.has(q.id))))
}

// ---- statistics ----
