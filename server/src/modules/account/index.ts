/** Registration, password reset and the login family; every login ends in `issueToken`. */
import { eq, or } from 'drizzle-orm'
import { type Db, isUniqueViolation } from '../../db'
import { sysUser } from '../../db/schema'
import { AppError, type Ctx, type Handlers, type Input } from '../../http/core'
import { notify } from '../../services/inform'
import {
  accountSubject,
  countPasswordAttempt,
  passwordAccepted,
  unknownSubject,
  wrongPassword,
} from '../../services/login-guard'
import { hashPassword, verifyPassword } from '../../services/passwords'
import { claimSign, readSign } from '../../services/sign'
import { consumeSmsCode } from '../../services/sms'
import { issueToken, revokeOtherTokens, rotateToken } from '../../services/tokens'
import { consumeCaptcha } from '../captcha'

export async function findByPhone(ctx: Ctx, telPhone: string) {
  const [row] = await ctx.db
    .select()
    .from(sysUser)
    .where(ctx.scope.where(sysUser, eq(sysUser.telPhone, telPhone)))
  return row
}

/** A new learner: account = phone, plus an unread welcome message (so informSum is real). */
export async function createUser(ctx: Ctx, telPhone: string, password: string | null, inviteCode = '') {
  let id: number
  try {
    const [row] = await ctx.db
      .insert(sysUser)
      .values(
        ctx.scope.row({
          userAccount: telPhone,
          telPhone,
          passwordHash: password ? await hashPassword(password) : null,
          nickName: `学员${telPhone.slice(-4)}`,
          inviteCode,
        }),
      )
      .returning({ id: sysUser.id })
    id = row!.id
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError(400, 'telPhone: this phone number is already registered')
    throw e
  }
  await notify(ctx.db, ctx.scope, id, {
    kind: 'welcome',
    title: '欢迎加入',
    content: '欢迎注册成为学员！完善个人资料后即可开始学习与备考。',
    link: '/pages2/wd/info',
  })
  return id
}

/** The login result every login ends in (also the WeChat logins, modules/wechat). */
export const session = async (
  ctx: Ctx,
  userId: number,
  userAccount: string,
  deviceUuid: string | undefined,
  newUser: boolean,
) => ({
  token: await issueToken(ctx.db, ctx.scope, ctx.config, userId, deviceUuid),
  userAccount,
  newUser,
})

/**
 * Checks a password login: the attempt counts against the account (services/login-guard.ts; refused with 429
 * once the account has used up its window) before the password is checked; the right password clears it.
 */
async function passwordLogin(
  ctx: Ctx,
  user: typeof sysUser.$inferSelect | undefined,
  name: string,
  password: string,
  wrong: string,
) {
  const subject = user ? accountSubject(user.id) : unknownSubject(name)
  const attempt = await countPasswordAttempt(ctx, subject)
  if (!(await verifyPassword(password, user?.passwordHash)) || !user) throw wrongPassword(wrong, attempt)
  await passwordAccepted(ctx, subject)
  return user
}

/** account = user_account or phone; the captcha is consumed before the password is checked. */
const accountLogin = async (ctx: Ctx, { body }: { body: Input<'POST /login'>['body'] }) => {
  await consumeCaptcha(ctx, body.uuid, body.code)
  const [found] = await ctx.db
    .select()
    .from(sysUser)
    .where(ctx.scope.where(sysUser, or(eq(sysUser.userAccount, body.account), eq(sysUser.telPhone, body.account))))
    .limit(1)
  const user = await passwordLogin(ctx, found, body.account, body.password, 'account or password is wrong')
  return session(ctx, user.id, user.userAccount, body.deviceUuid, false)
}

export const handlers: Handlers = {
  'POST /app/common/register_small': async (ctx, { body }) => {
    await consumeSmsCode(ctx, body.telPhone, 'register', body.code)
    if (await findByPhone(ctx, body.telPhone))
      throw new AppError(400, 'telPhone: this phone number is already registered')
    const id = await createUser(ctx, body.telPhone, body.password, body.inviteCode)
    return session(ctx, id, body.telPhone, body.deviceUuid, true)
  },

  'POST /app/common/register_forget': async (ctx, { body }) => {
    await consumeSmsCode(ctx, body.telPhone, 'forget', body.code)
    const user = await findByPhone(ctx, body.telPhone)
    if (!user) throw new AppError(400, 'telPhone: this phone number is not registered')
    await ctx.db
      .update(sysUser)
      .set({ passwordHash: await hashPassword(body.password) })
      .where(ctx.scope.where(sysUser, eq(sysUser.id, user.id)))
    await revokeOtherTokens(ctx.db, ctx.scope, user.id)
    await passwordAccepted(ctx, accountSubject(user.id))
    return null
  },

  'POST /app/common/sms_login': async (ctx, { body }) => {
    await consumeSmsCode(ctx, body.telPhone, 'login', body.code)
    const user = await findByPhone(ctx, body.telPhone)
    if (user) {
      // the phone proves the learner: password attempts counted against the account are forgotten
      await passwordAccepted(ctx, accountSubject(user.id))
      return session(ctx, user.id, user.userAccount, body.deviceUuid, false)
    }
    const id = await createUser(ctx, body.telPhone, null, body.inviteCode)
    return session(ctx, id, body.telPhone, body.deviceUuid, true)
  },

  'POST /app/common/account_login': accountLogin,
  'POST /login': accountLogin,

  'POST /app/common/telphone_login': async (ctx, { body }) => {
    await consumeCaptcha(ctx, body.uuid, body.code)
    const found = await findByPhone(ctx, body.telPhone)
    const user = await passwordLogin(ctx, found, body.telPhone, body.password, 'telPhone or password is wrong')
    return session(ctx, user.id, user.userAccount, body.deviceUuid, false)
  },

  /**
   * A sign logs in once (services/sign.ts): its digest is claimed in the transaction that issues the token, so two
   * redemptions at once, on any process, give one login; a login that fails leaves the sign unused.
   */
  'GET /app/common/dual_auth': async (ctx, { query }) => {
    const signed = readSign(ctx.config.secret, query.sign)
    if (!signed || signed.tenantId !== ctx.scope.tenantId) throw new AppError(401, 'sign is invalid or expired')
    return ctx.db.transaction(async (t) => {
      const tx = t as unknown as Db
      if (!(await claimSign(tx, ctx.scope, signed))) throw new AppError(401, 'sign already used')
      const [user] = await tx
        .select({ id: sysUser.id, userAccount: sysUser.userAccount })
        .from(sysUser)
        .where(ctx.scope.where(sysUser, eq(sysUser.id, signed.userId)))
      if (!user) throw new AppError(401, 'sign is invalid or expired')
      const token = await issueToken(tx, ctx.scope, ctx.config, user.id, query.deviceUuid)
      return { token, userAccount: user.userAccount, newUser: false }
    })
  },

  'GET /refreshToken/:account': async (ctx, { params, headers }) => ({
    token: await rotateToken(ctx.db, ctx.scope, ctx.config, headers.authorization, params.account),
  }),
}
