/**
 * The Q and A desk of a school's teachers (docs/DECISIONS.md "Questions and answers"; contract/staff.ts, every staff
 * role); the console's Q&A page uses it. Registered by the route loop like every call (server/src/app.ts): a
 * learner's token is refused (403) before a handler runs.
 */
import { asc, desc, eq, inArray, isNull } from 'drizzle-orm'
import { ANSWER_STATUS } from '../../../../contract/schemas/answer-codes'
import type { Db } from '../../db'
import { countRows } from '../../db'
import { answerReply, sysUser, userAnswer } from '../../db/schema'
import { AppError, type Handlers, requireStaff } from '../../http/core'
import { notify } from '../../services/inform'
import { selectAnswers, withReplies } from './rows'

/** The learner's page a reply message opens. */
export const answerLink = (answerId: number) => `/pages3/answer/index?id=${answerId}`

export const handlers: Handlers = {
  /** learners' questions: open ones oldest first (answered / all: newest first), with replies */
  'GET /staff/answers': async (ctx, { query: q }) => {
    const { db, scope } = ctx
    const where = scope.where(
      userAnswer,
      isNull(userAnswer.deletedAt),
      q.status === 'all' ? undefined : eq(userAnswer.status, Number(q.status)),
    )
    const [rows, total] = await Promise.all([
      selectAnswers({ db, scope }, where)
        .orderBy(q.status === '0' ? asc(userAnswer.id) : desc(userAnswer.id))
        .limit(q.pageSize)
        .offset((q.pageNum - 1) * q.pageSize),
      countRows(db, userAnswer, where),
    ])
    const ids = [...new Set(rows.map((r) => r.userId))]
    const learners =
      ids.length === 0
        ? []
        : await db
            .select({ userId: sysUser.id, userAccount: sysUser.userAccount, nickName: sysUser.nickName })
            .from(sysUser)
            .where(scope.where(sysUser, inArray(sysUser.id, ids)))
    const wire = await withReplies({ db, scope }, rows)
    return {
      rows: wire.map(({ unread: _unread, ...r }, i) => {
        const who = learners.find((u) => u.userId === rows[i]!.userId)
        return { ...r, userAccount: who?.userAccount ?? '', nickName: who?.nickName ?? '' }
      }),
      total,
    }
  },

  /** { content }: the reply; the learner gets a message (notify) */
  'POST /staff/answers/:answerId/reply': async (ctx, { params, body }) => {
    const { account } = requireStaff(ctx)
    const { scope } = ctx
    const id = params.answerId
    const { content } = body
    const now = new Date()
    const staffName = (account?.nickName || account?.userAccount || '老师').slice(0, 30)
    const replied = await ctx.db.transaction(async (tx) => {
      const [a] = await tx
        .update(userAnswer)
        .set({ status: ANSWER_STATUS.answered, answeredAt: now, updatedAt: now })
        .where(scope.where(userAnswer, eq(userAnswer.id, id), isNull(userAnswer.deletedAt)))
        .returning({ id: userAnswer.id, userId: userAnswer.userId, content: userAnswer.content })
      if (!a) return null
      const [r] = await tx
        .insert(answerReply)
        .values(scope.row({ answerId: a.id, staffUserId: account?.userId ?? null, staffName, content }))
        .returning({ id: answerReply.id })
      const asked = a.content.length > 30 ? `${a.content.slice(0, 29)}…` : a.content
      await notify(tx as unknown as Db, scope, a.userId, {
        kind: 'answer',
        title: `${staffName}回复了您的提问`,
        content: `您的提问“${asked}”有了新回复：${content.length > 100 ? `${content.slice(0, 99)}…` : content}`,
        link: answerLink(a.id),
      })
      return { answerId: a.id, replyId: r!.id }
    })
    if (!replied) throw new AppError(404, 'answer not found')
    return { ...replied, status: ANSWER_STATUS.answered }
  },
}
