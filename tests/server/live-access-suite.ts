/**
 * Access that ends (issue 24 §2, server/src/modules/live/access.ts; docs/DECISIONS.md "Hardening III"), on PGlite
 * (live-access.test.ts) and PostgreSQL (live-access.pg.test.ts): a learner buys a live goods, opens its room (chat
 * token, live HLS, a recording's playback URL, a lesson video) and has the refund approved by the staff desk: within
 * the access period the media URLs answer 403, the old chat token's LOGIN is refused and the socket in the room is
 * disconnected. An expired grant and a withdrawn mock application end it the same way; staff and free classes keep
 * theirs. The period is shortened here (config.live.accessCheckMs) so the test waits well under a second.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { and, eq, isNotNull, isNull, ne } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MOCK_SUBSCRIBE_STATUS } from '../../contract/schemas/exam-codes'
import { LIVE_CODE } from '../../contract/schemas/live-codes'
import { buildApp } from '../../server/src/app'
import { defaultConfig } from '../../server/src/config'
import type { Database } from '../../server/src/db'
import { liveChannel, liveRecording, liveSession, mockSubscribe, sysUser, userGoods } from '../../server/src/db/schema'
import { LiveAccess } from '../../server/src/modules/live/access'
import { livePaths } from '../../server/src/modules/live/video/nginx-conf'
import { liveAccessOf } from '../../server/src/modules/live/video/routes'
import { mintViewerId } from '../../server/src/modules/live/video/signs'
import { DEMO_VOD_PATH, LIVE_SEEDS } from '../../server/src/seed/live-data'
import { idCardCheckChar } from '../../shared/rules/id-card'
import { call, captchaFor, type Harness, RecordingSms, SECRET, smsCodeFor } from './helpers'
import { ChatClient, pause } from './live-chat-helpers'
import { goodsId, type Placed, place } from './shop-helpers'

const STAFF = 'live-access-staff-token-0123456789'
/** the access period of this test's server (30 s in production) */
const TTL = 400

