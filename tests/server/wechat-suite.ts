/**
 * WeChat login and binding (docs/DECISIONS.md "WeChat login and binding") against the local provider: one-tap login
 * when bound, the bind-ticket flow (SMS consumed, account found or created, openid bound, then a straight login),
 * the refusals (forged / expired / other tenant's / other kind's ticket, wrong SMS code, openid bound elsewhere,
 * account bound to another openid, invalid code), checkBind*, getOpenid, the JS-SDK config and tenant scope.
 */
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../server/src/db'
import { smsCode, sysUser, tenantWechatApp, userWechat } from '../../server/src/db/schema'
import { type Ctx, TenantScope } from '../../server/src/http/core'
import { payerOpenId } from '../../server/src/modules/wechat/payer'
import { setWechatApp } from '../../server/src/services/wechat/apps'
import { makeBindTicket } from '../../server/src/services/wechat/bind-ticket'
import { jssdkSignature } from '../../server/src/services/wechat/jssdk'
import { LocalWechatProvider } from '../../server/src/services/wechat/local'
import { call, DEMO, type Harness, harness, SECRET, smsCodeFor } from './helpers'
import { goodsId } from './shop-helpers'

type Unbound = { bound: false; bindTicket: string; expiresAt: number }
type Bound = { bound: true; token: string; userAccount: string; newUser: boolean }

let seq = 0
const newPhone = () => `1370000${String(1000 + seq++).slice(-4)}`
let codeSeq = 0
const newCode = (p = 'wxcode') => `${p}-${Date.now().toString(36)}-${codeSeq++}`

