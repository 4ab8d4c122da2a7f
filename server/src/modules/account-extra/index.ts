/**
 * Account extras (issue 17; docs/DECISIONS.md "Account extras"): binding the learner's ID number, the school's
 * staff a learner may contact, the school's public profile, the mailing address used before, the signed link to an
 * order's receipt and the polyv player's calls. Every read and write is the caller's own and the tenant's.
 */
import { and, asc, count, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm'
import { STAFF_ROLES } from '../../../../contract/schemas/account-extra'
import { REVIEW_STATUS } from '../../../../contract/schemas/learn-codes'
import { idCardProblem, maskIdCard, normalizeIdCard } from '../../../../shared/rules/id-card'
import type { Db } from '../../db'
import { config, identityCert, liveLotteryWinner, schoolInfo, shopOrder, sysUser } from '../../db/schema'
import { AppError, type Ctx, type Handlers, requireUser, toSeconds } from '../../http/core'
import { videoProvider } from '../../services/video'
import { brandOf } from '../common'
import { hasControl, MAX_ID, notFound } from '../learn/core'
import { playTarget } from '../learn/play'
import { idCardHeldByOther, lockIdCard } from './id-holder'
import { AUTH_CODE_SECONDS, makeAuthCode, polyvUserIdOf, requestPlaysafeToken } from './polyv'
import { RECEIPT_STATUSES, viewLink } from './receipt'

type Tx = Parameters<Parameters<Ctx['db']['transaction']>[0]>[0]

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

/** A section's video for the polyv calls: the same access checks as the player and /vod/video/sign. */
/** The section's video and, played through a grant, whose grant the signed URL stops with (services/video.ts). */
async function sectionVideo(ctx: Ctx, userId: number, goodsId: number, sectionId: number) {
  const t = await playTarget(ctx, userId, goodsId, sectionId)
  if (!t.section.videoId) throw notFound('video')
  const holder = t.entitled ? { tenantId: ctx.scope.tenantId, userId, goodsId } : undefined
  return { vid: t.section.videoId, holder }
}

const polyvKey = (ctx: Ctx) => (ctx.config.video.provider === 'polyv' ? ctx.config.video.polyvSecretKey : undefined)

export const handlers: Handlers = {
  /**
   * The learner's own name and ID number (the door for the ID number; /app/user/edit does not take it). Refused once
   * an identity certification is waiting or approved (the certified pair is the account's), and when another
   * account of the school holds the number. A change makes the info confirmation of exams stale (eligibility.ts).
   */
  'POST /app/user/bind_idcard': async (ctx, { body }) => {
    const { userId } = requireUser(ctx)
    const idCard = normalizeIdCard(body.idCard)
    const problem = idCardProblem(idCard)
    if (problem === 'birthdate')
      throw new AppError(
        400,
        'idCard: the birth date in it (digits 7-14) is not a real day, or is in the future or before 1900',
      )
    if (problem) throw new AppError(400, 'idCard: the check digit does not match: not a valid ID number')
    if (hasControl(body.realName)) throw new AppError(400, 'realName: must not contain control characters')
    await ctx.db.transaction(async (tx: Tx) => {
      // one binding of a number at a time in the tenant: the check below and the update cannot interleave
      await lockIdCard(tx as unknown as Db, ctx.scope, idCard)
      const [cert] = await tx
        .select({ status: identityCert.status })
        .from(identityCert)
        .where(ctx.scope.where(identityCert, eq(identityCert.userId, userId)))
      if (cert?.status === REVIEW_STATUS.approved)
        throw new AppError(409, 'your identity is already certified: it cannot be replaced')
      if (cert?.status === REVIEW_STATUS.pending)
        throw new AppError(409, 'your identity certification is waiting for review: it cannot be replaced now')
      if (await idCardHeldByOther(tx as unknown as Db, ctx.scope, idCard, userId))
        throw new AppError(409, 'idCard: this ID number is bound to another account')
      await tx
        .update(sysUser)
        .set({ realName: body.realName, idCard })
        .where(ctx.scope.where(sysUser, eq(sysUser.id, userId)))
    })
    return { realName: body.realName, idCard: maskIdCard(idCard) }
  },

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

  /**
   * The mailing address the learner gave last (today: a live lottery prize claim, LOTTERY_CLAIM), to fill the next
   * form that asks for one; null when none was given.
   */
  'GET /app/before/address': async (ctx) => {
    const { userId } = requireUser(ctx)
    const [row] = await ctx.db
      .select({
        name: liveLotteryWinner.claimName,
        phone: liveLotteryWinner.claimPhone,
        address: liveLotteryWinner.claimAddress,
        at: liveLotteryWinner.claimedAt,
      })
      .from(liveLotteryWinner)
      .where(
        ctx.scope.where(
          liveLotteryWinner,
          and(
            eq(liveLotteryWinner.userId, userId),
            isNotNull(liveLotteryWinner.claimedAt),
            ne(liveLotteryWinner.claimAddress, ''),
          ),
        ),
      )
      .orderBy(desc(liveLotteryWinner.claimedAt), desc(liveLotteryWinner.id))
      .limit(1)
    return row ? { name: row.name, phone: row.phone, address: row.address, usedTime: toSeconds(row.at!) } : null
  },

  /** A ten-minute link to the receipt of one of the learner's paid orders (routes.ts serves it). */
  'GET /order/getViewSign/:id': async (ctx, { params }) => {
    const { userId } = requireUser(ctx)
    if (params.id > MAX_ID) throw notFound('order')
    const [o] = await ctx.db
      .select({ orderNo: shopOrder.orderNo, status: shopOrder.status })
      .from(shopOrder)
      .where(ctx.scope.where(shopOrder, eq(shopOrder.id, params.id), eq(shopOrder.userId, userId)))
    if (!o) throw notFound('order')
    if (!RECEIPT_STATUSES.includes(o.status)) throw new AppError(409, 'this order has not been paid: it has no receipt')
    return viewLink(ctx.config.secret, ctx.config.apiBase, o.orderNo, userId)
  },

  /** The mobile / H5 player's sign: what /vod/video/sign answers (the active provider signs). */
  'GET /polyv/video/sign/:id': async (ctx, { params, query }) => {
    const { userId } = requireUser(ctx)
    const { vid, holder } = await sectionVideo(ctx, userId, query.goodsId, params.id)
    return videoProvider(ctx.config.secret, ctx.config.video).sign(vid, Date.now(), holder)
  },

  /**
   * The PC player's Playsafe token from polyv's token API (a server call); with the local provider the PC player
   * plays the local signed URL.
   */
  'GET /polyv/video/pc/:id': async (ctx, { params, query }) => {
    const { userId } = requireUser(ctx)
    const { vid, holder } = await sectionVideo(ctx, userId, query.goodsId, params.id)
    const secretKey = polyvKey(ctx)
    if (!secretKey) {
      const s = videoProvider(ctx.config.secret, ctx.config.video).sign(vid, Date.now(), holder)
      return { provider: 'local' as const, vid, token: '', url: s.url, expireTime: s.expireTime }
    }
    const [u] = await ctx.db
      .select({ nickName: sysUser.nickName })
      .from(sysUser)
      .where(ctx.scope.where(sysUser, eq(sysUser.id, userId)))
    const token = await requestPlaysafeToken(
      {
        userId: polyvUserIdOf(vid, ctx.config.live.polyv?.userId),
        videoId: vid,
        viewerId: `${ctx.scope.tenantId}-${userId}`,
        viewerIp: ctx.ip,
        viewerName: u?.nickName ?? '',
        nowMs: Date.now(),
      },
      secretKey,
    )
    if (!token) throw new AppError(502, 'the video provider did not answer: try again')
    return { provider: 'polyv' as const, vid, token: token.token, url: '', expireTime: token.expireTime }
  },

  /**
   * The player's authorization code for a section: the player passes it to polyv as `code`, polyv asks our callback
   * (routes.ts) whether the viewer may watch. Only with polyv as the video provider.
   */
  'GET /polyv/video/auth': async (ctx, { query }) => {
    const { userId } = requireUser(ctx)
    if (!polyvKey(ctx)) throw new AppError(409, 'polyv is not the video provider of this school')
    const { vid } = await sectionVideo(ctx, userId, query.goodsId, query.sectionId)
    const expireTime = Math.floor(Date.now() / 1000) + AUTH_CODE_SECONDS
    const code = makeAuthCode(ctx.config.secret, vid, {
      tenantId: ctx.scope.tenantId,
      userId,
      goodsId: query.goodsId,
      sectionId: query.sectionId,
      expireTime,
    })
    return { vid, code, expireTime }
  },
}
