/**
 * The learner's messages (spec "messages", /app/informUser*; docs/DECISIONS.md "Messages"): own rows only, newest
 * first; opening one marks it read; POST marks a list of ids (or all) read. Rows are written by
 * services/inform.ts `notify` / `notifyTenant` (the one door) where the events happen.
 */
import { count, desc, eq, gt, inArray, isNull, type SQL } from 'drizzle-orm'
import { APPOINTMENT_STATUS } from '../../../../contract/schemas/exam-codes'
import { READ_STATUS } from '../../../../contract/schemas/inform-codes'
import { countRows } from '../../db'
import { applySession, appointment, informUser } from '../../db/schema'
import { AppError, type Ctx, type Handlers, requireUser, toSeconds } from '../../http/core'
import type { InformKind } from '../../services/inform'

const SUMMARY_MAX = 80

/** the content's start, whitespace folded, cut at SUMMARY_MAX characters (whole code points) */
export function summaryOf(content: string): string {
  const flat = content.replace(/\s+/g, ' ').trim()
  const chars = Array.from(flat)
  return chars.length > SUMMARY_MAX ? `${chars.slice(0, SUMMARY_MAX - 1).join('')}…` : flat
}

const own = (ctx: Ctx, userId: number, ...more: (SQL | undefined)[]) =>
  ctx.scope.where(informUser, eq(informUser.userId, userId), ...more)

export const unreadOf = (ctx: Ctx, userId: number) =>
  countRows(ctx.db, informUser, own(ctx, userId, eq(informUser.readStatus, READ_STATUS.unread)))

const rowOf = (r: {
  id: number
  kind: string
  title: string
  content: string
  link: string
  readStatus: number
  createdAt: Date
}) => ({
  id: r.id,
  kind: r.kind as InformKind,
  title: r.title,
  summary: summaryOf(r.content),
  link: r.link,
  readStatus: r.readStatus,
  createTime: toSeconds(r.createdAt),
})

const columns = {
  id: informUser.id,
  kind: informUser.kind,
  title: informUser.title,
  content: informUser.content,
  link: informUser.link,
  readStatus: informUser.readStatus,
  createdAt: informUser.createdAt,
  noticeId: informUser.noticeId,
}

export const handlers: Handlers = {
  'GET /app/informUser/list': async (ctx, { query }) => {
    const { userId } = requireUser(ctx)
    const where = own(
      ctx,
      userId,
      query.readStatus === undefined ? undefined : eq(informUser.readStatus, query.readStatus),
    )
    const [rows, total, unread] = await Promise.all([
      ctx.db
        .select(columns)
        .from(informUser)
        .where(where)
        .orderBy(desc(informUser.createdAt), desc(informUser.id))
        .limit(query.pageSize)
        .offset((query.pageNum - 1) * query.pageSize),
      countRows(ctx.db, informUser, where),
      unreadOf(ctx, userId),
    ])
    return { rows: rows.map(rowOf), total, unread }
  },

  'GET /app/informUser/:id': async (ctx, { params }) => {
    const { userId } = requireUser(ctx)
    // opening it reads it: one statement marks and returns the learner's own row (else 404, whoever owns it)
    const [row] = await ctx.db
      .update(informUser)
      .set({ readStatus: READ_STATUS.read })
      .where(own(ctx, userId, eq(informUser.id, params.id)))
      .returning(columns)
    if (!row) throw new AppError(404, 'message not found')
    return { ...rowOf(row), content: row.content, noticeId: row.noticeId }
  },

  'POST /app/informUser': async (ctx, { body }) => {
    const { userId } = requireUser(ctx)
    // only the caller's own unread rows change: another learner's id is ignored (never reported)
    const marked = await ctx.db
      .update(informUser)
      .set({ readStatus: READ_STATUS.read })
      .where(
        own(
          ctx,
          userId,
          eq(informUser.readStatus, READ_STATUS.unread),
          body.ids ? inArray(informUser.id, body.ids) : undefined,
        ),
      )
      .returning({ id: informUser.id })
    return { updated: marked.length, unread: await unreadOf(ctx, userId) }
  },
}

/**
 * `subscribeSum` of /app/user/infoAttached (docs/DECISIONS.md "Messages"): the learner's booked exam sittings still
 * to come whose commitment letter is not signed — something to do, listed (with a sign button) on My appointments.
 */
export async function lettersToSign(ctx: Ctx, userId: number): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(appointment)
    .innerJoin(applySession, eq(applySession.id, appointment.sessionId))
    .where(
      ctx.scope.where(
        appointment,
        eq(appointment.userId, userId),
        eq(appointment.kind, 'exam'),
        eq(appointment.status, APPOINTMENT_STATUS.booked),
        isNull(appointment.signedAt),
        gt(applySession.endAt, new Date()),
      ),
    )
  return Number(row?.n ?? 0)
}
