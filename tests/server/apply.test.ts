/**
 * Appointments and applications: areas and sites, booking (seat counts, concurrent bookings at capacity, one
 * active booking, entry conditions), reschedule and cancel (cut-off, limit, the letter follows the booking),
 * the commitment letter, mock-exam applications, tenant isolation and the site seed's session top-up. Runs on
 * PGlite and, when DATABASE_URL_TEST answers, on PostgreSQL (where concurrent bookings really run in parallel).
 */
import { and, asc, eq, gte } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CHANGE_CUTOFF_HOURS, EXAM_CODE, MAX_RESCHEDULES } from '../../contract/schemas/exam-codes'
import { defaultConfig } from '../../server/src/config'
import type { Database } from '../../server/src/db'
import {
  applyArea,
  applySession,
  applySite,
  business,
  config,
  exam,
  paper,
  subject,
  sysUser,
  uploadObject,
} from '../../server/src/db/schema'
import { TenantScope } from '../../server/src/http/core'
import { SESSION_DAYS, seedApply } from '../../server/src/seed/apply'
import { issueToken } from '../../server/src/services/tokens'
import { idCardCheckChar } from '../../shared/rules/id-card'
import { call, freshPglite, type Harness, harness, login, SECRET } from './helpers'
import { onPostgres } from './postgres'

const HOUR = 3600 * 1000
const STAFF_TOKEN = 'apply-test-staff-token-0123456789'
const DAY = 24 * HOUR
const at = (ms: number) => new Date(Date.now() + ms)
const sec = (d: Date) => Math.floor(d.getTime() / 1000)

type Appt = {
  appointmentId: number
  sessionId: number
  status: number
  canChange: boolean
  changeDeadlineTime: number
  rescheduleNum: number
  letterSigned: boolean
  signatureUrl: string
  siteName: string
  cityName: string
  startTime: number
  kind: string
}
type SessionView = { sessionId: number; remaining: number; booked: number; bookable: boolean; startTime: number }
type SiteView = { siteId: number; cityId: number; cityName: string; name: string; sessions: SessionView[] }

