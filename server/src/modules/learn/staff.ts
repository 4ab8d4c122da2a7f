/**
 * The staff desk's side of learning (contract/staff.ts, managers), registered by the route loop like every call
 * (server/src/app.ts: tenant, role and input checked before a handler runs):
 * - manual review: the local face provider leaves every identity certification and study / exam photo to a person;
 *   approving a certification fills the account's name and ID number (one ID number, one account per school);
 * - the school's learning prompts (docs/DECISIONS.md "Course extras"): set or removed; a staff write drops the
 *   tenant's cached public reads on every process, so the app's `GET /app/common/prompt` shows the change at once.
 */
import { and, asc, eq, like } from 'drizzle-orm'
import { REVIEW_STATUS } from '../../../../contract/schemas/learn-codes'
import { normalizeIdCard } from '../../../../shared/rules/id-card'
import type { Db } from '../../db'
import { config, courseSection, goods, identityCert, photoLog, sysUser } from '../../db/schema'
import { AppError, type Ctx, type Handlers } from '../../http/core'
import { MESSAGES, notify } from '../../services/inform'
import { sanitizeArticle } from '../../services/sanitize'
import { idCardHeldByOther, lockIdCard } from '../user/id-card'
import { PROMPT_PREFIX, promptKey } from './prompt'

const KEY = /^prompt\.([a-z][a-z0-9-]{0,31})(?:\.goods\.(\d{1,10}))?$/

/** the goods must be the tenant's (404 otherwise) */
async function checkGoods(ctx: Ctx, goodsId: number | undefined) {
  if (goodsId === undefined) return
  const [g] = await ctx.db
    .select({ id: goods.id })
    .from(goods)
    .where(ctx.scope.where(goods, eq(goods.id, goodsId)))
  if (!g) throw new AppError(404, 'goods not found')
}

