/**
 * The Q and A desk of a school's teachers (docs/DECISIONS.md "Questions and answers"), outside the learner contract;
 * the console's Q&A page uses it. Auth as every staff route (server/src/http/staff-auth.ts): `tenant-id` and either
 * a staff account's login token (teacher, manager, assistant: the live desk's roles) or the operator's
 * X-Staff-Token. A learner's token is refused (403).
 *   GET  {apiBase}/staff/answers?status=0|1|all&pageNum&pageSize   learners' questions, open ones oldest first
 *                                                                 (answered / all: newest first), with replies
 *   POST {apiBase}/staff/answers/:answerId/reply  { content }      reply; the learner gets a message (notify)
 */
import { asc, desc, eq, inArray, isNull } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { ANSWER_REPLY_MAX, ANSWER_STATUS } from '../../../../contract/schemas/answer-codes'
import type { Db } from '../../db'
import { countRows } from '../../db'
import { answerReply, sysUser, userAnswer } from '../../db/schema'
import { AppError, envelope } from '../../http/core'
import { STAFF_ROLES, staffScopeOf } from '../../http/staff-auth'
import { notify } from '../../services/inform'
import { selectAnswers, withReplies } from './rows'

const listQuery = z.object({
  status: z.enum(['0', '1', 'all']).default('0'),
  pageNum: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
})
const idParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) })
const replyBody = z.object({
  content: z
    .string()
    .trim()
    .min(1, 'content is required')
    .max(ANSWER_REPLY_MAX, `content must be at most ${ANSWER_REPLY_MAX} characters`),
})

/** The value, or a refusal in the words given (static, so the refusal catalogue knows it). */
function staffInput<T>(schema: z.ZodType<T>, value: unknown, refusal: string): T {
  const r = schema.safeParse(value)
  if (!r.success) throw new AppError(400, refusal)
  return r.data
}

/** The learner's page a reply message opens. */
export const answerLink = (answerId: number) => `/pages3/answer/index?id=${answerId}`

export async function registerAnswerStaffRoutes(
  root: FastifyInstance,
  db: Db,
  apiBase: string,
  staffToken: string | undefined,
) {
  const staffOf = (req: FastifyRequest) => staffScopeOf(db, req, { roles: STAFF_ROLES, staffToken })

  await root.register(
    async (app) => {
      app.get('/staff/answers', async (req) => {
        const { scope } = await staffOf(req)
        const q = staffInput(listQuery, req.query, 'status is 0, 1 or all; pageSize 1-50')
        const ctx = { db, scope }
        const where = scope.where(
          userAnswer,
          isNull(userAnswer.deletedAt),
          q.status === 'all' ? undefined : eq(userAnswer.status, Number(q.status)),
        )
        const [rows, total] = await Promise.all([
          selectAnswers(ctx, where)
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
        const wire = await withReplies(ctx, rows)
        return envelope(200, 'ok', {
          rows: wire.map(({ unread: _unread, ...r }, i) => {
            const who = learners.find((u) => u.userId === rows[i]!.userId)
            return { ...r, userAccount: who?.userAccount ?? '', nickName: who?.nickName ?? '' }
          }),
          total,
        })
      })

      app.post('/staff/answers/:id/reply', async (req) => {
        const { scope, account } = await staffOf(req)
        const { id } = staffInput(idParam, req.params, 'answerId: must be a positive whole number')
        const { content } = staffInput(
          replyBody,
          req.body,
          `content: a reply of 1-${ANSWER_REPLY_MAX} characters is required`,
        )
        const now = new Date()
        const staffName = (account?.nickName || account?.userAccount || '老师').slice(0, 30)
        const replied = await db.transaction(async (tx) => {
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
        return envelope(200, 'ok', { ...replied, status: ANSWER_STATUS.answered })
      })
    },
    { prefix: apiBase },
  )
}
