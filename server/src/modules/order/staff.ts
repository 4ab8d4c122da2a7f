/**
 * The staff desk: what a training school's staff decide about learners' orders and reviews, outside the learner
 * contract. Refund requests are approved or rejected (approval revokes the entitlement; the money itself is
 * returned in the payment provider's merchant platform) and requested invoices are marked issued.
 * Always registered. Every call names the `tenant-id` it acts for and is made either by a manager account of that
 * tenant (`Authorization: Bearer <login token>`, the console's pages) or, when STAFF_TOKEN is set, with
 * `x-staff-token` (scripts): server/src/http/staff-auth.ts.
 *   GET  {apiBase}/staff/refunds                  open refund requests
 *   POST {apiBase}/staff/refunds/:orderId         { approve: boolean, reason? }
 *   GET  {apiBase}/staff/invoices                 requested, not yet issued invoices
 *   POST {apiBase}/staff/invoices/:invoiceId/issue
 *   GET  {apiBase}/staff/certifications           identity certifications waiting for manual review
 *   POST {apiBase}/staff/certifications/:userId   { approve: boolean, reason? } (approval fills the account's name and ID)
 *   GET  {apiBase}/staff/photos                   study / exam photos waiting for review (oldest 100), with the
 *                                                 learner's certified face photo to compare with
 *   POST {apiBase}/staff/photos/:photoId          { approve: boolean }
 *   GET  {apiBase}/staff/certificates             certificates issued, newest 100
 *   POST {apiBase}/staff/certificates/:serial/revoke   (the public verification then says revoked)
 */
import { and, asc, desc, eq, isNull } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { ORDER_STATUS } from '../../../../contract/schemas/codes'
import { REVIEW_STATUS } from '../../../../contract/schemas/learn-codes'
import { normalizeIdCard } from '../../../../shared/rules/id-card'
import type { Db } from '../../db'
import { certificate, courseSection, goods, identityCert, invoice, photoLog, shopOrder, sysUser } from '../../db/schema'
import { AppError, envelope, type TenantScope } from '../../http/core'
import { staffScopeOf } from '../../http/staff-auth'
import { MESSAGES, notify } from '../../services/inform'
import { idCardHeldByOther, lockIdCard } from '../user/id-card'
import { decideRefund, issueInvoice } from './service'

const idParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) })
const decision = z.object({ approve: z.boolean(), reason: z.string().trim().max(200).optional() })

