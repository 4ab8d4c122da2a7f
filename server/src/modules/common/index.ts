/** Tenant lookup, config, dictionary, server time, advertising and the home grid (all public reads). */
import { asc, eq } from 'drizzle-orm'
import { countRows } from '../../db'
import { advertising, config, dictData, homeItem, tenant, tenantHost } from '../../db/schema'
import { AppError, type Ctx, type Handlers, nowSeconds } from '../../http/core'

const advertColumns = {
  id: advertising.id,
  location: advertising.location,
  title: advertising.title,
  image: advertising.image,
  linkUrl: advertising.linkUrl,
  sort: advertising.sort,
}

const adverts = (ctx: Ctx, location: string) =>
  ctx.db
    .select(advertColumns)
    .from(advertising)
    .where(ctx.scope.where(advertising, eq(advertising.location, location), eq(advertising.status, 1)))
    .orderBy(asc(advertising.sort), asc(advertising.id))

export const handlers: Handlers = {
  'GET /app/common/findTenantId': async (ctx, { query }) => {
    const [row] = await ctx.db
      .select({ id: tenant.id })
      .from(tenantHost)
      .innerJoin(tenant, eq(tenant.id, tenantHost.tenantId))
      .where(eq(tenantHost.host, query.hostH5.toLowerCase()))
    if (!row) throw new AppError(404, 'unknown host')
    return String(row.id)
  },

  'GET /app/common/config': async (ctx, { query }) =>
    ctx.db
      .select({ configKey: config.configKey, configValue: config.configValue })
      .from(config)
      .where(ctx.scope.where(config, query.configKey ? eq(config.configKey, query.configKey) : undefined))
      .orderBy(asc(config.configKey)),

  'GET /app/common/system/dict/data/list': async (ctx, { query }) =>
    ctx.db
      .select({
        dictType: dictData.dictType,
        dictLabel: dictData.dictLabel,
        dictValue: dictData.dictValue,
        dictSort: dictData.dictSort,
      })
      .from(dictData)
      .where(
        ctx.scope.where(
          dictData,
          eq(dictData.status, 1),
          query.dictType ? eq(dictData.dictType, query.dictType) : undefined,
        ),
      )
      .orderBy(asc(dictData.dictType), asc(dictData.dictSort), asc(dictData.id)),

  'GET /app/common/system/dict/data/sys/time': async () => nowSeconds(),

  'GET /app/common/base/advertising/homeLocation': async (ctx) => adverts(ctx, 'home'),

  'GET /app/common/base/advertising/adLocation': async (ctx, { query }) => adverts(ctx, query.location),

  'GET /app/common/base/advertising/list': async (ctx, { query }) => {
    const where = ctx.scope.where(advertising, eq(advertising.status, 1))
    const [rows, total] = await Promise.all([
      ctx.db
        .select(advertColumns)
        .from(advertising)
        .where(where)
        .orderBy(asc(advertising.location), asc(advertising.sort), asc(advertising.id))
        .limit(query.pageSize)
        .offset((query.pageNum - 1) * query.pageSize),
      countRows(ctx.db, advertising, where),
    ])
    return { rows, total }
  },

  'GET /app/common/base/home/list': async (ctx) =>
    ctx.db
      .select({
        id: homeItem.id,
        name: homeItem.name,
        icon: homeItem.icon,
        linkUrl: homeItem.linkUrl,
        sort: homeItem.sort,
      })
      .from(homeItem)
      .where(ctx.scope.where(homeItem, eq(homeItem.status, 1)))
      .orderBy(asc(homeItem.sort), asc(homeItem.id)),
}
