/**
 * Per-account back-off of password guessing (server/src/services/login-guard.ts), run against PGlite
 * (login-guard.test.ts) and PostgreSQL (login-guard.pg.test.ts): 10 wrong passwords in 15 minutes, from any
 * number of addresses, refuse password logins of that account (per tenant) until the window ends or the
 * learner logs in by SMS.
 */
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RouteKey } from '../../contract/routes'
import type { Database } from '../../server/src/db'
import { loginGuard, smsCode, sysUser } from '../../server/src/db/schema'
import { localize } from '../../server/src/http/refusals'
import { call, captchaFor, type Harness, harness, nextIp, type Reply, smsCodeFor } from './helpers'

const RIGHT = 'Passw0rd'
const WRONG = 'Wrong1234'
const LOCKED = /^密码错误次数过多，请\d{1,2}分钟后再试，或使用短信验证码登录$/
/** a wrong password: plain at first; from half the window's attempts on it counts those left (issue 25) */
const WRONG_MSG =
  /^account or password is wrong(, \d+ attempts left before a \d+-minute lock|, locked for \d+ minutes)?$/

export function loginGuardSuite(label: string, open: () => Promise<Database>) {
  describe(`per-account password back-off (${label})`, () => {
    let h: Harness
    /** one phone per test, registered in tenant 1001 (and P also in 1002) */
    const P = '13600000101'
    const Q = '13600000102'
    const tokens: Record<string, string> = {}
    const register = async (telPhone: string, tenant: 1001 | 1002 = 1001) => {
      const r = await call<{ token: string }>(h.app, 'POST /app/common/register_small', {
        tenant,
        body: { telPhone, code: await smsCodeFor(h, 'register', telPhone, tenant), password: RIGHT },
      })
      expect(r.code).toBe(200)
      tokens[`${tenant}:${telPhone}`] = r.data.token
    }
    beforeAll(async () => {
      h = await harness(await open())
      for (const phone of [P, Q, '13600000103', '13600000104', '13600000105', '13600000106']) await register(phone)
      await register(P, 1002)
    })
    afterAll(async () => {
      await h?.close()
    })

    /** One password login from its own address (so the per-IP limits have nothing to do with it). */
    const passwordLogin = async (
      account: string,
      password: string,
      { tenant = 1001, route = 'POST /app/common/account_login' as RouteKey } = {},
    ): Promise<Reply<{ token: string }>> => {
      const c = await captchaFor(h, tenant)
      const body =
        route === 'POST /app/common/telphone_login'
          ? { telPhone: account, password, code: c.code, uuid: c.uuid }
          : { account, password, code: c.code, uuid: c.uuid }
      return call(h.app, route, { tenant, body, ip: nextIp() })
    }
    const fail = async (account: string, times: number, tenant: 1001 | 1002 = 1001) => {
      for (let i = 0; i < times; i++) {
        const r = await passwordLogin(account, WRONG, { tenant })
        expect(r).toMatchObject({ status: 400, code: 400 })
        expect(r.msg).toMatch(WRONG_MSG)
      }
    }
    const expectLocked = (r: Reply) => {
      expect(r).toMatchObject({ status: 429, code: 429, data: null })
      expect(r.msg).toMatch(LOCKED)
    }
    const userId = async (telPhone: string, tenant = 1001) => {
      const [u] = await h.database.db
        .select({ id: sysUser.id })
        .from(sysUser)
        .where(and(eq(sysUser.tenantId, tenant), eq(sysUser.telPhone, telPhone)))
      return u!.id
    }
    /** The clock moves on: the account's window started `minutes` earlier than recorded. */
    const age = async (telPhone: string, minutes: number, tenant = 1001) => {
      await h.database.db
        .update(loginGuard)
        .set({ windowStart: sql`${loginGuard.windowStart} - make_interval(mins => ${minutes})` })
        .where(and(eq(loginGuard.tenantId, tenant), eq(loginGuard.subject, `u${await userId(telPhone, tenant)}`)))
    }

    /** A code for the phone now (its last code, sent at registration, is made older than the 60 s gap). */
    const smsNow = async (scene: 'login' | 'forget', telPhone: string) => {
      await h.database.db
        .update(smsCode)
        .set({ createdAt: sql`${smsCode.createdAt} - make_interval(mins => 2)` })
        .where(eq(smsCode.telPhone, telPhone))
      return smsCodeFor(h, scene, telPhone)
    }

    it('10 wrong passwords from 10 addresses lock the account: the right one is refused on every password route', async () => {
      await fail(P, 10)
      expectLocked(await passwordLogin(P, RIGHT))
      expectLocked(await passwordLogin(P, RIGHT, { route: 'POST /login' }))
      expectLocked(await passwordLogin(P, RIGHT, { route: 'POST /app/common/telphone_login' }))
      // the old password of a password change counts against the same account
      const change = await call(h.app, 'POST /app/user/updatePwd', {
        token: tokens[`1001:${P}`],
        body: { oldPassword: RIGHT, newPassword: 'Better123' },
      })
      expect(change).toMatchObject({ status: 429, code: 429 })
      expect(change.msg).toMatch(/^密码错误次数过多，请1[45]分钟后再试，或退出后通过短信验证码重设密码$/)
    })

    it('from the fifth wrong password the refusal says how many are left before the lock, for any name (issue 25)', async () => {
      for (const who of ['13600000106', '13600000998']) {
        const msgs: string[] = []
        for (let i = 0; i < 10; i++) {
          const r = await passwordLogin(who, WRONG)
          expect(r).toMatchObject({ status: 400, code: 400 })
          msgs.push(r.msg)
        }
        expect(msgs.slice(0, 4)).toEqual(Array(4).fill('account or password is wrong'))
        expect(msgs[4]).toMatch(/^account or password is wrong, 5 attempts left before a 1[45]-minute lock$/)
        expect(msgs[8]).toMatch(/^account or password is wrong, 1 attempts left before a 1[45]-minute lock$/)
        expect(msgs[9]).toMatch(/^account or password is wrong, locked for 1[45] minutes$/)
        // what the learner reads (the app asks in its language)
        expect(localize(msgs[4]!, 'zh-CN')).toMatch(/^账号或密码错误，再输错5次将锁定1[45]分钟$/)
        expect(localize(msgs[9]!, 'zh-CN')).toMatch(/^账号或密码错误，密码登录已锁定1[45]分钟，可使用短信验证码登录$/)
        expectLocked(await passwordLogin(who, RIGHT))
      }
    })

    it('another account and the same phone in another tenant are not affected', async () => {
      expect((await passwordLogin(Q, RIGHT)).code).toBe(200)
      expect((await passwordLogin(P, WRONG, { tenant: 1002 })).code).toBe(400)
      expect((await passwordLogin(P, RIGHT, { tenant: 1002 })).code).toBe(200)
      expectLocked(await passwordLogin(P, RIGHT))
    })

    it('unlocks when the 15-minute window has passed', async () => {
      await age(P, 14)
      const soon = await passwordLogin(P, RIGHT)
      expectLocked(soon)
      expect(soon.msg).toContain('请1分钟后再试')
      await age(P, 2)
      const r = await passwordLogin(P, RIGHT)
      expect(r.code).toBe(200)
      // the right password cleared the count
      const rows = await h.database.db
        .select()
        .from(loginGuard)
        .where(and(eq(loginGuard.tenantId, 1001), eq(loginGuard.subject, `u${await userId(P)}`)))
      expect(rows).toEqual([])
    })

    it('an SMS login still works on a locked account and clears the count', async () => {
      await fail(P, 10)
      expectLocked(await passwordLogin(P, RIGHT))
      const sms = await call(h.app, 'POST /app/common/sms_login', {
        body: { telPhone: P, code: await smsNow('login', P) },
        ip: nextIp(),
      })
      expect(sms).toMatchObject({ code: 200, data: { newUser: false } })
      expect((await passwordLogin(P, RIGHT)).code).toBe(200)
    })

    it('a password reset by SMS clears the count', async () => {
      const phone = '13600000105'
      await fail(phone, 10)
      expectLocked(await passwordLogin(phone, RIGHT))
      const reset = await call(h.app, 'POST /app/common/register_forget', {
        body: { telPhone: phone, code: await smsNow('forget', phone), password: 'Renewed123' },
        ip: nextIp(),
      })
      expect(reset.code).toBe(200)
      expect((await passwordLogin(phone, 'Renewed123')).code).toBe(200)
    })

    it('a right password resets the count', async () => {
      await fail(Q, 9)
      expect((await passwordLogin(Q, RIGHT)).code).toBe(200)
      await fail(Q, 9)
      expect((await passwordLogin(Q, RIGHT, { route: 'POST /app/common/telphone_login' })).code).toBe(200)
    })

    it('parallel guesses cannot get past the limit', async () => {
      const phone = '13600000103'
      const captchas = await Promise.all(Array.from({ length: 16 }, () => captchaFor(h)))
      const replies = await Promise.all(
        captchas.map((c) =>
          call(h.app, 'POST /app/common/account_login', {
            body: { account: phone, password: WRONG, code: c.code, uuid: c.uuid },
            ip: nextIp(),
          }),
        ),
      )
      expect(replies.filter((r) => r.code === 400)).toHaveLength(10)
      expect(replies.filter((r) => r.code === 429)).toHaveLength(6)
      expectLocked(await passwordLogin(phone, RIGHT))
    })

    it('account names that do not exist are counted and refused the same way', async () => {
      const nobody = '13600000999'
      await fail(nobody, 10)
      const unknown = await passwordLogin(nobody, RIGHT)
      expectLocked(unknown)
      const known = '13600000104'
      await fail(known, 10)
      const locked = await passwordLogin(known, RIGHT)
      expectLocked(locked)
      expect(unknown.msg).toBe(locked.msg)
    })
  })
}
