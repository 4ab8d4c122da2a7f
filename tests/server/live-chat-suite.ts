/**
 * The live chat server (server/src/modules/live/chat) through real socket.io clients, on PGlite (live-chat.test.ts) and
 * PostgreSQL (live-chat.pg.test.ts): tokens, the speak rules, moderation and who may do it, tenant isolation,
 * study time from heartbeats, class start/end from the video side, and busy-room delivery (merged batches, the
 * per-client cap with staff messages and control events never dropped).
 */
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CHAT_SERVER, type ChatMessage, LIVE, playbackRoomId } from '../../contract/schemas/live-codes'
import { buildApp } from '../../server/src/app'
import { defaultConfig } from '../../server/src/config'
import type { Database } from '../../server/src/db'
import {
  config as configTable,
  liveBan,
  liveChannel,
  liveChat,
  liveWatch,
  uploadObject,
} from '../../server/src/db/schema'
import { LiveEvents } from '../../server/src/modules/live/events'
import { mintChatToken } from '../../server/src/modules/live/token'
import { createLiveProvider } from '../../server/src/modules/live/video'
import { ChatClient, makeRoom, makeUsers, pause, type Room, tokenFor } from './live-chat-helpers'

const SECRET = 'chat-test-secret'

export function liveChatSuite(label: string, open: () => Promise<Database>) {
  describe(`live chat server (${label})`, () => {
    let database: Database
    let app: FastifyInstance
    let url = ''
    const events = new LiveEvents()
    const clients: ChatClient[] = []
    /** spare accounts of tenant 1001 (each test takes fresh ones: the 3 s limit is per user) */
    let pool: number[] = []
    let other: number[] = []
    const users = (n: number) => pool.splice(0, n)

    beforeAll(async () => {
      database = await open()
      const config = defaultConfig({ secret: SECRET, rateLimit: { max: 1_000_000, loginMax: 1000, smsMax: 1000 } })
      // the default provider (live video is off in the default config); the events are the test's to emit
      const live = { provider: createLiveProvider(config), events }
      app = await buildApp({ db: database.db, config, services: { live } })
      await app.listen({ port: 0, host: '127.0.0.1' })
      const addr = app.server.address()
      url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`
      // tenant 1001's censored words (the server caches the list for a while: set before any chat)
      await database.db
        .insert(configTable)
        .values({ tenantId: 1001, configKey: 'live.censorWords', configValue: JSON.stringify(['BadWord', '赌博']) })
        .onConflictDoUpdate({
          target: [configTable.tenantId, configTable.configKey],
          set: { configValue: JSON.stringify(['BadWord', '赌博']) },
        })
      pool = await makeUsers(database.db, 1001, 120)
      other = await makeUsers(database.db, 1002, 4)
    })
    afterAll(async () => {
      for (const c of clients) c.close()
      await app?.close()
      await database?.close()
    })

    const connect = async () => {
      const c = await ChatClient.connect(url)
      clients.push(c)
      return c
    }
    /** a logged-in client */
    const join = async (room: Room, userId: number, userType: Parameters<typeof tokenFor>[3] = 'student') => {
      const c = await connect()
      const ack = await c.send('LOGIN', { token: tokenFor(SECRET, room, userId, userType) })
      expect(ack, `login of ${userType} ${userId}`).toMatchObject({ ok: true })
      return c
    }
    const chatRows = (room: Room) =>
      database.db
        .select()
        .from(liveChat)
        .where(and(eq(liveChat.tenantId, room.tenantId), eq(liveChat.sessionId, room.sessionId)))
        .orderBy(liveChat.id)
    const channelRow = async (room: Room) =>
      (await database.db.select().from(liveChannel).where(eq(liveChannel.id, room.channelId)))[0]!

    it('refuses bad, expired, forged and other-tenant tokens with "chat room token error" and closes the socket', async () => {
      const room = await makeRoom(database.db, 1001)
      const [u] = users(1)
      const tenant2 = await makeRoom(database.db, 1002)
      const cases = {
        garbage: 'not-a-token',
        missing: undefined,
        expired: tokenFor(SECRET, room, u!, 'student', { now: Date.now() - (LIVE.CHAT_TOKEN_TTL_S + 60) * 1000 }),
        forged: tokenFor('another-secret', room, u!),
        // a real signature, but the channel and session are tenant 1001's: no such room in tenant 1002
        otherTenant: tokenFor(SECRET, room, u!, 'student', { tenantId: 1002 }),
        // a session of another channel
        wrongSession: mintChatToken(SECRET, {
          tenantId: 1001,
          userId: u!,
          channelId: room.channelId,
          sessionId: tenant2.sessionId,
          userType: 'student',
          nick: 'x',
          pic: '',
          mode: 'live',
        }),
      }
      for (const [name, token] of Object.entries(cases)) {
        const c = await connect()
        const ack = await c.send('LOGIN', { token: token as string })
        expect(ack, name).toEqual({ ok: false, code: 'TOKEN', message: 'chat room token error' })
        await c.waitDisconnect()
        expect(c.disconnectedBy, name).toBe('io server disconnect')
      }
      // a tampered payload with the original signature
      const good = tokenFor(SECRET, room, u!)
      const [payload, sig] = good.split('.')
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString())
      const tampered = `${Buffer.from(JSON.stringify({ ...claims, userType: 'teacher' })).toString('base64url')}.${sig}`
      const c = await connect()
      expect(await c.send('LOGIN', { token: tampered })).toMatchObject({ ok: false, code: 'TOKEN' })
    })

    it('answers every event before LOGIN with NOT_LOGGED_IN, and bad packets with BAD_REQUEST', async () => {
      const c = await connect()
      expect(await c.send('SPEAK', { values: ['hi'] })).toMatchObject({ ok: false, code: 'NOT_LOGGED_IN' })
      expect(await c.send('CLOSEROOM', { value: true })).toMatchObject({ ok: false, code: 'NOT_LOGGED_IN' })
      expect(await c.send('HEARTBEAT', { playing: true })).toMatchObject({ ok: false, code: 'NOT_LOGGED_IN' })
      expect(await c.sendRaw('{not json')).toMatchObject({ ok: false, code: 'BAD_REQUEST' })
      expect(await c.sendRaw(JSON.stringify({ EVENT: 'NOPE' }))).toMatchObject({ ok: false, code: 'BAD_REQUEST' })
      expect(c.socket.connected).toBe(true)
    })

    it('logs in with the room snapshot and tells the room who came and went', async () => {
      const room = await makeRoom(database.db, 1001, 'waiting')
      await database.db
        .update(liveChannel)
        .set({ bulletin: 'welcome', likes: 7 })
        .where(eq(liveChannel.id, room.channelId))
      const [t, s1, s2] = users(3)
      const teacher = await join(room, t!, 'teacher')
      const c = await connect()
      const ack = await c.send('LOGIN', { token: tokenFor(SECRET, room, s1!) })
      expect(ack).toEqual({
        ok: true,
        room: {
          roomId: `1001:${room.channelId}:${room.sessionId}`,
          sessionId: room.sessionId,
          channelId: room.channelId,
          me: { userId: s1, nick: `student${s1}`, pic: '', userType: 'student', actor: 'student' },
          playback: false,
          state: 'waiting',
          chatClosed: false,
          bulletin: 'welcome',
          likes: 7,
          bannedUntil: 0,
          online: { staff: 1, audience: 1 },
          // nothing runs yet (the interactions: live-interactions-suite.ts)
          active: { checkin: null, questionnaire: null, test: null, micOpen: false, mutedAll: false },
        },
      })
      expect(await c.send('LOGIN', { token: tokenFor(SECRET, room, s1!) })).toMatchObject({
        ok: false,
        code: 'BAD_REQUEST',
      })
      await teacher.waitEvent('LOGIN')
      expect(teacher.of('LOGIN')[0]).toMatchObject({ user: { userId: s1 }, online: { staff: 1, audience: 1 } })
      const s2c = await join(room, s2!)
      await teacher.waitEvent('LOGIN', 2)
      expect(await s2c.send('ONLINE_LIST', { page: 1 })).toEqual({ ok: true })
      await s2c.waitEvent('ONLINE_LIST')
      const list = s2c.of('ONLINE_LIST')[0]!
      expect(list.online).toEqual({ staff: 1, audience: 2 })
      expect((list.list as { userId: number }[]).map((u) => u.userId)).toEqual([t, ...[s1!, s2!].sort((a, b) => a - b)])
      s2c.close()
      await teacher.waitEvent('LOGOUT')
      expect(teacher.of('LOGOUT')[0]).toEqual({ EVENT: 'LOGOUT', userId: s2, online: { staff: 1, audience: 1 } })
    })

    it('closes the older socket (LOGIN_KICK) when the same account logs in to the room again', async () => {
      const room = await makeRoom(database.db, 1001)
      const [t, s] = users(2)
      const teacher = await join(room, t!, 'teacher')
      const first = await join(room, s!)
      await teacher.waitEvent('LOGIN')
      const second = await join(room, s!)
      await first.waitEvent('LOGIN_KICK')
      await first.waitDisconnect()
      expect(second.socket.connected).toBe(true)
      await pause(100)
      // one place in the room, no LOGOUT for the account that is still here
      expect(teacher.of('LOGOUT')).toHaveLength(0)
      expect(await second.send('ONLINE_LIST', { page: 1 })).toEqual({ ok: true })
      await second.waitEvent('ONLINE_LIST')
      expect(second.of('ONLINE_LIST')[0]!.online).toEqual({ staff: 1, audience: 1 })
    })

    it('speaks: trimmed, < > escaped, stored, acked with the id and delivered merged; empty and too long refused', async () => {
      const room = await makeRoom(database.db, 1001)
      const [a, b] = users(2)
      const sender = await join(room, a!)
      const receiver = await join(room, b!)
      const ack = await sender.send('SPEAK', { values: ['  <b>hi</b> & bye  '] })
      expect(ack).toMatchObject({ ok: true, id: expect.any(Number) })
      const id = (ack as { id: number }).id
      await receiver.waitChat((m) => m.id === id)
      const msg = receiver.chat.find((m) => m.id === id)!
      expect(msg).toMatchObject({
        id,
        EVENT: 'SPEAK',
        content: '&lt;b&gt;hi&lt;/b&gt; & bye',
        user: { userId: a, userType: 'student', actor: 'student' },
      })
      expect(receiver.of('BATCH').length).toBeGreaterThan(0)
      expect(receiver.of('SPEAK')).toHaveLength(0) // chat only arrives in BATCH
      await sender.waitChat((m) => m.id === id, 'own message')
      const rows = await chatRows(room)
      expect(rows).toHaveLength(1)
      expect(rows[0]).toMatchObject({ id, userId: a, event: 'SPEAK', content: '&lt;b&gt;hi&lt;/b&gt; & bye' })

      expect(await receiver.send('SPEAK', { values: ['   '] })).toMatchObject({ ok: false, code: 'EMPTY' })
      expect(await receiver.send('SPEAK', { values: ['字'.repeat(LIVE.MAX_TEXT + 1)] })).toMatchObject({
        ok: false,
        code: 'TOO_LONG',
      })
      expect(await receiver.sendRaw(JSON.stringify({ EVENT: 'SPEAK', values: [42] }))).toMatchObject({
        ok: false,
        code: 'BAD_REQUEST',
      })
      // exactly MAX_TEXT characters (after trimming) is fine
      expect(await receiver.send('SPEAK', { values: [` ${'字'.repeat(LIVE.MAX_TEXT)} `] })).toMatchObject({ ok: true })
      expect(await chatRows(room)).toHaveLength(2)
    })

    it('keeps the 3 s speak limit per user and room', async () => {
      const room = await makeRoom(database.db, 1001)
      const [a, b] = users(2)
      const c = await join(room, a!)
      const d = await join(room, b!)
      expect(await c.send('SPEAK', { values: ['one'] })).toMatchObject({ ok: true })
      expect(await c.send('SPEAK', { values: ['two'] })).toEqual({
        ok: false,
        code: 'TOO_FAST',
        message: 'you are speaking too fast, please try again later',
      })
      // another user is not held up
      expect(await d.send('SPEAK', { values: ['three'] })).toMatchObject({ ok: true })
      await pause(LIVE.SPEAK_GAP_MS + 100)
      expect(await c.send('SPEAK', { values: ['four'] })).toMatchObject({ ok: true })
      expect((await chatRows(room)).map((r) => r.content)).toEqual(['one', 'three', 'four'])
    })

    it('does not hold staff to the learners’ 3 s limit; a much shorter flood gap guards against runaway clients (issue 25)', async () => {
      const room = await makeRoom(database.db, 1001)
      const [t, m, a, l] = users(4)
      const teacher = await join(room, t!, 'teacher')
      const manager = await join(room, m!, 'manager')
      const assistant = await join(room, a!, 'assistant')
      const learner = await join(room, l!)
      // a teacher answering questions in quick succession: 22 messages, one every 250 ms, every one delivered
      const acks = []
      for (let i = 0; i < 22; i++) {
        acks.push(await teacher.send('SPEAK', { values: [`第${i + 1}条`] }))
        await pause(CHAT_SERVER.STAFF_SPEAK_GAP_MS + 50)
      }
      expect(acks.filter((x) => x.ok)).toHaveLength(22)
      for (const s of [manager, assistant]) {
        expect(await s.send('SPEAK', { values: ['one'] })).toMatchObject({ ok: true })
        await pause(CHAT_SERVER.STAFF_SPEAK_GAP_MS + 50)
        expect(await s.send('SPEAK', { values: ['two'] })).toMatchObject({ ok: true })
      }
      // back to back with no gap at all: the flood guard still refuses
      const burst = await Promise.all([1, 2, 3].map((i) => teacher.send('SPEAK', { values: [`burst ${i}`] })))
      expect(burst.filter((x) => !x.ok).every((x) => !x.ok && x.code === 'TOO_FAST')).toBe(true)
      expect(burst.filter((x) => x.ok).length).toBeLessThan(3)
      // learners keep theirs
      expect(await learner.send('SPEAK', { values: ['hi'] })).toMatchObject({ ok: true })
      expect(await learner.send('SPEAK', { values: ['again'] })).toMatchObject({ ok: false, code: 'TOO_FAST' })
    })

    it('refuses censored words (CENSOR to the sender, nothing stored or delivered)', async () => {
      const room = await makeRoom(database.db, 1001)
      const [a, b] = users(2)
      const sender = await join(room, a!)
      const receiver = await join(room, b!)
      expect(await sender.send('SPEAK', { values: ['this is a badword!'] })).toMatchObject({
        ok: false,
        code: 'CENSORED',
      })
      expect(await sender.send('SPEAK', { values: ['来赌博吧'] })).toMatchObject({ ok: false, code: 'CENSORED' })
      await sender.waitEvent('CENSOR', 2)
      expect(sender.of('CENSOR')[0]).toEqual({ EVENT: 'CENSOR', content: 'this is a badword!' })
      // a censored message does not take the 3 s slot
      expect(await sender.send('SPEAK', { values: ['fine words'] })).toMatchObject({ ok: true })
      await receiver.waitChat((m) => m.content === 'fine words')
      expect(receiver.chat.map((m) => m.content)).toEqual(['fine words'])
      expect((await chatRows(room)).map((r) => r.content)).toEqual(['fine words'])
      // tenant 1002 has no such list
      const room2 = await makeRoom(database.db, 1002)
      const c2 = await join(room2, other[0]!)
      expect(await c2.send('SPEAK', { values: ['badword'] })).toMatchObject({ ok: true })
    })

    it('bans with an expiry (ADD_SHIELD), the ban holds until then, and REMOVE_SHIELD lifts it', async () => {
      const room = await makeRoom(database.db, 1001)
      const [t, s, w] = users(3)
      const teacher = await join(room, t!, 'teacher')
      const student = await join(room, s!)
      const watcher = await join(room, w!)
      const before = Date.now()
      expect(await teacher.send('ADD_SHIELD', { userId: s!, durationMs: 1500 })).toEqual({ ok: true })
      await watcher.waitEvent('ADD_SHIELD')
      const until = watcher.of('ADD_SHIELD')[0]!.until as number
      expect(until).toBeGreaterThanOrEqual(before + 1500)
      expect(until).toBeLessThan(before + 3000)
      const refused = await student.send('SPEAK', { values: ['let me speak'] })
      expect(refused).toMatchObject({ ok: false, code: 'BANNED', until })
      const [ban] = await database.db.select().from(liveBan).where(eq(liveBan.userId, s!))
      expect(ban).toMatchObject({ tenantId: 1001, channelId: room.channelId, byUserId: t })
      // a ban is per channel: a new login sees it
      expect(student.socket.connected).toBe(true)
      await pause(until - Date.now() + 50)
      expect(await student.send('SPEAK', { values: ['free again'] })).toMatchObject({ ok: true })

      // the default ban (a day), then lifted
      expect(await teacher.send('ADD_SHIELD', { userId: w! })).toEqual({ ok: true })
      await watcher.waitEvent('ADD_SHIELD', 2)
      const day = watcher.of('ADD_SHIELD')[1]!.until as number
      expect(day - Date.now()).toBeGreaterThan(LIVE.BAN_DEFAULT_MS - 10_000)
      expect(await watcher.send('SPEAK', { values: ['x'] })).toMatchObject({ ok: false, code: 'BANNED' })
      const again = await connect()
      const ack = await again.send('LOGIN', { token: tokenFor(SECRET, room, w!) })
      expect(ack).toMatchObject({ ok: true, room: { bannedUntil: day } })
      expect(await teacher.send('REMOVE_SHIELD', { userId: w! })).toEqual({ ok: true })
      await again.waitEvent('REMOVE_SHIELD')
      expect(again.of('REMOVE_SHIELD')[0]).toEqual({ EVENT: 'REMOVE_SHIELD', userId: w })
      expect(await again.send('SPEAK', { values: ['thanks'] })).toMatchObject({ ok: true })
      expect(await database.db.select().from(liveBan).where(eq(liveBan.userId, w!))).toHaveLength(0)

      // bad input changes nothing
      expect(await teacher.send('ADD_SHIELD', { userId: s!, durationMs: -5 })).toMatchObject({ code: 'BAD_REQUEST' })
      expect(await teacher.send('ADD_SHIELD', { userId: s!, durationMs: CHAT_SERVER.MAX_BAN_MS + 1 })).toMatchObject({
        code: 'BAD_REQUEST',
      })
      expect(await teacher.send('ADD_SHIELD', { userId: t! })).toMatchObject({ code: 'BAD_REQUEST' })
      expect(await teacher.send('ADD_SHIELD', { userId: 2_000_000 })).toMatchObject({ code: 'BAD_REQUEST' })
      expect((await database.db.select().from(liveBan).where(eq(liveBan.userId, s!)))[0]!.expiresAt.getTime()).toBe(
        until,
      )
    })

    it('kicks: the user is told, disconnected and refused at LOGIN for the session until lifted', async () => {
      const room = await makeRoom(database.db, 1001)
      const [m, s, w] = users(3)
      const manager = await join(room, m!, 'manager')
      const student = await join(room, s!)
      const watcher = await join(room, w!)
      expect(await manager.send('KICK', { userId: s! })).toEqual({ ok: true })
      await student.waitEvent('KICK')
      expect(student.of('KICK')[0]).toEqual({ EVENT: 'KICK', userId: s })
      await student.waitDisconnect()
      expect(student.disconnectedBy).toBe('io server disconnect')
      await watcher.waitEvent('KICK')
      await watcher.waitEvent('LOGOUT')
      const back = await connect()
      expect(await back.send('LOGIN', { token: tokenFor(SECRET, room, s!) })).toMatchObject({
        ok: false,
        code: 'KICKED',
      })
      await back.waitDisconnect()
      // another session of the channel is not this session
      const next = await makeRoom(database.db, 1001)
      await join(next, s!)
      // REMOVE_SHIELD lifts the kick
      expect(await manager.send('REMOVE_SHIELD', { userId: s! })).toEqual({ ok: true })
      await join(room, s!)
    })

    it('removes one message and clears the history (rows kept, flagged; events to the room)', async () => {
      const room = await makeRoom(database.db, 1001)
      const [a, b, c] = users(3)
      const assistant = await join(room, a!, 'assistant')
      const s1 = await join(room, b!)
      const s2 = await join(room, c!)
      const one = (await s1.send('SPEAK', { values: ['first'] })) as { id: number }
      const two = (await s2.send('SPEAK', { values: ['second'] })) as { id: number }
      expect(await assistant.send('REMOVE_CONTENT', { id: one.id })).toEqual({ ok: true })
      await s2.waitEvent('REMOVE_CONTENT')
      expect(s2.of('REMOVE_CONTENT')[0]).toEqual({ EVENT: 'REMOVE_CONTENT', id: one.id })
      let rows = await chatRows(room)
      expect(rows.map((r) => [r.id, r.removed])).toEqual([
        [one.id, true],
        [two.id, false],
      ])
      // an id of another room (or none) is refused
      const elsewhere = await makeRoom(database.db, 1001)
      const e = await join(elsewhere, c!)
      const foreign = (await e.send('SPEAK', { values: ['elsewhere'] })) as { id: number }
      expect(await assistant.send('REMOVE_CONTENT', { id: foreign.id })).toMatchObject({ code: 'BAD_REQUEST' })
      expect((await chatRows(elsewhere))[0]!.removed).toBe(false)

      expect(await assistant.send('REMOVE_HISTORY', {})).toEqual({ ok: true })
      await s1.waitEvent('REMOVE_HISTORY')
      rows = await chatRows(room)
      expect(rows.every((r) => r.removed)).toBe(true)
      expect((await chatRows(elsewhere))[0]!.removed).toBe(false)
    })

    it('closed room: PROHIBIT_TO_SPEAK for learners, moderators still speak, likes refused; reopened', async () => {
      const room = await makeRoom(database.db, 1001)
      const [t, s] = users(2)
      const teacher = await join(room, t!, 'teacher')
      const student = await join(room, s!)
      expect(await teacher.send('CLOSEROOM', { value: true })).toEqual({ ok: true })
      await student.waitEvent('CLOSEROOM')
      expect(student.of('CLOSEROOM')[0]).toEqual({ EVENT: 'CLOSEROOM', value: true })
      expect((await channelRow(room)).chatClosed).toBe(true)
      expect(await student.send('SPEAK', { values: ['hello?'] })).toMatchObject({ ok: false, code: 'CLOSED' })
      await student.waitEvent('PROHIBIT_TO_SPEAK')
      expect(await student.send('LIKES', { count: 3 })).toMatchObject({ ok: false, code: 'CLOSED' })
      const said = (await teacher.send('SPEAK', { values: ['quiet please'] })) as { ok: boolean; id: number }
      expect(said.ok).toBe(true)
      await student.waitChat((m) => m.id === said.id)
      // a new login sees the room closed
      const late = await connect()
      expect(await late.send('LOGIN', { token: tokenFor(SECRET, room, users(1)[0]!) })).toMatchObject({
        room: { chatClosed: true },
      })
      expect(await teacher.send('CLOSEROOM', { value: false })).toEqual({ ok: true })
      await student.waitEvent('CLOSEROOM', 2)
      expect(await student.send('SPEAK', { values: ['thanks'] })).toMatchObject({ ok: true })
    })

    it('sets and removes the bulletin', async () => {
      const room = await makeRoom(database.db, 1001)
      const [t, s] = users(2)
      const teacher = await join(room, t!, 'teacher')
      const student = await join(room, s!)
      expect(await teacher.send('BULLETIN', { content: '  Class at <8pm>  ' })).toEqual({ ok: true })
      await student.waitEvent('BULLETIN')
      expect(student.of('BULLETIN')[0]).toEqual({ EVENT: 'BULLETIN', content: 'Class at &lt;8pm&gt;' })
      expect((await channelRow(room)).bulletin).toBe('Class at &lt;8pm&gt;')
      expect(await teacher.send('BULLETIN', { content: '   ' })).toMatchObject({ code: 'BAD_REQUEST' })
      expect(await teacher.send('BULLETIN', { content: 'x'.repeat(CHAT_SERVER.MAX_BULLETIN + 1) })).toMatchObject({
        code: 'BAD_REQUEST',
      })
      expect((await channelRow(room)).bulletin).toBe('Class at &lt;8pm&gt;')
      expect(await teacher.send('REMOVE_BULLETIN', {})).toEqual({ ok: true })
      await student.waitEvent('REMOVE_BULLETIN')
      expect((await channelRow(room)).bulletin).toBe('')
    })

    it('counts likes on the server and broadcasts them merged (at most about once a second)', async () => {
      const room = await makeRoom(database.db, 1001)
      const [a, b, c] = users(3)
      const likers = [await join(room, a!), await join(room, b!)]
      const watcher = await join(room, c!)
      const start = Date.now()
      let sent = 0
      for (let i = 0; i < 6; i++) {
        for (const l of likers) {
          expect(await l.send('LIKES', { count: 5 })).toEqual({ ok: true })
          sent += 5
        }
        await pause(150)
      }
      expect(await likers[0]!.send('LIKES', { count: LIVE.MAX_LIKES_PER_EVENT + 1 })).toMatchObject({
        code: 'BAD_REQUEST',
      })
      expect(await likers[0]!.send('LIKES', { count: 0 })).toMatchObject({ code: 'BAD_REQUEST' })
      await watcher.waitFor(
        () => watcher.of('LIKES').reduce((n, e) => n + (e.count as number), 0) === sent,
        'all likes',
        5000,
      )
      const elapsed = Date.now() - start
      const got = watcher.of('LIKES')
      expect(got.length).toBeLessThanOrEqual(Math.ceil(elapsed / LIVE.LIKES_BROADCAST_MS) + 1)
      expect(got.length).toBeLessThan(sent / 5)
      expect(got.at(-1)!.total).toBe(sent)
      expect((await channelRow(room)).likes).toBe(sent)
    })

    it('refuses a learner EVERY moderation event (FORBIDDEN) and changes nothing', async () => {
      const room = await makeRoom(database.db, 1001)
      const [s, v, w] = users(3)
      const student = await join(room, s!)
      const victim = await join(room, v!)
      const watcher = await join(room, w!)
      const said = (await victim.send('SPEAK', { values: ['keep me'] })) as { id: number }
      await watcher.waitChat((m) => m.id === said.id)
      const channelBefore = await channelRow(room)
      const tries = [
        student.send('CLOSEROOM', { value: true }),
        student.send('ADD_SHIELD', { userId: v! }),
        student.send('REMOVE_SHIELD', { userId: v! }),
        student.send('KICK', { userId: v! }),
        student.send('REMOVE_CONTENT', { id: said.id }),
        student.send('REMOVE_HISTORY', {}),
        student.send('BULLETIN', { content: 'mine now' }),
        student.send('REMOVE_BULLETIN', {}),
      ]
      for (const ack of await Promise.all(tries)) expect(ack).toMatchObject({ ok: false, code: 'FORBIDDEN' })
      // slice (the PPT presenter) is not a moderator either
      const slice = await join(room, users(1)[0]!, 'slice')
      expect(await slice.send('CLOSEROOM', { value: true })).toMatchObject({ code: 'FORBIDDEN' })
      await pause(300)
      expect(await channelRow(room)).toEqual(channelBefore)
      expect(await database.db.select().from(liveBan).where(eq(liveBan.channelId, room.channelId))).toHaveLength(0)
      expect((await chatRows(room)).map((r) => r.removed)).toEqual([false])
      expect(victim.socket.connected).toBe(true)
      const control = ['CLOSEROOM', 'ADD_SHIELD', 'REMOVE_SHIELD', 'KICK', 'REMOVE_CONTENT', 'REMOVE_HISTORY']
      expect(watcher.events.filter((e) => [...control, 'BULLETIN', 'REMOVE_BULLETIN'].includes(e.EVENT))).toEqual([])
    })

    it('keeps tenants apart: rooms, targets and messages of one tenant are out of reach of another', async () => {
      const r1 = await makeRoom(database.db, 1001)
      const r2 = await makeRoom(database.db, 1002)
      const [s1] = users(1)
      const c1 = await join(r1, s1!)
      const t2 = await join(r2, other[1]!, 'teacher')
      const c2 = await join(r2, other[2]!)
      const said = (await c1.send('SPEAK', { values: ['tenant one only'] })) as { id: number }
      const said2 = (await c2.send('SPEAK', { values: ['tenant two only'] })) as { id: number }
      await c1.waitChat((m) => m.id === said.id)
      await t2.waitChat((m) => m.id === said2.id)
      // tenant 2's moderator cannot reach tenant 1's users or messages
      expect(await t2.send('ADD_SHIELD', { userId: s1! })).toMatchObject({ code: 'BAD_REQUEST' })
      expect(await t2.send('KICK', { userId: s1! })).toMatchObject({ code: 'BAD_REQUEST' })
      expect(await t2.send('REMOVE_CONTENT', { id: said.id })).toMatchObject({ code: 'BAD_REQUEST' })
      expect(await t2.send('REMOVE_HISTORY', {})).toEqual({ ok: true })
      await pause(300)
      expect(c1.chat.map((m) => m.content)).toEqual(['tenant one only'])
      expect(c2.chat.map((m) => m.content)).toEqual(['tenant two only'])
      expect(c1.events.filter((e) => e.EVENT !== 'BATCH')).toEqual([])
      expect((await chatRows(r1))[0]!.removed).toBe(false)
      expect(await database.db.select().from(liveBan).where(eq(liveBan.userId, s1!))).toHaveLength(0)
      expect(c1.socket.connected).toBe(true)
      // playback rooms: the socket.io room carries the tenant too, the app sees the spec's name
      const p = await connect()
      const ack = await p.send('LOGIN', { token: tokenFor(SECRET, r2, other[3]!, 'student', { mode: 'playback' }) })
      expect(ack).toMatchObject({ ok: true, room: { roomId: playbackRoomId(r2.sessionId), playback: true } })
    })

    it('playback rooms accept only HEARTBEAT and ONLINE_LIST', async () => {
      const room = await makeRoom(database.db, 1001, 'ended')
      const [t, s] = users(2)
      const pb = async (userId: number, type: 'teacher' | 'student') => {
        const c = await connect()
        expect(
          await c.send('LOGIN', { token: tokenFor(SECRET, room, userId, type, { mode: 'playback' }) }),
        ).toMatchObject({ ok: true })
        return c
      }
      const teacher = await pb(t!, 'teacher')
      const student = await pb(s!, 'student')
      expect(await student.send('SPEAK', { values: ['hi'] })).toMatchObject({ ok: false, code: 'FORBIDDEN' })
      expect(await student.send('LIKES', { count: 1 })).toMatchObject({ ok: false, code: 'FORBIDDEN' })
      expect(await teacher.send('CLOSEROOM', { value: true })).toMatchObject({ ok: false, code: 'FORBIDDEN' })
      expect(await student.send('HEARTBEAT', { playing: true, position: 12.5 })).toEqual({ ok: true })
      expect(await student.send('ONLINE_LIST', { page: 1 })).toEqual({ ok: true })
      await student.waitEvent('ONLINE_LIST')
      expect(student.of('ONLINE_LIST')[0]!.online).toEqual({ staff: 1, audience: 1 })
      expect((await channelRow(room)).chatClosed).toBe(false)
      const [watch] = await database.db
        .select()
        .from(liveWatch)
        .where(and(eq(liveWatch.userId, s!), eq(liveWatch.sessionId, room.sessionId)))
      expect(watch).toMatchObject({ mode: 'playback', position: 12.5 })
    })

    it('credits study time from heartbeats: bounded by wall time, only while playing and the class is live', async () => {
      const room = await makeRoom(database.db, 1001, 'live')
      const [s, q] = users(2)
      const start = Date.now()
      const c = await join(room, s!)
      await pause(1300)
      expect(await c.send('HEARTBEAT', { playing: true })).toEqual({ ok: true })
      // a client that beats fast gains nothing over the wall clock
      for (let i = 0; i < 15; i++) await c.send('HEARTBEAT', { playing: true })
      await pause(900)
      expect(await c.send('HEARTBEAT', { playing: false })).toEqual({ ok: true })
      expect(await c.send('HEARTBEAT', { playing: 'yes' } as never)).toMatchObject({ code: 'BAD_REQUEST' })
      c.close()
      await pause(300)
      const wall = (Date.now() - start) / 1000
      const credited = async (userId: number) =>
        (
          await database.db
            .select()
            .from(liveWatch)
            .where(and(eq(liveWatch.userId, userId), eq(liveWatch.sessionId, room.sessionId)))
        )[0]?.creditedSeconds ?? 0
      const got = await credited(s!)
      expect(got).toBeGreaterThanOrEqual(1)
      expect(got).toBeLessThanOrEqual(Math.floor(wall))
      expect(got).toBeLessThanOrEqual(2) // about 1.3 s of playing; the paused 0.9 s is not counted

      // a session that is not live credits nothing in the live room
      const waiting = await makeRoom(database.db, 1001, 'waiting')
      const w = await join(waiting, q!)
      await pause(1200)
      expect(await w.send('HEARTBEAT', { playing: true })).toEqual({ ok: true })
      w.close()
      await pause(300)
      const rows = await database.db
        .select()
        .from(liveWatch)
        .where(and(eq(liveWatch.userId, q!), eq(liveWatch.sessionId, waiting.sessionId)))
      expect(rows[0]?.creditedSeconds ?? 0).toBe(0)
    })

    it('tells the room when the class starts and ends (events from the video side)', async () => {
      const room = await makeRoom(database.db, 1001, 'waiting')
      const [s] = users(1)
      const c = await join(room, s!)
      const elsewhere = await join(await makeRoom(database.db, 1001, 'waiting'), users(1)[0]!)
      events.emit('state', { ...room, state: 'live', hasPlayback: false })
      await c.waitEvent('CLASSSTART')
      expect(c.of('CLASSSTART')[0]).toEqual({ EVENT: 'CLASSSTART', sessionId: room.sessionId })
      events.emit('state', { ...room, state: 'ended', hasPlayback: true })
      await c.waitEvent('CLASSEND')
      expect(c.of('CLASSEND')[0]).toEqual({ EVENT: 'CLASSEND', sessionId: room.sessionId, hasPlayback: true })
      // another tenant's session with the same ids reaches nobody here
      events.emit('state', { ...room, tenantId: 1002, state: 'live', hasPlayback: false })
      await pause(200)
      expect(c.of('CLASSSTART')).toHaveLength(1)
      expect(elsewhere.events.filter((e) => e.EVENT.startsWith('CLASS'))).toEqual([])
    })

    it("sends chat images only when they are the sender's uploaded images, as the store's URL", async () => {
      const room = await makeRoom(database.db, 1001)
      const [a, b] = users(2)
      const sender = await join(room, a!)
      const receiver = await join(room, b!)
      const key = `t1001/u${a}/img/20260101/${'a'.repeat(32)}.png`
      const foreign = `t1002/u${other[0]}/img/20260101/${'b'.repeat(32)}.png`
      const doc = `t1001/u${a}/doc/20260101/${'c'.repeat(32)}.pdf`
      await database.db.insert(uploadObject).values([
        { tenantId: 1001, userId: a!, key, size: 10, mimeType: 'image/png' },
        { tenantId: 1002, userId: other[0]!, key: foreign, size: 10, mimeType: 'image/png' },
        { tenantId: 1001, userId: a!, key: doc, size: 10, mimeType: 'application/pdf' },
      ])
      const elsewhere = [`http://school-a.example.com/oss/${key}`, `//evil.example/oss/${key}`, 'javascript:alert(1)']
      for (const bad of [
        `/oss/${foreign}`,
        `/oss/${doc}`,
        'https://evil.example.com/x.png',
        `/oss/${key}x`,
        '',
        ...elsewhere,
      ]) {
        expect(await sender.send('CHAT_IMG', { values: [bad] }), bad).toMatchObject({ ok: false, code: 'BAD_REQUEST' })
      }
      // an absolute URL of the origin the socket reached (a foreign host is refused above); what is sent is /oss/<key>
      const ack = (await sender.send('CHAT_IMG', { values: [`${url}/oss/${key}`] })) as {
        ok: boolean
        id: number
      }
      expect(ack.ok).toBe(true)
      await receiver.waitChat((m) => m.id === ack.id)
      expect(receiver.chat.find((m) => m.id === ack.id)).toMatchObject({
        EVENT: 'CHAT_IMG',
        msgSource: 'chatImg',
        content: `/oss/${key}`,
      })
      // the same limits as SPEAK
      expect(await sender.send('CHAT_IMG', { values: [`/oss/${key}`] })).toMatchObject({ code: 'TOO_FAST' })
      // quoting: a message of this room only
      const q = (await receiver.send('SPEAK', { values: ['nice'], quoteId: ack.id })) as { ok: boolean; id: number }
      expect(q.ok).toBe(true)
      await sender.waitChat((m) => m.id === q.id)
      expect(sender.chat.find((m) => m.id === q.id)?.quoteId).toBe(ack.id)
    })

    it('merges busy-room chat into batches and caps what one client receives; staff and control events always arrive', async () => {
      const room = await makeRoom(database.db, 1001)
      const staffIds = users(3)
      const learnerIds = users(30)
      const [t, m, a] = staffIds
      const teacher = await join(room, t!, 'teacher')
      const manager = await join(room, m!, 'manager')
      const assistant = await join(room, a!, 'assistant')
      const receiver = await join(room, users(1)[0]!)
      const learners = await Promise.all(learnerIds.map((id) => join(room, id)))
      await pause(300)
      const ids = new Map<ChatClient, number>()
      const sends = learners.map(async (l, i) => {
        if (i === 10) await teacher.send('BULLETIN', { content: 'mid-burst notice' })
        const ack = (await l.send('SPEAK', { values: [`learner ${i}`] })) as { ok: boolean; id: number }
        expect(ack.ok).toBe(true)
        ids.set(l, ack.id)
      })
      const staffSends = [teacher, manager, assistant].map(
        async (s, i) => (await s.send('SPEAK', { values: [`staff ${i}`] })) as { id: number },
      )
      const staffAcks = await Promise.all(staffSends)
      await Promise.all(sends)
      expect(await teacher.send('REMOVE_BULLETIN', {})).toEqual({ ok: true })
      await pause(1200)
      const fromLearners = (c: ChatClient) => c.chat.filter((x: ChatMessage) => x.user.userType === 'student')
      // at most the cap of learners' chat, every staff message, merged into fewer emits than messages
      expect(fromLearners(receiver).length).toBeLessThanOrEqual(LIVE.CLIENT_CHAT_CAP_PER_S)
      expect(fromLearners(receiver).length).toBeGreaterThan(0)
      for (const s of staffAcks) expect(receiver.chat.some((x) => x.id === s.id)).toBe(true)
      expect(receiver.batches).toBeLessThan(receiver.chat.length)
      // every sender sees their own message, sampled or not
      for (const l of learners) expect(l.chat.some((x) => x.id === ids.get(l))).toBe(true)
      // control events: all of them, to everyone
      for (const c of [receiver, ...learners]) {
        expect(c.of('BULLETIN')).toHaveLength(1)
        expect(c.of('REMOVE_BULLETIN')).toHaveLength(1)
      }
      // nothing was lost on the way to the database
      expect(await chatRows(room)).toHaveLength(33)
    })
  })
}