function applySuite(label: string, open: () => Promise<Database>) {
  describe(`appointments and applications (${label})`, () => {
    let h: Harness
    let tokenA: string
    let tokenB: string
    let userA: number
    /** extra learners of tenant 1001 */
    const learners: { id: number; token: string }[] = []
    const id: Record<string, number> = {}
    const s: Record<string, number> = {}
    const site: Record<string, { id: number; cityId: number }> = {}
    const validId = (first17: string) => `${first17}${idCardCheckChar(first17)}`

    const db = () => h.database.db
    const bookedOf = async (sessionId: number) =>
      (await db().select({ b: applySession.booked }).from(applySession).where(eq(applySession.id, sessionId)))[0]!.b
    const book = (sessionId: number, token = tokenA, tenant = 1001) =>
      call<Appt>(h.app, 'POST /apply/save', { token, tenant, body: { sessionId } })
    const edit = (body: Record<string, unknown>, token = tokenA) =>
      call<Appt>(h.app, 'POST /apply/edit', { token, body })
    const sites = (examId: number, token = tokenA, cityId?: number) =>
      call<SiteView[]>(h.app, 'GET /apply/subscribeApplySite', { token, query: { examId, cityId } })
    const sessionIn = (list: SiteView[], sessionId: number) =>
      list.flatMap((x) => x.sessions).find((x) => x.sessionId === sessionId)
    const upload = async (userId: number, tenantId = 1001, mimeType = 'image/png') => {
      const key = `t${tenantId}/u${userId}/img/20250601/${Math.random().toString(16).slice(2)}.png`
      await db().insert(uploadObject).values({ tenantId, userId, key, size: 2048, mimeType })
      return `/oss/${key}`
    }

    beforeAll(async () => {
      h = await harness(await open(), { staffToken: STAFF_TOKEN })
      tokenA = await login(h, 1001, 'device-apply-a')
      tokenB = await login(h, 1002, 'device-apply-b')
      const users = await db().select({ id: sysUser.id, tenantId: sysUser.tenantId }).from(sysUser)
      userA = users.find((u) => u.tenantId === 1001)!.id
      const scope = new TenantScope(1001)
      const cfg = defaultConfig({ secret: SECRET })
      for (let i = 0; i < 9; i++) {
        const phone = `1371234${String(5000 + i)}`
        const [u] = await db()
          .insert(sysUser)
          .values({ tenantId: 1001, userAccount: phone, telPhone: phone, nickName: `考生${i}` })
          .returning({ id: sysUser.id })
        learners.push({ id: u!.id, token: await issueToken(db(), scope, cfg, u!.id, `device-apply-${i}`) })
      }
      const [p] = await db().select({ id: paper.id }).from(paper).where(eq(paper.tenantId, 1001)).limit(1)
      const [biz] = await db()
        .select({ id: business.id, name: business.name })
        .from(business)
        .where(eq(business.tenantId, 1001))
        .orderBy(asc(business.id))
        .limit(1)
      const [subj] = await db()
        .select({ id: subject.id, name: subject.name })
        .from(subject)
        .where(eq(subject.tenantId, 1001))
        .limit(1)
      id.business = biz!.id
      id.subject = subj!.id
      const mk = async (values: Partial<typeof exam.$inferInsert> & { name: string }, tenantId = 1001) =>
        (
          await db()
            .insert(exam)
            .values({ tenantId, kind: 'formal', paperId: p!.id, durationSeconds: 3600, ...values })
            .returning({ id: exam.id })
        )[0]!.id
      id.open = await mk({ name: '测试预约考试', requireAppointment: true })
      id.strict = await mk({
        name: '测试严格考试',
        requireAppointment: true,
        requireIdentity: true,
        requireInfoConfirm: true,
      })
      id.other = await mk({ name: '测试另一考试', requireAppointment: true })
      id.mockOpen = await mk({
        name: '测试模拟考试',
        kind: 'mock',
        businessId: biz!.id,
        subjectId: subj!.id,
        applyOpenAt: at(-DAY),
        applyCloseAt: at(DAY),
        openAt: at(2 * DAY),
        closeAt: at(2 * DAY + 2 * HOUR),
      })
      id.mockClosed = await mk({
        name: '测试已截止模拟考试',
        kind: 'mock',
        applyOpenAt: at(-3 * DAY),
        applyCloseAt: at(-HOUR),
        openAt: at(3 * DAY),
        closeAt: at(3 * DAY + 2 * HOUR),
      })
      id.mockLiving = await mk({
        name: '测试进行中模拟考试',
        kind: 'mock',
        businessId: biz!.id,
        openAt: at(-HOUR),
        closeAt: at(HOUR),
      })
      // the seeded sites of 广州市 and 深圳市
      const rows = await db()
        .select({ id: applySite.id, name: applySite.name, cityId: applySite.cityId, city: applyArea.name })
        .from(applySite)
        .innerJoin(applyArea, eq(applyArea.id, applySite.cityId))
        .where(eq(applySite.tenantId, 1001))
        .orderBy(asc(applySite.id))
      const gz = rows.filter((r) => r.city === '广州市')
      const sz = rows.filter((r) => r.city === '深圳市')
      site.gz1 = gz[0]!
      site.gz2 = gz[1]!
      site.sz1 = sz[0]!
      const ses = async (
        examId: number,
        siteId: number,
        start: number,
        end: number,
        capacity: number,
        kind: 'exam' | 'train' = 'exam',
      ) =>
        (
          await db()
            .insert(applySession)
            .values({ tenantId: 1001, examId, siteId, kind, startAt: at(start), endAt: at(end), capacity })
            .returning({ id: applySession.id })
        )[0]!.id
      s.first = await ses(id.open, site.gz1.id, 3 * DAY, 3 * DAY + 2 * HOUR, 30)
      s.second = await ses(id.open, site.gz2.id, 4 * DAY, 4 * DAY + 2 * HOUR, 30)
      s.third = await ses(id.open, site.sz1.id, 5 * DAY, 5 * DAY + 2 * HOUR, 40)
      s.small = await ses(id.open, site.gz1.id, 2 * DAY, 2 * DAY + 2 * HOUR, 2)
      s.soon = await ses(id.open, site.gz2.id, 10 * HOUR, 12 * HOUR, 10)
      s.live = await ses(id.open, site.gz1.id, -HOUR, HOUR, 10)
      s.ended = await ses(id.open, site.gz1.id, -3 * HOUR, -HOUR, 10)
      s.train = await ses(id.open, site.sz1.id, 6 * DAY, 6 * DAY + 8 * HOUR, 20, 'train')
      s.strict = await ses(id.strict, site.gz1.id, 3 * DAY, 3 * DAY + 2 * HOUR, 30)
      s.other = await ses(id.other, site.gz1.id, 3 * DAY, 3 * DAY + 2 * HOUR, 30)
    })
    afterAll(async () => {
      await h?.close()
    })

    describe('areas and sites', () => {
      it('lists the provinces and their cities with the number of sites in each', async () => {
        const provinces = await call(h.app, 'GET /apply/areas/list', { token: tokenA })
        expect(provinces.code).toBe(200)
        expect(provinces.data.map((a: { name: string }) => a.name)).toEqual(['广东省', '浙江省', '北京市'])
        const gd = provinces.data[0]
        expect(gd).toMatchObject({ parentId: 0, siteNum: 5 })
        const cities = await call(h.app, 'GET /apply/areas/cityList', { token: tokenA, query: { parentId: gd.areaId } })
        expect(cities.data).toEqual([
          expect.objectContaining({ name: '广州市', parentId: gd.areaId, siteNum: 3 }),
          expect.objectContaining({ name: '深圳市', parentId: gd.areaId, siteNum: 2 }),
        ])
        const none = await call(h.app, 'GET /apply/areas/cityList', { token: tokenA, query: { parentId: 999999 } })
        expect(none.data).toEqual([])
        const anon = await call(h.app, 'GET /apply/areas/list')
        expect(anon.code).toBe(401)
      })

      it('lists only the sites with sessions of the exam that have not ended, soonest first, by city', async () => {
        const r = await sites(id.open)
        expect(r.code).toBe(200)
        expect(r.data.map((x) => x.siteId).sort()).toEqual([site.gz1.id, site.gz2.id, site.sz1.id].sort())
        const gz1 = r.data.find((x) => x.siteId === site.gz1.id)!
        expect(gz1.cityName).toBe('广州市')
        expect(gz1.sessions.map((x) => x.sessionId)).toEqual([s.live, s.small, s.first])
        expect(sessionIn(r.data, s.ended)).toBeUndefined()
        expect(sessionIn(r.data, s.train)).toBeUndefined()
        // a session in progress can still be booked (and sat at once)
        expect(sessionIn(r.data, s.live)).toMatchObject({ bookable: true, remaining: 10 })
        const sz = await sites(id.open, tokenA, site.sz1.cityId)
        expect(sz.data.map((x) => x.siteId)).toEqual([site.sz1.id])
        const train = await call<SiteView[]>(h.app, 'GET /apply/subscribeApplySiteTrain', {
          token: tokenA,
          query: { examId: id.open },
        })
        expect(train.data.map((x) => x.siteId)).toEqual([site.sz1.id])
        expect(train.data[0]!.sessions.map((x) => x.sessionId)).toEqual([s.train])
        expect((await sites(987654)).code).toBe(404)
      })

      it('keeps the sites as the school set them up until its content changes, with the seats always as they are', async () => {
        const ids = (list: SiteView[]) => list.flatMap((x) => x.sessions.map((y) => y.sessionId)).sort()
        expect(ids((await sites(id.other)).data)).toEqual([s.other])
        // a session added by hand (SQL), and seats taken
        const [added] = await db()
          .insert(applySession)
          .values({
            tenantId: 1001,
            examId: id.other,
            siteId: site.sz1.id,
            kind: 'exam',
            startAt: at(4 * DAY),
            endAt: at(4 * DAY + 2 * HOUR),
            capacity: 5,
          })
          .returning({ id: applySession.id })
        await db().update(applySession).set({ booked: 3 }).where(eq(applySession.id, s.other))
        try {
          const kept = await sites(id.other)
          expect(ids(kept.data)).toEqual([s.other]) // the layout as it was read
          expect(sessionIn(kept.data, s.other)).toMatchObject({ booked: 3, remaining: 27 }) // the seats as they are
          const announced = await h.app.inject({
            method: 'POST',
            url: '/api/staff/content/changed',
            headers: { 'tenant-id': '1001', 'x-staff-token': STAFF_TOKEN },
            payload: {},
          })
          expect(announced.statusCode).toBe(200)
          const after = await sites(id.other)
          expect(ids(after.data)).toEqual([s.other, added!.id].sort())
          expect(sessionIn(after.data, added!.id)).toMatchObject({ capacity: 5, remaining: 5, bookable: true })
        } finally {
          await db().delete(applySession).where(eq(applySession.id, added!.id))
          await db().update(applySession).set({ booked: 0 }).where(eq(applySession.id, s.other))
        }
        // a session gone (or ended) drops out at once, before the layout is read again
        expect(ids((await sites(id.other)).data)).toEqual([s.other])
      })

      it('lists the exams that can be booked, per kind, with the number of sessions left', async () => {
        const exams = await call(h.app, 'GET /apply/subscribe', { token: tokenA, query: { kind: 'exam' } })
        const mine = exams.data.find((x: { exam: { examId: number } }) => x.exam.examId === id.open)
        expect(mine).toMatchObject({ appointment: null, sessionNum: 6, exam: { name: '测试预约考试' } })
        const train = await call(h.app, 'GET /apply/subscribe', { token: tokenA, query: { kind: 'train' } })
        const ids = train.data.map((x: { exam: { examId: number } }) => x.exam.examId)
        expect(ids).toContain(id.open)
        expect(ids).not.toContain(id.strict)
        expect(train.data.find((x: { exam: { examId: number } }) => x.exam.examId === id.open).sessionNum).toBe(1)
      })
    })

    describe('booking', () => {
      let appointmentId: number

      it('books a seat: the session has one seat less and the booking shows where and when', async () => {
        const before = await bookedOf(s.first)
        const r = await book(s.first)
        expect(r.code).toBe(200)
        appointmentId = r.data.appointmentId
        expect(r.data).toMatchObject({
          kind: 'exam',
          status: 1,
          sessionId: s.first,
          cityName: '广州市',
          rescheduleNum: 0,
          canChange: true,
          letterSigned: false,
          signatureUrl: '',
        })
        expect(r.data.changeDeadlineTime).toBe(r.data.startTime - CHANGE_CUTOFF_HOURS * 3600)
        expect(await bookedOf(s.first)).toBe(before + 1)
        const view = sessionIn((await sites(id.open)).data, s.first)!
        expect(view).toMatchObject({ remaining: 29, booked: 1, bookable: false })
        // still bookable for somebody else
        expect(sessionIn((await sites(id.open, learners[6]!.token)).data, s.first)!.bookable).toBe(true)

        const next = await call<Appt>(h.app, 'GET /apply/subscribeNext', { token: tokenA })
        expect(next.data.appointmentId).toBe(appointmentId)
        const recent = await call<Appt>(h.app, 'GET /user/subscribe/recentExam', { token: tokenA })
        expect(recent.data.appointmentId).toBe(appointmentId)
        const one = await call<Appt>(h.app, 'GET /user/subscribe/:id', { token: tokenA, params: { id: appointmentId } })
        expect(one.data.siteName).toBe(r.data.siteName)
        const upcoming = await call(h.app, 'GET /apply/list', { token: tokenA, query: { when: 'upcoming' } })
        expect(upcoming.data.total).toBe(1)
        const listed = await call(h.app, 'GET /apply/subscribe', { token: tokenA, query: { kind: 'exam' } })
        expect(
          listed.data.find((x: { exam: { examId: number } }) => x.exam.examId === id.open).appointment.appointmentId,
        ).toBe(appointmentId)
      })

      it('refuses a second active booking of the same exam (626) and takes no seat for it', async () => {
        const before = await bookedOf(s.second)
        const r = await book(s.second)
        expect(r.code).toBe(EXAM_CODE.bookingRule)
        expect(r.msg).toContain('你已预约该考试')
        expect(await bookedOf(s.second)).toBe(before)
      })

      it('two bookings of the same learner at once: one wins, the loser leaves no seat taken', async () => {
        const l = learners[5]!
        const [b1, b2] = [await bookedOf(s.second), await bookedOf(s.third)]
        const rs = await Promise.all([book(s.second, l.token), book(s.third, l.token)])
        expect(rs.map((r) => r.code).sort()).toEqual([200, EXAM_CODE.bookingRule])
        expect((await bookedOf(s.second)) - b1 + ((await bookedOf(s.third)) - b2)).toBe(1)
        const won = rs.find((r) => r.code === 200)!
        expect((await edit({ appointmentId: won.data.appointmentId, action: 'cancel' }, l.token)).code).toBe(200)
      })

      it('six learners booking the last two seats at once: exactly two get them, four hear the session is full', async () => {
        const rs = await Promise.all(learners.slice(0, 6).map((l) => book(s.small, l.token)))
        const codes = rs.map((r) => r.code)
        expect(codes.filter((c) => c === 200)).toHaveLength(2)
        expect(codes.filter((c) => c === EXAM_CODE.sessionFull)).toHaveLength(4)
        expect(await bookedOf(s.small)).toBe(2)
        expect(sessionIn((await sites(id.open, learners[6]!.token)).data, s.small)).toMatchObject({
          remaining: 0,
          bookable: false,
        })
        expect((await book(s.small, learners[6]!.token)).code).toBe(EXAM_CODE.sessionFull)
      })

      it('refuses a session that has ended (626) and accepts one in progress', async () => {
        const l = learners[6]!
        expect((await book(s.ended, l.token)).code).toBe(EXAM_CODE.bookingRule)
        const r = await book(s.live, l.token)
        expect(r.code).toBe(200)
        expect(r.data.canChange).toBe(false)
        expect((await edit({ appointmentId: r.data.appointmentId, action: 'cancel' }, l.token)).code).toBe(
          EXAM_CODE.bookingRule,
        )
      })

      it('a booking whose session ended is done: the learner can book the exam again (a retake)', async () => {
        const l = learners[6]!
        // learner 6 holds the in-progress session: end it
        await db()
          .update(applySession)
          .set({ startAt: at(-2 * HOUR), endAt: at(-HOUR) })
          .where(eq(applySession.id, s.live))
        const again = await book(s.second, l.token)
        expect(again.code).toBe(200)
        const all = await call(h.app, 'GET /apply/list', { token: l.token, query: { when: 'all', kind: 'exam' } })
        const statuses = all.data.rows.map((x: Appt) => x.status).sort()
        expect(statuses).toEqual([1, 3])
        await db()
          .update(applySession)
          .set({ startAt: at(-HOUR), endAt: at(HOUR) })
          .where(eq(applySession.id, s.live))
        expect((await edit({ appointmentId: again.data.appointmentId, action: 'cancel' }, l.token)).code).toBe(200)
      })

      it('refuses an exam booking while entry conditions are missing (621, naming identity and info)', async () => {
        const before = await bookedOf(s.strict)
        const r = await call(h.app, 'POST /apply/save', { token: tokenA, body: { sessionId: s.strict } })
        expect(r.code).toBe(EXAM_CODE.notEligible)
        expect(r.data.eligible).toBe(false)
        const failed = r.data.checks.filter((c: { ok: boolean }) => !c.ok).map((c: { key: string }) => c.key)
        expect(failed).toEqual(expect.arrayContaining(['identity', 'info']))
        for (const c of r.data.checks.filter((x: { ok: boolean }) => !x.ok)) expect(c.message).not.toBe('')
        expect(await bookedOf(s.strict)).toBe(before)
      })

      it('a training booking needs no entry conditions and does not block the exam booking', async () => {
        const r = await book(s.train)
        expect(r.code).toBe(200)
        expect(r.data.kind).toBe('train')
        const trains = await call(h.app, 'GET /apply/list', { token: tokenA, query: { kind: 'train' } })
        expect(trains.data.rows.map((x: Appt) => x.appointmentId)).toEqual([r.data.appointmentId])
        // the letter belongs to exam bookings only
        const url = await upload(userA)
        const sign = await call(h.app, 'POST /base/profile/tp/commitment/upload', {
          token: tokenA,
          body: { appointmentId: r.data.appointmentId, signatureUrl: url },
        })
        expect(sign.code).toBe(400)
      })

      describe('commitment letter', () => {
        it('gives the default letter and the unsigned booking', async () => {
          const r = await call(h.app, 'GET /base/profile/tp/getInfo', { token: tokenA, query: { examId: id.open } })
          expect(r.code).toBe(200)
          expect(r.data).toMatchObject({
            examId: id.open,
            examName: '测试预约考试',
            title: '考生诚信考试承诺书',
            appointmentId,
            signed: false,
            signatureUrl: '',
            signedTime: null,
          })
          expect(r.data.content).toContain('不请他人代考')
          expect(r.data.content).toContain('<ol>')
          const none = await call(h.app, 'GET /base/profile/tp/getInfo', { token: tokenA, query: { examId: id.other } })
          expect(none.data.appointmentId).toBeNull()
        })

        it("refuses a signature that is not the learner's own upload (400) and stores their own", async () => {
          const other = await upload(learners[0]!.id)
          const foreign = await call(h.app, 'POST /base/profile/tp/commitment/upload', {
            token: tokenA,
            body: { appointmentId, signatureUrl: other },
          })
          expect(foreign.code).toBe(400)
          expect(foreign.msg).toContain('signatureUrl')
          const made = await call(h.app, 'POST /base/profile/tp/commitment/upload', {
            token: tokenA,
            body: { appointmentId, signatureUrl: 'https://evil.example.com/t1001/u1/img/x.png' },
          })
          expect(made.code).toBe(400)
          const someoneElses = await call(h.app, 'POST /base/profile/tp/commitment/upload', {
            token: learners[0]!.token,
            body: { appointmentId, signatureUrl: other },
          })
          expect(someoneElses.code).toBe(404)

          const url = await upload(userA)
          const ok = await call<Appt>(h.app, 'POST /base/profile/tp/commitment/upload', {
            token: tokenA,
            body: { appointmentId, signatureUrl: url },
          })
          expect(ok.code).toBe(200)
          expect(ok.data).toMatchObject({ letterSigned: true, signatureUrl: url })
          const info = await call(h.app, 'GET /base/profile/tp/getInfo', { token: tokenA, query: { examId: id.open } })
          expect(info.data).toMatchObject({ signed: true, signatureUrl: url })
          expect(info.data.signedTime).toBeGreaterThan(0)
        })

        it("uses the tenant's own letter, sanitised", async () => {
          await db()
            .insert(config)
            .values({
              tenantId: 1001,
              configKey: 'exam.commitment',
              configValue: JSON.stringify({
                title: '本校考试承诺书',
                content: '<p>诚信应考</p><script>alert(1)</script>',
              }),
            })
          const r = await call(h.app, 'GET /base/profile/tp/getInfo', { token: tokenA, query: { examId: id.open } })
          expect(r.data.title).toBe('本校考试承诺书')
          expect(r.data.content).toBe('<p>诚信应考</p>')
          await db()
            .delete(config)
            .where(and(eq(config.tenantId, 1001), eq(config.configKey, 'exam.commitment')))
        })
      })

      describe('reschedule and cancel', () => {
        it('moves the seat to the new session and keeps the signed letter', async () => {
          const [b1, b2] = [await bookedOf(s.first), await bookedOf(s.second)]
          const signed = (
            await call<Appt>(h.app, 'GET /user/subscribe/:id', { token: tokenA, params: { id: appointmentId } })
          ).data
          const r = await edit({ appointmentId, action: 'reschedule', sessionId: s.second })
          expect(r.code).toBe(200)
          expect(r.data).toMatchObject({
            appointmentId,
            sessionId: s.second,
            rescheduleNum: 1,
            letterSigned: true,
            signatureUrl: signed.signatureUrl,
          })
          expect(await bookedOf(s.first)).toBe(b1 - 1)
          expect(await bookedOf(s.second)).toBe(b2 + 1)
        })

        it('refuses another exam or kind, the same session and a full session, leaving the seats as they were', async () => {
          const [b2, bo] = [await bookedOf(s.second), await bookedOf(s.other)]
          for (const target of [s.other, s.train, s.second]) {
            const r = await edit({ appointmentId, action: 'reschedule', sessionId: target })
            expect(r.code).toBe(EXAM_CODE.bookingRule)
          }
          const full = await edit({ appointmentId, action: 'reschedule', sessionId: s.small })
          expect(full.code).toBe(EXAM_CODE.sessionFull)
          expect(await bookedOf(s.second)).toBe(b2)
          expect(await bookedOf(s.other)).toBe(bo)
          expect((await edit({ appointmentId, action: 'reschedule' })).code).toBe(400)
        })

        it(`allows at most ${MAX_RESCHEDULES} reschedules`, async () => {
          const r = await edit({ appointmentId, action: 'reschedule', sessionId: s.third })
          expect(r.code).toBe(200)
          expect(r.data).toMatchObject({ rescheduleNum: 2, canChange: false })
          const third = await edit({ appointmentId, action: 'reschedule', sessionId: s.first })
          expect(third.code).toBe(EXAM_CODE.bookingRule)
          expect(third.msg).toContain(String(MAX_RESCHEDULES))
          expect(
            (await call(h.app, 'GET /user/subscribe/:id', { token: tokenA, params: { id: appointmentId } })).data,
          ).toMatchObject({ sessionId: s.third })
        })

        it('cancels: the seat is freed, the booking moves to the past and a new booking is possible', async () => {
          const b3 = await bookedOf(s.third)
          const r = await edit({ appointmentId, action: 'cancel' })
          expect(r.code).toBe(200)
          expect(r.data).toMatchObject({ status: 2, canChange: false })
          expect(await bookedOf(s.third)).toBe(b3 - 1)
          expect((await edit({ appointmentId, action: 'cancel' })).code).toBe(EXAM_CODE.bookingRule)
          const past = await call(h.app, 'GET /apply/list', { token: tokenA, query: { when: 'past', kind: 'exam' } })
          expect(past.data.rows.map((x: Appt) => x.appointmentId)).toContain(appointmentId)
          const upcoming = await call(h.app, 'GET /apply/list', {
            token: tokenA,
            query: { when: 'upcoming', kind: 'exam' },
          })
          expect(upcoming.data.total).toBe(0)
          const again = await book(s.first)
          expect(again.code).toBe(200)
          expect(again.data.letterSigned).toBe(false)
        })

        it(`refuses cancel and reschedule within ${CHANGE_CUTOFF_HOURS} hours of the start`, async () => {
          const l = learners[7]!
          const r = await book(s.soon, l.token)
          expect(r.code).toBe(200)
          expect(r.data.canChange).toBe(false)
          expect(r.data.changeDeadlineTime).toBeLessThan(Math.floor(Date.now() / 1000))
          const before = await bookedOf(s.soon)
          const cancel = await edit({ appointmentId: r.data.appointmentId, action: 'cancel' }, l.token)
          expect(cancel.code).toBe(EXAM_CODE.bookingRule)
          expect(cancel.msg).toContain(String(CHANGE_CUTOFF_HOURS))
          const move = await edit(
            { appointmentId: r.data.appointmentId, action: 'reschedule', sessionId: s.third },
            l.token,
          )
          expect(move.code).toBe(EXAM_CODE.bookingRule)
          expect(await bookedOf(s.soon)).toBe(before)
        })

        it("hides another learner's booking (404)", async () => {
          const mine = await call<{ rows: Appt[] }>(h.app, 'GET /apply/list', {
            token: tokenA,
            query: { when: 'upcoming' },
          })
          const a = mine.data.rows[0]!.appointmentId
          const l = learners[3]!
          expect((await call(h.app, 'GET /user/subscribe/:id', { token: l.token, params: { id: a } })).code).toBe(404)
          expect((await edit({ appointmentId: a, action: 'cancel' }, l.token)).code).toBe(404)
        })
      })
    })

    describe('mock-exam applications', () => {
      const apply = (body: Record<string, unknown>, token = tokenA) =>
        call(h.app, 'POST /mock/subscribe', {
          token,
          body: { realName: '张明', telPhone: '13800000001', idCard: validId('11010119900307123'), ...body },
        })
      let subscribeId: number

      it('lists the mocks with their business, window and whether the learner may apply', async () => {
        const r = await call(h.app, 'GET /mock/apply/listApply', { token: tokenA, query: { pageSize: 100 } })
        expect(r.code).toBe(200)
        const open = r.data.rows.find((m: { examId: number }) => m.examId === id.mockOpen)
        expect(open).toMatchObject({
          kind: 'mock',
          businessId: id.business,
          subjectId: id.subject,
          live: 'scheduled',
          canApply: true,
          applied: false,
          subscribeId: null,
        })
        expect(open.businessName).not.toBe('')
        expect(open.subjectName).not.toBe('')
        const closed = r.data.rows.find((m: { examId: number }) => m.examId === id.mockClosed)
        expect(closed.canApply).toBe(false)
        const byBiz = await call(h.app, 'GET /mock/apply/listApply', {
          token: tokenA,
          query: { businessId: id.business, pageSize: 100 },
        })
        expect(byBiz.data.rows.every((m: { businessId: number }) => m.businessId === id.business)).toBe(true)
        expect(byBiz.data.rows.map((m: { examId: number }) => m.examId)).not.toContain(id.mockClosed)
        const biz = await call(h.app, 'GET /mock/apply/listApplyBusiness', { token: tokenA })
        expect(
          biz.data.find((b: { businessId: number }) => b.businessId === id.business).examNum,
        ).toBeGreaterThanOrEqual(2)
        const names = await call(h.app, 'GET /mock/apply/listApplyName', { token: tokenA })
        expect(names.data).toEqual(expect.arrayContaining([{ examId: id.mockOpen, name: '测试模拟考试' }]))
      })

      it('lists the mocks by their window: living now first, then scheduled, never ended', async () => {
        const live = await call(h.app, 'GET /mock/apply/listMockLive', { token: tokenA, query: { pageSize: 100 } })
        const ids = live.data.rows.map((m: { examId: number }) => m.examId)
        expect(ids.indexOf(id.mockLiving)).toBeLessThan(ids.indexOf(id.mockOpen))
        expect(ids.indexOf(id.mockOpen)).toBeLessThan(ids.indexOf(id.mockClosed))
        expect(live.data.rows.every((m: { live: string }) => m.live !== 'ended')).toBe(true)
        const living = await call(h.app, 'GET /mock/apply/mockLiving', { token: tokenA })
        const livingIds = living.data.map((m: { examId: number }) => m.examId)
        expect(livingIds).toContain(id.mockLiving)
        expect(livingIds).not.toContain(id.mockOpen)
      })

      it('refuses an ID number with a wrong check digit (400) and a closed application window (627)', async () => {
        const good = validId('11010119900307123')
        const bad = `${good.slice(0, 17)}${good[17] === '0' ? '1' : '0'}`
        const r = await apply({ examId: id.mockOpen, idCard: bad })
        expect(r.code).toBe(400)
        expect(r.msg).toContain('idCard')
        // right check digit, no such birth date (the 50th day of the 13th month): refused too (issue 24)
        const unborn = await apply({ examId: id.mockOpen, idCard: '310104199913501235' })
        expect(unborn.code).toBe(400)
        expect(unborn.msg).toMatch(/^idCard: the birth date/)
        const closed = await apply({ examId: id.mockClosed })
        expect(closed.code).toBe(EXAM_CODE.notApplied)
        expect(closed.msg).toContain('截止')
        expect((await apply({ examId: id.open })).code).toBe(404)
        expect((await apply({ examId: id.mockOpen, siteId: 2_000_000 })).code).toBe(400)
      })

      it('applies once (a second application is refused with 626) and shows the application masked', async () => {
        const r = await apply({
          examId: id.mockOpen,
          siteId: site.gz1.id,
          idCard: validId('44030419951231002').toLowerCase(),
        })
        expect(r.code).toBe(200)
        subscribeId = r.data.subscribeId
        expect(r.data).toMatchObject({
          examId: id.mockOpen,
          realName: '张明',
          telPhone: '138****0001',
          status: 1,
          siteId: site.gz1.id,
          subjectId: id.subject,
        })
        expect(r.data.idCard).toMatch(/^4403\*{10}\d{3}[\dX]$/)
        expect(r.data.siteName).not.toBe('')
        expect((await apply({ examId: id.mockOpen })).code).toBe(EXAM_CODE.bookingRule)
        const list = await call(h.app, 'GET /mock/apply/listApply', { token: tokenA, query: { pageSize: 100 } })
        expect(list.data.rows.find((m: { examId: number }) => m.examId === id.mockOpen)).toMatchObject({
          applied: true,
          subscribeId,
        })
        const mine = await call(h.app, 'GET /mock/subscribe/listSubscribe', { token: tokenA })
        expect(mine.data.rows.map((x: { subscribeId: number }) => x.subscribeId)).toContain(subscribeId)
        expect(
          (
            await call(h.app, 'GET /mock/subscribe/info/:id', {
              token: learners[0]!.token,
              params: { id: subscribeId },
            })
          ).code,
        ).toBe(404)
      })

      it('changes the phone before the mock opens, then cancels; a cancelled application cannot change', async () => {
        const edit2 = (body: Record<string, unknown>) =>
          call(h.app, 'POST /mock/subscribe/edit', { token: tokenA, body: { subscribeId, ...body } })
        const u = await edit2({ action: 'update', telPhone: '13912345678' })
        expect(u.code).toBe(200)
        expect(u.data.telPhone).toBe('139****5678')
        expect((await edit2({ action: 'update' })).code).toBe(400)
        const c = await edit2({ action: 'cancel' })
        expect(c.code).toBe(200)
        expect(c.data.status).toBe(2)
        expect((await edit2({ action: 'cancel' })).code).toBe(EXAM_CODE.bookingRule)
        const info = await call(h.app, 'GET /mock/subscribe/info/:id', { token: tokenA, params: { id: subscribeId } })
        expect(info.data.status).toBe(2)
        // a new application is possible after cancelling
        expect((await apply({ examId: id.mockOpen })).code).toBe(200)
      })

      it('refuses to cancel once the mock has opened', async () => {
        await db()
          .update(exam)
          .set({ applyOpenAt: at(-DAY), applyCloseAt: at(DAY) })
          .where(eq(exam.id, id.mockLiving))
        const r = await apply({ examId: id.mockLiving })
        expect(r.code).toBe(200)
        const c = await call(h.app, 'POST /mock/subscribe/edit', {
          token: tokenA,
          body: { subscribeId: r.data.subscribeId, action: 'cancel' },
        })
        expect(c.code).toBe(EXAM_CODE.bookingRule)
      })
    })

    describe('tenant isolation', () => {
      it("gives another tenant's learner 404 for this tenant's bookings, sessions and exams", async () => {
        const mine = await call<{ rows: Appt[] }>(h.app, 'GET /apply/list', { token: tokenA })
        const a = mine.data.rows[0]!.appointmentId
        const asB = { token: tokenB, tenant: 1002 }
        expect((await call(h.app, 'GET /user/subscribe/:id', { ...asB, params: { id: a } })).code).toBe(404)
        expect(
          (await call(h.app, 'POST /apply/edit', { ...asB, body: { appointmentId: a, action: 'cancel' } })).code,
        ).toBe(404)
        const before = await bookedOf(s.third)
        expect((await book(s.third, tokenB, 1002)).code).toBe(404)
        expect(await bookedOf(s.third)).toBe(before)
        expect((await call(h.app, 'GET /apply/subscribeApplySite', { ...asB, query: { examId: id.open } })).code).toBe(
          404,
        )
        expect((await call(h.app, 'GET /base/profile/tp/getInfo', { ...asB, query: { examId: id.open } })).code).toBe(
          404,
        )
        const bList = await call(h.app, 'GET /apply/list', asB)
        expect(bList.data.total).toBe(0)
        const bMocks = await call(h.app, 'GET /mock/apply/listApply', { ...asB, query: { pageSize: 100 } })
        expect(bMocks.data.rows.map((m: { examId: number }) => m.examId)).not.toContain(id.mockOpen)
        const [sub] = (await call(h.app, 'GET /mock/subscribe/listSubscribe', { token: tokenA })).data.rows
        expect(
          (await call(h.app, 'GET /mock/subscribe/info/:id', { ...asB, params: { id: sub.subscribeId } })).code,
        ).toBe(404)
        expect(
          (await call(h.app, 'GET /apply/areas/list', asB)).data.every((x: { siteNum: number }) => x.siteNum > 0),
        ).toBe(true)
      })
    })

    describe('site seed', () => {
      it(`adds today's all-day session and ${SESSION_DAYS} days of sessions per site, and only the missing ones on a later run`, async () => {
        const examId = id.other
        const count = async () =>
          (await db().select({ id: applySession.id }).from(applySession).where(eq(applySession.examId, examId))).length
        const before = await count()
        await seedApply(db(), 1001)
        const siteNum = (await db().select({ id: applySite.id }).from(applySite).where(eq(applySite.tenantId, 1001)))
          .length
        const added = (await count()) - before
        // every site: today + 2 a day; training sites: a training day every other day
        expect(added).toBeGreaterThanOrEqual(siteNum * (1 + 2 * SESSION_DAYS))
        await seedApply(db(), 1001)
        expect(await count()).toBe(before + added)
        // a day later only the new day's sessions (and the new today) are added
        await seedApply(db(), 1001, new Date(Date.now() + DAY))
        const more = (await count()) - before - added
        expect(more).toBeGreaterThanOrEqual(siteNum * 3)
        expect(more).toBeLessThanOrEqual(siteNum * 4)
        const today = await db()
          .select()
          .from(applySession)
          .where(
            and(eq(applySession.examId, examId), gte(applySession.endAt, new Date()), eq(applySession.kind, 'exam')),
          )
          .orderBy(asc(applySession.startAt))
          .limit(1)
        expect(today[0]!.startAt.getTime()).toBeLessThanOrEqual(Date.now())
        expect(sec(today[0]!.endAt)).toBeGreaterThan(sec(new Date()))
        // the seeded all-day session of today is bookable at once
        const r = await book(today[0]!.id, learners[2]!.token)
        expect(r.code).toBe(200)
      })
    })
  })
}

applySuite('PGlite', freshPglite)
await onPostgres('apply', applySuite)
