/** The learner's own profile, badges, password, phone, ID number, share code and last address, and `offline` (take over). */

import { eq } from 'drizzle-orm'
import { ORDER_STATUS } from '../../../../contract/schemas/codes'
import { REVIEW_STATUS } from '../../../../contract/schemas/learn-codes'
import { maskIdCard } from '../../../../shared/rules/id-card'
import { countRows } from '../../db'
import { identityCert, informUser, shopOrder, sysUser } from '../../db/schema'
import { AppError, type Ctx, type Handlers, requireUser, toSeconds } from '../../http/core'
import { accountSubject, countPasswordAttempt, passwordAccepted, wrongPassword } from '../../services/login-guard'
import { hashPassword, verifyPassword } from '../../services/passwords'
import { consumeSmsCode } from '../../services/sms'
import { displaceOtherTokens, revokeOtherTokens } from '../../services/tokens'
import { ownUpload } from '../../services/upload/own'
import { lettersToSign } from '../inform'
import { claimLock, releaseOtherLocks } from '../lock'
import { closeExpiredOrders } from '../order/service'
import { planSum } from '../plan/plans'
import { phoneTaken } from '../sms'
import { handlers as address } from './address'
import { handlers as idCard } from './id-card'

async function me(ctx: Ctx) {
  const { userId } = requireUser(ctx)
  const [user] = await ctx.db
    .select()
    .from(sysUser)
    .where(ctx.scope.where(sysUser, eq(sysUser.id, userId)))
  if (!user) throw new AppError(401, 'login required')
  return user
}

export const handlers: Handlers = {
  // the ID number (./id-card.ts) and the mailing address given last (./address.ts)
  ...idCard,
  ...address,
  'GET /app/user/getInfo': async (ctx) => {
    const u = await me(ctx)
    const [cert] = await ctx.db
      .select({ status: identityCert.status })
      .from(identityCert)
      .where(ctx.scope.where(identityCert, eq(identityCert.userId, u.id)))
    return {
      userId: u.id,
      userAccount: u.userAccount,
      telPhone: u.telPhone,
      nickName: u.nickName,
      realName: u.realName,
      avatar: u.avatar,
      sex: (['0', '1', '2'].includes(u.sex) ? u.sex : '2') as '0' | '1' | '2',
      birthday: u.birthday,
      idCard: maskIdCard(u.idCard),
      certStatus: cert?.status ?? 0,
      eduLevel: u.eduLevel,
      school: u.school,
      major: u.major,
      graduationDate: u.graduationDate,
      shareActivityCode: u.shareActivityCode,
      inviteCode: u.inviteCode,
      createTime: toSeconds(u.createdAt),
    }
  },

  'GET /app/user/infoAttached': async (ctx) => {
    const { userId } = requireUser(ctx)
    const informSum = await countRows(
      ctx.db,
      informUser,
      ctx.scope.where(informUser, eq(informUser.userId, userId), eq(informUser.readStatus, 0)),
    )
    // orderSum: orders waiting for payment; subscribeSum: booked exam sittings whose commitment letter is not signed
    // (docs/DECISIONS.md "Messages"); periodSum stays 0 (nothing of a study period waits to be read: "Badges").
    await closeExpiredOrders(ctx.db, ctx.scope, userId)
    const orderSum = await countRows(
      ctx.db,
      shopOrder,
      ctx.scope.where(shopOrder, eq(shopOrder.userId, userId), eq(shopOrder.status, ORDER_STATUS.pending)),
    )
    const subscribeSum = await lettersToSign(ctx, userId)
    // planSum: today's planned study items not done yet (docs/DECISIONS.md "Study plans")
    return { informSum, orderSum, periodSum: 0, planSum: await planSum(ctx, userId), subscribeSum }
  },

  'POST /app/user/edit': async (ctx, { body, headers }) => {
    const { userId } = requireUser(ctx)
    // the avatar is an image of the learner's own upload, kept as its canonical URL; '' clears it
    const avatar = body.avatar ? (await ownUpload(ctx, userId, body.avatar, 'avatar', { headers })).url : body.avatar
    if (body.realName !== undefined) {
      // the name is bound to the ID number (bind_idcard): a certified or waiting pair is not changed from here
      const [[user], [cert]] = await Promise.all([
        ctx.db
          .select({ realName: sysUser.realName })
          .from(sysUser)
          .where(ctx.scope.where(sysUser, eq(sysUser.id, userId))),
        ctx.db
          .select({ status: identityCert.status })
          .from(identityCert)
          .where(ctx.scope.where(identityCert, eq(identityCert.userId, userId))),
      ])
      if (user && body.realName !== user.realName) {
        if (cert?.status === REVIEW_STATUS.approved)
          throw new AppError(409, 'your identity is already certified: it cannot be replaced')
        if (cert?.status === REVIEW_STATUS.pending)
          throw new AppError(409, 'your identity certification is waiting for review: it cannot be replaced now')
      }
    }
    await ctx.db
      .update(sysUser)
      .set({ ...body, avatar })
      .where(ctx.scope.where(sysUser, eq(sysUser.id, userId)))
    return null
  },

  'POST /app/user/updatePwd': async (ctx, { body }) => {
    const user = await me(ctx)
    // the old password is guessed like a login password: the same per-account count (services/login-guard.ts)
    const attempt = await countPasswordAttempt(ctx, accountSubject(user.id), 'changePassword')
    if (!(await verifyPassword(body.oldPassword, user.passwordHash)))
      throw wrongPassword('oldPassword: old password is wrong', attempt)
    await passwordAccepted(ctx, accountSubject(user.id))
    await ctx.db
      .update(sysUser)
      .set({ passwordHash: await hashPassword(body.newPassword) })
      .where(ctx.scope.where(sysUser, eq(sysUser.id, user.id)))
    await revokeOtherTokens(ctx.db, ctx.scope, user.id, requireUser(ctx).tokenId)
    return null
  },

  'POST /app/user/bindNewTel': async (ctx, { body }) => {
    const { userId } = requireUser(ctx)
    if (await phoneTaken(ctx, body.telPhone))
      throw new AppError(400, 'telPhone: this phone number is already registered')
    await consumeSmsCode(ctx, body.telPhone, 'bindNew', body.code)
    try {
      await ctx.db
        .update(sysUser)
        .set({ telPhone: body.telPhone })
        .where(ctx.scope.where(sysUser, eq(sysUser.id, userId)))
    } catch {
      throw new AppError(400, 'telPhone: this phone number is already registered')
    }
    return null
  },

  'POST /app/user/edit/shareActivityCode': async (ctx, { body }) => {
    const { userId } = requireUser(ctx)
    await ctx.db
      .update(sysUser)
      .set({ shareActivityCode: body.shareActivityCode })
      .where(ctx.scope.where(sysUser, eq(sysUser.id, userId)))
    return null
  },

  /** Take over: every other device of the account answers 409 next time; the caller gets the lock. */
  'POST /app/user/offline': async (ctx, { body }) => {
    const user = requireUser(ctx)
    await displaceOtherTokens(ctx.db, ctx.scope, user.userId, user.tokenId)
    await releaseOtherLocks(ctx, user.userId, body.uuid)
    await claimLock(ctx, user.userId, 'jxjy', body.uuid)
    return null
  },
}
