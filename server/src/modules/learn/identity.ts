/**
 * Photo checks during study and bank attempts, identity certification and face checks. Every image must be an
 * image the learner uploaded (upload_object of the same tenant and user; services/upload/own.ts), and what is
 * stored, given to the face provider and answered is its canonical URL, never the client's string. Decisions come
 * from the face provider (services/face.ts); the local one leaves everything pending for manual review.
 */

import { and, eq, sql } from 'drizzle-orm'
import { REVIEW_STATUS } from '../../../../contract/schemas/learn-codes'
import { idCardProblem, maskIdCard } from '../../../../shared/rules/id-card'
import { bankRecord, faceCheck, identityCert, photoLog } from '../../db/schema'
import { AppError, type Ctx, type Handlers, requireUser, toSeconds } from '../../http/core'
import { localize } from '../../http/refusals'
import { faceProvider } from '../../services/face'
import { ownUpload } from '../../services/upload/own'
import { duePhotos, hasControl, notFound, type Scoped } from './core'
import { ownSession, playTarget } from './play'

async function certOf(ctx: Scoped, userId: number) {
  const [c] = await ctx.db
    .select()
    .from(identityCert)
    .where(ctx.scope.where(identityCert, eq(identityCert.userId, userId)))
  return c
}

async function audit(
  ctx: Ctx,
  userId: number,
  kind: 'ocr' | 'recognition' | 'compare',
  imageUrl: string,
  provider: string,
  r: { status: number; similarity?: number | null; msg: string },
) {
  await ctx.db.insert(faceCheck).values(
    ctx.scope.row({
      userId,
      kind,
      imageUrl,
      provider,
      status: r.status,
      similarity: r.similarity ?? null,
      result: { msg: r.msg },
    }),
  )
}

