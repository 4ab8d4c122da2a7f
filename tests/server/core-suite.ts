/**
 * The core behaviour suite, run against PGlite (core.pglite.test.ts) and PostgreSQL (core.pg.test.ts).
 */
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Database } from '../../server/src/db'
import { consultation, smsCode, usedSign, userLock, userToken } from '../../server/src/db/schema'
import { makeSign, readSign, SIGN_TTL_SECONDS, sweepUsedSigns } from '../../server/src/services/sign'
import { call, captchaFor, DEMO, type Harness, harness, login, nextIp, SECRET, smsCodeFor } from './helpers'

export function coreSuite(label: string, open: () => Promise<Database>) {
  describe(`server core (${label})`, () => {
    let h: Harness
    beforeAll(async () => {
      h = await harness(await open())
    })
    afterAll(async () => {
      await h?.close()
    })

    describe('tenants and public reads', () => {
      it('finds the tenant by host; unknown host is 404', async () => {
        const a = await call(h.app, 'GET /app/common/findTenantId', {
          tenant: null,
          query: { hostH5: 'a.xuexi-demo.com' },
        })
        expect(a).toMatchObject({ status: 200, code: 200, data: '1001' })
        const b = await call(h.app, 'GET /app/common/findTenantId', {
          tenant: null,
          query: { hostH5: 'B.xuexi-demo.cn' },
        })
        expect(b.data).toBe('1002')
        const x = await call(h.app, 'GET /app/common/findTenantId', {
          tenant: null,
          query: { hostH5: 'nope.example.com' },
        })
        expect(x).toMatchObject({ status: 404, code: 404, msg: 'unknown host', data: null })
        const missing = await call(h.app, 'GET /app/common/findTenantId', { tenant: null })
        expect(missing.code).toBe(400)
        expect(missing.msg).toMatch(/^hostH5: /)
      })

      it('requires a known tenant-id on tenant routes', async () => {
        expect((await call(h.app, 'GET /app/common/base/home/list', { tenant: null })).code).toBe(400)
        expect((await call(h.app, 'GET /app/common/base/home/list', { tenant: 'abc' })).code).toBe(400)
        const unknown = await call(h.app, 'GET /app/common/base/home/list', { tenant: 4242 })
        expect(unknown).toMatchObject({ status: 404, code: 404 })
      })

      it('scopes config, dictionary, adverts, home and articles per tenant', async () => {
        const cfgA = await call<{ configKey: string; configValue: string }[]>(h.app, 'GET /app/common/config', {
          tenant: 1001,
        })
        const cfgB = await call<{ configKey: string; configValue: string }[]>(h.app, 'GET /app/common/config', {
          tenant: 1002,
        })
        const consult = (rows: { configKey: string; configValue: string }[]) =>
          JSON.parse(rows.find((r) => r.configKey === 'consult.mobile')!.configValue)
        expect(consult(cfgA.data).serviceHotlineStatus).toBe(1)
        expect(consult(cfgB.data).serviceHotlineStatus).toBe(0)
        const one = await call<{ configKey: string; configValue: string }[]>(h.app, 'GET /app/common/config', {
          tenant: 1002,
          query: { configKey: 'home.header' },
        })
        expect(one.data).toHaveLength(1)
        expect(JSON.parse(one.data[0]!.configValue).companyName).toBe('博学继续教育学院')

        const edu = await call<{ dictLabel: string }[]>(h.app, 'GET /app/common/system/dict/data/list', {
          query: { dictType: 'edu_level' },
        })
        expect(edu.data.map((d) => d.dictLabel)).toEqual(['初中', '高中', '中专', '大专', '本科', '硕士', '博士'])

        const time = await call<number>(h.app, 'GET /app/common/system/dict/data/sys/time')
        expect(Math.abs(time.data - Date.now() / 1000)).toBeLessThan(5)

        const bannersA = await call<{ image: string; location: string }[]>(
          h.app,
          'GET /app/common/base/advertising/homeLocation',
        )
        expect(bannersA.data).toHaveLength(3)
        expect(
          bannersA.data.every((b) => b.location === 'home' && b.image.startsWith('/static-assets/banner-1001-')),
        ).toBe(true)
        const img = await h.app.inject({ url: bannersA.data[0]!.image })
        expect(img.statusCode).toBe(200)
        expect(img.headers['content-type']).toBe('image/jpeg') // rendered poster (tests/server/seed-media.test.ts)
        const learn = await call<unknown[]>(h.app, 'GET /app/common/base/advertising/adLocation', {
          query: { location: 'learn' },
        })
        expect(learn.data).toHaveLength(1)
        const adPage = await call<{ rows: unknown[]; total: number }>(h.app, 'GET /app/common/base/advertising/list', {
          query: { pageNum: 1, pageSize: 2 },
        })
        // three home banners, the learning tab's advert and four 精品推荐 goods (server/src/seed/recommend.ts)
        expect(adPage.data.total).toBe(8)
        expect(adPage.data.rows).toHaveLength(2)

        const home = await call<{ name: string; icon: string; linkUrl: string }[]>(
          h.app,
          'GET /app/common/base/home/list',
        )
        expect(home.data.length).toBeGreaterThanOrEqual(6)
        expect(home.data.every((i) => i.icon.startsWith('/static-assets/'))).toBe(true)

        const listA = await call<{ rows: { id: number; title: string; publishTime: number }[]; total: number }>(
          h.app,
          'GET /app/consultation/list',
          { tenant: 1001, query: { pageSize: 100 } },
        )
        const listB = await call<{ rows: { id: number; title: string }[]; total: number }>(
          h.app,
          'GET /app/consultation/list',
          {
            tenant: 1002,
            query: { pageSize: 100 },
          },
        )
        expect(listA.data.total).toBeGreaterThanOrEqual(8)
        expect(listB.data.total).toBeGreaterThanOrEqual(8)
        const idsA = new Set(listA.data.rows.map((r) => r.id))
        expect(listB.data.rows.some((r) => idsA.has(r.id))).toBe(false)
        const times = listA.data.rows.map((r) => r.publishTime)
        expect([...times].sort((x, y) => y - x)).toEqual(times)
        // B cannot read A's article by id
        const cross = await call(h.app, 'GET /app/consultation/details/:id', {
          tenant: 1002,
          params: { id: listA.data.rows[0]!.id },
        })
        expect(cross.code).toBe(404)
        const paged = await call<{ rows: unknown[]; total: number }>(h.app, 'GET /app/consultation/list', {
          tenant: 1001,
          query: { pageNum: 2, pageSize: 5 },
        })
        expect(paged.data.rows).toHaveLength(listA.data.total - 5)
        expect((await call(h.app, 'GET /app/consultation/list', { query: { pageSize: 101 } })).msg).toMatch(
          /^pageSize: /,
        )
      })

      it('article details count views and return sanitised HTML', async () => {
        const [row] = await h.database.db
          .insert(consultation)
          .values({
            tenantId: 1001,
            title: 'xss',
            content:
              '<p onclick="alert(1)">hi<script>alert(2)</script></p><a href="javascript:alert(3)">x</a><img src="x" onerror="alert(4)"><iframe src="https://e.com"></iframe><strong>ok</strong>',
            publishTime: new Date(Date.now() - 1000),
          })
          .returning({ id: consultation.id })
        const d1 = await call<{ content: string; views: number }>(h.app, 'GET /app/consultation/details/:id', {
          params: { id: row!.id },
        })
        expect(d1.code).toBe(200)
        expect(d1.data.content).not.toMatch(/script|onclick|onerror|javascript:|iframe/i)
        expect(d1.data.content).toContain('<strong>ok</strong>')
        const d2 = await call<{ views: number }>(h.app, 'GET /app/consultation/details/:id', {
          params: { id: row!.id },
        })
        expect(d2.data.views).toBe(d1.data.views + 1)
        expect((await call(h.app, 'GET /app/consultation/details/:id', { params: { id: 999999 } })).code).toBe(404)
        expect((await call(h.app, 'GET /app/consultation/details/:id', { params: { id: 'abc' } })).msg).toMatch(/^id: /)
      })
    })

    describe('captcha and account login', () => {
      it('returns an svg data URL', async () => {
        const r = await call<{ img: string; uuid: string }>(h.app, 'GET /captchaImage')
        expect(r.data.img.startsWith('data:image/svg+xml;base64,')).toBe(true)
        expect(r.data.uuid).toMatch(/[0-9a-f-]{36}/)
      })

      it('logs in with account and captcha (case-insensitive), /login too', async () => {
        const c = await captchaFor(h)
        const r = await call<{ token: string; userAccount: string; newUser: boolean }>(
          h.app,
          'POST /app/common/account_login',
          {
            body: { ...DEMO[1001], code: c.code.toUpperCase(), uuid: c.uuid },
          },
        )
        expect(r.code).toBe(200)
        expect(r.data).toMatchObject({ userAccount: '13800000001', newUser: false })
        const c2 = await captchaFor(h, 1002)
        const r2 = await call(h.app, 'POST /login', {
          tenant: 1002,
          body: { ...DEMO[1002], code: c2.code, uuid: c2.uuid },
        })
        expect(r2.code).toBe(200)
        // an account of B does not exist in A
        const c3 = await captchaFor(h, 1001)
        const r3 = await call(h.app, 'POST /login', {
          tenant: 1001,
          body: { ...DEMO[1002], code: c3.code, uuid: c3.uuid },
        })
        expect(r3.code).toBe(400)
      })

      it('refuses a wrong captcha, a reused captcha and a wrong password (captcha consumed)', async () => {
        const c = await captchaFor(h)
        const wrong = await call(h.app, 'POST /app/common/account_login', {
          body: { ...DEMO[1001], code: 'zzzz', uuid: c.uuid },
        })
        expect(wrong).toMatchObject({ status: 400, code: 400 })
        expect(wrong.msg).toMatch(/captcha/)
        // consumed by the failed attempt
        const reuse = await call(h.app, 'POST /app/common/account_login', {
          body: { ...DEMO[1001], code: c.code, uuid: c.uuid },
        })
        expect(reuse.code).toBe(400)

        const c2 = await captchaFor(h)
        const badPw = await call(h.app, 'POST /app/common/account_login', {
          body: { account: DEMO[1001].account, password: 'Wrong1234', code: c2.code, uuid: c2.uuid },
        })
        expect(badPw).toMatchObject({ code: 400, msg: 'account or password is wrong' })
        const again = await call(h.app, 'POST /app/common/account_login', {
          body: { ...DEMO[1001], code: c2.code, uuid: c2.uuid },
        })
        expect(again.code).toBe(400)
        // a captcha of tenant A is unknown in tenant B
        const c3 = await captchaFor(h, 1001)
        const cross = await call(h.app, 'POST /login', {
          tenant: 1002,
          body: { ...DEMO[1002], code: c3.code, uuid: c3.uuid },
        })
        expect(cross.code).toBe(400)
      })

      it('telphone_login works with phone + password + captcha', async () => {
        const c = await captchaFor(h)
        const r = await call(h.app, 'POST /app/common/telphone_login', {
          body: { telPhone: DEMO[1001].account, password: DEMO[1001].password, code: c.code, uuid: c.uuid },
        })
        expect(r.code).toBe(200)
      })

      it('names the field in validation errors', async () => {
        const r = await call(h.app, 'POST /app/common/sms/login', { body: { telPhone: '12345' } })
        expect(r).toMatchObject({ status: 400, code: 400, msg: 'telPhone: telPhone must be an 11-digit mobile number' })
      })
    })

    describe('sms, registration, password reset', () => {
      it('limits one code per phone per 60 s and refuses registered phones for register', async () => {
        const ip = nextIp()
        const first = await call(h.app, 'POST /app/common/sms/login', { body: { telPhone: '13711110001' }, ip })
        expect(first.code).toBe(200)
        expect(h.sms.last('13711110001')).toMatch(/^\d{6}$/)
        const second = await call(h.app, 'POST /app/common/sms/login', { body: { telPhone: '13711110001' }, ip })
        expect(second).toMatchObject({ status: 429, code: 429 })
        const taken = await call(h.app, 'POST /app/common/sms/register', { body: { telPhone: DEMO[1001].account } })
        expect(taken.code).toBe(400)
        const unknownForget = await call(h.app, 'POST /app/common/sms/forget', { body: { telPhone: '13711110002' } })
        expect(unknownForget.code).toBe(400)
      })

      it('limits codes per IP per hour', async () => {
        const h2 = await harness(await open(), { smsPerIpPerHour: 2 })
        try {
          const ip = '10.9.9.9'
          for (const p of ['13711112001', '13711112002']) {
            expect((await call(h2.app, 'POST /app/common/sms/login', { body: { telPhone: p }, ip })).code).toBe(200)
          }
          expect(
            (await call(h2.app, 'POST /app/common/sms/login', { body: { telPhone: '13711112003' }, ip })).code,
          ).toBe(429)
        } finally {
          await h2.close()
        }
      })

      it('registers, then logs in with the new password; code is single use', async () => {
        const telPhone = '13722220001'
        const code = await smsCodeFor(h, 'register', telPhone)
        const bad = await call(h.app, 'POST /app/common/register_small', {
          body: { telPhone, code: code === '000000' ? '111111' : '000000', password: 'Passw0rd' },
        })
        expect(bad.code).toBe(400)
        const weak = await call(h.app, 'POST /app/common/register_small', {
          body: { telPhone, code, password: 'short' },
        })
        expect(weak.msg).toMatch(/^password: /)
        const reg = await call<{ token: string; newUser: boolean }>(h.app, 'POST /app/common/register_small', {
          body: { telPhone, code, password: 'Passw0rd', inviteCode: 'INV1' },
        })
        expect(reg).toMatchObject({ code: 200, data: { newUser: true, userAccount: telPhone } })
        const again = await call(h.app, 'POST /app/common/register_small', {
          body: { telPhone, code, password: 'Passw0rd' },
        })
        expect(again.code).toBe(400)
        const c = await captchaFor(h)
        const li = await call(h.app, 'POST /app/common/account_login', {
          body: { account: telPhone, password: 'Passw0rd', code: c.code, uuid: c.uuid },
        })
        expect(li.code).toBe(200)
        const attached = await call<{ informSum: number }>(h.app, 'GET /app/user/infoAttached', {
          token: reg.data.token,
        })
        expect(attached.data).toEqual({ informSum: 1, orderSum: 0, periodSum: 0, planSum: 0, subscribeSum: 0 })
        // the same phone is free in tenant B
        const codeB = await smsCodeFor(h, 'register', telPhone, 1002)
        const regB = await call(h.app, 'POST /app/common/register_small', {
          tenant: 1002,
          body: { telPhone, code: codeB, password: 'Passw0rd' },
        })
        expect(regB.code).toBe(200)
      })

      it('sms_login creates an unknown phone, then finds it', async () => {
        const telPhone = '13733330001'
        const r1 = await call<{ newUser: boolean }>(h.app, 'POST /app/common/sms_login', {
          body: { telPhone, code: await smsCodeFor(h, 'login', telPhone) },
        })
        expect(r1).toMatchObject({ code: 200, data: { newUser: true } })
        // next send must wait 60 s: age the previous code
        await ageSms(h, telPhone)
        const r2 = await call<{ newUser: boolean }>(h.app, 'POST /app/common/sms_login', {
          body: { telPhone, code: await smsCodeFor(h, 'login', telPhone) },
        })
        expect(r2).toMatchObject({ code: 200, data: { newUser: false } })
      })

      it('resets a forgotten password and revokes sessions', async () => {
        const telPhone = '13744440001'
        const reg = await call<{ token: string }>(h.app, 'POST /app/common/register_small', {
          body: { telPhone, code: await smsCodeFor(h, 'register', telPhone), password: 'Passw0rd' },
        })
        await ageSms(h, telPhone)
        const code = await smsCodeFor(h, 'forget', telPhone)
        const r = await call(h.app, 'POST /app/common/register_forget', {
          body: { telPhone, code, password: 'NewPassw0rd' },
        })
        expect(r.code).toBe(200)
        expect((await call(h.app, 'GET /app/user/getInfo', { token: reg.data.token })).code).toBe(401)
        const c = await captchaFor(h)
        const li = await call(h.app, 'POST /app/common/account_login', {
          body: { account: telPhone, password: 'NewPassw0rd', code: c.code, uuid: c.uuid },
        })
        expect(li.code).toBe(200)
      })
    })

    describe('session tokens', () => {
      it('refresh rotates the token; needs the current token and the matching account', async () => {
        const token = await login(h)
        const noToken = await call(h.app, 'GET /refreshToken/:account', { params: { account: DEMO[1001].account } })
        expect(noToken.code).toBe(401)
        const otherAccount = await call(h.app, 'GET /refreshToken/:account', {
          token,
          params: { account: '13711110009' },
        })
        expect(otherAccount.code).toBe(401)
        const r = await call<{ token: string }>(h.app, 'GET /refreshToken/:account', {
          token,
          params: { account: DEMO[1001].account },
        })
        expect(r.code).toBe(200)
        expect(r.data.token).not.toBe(token)
        expect((await call(h.app, 'GET /app/user/getInfo', { token })).code).toBe(401)
        expect((await call(h.app, 'GET /app/user/getInfo', { token: r.data.token })).code).toBe(200)
        // an expired token can still be refreshed: the clock moves past its expiry (the session the server keeps in
        // memory expires with it), and not past the refresh window
        vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 7200 * 1000 + 60_000 })
        let r2: Awaited<ReturnType<typeof call<{ token: string }>>>
        try {
          expect((await call(h.app, 'GET /app/user/getInfo', { token: r.data.token })).code).toBe(401)
          r2 = await call<{ token: string }>(h.app, 'GET /refreshToken/:account', {
            token: r.data.token,
            params: { account: DEMO[1001].account },
          })
          expect(r2.code).toBe(200)
        } finally {
          vi.useRealTimers()
        }
        // a token of A presented to B
        const cross = await call(h.app, 'GET /refreshToken/:account', {
          tenant: 1002,
          token: r2.data.token,
          params: { account: DEMO[1001].account },
        })
        expect(cross.code).toBe(401)
      })

      it('exchanges a skip-login sign (dual_auth) of this tenant only', async () => {
        const info = await call<{ userId: number }>(h.app, 'GET /app/user/getInfo', { token: await login(h) })
        const sign = makeSign(SECRET, 1001, info.data.userId)
        const r = await call<{ token: string; userAccount: string }>(h.app, 'GET /app/common/dual_auth', {
          query: { sign },
        })
        expect(r).toMatchObject({ code: 200, data: { userAccount: DEMO[1001].account } })
        expect((await call(h.app, 'GET /app/common/dual_auth', { tenant: 1002, query: { sign } })).code).toBe(401)
        const forged = `${sign.split('.')[0]}.AAAA${sign.split('.')[1]!.slice(4)}`
        expect((await call(h.app, 'GET /app/common/dual_auth', { query: { sign: forged } })).code).toBe(401)
        const old = makeSign(SECRET, 1001, info.data.userId, Date.now() - 10 * 60 * 1000)
        expect((await call(h.app, 'GET /app/common/dual_auth', { query: { sign: old } })).code).toBe(401)
      })

      it('logs in once per sign: a second exchange is refused, even within its 5 minutes (issue 24)', async () => {
        const info = await call<{ userId: number }>(h.app, 'GET /app/user/getInfo', { token: await login(h) })
        const userId = info.data.userId
        const tokensOf = async () =>
          (await h.database.db.select().from(userToken).where(eq(userToken.userId, userId))).length
        const sign = makeSign(SECRET, 1001, userId)
        const first = await call(h.app, 'GET /app/common/dual_auth', { query: { sign } })
        expect(first.code, first.msg).toBe(200)
        const tokens = await tokensOf()
        const second = await call(h.app, 'GET /app/common/dual_auth', { query: { sign } })
        expect(second).toMatchObject({ status: 401, code: 401, msg: 'sign already used' })
        // another spelling of the same MAC (base64url decodes the padding away) is the same sign
        const padded = await call(h.app, 'GET /app/common/dual_auth', { query: { sign: `${sign}=` } })
        expect(padded.code).toBe(401)
        expect(await tokensOf()).toBe(tokens)
        // two signs made in the same millisecond are two signs: each logs in once
        const now = Date.now()
        const [s1, s2] = [makeSign(SECRET, 1001, userId, now), makeSign(SECRET, 1001, userId, now)]
        expect(s1).not.toBe(s2)
        expect((await call(h.app, 'GET /app/common/dual_auth', { query: { sign: s1 } })).code).toBe(200)
        expect((await call(h.app, 'GET /app/common/dual_auth', { query: { sign: s2 } })).code).toBe(200)
        expect((await call(h.app, 'GET /app/common/dual_auth', { query: { sign: s2 } })).code).toBe(401)
        // its row: the tenant, the digest of the signed payload, the sign's own expiry
        const digest = readSign(SECRET, sign)!.digest
        const rows = await h.database.db
          .select()
          .from(usedSign)
          .where(and(eq(usedSign.tenantId, 1001), eq(usedSign.digest, digest)))
        expect(rows).toHaveLength(1)
        expect(rows[0]!.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + SIGN_TTL_SECONDS * 1000)
      })

      it('gives exactly one login to redemptions of one sign at the same time', async () => {
        const info = await call<{ userId: number }>(h.app, 'GET /app/user/getInfo', { token: await login(h) })
        for (let round = 0; round < 3; round++) {
          const sign = makeSign(SECRET, 1001, info.data.userId)
          const replies = await Promise.all(
            Array.from({ length: 6 }, (_, i) =>
              call<{ token: string }>(h.app, 'GET /app/common/dual_auth', {
                query: { sign, deviceUuid: `device-race-${round}-${i}` },
                ip: nextIp(),
              }),
            ),
          )
          const ok = replies.filter((r) => r.code === 200)
          expect(ok, replies.map((r) => `${r.code} ${r.msg}`).join(', ')).toHaveLength(1)
          expect(replies.filter((r) => r.code === 401 && r.msg === 'sign already used')).toHaveLength(5)
          // the one token works
          expect((await call(h.app, 'GET /app/user/getInfo', { token: ok[0]!.data.token })).code).toBe(200)
        }
      })

      it('sweeps the rows of used signs once the signs have expired', async () => {
        const info = await call<{ userId: number }>(h.app, 'GET /app/user/getInfo', { token: await login(h) })
        const sign = makeSign(SECRET, 1001, info.data.userId)
        expect((await call(h.app, 'GET /app/common/dual_auth', { query: { sign } })).code).toBe(200)
        const { digest } = readSign(SECRET, sign)!
        const left = () => h.database.db.select().from(usedSign).where(eq(usedSign.digest, digest))
        await sweepUsedSigns(h.database.db)
        expect(await left()).toHaveLength(1) // not expired yet: kept
        expect(
          await sweepUsedSigns(h.database.db, new Date(Date.now() + (SIGN_TTL_SECONDS + 1) * 1000)),
        ).toBeGreaterThan(0)
        expect(await left()).toHaveLength(0)
      })
    })

    describe('user', () => {
      it('getInfo masks the id card; edit, share code, updatePwd, bindNewTel', async () => {
        const telPhone = '13755550001'
        const reg = await call<{ token: string }>(h.app, 'POST /app/common/register_small', {
          body: {
            telPhone,
            code: await smsCodeFor(h, 'register', telPhone),
            password: 'Passw0rd',
            deviceUuid: 'dev-one-0001',
          },
        })
        const token = reg.data.token
        const demo = await call<{ idCard: string; realName: string }>(h.app, 'GET /app/user/getInfo', {
          token: await login(h),
        })
        expect(demo.data.idCard).toBe('1101**********1233')
        expect(demo.data.realName).toBe('张明')

        const edit = await call(h.app, 'POST /app/user/edit', {
          token,
          body: { nickName: '新昵称', realName: '王五', sex: '1', birthday: '1995-01-02', eduLevel: '本科' },
        })
        expect(edit.code).toBe(200)
        expect((await call(h.app, 'POST /app/user/edit', { token, body: {} })).code).toBe(400)
        expect((await call(h.app, 'POST /app/user/edit', { token, body: { birthday: '1995/01/02' } })).msg).toMatch(
          /^birthday: /,
        )
        await call(h.app, 'POST /app/user/edit/shareActivityCode', { token, body: { shareActivityCode: 'SAC2025' } })
        const info = await call<Record<string, unknown>>(h.app, 'GET /app/user/getInfo', { token })
        expect(info.data).toMatchObject({
          nickName: '新昵称',
          realName: '王五',
          sex: '1',
          shareActivityCode: 'SAC2025',
        })

        // a second session of the same user, revoked by updatePwd
        const c = await captchaFor(h)
        const other = await call<{ token: string }>(h.app, 'POST /app/common/account_login', {
          body: { account: telPhone, password: 'Passw0rd', code: c.code, uuid: c.uuid },
        })
        const wrongOld = await call(h.app, 'POST /app/user/updatePwd', {
          token,
          body: { oldPassword: 'Nope12345', newPassword: 'Better123' },
        })
        expect(wrongOld.code).toBe(400)
        const up = await call(h.app, 'POST /app/user/updatePwd', {
          token,
          body: { oldPassword: 'Passw0rd', newPassword: 'Better123' },
        })
        expect(up.code).toBe(200)
        expect((await call(h.app, 'GET /app/user/getInfo', { token: other.data.token })).code).toBe(401)
        expect((await call(h.app, 'GET /app/user/getInfo', { token })).code).toBe(200)

        // bind a new phone: must be free, code sent to the NEW phone
        const taken = await call(h.app, 'POST /app/common/sms/bindNew', { body: { telPhone: DEMO[1001].account } })
        expect(taken.code).toBe(400)
        const newPhone = '13755550002'
        const code = await smsCodeFor(h, 'bindNew', newPhone)
        const bind = await call(h.app, 'POST /app/user/bindNewTel', { token, body: { telPhone: newPhone, code } })
        expect(bind.code).toBe(200)
        expect((await call<{ telPhone: string }>(h.app, 'GET /app/user/getInfo', { token })).data.telPhone).toBe(
          newPhone,
        )
      })
    })

    describe('single-session lock', () => {
      it('A locks, B sees 200, B takes over, A answers 409', async () => {
        const telPhone = '13766660001'
        await call(h.app, 'POST /app/common/register_small', {
          body: { telPhone, code: await smsCodeFor(h, 'register', telPhone), password: 'Passw0rd' },
        })
        const loginOn = async (deviceUuid: string) => {
          const c = await captchaFor(h)
          return (
            await call<{ token: string }>(h.app, 'POST /app/common/account_login', {
              body: { account: telPhone, password: 'Passw0rd', code: c.code, uuid: c.uuid, deviceUuid },
            })
          ).data.token
        }
        const a = await loginOn('device-A-0001')
        const freeA = await call(h.app, 'POST /lock/lockStatus', { token: a, body: { uuid: 'device-A-0001' } })
        expect(freeA).toMatchObject({ status: 200, code: 500 })
        expect((await call(h.app, 'POST /lock/lockAction', { token: a, body: { uuid: 'device-A-0001' } })).code).toBe(
          200,
        )

        const b = await loginOn('device-B-0001')
        const busy = await call(h.app, 'POST /lock/lockStatus', {
          token: b,
          body: { uuid: 'device-B-0001', action: 'jxjy' },
        })
        expect(busy).toMatchObject({ status: 200, code: 200 })
        expect((await call(h.app, 'POST /app/user/offline', { token: b, body: { uuid: 'device-B-0001' } })).code).toBe(
          200,
        )

        const kicked = await call(h.app, 'GET /app/user/getInfo', { token: a })
        expect(kicked).toMatchObject({ status: 409, code: 409 })
        expect((await call(h.app, 'GET /app/user/getInfo', { token: b })).code).toBe(200)
        const lockRows = await h.database.db.select().from(userLock).where(eq(userLock.uuid, 'device-B-0001'))
        expect(lockRows).toHaveLength(1)
        // B is alone now; delLock frees it
        expect((await call(h.app, 'POST /lock/lockStatus', { token: b, body: { uuid: 'device-B-0001' } })).code).toBe(
          500,
        )
        expect((await call(h.app, 'POST /lock/delLock', { token: b, body: { uuid: 'device-B-0001' } })).code).toBe(200)
        expect(await h.database.db.select().from(userLock).where(eq(userLock.uuid, 'device-B-0001'))).toHaveLength(0)
      })
    })
  })
}

/** Moves the phone's codes 61 s into the past so that the next send is allowed. */
async function ageSms(h: Harness, telPhone: string) {
  await h.database.db
    .update(smsCode)
    .set({ createdAt: new Date(Date.now() - 61_000) })
    .where(eq(smsCode.telPhone, telPhone))
}
