/**
 * The school's announcements, the staff desk's side of messages (docs/DECISIONS.md "Messages"; contract/staff.ts,
 * managers). A title and a text to every learner of the tenant: one inform_notice row and one inform_user copy per
 * learner (kind 'notice', the same noticeId), written in one INSERT … SELECT inside the same transaction
 * (services/inform.ts `notifyTenant`). Registered by the route loop like every call (server/src/app.ts).
 */
import { and, count, desc, eq, sql } from 'drizzle-orm'
import { READ_STATUS } from '../../../../contract/schemas/inform-codes'
import { countRows, type Db } from '../../db'
import { informNotice, informUser, sysUser } from '../../db/schema'
import { type Handlers, requireStaff, toSeconds } from '../../http/core'
import { notifyTenant } from '../../services/inform'

export const handlers: Handlers = {
  /** sent announcements, newest first, with how many copies are read */
  'GET /staff/notices': async (ctx, { query }) => {
    const { db, scope } = ctx
    const { pageNum, pageSize } = query
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
    return {
      rows: rows.map(({ createdAt, senderAccount, ...r }) => ({
        ...r,
        senderAccount: senderAccount ?? '',
        createTime: toSeconds(createdAt),
      })),
      total,
    }
  },

  /** { title, content } -> { noticeId, recipients } */
  'POST /staff/notices': async (ctx, { body }) => {
    const { account } = requireStaff(ctx)
    const { scope } = ctx
    return ctx.db.transaction(async (tx) => {
      const [n] = await tx
        .insert(informNotice)
        .values(scope.row({ title: body.title, content: body.content, senderId: account?.userId ?? null }))
        .returning({ id: informNotice.id })
      const recipients = await notifyTenant(tx as unknown as Db, scope, n!.id, body)
      await tx
        .update(informNotice)
        .set({ recipients })
        .where(scope.where(informNotice, eq(informNotice.id, n!.id)))
      return { noticeId: n!.id, recipients }
    })
  },
}