export function wechatSuite(label: string, open: () => Promise<Database>) {
  describe(`WeChat login and binding (${label})`, () => {
    let h: Harness
    const db = () => h.database.db

    beforeAll(async () => {
      h = await harness(await open())
    })
    afterAll(async () => h?.close())

    const openIdLogin = (code: string, tenant = 1001) =>
      call<Unbound | Bound>(h.app, 'POST /app/common/openIdLogin', {
        tenant,
        body: { code, deviceUuid: 'wx-device-0001' },
      })
    const gzhLogin = (code: string, tenant = 1001) =>
      call<Unbound | Bound>(h.app, 'POST /app/common/check/gzh_openId', { tenant, body: { code } })
    const bindLogin = async (
      bindTicket: string,
      telPhone: string,
      tenant = 1001,
      key = 'POST /app/common/bindLogin',
    ) => {
      // another code for the same phone within the 60 s gap: the earlier ones are made older
      await db()
        .update(smsCode)
        .set({ createdAt: new Date(Date.now() - 120_000) })
        .where(eq(smsCode.telPhone, telPhone))
      const code = await smsCodeFor(h, 'login', telPhone, tenant)
      return call<Bound>(h.app, key as 'POST /app/common/bindLogin', {
        tenant,
        body: { bindTicket, telPhone, code, deviceUuid: 'wx-device-0001' },
      })
    }
    const ticketOf = async (code: string, tenant = 1001) => {
      const r = await openIdLogin(code, tenant)
      expect(r.code, r.raw).toBe(200)
      expect(r.data.bound).toBe(false)
      return (r.data as Unbound).bindTicket
    }
    /** a learner bound to a mini-program code, with a token */
    const boundLearner = async (tenant = 1001) => {
      const code = newCode()
      const phone = newPhone()
      const r = await bindLogin(await ticketOf(code, tenant), phone, tenant)
      expect(r.code, r.raw).toBe(200)
      return { code, phone, token: r.data.token }
    }
    const bindingsOf = (telPhone: string, tenant = 1001) =>
      db()
        .select({ kind: userWechat.kind, openId: userWechat.openId, appId: userWechat.appId })
        .from(userWechat)
        .innerJoin(sysUser, eq(sysUser.id, userWechat.userId))
        .where(and(eq(sysUser.telPhone, telPhone), eq(sysUser.tenantId, tenant)))

    it('an unbound WeChat user gets a bind ticket; bindLogin creates the account, binds it, and the next tap logs straight in', async () => {
      const code = newCode()
      const first = await openIdLogin(code)
      expect(first.code, first.raw).toBe(200)
      expect(first.data).toMatchObject({ bound: false })
      const t = first.data as Unbound
      expect(t.expiresAt).toBeGreaterThan(Date.now() / 1000 + 500)
      expect(t.expiresAt).toBeLessThanOrEqual(Date.now() / 1000 + 601)

      const phone = newPhone()
      const r = await bindLogin(t.bindTicket, phone)
      expect(r.code, r.raw).toBe(200)
      expect(r.data.newUser).toBe(true)
      expect(r.data.userAccount).toBe(phone)
      // the SMS code is consumed
      const [sms] = await db()
        .select()
        .from(smsCode)
        .where(and(eq(smsCode.telPhone, phone), eq(smsCode.tenantId, 1001)))
      expect(sms!.usedAt).not.toBeNull()
      const rows = await bindingsOf(phone)
      expect(rows).toHaveLength(1)
      expect(rows[0]).toMatchObject({ kind: 'mini', appId: 'wx5a1e0c0ffee00001' })
      expect(rows[0]!.openId).toMatch(/^o[\w-]{27}$/)

      const info = await call(h.app, 'GET /app/user/getInfo', { token: r.data.token })
      expect(info.data.telPhone).toBe(phone)

      const again = await openIdLogin(code)
      expect(again.code).toBe(200)
      expect(again.data).toMatchObject({ bound: true, userAccount: phone, newUser: false })
      const me = await call(h.app, 'GET /app/user/getInfo', { token: (again.data as Bound).token })
      expect(me.data.telPhone).toBe(phone)
    })

    it('bindLogin with a known phone binds the existing account (no new account)', async () => {
      const before = await db().select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.tenantId, 1001))
      const code = newCode()
      const r = await bindLogin(await ticketOf(code), DEMO[1001].account)
      expect(r.code, r.raw).toBe(200)
      expect(r.data).toMatchObject({ newUser: false, userAccount: DEMO[1001].account })
      const after = await db().select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.tenantId, 1001))
      expect(after).toHaveLength(before.length)
      expect(await bindingsOf(DEMO[1001].account)).toHaveLength(1)
      const login = await openIdLogin(code)
      expect(login.data).toMatchObject({ bound: true, userAccount: DEMO[1001].account })
    })

    it('refuses a wrong SMS code and binds nothing', async () => {
      const t = await ticketOf(newCode())
      const phone = newPhone()
      const right = await smsCodeFor(h, 'login', phone)
      const r = await call(h.app, 'POST /app/common/bindLogin', {
        body: { bindTicket: t, telPhone: phone, code: right === '999999' ? '999998' : '999999' },
      })
      expect(r.code).toBe(400)
      expect(r.msg).toBe('code: sms code is wrong or expired')
      expect(await bindingsOf(phone)).toHaveLength(0)
      const [u] = await db()
        .select()
        .from(sysUser)
        .where(and(eq(sysUser.telPhone, phone), eq(sysUser.tenantId, 1001)))
      expect(u).toBeUndefined()
    })

    it('refuses forged, expired, another tenant’s and another kind’s tickets', async () => {
      const phone = newPhone()
      const t = await ticketOf(newCode())
      const [payload, mac] = t.split('.')
      const forgedPayload = Buffer.from(
        JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), o: 'oSomeoneElse' }),
      ).toString('base64url')
      const tickets = {
        forged: `${forgedPayload}.${mac}`,
        wrongKey: makeBindTicket('another-secret', {
          tenantId: 1001,
          kind: 'mini',
          appId: 'wx5a1e0c0ffee00001',
          openId: 'oX',
        }).ticket,
        expired: makeBindTicket(
          SECRET,
          { tenantId: 1001, kind: 'mini', appId: 'wx5a1e0c0ffee00001', openId: 'oExpired' },
          Date.now() - 11 * 60_000,
        ).ticket,
        otherTenant: await ticketOf(newCode(), 1002),
        gzh: ((await gzhLogin(newCode())).data as Unbound).bindTicket,
      }
      for (const [name, bindTicket] of Object.entries(tickets)) {
        // the ticket is checked before the SMS code
        const r = await call(h.app, 'POST /app/common/bindLogin', {
          body: { bindTicket, telPhone: phone, code: '123456' },
        })
        expect(r.code, name).toBe(400)
        expect(r.msg, name).toBe('bindTicket: the WeChat login has expired, start again')
      }
      expect(await bindingsOf(phone)).toHaveLength(0)
      // a gzh ticket is good on the gzh twin
      const ok = await bindLogin(tickets.gzh, phone, 1001, 'POST /app/common/wx/gzh_bind')
      expect(ok.code, ok.raw).toBe(200)
      expect((await bindingsOf(phone)).map((b) => b.kind)).toEqual(['gzh'])
    })

    it('refuses an openid bound to another account, and an account bound to another openid', async () => {
      const a = await boundLearner()
      const other = newPhone()
      // a's WeChat user again (the ticket of a bound openid can only come from an old tap): another phone
      const claims = await db()
        .select()
        .from(userWechat)
        .innerJoin(sysUser, eq(sysUser.id, userWechat.userId))
        .where(eq(sysUser.telPhone, a.phone))
      const stale = makeBindTicket(SECRET, {
        tenantId: 1001,
        kind: 'mini',
        appId: claims[0]!.user_wechat.appId,
        openId: claims[0]!.user_wechat.openId,
      }).ticket
      const r1 = await bindLogin(stale, other)
      expect(r1.code).toBe(400)
      expect(r1.msg).toBe('this WeChat account is already bound to another account')
      // no account was created for the refused phone
      expect(await db().select().from(sysUser).where(eq(sysUser.telPhone, other))).toHaveLength(0)
      // the same WeChat user with the same phone: idempotent, logs in
      const r2 = await bindLogin(stale, a.phone)
      expect(r2.code, r2.raw).toBe(200)
      // a second WeChat user for a's account
      const r3 = await bindLogin(await ticketOf(newCode()), a.phone)
      expect(r3.code).toBe(400)
      expect(r3.msg).toBe('this account is already bound to another WeChat account')
      expect(await bindingsOf(a.phone)).toHaveLength(1)
    })

    it('refuses an invalid code clearly, and a malformed one by field', async () => {
      const r = await openIdLogin('invalid-code-123')
      expect(r.code).toBe(400)
      expect(r.msg).toBe('code: the WeChat code is invalid or expired, try again')
      const used = await gzhLogin('used-code-123')
      expect(used.code).toBe(400)
      expect(used.msg).toBe('code: the WeChat code was already used, try again')
      const bad = await call(h.app, 'POST /app/common/openIdLogin', { body: { code: 'a b<c>' } })
      expect(bad.code).toBe(400)
      expect(bad.msg).toMatch(/^code: /)
      const none = await call(h.app, 'POST /app/common/bindLogin', { body: { telPhone: newPhone(), code: '123456' } })
      expect(none.code).toBe(400)
      expect(none.msg).toMatch(/^bindTicket: /)
    })

    it('checkBindOpenId answers whether the learner has a mini openid and whether a code is theirs', async () => {
      const a = await boundLearner()
      const r = await call(h.app, 'POST /app/user/checkBindOpenId', { token: a.token, body: {} })
      expect(r.data).toEqual({ bound: true, matches: null })
      const same = await call(h.app, 'POST /app/user/checkBindOpenId', { token: a.token, body: { code: a.code } })
      expect(same.data).toEqual({ bound: true, matches: true })
      const other = await call(h.app, 'POST /app/user/checkBindOpenId', { token: a.token, body: { code: newCode() } })
      expect(other.data).toEqual({ bound: true, matches: false })
      // a learner without WeChat (the gzh-only one from a fresh phone)
      const t = ((await gzhLogin(newCode())).data as Unbound).bindTicket
      const g = await bindLogin(t, newPhone(), 1001, 'POST /app/common/wx/gzh_bind')
      const none = await call(h.app, 'POST /app/user/checkBindOpenId', { token: g.data.token, body: {} })
      expect(none.data).toEqual({ bound: false, matches: null })
      const anon = await call(h.app, 'POST /app/user/checkBindOpenId', { body: {} })
      expect(anon.code).toBe(401)
    })

    it('gzh: checkBindGzh, gzh_bind for the logged-in learner, then check/gzh_openId logs in', async () => {
      const a = await boundLearner()
      expect((await call(h.app, 'GET /app/user/checkBindGzh', { token: a.token })).data).toEqual({ bound: false })
      const code = newCode('gzh')
      const b = await call(h.app, 'POST /app/user/gzh_bind', { token: a.token, body: { code } })
      expect(b.code, b.raw).toBe(200)
      expect(b.data.openId).toMatch(/^o/)
      expect((await call(h.app, 'GET /app/user/checkBindGzh', { token: a.token })).data).toEqual({ bound: true })
      // the same code again confirms; another WeChat user is refused
      expect((await call(h.app, 'POST /app/user/gzh_bind', { token: a.token, body: { code } })).code).toBe(200)
      const other = await call(h.app, 'POST /app/user/gzh_bind', { token: a.token, body: { code: newCode('gzh') } })
      expect(other.code).toBe(400)
      expect(other.msg).toBe('this account is already bound to another WeChat account')
      const login = await gzhLogin(code)
      expect(login.data).toMatchObject({ bound: true, userAccount: a.phone })
      // the gzh openid is not the mini program's: the same code on the mini program is another WeChat identity
      expect((await openIdLogin(code)).data).toMatchObject({ bound: false })
    })

    it('wx/getOpenid binds (or confirms) the learner’s mini openid; exam/getOpenid answers it publicly, binding nothing', async () => {
      const t = ((await gzhLogin(newCode())).data as Unbound).bindTicket
      const phone = newPhone()
      const g = await bindLogin(t, phone, 1001, 'POST /app/common/wx/gzh_bind')
      const code = newCode()
      const pub = await call(h.app, 'POST /app/common/wx/exam/getOpenid', { body: { code } })
      expect(pub.code, pub.raw).toBe(200)
      expect((await bindingsOf(phone)).map((b) => b.kind)).toEqual(['gzh'])
      const r = await call(h.app, 'POST /wx/getOpenid', { token: g.data.token, body: { code } })
      expect(r.code, r.raw).toBe(200)
      expect(r.data.openId).toBe(pub.data.openId)
      expect((await bindingsOf(phone)).map((b) => b.kind).sort()).toEqual(['gzh', 'mini'])
      expect((await call(h.app, 'POST /wx/getOpenid', { token: g.data.token, body: { code } })).data.openId).toBe(
        pub.data.openId,
      )
      // someone else's WeChat user
      const a = await boundLearner()
      const taken = await call(h.app, 'POST /wx/getOpenid', { token: a.token, body: { code } })
      expect(taken.code).toBe(400)
      expect(taken.msg).toBe('this WeChat account is already bound to another account')
      expect((await call(h.app, 'POST /wx/getOpenid', { body: { code } })).code).toBe(401)
      // then the mini program logs this learner straight in
      expect((await openIdLogin(code)).data).toMatchObject({ bound: true, userAccount: phone })
    })

    it('wx/config signs a page of the school’s host, ignores the #fragment and refuses another host', async () => {
      const url = 'https://a.xuexi-demo.com/pages4/login/login?x=1'
      const r = await call(h.app, 'GET /app/common/wx/config', { query: { url: `${url}#wechat_redirect` } })
      expect(r.code, r.raw).toBe(200)
      expect(r.data.appId).toBe('wx6b2fd0c0ffee0001')
      expect(r.data.nonceStr).toMatch(/^[A-Za-z0-9]{16}$/)
      expect(Math.abs(r.data.timestamp - Date.now() / 1000)).toBeLessThan(60)
      const ticket = await new LocalWechatProvider(SECRET).jsapiTicket({
        kind: 'gzh',
        appId: 'wx6b2fd0c0ffee0001',
        appSecret: '',
      })
      expect(r.data.signature).toBe(jssdkSignature(ticket, r.data.nonceStr, r.data.timestamp, url))
      // the other school's host, a made-up host, a non-http URL
      for (const bad of [
        'https://b.xuexi-demo.cn/pages4/login/login',
        'https://evil.example.com/',
        'https://a.xuexi-demo.com.evil.cn/',
      ]) {
        const x = await call(h.app, 'GET /app/common/wx/config', { query: { url: bad } })
        expect(x.code, bad).toBe(400)
        expect(x.msg).toBe("url: this page is not on one of the school's sites")
      }
      const js = await call(h.app, 'GET /app/common/wx/config', { query: { url: 'javascript:alert(1)' } })
      expect(js.code).toBe(400)
      expect(js.msg).toMatch(/^url: /)
      // without url: the app id only (the OAuth link's)
      const bare = await call(h.app, 'GET /app/common/wx/config', {})
      expect(bare.data).toEqual({ appId: 'wx6b2fd0c0ffee0001', timestamp: null, nonceStr: null, signature: null })
      // tenant B signs its own host with its own app
      const b = await call(h.app, 'GET /app/common/wx/config', {
        tenant: 1002,
        query: { url: 'https://b.xuexi-demo.cn/' },
      })
      expect(b.data.appId).toBe('wx6b2fd0c0ffee0002')
    })

    it('is scoped to the tenant: a binding of school A does not log in at school B', async () => {
      const a = await boundLearner(1001)
      const atB = await openIdLogin(a.code, 1002)
      expect(atB.data).toMatchObject({ bound: false })
      // and B's bind by the same phone makes a separate account of B
      const r = await bindLogin((atB.data as Unbound).bindTicket, a.phone, 1002)
      expect(r.code, r.raw).toBe(200)
      expect(r.data.newUser).toBe(true)
      expect(await bindingsOf(a.phone, 1002)).toHaveLength(1)
      expect(await bindingsOf(a.phone, 1001)).toHaveLength(1)
      // A's token is no token at B
      expect((await call(h.app, 'GET /app/user/checkBindGzh', { tenant: 1002, token: a.token })).code).toBe(401)
    })

    it('the WeChat payer of an order is the learner’s bound openid of its channel unless the body names one', async () => {
      const a = await boundLearner()
      const [u] = await db()
        .select({ id: sysUser.id })
        .from(sysUser)
        .where(and(eq(sysUser.telPhone, a.phone), eq(sysUser.tenantId, 1001)))
      const mine = (await call(h.app, 'POST /app/common/wx/exam/getOpenid', { body: { code: a.code } })).data.openId
      const ctx = { db: db(), scope: new TenantScope(1001) } as unknown as Ctx
      expect(await payerOpenId(ctx, u!.id, 'small', undefined)).toBe(mine)
      expect(await payerOpenId(ctx, u!.id, 'small', 'oGivenByTheBody')).toBe('oGivenByTheBody')
      // no official-account openid bound; another tenant's scope sees none
      expect(await payerOpenId(ctx, u!.id, 'gzh', undefined)).toBeUndefined()
      expect(
        await payerOpenId({ db: db(), scope: new TenantScope(1002) } as unknown as Ctx, u!.id, 'small', undefined),
      ).toBeUndefined()
      // an order placed without openId still gets its pay parameters (the local provider)
      const goods = await goodsId(h, 1001, '特种作业低压电工取证班')
      const placed = await call(h.app, 'POST /order/placeSmallOrder', {
        token: a.token,
        body: { goodsIds: [goods], idempotencyKey: `wx-${newCode()}` },
      })
      expect(placed.code, placed.raw).toBe(200)
      expect(placed.data.pay).not.toBeNull()
    })

    it('a school without an official account app refuses the gzh calls clearly; setWechatApp turns it on', async () => {
      await db()
        .delete(tenantWechatApp)
        .where(and(eq(tenantWechatApp.tenantId, 1002), eq(tenantWechatApp.kind, 'gzh')))
      const r = await gzhLogin(newCode(), 1002)
      expect(r.code).toBe(501)
      expect(r.msg).toBe('WeChat login is not set up for this school')
      const c = await call(h.app, 'GET /app/common/wx/config', {
        tenant: 1002,
        query: { url: 'https://b.xuexi-demo.cn/' },
      })
      expect(c.code).toBe(501)
      expect(await setWechatApp(db(), 1002, 'gzh', 'wx6b2fd0c0ffee0002')).toBe(true)
      expect(await setWechatApp(db(), 999_999, 'gzh', 'wx6b2fd0c0ffee0002')).toBe(false)
      expect((await gzhLogin(newCode(), 1002)).code).toBe(200)
    })
  })
}
