/**
 * Q and A, the learner's side (/app/answer*, docs/DECISIONS.md "Questions and answers"): ask the school's teachers
 * about a course (or one of its sections) or a question, with images uploaded through the upload service; list my
 * questions with the teachers' replies (replies listed count as seen); edit while no teacher has replied; delete.
 * The teachers' side is ./staff.ts. A learner reads and changes only their own questions.
 */
import type { IncomingHttpHeaders } from 'node:http'
import { desc, eq, gt, inArray, isNotNull, isNull, or, type SQL } from 'drizzle-orm'
import { ANSWER_STATUS } from '../../../../contract/schemas/answer-codes'
import { countRows } from '../../db'
import { question, userAnswer } from '../../db/schema'
import { AppError, type Ctx, type Handlers, requireUser } from '../../http/core'
import { ownUploads } from '../../services/upload/own'
import { Access, examInProgress, examQuestionIds } from '../bank/core'
import { courseTarget, questionTarget, sectionTarget } from '../note/targets'
import { selectAnswers, withReplies } from './rows'

const answerNotFound = () => new AppError(404, 'answer not found')

const mine = (ctx: Ctx, userId: number, ...more: (SQL | undefined)[]) =>
  ctx.scope.where(userAnswer, eq(userAnswer.userId, userId), isNull(userAnswer.deletedAt), ...more)

async function oneAnswer(ctx: Ctx, userId: number, id: number) {
  const rows = await selectAnswers(ctx, mine(ctx, userId, eq(userAnswer.id, id)))
  if (rows.length === 0) throw answerNotFound()
  return (await withReplies(ctx, rows))[0]!
}

/**
 * Every image must be an image this learner uploaded in this tenant (the rule of every upload field,
 * services/upload/own.ts); the canonical URLs are stored, repeats dropped.
 */
async function checkImages(ctx: Ctx, userId: number, list: string[], headers: IncomingHttpHeaders): Promise<string[]> {
  return (await ownUploads(ctx, userId, list, 'imageList', { headers })).map((u) => u.url)
}

/** Asking about a question a timed exam still holds would be asking for the exam's answer. */
async function assertNotExamQuestion(ctx: Ctx, access: Access, questionId: number) {
  if (access.seal.questionIds.has(questionId)) throw examInProgress()
  const [held] = await ctx.db
    .select({ id: question.id })
    .from(question)
    .where(ctx.scope.where(question, eq(question.id, questionId), inArray(question.id, examQuestionIds(ctx))))
    .limit(1)
  if (held) throw examInProgress()
}

export const handlers: Handlers = {
  'GET /app/answer/list': async (ctx, { query }) => {
    const { userId } = requireUser(ctx)
    const where = mine(
      ctx,
      userId,
      query.courseId ? eq(userAnswer.courseId, query.courseId) : undefined,
      query.questionId ? eq(userAnswer.questionId, query.questionId) : undefined,
      query.status !== undefined ? eq(userAnswer.status, query.status) : undefined,
    )
    const unreadWhere = mine(
      ctx,
      userId,
      isNotNull(userAnswer.answeredAt),
      or(isNull(userAnswer.seenAt), gt(userAnswer.answeredAt, userAnswer.seenAt)),
    )
    const [rows, total, unreadNum] = await Promise.all([
      selectAnswers(ctx, where)
        .orderBy(desc(userAnswer.id))
        .limit(query.pageSize)
        .offset((query.pageNum - 1) * query.pageSize),
      countRows(ctx.db, userAnswer, where),
      countRows(ctx.db, userAnswer, unreadWhere),
    ])
    const out = await withReplies(ctx, rows)
    // the replies shown now are seen: the marker shows once, on this list
    const seen = out.filter((r) => r.unread).map((r) => r.answerId)
    if (seen.length > 0)
      await ctx.db
        .update(userAnswer)
        .set({ seenAt: new Date() })
        .where(mine(ctx, userId, inArray(userAnswer.id, seen)))
    return { rows: out, total, unreadNum }
  },

  'POST /app/answer': async (ctx, { body, headers }) => {
    const { userId } = requireUser(ctx)
    let target: Partial<typeof userAnswer.$inferInsert>
    if (body.questionId !== undefined) {
      const access = await Access.of(ctx, userId)
      const q = await questionTarget(ctx, access, body.questionId)
      await assertNotExamQuestion(ctx, access, q.questionId)
      target = { questionId: q.questionId }
    } else if (body.sectionId !== undefined) {
      const s = await sectionTarget(ctx, userId, body.sectionId, body.goodsId, { auditionOk: false })
      if (body.courseId !== undefined && body.courseId !== s.courseId) throw new AppError(404, 'section not found')
      target = { sectionId: s.sectionId, courseId: s.courseId, goodsId: s.goodsId }
    } else {
      const c = await courseTarget(ctx, userId, body.courseId!, body.goodsId)
      target = { courseId: c.courseId, goodsId: c.goodsId }
    }
    const imageList = await checkImages(ctx, userId, body.imageList, headers)
    const [row] = await ctx.db
      .insert(userAnswer)
      .values(ctx.scope.row({ ...target, userId, content: body.content, imageList, status: ANSWER_STATUS.open }))
      .returning({ id: userAnswer.id })
    return oneAnswer(ctx, userId, row!.id)
  },

  'POST /app/answer/edit': async (ctx, { body, headers }) => {
    const { userId } = requireUser(ctx)
    const [row] = await ctx.db
      .select({ id: userAnswer.id, status: userAnswer.status })
      .from(userAnswer)
      .where(mine(ctx, userId, eq(userAnswer.id, body.id)))
    if (!row) throw answerNotFound()
    if (body.delete) {
      await ctx.db
        .update(userAnswer)
        .set({ deletedAt: new Date() })
        .where(mine(ctx, userId, eq(userAnswer.id, row.id)))
      return null
    }
    if (row.status !== ANSWER_STATUS.open)
      throw new AppError(400, 'a teacher has replied: this question can no longer be edited')
    const imageList = body.imageList ? await checkImages(ctx, userId, body.imageList, headers) : undefined
    const [changed] = await ctx.db
      .update(userAnswer)
      .set({
        ...(body.content !== undefined ? { content: body.content } : {}),
        ...(imageList ? { imageList } : {}),
        updatedAt: new Date(),
      })
      // a reply that lands between the read and this write wins: the edit is refused
      .where(mine(ctx, userId, eq(userAnswer.id, row.id), eq(userAnswer.status, ANSWER_STATUS.open)))
      .returning({ id: userAnswer.id })
    if (!changed) throw new AppError(400, 'a teacher has replied: this question can no longer be edited')
    return oneAnswer(ctx, userId, row.id)
  },
}