export function liveAccessSuite(label: string, open: () => Promise<Database>) {
  describe(`live access that ends (${label})`, () => {
    let h: Harness
    let app: FastifyInstance
    let url = ''
    let dir = ''
    let phone = 0
    const clients: ChatClient[] = []
    /** the seeded live goods' room, its first session made live, with a ready recording and an HLS playlist */
    const room = { channelId: 0, goodsId: 0, sessionId: 0, streamKey: '' }
    const db = () => h.database.db

    beforeAll(async () => {
      const database = await open()
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'live-access-test-'))
      const base = defaultConfig()
      const sms = new RecordingSms()
      app = await buildApp({
        db: database.db,
        config: defaultConfig({
          secret: SECRET,
          rateLimit: { max: 1_000_000, loginMax: 1_000_000, smsMax: 1_000_000 },
          sms: { ...base.sms, perIpPerHour: 10_000 },
          staffToken: STAFF,
          live: { ...base.live, dir, accessCheckMs: TTL },
        }),
        services: { sms },
      })
      await app.listen({ port: 0, host: '127.0.0.1' })
      const addr = app.server.address()
      url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`
      h = { app, database, sms, close: async () => {} }

      room.goodsId = await goodsId(h, 1001, '一级建造师考前冲刺直播班')
      const [c] = await db()
        .select({ id: liveChannel.id, streamKey: liveChannel.streamKey })
        .from(liveChannel)
        .where(and(eq(liveChannel.tenantId, 1001), eq(liveChannel.goodsId, room.goodsId)))
      room.channelId = c!.id
      room.streamKey = c!.streamKey
      const [s] = await db()
        .select({ id: liveSession.id })
        .from(liveSession)
        .where(eq(liveSession.channelId, room.channelId))
        .limit(1)
      room.sessionId = s!.id
      await db()
        .update(liveSession)
        .set({ state: 'live', startedAt: new Date() })
        .where(eq(liveSession.id, room.sessionId))
      await db()
        .insert(liveRecording)
        .values({
          tenantId: 1001,
          channelId: room.channelId,
          sessionId: room.sessionId,
          path: DEMO_VOD_PATH,
          durationSeconds: 60,
          status: 'ready',
          startedAt: new Date(Date.now() - 600_000),
        })
      // what nginx-rtmp would write while the class streams
      const hls = path.join(livePaths(dir).hls, room.streamKey)
      fs.mkdirSync(hls, { recursive: true })
      fs.writeFileSync(path.join(hls, 'index.m3u8'), '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:2\n')
    })
    afterAll(async () => {
      for (const c of clients) c.close()
      await app?.close()
      await h?.database.close()
      if (dir) fs.rmSync(dir, { recursive: true, force: true })
    })

    const newLearner = async () => {
      const telPhone = `1377${String(process.pid % 1000).padStart(3, '0')}${String(5000 + ++phone).slice(-4)}`
      const code = await smsCodeFor(h, 'register', telPhone)
      const r = await call<{ token: string }>(app, 'POST /app/common/register_small', {
        body: { telPhone, code, password: 'Passw0rd' },
      })
      expect(r.code, r.msg).toBe(200)
      const [u] = await db()
        .select({ id: sysUser.id })
        .from(sysUser)
        .where(and(eq(sysUser.tenantId, 1001), eq(sysUser.telPhone, telPhone)))
      return { token: r.data.token, userId: u!.id, telPhone }
    }
    /** Bought through the local pay page, as the learner's browser does. */
    const buy = async (token: string, goodsIds = [room.goodsId]) => {
      const p = await place(h, token, { goodsIds })
      expect(p.code, p.msg).toBe(200)
      const placed = p.data as Placed
      expect((await app.inject({ method: 'GET', url: placed.pay!.payUrl! })).statusCode).toBe(200)
      const confirm = await app.inject({
        method: 'POST',
        url: `${placed.pay!.payUrl}/confirm`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      })
      expect(confirm.statusCode).toBe(303)
      return placed.orderId
    }
    const detail = (token: string, channelId = room.channelId, sessionId?: number) =>
      call(app, 'GET /study/record/getChannelBasicInfo', { token, query: { channelId, sessionId } })
    /** the room's detail: its chat token and media URLs */
    const enter = async (token: string, channelId = room.channelId, sessionId?: number) => {
      const d = await detail(token, channelId, sessionId)
      expect(d.code, d.msg).toBe(200)
      return d.data as { chatToken: string; stream: { hlsUrl: string }; playbackList: { url: string }[] }
    }
    const get = (u: string) => app.inject({ method: 'GET', url: u })
    const joined = async (chatToken: string) => {
      const c = await ChatClient.connect(url)
      clients.push(c)
      expect(await c.send('LOGIN', { token: chatToken })).toMatchObject({ ok: true })
      return c
    }
    const staffDesk = (method: 'GET' | 'POST', u: string, payload?: Record<string, unknown>) =>
      app.inject({
        method,
        url: `/api/staff/${u}`,
        headers: { 'x-staff-token': STAFF, 'tenant-id': '1001' },
        ...(payload ? { payload } : {}),
      })

    it('a refund approved by the staff ends the room: media 403, the old chat token refused, the socket closed', async () => {
      const me = await newLearner()
      // one order: the live class and a course with lesson videos
      const course = await goodsId(h, 1001, '特种作业低压电工取证班')
      const orderId = await buy(me.token, [room.goodsId, course])
      const room1 = await enter(me.token)
      const hlsUrl = room1.stream.hlsUrl
      const vodUrl = room1.playbackList[0]!.url
      expect(hlsUrl).toMatch(new RegExp(`^/api/live/hls/[^/]+/${room.streamKey}/index\\.m3u8$`))
      expect((await get(hlsUrl)).statusCode).toBe(200)
      expect((await get(vodUrl)).statusCode).toBe(200)
      // a lesson video of the course, signed through the grant: the URL names the learner and the goods
      const menu = await call(app, 'GET /app/common/course/menuList', { query: { goodsId: course } })
      const sections = menu.data.flatMap(
        (c: { sectionList: { sectionId: number; audition: boolean }[] }) => c.sectionList,
      )
      const paid = sections.find((s: { audition: boolean }) => !s.audition)!
      const audition = sections.find((s: { audition: boolean }) => s.audition)
      const v = await call(app, 'GET /vod/video/sign/:id', {
        token: me.token,
        params: { id: paid.sectionId },
        query: { goodsId: course },
      })
      expect(v.code, v.msg).toBe(200)
      const videoUrl = v.data.url as string
      expect(videoUrl).toMatch(new RegExp(`&h=1001\\.${me.userId}\\.${course}$`))
      expect((await app.inject({ url: videoUrl, headers: { range: 'bytes=0-9' } })).statusCode).toBe(206)
      // the URL's holder is under its sign: another learner's or goods' name breaks it
      expect(
        (await app.inject({ url: videoUrl.replace(/&h=.*$/, `&h=1001.${me.userId}.${room.goodsId}`) })).statusCode,
      ).toBe(403)
      expect((await app.inject({ url: videoUrl.replace(/&h=.*$/, '') })).statusCode).toBe(403)
      // the player's polls: one database read per learner and channel per period, not one per request
      const access = liveAccessOf(app)!
      const reads = access.reads
      const started = Date.now()
      for (let i = 0; i < 20; i++) expect((await get(hlsUrl)).statusCode).toBe(200)
      expect(access.reads - reads).toBeLessThanOrEqual(Math.ceil((Date.now() - started) / TTL) + 1)

      const sock = await joined(room1.chatToken)
      // Polyv's verify URL asks the same question of the viewer id it is given
      const verify = async () =>
        (
          await get(
            `/api/live/verify?${new URLSearchParams({
              userid: mintViewerId(SECRET, { tenantId: 1001, userId: me.userId, channelId: room.channelId }),
              ts: String(Date.now()),
              token: 'abc123',
              channelId: String(room.channelId),
            })}`,
          )
        ).json()
      expect(await verify()).toMatchObject({ status: 1 })

      // the learner asks for a refund, the staff desk approves it (which revokes the grant)
      const asked = await call(app, 'POST /order/refund', { token: me.token, body: { orderId, reason: '不想学了' } })
      expect(asked.code, asked.msg).toBe(200)
      const approved = await staffDesk('POST', `refunds/${orderId}`, { approve: true })
      expect(approved.statusCode, approved.body).toBe(200)
      const at = Date.now()

      // the socket in the room is closed by the server within the period (plus the check's query)
      await sock.waitDisconnect(TTL * 3 + 2000)
      expect(sock.disconnectedBy).toBe('io server disconnect')
      expect(Date.now() - at).toBeLessThan(TTL * 2 + 1500)
      // once the period has passed since the refund, no answer kept from before it is used
      await pause(Math.max(0, at + TTL + 50 - Date.now()))
      for (const u of [hlsUrl, hlsUrl.replace('index.m3u8', 'seg-1.ts'), vodUrl]) {
        const r = await get(u)
        expect(r.statusCode, u).toBe(403)
        expect(JSON.parse(r.body)).toMatchObject({ code: 403, msg: 'your access to this class has ended' })
      }
      const video = await app.inject({ url: videoUrl, headers: { range: 'bytes=0-9' } })
      expect(video.statusCode).toBe(403)
      expect(JSON.parse(video.body).msg).toBe('your access to this course has ended')
      // a free trial (audition) names nobody and still plays
      if (audition) {
        const trial = await call(app, 'GET /vod/video/sign/:id', {
          token: me.token,
          params: { id: audition.sectionId },
          query: { goodsId: course },
        })
        expect(trial.code, trial.msg).toBe(200)
        expect(trial.data.url).not.toContain('&h=')
        expect((await app.inject({ url: trial.data.url, headers: { range: 'bytes=0-9' } })).statusCode).toBe(206)
      }
      expect(await verify()).toEqual({ status: 0, message: 'userid: the viewer may no longer watch this channel' })
      // the chat token minted before the refund (valid 1 h) no longer logs in
      const again = await ChatClient.connect(url)
      clients.push(again)
      expect(await again.send('LOGIN', { token: room1.chatToken })).toEqual({
        ok: false,
        code: 'TOKEN',
        message: 'your access to this class has ended',
      })
      await again.waitDisconnect()
      // and the room says why (what the app shows when it asks for the room again)
      const refused = await detail(me.token)
      expect(refused.code).toBe(LIVE_CODE.notEntitled)
      expect(refused.data).toEqual({ goodsId: room.goodsId })
    })

    it('an expired grant ends it the same way; staff and the free class keep theirs', async () => {
      const me = await newLearner()
      await buy(me.token)
      const room1 = await enter(me.token)
      const sock = await joined(room1.chatToken)
      // staff enter every room; a free class is open to every learner
      const assistant = LIVE_SEEDS[1001]!.staff.find((s) => s.staffRole === 'assistant')!
      const c = await captchaFor(h, 1001)
      const login = await call<{ token: string }>(app, 'POST /app/common/account_login', {
        body: { account: assistant.phone, password: 'Demo1234', code: c.code, uuid: c.uuid },
      })
      expect(login.code, login.msg).toBe(200)
      const staffRoom = await enter(login.data.token)
      const staffSock = await joined(staffRoom.chatToken)
      const [free] = await db()
        .select({ id: liveChannel.id, sessionId: liveRecording.sessionId })
        .from(liveChannel)
        .innerJoin(liveRecording, eq(liveRecording.channelId, liveChannel.id))
        .where(
          and(
            eq(liveChannel.tenantId, 1001),
            isNull(liveChannel.goodsId),
            isNull(liveChannel.examId),
            eq(liveRecording.path, DEMO_VOD_PATH),
          ),
        )
        .orderBy(liveChannel.id)
        .limit(1)
      const freeRoom = await enter(me.token, free!.id, free!.sessionId)
      const freeVod = freeRoom.playbackList[0]?.url
      expect(freeVod).toBeTruthy()

      await db()
        .update(userGoods)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(and(eq(userGoods.userId, me.userId), eq(userGoods.goodsId, room.goodsId)))
      const at = Date.now()
      await sock.waitDisconnect(TTL * 3 + 2000)
      await pause(Math.max(0, at + TTL + 50 - Date.now()))
      expect((await get(room1.stream.hlsUrl)).statusCode).toBe(403)
      expect((await get(room1.playbackList[0]!.url)).statusCode).toBe(403)
      // the others are untouched: the staff socket stays, the staff media and the free class play
      await pause(TTL * 2)
      expect(staffSock.socket.connected).toBe(true)
      expect((await get(staffRoom.stream.hlsUrl)).statusCode).toBe(200)
      expect((await get(freeVod!)).statusCode).toBe(200)
    })

    it('a kick ends the class for the learner: live video, its replay and the chat, until let back in (issue 25)', async () => {
      const me = await newLearner()
      await buy(me.token)
      const room1 = await enter(me.token)
      const sock = await joined(room1.chatToken)
      expect((await get(room1.stream.hlsUrl)).statusCode).toBe(200)
      expect((await get(room1.playbackList[0]!.url)).statusCode).toBe(200)
      // the assistant kicks the learner from the console (any moderator may)
      const assistant = LIVE_SEEDS[1001]!.staff.find((s) => s.staffRole === 'assistant')!
      const c = await captchaFor(h, 1001)
      const login = await call<{ token: string }>(app, 'POST /app/common/account_login', {
        body: { account: assistant.phone, password: 'Demo1234', code: c.code, uuid: c.uuid },
      })
      expect(login.code, login.msg).toBe(200)
      const staff = await joined((await enter(login.data.token)).chatToken)
      const at = Date.now()
      expect(await staff.send('KICK', { userId: me.userId })).toMatchObject({ ok: true })
      await sock.waitDisconnect()
      // the video of the class and its replay are refused at once (a gate, not the 30 s entitlement answer)
      for (const u of [
        room1.stream.hlsUrl,
        room1.stream.hlsUrl.replace('index.m3u8', 'seg-1.ts'),
        room1.playbackList[0]!.url,
      ]) {
        const r = await get(u)
        expect(r.statusCode, u).toBe(403)
        expect(JSON.parse(r.body).msg).toBe('your access to this class has ended')
      }
      // the room says he was removed and until when, and hands out no stream
      const removed = await detail(me.token, room.channelId, room.sessionId)
      expect(removed.code, removed.msg).toBe(200)
      expect(removed.data.stream.hlsUrl).toBe('')
      expect(removed.data.removedUntil).toBeGreaterThanOrEqual(at + 24 * 3600_000 - 1000)
      expect(removed.data.removedUntil).toBeLessThanOrEqual(Date.now() + 24 * 3600_000)
      // the chat refuses him (KICKED), whatever token he holds
      const again = await ChatClient.connect(url)
      clients.push(again)
      expect(await again.send('LOGIN', { token: removed.data.chatToken })).toMatchObject({ ok: false, code: 'KICKED' })
      // the other classes of the room are not his kick's: another session's detail is not removed
      const [other] = await db()
        .select({ id: liveSession.id })
        .from(liveSession)
        .where(and(eq(liveSession.channelId, room.channelId), ne(liveSession.id, room.sessionId)))
        .limit(1)
      const elsewhere = await detail(me.token, room.channelId, other!.id)
      expect(elsewhere.data.removedUntil ?? 0).toBe(0)
      // let back in (REMOVE_SHIELD lifts the kick): video, replay and room are his again
      expect(await staff.send('REMOVE_SHIELD', { userId: me.userId })).toMatchObject({ ok: true })
      const back = await enter(me.token, room.channelId, room.sessionId)
      expect((back as { removedUntil?: number }).removedUntil ?? 0).toBe(0)
      expect((await get(back.stream.hlsUrl)).statusCode).toBe(200)
      expect((await get(room1.playbackList[0]!.url)).statusCode).toBe(200)
    })

    it('a withdrawn mock application ends the mock room; the check reads the database', async () => {
      const me = await newLearner()
      const [mockRoom] = await db()
        .select({ id: liveChannel.id, examId: liveChannel.examId })
        .from(liveChannel)
        .where(and(eq(liveChannel.tenantId, 1001), eq(liveChannel.status, 1), isNotNull(liveChannel.examId)))
        .orderBy(liveChannel.id)
        .limit(1)
      expect(mockRoom).toBeDefined()
      const first17 = '11010119900307123'
      const applied = await call(app, 'POST /mock/subscribe', {
        token: me.token,
        body: {
          examId: mockRoom!.examId,
          realName: '王小明',
          telPhone: me.telPhone,
          idCard: `${first17}${idCardCheckChar(first17)}`,
        },
      })
      expect(applied.code, applied.msg).toBe(200)
      const check = new LiveAccess(db(), { ttlMs: 60_000 })
      const who = { tenantId: 1001, userId: me.userId, channelId: mockRoom!.id }
      expect(await check.may(who)).toBe(true)
      // withdrawn (what POST /mock/subscribe/edit {action: 'cancel'} writes)
      await db()
        .update(mockSubscribe)
        .set({ status: MOCK_SUBSCRIBE_STATUS.cancelled })
        .where(and(eq(mockSubscribe.userId, me.userId), eq(mockSubscribe.examId, mockRoom!.examId!)))
      expect(await check.may(who)).toBe(true) // the kept answer, within its period
      expect(await check.may(who, { fresh: true })).toBe(false)
      expect((await check.entitled(1001, mockRoom!.id, [me.userId])).has(me.userId)).toBe(false)
      // another tenant's channel id, or a channel that does not exist, lets nobody in
      expect(await check.may({ ...who, tenantId: 1002 }, { fresh: true })).toBe(false)
      expect(await check.may({ ...who, channelId: 2_000_000_000 }, { fresh: true })).toBe(false)
    })

    it('keeps at most `max` answers and reads again after the period (an injected clock)', async () => {
      const me = await newLearner()
      let now = 1_000_000
      const check = new LiveAccess(db(), { ttlMs: 30_000, max: 2, now: () => now })
      const who = (channelId: number) => ({ tenantId: 1001, userId: me.userId, channelId })
      // concurrent asks share one read
      await Promise.all(Array.from({ length: 10 }, () => check.may(who(room.channelId))))
      expect(check.reads).toBe(1)
      now += 29_999
      await check.may(who(room.channelId))
      expect(check.reads).toBe(1)
      now += 2
      expect(await check.may(who(room.channelId))).toBe(false) // never bought
      expect(check.reads).toBe(2)
      // two more keys push the first out
      await check.may(who(room.channelId + 1))
      await check.may(who(room.channelId + 2))
      expect(check.reads).toBe(4)
      await check.may(who(room.channelId))
      expect(check.reads).toBe(5)
      // a gate (issue 25: the kick) refuses after the entitlement, asked on every request
      const [free] = await db()
        .select({ id: liveChannel.id })
        .from(liveChannel)
        .innerJoin(liveRecording, eq(liveRecording.channelId, liveChannel.id))
        .where(
          and(
            eq(liveChannel.tenantId, 1001),
            isNull(liveChannel.goodsId),
            isNull(liveChannel.examId),
            eq(liveRecording.path, DEMO_VOD_PATH),
          ),
        )
        .limit(1)
      let kicked = false
      check.addGate(async () => !kicked)
      expect(await check.may(who(free!.id))).toBe(true)
      kicked = true
      expect(await check.may(who(free!.id))).toBe(false)
    })
  })
}
