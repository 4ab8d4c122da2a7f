/** Question bank handlers (docs/DECISIONS.md "Question bank"). */
import { asc, count, eq, inArray, isNull, lt } from 'drizzle-orm'
import { PREVIEW_QUESTIONS } from '../../../../contract/schemas/bank-codes'
import { toInt } from '../../db'
import { bank, bankChapter, bankRecord, collectQuestion, config, paper, question, wrongQuestion } from '../../db/schema'
import { type Handlers, requireUser, toSeconds } from '../../http/core'
import { sanitizeArticle } from '../../services/sanitize'
import {
  bankRows,
  banksOfGoods,
  chapterQuestions,
  chaptersDone,
  countsBy,
  freePapers,
  goodsBanks,
  myBankRows,
  optionalUser,
  paperRows,
  papersDone,
  viewsFor,
} from './banks'
import {
  Access,
  answerRights,
  assertPractisablePaper,
  asType,
  bankById,
  banksWhere,
  dayOf,
  endOfDay,
  grade,
  notEntitled,
  paperById,
  paperQuestionIds,
  questionsByIds,
  questionView,
  sectionTestLocked,
} from './core'
import { gradedAnswers, latestGraded } from './draw'
import {
  collected,
  DEFAULT_BEFORE_KNOW,
  questionOr404,
  recordQuestionsBy,
  typeCounts,
  wrongEntries,
  wrongQuestions,
} from './lists'
import { checkOpen, editRecord, ownRecord, recordDetail, recordPage, startRecord, withOwnEssayImages } from './records'
import { statistics, trend } from './statistics'
import { addToBook, review, wrongView } from './wrong'

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
