/**
 * The school's side of enrolment profiles (docs/DECISIONS.md "Enrolment profile and stamp words"; contract/staff.ts,
 * managers): the learners' profiles, and locking a submitted one (accepted: the learner can no longer change it) or
 * returning it with a note (the learner changes it and stamps it again). Either way the learner gets a message
 * (services/inform.ts `notify`). Registered by the route loop like every call (server/src/app.ts).
 */
import { and, desc, eq } from 'drizzle-orm'
import { PROFILE_STATUS } from '../../../../contract/schemas/profile-codes'
import { countRows, type Db } from '../../db'
import { goods, profile, profileStamp, profileTemplate, sysUser } from '../../db/schema'
import { AppError, type Handlers, toSeconds } from '../../http/core'
import { notify } from '../../services/inform'

export const handlers: Handlers = {
  /** newest change first */
  'GET /staff/profiles': async (ctx, { query }) => {
    const { db, scope } = ctx
    const { status, goodsId, pageNum, pageSize } = query
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
    return {
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
    }
  },

  /** { action: 'lock' | 'return', remark } */
  'POST /staff/profiles/:id/review': async (ctx, { params, body }) => {
    const { db, scope } = ctx
    const { action, remark } = body
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
        .where(scope.where(profile, eq(profile.id, params.id), eq(profile.status, PROFILE_STATUS.submitted)))
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
        .where(scope.where(profile, eq(profile.id, params.id)))
      if (!exists) throw new AppError(404, 'profile not found')
      throw new AppError(409, 'only a submitted profile can be locked or returned')
    }
    return { id: reviewed.id, status: action === 'lock' ? 2 : 3 }
  },
}
