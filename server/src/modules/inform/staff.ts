/**
 * Tenant announcements, the staff desk's side of messages (docs/DECISIONS.md "Messages"). A manager of the tenant
 * (or the operator's X-Staff-Token; server/src/http/staff-auth.ts) sends a title and a text to every learner of
 * the tenant: one inform_notice row and one inform_user copy per learner (kind 'notice', the same noticeId),
 * written in one INSERT … SELECT inside the same transaction (services/inform.ts `notifyTenant`).
 *   GET  {apiBase}/staff/notices?pageNum&pageSize   sent announcements, newest first, with how many copies are read
 *   POST {apiBase}/staff/notices                    { title, content } -> { noticeId, recipients }
 */
import { and, count, desc, eq, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { READ_STATUS } from '../../../../contract/schemas/inform-codes'
import { countRows, type Db } from '../../db'
import { informNotice, informUser, sysUser } from '../../db/schema'
import { AppError, envelope, toSeconds } from '../../http/core'
import { type StaffScope, staffScopeOf } from '../../http/staff-auth'
import { notifyTenant, TITLE_MAX } from '../../services/inform'

export const NOTICE_CONTENT_MAX = 5000

const noticeBody = z.object({
  title: z.string().trim().min(1).max(TITLE_MAX),
  content: z.string().trim().min(1).max(NOTICE_CONTENT_MAX),
})
const pageQuery = z.object({
  pageNum: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
})

export async function registerNoticeRoutes(
  root: FastifyInstance,
  db: Db,
  apiBase: string,
  staffToken: string | undefined,
) {
  await root.register(
    async (app) => {
      const staffOf = (req: FastifyRequest): Promise<StaffScope> =>
        staffScopeOf(db, req, { roles: ['manager'], staffToken })

      app.get('/staff/notices', async (req) => {
        const { scope } = await staffOf(req)
        const q = pageQuery.safeParse(req.query)
        if (!q.success) throw new AppError(400, 'pageNum and pageSize must be whole numbers (pageSize up to 100)')
        const { pageNum, pageSize } = q.data
        const readCopies = db
          .select({ noticeId: informUser.noticeId, n: count().as('n') })
          .from(informUser)
          .where(
            and(
              eq(informUser.tenantId, scope.tenantId),
              eq(informUser.kind, 'notice'),
              eq(informUser.readStatus, READ_STATUS.read),
            ),
          )
          .groupBy(informUser.noticeId)
          .as('read_copies')
        const where = scope.where(informNotice)
        const [rows, total] = await Promise.all([
          db
            .select({
              noticeId: informNotice.id,
              title: informNotice.title,
              content: informNotice.content,
              recipients: informNotice.recipients,
              readCount: sql<number>`coalesce(${readCopies.n}, 0)::int`,
              senderAccount: sysUser.userAccount,
              createdAt: informNotice.createdAt,
            })
            .from(informNotice)
            .leftJoin(readCopies, eq(readCopies.noticeId, informNotice.id))
            .leftJoin(sysUser, eq(sysUser.id, informNotice.senderId))
            .where(where)
            .orderBy(desc(informNotice.createdAt), desc(informNotice.id))
            .limit(pageSize)
            .offset((pageNum - 1) * pageSize),
          countRows(db, informNotice, where),
        ])
        return envelope(200, 'ok', {
          rows: rows.map(({ createdAt, senderAccount, ...r }) => ({
            ...r,
            senderAccount: senderAccount ?? '',
            createTime: toSeconds(createdAt),
          })),
          total,
        })
      })

      app.post('/staff/notices', async (req) => {
        const { scope, account } = await staffOf(req)
        const b = noticeBody.safeParse(req.body ?? {})
        if (!b.success) {
          const field = b.error.issues[0]?.path[0]
          throw new AppError(
            400,
            field === 'title'
              ? 'announcement title must be 1 to 200 characters'
              : 'announcement text must be 1 to 5000 characters',
          )
        }
        const sent = await db.transaction(async (tx) => {
          const [n] = await tx
            .insert(informNotice)
            .values(scope.row({ title: b.data.title, content: b.data.content, senderId: account?.userId ?? null }))
            .returning({ id: informNotice.id })
          const recipients = await notifyTenant(tx as unknown as Db, scope, n!.id, b.data)
          await tx
            .update(informNotice)
            .set({ recipients })
            .where(scope.where(informNotice, eq(informNotice.id, n!.id)))
          return { noticeId: n!.id, recipients }
        })
        return envelope(200, 'ok', sent)
      })
    },
    { prefix: apiBase },
  )
}
