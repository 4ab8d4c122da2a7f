/**
 * News categories (GET /app/consultation/list), enrolment profiles and stamp words (/base/profile/tp*,
 * /base/profileStamp*) and the study ranking (GET /app/user/rankingList without examId): validation, ownership,
 * tenant scope. Run by profile-news.test.ts (PGlite) and profile-news.pg.test.ts (PostgreSQL).
 */
import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultConfig } from '../../server/src/config'
import type { Database } from '../../server/src/db'
import {
  advertising,
  bankRecord,
  consultation,
  consultationCategory,
  courseSection,
  goods,
  homeItem,
  informUser,
  liveSession,
  liveWatch,
  profile,
  profileTemplate,
  question,
  recordAnswer,
  studyInterval,
  sysUser,
  uploadObject,
  userGoods,
} from '../../server/src/db/schema'
import { TenantScope } from '../../server/src/http/core'
import { forgetSeedVersion, seedIfEmpty } from '../../server/src/seed'
import { issueToken } from '../../server/src/services/tokens'
import { idCardCheckChar } from '../../shared/rules/id-card'
import { call, type Harness, harness, login, SECRET } from './helpers'

const STAFF = 'staff-secret-profile'

// biome-ignore lint/suspicious/noExplicitAny: replies are narrowed per test
type Any = any

