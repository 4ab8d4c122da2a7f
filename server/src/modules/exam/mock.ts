/**
 * Mock-exam attempts (applications are the apply module's): start or resume inside the mock's window with an
 * active application, save / submit through the bank's editRecord, results grouped per mock, and the attempt's
 * wrong questions into the wrong book.
 */
import { desc, eq, inArray, isNull } from 'drizzle-orm'
import { bankRecord, exam, wrongQuestion } from '../../db/schema'
import { AppError, type Handlers, requireUser } from '../../http/core'
import { isWrongState, type Scoped } from '../bank/core'
import { answersOf, editRecord, ownRecord, recordDetail, recordPage, withOwnEssayImages } from '../bank/records'
import { addToBook } from '../bank/wrong'
import { closeExpiredOf, startAttempt } from './attempts'
import { visibleExam } from './rows'

const sec = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null)

interface StoredScore {
  performance: number
  reportStatus: number
}

/** Questions of a submitted attempt answered wrong or partly right. */
async function wrongOf(ctx: Scoped, userId: number, recordId: number) {
  const r = await ownRecord(ctx, userId, recordId)
  if (!r.submittedAt) throw new AppError(400, 'the attempt is not submitted yet')
  const answers = await answersOf(ctx, [r.id])
  return answers.filter((a) => a.state !== null && isWrongState(a.state)).map((a) => a.questionId)
}

async function inBook(ctx: Scoped, userId: number, questionIds: number[]) {
  if (questionIds.length === 0) return new Set<number>()
  const rows = await ctx.db
    .select({ questionId: wrongQuestion.questionId })
    .from(wrongQuestion)
    .where(
      ctx.scope.where(
        wrongQuestion,
        eq(wrongQuestion.userId, userId),
        inArray(wrongQuestion.questionId, questionIds),
        isNull(wrongQuestion.removedAt),
      ),
    )
  return new Set(rows.map((r) => r.questionId))
}

export const handlers: Handlers = {
  'POST /mock/record': async (ctx, { body }) => {
    const { userId } = requireUser(ctx)
    return startAttempt(ctx, userId, await visibleExam(ctx, userId, body.examId, 'mock'))
  },

  'POST /mock/record/edit': async (ctx, { body, headers }) => {
    const { userId } = requireUser(ctx)
    return editRecord(ctx.db, ctx.scope, userId, await withOwnEssayImages(ctx, userId, body, headers))
  },

  'GET /mock/record/:id': async (ctx, { params }) => {
    const { userId } = requireUser(ctx)
    return recordDetail(ctx, userId, await ownRecord(ctx, userId, params.id), false)
  },

  'GET /mock/record/group_list': async (ctx) => {
    const { userId } = requireUser(ctx)
    await closeExpiredOf(ctx, userId)
    const rows = await ctx.db
      .select({ r: bankRecord, name: exam.name })
      .from(bankRecord)
      .innerJoin(exam, eq(exam.id, bankRecord.examId))
      .where(ctx.scope.where(bankRecord, eq(bankRecord.userId, userId), eq(bankRecord.scope, 'mock')))
      .orderBy(desc(bankRecord.id))
    const groups = new Map<number, { name: string; records: (typeof rows)[number]['r'][] }>()
    for (const { r, name } of rows) {
      const g = groups.get(r.examId!) ?? { name, records: [] }
      g.records.push(r)
      groups.set(r.examId!, g)
    }
    return [...groups.entries()]
      .map(([examId, g]) => {
        const done = g.records
          .filter((r) => r.submittedAt !== null && r.report)
          .sort((a, b) => b.submittedAt!.getTime() - a.submittedAt!.getTime())
        const scores = done.map((r) => r.report as StoredScore)
        return {
          examId,
          name: g.name,
          attempts: g.records.length,
          bestScore: scores.length ? Math.max(...scores.map((s) => s.performance)) : null,
          lastScore: scores[0]?.performance ?? null,
          lastTime: sec(done[0]?.submittedAt ?? null),
          passed: scores.some((s) => s.reportStatus === 1),
        }
      })
      .sort((a, b) => (b.lastTime ?? 0) - (a.lastTime ?? 0) || b.examId - a.examId)
  },

  'GET /mock/record/list': async (ctx, { query }) => {
    const { userId } = requireUser(ctx)
    await closeExpiredOf(ctx, userId)
    const where = ctx.scope.where(
      bankRecord,
      eq(bankRecord.userId, userId),
      eq(bankRecord.scope, 'mock'),
      query.examId ? eq(bankRecord.examId, query.examId) : undefined,
    )
    return recordPage(ctx, where, query.pageNum, query.pageSize)
  },

  'POST /mock/wwrong/record': async (ctx, { body }) => {
    const { userId } = requireUser(ctx)
    const ids = await wrongOf(ctx, userId, body.recordId)
    const before = await inBook(ctx, userId, ids)
    const missing = ids.filter((id) => !before.has(id))
    for (const id of missing) await addToBook(ctx, userId, id)
    return { added: missing.length }
  },

  'GET /mock/wwrong/record/wrongNum/:id': async (ctx, { params }) => {
    const { userId } = requireUser(ctx)
    const ids = await wrongOf(ctx, userId, params.id)
    return { wrongNum: ids.length, inBookNum: (await inBook(ctx, userId, ids)).size }
  },
}
