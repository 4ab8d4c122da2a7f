/** Consultation (news) articles: published only, newest first, by category; details count a view. */
import { and, asc, desc, eq, lte, type SQL, sql } from 'drizzle-orm'
import { countRows } from '../../db'
import { consultation, consultationCategory } from '../../db/schema'
import { AppError, type Ctx, type Handlers, toSeconds } from '../../http/core'
import { sanitizeArticle } from '../../services/sanitize'

const columns = {
  id: consultation.id,
  title: consultation.title,
  summary: consultation.summary,
  cover: consultation.cover,
  publishTime: consultation.publishTime,
  views: consultation.views,
  categoryId: consultation.categoryId,
}

const visible = (ctx: Ctx, ...more: (SQL | undefined)[]) =>
  ctx.scope.where(
    consultation,
    and(eq(consultation.published, true), lte(consultation.publishTime, new Date())),
    ...more,
  )

export const handlers: Handlers = {
  'GET /app/consultation/list': async (ctx, { query }) => {
    const where = visible(ctx, query.categoryId ? eq(consultation.categoryId, query.categoryId) : undefined)
    const [rows, total, categories] = await Promise.all([
      ctx.db
        .select(columns)
        .from(consultation)
        .where(where)
        .orderBy(desc(consultation.publishTime), desc(consultation.id))
        .limit(query.pageSize)
        .offset((query.pageNum - 1) * query.pageSize),
      countRows(ctx.db, consultation, where),
      ctx.db
        .select({ id: consultationCategory.id, name: consultationCategory.name })
        .from(consultationCategory)
        .where(ctx.scope.where(consultationCategory, eq(consultationCategory.status, 1)))
        .orderBy(asc(consultationCategory.sort), asc(consultationCategory.id)),
    ])
    return { rows: rows.map((r) => ({ ...r, publishTime: toSeconds(r.publishTime) })), total, categories }
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
