/** Consultation (news) articles: published only, newest first; details count a view. */
import { and, desc, eq, lte, sql } from 'drizzle-orm'
import { countRows } from '../../db'
import { consultation } from '../../db/schema'
import { AppError, type Ctx, type Handlers, toSeconds } from '../../http/core'
import { sanitizeArticle } from '../../services/sanitize'

const columns = {
  id: consultation.id,
  title: consultation.title,
  summary: consultation.summary,
  cover: consultation.cover,
  publishTime: consultation.publishTime,
  views: consultation.views,
}

const visible = (ctx: Ctx, ...more: ReturnType<typeof eq>[]) =>
  ctx.scope.where(
    consultation,
    and(eq(consultation.published, true), lte(consultation.publishTime, new Date())),
    ...more,
  )

export const handlers: Handlers = {
  'GET /app/consultation/list': async (ctx, { query }) => {
    const where = visible(ctx)
    const [rows, total] = await Promise.all([
      ctx.db
        .select(columns)
        .from(consultation)
        .where(where)
        .orderBy(desc(consultation.publishTime), desc(consultation.id))
        .limit(query.pageSize)
        .offset((query.pageNum - 1) * query.pageSize),
      countRows(ctx.db, consultation, where),
    ])
    return { rows: rows.map((r) => ({ ...r, publishTime: toSeconds(r.publishTime) })), total }
  },

  'GET /app/consultation/details/:id': async (ctx, { params }) => {
    if (params.id > 2_147_483_647) throw new AppError(404, 'article not found')
    const [row] = await ctx.db
      .update(consultation)
      .set({ views: sql`${consultation.views} + 1` })
      .where(visible(ctx, eq(consultation.id, params.id)))
      .returning({ ...columns, content: consultation.content })
    if (!row) throw new AppError(404, 'article not found')
    return { ...row, publishTime: toSeconds(row.publishTime), content: sanitizeArticle(row.content) }
  },
}
