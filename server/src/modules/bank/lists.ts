/** The wrong book's and the favourites' question lists, and a record's right or wrong questions. */

import { asc, desc, eq, isNull } from 'drizzle-orm'
import { collectQuestion, question, wrongQuestion } from '../../db/schema'
import { AppError } from '../../http/core'
import { viewsFor } from './banks'
import { assertNotSealed, examSeal, questionsByIds, questionView, type Scoped } from './core'
import { answersOf, answerView, ownRecord } from './records'
import { wrongView } from './wrong'

export async function wrongEntries(
  ctx: Scoped,
  userId: number,
  f: { bankId?: number; type?: number; chapterId?: number },
) {
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

export async function wrongQuestions(
  ctx: Scoped,
  userId: number,
  f: { bankId?: number; type?: number; chapterId?: number },
) {
  const rows = await wrongEntries(ctx, userId, f)
  const views = await viewsFor(
    ctx,
    userId,
    rows.map((r) => r.q),
  )
  const now = new Date()
  return rows.map((r, i) => ({ ...views[i]!, wrong: wrongView(r.w, r.q, now) }))
}

export async function collected(
  ctx: Scoped,
  userId: number,
  f: { bankId?: number; type?: number; chapterId?: number },
) {
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

export const typeCounts = (types: number[]) =>
  ([1, 2, 3, 4, 5] as const)
    .map((type) => ({ type, num: types.filter((t) => t === type).length }))
    .filter((t) => t.num > 0)

export async function questionOr404(ctx: Scoped, questionId: number) {
  const [q] = await questionsByIds(ctx, [questionId])
  if (!q) throw new AppError(404, 'question not found')
  return q
}

export async function recordQuestionsBy(ctx: Scoped, userId: number, recordId: number, want: 'right' | 'wrong') {
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

export const DEFAULT_BEFORE_KNOW = {
  title: '练习须知',
  content:
    '<p>1. 题库练习的答案会随作答自动保存，断网时保存在本机，联网后自动同步。</p><p>2. 练习模式作答后即可查看答案与解析；考试模式交卷后由系统评分，评分以服务器为准。</p><p>3. 答错的题目自动进入错题本，按记忆规律安排复习；连续答对后自动移出。</p>',
}
