/**
 * WeChat login and binding (spec §7 "Social-app binding"; docs/DECISIONS.md "WeChat login and binding"). Codes from
 * the app are exchanged with WeChat through the WechatProvider (services/wechat) with the school's server-side app
 * credentials; an openid is trusted only when the server got it from WeChat itself (or from its own signed bind
 * ticket). An openid is bound to one account of the school, an account has at most one openid per kind.
 */
import { and, eq, ne } from 'drizzle-orm'
import { isUniqueViolation } from '../../db'
import { sysUser, tenantHost, userWechat } from '../../db/schema'
import { AppError, type Ctx, type Handlers, nowSeconds, requireUser } from '../../http/core'
import { accountSubject, passwordAccepted } from '../../services/login-guard'
import { consumeSmsCode } from '../../services/sms'
import { wechatProvider } from '../../services/wechat'
import { wechatAppOf } from '../../services/wechat/apps'
import { makeBindTicket, readBindTicket } from '../../services/wechat/bind-ticket'
import { jssdkSignature, nonceStr } from '../../services/wechat/jssdk'
import { wechatRefusal } from '../../services/wechat/refusals'
import type { WechatApp, WechatIdentity, WechatKind } from '../../services/wechat/types'
import { createUser, findByPhone, session } from '../account'

const boundElsewhere = () => new AppError(400, 'this WeChat account is already bound to another account')
const otherWechat = () => new AppError(400, 'this account is already bound to another WeChat account')
const badTicket = () => new AppError(400, 'bindTicket: the WeChat login has expired, start again')

async function appOf(ctx: Ctx, kind: WechatKind): Promise<WechatApp> {
  const app = await wechatAppOf(ctx.db, ctx.scope, kind)
  if (!app) throw wechatRefusal.notSetUp()
  return app
}

/** The school's app of the kind and the WeChat user of the code, as WeChat says. */
async function exchange(ctx: Ctx, kind: WechatKind, code: string) {
  const app = await appOf(ctx, kind)
  const provider = wechatProvider(ctx.config, (msg) => ctx.log.warn(msg))
  const identity = kind === 'mini' ? await provider.code2session(app, code) : await provider.oauthOpenId(app, code)
  return { app, identity }
}

const byOpenId = async (ctx: Ctx, app: WechatApp, openId: string) =>
  (
    await ctx.db
      .select()
      .from(userWechat)
      .where(ctx.scope.where(userWechat, eq(userWechat.appId, app.appId), eq(userWechat.openId, openId)))
  )[0]

/** The learner's binding of the kind for the school's current app (a binding of an app the school replaced is stale). */
const ofUser = async (ctx: Ctx, userId: number, app: WechatApp) =>
  (
    await ctx.db
      .select()
      .from(userWechat)
      .where(
        ctx.scope.where(
          userWechat,
          eq(userWechat.userId, userId),
          eq(userWechat.kind, app.kind),
          eq(userWechat.appId, app.appId),
        ),
      )
  )[0]

/** Refuses when the openid belongs to another account or the account to another openid of this app. */
async function checkBindable(ctx: Ctx, userId: number | undefined, app: WechatApp, identity: WechatIdentity) {
  const holder = await byOpenId(ctx, app, identity.openId)
  if (holder && holder.userId !== userId) throw boundElsewhere()
  if (userId === undefined) return holder
  const mine = await ofUser(ctx, userId, app)
  if (mine && mine.openId !== identity.openId) throw otherWechat()
  return holder
}

/** Binds (or confirms) the openid to the learner. */
async function bind(ctx: Ctx, userId: number, app: WechatApp, identity: WechatIdentity): Promise<void> {
  const holder = await checkBindable(ctx, userId, app, identity)
  if (holder) {
    if (identity.unionId && holder.unionId !== identity.unionId)
      await ctx.db
        .update(userWechat)
        .set({ unionId: identity.unionId })
        .where(ctx.scope.where(userWechat, eq(userWechat.id, holder.id)))
    return
  }
  // a binding of an app id the school no longer uses gives way to the current app's
  await ctx.db
    .delete(userWechat)
    .where(
      ctx.scope.where(
        userWechat,
        eq(userWechat.userId, userId),
        eq(userWechat.kind, app.kind),
        ne(userWechat.appId, app.appId),
      ),
    )
  try {
    await ctx.db.insert(userWechat).values(
      ctx.scope.row({
        userId,
        kind: app.kind,
        appId: app.appId,
        openId: identity.openId,
        unionId: identity.unionId ?? null,
      }),
    )
  } catch (e) {
    // a parallel bind won: say which side is taken
    if (!isUniqueViolation(e)) throw e
    const now = await byOpenId(ctx, app, identity.openId)
    if (now?.userId === userId) return
    throw now ? boundElsewhere() : otherWechat()
  }
}

/** openIdLogin / check/gzh_openId: logged in when bound, else a bind ticket. */
async function loginByCode(ctx: Ctx, kind: WechatKind, code: string, deviceUuid: string | undefined) {
  const { app, identity } = await exchange(ctx, kind, code)
  const [row] = await ctx.db
    .select({ id: sysUser.id, userAccount: sysUser.userAccount })
    .from(userWechat)
    .innerJoin(sysUser, and(eq(sysUser.id, userWechat.userId), eq(sysUser.tenantId, userWechat.tenantId)))
    .where(ctx.scope.where(userWechat, eq(userWechat.appId, app.appId), eq(userWechat.openId, identity.openId)))
  if (row) return { bound: true as const, ...(await session(ctx, row.id, row.userAccount, deviceUuid, false)) }
  const t = makeBindTicket(ctx.config.secret, {
    tenantId: ctx.scope.tenantId,
    kind,
    appId: app.appId,
    openId: identity.openId,
    ...(identity.unionId ? { unionId: identity.unionId } : {}),
  })
  return { bound: false as const, bindTicket: t.ticket, expiresAt: t.expiresAt }
}

