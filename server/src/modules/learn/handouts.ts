/**
 * Handouts: files of a goods (optionally of one course). Listing is open to logged-in learners; the file
 * itself is a signed media URL (2 hours) for the goods' owners, and for anyone when the handout is free.
 */
import { asc, eq, inArray } from 'drizzle-orm'
import { LEARN_CODE } from '../../../../contract/schemas/learn-codes'
import { handout, handoutTip } from '../../db/schema'
import { AppError, type Handlers, requireUser, toSeconds } from '../../http/core'
import { signMediaUrl } from '../../services/video'
import { entitledGoodsIds, hasEntitlement } from '../order/entitlement'
import { goodsById, goodsByIds, goodsFamily, notFound, type Scoped } from './core'

type HandoutRow = typeof handout.$inferSelect

const view = (h: HandoutRow) => ({
  handoutId: h.id,
  goodsId: h.goodsId,
  courseId: h.courseId,
  name: h.name,
  fileType: h.fileType,
  size: h.size,
  free: h.free,
  sort: h.sort,
})

async function handoutsOf(ctx: Scoped, goodsIds: number[]) {
  if (goodsIds.length === 0) return []
  const rows = await ctx.db
    .select()
    .from(handout)
    .where(ctx.scope.where(handout, inArray(handout.goodsId, goodsIds)))
    .orderBy(asc(handout.sort), asc(handout.id))
  return rows.sort((a, b) => goodsIds.indexOf(a.goodsId) - goodsIds.indexOf(b.goodsId))
}

async function handoutById(ctx: Scoped, id: number) {
  const [h] = await ctx.db
    .select()
    .from(handout)
    .where(ctx.scope.where(handout, eq(handout.id, id)))
  if (!h) throw notFound('handout')
  return h
}

const notYours = () => new AppError(LEARN_CODE.notEntitled, 'this handout is for learners of its goods')

function fileOf(secret: string, h: HandoutRow) {
  const { url, expireTime } = signMediaUrl(secret, 'handout', h.fileKey)
  return { ...view(h), url, expireTime }
}

export const handlers: Handlers = {
  'GET /course/handouts/listByGoods': async (ctx, { query }) => {
    requireUser(ctx)
    await goodsById(ctx, query.goodsId)
    return (await handoutsOf(ctx, await goodsFamily(ctx, query.goodsId))).map(view)
  },

  'GET /course/goodsHandoutsList': async (ctx, { query }) => {
    const { userId } = requireUser(ctx)
    const owned = await goodsByIds(ctx, await entitledGoodsIds(ctx, userId))
    const all = await handoutsOf(
      ctx,
      owned.map((g) => g.id),
    )
    const rows = owned
      .map((g) => ({ goodsId: g.id, goodsName: g.name, handouts: all.filter((h) => h.goodsId === g.id).map(view) }))
      .filter((r) => r.handouts.length > 0)
    const start = (query.pageNum - 1) * query.pageSize
    return { rows: rows.slice(start, start + query.pageSize), total: rows.length }
  },

  'GET /course/handouts/file/detail': async (ctx, { query }) => {
    const { userId } = requireUser(ctx)
    const h = await handoutById(ctx, query.handoutId)
    if (!h.free && !(await hasEntitlement(ctx, userId, h.goodsId))) throw notYours()
    return fileOf(ctx.config.secret, h)
  },

  'GET /app/common/course/handouts/file/detail': async (ctx, { query }) => {
    const h = await handoutById(ctx, query.handoutId)
    if (!h.free) throw notYours()
    return fileOf(ctx.config.secret, h)
  },

  'GET /base/handout/tip/list': async (ctx) => {
    const { userId } = requireUser(ctx)
    const rows = await ctx.db
      .select({ goodsId: handoutTip.goodsId, createdAt: handoutTip.createdAt })
      .from(handoutTip)
      .where(ctx.scope.where(handoutTip, eq(handoutTip.userId, userId)))
      .orderBy(asc(handoutTip.goodsId))
    return rows.map((r) => ({ goodsId: r.goodsId, tipTime: toSeconds(r.createdAt) }))
  },

  'POST /base/handout/tip': async (ctx, { body }) => {
    const { userId } = requireUser(ctx)
    await goodsById(ctx, body.goodsId)
    await ctx.db
      .insert(handoutTip)
      .values(ctx.scope.row({ userId, goodsId: body.goodsId }))
      .onConflictDoNothing()
    return null
  },
}
