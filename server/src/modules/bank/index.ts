/** Question bank handlers (docs/DECISIONS.md "Question bank"). */
import { and, asc, count, desc, eq, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm'
import { PREVIEW_QUESTIONS } from '../../../../contract/schemas/bank-codes'
import { toInt } from '../../db'
import {
  bank,
  bankChapter,
  bankRecord,
  collectQuestion,
  config,
  goods,
  goodsPackageItem,
  paper,
  paperQuestion,
  question,
  wrongQuestion,
} from '../../db/schema'
import { AppError, type Ctx, type Handlers, keptContent, requireUser, toSeconds } from '../../http/core'
import { sanitizeArticle } from '../../services/sanitize'
import { authenticate } from '../../services/tokens'
import { entitledGoodsQuery, entitlementOf } from '../order/entitlement'
import {
  Access,
  answerRights,
  assertNotSealed,
  assertPractisablePaper,
  asType,
  type BankInfo,
  bankById,
  banksWhere,
  dayOf,
  endOfDay,
  examPaperIds,
  examSeal,
  gapsOf,
  grade,
  MAX_ID,
  notEntitled,
  notFound,
  paperById,
  paperQuestionIds,
  type QuestionRow,
  questionsByIds,
  questionView,
  rate,
  type Scoped,
  sealedQuestionsColumn,
  sectionTestLocked,
} from './core'
import {
  answersOf,
  answerView,
  checkOpen,
  editRecord,
  gradedAnswers,
  latestGraded,
  ownRecord,
  recordDetail,
  recordPage,
  startRecord,
  withOwnEssayImages,
} from './records'
import { addToBook, review, wrongView } from './wrong'

/** Public routes: the learner when a valid token is sent, else anonymous (never a 401). */
async function optionalUser(ctx: Ctx, authorization: string | undefined): Promise<number | undefined> {
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
async function chapterQuestions(ctx: Ctx, userId: number | undefined, chapterId: number) {
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
async function countsBy<K extends 'bankId' | 'chapterId'>(ctx: Scoped, key: K, ids: number[]) {
  if (ids.length === 0) return new Map<number, number>()
  const col = key === 'bankId' ? question.bankId : question.chapterId
  const rows = await ctx.db
    .select({ k: col, n: count() })
    .from(question)
    .where(ctx.scope.where(question, inArray(col, ids)))
    .groupBy(col)
  return new Map(rows.map((r) => [r.k ?? 0, toInt(r.n)]))
}

async function bankRows(ctx: Scoped, banks: BankInfo[]) {
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

async function banksOfGoods(ctx: Scoped, goodsId: number | undefined) {
  if (goodsId === undefined) return (await banksWhere(ctx)).filter((b) => b.isFree)
  if (goodsId > MAX_ID) return []
  return banksWhere(ctx, inArray(bank.goodsId, await goodsFamily(ctx, goodsId)))
}

async function myBankRows(ctx: Ctx, userId: number, goodsId?: number) {
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

async function goodsBanks(ctx: Ctx, userId: number, which: 'owned' | 'free' | 'both') {
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

const paperCols = {
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
async function paperRows(ctx: Scoped, where: SQL) {
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
async function freePapers(ctx: Scoped) {
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

async function papersDone(ctx: Scoped, userId: number, bankId: number) {
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

async function chaptersDone(ctx: Ctx, userId: number, bankId: number) {
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
async function viewsFor(ctx: Scoped, userId: number | undefined, rows: QuestionRow[]) {
  const access = await Access.of(ctx, userId)
  const rights = await answerRights(ctx, access, rows)
  return rows.map((q) => questionView(q, access.shows(q.id, rights.has(q.id))))
}

// ---- statistics ----
async function statistics(ctx: Scoped, userId: number, bankId?: number) {
  const bankIds = bankId ? [bankId] : undefined
  const [all, records] = await Promise.all([
    gradedAnswers(ctx, userId, bankIds),
    ctx.db
      .select()
      .from(bankRecord)
      .where(
        ctx.scope.where(bankRecord, eq(bankRecord.userId, userId), bankId ? eq(bankRecord.bankId, bankId) : undefined),
      ),
  ])
  const latest = new Map<number, (typeof all)[number]>()
  for (const a of all) {
    const cur = latest.get(a.questionId)
    if (!cur || cur.answeredAt < a.answeredAt) latest.set(a.questionId, a)
  }
  const done = [...latest.values()]
  const right = done.filter((a) => a.state === 'right').length
  // time spent: every answer (graded or not) of the learner's attempts
  const answers = await answersOf(
    ctx,
    records.map((r) => r.id),
  )
  let timeSpent = 0
  for (const r of records) {
    const mine = answers.filter((a) => a.recordId === r.id)
    timeSpent += gapsOf(
      r.startedAt,
      mine.map((a) => a.answeredAt),
    ).reduce((s, g) => s + g, 0)
  }
  // chapters: all of the bank when one is asked, else those answered
  const chapterIds = bankId
    ? (
        await ctx.db
          .select({ id: bankChapter.id })
          .from(bankChapter)
          .where(ctx.scope.where(bankChapter, eq(bankChapter.bankId, bankId)))
          .orderBy(asc(bankChapter.sort), asc(bankChapter.id))
      ).map((c) => c.id)
    : [...new Set(done.map((a) => a.chapterId).filter((c): c is number => c !== null))]
  const chapters =
    chapterIds.length > 0
      ? await ctx.db
          .select()
          .from(bankChapter)
          .where(ctx.scope.where(bankChapter, inArray(bankChapter.id, chapterIds)))
          .orderBy(asc(bankChapter.bankId), asc(bankChapter.sort), asc(bankChapter.id))
      : []
  const qn = await countsBy(ctx, 'chapterId', chapterIds)
  const typeCounts = await ctx.db
    .select({ type: question.type, n: count() })
    .from(question)
    .where(
      ctx.scope.where(
        question,
        bankId
          ? eq(question.bankId, bankId)
          : done.length > 0
            ? inArray(question.bankId, [...new Set(done.map((a) => a.bankId))])
            : sql`false`,
      ),
    )
    .groupBy(question.type)
  const line = (rows: typeof done, raw: typeof all) => {
    const r = rows.filter((a) => a.state === 'right').length
    return { doneNum: rows.length, rightNum: r, rightRate: rate(r, rows.length), answerNum: raw.length }
  }
  return {
    doneNum: done.length,
    rightNum: right,
    rightRate: rate(right, done.length),
    answerNum: all.length,
    timeSpentSeconds: Math.round(timeSpent),
    recordNum: records.length,
    submittedNum: records.filter((r) => r.submittedAt !== null).length,
    byChapter: chapters.map((c) => ({
      chapterId: c.id,
      chapterName: c.name,
      questionNum: qn.get(c.id) ?? 0,
      ...line(
        done.filter((a) => a.chapterId === c.id),
        all.filter((a) => a.chapterId === c.id),
      ),
    })),
    byType: ([1, 2, 3, 4, 5] as const).map((type) => ({
      type,
      questionNum: toInt(typeCounts.find((t) => t.type === type)?.n),
      ...line(
        done.filter((a) => a.type === type),
        all.filter((a) => a.type === type),
      ),
    })),
  }
}

async function trend(ctx: Scoped, userId: number, days: number, bankId?: number) {
  const now = new Date()
  const from = new Date(endOfDay(now).getTime() - days * 24 * 3600 * 1000)
  const all = (await gradedAnswers(ctx, userId, bankId ? [bankId] : undefined)).filter((a) => a.answeredAt >= from)
  const recordIds = [...new Set(all.map((a) => a.recordId))]
  const records =
    recordIds.length > 0
      ? await ctx.db
          .select()
          .from(bankRecord)
          .where(ctx.scope.where(bankRecord, inArray(bankRecord.id, recordIds)))
      : []
  const answers = await answersOf(ctx, recordIds)
  const time = new Map<string, number>()
  for (const r of records) {
    const mine = answers
      .filter((a) => a.recordId === r.id)
      .sort((a, b) => a.answeredAt.getTime() - b.answeredAt.getTime())
    const gaps = gapsOf(
      r.startedAt,
      mine.map((a) => a.answeredAt),
    )
    mine.forEach((a, i) => {
      if (a.answeredAt < from) return
      const d = dayOf(a.answeredAt)
      time.set(d, (time.get(d) ?? 0) + gaps[i]!)
    })
  }
  const out = []
  for (let i = days - 1; i >= 0; i--) {
    const date = dayOf(new Date(now.getTime() - i * 24 * 3600 * 1000))
    const mine = all.filter((a) => dayOf(a.answeredAt) === date)
    const right = mine.filter((a) => a.state === 'right').length
    out.push({
      date,
      answerNum: mine.length,
      rightNum: right,
      rightRate: rate(right, mine.length),
      timeSpentSeconds: Math.round(time.get(date) ?? 0),
    })
  }
  return out
}

// ---- wrong book / favourites queries ----
async function wrongEntries(ctx: Scoped, userId: number, f: { bankId?: number; type?: number; chapterId?: number }) {
  return ctx.db
    .select({ w: wrongQuestion, q: question })
    .from(wrongQuestion)
    .innerJoin(question, eq(question.id, wrongQuestion.questionId))
    .where(
      ctx.scope.where(
        wrongQuestion,
        eq(wrongQuestion.userId, userId),
        isNull(wrongQuestion.removedAt),
        f.bankId ? eq(question.bankId, f.bankId) : undefined,
        f.type ? eq(question.type, f.type) : undefined,
        f.chapterId ? eq(question.chapterId, f.chapterId) : undefined,
      ),
    )
    .orderBy(asc(wrongQuestion.due), asc(wrongQuestion.id))
}

async function wrongQuestions(ctx: Scoped, userId: number, f: { bankId?: number; type?: number; chapterId?: number }) {
  const rows = await wrongEntries(ctx, userId, f)
  const views = await viewsFor(
    ctx,
    userId,
    rows.map((r) => r.q),
  )
  const now = new Date()
  return rows.map((r, i) => ({ ...views[i]!, wrong: wrongView(r.w, r.q, now) }))
}

async function collected(ctx: Scoped, userId: number, f: { bankId?: number; type?: number; chapterId?: number }) {
  return ctx.db
    .select({ c: collectQuestion, q: question })
    .from(collectQuestion)
    .innerJoin(question, eq(question.id, collectQuestion.questionId))
    .where(
      ctx.scope.where(
        collectQuestion,
        eq(collectQuestion.userId, userId),
        f.bankId ? eq(question.bankId, f.bankId) : undefined,
        f.type ? eq(question.type, f.type) : undefined,
        f.chapterId ? eq(question.chapterId, f.chapterId) : undefined,
      ),
    )
    .orderBy(desc(collectQuestion.createdAt), desc(collectQuestion.id))
}

const typeCounts = (types: number[]) =>
  ([1, 2, 3, 4, 5] as const)
    .map((type) => ({ type, num: types.filter((t) => t === type).length }))
    .filter((t) => t.num > 0)

async function questionOr404(ctx: Scoped, questionId: number) {
  const [q] = await questionsByIds(ctx, [questionId])
  if (!q) throw new AppError(404, 'question not found')
  return q
}

async function recordQuestionsBy(ctx: Scoped, userId: number, recordId: number, want: 'right' | 'wrong') {
  const r = await ownRecord(ctx, userId, recordId)
  if (!r.submittedAt) throw new AppError(400, 'the attempt is not submitted yet')
  assertNotSealed(await examSeal(ctx, userId), r)
  const report = r.report as { rightQuestionIds: number[]; questionIds: number[] }
  const ids = want === 'right' ? report.rightQuestionIds : report.questionIds
  const [qs, answers] = await Promise.all([questionsByIds(ctx, ids), answersOf(ctx, [r.id])])
  return qs.map((q) => {
    const a = answers.find((x) => x.questionId === q.id)
    return { ...questionView(q, true), answer: a ? answerView(a) : null }
  })
}

const DEFAULT_BEFORE_KNOW = {
  title: '练习须知',
  content:
    '<p>1. 题库练习的答案会随作答自动保存，断网时保存在本机，联网后自动同步。</p><p>2. 练习模式作答后即可查看答案与解析；考试模式交卷后由系统评分，评分以服务器为准。</p><p>3. 答错的题目自动进入错题本，按记忆规律安排复习；连续答对后自动移出。</p>',
}

export const handlers: Handlers = {
  // ---- public ----
  'GET /app/common/bank/list': async (ctx, { query }) => bankRows(ctx, await banksOfGoods(ctx, query.goodsId)),

  'GET /app/common/bank/chapter/list': async (ctx, { query }) => {
    await bankById(ctx, query.bankId)
    const chapters = await ctx.db
      .select()
      .from(bankChapter)
      .where(ctx.scope.where(bankChapter, eq(bankChapter.bankId, query.bankId)))
      .orderBy(asc(bankChapter.sort), asc(bankChapter.id))
    const qn = await countsBy(
      ctx,
      'chapterId',
      chapters.map((c) => c.id),
    )
    return chapters.map((c) => ({
      chapterId: c.id,
      chapterName: c.name,
      bankId: c.bankId,
      questionNum: qn.get(c.id) ?? 0,
      sort: c.sort,
    }))
  },

  'GET /app/common/bank/exam/list': async (ctx, { query }) => {
    if (query.bankId === undefined) return freePapers(ctx)
    await bankById(ctx, query.bankId)
    return paperRows(ctx, ctx.scope.where(paper, eq(paper.bankId, query.bankId)))
  },

  'GET /app/common/bank/question/list': async (ctx, { query, headers }) => {
    const userId = await optionalUser(ctx, headers.authorization)
    if (query.chapterId) return chapterQuestions(ctx, userId, query.chapterId)
    const access = await Access.of(ctx, userId)
    const p = await paperById(ctx, query.paperId!)
    await assertPractisablePaper(ctx, p.id)
    // a section test not yet open to this learner lists its questions without answers (as a preview)
    const open =
      (p.free || access.canPractise(await bankById(ctx, p.bankId))) && !(await sectionTestLocked(ctx, userId, p.id))
    const ids = await paperQuestionIds(ctx, p.id)
    const shown = open ? ids : ids.slice(0, PREVIEW_QUESTIONS)
    const rows = await questionsByIds(ctx, shown)
    const views = rows.map((q) => questionView(q, access.shows(q.id, open)))
    return {
      rows: views,
      total: ids.length,
      preview: !open,
      withAnswers: open && views.every((v) => v.ans !== null),
    }
  },

  'GET /app/common/bank/question/temp/list': async (ctx, { query, headers }) => {
    const userId = await optionalUser(ctx, headers.authorization)
    const ids = [...new Set(query.ids.split(',').map(Number))]
    return viewsFor(ctx, userId, await questionsByIds(ctx, ids))
  },

  'GET /app/common/goods/course/moduleFreeExamList/:id': async (ctx, { params }) => {
    const banks = await banksOfGoods(ctx, params.id)
    if (banks.length === 0) return []
    return paperRows(
      ctx,
      ctx.scope.where(
        paper,
        eq(paper.free, true),
        inArray(
          paper.bankId,
          banks.map((b) => b.bankId),
        ),
      ),
    )
  },

  // ---- the learner's banks ----
  'GET /goods/bank/list': async (ctx, { query }) => myBankRows(ctx, requireUser(ctx).userId, query.goodsId),
  'GET /goods/bank/dolist': async (ctx, { query }) => myBankRows(ctx, requireUser(ctx).userId, query.goodsId),

  'GET /goods/bank/questionNum/:id': async (ctx, { params }) => {
    const { userId } = requireUser(ctx)
    const b = await bankById(ctx, params.id)
    const [types, latest, wrong, col] = await Promise.all([
      ctx.db
        .select({ type: question.type, n: count() })
        .from(question)
        .where(ctx.scope.where(question, eq(question.bankId, b.bankId)))
        .groupBy(question.type),
      latestGraded(ctx, userId, [b.bankId]),
      wrongEntries(ctx, userId, { bankId: b.bankId }),
      collected(ctx, userId, { bankId: b.bankId }),
    ])
    return {
      bankId: b.bankId,
      questionNum: types.reduce((s, t) => s + toInt(t.n), 0),
      doneNum: latest.length,
      rightNum: latest.filter((a) => a.state === 'right').length,
      wrongNum: wrong.length,
      collectNum: col.length,
      byType: types.map((t) => ({ type: asType(t.type), num: toInt(t.n) })).sort((a, c) => a.type - c.type),
    }
  },

  'GET /goods/chapter/dolist': async (ctx, { query }) => chaptersDone(ctx, requireUser(ctx).userId, query.bankId),
  'GET /study/record/menuAllList': async (ctx, { query }) => chaptersDone(ctx, requireUser(ctx).userId, query.bankId),
  'GET /study/record/menuAllListWithExam': async (ctx, { query }) => {
    const { userId } = requireUser(ctx)
    return {
      chapters: await chaptersDone(ctx, userId, query.bankId),
      papers: await papersDone(ctx, userId, query.bankId),
    }
  },

  'GET /goods/exam/dolist': async (ctx, { query }) => {
    const { userId } = requireUser(ctx)
    await bankById(ctx, query.bankId)
    return papersDone(ctx, userId, query.bankId)
  },
  'GET /exam/paper/list': async (ctx, { query }) => {
    const { userId } = requireUser(ctx)
    await bankById(ctx, query.bankId)
    return papersDone(ctx, userId, query.bankId)
  },

  'POST /goods/rel/exam': async (ctx, { body }) => {
    const { userId } = requireUser(ctx)
    const access = await Access.of(ctx, userId)
    const banks = await banksOfGoods(ctx, body.goodsId)
    if (banks.length === 0) return []
    const papers = await paperRows(
      ctx,
      ctx.scope.where(
        paper,
        inArray(
          paper.bankId,
          banks.map((b) => b.bankId),
        ),
      ),
    )
    return papers.map((p) => ({
      ...p,
      canTake: p.free || access.canPractise(banks.find((b) => b.bankId === p.bankId)!),
    }))
  },

  'GET /bank/question/listGoodsUserQuestion': async (ctx) => goodsBanks(ctx, requireUser(ctx).userId, 'owned'),
  'GET /bank/question/listFreeGoodsList': async (ctx) => goodsBanks(ctx, requireUser(ctx).userId, 'free'),
  'GET /bank/question/listUserFreeUnionBuyGoodsList': async (ctx) => goodsBanks(ctx, requireUser(ctx).userId, 'both'),

  'GET /course/special/question/list': async (ctx, { query }) => {
    const { userId } = requireUser(ctx)
    const b = await bankById(ctx, query.bankId)
    const access = await Access.of(ctx, userId)
    if (!access.canPractise(b)) throw notEntitled()
    const where = ctx.scope.where(
      question,
      eq(question.bankId, b.bankId),
      query.type ? eq(question.type, query.type) : undefined,
      query.difficulty ? eq(question.difficulty, query.difficulty) : undefined,
    )
    const [rows, [total]] = await Promise.all([
      ctx.db
        .select()
        .from(question)
        .where(where)
        .orderBy(asc(question.sort), asc(question.id))
        .limit(query.pageSize)
        .offset((query.pageNum - 1) * query.pageSize),
      ctx.db.select({ n: count() }).from(question).where(where),
    ])
    return { rows: rows.map((q) => questionView(q, access.shows(q.id, true))), total: toInt(total?.n) }
  },

  'GET /course/special/question/count': async (ctx, { query }) => {
    requireUser(ctx)
    const b = await bankById(ctx, query.bankId)
    const where = ctx.scope.where(question, eq(question.bankId, b.bankId))
    const [types, diffs] = await Promise.all([
      ctx.db.select({ k: question.type, n: count() }).from(question).where(where).groupBy(question.type),
      ctx.db.select({ k: question.difficulty, n: count() }).from(question).where(where).groupBy(question.difficulty),
    ])
    return {
      byType: types.map((t) => ({ type: asType(t.k), num: toInt(t.n) })).sort((a, c) => a.type - c.type),
      byDifficulty: diffs
        .map((d) => ({ difficulty: d.k, num: toInt(d.n) }))
        .sort((a, c) => a.difficulty - c.difficulty),
    }
  },

  'GET /apply/before/know': async (ctx) => {
    requireUser(ctx)
    const [row] = await ctx.db
      .select({ v: config.configValue })
      .from(config)
      .where(ctx.scope.where(config, eq(config.configKey, 'bank.beforeKnow')))
    if (!row) return DEFAULT_BEFORE_KNOW
    try {
      const v = JSON.parse(row.v) as { title?: unknown; content?: unknown }
      return {
        title: typeof v.title === 'string' ? v.title : DEFAULT_BEFORE_KNOW.title,
        content: sanitizeArticle(typeof v.content === 'string' ? v.content : DEFAULT_BEFORE_KNOW.content),
      }
    } catch {
      return DEFAULT_BEFORE_KNOW
    }
  },

  // ---- favourites ----
  'POST /collect/question': async (ctx, { body }) => {
    const { userId } = requireUser(ctx)
    await questionOr404(ctx, body.questionId)
    await ctx.db
      .insert(collectQuestion)
      .values(ctx.scope.row({ userId, questionId: body.questionId }))
      .onConflictDoNothing()
    const [row] = await ctx.db
      .select({ id: collectQuestion.id })
      .from(collectQuestion)
      .where(
        ctx.scope.where(
          collectQuestion,
          eq(collectQuestion.userId, userId),
          eq(collectQuestion.questionId, body.questionId),
        ),
      )
    return { collectId: row!.id }
  },
  'POST /collect/question/delete/:id': async (ctx, { params }) => {
    const { userId } = requireUser(ctx)
    await ctx.db
      .delete(collectQuestion)
      .where(
        ctx.scope.where(collectQuestion, eq(collectQuestion.userId, userId), eq(collectQuestion.questionId, params.id)),
      )
    return null
  },
  'GET /collect/question/getInfo': async (ctx, { query }) => {
    const { userId } = requireUser(ctx)
    const [row] = await ctx.db
      .select({ id: collectQuestion.id })
      .from(collectQuestion)
      .where(
        ctx.scope.where(
          collectQuestion,
          eq(collectQuestion.userId, userId),
          eq(collectQuestion.questionId, query.questionId),
        ),
      )
    return { collected: row !== undefined, collectId: row?.id ?? null }
  },
  'GET /collect/question/type_list': async (ctx, { query }) =>
    typeCounts((await collected(ctx, requireUser(ctx).userId, query)).map((r) => r.q.type)),
  'GET /collect/question/exam_question_list': async (ctx, { query }) => {
    const { userId } = requireUser(ctx)
    const rows = await collected(ctx, userId, query)
    return viewsFor(
      ctx,
      userId,
      rows.map((r) => r.q),
    )
  },
  'GET /collect/question/exam_list': async (ctx, { query }) => {
    const { userId } = requireUser(ctx)
    const rows = await collected(ctx, userId, query)
    const bankIds = [...new Set(rows.map((r) => r.q.bankId))]
    const chapterIds = [...new Set(rows.map((r) => r.q.chapterId).filter((c): c is number => c !== null))]
    const [banks, chapters] = await Promise.all([
      bankIds.length > 0 ? banksWhere(ctx, inArray(bank.id, bankIds)) : [],
      chapterIds.length > 0
        ? ctx.db
            .select()
            .from(bankChapter)
            .where(ctx.scope.where(bankChapter, inArray(bankChapter.id, chapterIds)))
        : [],
    ])
    const groups = new Map<string, { bankId: number; chapterId: number | null; num: number }>()
    for (const r of rows) {
      const k = `${r.q.bankId}:${r.q.chapterId ?? 0}`
      const g = groups.get(k) ?? { bankId: r.q.bankId, chapterId: r.q.chapterId, num: 0 }
      g.num++
      groups.set(k, g)
    }
    return [...groups.values()].map((g) => ({
      ...g,
      bankName: banks.find((b) => b.bankId === g.bankId)?.bankName ?? '',
      chapterName: chapters.find((c) => c.id === g.chapterId)?.name ?? '',
    }))
  },
  'GET /collect/question/list': async (ctx, { query }) => {
    const { userId } = requireUser(ctx)
    const rows = await collected(ctx, userId, query)
    const start = (query.pageNum - 1) * query.pageSize
    return {
      rows: rows.slice(start, start + query.pageSize).map((r) => ({
        collectId: r.c.id,
        questionId: r.q.id,
        bankId: r.q.bankId,
        chapterId: r.q.chapterId,
        type: asType(r.q.type),
        title: r.q.title,
        collectTime: toSeconds(r.c.createdAt),
      })),
      total: rows.length,
    }
  },

  // ---- records ----
  'POST /bank/record': async (ctx, { body }) => startRecord(ctx, requireUser(ctx).userId, body),
  'POST /exam/record': async (ctx, { body }) =>
    startRecord(ctx, requireUser(ctx).userId, { scope: 'paper', paperId: body.paperId, mode: body.mode }),
  'POST /bank/record/edit': async (ctx, { body, headers }) => {
    const { userId } = requireUser(ctx)
    return editRecord(ctx.db, ctx.scope, userId, await withOwnEssayImages(ctx, userId, body, headers))
  },
  'POST /exam/record/edit': async (ctx, { body, headers }) => {
    const { userId } = requireUser(ctx)
    return editRecord(ctx.db, ctx.scope, userId, await withOwnEssayImages(ctx, userId, body, headers))
  },
  'GET /bank/record/:id': async (ctx, { params }) => {
    const { userId } = requireUser(ctx)
    return recordDetail(ctx, userId, await ownRecord(ctx, userId, params.id), false)
  },
  'GET /exam/record/:id': async (ctx, { params }) => {
    const { userId } = requireUser(ctx)
    return recordDetail(ctx, userId, await ownRecord(ctx, userId, params.id), false)
  },
  'GET /bank/record/doNum': async (ctx, { query }) => {
    const { userId } = requireUser(ctx)
    const all = await gradedAnswers(ctx, userId, query.bankId ? [query.bankId] : undefined)
    const latest = await latestGraded(ctx, userId, query.bankId ? [query.bankId] : undefined)
    const today = dayOf(new Date())
    return {
      doneNum: latest.length,
      rightNum: latest.filter((a) => a.state === 'right').length,
      answerNum: all.length,
      todayNum: all.filter((a) => dayOf(a.answeredAt) === today).length,
    }
  },
  'GET /bank/record/check/bank/record': async (ctx, { query }) => checkOpen(ctx, requireUser(ctx).userId, query),
  'GET /exam/record/right_list': async (ctx, { query }) =>
    recordQuestionsBy(ctx, requireUser(ctx).userId, query.recordId, 'right'),
  'GET /exam/record/wrong_list': async (ctx, { query }) =>
    recordQuestionsBy(ctx, requireUser(ctx).userId, query.recordId, 'wrong'),
  'GET /exam/record/count': async (ctx, { query }) => statistics(ctx, requireUser(ctx).userId, query.bankId),
  'GET /exam/record/group_list': async (ctx, { query }) =>
    trend(ctx, requireUser(ctx).userId, query.days, query.bankId),
  'GET /exam/record/list': async (ctx, { query }) => {
    const { userId } = requireUser(ctx)
    const where = ctx.scope.where(
      bankRecord,
      eq(bankRecord.userId, userId),
      eq(bankRecord.scope, 'paper'),
      query.bankId ? eq(bankRecord.bankId, query.bankId) : undefined,
      query.paperId ? eq(bankRecord.paperId, query.paperId) : undefined,
    )
    return recordPage(ctx, where, query.pageNum, query.pageSize)
  },
  'GET /bank/question/record/list': async (ctx, { query }) => {
    const { userId } = requireUser(ctx)
    const where = ctx.scope.where(
      bankRecord,
      eq(bankRecord.userId, userId),
      query.scope ? eq(bankRecord.scope, query.scope) : undefined,
      query.bankId ? eq(bankRecord.bankId, query.bankId) : undefined,
    )
    return recordPage(ctx, where, query.pageNum, query.pageSize)
  },

  // ---- wrong book ----
  'POST /exam/wwrong/record': async (ctx, { body }) => {
    const { userId } = requireUser(ctx)
    const q = await questionOr404(ctx, body.questionId)
    const access = await Access.of(ctx, userId)
    if (!(await answerRights(ctx, access, [q])).has(q.id)) throw notEntitled()
    if (body.ques === undefined) {
      const w = await addToBook(ctx, userId, q.id)
      return { questionId: q.id, inBook: true, state: null, wrong: wrongView(w, q) }
    }
    const g = grade(q, body.ques)
    const at = new Date(Math.min((body.answeredAt ?? Date.now() / 1000) * 1000, Date.now() + 5 * 60_000))
    const w =
      g.state === 'right' || g.state === 'wrong' || g.state === 'partial'
        ? await review(ctx, userId, q.id, g.state === 'right', at)
        : undefined
    return {
      questionId: q.id,
      inBook: w !== undefined && w.removedAt === null,
      state: g.state,
      wrong: w ? wrongView(w, q) : null,
    }
  },
  'POST /exam/wwrong/record/delete/question': async (ctx, { body }) => {
    const { userId } = requireUser(ctx)
    const ids = body.questionIds ?? [body.questionId!]
    const rows = await ctx.db
      .update(wrongQuestion)
      .set({ removedAt: new Date(), removedReason: 'removed' })
      .where(
        ctx.scope.where(
          wrongQuestion,
          eq(wrongQuestion.userId, userId),
          inArray(wrongQuestion.questionId, ids),
          isNull(wrongQuestion.removedAt),
        ),
      )
      .returning({ id: wrongQuestion.id })
    return { removed: rows.length }
  },
  'GET /exam/wwrong/record/list': async (ctx, { query }) => {
    const { userId } = requireUser(ctx)
    const now = new Date()
    let rows = await wrongEntries(ctx, userId, query)
    if (query.dueOnly) rows = rows.filter((r) => r.w.due < endOfDay(now))
    const start = (query.pageNum - 1) * query.pageSize
    return {
      rows: rows.slice(start, start + query.pageSize).map((r) => wrongView(r.w, r.q, now)),
      total: rows.length,
    }
  },
  'GET /exam/wwrong/record/type_list': async (ctx, { query }) => {
    const { userId } = requireUser(ctx)
    const rows = await wrongEntries(ctx, userId, query)
    const eod = endOfDay(new Date())
    return typeCounts(rows.map((r) => r.q.type)).map((t) => ({
      ...t,
      dueNum: rows.filter((r) => r.q.type === t.type && r.w.due < eod).length,
    }))
  },
  'GET /exam/wwrong/record/type_question_list': async (ctx, { query }) =>
    wrongQuestions(ctx, requireUser(ctx).userId, query),
  'GET /exam/wwrong/record/exam_question_list': async (ctx, { query }) =>
    wrongQuestions(ctx, requireUser(ctx).userId, query),
  'GET /exam/wwrong/record/wrongNum': async (ctx, { query }) => {
    const { userId } = requireUser(ctx)
    const eod = endOfDay(new Date())
    const [total, due] = await Promise.all(
      [undefined, lt(wrongQuestion.due, eod)].map((extra) =>
        ctx.db
          .select({ n: count() })
          .from(wrongQuestion)
          .innerJoin(question, eq(question.id, wrongQuestion.questionId))
          .where(
            ctx.scope.where(
              wrongQuestion,
              eq(wrongQuestion.userId, userId),
              isNull(wrongQuestion.removedAt),
              query.bankId ? eq(question.bankId, query.bankId) : undefined,
              extra,
            ),
          ),
      ),
    )
    return { total: toInt(total?.[0]?.n), dueToday: toInt(due?.[0]?.n) }
  },
}
