/**
 * The school as its learners see it (issue 17; docs/DECISIONS.md "Account extras"): the school's public profile
 * (address, e-mail, introduction; name and logo are the brand's, hotline and hours the consult config's), which its
 * managers edit, and the school's staff a learner may contact. Every read and write is the tenant's.
 */
import { asc, count, eq, inArray, sql } from 'drizzle-orm'
import { STAFF_ROLES } from '../../../../contract/schemas/school'
import { config, schoolInfo, sysUser } from '../../db/schema'
import { AppError, type Ctx, type Handlers, requireUser, toSeconds } from '../../http/core'
import { brandOf } from '../common'

async function staffRoleOf(ctx: Ctx, userId: number): Promise<string> {
  const [u] = await ctx.db
    .select({ staffRole: sysUser.staffRole })
    .from(sysUser)
    .where(ctx.scope.where(sysUser, eq(sysUser.id, userId)))
  if (!u) throw new AppError(401, 'login required')
  return u.staffRole
}

/** The service hotline and its hours, as the floating service widget shows them (config consult.mobile). */
async function consultOf(ctx: Ctx): Promise<{ hotline: string; hours: string }> {
  const [row] = await ctx.db
    .select({ value: config.configValue })
    .from(config)
    .where(ctx.scope.where(config, eq(config.configKey, 'consult.mobile')))
  try {
    const v = JSON.parse(row?.value ?? '{}') as Record<string, unknown>
    const str = (x: unknown) => (typeof x === 'string' || typeof x === 'number' ? String(x).trim() : '')
    return { hotline: str(v.serviceNumber), hours: str(v.servicingTime) }
  } catch {
    return { hotline: '', hours: '' }
  }
}

async function schoolView(ctx: Ctx, userId: number) {
  const [[row], brand, consult, role] = await Promise.all([
    ctx.db.select().from(schoolInfo).where(ctx.scope.where(schoolInfo)),
    brandOf(ctx),
    consultOf(ctx),
    staffRoleOf(ctx, userId),
  ])
  return {
    name: brand.name,
    logo: brand.logo,
    address: row?.address ?? '',
    hotline: consult.hotline,
    hours: consult.hours,
    email: row?.email ?? '',
    intro: row?.intro ?? '',
    updateTime: row ? toSeconds(row.updatedAt) : null,
    editable: role === 'manager',
  }
}

export const handlers: Handlers = {
  /** The school's staff a learner may contact: name, avatar and role; never a learner, never a phone. */
  'GET /system/user/list': async (ctx, { query }) => {
    requireUser(ctx)
    const roles = query.role ? [query.role] : [...STAFF_ROLES]
    const where = ctx.scope.where(sysUser, inArray(sysUser.staffRole, roles))
    const [rows, [total]] = await Promise.all([
      ctx.db
        .select({
          userId: sysUser.id,
          nickName: sysUser.nickName,
          realName: sysUser.realName,
          avatar: sysUser.avatar,
          role: sysUser.staffRole,
        })
        .from(sysUser)
        .where(where)
        .orderBy(
          sql`array_position(array['teacher','assistant','manager']::text[], ${sysUser.staffRole}::text)`,
          asc(sysUser.id),
        )
        .limit(query.pageSize)
        .offset((query.pageNum - 1) * query.pageSize),
      ctx.db.select({ n: count() }).from(sysUser).where(where),
    ])
    return {
      rows: rows.map((r) => ({
        userId: r.userId,
        name: r.nickName || r.realName,
        avatar: r.avatar,
        role: r.role as (typeof STAFF_ROLES)[number],
      })),
      total: Number(total?.n ?? 0),
    }
  },

  'GET /school/info/getInfo': async (ctx) => schoolView(ctx, requireUser(ctx).userId),

  /** The school's managers edit its profile; a learner's token answers 403. */
  'POST /school/info/edit': async (ctx, { body }) => {
    const { userId } = requireUser(ctx)
    if ((await staffRoleOf(ctx, userId)) !== 'manager')
      throw new AppError(403, "only the school's managers may edit the school profile")
    const values = { ...body, updatedBy: userId, updatedAt: new Date() }
    await ctx.db
      .insert(schoolInfo)
      .values(ctx.scope.row(values))
      .onConflictDoUpdate({ target: [schoolInfo.tenantId], set: values })
    return schoolView(ctx, userId)
  },
}