export async function registerStaffRoutes(
  root: FastifyInstance,
  db: Db,
  apiBase: string,
  staffToken: string | undefined,
) {
  await root.register(
    async (app) => {
      const scopeOf = async (req: FastifyRequest): Promise<TenantScope> =>
        (await staffScopeOf(db, req, { roles: ['manager'], staffToken })).scope
      const parse = <T>(schema: z.ZodType<T>, value: unknown, what: string): T => {
        const r = schema.safeParse(value)
        if (!r.success) throw new AppError(400, `${what}: ${r.error.issues[0]?.message ?? 'invalid'}`)
        return r.data
      }

      app.get('/staff/refunds', async (req) => {
        const scope = await scopeOf(req)
        const rows = await db
          .select({
            orderId: shopOrder.id,
            orderNo: shopOrder.orderNo,
            userAccount: sysUser.userAccount,
            payPrice: shopOrder.payPrice,
            refundReason: shopOrder.refundReason,
            refundRequestedAt: shopOrder.refundRequestedAt,
          })
          .from(shopOrder)
          .innerJoin(sysUser, eq(sysUser.id, shopOrder.userId))
          .where(scope.where(shopOrder, eq(shopOrder.status, ORDER_STATUS.refundRequested)))
          .orderBy(asc(shopOrder.refundRequestedAt))
        return envelope(200, 'ok', rows)
      })

      app.post('/staff/refunds/:id', async (req) => {
        const scope = await scopeOf(req)
        const { id } = parse(idParam, req.params, 'orderId')
        const body = parse(decision, req.body, 'body')
        const orderStatus = await decideRefund(db, scope.tenantId, id, body)
        return envelope(200, 'ok', { orderId: id, orderStatus })
      })

      app.get('/staff/invoices', async (req) => {
        const scope = await scopeOf(req)
        const rows = await db
          .select({
            invoiceId: invoice.id,
            userAccount: sysUser.userAccount,
            titleType: invoice.titleType,
            title: invoice.title,
            taxNo: invoice.taxNo,
            email: invoice.email,
            amount: invoice.amount,
            orderIds: invoice.orderIds,
          })
          .from(invoice)
          .innerJoin(sysUser, eq(sysUser.id, invoice.userId))
          .where(scope.where(invoice, eq(invoice.status, 0)))
          .orderBy(asc(invoice.createdAt))
        return envelope(200, 'ok', rows)
      })

      app.post('/staff/invoices/:id/issue', async (req) => {
        const scope = await scopeOf(req)
        const { id } = parse(idParam, req.params, 'invoiceId')
        if (!(await issueInvoice(db, scope.tenantId, id))) throw new AppError(400, 'no requested invoice with that id')
        return envelope(200, 'ok', { invoiceId: id, invoiceStatus: 1 })
      })

      // ---- manual review: the local face provider leaves every identity and photo case to a person ----
      app.get('/staff/certifications', async (req) => {
        const scope = await scopeOf(req)
        const rows = await db
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
          .where(scope.where(identityCert, eq(identityCert.status, REVIEW_STATUS.pending)))
          .orderBy(asc(identityCert.updatedAt))
        return envelope(200, 'ok', rows)
      })

      app.post('/staff/certifications/:id', async (req) => {
        const scope = await scopeOf(req)
        const { id } = parse(idParam, req.params, 'userId')
        const body = parse(decision, req.body, 'body')
        const status = body.approve ? REVIEW_STATUS.approved : REVIEW_STATUS.rejected
        const decided = await db.transaction(async (tx) => {
          if (body.approve) {
            // one ID number, one account: under the number's lock (modules/user/id-card.ts), as binding
            const [waiting] = await tx
              .select({ idCard: identityCert.idCard })
              .from(identityCert)
              .where(
                scope.where(
                  identityCert,
                  and(eq(identityCert.userId, id), eq(identityCert.status, REVIEW_STATUS.pending)),
                ),
              )
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
            .where(
              scope.where(
                identityCert,
                and(eq(identityCert.userId, id), eq(identityCert.status, REVIEW_STATUS.pending)),
              ),
            )
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
        return envelope(200, 'ok', { userId: id, status })
      })

      app.get('/staff/photos', async (req) => {
        const scope = await scopeOf(req)
        const rows = await db
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
          .where(scope.where(photoLog, eq(photoLog.reviewStatus, REVIEW_STATUS.pending)))
          .orderBy(asc(photoLog.createdAt))
          .limit(100)
        return envelope(200, 'ok', rows)
      })

      app.post('/staff/photos/:id', async (req) => {
        const scope = await scopeOf(req)
        const { id } = parse(idParam, req.params, 'photoId')
        const body = parse(decision, req.body, 'body')
        const status = body.approve ? REVIEW_STATUS.approved : REVIEW_STATUS.rejected
        const [row] = await db
          .update(photoLog)
          .set({ reviewStatus: status })
          .where(scope.where(photoLog, and(eq(photoLog.id, id), eq(photoLog.reviewStatus, REVIEW_STATUS.pending))))
          .returning({ id: photoLog.id })
        if (!row) throw new AppError(400, 'no photo waiting for review with that id')
        return envelope(200, 'ok', { photoId: id, reviewStatus: status })
      })

      app.get('/staff/certificates', async (req) => {
        const scope = await scopeOf(req)
        const rows = await db
          .select({
            serial: certificate.serial,
            userAccount: sysUser.userAccount,
            realName: certificate.realName,
            examName: certificate.examName,
            score: certificate.score,
            issuedAt: certificate.issuedAt,
            revokedAt: certificate.revokedAt,
          })
          .from(certificate)
          .innerJoin(sysUser, eq(sysUser.id, certificate.userId))
          .where(scope.where(certificate))
          .orderBy(desc(certificate.issuedAt))
          .limit(100)
        return envelope(200, 'ok', rows)
      })

      /** Revoke a certificate (e.g. misconduct found later): its verification page then says so. */
      app.post('/staff/certificates/:serial/revoke', async (req) => {
        const scope = await scopeOf(req)
        const { serial } = parse(z.object({ serial: z.string().trim().min(8).max(32) }), req.params, 'serial')
        const [row] = await db
          .update(certificate)
          .set({ revokedAt: new Date() })
          .where(scope.where(certificate, and(eq(certificate.serial, serial), isNull(certificate.revokedAt))))
          .returning({ serial: certificate.serial, revokedAt: certificate.revokedAt })
        if (!row) throw new AppError(400, 'no valid certificate with that serial')
        return envelope(200, 'ok', row)
      })
    },
    { prefix: apiBase },
  )
}