export function profileNewsSuite(label: string, open: () => Promise<Database>) {
  describe(`news, enrolment profile, ranking (${label})`, () => {
    let h: Harness
    let tokenA: string
    let tokenB: string
    let userA: number
    const db = () => h.database.db
    const cfg = defaultConfig({ secret: SECRET })
    const validId = (first17: string) => `${first17}${idCardCheckChar(first17)}`

    async function learner(tenantId: number, phone: string, realName: string) {
      const [u] = await db()
        .insert(sysUser)
        .values({ tenantId, userAccount: phone, telPhone: phone, nickName: `学员${phone.slice(-4)}`, realName })
        .returning({ id: sysUser.id })
      const token = await issueToken(db(), new TenantScope(tenantId), cfg, u!.id, `device-pn-${phone}`)
      return { id: u!.id, token }
    }
    const upload = async (userId: number, tenantId = 1001, mimeType = 'image/jpeg') => {
      const key = `t${tenantId}/u${userId}/img/20250601/${Math.random().toString(16).slice(2)}.jpg`
      await db().insert(uploadObject).values({ tenantId, userId, key, size: 2048, mimeType })
      return `/oss/${key}`
    }
    /** the staff desk (X-Staff-Token, or a login token to show it is refused) */
    async function staff(
      method: 'GET' | 'POST',
      url: string,
      o: { tenant?: number; body?: unknown; token?: string } = {},
    ) {
      const headers: Record<string, string> = { 'tenant-id': String(o.tenant ?? 1001) }
      if (o.token) headers.authorization = `Bearer ${o.token}`
      else headers['x-staff-token'] = STAFF
      const res = await h.app.inject({
        method,
        url: `/api${url}`,
        headers,
        ...(o.body !== undefined ? { payload: o.body as object } : {}),
      })
      return JSON.parse(res.body) as { code: number; msg: string; data: Any }
    }
    const grant = (tenantId: number, userId: number, goodsId: number) =>
      db().insert(userGoods).values({ tenantId, userId, goodsId })
    const templateOf = async (tenantId: number) =>
      (await db().select().from(profileTemplate).where(eq(profileTemplate.tenantId, tenantId)))[0]!

    beforeAll(async () => {
      h = await harness(await open(), { staffToken: STAFF })
      tokenA = await login(h, 1001, 'device-pn-a')
      tokenB = await login(h, 1002, 'device-pn-b')
      const [a] = await db()
        .select({ id: sysUser.id })
        .from(sysUser)
        .where(and(eq(sysUser.tenantId, 1001), eq(sysUser.userAccount, '13800000001')))
      userA = a!.id
    })
    afterAll(async () => h?.close())

    // ---------------------------------------------------------------- news
    describe('news categories', () => {
      it('the list carries the tenant categories in order and every article by default', async () => {
        const r = await call(h.app, 'GET /app/consultation/list', { query: { pageNum: 1, pageSize: 100 } })
        expect(r.code).toBe(200)
        expect(r.data.categories.map((c: Any) => c.name)).toEqual(['考试动态', '政策法规', '备考指南'])
        const all = await db().select().from(consultation).where(eq(consultation.tenantId, 1001))
        expect(r.data.total).toBe(all.length)
        expect(r.data.rows.every((row: Any) => typeof row.categoryId === 'number')).toBe(true)
      })

      it('a category gives only its articles, paged; 0 or empty means every article', async () => {
        const cats = (await call(h.app, 'GET /app/consultation/list')).data.categories
        const exam = cats[0].id
        const p1 = await call(h.app, 'GET /app/consultation/list', { query: { categoryId: exam, pageSize: 2 } })
        expect(p1.data.total).toBe(3)
        expect(p1.data.rows).toHaveLength(2)
        expect(p1.data.rows.every((row: Any) => row.categoryId === exam)).toBe(true)
        const p2 = await call(h.app, 'GET /app/consultation/list', {
          query: { categoryId: exam, pageSize: 2, pageNum: 2 },
        })
        expect(p2.data.rows).toHaveLength(1)
        const total = (await call(h.app, 'GET /app/consultation/list')).data.total
        expect((await call(h.app, 'GET /app/consultation/list', { query: { categoryId: 0 } })).data.total).toBe(total)
        expect((await call(h.app, 'GET /app/consultation/list', { query: { categoryId: '' } })).data.total).toBe(total)
      })

      it("another tenant's category gives nothing, and bad ids are refused", async () => {
        const catsB = (await call(h.app, 'GET /app/consultation/list', { tenant: 1002 })).data.categories
        expect(catsB.map((c: Any) => c.name)).toEqual(['继续教育', '职称评审', '常见问题'])
        const r = await call(h.app, 'GET /app/consultation/list', { query: { categoryId: catsB[0].id } })
        expect(r.code).toBe(200)
        expect(r.data.total).toBe(0)
        for (const bad of ['x', -1, 1.5, 99999999999]) {
          const b = await call(h.app, 'GET /app/consultation/list', { query: { categoryId: bad } })
          expect(b.code, String(bad)).toBe(400)
        }
      })

      it('an unpublished article is in no category list', async () => {
        const cats = (await call(h.app, 'GET /app/consultation/list')).data.categories
        const before = (await call(h.app, 'GET /app/consultation/list', { query: { categoryId: cats[1].id } })).data
        const [hidden] = await db()
          .insert(consultation)
          .values({ tenantId: 1001, title: '草稿', content: '<p>x</p>', published: false, categoryId: cats[1].id })
          .returning({ id: consultation.id })
        // (another page size: the public read is cached for 30 s per query)
        const after = (
          await call(h.app, 'GET /app/consultation/list', { query: { categoryId: cats[1].id, pageSize: 99 } })
        ).data
        expect(after.total).toBe(before.total)
        // published, it shows
        await db().update(consultation).set({ published: true }).where(eq(consultation.id, hidden!.id))
        const shown = (
          await call(h.app, 'GET /app/consultation/list', { query: { categoryId: cats[1].id, pageSize: 98 } })
        ).data
        expect(shown.total).toBe(before.total + 1)
        await db().delete(consultation).where(eq(consultation.id, hidden!.id))
      })

      it('a data dir seeded before the categories gets them, and the news links, at the next start', async () => {
        const scope1002 = eq(consultation.tenantId, 1002)
        const articles = await db().select().from(consultation).where(scope1002).orderBy(asc(consultation.id))
        await db().update(consultation).set({ categoryId: null }).where(scope1002)
        await db().delete(consultationCategory).where(eq(consultationCategory.tenantId, 1002))
        const oldDetail = (i: number) => `/pages3/news/detail?id=${articles[i]!.id}`
        await db()
          .update(homeItem)
          .set({ linkUrl: oldDetail(0) })
          .where(and(eq(homeItem.tenantId, 1002), eq(homeItem.name, '资讯')))
        await db()
          .update(advertising)
          .set({ linkUrl: oldDetail(2) })
          .where(and(eq(advertising.tenantId, 1002), eq(advertising.location, 'home'), eq(advertising.sort, 3)))
        await forgetSeedVersion(db()) // a start on a data dir seeded before these parts of the seed
        expect(await seedIfEmpty(db())).toBe(false)
        const r = await call(h.app, 'GET /app/consultation/list', { tenant: 1002, query: { pageSize: 100 } })
        expect(r.data.categories.map((c: Any) => c.name)).toEqual(['继续教育', '职称评审', '常见问题'])
        expect(r.data.rows.every((row: Any) => row.categoryId !== null)).toBe(true)
        const home = await call(h.app, 'GET /app/common/base/home/list', { tenant: 1002 })
        expect(home.data.find((i: Any) => i.name === '资讯').linkUrl).toBe('/pages3/news/index')
        const [banner] = await db()
          .select()
          .from(advertising)
          .where(and(eq(advertising.tenantId, 1002), eq(advertising.location, 'home'), eq(advertising.sort, 3)))
        expect(banner!.linkUrl).toBe('/pages3/news/index?category=职称评审')
      })

      it('the seeded categories exist once per tenant', async () => {
        const rows = await db().select().from(consultationCategory).orderBy(asc(consultationCategory.id))
        expect(rows.filter((r) => r.tenantId === 1001)).toHaveLength(3)
        expect(rows.filter((r) => r.tenantId === 1002)).toHaveLength(3)
      })
    })

    // ---------------------------------------------------------------- profile
    describe('enrolment profile and stamp words', () => {
      let goodsA: number
      let goodsB: number
      let other: { id: number; token: string }
      let profileId: number
      let photo: string
      let words: string

      beforeAll(async () => {
        goodsA = (await templateOf(1001)).goodsId
        goodsB = (await templateOf(1002)).goodsId
        words = (await templateOf(1001)).stampWords
        other = await learner(1001, '13712340077', '李四')
        photo = await upload(userA)
      })

      const full = (extra: Record<string, string> = {}) => ({
        realName: '张三',
        idCard: validId('11010519491231002'),
        phone: '13800000001',
        education: '本科',
        employer: '安信建设有限公司',
        photo,
        ...extra,
      })

      it('needs a login', async () => {
        expect((await call(h.app, 'GET /base/profile/tp/goods_list')).code).toBe(401)
        expect((await call(h.app, 'POST /base/profile/tp', { body: { goodsId: goodsA, values: {} } })).code).toBe(401)
      })

      it('lists only goods I hold that collect a profile', async () => {
        expect((await call(h.app, 'GET /base/profile/tp/goods_list', { token: tokenA })).data).toEqual([])
        // a goods I do not hold: no form
        const r = await call(h.app, 'GET /base/profile/tp/listProfile', { token: tokenA, query: { goodsId: goodsA } })
        expect(r.code).toBe(403)
        await grant(1001, userA, goodsA)
        const list = await call(h.app, 'GET /base/profile/tp/goods_list', { token: tokenA })
        expect(list.data).toHaveLength(1)
        expect(list.data[0]).toMatchObject({ goodsId: goodsA, profileId: null, status: null })
      })

      it('the form starts with what my account already knows', async () => {
        const r = await call(h.app, 'GET /base/profile/tp/listProfile', { token: tokenA, query: { goodsId: goodsA } })
        expect(r.code).toBe(200)
        expect(r.data.profileId).toBeNull()
        expect(r.data.template.fields.map((f: Any) => f.key)).toContain('photo')
        expect(r.data.template.needSignature).toBe(true)
        expect(r.data.values.phone).toBe('13800000001')
        expect(r.data.editable).toBe(true)
      })

      it('refuses bad values and changes nothing', async () => {
        const bad: [Record<string, string>, RegExp][] = [
          [{ idCard: '110105194912310021' }, /values\.idCard/],
          // right check digit, no such birth date (issue 24)
          [{ idCard: '310104199913501235' }, /values\.idCard/],
          [{ phone: '12345' }, /values\.phone/],
          [{ education: '博士后' }, /values\.education/],
          [{ workStart: '2020-13-45x' }, /values\.workStart/],
          [{ photo: 'not a url' }, /values\.photo/],
          [{ photo: '/oss/t1001/u1/img/someone-else.jpg' }, /values\.photo/],
        ]
        for (const [extra, msg] of bad) {
          const r = await call(h.app, 'POST /base/profile/tp', {
            token: tokenA,
            body: { goodsId: goodsA, values: full(extra) },
          })
          expect(r.code, JSON.stringify(extra)).toBe(400)
          expect(r.msg).toMatch(msg)
        }
        expect(await db().select().from(profile).where(eq(profile.userId, userA))).toHaveLength(0)
        // a goods with no template, or one I do not hold
        const [noTpl] = await db()
          .select({ id: goods.id })
          .from(goods)
          .where(and(eq(goods.tenantId, 1001), eq(goods.goodsType, 2)))
          .limit(1)
        await grant(1001, userA, noTpl!.id)
        expect(
          (await call(h.app, 'POST /base/profile/tp', { token: tokenA, body: { goodsId: noTpl!.id, values: full() } }))
            .code,
        ).toBe(404)
        expect(
          (
            await call(h.app, 'POST /base/profile/tp', {
              token: other.token,
              body: { goodsId: goodsA, values: full() },
            })
          ).code,
        ).toBe(403)
      })

      it('saves a draft (unknown keys dropped), one per goods', async () => {
        const r = await call(h.app, 'POST /base/profile/tp', {
          token: tokenA,
          body: { goodsId: goodsA, values: { ...full(), employer: '', hacker: 'x' } },
        })
        expect(r.code).toBe(200)
        profileId = r.data.id
        expect(r.data.status).toBe(0)
        expect(r.data.values.hacker).toBeUndefined()
        expect(r.data.values.employer).toBeUndefined()
        expect(r.data.hasStamp).toBe(false)
        const again = await call(h.app, 'POST /base/profile/tp', {
          token: tokenA,
          body: { goodsId: goodsA, values: full() },
        })
        expect(again.code).toBe(409)
        const list = await call(h.app, 'GET /base/profile/tp/goods_list', { token: tokenA })
        expect(list.data.find((g: Any) => g.goodsId === goodsA)).toMatchObject({ profileId, status: 0 })
      })

      it('no one else reads or changes my profile (another learner, another tenant)', async () => {
        expect(
          (await call(h.app, 'GET /base/profile/tp/:id', { token: other.token, params: { id: profileId } })).code,
        ).toBe(404)
        expect(
          (await call(h.app, 'GET /base/profile/tp/:id', { token: tokenB, tenant: 1002, params: { id: profileId } }))
            .code,
        ).toBe(404)
        const edit = await call(h.app, 'POST /base/profile/tp/edit', {
          token: other.token,
          body: { id: profileId, values: full({ realName: '王五' }) },
        })
        expect(edit.code).toBe(404)
        const words1 = await call(h.app, 'POST /base/profileStamp/addWord', {
          token: other.token,
          body: { profileId, words },
        })
        expect(words1.code).toBe(404)
        expect((await call(h.app, 'GET /base/profile/tp/list', { token: other.token })).data.total).toBe(0)
        // tenant B's learner sees no template of tenant A's goods
        expect(
          (
            await call(h.app, 'GET /base/profileStamp/getInfo', {
              token: tokenB,
              tenant: 1002,
              query: { goodsId: goodsA },
            })
          ).code,
        ).toBe(403)
        const [p] = await db().select().from(profile).where(eq(profile.id, profileId))
        expect(p!.values.realName).toBe('张三')
      })

      it('stamping needs the copied words, the signature and a complete profile', async () => {
        expect((await call(h.app, 'POST /base/profileStamp', { token: tokenA, body: { profileId } })).code).toBe(409)
        const wrong = await call(h.app, 'POST /base/profileStamp/V2/addWord', {
          token: tokenA,
          body: { profileId, words: '本人承诺：我都写对了', signatureUrl: await upload(userA) },
        })
        expect(wrong.code).toBe(400)
        expect(wrong.msg).toMatch(/^words:/)
        // tenant A's template needs a signature: the plain addWord is refused
        const noSig = await call(h.app, 'POST /base/profileStamp/addWord', {
          token: tokenA,
          body: { profileId, words },
        })
        expect(noSig.code).toBe(400)
        expect(noSig.msg).toMatch(/signatureUrl/)
        // copied with different spaces and full-width punctuation is the same statement
        const copied = words.replace(/，/g, ', ').replace(/：/, ': ')
        const ok = await call(h.app, 'POST /base/profileStamp/V2/addWord', {
          token: tokenA,
          body: { profileId, words: copied, signatureUrl: await upload(userA) },
        })
        expect(ok.code).toBe(200)
        expect(ok.data.hasStamp).toBe(true)
        expect(ok.data.stamp.signatureUrl).toMatch(/^\/oss\//)
        const twice = await call(h.app, 'POST /base/profileStamp/V2/addWord', {
          token: tokenA,
          body: { profileId, words, signatureUrl: await upload(userA) },
        })
        expect(twice.code).toBe(409)
        // employer (required) is still empty
        const incomplete = await call(h.app, 'POST /base/profileStamp', { token: tokenA, body: { profileId } })
        expect(incomplete.code).toBe(400)
        expect(incomplete.msg).toMatch(/values\.employer/)
        expect(
          (await call(h.app, 'POST /base/profile/tp/edit', { token: tokenA, body: { id: profileId, values: full() } }))
            .code,
        ).toBe(200)
        const stamped = await call(h.app, 'POST /base/profileStamp', { token: tokenA, body: { profileId } })
        expect(stamped.code).toBe(200)
        expect(stamped.data.status).toBe(1)
        expect(stamped.data.submittedTime).toBeGreaterThan(0)
        const info = await call(h.app, 'GET /base/profileStamp/getInfo', { token: tokenA, query: { goodsId: goodsA } })
        expect(info.data).toMatchObject({ profileId, status: 1, needSignature: true })
        expect(info.data.stamp.words).toBe(copied.trim())
      })

      it('an edit after the stamp makes it a draft again; a locked profile cannot change', async () => {
        const e = await call(h.app, 'POST /base/profile/tp/edit', {
          token: tokenA,
          body: { id: profileId, values: full({ jobTitle: '安全员' }) },
        })
        expect(e.code).toBe(200)
        expect(e.data).toMatchObject({ status: 0, submittedTime: null })
        expect(e.data.values.jobTitle).toBe('安全员')
        const again = await call(h.app, 'POST /base/profileStamp', { token: tokenA, body: { profileId } })
        expect(again.data.status).toBe(1)
        // the school: a learner's token is no key to the desk; another tenant sees nothing
        const review = `/staff/profiles/${profileId}/review`
        expect((await staff('POST', review, { token: tokenA, body: { action: 'lock' } })).code).toBe(403)
        const desk = await staff('GET', '/staff/profiles?status=1')
        expect(desk.data.rows.find((r: Any) => r.id === profileId)).toMatchObject({ userAccount: '13800000001' })
        const other = await staff('GET', '/staff/profiles', { tenant: 1002 })
        expect(other.data.rows.map((r: Any) => r.id)).not.toContain(profileId)
        expect((await staff('POST', review, { tenant: 1002, body: { action: 'lock' } })).code).toBe(404)
        expect((await staff('POST', review, { body: { action: 'lock' } })).code).toBe(200)
        // only a submitted profile is reviewed
        expect((await staff('POST', review, { body: { action: 'lock' } })).code).toBe(409)
        const [msg] = await db()
          .select()
          .from(informUser)
          .where(and(eq(informUser.userId, userA), eq(informUser.link, '/pages2/profile/index')))
        expect(msg!.title).toContain('审核通过')
        const locked = await call(h.app, 'POST /base/profile/tp/edit', {
          token: tokenA,
          body: { id: profileId, values: full({ realName: '改名' }) },
        })
        expect(locked.code).toBe(409)
        const lockedWords = await call(h.app, 'POST /base/profileStamp/edit', {
          token: tokenA,
          body: { profileId, words },
        })
        expect(lockedWords.code).toBe(409)
        const d = await call(h.app, 'GET /base/profile/tp/:id', { token: tokenA, params: { id: profileId } })
        expect(d.data).toMatchObject({ status: 2, editable: false })
        expect(d.data.values.realName).toBe('张三')
        const list = await call(h.app, 'GET /base/profile/tp/list', { token: tokenA })
        expect(list.data.total).toBe(1)
        expect(list.data.rows[0]).toMatchObject({ id: profileId, status: 2, hasStamp: true })
      })

      it("tenant B's template takes the copied words without a signature", async () => {
        const [bUser] = await db()
          .select({ id: sysUser.id })
          .from(sysUser)
          .where(and(eq(sysUser.tenantId, 1002), eq(sysUser.userAccount, '13900000002')))
        await grant(1002, bUser!.id, goodsB)
        const form = await call(h.app, 'GET /base/profile/tp/listProfile', {
          token: tokenB,
          tenant: 1002,
          query: { goodsId: goodsB },
        })
        expect(form.data.template.needSignature).toBe(false)
        const p = await call(h.app, 'POST /base/profile/tp', {
          token: tokenB,
          tenant: 1002,
          body: { goodsId: goodsB, values: full({ photo: await upload(bUser!.id, 1002) }) },
        })
        expect(p.code).toBe(200)
        const w = await call(h.app, 'POST /base/profileStamp/addWord', {
          token: tokenB,
          tenant: 1002,
          body: { profileId: p.data.id, words: form.data.template.stampWords },
        })
        expect(w.code).toBe(200)
        // my upload in tenant A is not a file of tenant B
        expect(
          (
            await call(h.app, 'POST /base/profile/tp/edit', {
              token: tokenB,
              tenant: 1002,
              body: { id: p.data.id, values: full({ photo }) },
            })
          ).code,
        ).toBe(400)
        const s = await call(h.app, 'POST /base/profileStamp', {
          token: tokenB,
          tenant: 1002,
          body: { profileId: p.data.id },
        })
        expect(s.data.status).toBe(1)
        // the school returns it with a note: the learner sees the note, and stamps again
        const url = `/staff/profiles/${p.data.id}/review`
        expect((await staff('POST', url, { tenant: 1002, body: { action: 'return' } })).code).toBe(400)
        expect((await staff('POST', url, { tenant: 1002, body: { action: 'maybe', remark: 'x' } })).code).toBe(400)
        const back = await staff('POST', url, { tenant: 1002, body: { action: 'return', remark: '证件照不清晰' } })
        expect(back.data.status).toBe(3)
        const f = await call(h.app, 'GET /base/profile/tp/listProfile', {
          token: tokenB,
          tenant: 1002,
          query: { goodsId: goodsB },
        })
        expect(f.data).toMatchObject({ status: 3, remark: '证件照不清晰', editable: true })
        const again = await call(h.app, 'POST /base/profileStamp', {
          token: tokenB,
          tenant: 1002,
          body: { profileId: p.data.id },
        })
        expect(again.data.status).toBe(1)
      })
    })

    // ---------------------------------------------------------------- ranking
    describe('study ranking', () => {
      const people: { id: number; token: string; name: string }[] = []

      beforeAll(async () => {
        const [sec] = await db()
          .select({ id: courseSection.id, goodsId: goods.id })
          .from(courseSection)
          .innerJoin(goods, eq(goods.tenantId, courseSection.tenantId))
          .where(and(eq(courseSection.tenantId, 1001), eq(goods.goodsType, 1)))
          .limit(1)
        const qs = await db().select({ id: question.id }).from(question).where(eq(question.tenantId, 1001)).limit(30)
        const now = Date.now()
        for (const [i, name] of ['欧阳修', '苏轼', '王安石'].entries()) {
          const p = await learner(1001, `1366666000${i}`, name)
          people.push({ ...p, name })
          // hours: 3000, 2000, 1000 seconds this week; and 9000 s for the last one 60 days ago
          await db()
            .insert(studyInterval)
            .values({
              tenantId: 1001,
              userId: p.id,
              goodsId: sec!.goodsId,
              sectionId: sec!.id,
              sessionId: `s${i}`,
              startPosition: 0,
              endPosition: 10,
              wallStart: new Date(now - 3600_000),
              wallEnd: new Date(now - 3000_000),
              creditedSeconds: 3000 - i * 1000,
              accepted: true,
            })
          if (i === 2)
            await db()
              .insert(studyInterval)
              .values({
                tenantId: 1001,
                userId: p.id,
                goodsId: sec!.goodsId,
                sectionId: sec!.id,
                sessionId: 'old',
                startPosition: 0,
                endPosition: 10,
                wallStart: new Date(now - 60 * 86400_000),
                wallEnd: new Date(now - 60 * 86400_000),
                creditedSeconds: 9000,
                accepted: true,
              })
          // questions: 10, 20, 30 done; right 10 of 10, 10 of 20, 30 of 30 (rate needs >= 20)
          const n = (i + 1) * 10
          const [rec] = await db()
            .insert(bankRecord)
            .values({
              tenantId: 1001,
              userId: p.id,
              mode: 'practice',
              scope: 'random',
              scopeKey: `r${i}`,
              questionIds: [],
            })
            .returning({ id: bankRecord.id })
          await db()
            .insert(recordAnswer)
            .values(
              qs.slice(0, n).map((q, k) => ({
                tenantId: 1001,
                recordId: rec!.id,
                userId: p.id,
                questionId: q.id,
                answeredAt: new Date(now - 1000),
                state: i === 1 && k >= 10 ? 'wrong' : 'right',
              })),
            )
        }
      })

      const rank = (q: Record<string, unknown>, token = tokenA, tenant = 1001) =>
        call(h.app, 'GET /app/user/rankingList', { token, tenant, query: q })

      it('by hours this week, names masked, my standing when I am not on the board', async () => {
        const r = await rank({ by: 'hours', period: 'week' })
        expect(r.code).toBe(200)
        const mine = r.data.rows.filter((x: Any) => ['欧*', '苏*', '王*'].includes(x.userName))
        expect(mine.map((x: Any) => [x.userName, x.score])).toEqual([
          ['欧*', 3000],
          ['苏*', 2000],
          ['王*', 1000],
        ])
        expect(r.data.rows.some((x: Any) => x.userName.includes('欧阳'))).toBe(false)
        // the demo learner studied nothing: rank 0, measures shown
        expect(r.data.mine).toMatchObject({ rank: 0, me: true, studySeconds: 0 })
      })

      it('by hours over all time counts the older study', async () => {
        const r = await rank({ by: 'hours', period: 'all' })
        const wang = r.data.rows.find((x: Any) => x.userName === '王*')
        expect(wang.score).toBe(10000)
        expect(wang.rank).toBe(1)
      })

      it('by questions and by right rate (20 graded answers at least); my row pinned', async () => {
        const q = await rank({ by: 'questions', period: 'week' }, people[1]!.token)
        expect(q.data.mine).toMatchObject({ me: true, questionNum: 20, score: 20, rightRate: 50 })
        const top = q.data.rows.slice(0, 3).map((x: Any) => [x.userName, x.score])
        expect(top).toEqual([
          ['王*', 30],
          ['苏*', 20],
          ['欧*', 10],
        ])
        const rate = await rank({ by: 'rate', period: 'week' }, people[0]!.token)
        // 欧阳修: 10 of 10 is not enough answers to rank
        expect(rate.data.rows.map((x: Any) => x.userName)).toEqual(['王*', '苏*'])
        expect(rate.data.rows[0]).toMatchObject({ score: 100, rank: 1 })
        expect(rate.data.mine).toMatchObject({ rank: 0, rightRate: 100 })
        expect(rate.data.total).toBe(2)
      })

      it('counts live class time (live and replay of a class, at most its length), as the study hours do (issue 25)', async () => {
        const [s1, s2] = await db()
          .select({
            id: liveSession.id,
            channelId: liveSession.channelId,
            startAt: liveSession.startAt,
            endAt: liveSession.endAt,
          })
          .from(liveSession)
          .where(eq(liveSession.tenantId, 1001))
          .orderBy(liveSession.id)
          .limit(2)
        const length = (x: typeof s1) => Math.round((x!.endAt.getTime() - x!.startAt.getTime()) / 1000)
        const p = await learner(1001, '13666660009', '李清照')
        const watch = (s: typeof s1, mode: string, creditedSeconds: number, createdAt = new Date()) =>
          db().insert(liveWatch).values({
            tenantId: 1001,
            userId: p.id,
            channelId: s!.channelId,
            sessionId: s!.id,
            mode,
            creditedSeconds,
            createdAt,
          })
        // 11 minutes of one live class; another class watched live and in replay for more than its length
        await watch(s1, 'live', 660)
        await watch(s2, 'live', length(s2) - 100)
        await watch(s2, 'playback', 500)
        // a replay begun 60 days ago: all time only
        await watch(s1, 'playback', 120, new Date(Date.now() - 60 * 86400_000))
        const week = await rank({ by: 'hours', period: 'week' }, p.token)
        expect(week.data.mine).toMatchObject({ me: true, studySeconds: 660 + length(s2) })
        expect(week.data.mine.rank).toBeGreaterThan(0)
        expect(week.data.rows.find((x: Any) => x.me)).toMatchObject({ userName: '李*', score: 660 + length(s2) })
        const all = await rank({ by: 'hours', period: 'all' }, p.token)
        expect(all.data.mine.studySeconds).toBe(660 + 120 + length(s2))
      })

      it('stays inside the tenant and validates its query', async () => {
        const b = await rank({ by: 'hours', period: 'week' }, tokenB, 1002)
        expect(b.code).toBe(200)
        expect(b.data.rows.some((x: Any) => ['欧*', '苏*', '王*'].includes(x.userName))).toBe(false)
        expect((await rank({ by: 'nonsense' })).code).toBe(400)
        expect((await rank({ period: 'year' })).code).toBe(400)
        expect((await rank({ limit: 0 })).code).toBe(400)
        expect((await call(h.app, 'GET /app/user/rankingList', { query: { by: 'hours' } })).code).toBe(401)
        const limited = await rank({ by: 'questions', period: 'week', limit: 1 })
        expect(limited.data.rows).toHaveLength(1)
      })
    })
  })
}
