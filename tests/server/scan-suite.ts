/**
 * Scan login (docs/DECISIONS.md "Scan login"): a PC's ticket, the poll, the learner's scan / confirm / cancel, the
 * PC's session collected once and working, the poll key (the QR alone collects nothing), expired / used / cancelled /
 * another learner's / another school's tickets refused, the per-address limit, two confirms or two polls racing,
 * and the PC's session under the single-device lock.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../server/src/db'
import { scanTicket, userLock } from '../../server/src/db/schema'
import { call, type Harness, harness, nextIp, smsCodeFor } from './helpers'

const CHROME_WIN =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36'

type Code = {
  ticket: string
  pollKey: string | null
  qrPath: string
  status: string
  expiresAt: number
  login: { token: string; userAccount: string; newUser: boolean } | null
}
type Check = {
  status: string
  expiresAt: number
  device: { browser: string; os: string; ip: string; createTime: number }
}

let phoneSeq = 0

export function scanSuite(label: string, open: () => Promise<Database>) {
  describe(`scan login (${label})`, () => {
    let h: Harness
    const db = () => h.database.db

    beforeAll(async () => {
      h = await harness(await open())
    })
    afterAll(async () => {
      await h?.close()
    })

    /** A new learner on a phone (SMS login of an unknown phone creates the account). */
    async function learner(tenant: 1001 | 1002 = 1001) {
      const phone = `137${String(Date.now() % 100_000).padStart(5, '0')}${String(++phoneSeq % 1000).padStart(3, '0')}`
      const code = await smsCodeFor(h, 'login', phone, tenant)
      const deviceUuid = `phone-${phone}`
      const r = await call<{ token: string; userAccount: string }>(h.app, 'POST /app/common/sms_login', {
        tenant,
        body: { telPhone: phone, code, deviceUuid },
      })
      if (r.code !== 200) throw new Error(`login failed: ${r.raw}`)
      const info = await call<{ userId: number }>(h.app, 'GET /app/user/getInfo', { tenant, token: r.data.token })
      return { token: r.data.token, userAccount: r.data.userAccount, userId: info.data.userId, tenant, deviceUuid }
    }
    type Learner = Awaited<ReturnType<typeof learner>>

    /** The PC asks for a QR code (a desktop Chrome on Windows, from 203.0.113.7 unless told). */
    async function newCode(o: { tenant?: number; ip?: string; deviceUuid?: string } = {}) {
      const qs = new URLSearchParams(o.deviceUuid === undefined ? { deviceUuid: 'pc-device-0001' } : {})
      if (o.deviceUuid) qs.set('deviceUuid', o.deviceUuid)
      const res = await h.app.inject({
        method: 'GET',
        url: `/api/scan_code?${qs}`,
        headers: { 'tenant-id': String(o.tenant ?? 1001), 'user-agent': CHROME_WIN },
        remoteAddress: o.ip ?? '203.0.113.7',
      })
      return JSON.parse(res.body) as { code: number; msg: string; data: Code }
    }
    const pollCode = (ticket: string, pollKey: string | undefined, tenant = 1001) =>
      call<Code>(h.app, 'GET /scan_code', { tenant, query: { ticket, pollKey } })
    const check = (l: Learner | null, ticket: string, action: string, tenant = l?.tenant ?? 1001) =>
      call<Check>(h.app, 'POST /scan_login_check', { tenant, token: l?.token, body: { ticket, action } })
    const rowOf = async (ticket: string) =>
      (await db().select().from(scanTicket).where(eq(scanTicket.ticket, ticket)))[0]!
    const expire = (ticket: string) =>
      db()
        .update(scanTicket)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(scanTicket.ticket, ticket))

    it('creates a short-lived ticket with a poll key and polls it while it waits', async () => {
      const r = await newCode()
      expect(r.code, r.msg).toBe(200)
      const c = r.data
      expect(c.ticket).toMatch(/^[A-Za-z0-9_-]{32}$/)
      expect(c.pollKey).toMatch(/^[A-Za-z0-9_-]{32}$/)
      expect(c.pollKey).not.toBe(c.ticket)
      expect(c.qrPath).toBe(`/pages4/login/pcLogin?ticket=${c.ticket}`)
      expect(c.status).toBe('waiting')
      expect(c.login).toBeNull()
      const left = c.expiresAt - Date.now() / 1000
      expect(left).toBeGreaterThan(170)
      expect(left).toBeLessThanOrEqual(181)
      // stored: the poll key only as its hash
      const row = await rowOf(c.ticket)
      expect(row.tenantId).toBe(1001)
      expect(row.pollKeyHash).not.toContain(c.pollKey)
      expect(row.pcDeviceUuid).toBe('pc-device-0001')

      const p = await pollCode(c.ticket, c.pollKey!)
      expect(p.code, p.msg).toBe(200)
      expect(p.data).toMatchObject({ ticket: c.ticket, status: 'waiting', pollKey: null, login: null })
      // two tickets are never the same
      expect((await newCode()).data.ticket).not.toBe(c.ticket)
    })

    it('refuses bad input naming the field, and a poll without the right key gets nothing', async () => {
      const c = (await newCode()).data
      const noKey = await pollCode(c.ticket, undefined)
      expect(noKey.code).toBe(400)
      expect(noKey.msg).toMatch(/^pollKey: /)
      const wrongKey = await pollCode(c.ticket, 'x'.repeat(32))
      expect(wrongKey.code).toBe(404)
      expect(wrongKey.data).toBeNull()
      const badTicket = await pollCode('not a ticket!', c.pollKey!)
      expect(badTicket.code).toBe(400)
      expect(badTicket.msg).toMatch(/^ticket: /)
      const l = await learner()
      const badAction = await check(l, c.ticket, 'steal')
      expect(badAction.code).toBe(400)
      expect(badAction.msg).toMatch(/^action: /)
      const badCheck = await check(l, 'short', 'scan')
      expect(badCheck.code).toBe(400)
      expect(badCheck.msg).toMatch(/^ticket: /)
      expect((await rowOf(c.ticket)).status).toBe('waiting')
      expect((await check(l, 'A'.repeat(32), 'scan')).code).toBe(404)
    })

    it('needs a logged-in learner to scan, confirm or cancel', async () => {
      const c = (await newCode()).data
      for (const action of ['scan', 'confirm', 'cancel']) {
        const r = await check(null, c.ticket, action)
        expect(r.code).toBe(401)
        expect(r.status).toBe(401)
      }
      expect((await rowOf(c.ticket)).status).toBe('waiting')
    })

    it('scan shows the device, confirm signs the PC in once with its own session', async () => {
      const a = await learner()
      const c = (await newCode()).data
      const scanned = await check(a, c.ticket, 'scan')
      expect(scanned.code, scanned.msg).toBe(200)
      expect(scanned.data.status).toBe('scanned')
      expect(scanned.data.device).toMatchObject({ browser: 'Chrome 120', os: 'Windows 10', ip: '203.0.*.*' })
      expect(Math.abs(scanned.data.device.createTime - Date.now() / 1000)).toBeLessThan(30)
      // the confirm page reloaded: the same learner scans again
      expect((await check(a, c.ticket, 'scan')).code).toBe(200)

      // the PC sees it was scanned, not by whom
      const p1 = await pollCode(c.ticket, c.pollKey!)
      expect(p1.data.status).toBe('scanned')
      expect(p1.data.login).toBeNull()
      expect(p1.raw).not.toContain(a.userAccount)

      const confirmed = await check(a, c.ticket, 'confirm')
      expect(confirmed.code, confirmed.msg).toBe(200)
      expect(confirmed.data.status).toBe('confirmed')

      // someone who only saw the QR (the ticket) cannot collect the session
      const thief = await pollCode(c.ticket, 'y'.repeat(32))
      expect(thief.code).toBe(404)
      expect(thief.raw).not.toMatch(/token/)

      const p2 = await pollCode(c.ticket, c.pollKey!)
      expect(p2.code, p2.msg).toBe(200)
      expect(p2.data.status).toBe('consumed')
      expect(p2.data.login).toMatchObject({ userAccount: a.userAccount, newUser: false })
      const pcToken = p2.data.login!.token
      expect(pcToken).not.toBe(a.token)
      const info = await call<{ userId: number }>(h.app, 'GET /app/user/getInfo', { token: pcToken })
      expect(info.code, info.msg).toBe(200)
      expect(info.data.userId).toBe(a.userId)
      // the phone's session goes on
      expect((await call(h.app, 'GET /app/user/getInfo', { token: a.token })).code).toBe(200)

      // once: a second poll gets no token, the ticket cannot be confirmed or scanned again
      const p3 = await pollCode(c.ticket, c.pollKey!)
      expect(p3.data.status).toBe('consumed')
      expect(p3.data.login).toBeNull()
      const again = await check(a, c.ticket, 'confirm')
      expect(again.code).toBe(400)
      expect(again.msg).toBe('scan code has already been used')
      expect((await check(a, c.ticket, 'scan')).msg).toBe('scan code has already been used')
    })

    it('another learner can neither take over nor confirm a ticket the first one scanned', async () => {
      const a = await learner()
      const b = await learner()
      const c = (await newCode()).data
      expect((await check(a, c.ticket, 'scan')).code).toBe(200)
      for (const action of ['scan', 'confirm', 'cancel']) {
        const r = await check(b, c.ticket, action)
        expect(r.code).toBe(403)
        expect(r.msg).toBe('scan code was scanned by another account')
      }
      const row = await rowOf(c.ticket)
      expect(row).toMatchObject({ status: 'scanned', userId: a.userId })
      expect((await check(a, c.ticket, 'confirm')).code).toBe(200)
      const p = await pollCode(c.ticket, c.pollKey!)
      expect(p.data.login!.userAccount).toBe(a.userAccount)
    })

    it('confirm needs a scan first', async () => {
      const a = await learner()
      const c = (await newCode()).data
      const r = await check(a, c.ticket, 'confirm')
      expect(r.code).toBe(400)
      expect(r.msg).toBe('scan the code before confirming')
      expect((await rowOf(c.ticket)).status).toBe('waiting')
    })

    it('refuses an expired ticket: to scan, to confirm, and the poll says expired', async () => {
      const a = await learner()
      const c = (await newCode()).data
      await expire(c.ticket)
      const r = await check(a, c.ticket, 'scan')
      expect(r.code).toBe(400)
      expect(r.msg).toBe('scan code has expired')
      expect((await pollCode(c.ticket, c.pollKey!)).data.status).toBe('expired')

      // scanned in time, confirmed too late
      const d = (await newCode()).data
      expect((await check(a, d.ticket, 'scan')).code).toBe(200)
      await expire(d.ticket)
      const late = await check(a, d.ticket, 'confirm')
      expect(late.code).toBe(400)
      expect(late.msg).toBe('scan code has expired')

      // confirmed, but the PC came back after the time to collect: no session
      const e = (await newCode()).data
      expect((await check(a, e.ticket, 'scan')).code).toBe(200)
      expect((await check(a, e.ticket, 'confirm')).code).toBe(200)
      await expire(e.ticket)
      const p = await pollCode(e.ticket, e.pollKey!)
      expect(p.data.status).toBe('expired')
      expect(p.data.login).toBeNull()
    })

    it('a scan gives the learner at least a minute to confirm', async () => {
      const a = await learner()
      const c = (await newCode()).data
      await db()
        .update(scanTicket)
        .set({ expiresAt: new Date(Date.now() + 5_000) })
        .where(eq(scanTicket.ticket, c.ticket))
      const r = await check(a, c.ticket, 'scan')
      expect(r.data.expiresAt - Date.now() / 1000).toBeGreaterThan(55)
    })

    it('cancel ends the ticket: the PC is told, confirming is refused', async () => {
      const a = await learner()
      const c = (await newCode()).data
      expect((await check(a, c.ticket, 'scan')).code).toBe(200)
      const r = await check(a, c.ticket, 'cancel')
      expect(r.code, r.msg).toBe(200)
      expect(r.data.status).toBe('cancelled')
      expect((await pollCode(c.ticket, c.pollKey!)).data).toMatchObject({ status: 'cancelled', login: null })
      const confirm = await check(a, c.ticket, 'confirm')
      expect(confirm.code).toBe(400)
      expect(confirm.msg).toBe('scan code was cancelled')
    })

    it("refuses another school's ticket: neither its learners nor its polls see it", async () => {
      const other = await learner(1002)
      const c = (await newCode({ tenant: 1001 })).data
      const r = await check(other, c.ticket, 'scan', 1002)
      expect(r.code).toBe(404)
      expect(r.msg).toBe('scan code not found')
      expect((await pollCode(c.ticket, c.pollKey!, 1002)).code).toBe(404)
      expect((await rowOf(c.ticket)).status).toBe('waiting')
      // a learner of school A presenting a token under school B is refused too
      const a = await learner(1001)
      expect((await check(a, c.ticket, 'scan', 1002)).code).toBe(401)
    })

    it('two confirms and two polls racing: exactly one wins each', async () => {
      const a = await learner()
      const c = (await newCode()).data
      expect((await check(a, c.ticket, 'scan')).code).toBe(200)
      const confirms = await Promise.all([1, 2, 3].map(() => check(a, c.ticket, 'confirm')))
      expect(confirms.filter((r) => r.code === 200)).toHaveLength(1)
      expect(confirms.filter((r) => r.code === 400)).toHaveLength(2)
      const polls = await Promise.all([1, 2, 3].map(() => pollCode(c.ticket, c.pollKey!)))
      expect(polls.every((p) => p.code === 200)).toBe(true)
      expect(polls.filter((p) => p.data.login !== null)).toHaveLength(1)
    })

    it('limits new QR codes per address', async () => {
      const ip = `198.51.100.${(phoneSeq % 200) + 1}`
      for (let i = 0; i < 30; i++) expect((await newCode({ ip })).code).toBe(200)
      const r = await newCode({ ip })
      expect(r.code).toBe(429)
      expect(r.msg).toBe('too many scan codes from this address: retry in a few minutes')
      expect((await newCode({ ip: nextIp() })).code).toBe(200)
    })

    it("the PC's session is another device under the single-device lock", async () => {
      const a = await learner()
      const lock = (token: string, uuid: string, key: 'POST /lock/lockAction' | 'POST /lock/lockStatus') =>
        call(h.app, key, { token, body: { action: 'jxjy', uuid } })
      // the phone holds the lock
      expect((await lock(a.token, a.deviceUuid, 'POST /lock/lockAction')).code).toBe(200)
      const pcUuid = `pc-${a.deviceUuid}`
      const c = (await newCode({ deviceUuid: pcUuid })).data
      await check(a, c.ticket, 'scan')
      await check(a, c.ticket, 'confirm')
      const pcToken = (await pollCode(c.ticket, c.pollKey!)).data.login!.token
      // the PC asks lockStatus after login: another device (the phone) is active
      const status = await lock(pcToken, pcUuid, 'POST /lock/lockStatus')
      expect(status.code).toBe(200)
      // the PC takes over: the phone's session is displaced (409), the PC's goes on
      expect((await call(h.app, 'POST /app/user/offline', { token: pcToken, body: { uuid: pcUuid } })).code).toBe(200)
      expect((await call(h.app, 'GET /app/user/getInfo', { token: a.token })).code).toBe(409)
      expect((await call(h.app, 'GET /app/user/getInfo', { token: pcToken })).code).toBe(200)
      // the PC now holds the lock: the phone's device would be asked to take over on its next login
      expect((await lock(pcToken, pcUuid, 'POST /lock/lockAction')).code).toBe(200)
      const [held] = await db().select().from(userLock).where(eq(userLock.userId, a.userId))
      expect(held?.uuid).toBe(pcUuid)
    })
  })
}
