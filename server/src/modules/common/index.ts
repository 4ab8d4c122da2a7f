/** Tenant lookup, config, dictionary, server time, advertising and the home grid (all public reads). */
import { and, asc, eq, inArray, notLike } from 'drizzle-orm'
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

export const adverts = (ctx: Pick<Ctx, 'db' | 'scope'>, location: string) =>
  ctx.db
    .select(advertColumns)
    .from(advertising)
    .where(ctx.scope.where(advertising, eq(advertising.location, location), eq(advertising.status, 1)))
    .orderBy(asc(advertising.sort), asc(advertising.id))

/**
 * The tenant's brand as one config row `tenant.brand` `{ name, primary, logo }`, composed from the tenant's
 * name and its `home.header` (companyName) and `home.mobile` (theme.primary, logo) rows; a tenant's own
 * `tenant.brand` row wins. The H5 app paints itself with it, so one build serves every tenant's host.
 */
export const BRAND_KEY = 'tenant.brand'

const HEX_COLOUR = /^#[0-9a-f]{6}$/i

export async function tenantBrand(
  ctx: Pick<Ctx, 'db' | 'scope'>,
): Promise<{ name: string; primary: string; logo: string }> {
  const [t] = await ctx.db.select({ name: tenant.name }).from(tenant).where(eq(tenant.id, ctx.scope.tenantId))
  const rows = await ctx.db
    .select({ configKey: config.configKey, configValue: config.configValue })
    .from(config)
    .where(ctx.scope.where(config, inArray(config.configKey, ['home.header', 'home.mobile'])))
  const json = (key: string): Record<string, unknown> => {
    try {
      const v: unknown = JSON.parse(rows.find((r) => r.configKey === key)?.configValue ?? 'null')
      return v && typeof v === 'object' ? (v as Record<string, unknown>) : {}
    } catch {
      return {}
    }
  }
  const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '')
  const header = json('home.header')
  const mobile = json('home.mobile')
  const theme = (mobile.theme && typeof mobile.theme === 'object' ? mobile.theme : {}) as Record<string, unknown>
  const primary = str(theme.primary)
  return {
    name: str(header.companyName) || t?.name || '',
    primary: HEX_COLOUR.test(primary) ? primary : '',
    logo: str(mobile.logo),
  }
}

/** The brand the app paints with: the tenant's own `tenant.brand` row when it has one, else the composed one. */
export async function brandOf(
  ctx: Pick<Ctx, 'db' | 'scope'>,
): Promise<{ name: string; primary: string; logo: string }> {
  const [own] = await ctx.db
    .select({ configValue: config.configValue })
    .from(config)
    .where(ctx.scope.where(config, eq(config.configKey, BRAND_KEY)))
  if (own) {
    try {
      const v = JSON.parse(own.configValue) as Record<string, unknown>
      const str = (x: unknown) => (typeof x === 'string' ? x.trim() : '')
      const primary = str(v.primary)
      return { name: str(v.name), primary: HEX_COLOUR.test(primary) ? primary : '', logo: str(v.logo) }
    } catch {
      // a broken row: the composed brand below
    }
  }
  return tenantBrand(ctx)
}

/** config rows only the server reads (the live chat's censored words, live.*): never in the public config */
const SERVER_ONLY_PREFIX = 'live.'

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

  'GET /app/common/config': async (ctx, { query }) => {
    const rows = await ctx.db
      .select({ configKey: config.configKey, configValue: config.configValue })
      .from(config)
      .where(
        ctx.scope.where(
          config,
          and(
            query.configKey ? eq(config.configKey, query.configKey) : undefined,
            // server-side settings (the live chat's censored words) are never public
            notLike(config.configKey, `${SERVER_ONLY_PREFIX}%`),
          ),
        ),
      )
      .orderBy(asc(config.configKey))
    if (query.configKey && query.configKey !== BRAND_KEY) return rows
    if (rows.some((r) => r.configKey === BRAND_KEY)) return rows
    return [...rows, { configKey: BRAND_KEY, configValue: JSON.stringify(await tenantBrand(ctx)) }]
  },

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