interface BindBody {
  bindTicket: string
  telPhone: string
  code: string
  inviteCode?: string | undefined
  deviceUuid?: string | undefined
}

/** bindLogin / wx/gzh_bind: the phone proven by SMS finds (or creates) the account, the ticket's openid is bound. */
async function bindByTicket(ctx: Ctx, kind: WechatKind, body: BindBody) {
  const claims = readBindTicket(ctx.config.secret, body.bindTicket)
  if (!claims || claims.tenantId !== ctx.scope.tenantId || claims.kind !== kind) throw badTicket()
  const app = await appOf(ctx, kind)
  // the school changed its app since the ticket was made: the openid is not one of the current app
  if (app.appId !== claims.appId) throw badTicket()
  await consumeSmsCode(ctx, body.telPhone, 'login', body.code)
  const identity: WechatIdentity = { openId: claims.openId, ...(claims.unionId ? { unionId: claims.unionId } : {}) }
  const user = await findByPhone(ctx, body.telPhone)
  // refused before an account is created for nothing
  await checkBindable(ctx, user?.id, app, identity)
  let userId: number
  let userAccount: string
  if (user) {
    // the phone proves the learner, as with sms_login: password attempts counted against the account are forgotten
    await passwordAccepted(ctx, accountSubject(user.id))
    userId = user.id
    userAccount = user.userAccount
  } else {
    userId = await createUser(ctx, body.telPhone, null, body.inviteCode)
    userAccount = body.telPhone
  }
  await bind(ctx, userId, app, identity)
  return session(ctx, userId, userAccount, body.deviceUuid, !user)
}

/** The host of a page URL, lower case, or null when it is not an http(s) URL. */
function hostOf(url: string): string | null {
  try {
    const u = new URL(url)
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.hostname.toLowerCase() : null
  } catch {
    return null
  }
}

export const handlers: Handlers = {
  'POST /app/common/openIdLogin': async (ctx, { body }) => loginByCode(ctx, 'mini', body.code, body.deviceUuid),
  'POST /app/common/check/gzh_openId': async (ctx, { body }) => loginByCode(ctx, 'gzh', body.code, body.deviceUuid),
  'POST /app/common/bindLogin': async (ctx, { body }) => bindByTicket(ctx, 'mini', body),
  'POST /app/common/wx/gzh_bind': async (ctx, { body }) => bindByTicket(ctx, 'gzh', body),

  'POST /app/user/checkBindOpenId': async (ctx, { body }) => {
    const user = requireUser(ctx)
    const app = await wechatAppOf(ctx.db, ctx.scope, 'mini')
    const mine = app ? await ofUser(ctx, user.userId, app) : undefined
    if (!body.code) return { bound: !!mine, matches: null }
    const { identity } = await exchange(ctx, 'mini', body.code)
    return { bound: !!mine, matches: mine?.openId === identity.openId }
  },

  'GET /app/user/checkBindGzh': async (ctx) => {
    const user = requireUser(ctx)
    const app = await wechatAppOf(ctx.db, ctx.scope, 'gzh')
    return { bound: !!(app && (await ofUser(ctx, user.userId, app))) }
  },

  'POST /app/user/gzh_bind': async (ctx, { body }) => {
    const user = requireUser(ctx)
    const { app, identity } = await exchange(ctx, 'gzh', body.code)
    await bind(ctx, user.userId, app, identity)
    return { openId: identity.openId }
  },

  'POST /wx/getOpenid': async (ctx, { body }) => {
    const user = requireUser(ctx)
    const { app, identity } = await exchange(ctx, 'mini', body.code)
    await bind(ctx, user.userId, app, identity)
    return { openId: identity.openId }
  },

  // Public: an openid is scoped to the school's app and no call logs in with an openid the client sends, so it
  // opens nothing; the exam page needs it for WeChat subscription messages before (or without) a login.
  'POST /app/common/wx/exam/getOpenid': async (ctx, { body }) => {
    const { identity } = await exchange(ctx, 'mini', body.code)
    return { openId: identity.openId }
  },

  'GET /app/common/wx/config': async (ctx, { query }) => {
    if (query.url === undefined) {
      // WeChat login off: no OAuth link to a login that would be refused on return
      if (wechatProvider(ctx.config).name === 'off') throw wechatRefusal.notSetUp()
      const app = await appOf(ctx, 'gzh')
      return { appId: app.appId, timestamp: null, nonceStr: null, signature: null }
    }
    const host = hostOf(query.url)
    if (!host) throw new AppError(400, 'url: url must be the http(s) address of the page')
    const [own] = await ctx.db
      .select({ host: tenantHost.host })
      .from(tenantHost)
      .where(and(eq(tenantHost.host, host), eq(tenantHost.tenantId, ctx.scope.tenantId)))
    if (!own) throw new AppError(400, "url: this page is not on one of the school's sites")
    const app = await appOf(ctx, 'gzh')
    const ticket = await wechatProvider(ctx.config, (msg) => ctx.log.warn(msg)).jsapiTicket(app)
    const timestamp = nowSeconds()
    const nonce = nonceStr()
    return {
      appId: app.appId,
      timestamp,
      nonceStr: nonce,
      signature: jssdkSignature(ticket, nonce, timestamp, query.url),
    }
  },
}
