/**
 * The school's side of enrolment profiles (docs/DECISIONS.md "Enrolment profile and stamp words"): a manager of
 * the tenant (or the operator's X-Staff-Token; server/src/http/staff-auth.ts) lists the learners' profiles and
 * locks a submitted one (accepted: the learner can no longer change it) or returns it with a note (the learner
 * changes it and stamps it again). Either way the learner gets a message (services/inform.ts `notify`).
 *   GET  {apiBase}/staff/profiles?status&goodsId&pageNum&pageSize   newest change first
 *   POST {apiBase}/staff/profiles/:id/review   { action: 'lock' | 'return', remark }
 */
import { and, desc, eq } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { PROFILE_STATUS } from '../../../../contract/schemas/profile-codes'
import { countRows, type Db } from '../../db'
import { goods, profile, profileStamp, profileTemplate, sysUser } from '../../db/schema'
import { AppError, envelope, toSeconds } from '../../http/core'
import { type StaffScope, staffScopeOf } from '../../http/staff-auth'
import { notify } from '../../services/inform'

const listQuery = z.object({
  status: z.coerce.number().int().min(0).max(3).optional(),
  goodsId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  pageNum: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
})
const reviewBody = z.object({
  action: z.enum(['lock', 'return']),
  remark: z.string().trim().max(200).default(''),
})
const idParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) })

export async function registerProfileStaffRoutes(
  root: FastifyInstance,
  db: Db,
  apiBase: string,
  staffToken: string | undefined,
) {
  await root.register(
    async (app) => {
      const staffOf = (req: FastifyRequest): Promise<StaffScope> =>
        staffScopeOf(db, req, { roles: ['manager'], staffToken })

      app.get('/staff/profiles', async (req) => {
        const { scope } = await staffOf(req)
        const q = listQuery.safeParse(req.query)
        if (!q.success) throw new AppError(400, 'status 0-3, goodsId a number, pageSize up to 100')
        const { status, goodsId, pageNum, pageSize } = q.data
        const where = scope.where(
          profile,
          status === undefined ? undefined : eq(profile.status, status),
          goodsId === undefined ? undefined : eq(profile.goodsId, goodsId),
        )
        const [rows, total] = await Promise.all([
          db
            .select({
              p: profile,
              title: profileTemplate.title,
              goodsName: goods.name,
              userAccount: sysUser.userAccount,
              words: profileStamp.words,
              signatureUrl: profileStamp.signatureUrl,
            })
            .from(profile)
            .innerJoin(profileTemplate, eq(profileTemplate.id, profile.templateId))
            .innerJoin(goods, eq(goods.id, profile.goodsId))
            .innerJoin(sysUser, eq(sysUser.id, profile.userId))
            .leftJoin(
              profileStamp,
              and(eq(profileStamp.profileId, profile.id), eq(profileStamp.tenantId, profile.tenantId)),
            )
            .where(where)
            .orderBy(desc(profile.updatedAt), desc(profile.id))
            .limit(pageSize)
            .offset((pageNum - 1) * pageSize),
          countRows(db, profile, where),
        ])
        return envelope(200, 'ok', {
          rows: rows.map((r) => ({
            id: r.p.id,
            goodsId: r.p.goodsId,
            goodsName: r.goodsName,
            title: r.title,
            userAccount: r.userAccount,
            status: r.p.status,
            remark: r.p.remark,
            values: r.p.values,
            words: r.words ?? '',
            signatureUrl: r.signatureUrl ?? '',
            updatedTime: toSeconds(r.p.updatedAt),
            submittedTime: r.p.submittedAt ? toSeconds(r.p.submittedAt) : null,
            lockedTime: r.p.lockedAt ? toSeconds(r.p.lockedAt) : null,
          })),
          total,
        })
      })

      app.post('/staff/profiles/:id/review', async (req) => {
        const { scope } = await staffOf(req)
        const p = idParam.safeParse(req.params)
        const b = reviewBody.safeParse(req.body ?? {})
        if (!p.success) throw new AppError(404, 'profile not found')
        if (!b.success) throw new AppError(400, 'action is lock or return; remark at most 200 characters')
        const { action, remark } = b.data
        if (action === 'return' && !remark) throw new AppError(400, 'remark: say what the learner should change')
        const reviewed = await db.transaction(async (tx) => {
          const [row] = await tx
            .update(profile)
            .set(
              action === 'lock'
                ? { status: PROFILE_STATUS.locked, lockedAt: new Date(), remark: '' }
                : { status: PROFILE_STATUS.returned, remark, submittedAt: null },
            )
            // only a submitted (stamped) profile is reviewed: a draft is still the learner's
            .where(scope.where(profile, eq(profile.id, p.data.id), eq(profile.status, PROFILE_STATUS.submitted)))
            .returning({ id: profile.id, userId: profile.userId, goodsId: profile.goodsId })
          if (!row) return null
          const [g] = await tx
            .select({ name: goods.name })
            .from(goods)
            .where(scope.where(goods, eq(goods.id, row.goodsId)))
          const what = `“${g?.name ?? ''}”的报名资料`
          await notify(tx as unknown as Db, scope, row.userId, {
            kind: 'profile',
            title: action === 'lock' ? `${what}已审核通过` : `${what}被退回，请修改后重新提交`,
            content: action === 'lock' ? `学校已审核通过你提交的${what}。` : `学校退回了你提交的${what}：${remark}`,
            link: '/pages2/profile/index',
          })
          return row
        })
        if (!reviewed) {
          const [exists] = await db
            .select({ status: profile.status })
            .from(profile)
            .where(scope.where(profile, eq(profile.id, p.data.id)))
          if (!exists) throw new AppError(404, 'profile not found')
          throw new AppError(409, 'only a submitted profile can be locked or returned')
        }
        return envelope(200, 'ok', { id: reviewed.id, status: action === 'lock' ? 2 : 3 })
      })
    },
    { prefix: apiBase },
  )
}