export const handlers: Handlers = {
  'POST /course/photo/log': async (ctx, { body, headers }) => {
    const { userId } = requireUser(ctx)
    const s = await ownSession(ctx, userId, body.sessionId)
    const { url: imageUrl } = await ownUpload(ctx, userId, body.imageUrl, 'imageUrl', { headers })
    const provider = faceProvider(ctx.config.faceProvider)
    const cert = await certOf(ctx, userId)
    const r = await provider.compare(imageUrl, cert?.faceImage ?? '')
    const [row] = await ctx.db
      .insert(photoLog)
      .values(
        ctx.scope.row({
          userId,
          goodsId: s.goodsId,
          sectionId: s.sectionId,
          sessionId: s.id,
          scene: body.scene,
          position: body.position,
          imageUrl,
          reviewStatus: r.status,
          similarity: r.similarity,
        }),
      )
      .returning()
    return { photoId: row!.id, reviewStatus: row!.reviewStatus, createTime: toSeconds(row!.createdAt) }
  },

  'GET /course/photo/log/getLastInfo': async (ctx, { query }) => {
    const { userId } = requireUser(ctx)
    const t = await playTarget(ctx, userId, query.goodsId, query.sectionId)
    const [last] = await ctx.db
      .select({ at: sql<Date | null>`max(${photoLog.createdAt})`, n: sql<number>`count(*)` })
      .from(photoLog)
      .where(
        ctx.scope.where(
          photoLog,
          eq(photoLog.userId, userId),
          eq(photoLog.goodsId, t.owner.id),
          eq(photoLog.sectionId, query.sectionId),
        ),
      )
    const at = last?.at ? new Date(last.at) : null
    return {
      lastPhotoTime: at ? toSeconds(at) : null,
      photos: t.entitled ? await duePhotos(ctx, userId, t.owner, t.section) : [],
      photoNum: Number(last?.n ?? 0),
    }
  },

  'POST /bank/record/addPhoto': async (ctx, { body, headers }) => {
    const { userId } = requireUser(ctx)
    const [rec] = await ctx.db
      .select({ id: bankRecord.id })
      .from(bankRecord)
      .where(ctx.scope.where(bankRecord, and(eq(bankRecord.id, body.recordId), eq(bankRecord.userId, userId))))
    if (!rec) throw notFound('record')
    const { url: imageUrl } = await ownUpload(ctx, userId, body.imageUrl, 'imageUrl', { headers })
    const provider = faceProvider(ctx.config.faceProvider)
    const cert = await certOf(ctx, userId)
    const r = await provider.compare(imageUrl, cert?.faceImage ?? '')
    const [row] = await ctx.db
      .insert(photoLog)
      .values(
        ctx.scope.row({
          userId,
          recordId: rec.id,
          scene: 'record',
          imageUrl,
          reviewStatus: r.status,
          similarity: r.similarity,
        }),
      )
      .returning()
    return { photoId: row!.id, reviewStatus: row!.reviewStatus, createTime: toSeconds(row!.createdAt) }
  },

  'POST /face/certification/IDCardOCR': async (ctx, { body, headers }) => {
    const { userId } = requireUser(ctx)
    const { url: imageUrl } = await ownUpload(ctx, userId, body.imageUrl, 'imageUrl', { headers })
    const provider = faceProvider(ctx.config.faceProvider)
    const r = await provider.ocr(imageUrl, body.side)
    await audit(ctx, userId, 'ocr', imageUrl, provider.name, r)
    return { ...r, msg: localize(r.msg, ctx.lang), provider: provider.name }
  },

  'POST /face/certification/ImageRecognition': async (ctx, { body, headers }) => {
    const { userId } = requireUser(ctx)
    const { url: imageUrl } = await ownUpload(ctx, userId, body.imageUrl, 'imageUrl', { headers })
    const provider = faceProvider(ctx.config.faceProvider)
    const r = await provider.recognize(imageUrl)
    await audit(ctx, userId, 'recognition', imageUrl, provider.name, r)
    return { ...r, msg: localize(r.msg, ctx.lang), provider: provider.name }
  },

  'POST /face/certification/idCardCompareFace': async (ctx, { body, headers }) => {
    const { userId } = requireUser(ctx)
    if (hasControl(body.realName)) throw new AppError(400, 'realName: must not contain control characters')
    // the rule binding and mock applications use (shared/rules/id-card.ts): check character and birth date
    const idProblem = idCardProblem(body.idCard)
    if (idProblem === 'birthdate')
      throw new AppError(
        400,
        'idCard: the birth date in it (digits 7-14) is not a real day, or is in the future or before 1900',
      )
    if (idProblem) throw new AppError(400, 'idCard: the check digit does not match: not a valid ID number')
    const idCardImage = (await ownUpload(ctx, userId, body.idCardImageUrl, 'idCardImageUrl', { headers })).url
    const faceImage = (await ownUpload(ctx, userId, body.faceImageUrl, 'faceImageUrl', { headers })).url
    const cur = await certOf(ctx, userId)
    if (cur?.status === REVIEW_STATUS.pending)
      throw new AppError(400, 'your identity certification is waiting for review: it cannot be replaced now')
    if (cur?.status === REVIEW_STATUS.approved)
      throw new AppError(400, 'your identity is already certified: it cannot be replaced')
    const provider = faceProvider(ctx.config.faceProvider)
    const r = await provider.certify({ ...body, idCardImageUrl: idCardImage, faceImageUrl: faceImage })
    const values = {
      realName: body.realName,
      idCard: body.idCard,
      idCardImage,
      faceImage,
      status: r.status,
      provider: provider.name,
      similarity: r.similarity,
      msg: r.msg,
      updatedAt: new Date(),
    }
    // a rejected certification is replaced; the unique (tenant, user) index keeps one row per learner
    const [row] = await ctx.db
      .insert(identityCert)
      .values(ctx.scope.row({ userId, ...values }))
      .onConflictDoUpdate({
        target: [identityCert.tenantId, identityCert.userId],
        set: values,
        setWhere: eq(identityCert.status, REVIEW_STATUS.rejected),
      })
      .returning()
    if (!row) throw new AppError(400, 'your identity certification cannot be replaced now')
    await audit(ctx, userId, 'compare', faceImage, provider.name, r)
    return {
      status: row.status,
      realName: row.realName,
      idCard: maskIdCard(row.idCard),
      idCardImage: row.idCardImage,
      faceImage: row.faceImage,
      provider: row.provider,
      msg: localize(row.msg, ctx.lang),
      updateTime: toSeconds(row.updatedAt),
    }
  },

  'POST /face/certification/CompareFace': async (ctx, { body, headers }) => {
    const { userId } = requireUser(ctx)
    const { url: imageUrl } = await ownUpload(ctx, userId, body.imageUrl, 'imageUrl', { headers })
    const cert = await certOf(ctx, userId)
    if (!cert || cert.status === REVIEW_STATUS.rejected)
      throw new AppError(400, 'submit your identity certification first')
    const provider = faceProvider(ctx.config.faceProvider)
    const r = await provider.compare(imageUrl, cert.faceImage)
    await audit(ctx, userId, 'compare', imageUrl, provider.name, r)
    return { ...r, msg: localize(r.msg, ctx.lang), provider: provider.name }
  },
}