export const handlers: Handlers = {
  // ---- manual review ----
  'GET /staff/certifications': async (ctx) => {
    const rows = await ctx.db
      .select({
        userId: identityCert.userId,
        userAccount: sysUser.userAccount,
        realName: identityCert.realName,
        idCard: identityCert.idCard,
        idCardImage: identityCert.idCardImage,
        faceImage: identityCert.faceImage,
        submittedAt: identityCert.updatedAt,
      })
      .from(identityCert)
      .innerJoin(sysUser, eq(sysUser.id, identityCert.userId))
      .where(ctx.scope.where(identityCert, eq(identityCert.status, REVIEW_STATUS.pending)))
      .orderBy(asc(identityCert.updatedAt))
    return rows.map((r) => ({ ...r, submittedAt: r.submittedAt.toISOString() }))
  },

  'POST /staff/certifications/:userId': async (ctx, { params, body }) => {
    const { scope } = ctx
    const id = params.userId
    const status = body.approve ? REVIEW_STATUS.approved : REVIEW_STATUS.rejected
    const waitingOf = and(eq(identityCert.userId, id), eq(identityCert.status, REVIEW_STATUS.pending))
    const decided = await ctx.db.transaction(async (tx) => {
      if (body.approve) {
        // one ID number, one account: under the number's lock (modules/user/id-card.ts), as binding
        const [waiting] = await tx
          .select({ idCard: identityCert.idCard })
          .from(identityCert)
          .where(scope.where(identityCert, waitingOf))
        if (waiting) {
          const idCard = normalizeIdCard(waiting.idCard)
          await lockIdCard(tx as unknown as Db, scope, idCard)
          if (await idCardHeldByOther(tx as unknown as Db, scope, idCard, id, [REVIEW_STATUS.approved]))
            throw new AppError(409, 'this ID number is bound to another account: reject the certification')
        }
      }
      const [cert] = await tx
        .update(identityCert)
        .set({
          status,
          msg: body.approve ? '人工审核通过' : `人工审核未通过${body.reason ? `：${body.reason}` : ''}`,
          updatedAt: new Date(),
        })
        .where(scope.where(identityCert, waitingOf))
        .returning({ realName: identityCert.realName, idCard: identityCert.idCard })
      if (cert && body.approve)
        await tx
          .update(sysUser)
          .set({ realName: cert.realName, idCard: cert.idCard })
          .where(scope.where(sysUser, eq(sysUser.id, id)))
      // the learner waits for this decision: a message tells it (docs/DECISIONS.md "Messages")
      if (cert)
        await notify(
          tx as unknown as Db,
          scope,
          id,
          MESSAGES.identityDecided({ approved: body.approve, reason: body.reason }),
        )
      return cert
    })
    if (!decided) throw new AppError(400, 'no certification waiting for review for that user')
    return { userId: id, status }
  },

  'GET /staff/photos': async (ctx) => {
    const rows = await ctx.db
      .select({
        photoId: photoLog.id,
        userAccount: sysUser.userAccount,
        scene: photoLog.scene,
        goodsId: photoLog.goodsId,
        goodsName: goods.name,
        sectionId: photoLog.sectionId,
        sectionName: courseSection.name,
        recordId: photoLog.recordId,
        imageUrl: photoLog.imageUrl,
        createdAt: photoLog.createdAt,
        // what the photo is compared with: the face of the learner's identity certification (null: none)
        certFaceImage: identityCert.faceImage,
        certStatus: identityCert.status,
      })
      .from(photoLog)
      .innerJoin(sysUser, eq(sysUser.id, photoLog.userId))
      .leftJoin(goods, and(eq(goods.id, photoLog.goodsId), eq(goods.tenantId, photoLog.tenantId)))
      .leftJoin(
        courseSection,
        and(eq(courseSection.id, photoLog.sectionId), eq(courseSection.tenantId, photoLog.tenantId)),
      )
      .leftJoin(
        identityCert,
        and(eq(identityCert.userId, photoLog.userId), eq(identityCert.tenantId, photoLog.tenantId)),
      )
      .where(ctx.scope.where(photoLog, eq(photoLog.reviewStatus, REVIEW_STATUS.pending)))
      .orderBy(asc(photoLog.createdAt))
      .limit(100)
    return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }))
  },

  'POST /staff/photos/:photoId': async (ctx, { params, body }) => {
    const status = body.approve ? REVIEW_STATUS.approved : REVIEW_STATUS.rejected
    const [row] = await ctx.db
      .update(photoLog)
      .set({ reviewStatus: status })
      .where(
        ctx.scope.where(
          photoLog,
          and(eq(photoLog.id, params.photoId), eq(photoLog.reviewStatus, REVIEW_STATUS.pending)),
        ),
      )
      .returning({ id: photoLog.id })
    if (!row) throw new AppError(400, 'no photo waiting for review with that id')
    return { photoId: params.photoId, reviewStatus: status }
  },

  // ---- learning prompts ----
  'GET /staff/prompts': async (ctx) => {
    const rows = await ctx.db
      .select({ configKey: config.configKey, configValue: config.configValue })
      .from(config)
      .where(ctx.scope.where(config, like(config.configKey, `${PROMPT_PREFIX}%`)))
      .orderBy(asc(config.configKey))
    return rows.flatMap((r) => {
      const m = KEY.exec(r.configKey)
      if (!m) return []
      try {
        const v = JSON.parse(r.configValue) as { title?: unknown; content?: unknown }
        return [
          {
            key: m[1]!,
            goodsId: m[2] === undefined ? null : Number(m[2]),
            title: typeof v.title === 'string' ? v.title : '',
            content: typeof v.content === 'string' ? v.content : '',
          },
        ]
      } catch {
        return []
      }
    })
  },

  'POST /staff/prompts': async (ctx, { body }) => {
    await checkGoods(ctx, body.goodsId)
    const configKey = promptKey(body.key, body.goodsId)
    const value = { title: body.title, content: sanitizeArticle(body.content) }
    await ctx.db
      .insert(config)
      .values(ctx.scope.row({ configKey, configValue: JSON.stringify(value) }))
      .onConflictDoUpdate({ target: [config.tenantId, config.configKey], set: { configValue: JSON.stringify(value) } })
    return { key: body.key, goodsId: body.goodsId ?? null, ...value }
  },

  'POST /staff/prompts/delete': async (ctx, { body }) => {
    const gone = await ctx.db
      .delete(config)
      .where(ctx.scope.where(config, eq(config.configKey, promptKey(body.key, body.goodsId))))
      .returning({ id: config.id })
    return { deleted: gone.length }
  },
}
