/**
 * Issue 24 §1, every field that names an upload (server/src/services/upload/own.ts, docs/DECISIONS.md "Upload
 * fields"): for each, a foreign host carrying the learner's own key, javascript:, data:, protocol-relative and
 * backslash tricks, another learner's and another tenant's upload and a document where an image is meant are a 400
 * naming the field with nothing stored; the learner's own upload (sent through the local store) in each accepted form
 * is stored and answered as `/oss/<key>`. Then the repair migration on bad rows, and the chat: a nickname that is
 * HTML goes out escaped in messages, the room and the history, and an avatar that is not an upload is refused.
 * Run by upload-fields.test.ts (PGlite) and upload-fields.pg.test.ts (PostgreSQL).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { and, asc, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { APPOINTMENT_STATUS } from '../../contract/schemas/exam-codes'
import type { ChatMessage } from '../../contract/schemas/live-codes'
import { buildApp } from '../../server/src/app'
import { type AppConfig, defaultConfig } from '../../server/src/config'
import type { Database } from '../../server/src/db'
import {
  applySession,
  appointment,
  bankRecord,
  faceCheck,
  goods,
  identityCert,
  liveChat,
  photoLog,
  profile,
  profileStamp,
  profileTemplate,
  recordAnswer,
  sysUser,
  userAnswer,
  userGoods,
} from '../../server/src/db/schema'
import { TenantScope } from '../../server/src/http/core'
import { LiveEvents } from '../../server/src/modules/live/events'
import { mintChatToken } from '../../server/src/modules/live/token'
import { createLiveProvider } from '../../server/src/modules/live/video'
import { issueToken } from '../../server/src/services/tokens'
import { ourHosts, uploadKeyOf } from '../../server/src/services/upload/own'
import type { OssConfig } from '../../server/src/services/upload/types'
import { idCardCheckChar } from '../../shared/rules/id-card'
import { call, type Reply } from './helpers'
import { ChatClient, makeRoom } from './live-chat-helpers'

// biome-ignore lint/suspicious/noExplicitAny: replies are narrowed per test
type Any = any

const root = fileURLToPath(new URL('../../', import.meta.url))
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n')
const XSS_NICK = '<img src=x onerror=alert(1)>'
const ESCAPED_NICK = '&lt;img src=x onerror=alert(1)&gt;'

export function uploadFieldsSuite(label: string, open: () => Promise<Database>) {
  describe(`fields that name an upload (${label})`, () => {
    let database: Database
    let app: FastifyInstance
    let config: AppConfig
    let ossDir: string
    let baseUrl = ''
    const events = new LiveEvents()
    const clients: ChatClient[] = []
    const db = () => database.db

    type Learner = { id: number; token: string; tenant: number }
    let me: Learner
    let other: Learner
    let stranger: Learner
    /** keys of other people's uploads and of my document: refused wherever an image of mine is meant */
    let othersKey: string
    let strangersKey: string
    let myDocKey: string

    let phone = 0
    async function learner(tenantId: number, nickName = ''): Promise<Learner> {
      const tel = `135${String(process.pid % 1000).padStart(3, '0')}${String(phone++).padStart(5, '0')}`
      const [u] = await db()
        .insert(sysUser)
        .values({ tenantId, userAccount: tel, telPhone: tel, nickName: nickName || `学员${tel.slice(-4)}` })
        .returning({ id: sysUser.id })
      const token = await issueToken(db(), new TenantScope(tenantId), config, u!.id, `device-uf-${tel}`)
      return { id: u!.id, token, tenant: tenantId }
    }

    /** A file uploaded through the API into the local store (the upload callback's answer). */
    async function upload(who: Learner, kind: 'image' | 'doc' = 'image'): Promise<{ url: string; key: string }> {
      const boundary = `----uf${Math.random().toString(16).slice(2)}`
      const [name, type, content] = kind === 'image' ? ['a.png', 'image/png', PNG] : ['a.pdf', 'application/pdf', PDF]
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
        ),
        content,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ])
      const res = await app.inject({
        method: 'POST',
        url: `/api/aliyun/oss/upload?imageStatus=${kind === 'image' ? 1 : 0}`,
        headers: {
          'tenant-id': String(who.tenant),
          authorization: `Bearer ${who.token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload,
      })
      const body = JSON.parse(res.body) as { code: number; msg: string; data: { url: string; key: string } }
      expect(body.code, body.msg).toBe(200)
      expect(body.data.url).toBe(`/oss/${body.data.key}`)
      return body.data
    }

    /** Every form that must be refused for a field, built around my own upload's key. */
    const refusedForms = (key: string) => [
      `https://evil.example/oss/${key}`,
      `http://evil.example/${key}`,
      `https://evil.example/oss/x?next=/oss/${key}`,
      `//evil.example/oss/${key}`,
      `/\\evil.example/oss/${key}`,
      `https://user@evil.example/oss/${key}`,
      'javascript:alert(1)',
      `javascript:alert(1)//oss/${key}`,
      'data:image/png;base64,iVBORw0KGgo=',
      `data:text/html,<script>alert(1)</script>/oss/${key}`,
      `ftp://localhost/oss/${key}`,
      `/oss/${key}?x=1`,
      `/static-assets/${key}`,
      `/oss/${othersKey}`,
      `/oss/${strangersKey}`,
      `/oss/${myDocKey}`,
    ]
    /** The accepted forms of my upload: the callback's URL, an absolute URL of this server (inject's host), the key. */
    const acceptedForms = (key: string) => [`/oss/${key}`, `http://localhost/oss/${key}`, key]

    /**
     * Each refused form is a 400 whose msg names the field, and `stored` reads the same before and after. The
     * refusals come before any other rule (the forms are otherwise good requests).
     */
    async function refusesAll(field: string, send: (v: string) => Promise<Reply<Any>>, stored: () => Promise<unknown>) {
      const key = (await upload(me)).key
      const before = JSON.stringify(await stored())
      for (const v of refusedForms(key)) {
        const r = await send(v)
        expect(r.status, `${field} = ${v}: ${r.msg}`).toBe(400)
        expect(r.msg, `${field} = ${v}`).toMatch(
          new RegExp(`^${field.replace(/\./g, '\\.')}: must be (a file|an image) you uploaded$`),
        )
      }
      expect(JSON.stringify(await stored()), `${field}: nothing stored`).toBe(before)
    }

    beforeAll(async () => {
      database = await open()
      ossDir = fs.mkdtempSync(path.join(os.tmpdir(), 'upload-fields-'))
      config = defaultConfig({
        secret: 'upload-fields-secret',
        rateLimit: { max: 1_000_000, loginMax: 1_000_000, smsMax: 1_000_000 },
        oss: { provider: 'local', dir: ossDir } as OssConfig,
      })
      app = await buildApp({ db: db(), config, services: { live: { provider: createLiveProvider(config), events } } })
      await app.listen({ port: 0, host: '127.0.0.1' })
      const addr = app.server.address()
      baseUrl = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`
      me = await learner(1001)
      other = await learner(1001)
      stranger = await learner(1002)
      othersKey = (await upload(other)).key
      strangersKey = (await upload(stranger)).key
      myDocKey = (await upload(me, 'doc')).key
    })
    afterAll(async () => {
      for (const c of clients) c.close()
      await app?.close()
      await database?.close()
      fs.rmSync(ossDir, { recursive: true, force: true })
    })

    // ------------------------------------------------------------------ the rule itself

    it('reads a key only from the forms of ours: this server, PUBLIC_BASE_URL, the bucket (aliyun)', () => {
      const key = 't1001/u7/img/20260101/abc.png'
      const local = ourHosts(config, { host: 'a.xuexi-demo.com' })
      expect(uploadKeyOf(`/oss/${key}`, local)).toBe(key)
      expect(uploadKeyOf(`https://a.xuexi-demo.com/oss/${key}`, local)).toBe(key)
      expect(uploadKeyOf(key, local)).toBe(key)
      expect(uploadKeyOf(`https://b.xuexi-demo.cn/oss/${key}`, local)).toBeNull()
      expect(uploadKeyOf(`https://a.xuexi-demo.com/${key}`, local)).toBeNull()
      expect(uploadKeyOf(`/oss/t1001/u7/img/../../u8/img/x.png`, local)).toBeNull()
      expect(uploadKeyOf(`/oss/t1001%2Fu7/img/20260101/abc.png`, local)).toBe(key)
      const aliyun = defaultConfig({
        oss: {
          provider: 'aliyun',
          dir: ossDir,
          publicBaseUrl: 'https://learn.example.com/',
          aliyun: { bucket: 'bkt', region: 'oss-cn-hangzhou', accessKeyId: 'id', accessKeySecret: 'secret' },
        },
      })
      const cloud = ourHosts(aliyun, { host: 'a.xuexi-demo.com' })
      expect(uploadKeyOf(`https://bkt.oss-cn-hangzhou.aliyuncs.com/${key}`, cloud)).toBe(key)
      expect(uploadKeyOf(`https://other.oss-cn-hangzhou.aliyuncs.com/${key}`, cloud)).toBeNull()
      expect(uploadKeyOf(`https://learn.example.com/oss/${key}`, cloud)).toBe(key)
      // with PUBLIC_BASE_URL set, that is the origin of ours (requestOrigin), not the Host header
      expect(uploadKeyOf(`https://a.xuexi-demo.com/oss/${key}`, cloud)).toBeNull()
    })

    it('serves /oss/<key> as a redirect to the bucket when the store is aliyun', async () => {
      const aliyunConfig = defaultConfig({
        secret: 'upload-fields-secret',
        oss: {
          provider: 'aliyun',
          dir: ossDir,
          aliyun: { bucket: 'bkt', region: 'oss-cn-hangzhou', accessKeyId: 'id', accessKeySecret: 'secret' },
        },
      })
      const cloud = await buildApp({ db: db(), config: aliyunConfig })
      try {
        const key = 't1001/u7/img/20260101/abc.png'
        const r = await cloud.inject({ method: 'GET', url: `/oss/${key}` })
        expect(r.statusCode).toBe(302)
        expect(r.headers.location).toBe(`https://bkt.oss-cn-hangzhou.aliyuncs.com/${key}`)
        expect((await cloud.inject({ method: 'GET', url: '/oss/..%2Fsecret' })).statusCode).toBe(404)
      } finally {
        await cloud.close()
      }
    })

    // ------------------------------------------------------------------ certification and photos

    describe('identity certification and photos', () => {
      const faceChecks = () =>
        db().select().from(faceCheck).where(eq(faceCheck.userId, me.id)).orderBy(asc(faceCheck.id))
      const photos = () => db().select().from(photoLog).where(eq(photoLog.userId, me.id)).orderBy(asc(photoLog.id))
      const cert = () => db().select().from(identityCert).where(eq(identityCert.userId, me.id))
      const idCard = `11010519491231002${idCardCheckChar('11010519491231002')}`

      it('IDCardOCR and ImageRecognition: imageUrl', async () => {
        for (const route of [
          'POST /face/certification/IDCardOCR',
          'POST /face/certification/ImageRecognition',
        ] as const) {
          const send = (imageUrl: string) => call(app, route, { token: me.token, body: { imageUrl } })
          await refusesAll('imageUrl', send, faceChecks)
          for (const form of acceptedForms((await upload(me)).key)) {
            const key = form.replace(/^.*\/oss\//, '')
            expect((await send(form)).code).toBe(200)
            expect((await faceChecks()).at(-1)!.imageUrl).toBe(`/oss/${key}`)
          }
        }
      })

      it('idCardCompareFace: idCardImageUrl and faceImageUrl, stored and answered as /oss/<key>', async () => {
        const body = (idCardImageUrl: string, faceImageUrl: string) => ({
          realName: '张三',
          idCard,
          idCardImageUrl,
          faceImageUrl,
        })
        const send = (b: ReturnType<typeof body>) =>
          call(app, 'POST /face/certification/idCardCompareFace', { token: me.token, body: b })
        const face = (await upload(me)).url
        const card = (await upload(me)).url
        await refusesAll('idCardImageUrl', (v) => send(body(v, face)), cert)
        await refusesAll('faceImageUrl', (v) => send(body(card, v)), cert)
        expect(await cert()).toEqual([])
        const cardKey = (await upload(me)).key
        const faceKey = (await upload(me)).key
        const ok = await send(body(`http://localhost/oss/${cardKey}`, faceKey))
        expect(ok.code, ok.msg).toBe(200)
        expect(ok.data).toMatchObject({ idCardImage: `/oss/${cardKey}`, faceImage: `/oss/${faceKey}` })
        expect(await cert()).toMatchObject([{ idCardImage: `/oss/${cardKey}`, faceImage: `/oss/${faceKey}` }])
      })

      it('CompareFace: imageUrl (after the certification)', async () => {
        const send = (imageUrl: string) =>
          call(app, 'POST /face/certification/CompareFace', { token: me.token, body: { imageUrl } })
        await refusesAll('imageUrl', send, faceChecks)
        const key = (await upload(me)).key
        expect((await send(`http://localhost:80/oss/${key}`)).code).toBe(200)
        expect((await faceChecks()).at(-1)).toMatchObject({ kind: 'compare', imageUrl: `/oss/${key}` })
      })

      it('study photos (POST /course/photo/log) and exam photos (POST /bank/record/addPhoto): imageUrl', async () => {
        const [g] = await db()
          .select({ id: goods.id })
          .from(goods)
          .where(and(eq(goods.tenantId, 1001), eq(goods.name, '安全员继续教育（2025年度必修）')))
        await db().insert(userGoods).values({ tenantId: 1001, userId: me.id, goodsId: g!.id })
        const courses = await call(app, 'GET /course/courseList', { token: me.token, query: { goodsId: g!.id } })
        const menu = await call(app, 'GET /course/menuList', {
          token: me.token,
          query: { goodsId: g!.id, courseId: courses.data[0].courseId },
        })
        const sectionId = menu.data[0].sectionList[0].sectionId
        const opened = await call(app, 'POST /study/record/save/video', {
          token: me.token,
          body: { goodsId: g!.id, sectionId },
        })
        expect(opened.code, opened.msg).toBe(200)
        const log = (imageUrl: string) =>
          call(app, 'POST /course/photo/log', {
            token: me.token,
            body: { sessionId: opened.data.sessionId, imageUrl, position: 0, scene: 'start' },
          })
        await refusesAll('imageUrl', log, photos)
        const key = (await upload(me)).key
        expect((await log(key)).code).toBe(200)
        expect((await photos()).at(-1)!.imageUrl).toBe(`/oss/${key}`)

        const rec = await call(app, 'POST /bank/record', {
          token: me.token,
          body: { scope: 'random', mode: 'practice' },
        })
        expect(rec.code, rec.msg).toBe(200)
        const add = (imageUrl: string) =>
          call(app, 'POST /bank/record/addPhoto', { token: me.token, body: { recordId: rec.data.recordId, imageUrl } })
        await refusesAll('imageUrl', add, photos)
        const k2 = (await upload(me)).key
        expect((await add(`http://localhost/oss/${k2}`)).code).toBe(200)
        expect((await photos()).at(-1)).toMatchObject({ scene: 'record', imageUrl: `/oss/${k2}` })
      })
    })

    // ------------------------------------------------------------------ answers

    describe('Q&A images and essay images', () => {
      it('POST /app/answer and /app/answer/edit: imageList', async () => {
        const [g] = await db()
          .select({ id: goods.id })
          .from(goods)
          .where(and(eq(goods.tenantId, 1001), eq(goods.name, '特种作业低压电工取证班')))
        await db().insert(userGoods).values({ tenantId: 1001, userId: me.id, goodsId: g!.id })
        const courses = await call(app, 'GET /course/courseList', { token: me.token, query: { goodsId: g!.id } })
        const courseId = courses.data[0].courseId as number
        const mine = () =>
          db().select().from(userAnswer).where(eq(userAnswer.userId, me.id)).orderBy(asc(userAnswer.id))
        const ok = (await upload(me)).url
        const ask = (v: string) =>
          call(app, 'POST /app/answer', {
            token: me.token,
            body: { courseId, goodsId: g!.id, content: '这题怎么算？', imageList: [ok, v] },
          })
        await refusesAll('imageList', ask, mine)
        const k1 = (await upload(me)).key
        const k2 = (await upload(me)).key
        const r = await call(app, 'POST /app/answer', {
          token: me.token,
          body: {
            courseId,
            goodsId: g!.id,
            content: '这题怎么算？',
            imageList: [`http://localhost/oss/${k1}`, k2, `/oss/${k1}`],
          },
        })
        expect(r.code, r.msg).toBe(200)
        expect(r.data.imageList).toEqual([`/oss/${k1}`, `/oss/${k2}`])
        expect((await mine()).at(-1)!.imageList).toEqual([`/oss/${k1}`, `/oss/${k2}`])
        const list = await call(app, 'GET /app/answer/list', { token: me.token })
        expect(list.data.rows[0].imageList).toEqual([`/oss/${k1}`, `/oss/${k2}`])

        const edit = (v: string) =>
          call(app, 'POST /app/answer/edit', { token: me.token, body: { id: r.data.answerId, imageList: [v] } })
        await refusesAll('imageList', edit, mine)
        const k3 = (await upload(me)).key
        const e = await edit(k3)
        expect(e.data.imageList).toEqual([`/oss/${k3}`])
      })

      it('essay answers (POST /bank/record/edit): answers.<i>.ques.imageList', async () => {
        const rec = await call(app, 'POST /bank/record', {
          token: me.token,
          body: { scope: 'random', mode: 'test', type: 5, count: 1 },
        })
        expect(rec.code, rec.msg).toBe(200)
        const questionId = rec.data.questions[0].questionId as number
        const answers = () => db().select().from(recordAnswer).where(eq(recordAnswer.recordId, rec.data.recordId))
        const save = (imageList: string[]) =>
          call(app, 'POST /bank/record/edit', {
            token: me.token,
            body: {
              recordId: rec.data.recordId,
              answers: [{ questionId, ques: { text: '作答', imageList }, answeredAt: Date.now() / 1000 }],
            },
          })
        await refusesAll('answers.0.ques.imageList', (v) => save([v]), answers)
        const key = (await upload(me)).key
        expect((await save([`http://localhost/oss/${key}`])).code).toBe(200)
        expect((await answers())[0]!.ques).toEqual({ text: '作答', imageList: [`/oss/${key}`] })
      })
    })

    // ------------------------------------------------------------------ account, profile, letter

    describe('avatar, enrolment profile, signatures', () => {
      it("the avatar (POST /app/user/edit): the learner's own image, kept as /oss/<key>; '' clears it", async () => {
        const avatar = async () =>
          (await db().select({ a: sysUser.avatar }).from(sysUser).where(eq(sysUser.id, me.id)))[0]!.a
        const edit = (v: string) => call(app, 'POST /app/user/edit', { token: me.token, body: { avatar: v } })
        await refusesAll('avatar', edit, avatar)
        const bad = await call(app, 'POST /app/user/edit', {
          token: me.token,
          body: { nickName: '新名字', avatar: 'javascript:alert(1)' },
        })
        expect(bad).toMatchObject({ status: 400, msg: 'avatar: must be a file you uploaded' })
        const key = (await upload(me)).key
        expect((await edit(`http://localhost/oss/${key}`)).code).toBe(200)
        expect(await avatar()).toBe(`/oss/${key}`)
        expect((await call(app, 'GET /app/user/getInfo', { token: me.token })).data.avatar).toBe(`/oss/${key}`)
        expect((await call(app, 'POST /app/user/edit', { token: me.token, body: { nickName: '只改名字' } })).code).toBe(
          200,
        )
        expect(await avatar()).toBe(`/oss/${key}`)
        expect((await edit('')).code).toBe(200)
        expect(await avatar()).toBe('')
      })

      it('the enrolment profile: values.<image field> and signatureUrl', async () => {
        const [t] = await db().select().from(profileTemplate).where(eq(profileTemplate.tenantId, 1001))
        await db().insert(userGoods).values({ tenantId: 1001, userId: me.id, goodsId: t!.goodsId })
        const mine = () => db().select().from(profile).where(eq(profile.userId, me.id))
        const create = (photo: string) =>
          call(app, 'POST /base/profile/tp', {
            token: me.token,
            body: { goodsId: t!.goodsId, values: { realName: '张三', photo } },
          })
        await refusesAll('values.photo', create, mine)
        const k1 = (await upload(me)).key
        const made = await create(`http://localhost/oss/${k1}`)
        expect(made.code, made.msg).toBe(200)
        expect(made.data.values).toEqual({ realName: '张三', photo: `/oss/${k1}` })
        const edit = (photo: string) =>
          call(app, 'POST /base/profile/tp/edit', {
            token: me.token,
            body: { id: made.data.id, values: { realName: '张三', photo } },
          })
        await refusesAll('values.photo', edit, mine)
        const k2 = (await upload(me)).key
        expect((await edit(k2)).data.values.photo).toBe(`/oss/${k2}`)

        const stamps = () => db().select().from(profileStamp).where(eq(profileStamp.userId, me.id))
        const words = (signatureUrl: string) =>
          call(app, 'POST /base/profileStamp/V2/addWord', {
            token: me.token,
            body: { profileId: made.data.id, words: t!.stampWords, signatureUrl },
          })
        await refusesAll('signatureUrl', words, stamps)
        const k3 = (await upload(me)).key
        const w = await words(`http://localhost/oss/${k3}`)
        expect(w.code, w.msg).toBe(200)
        expect(w.data.stamp.signatureUrl).toBe(`/oss/${k3}`)
        const again = (signatureUrl: string) =>
          call(app, 'POST /base/profileStamp/edit', {
            token: me.token,
            body: { profileId: made.data.id, words: t!.stampWords, signatureUrl },
          })
        await refusesAll('signatureUrl', again, stamps)
        expect((await stamps())[0]!.signatureUrl).toBe(`/oss/${k3}`)
      })

      it('the exam commitment letter (POST /base/profile/tp/commitment/upload): signatureUrl', async () => {
        const [s] = await db()
          .select()
          .from(applySession)
          .where(and(eq(applySession.tenantId, 1001), eq(applySession.kind, 'exam')))
          .limit(1)
        const [session] = await db()
          .insert(applySession)
          .values({
            tenantId: 1001,
            siteId: s!.siteId,
            examId: s!.examId,
            kind: 'exam',
            startAt: new Date(Date.now() + 3_600_000),
            endAt: new Date(Date.now() + 7_200_000),
            capacity: 10,
            booked: 1,
          })
          .returning({ id: applySession.id })
        const [a] = await db()
          .insert(appointment)
          .values({
            tenantId: 1001,
            userId: me.id,
            examId: s!.examId,
            sessionId: session!.id,
            kind: 'exam',
            status: APPOINTMENT_STATUS.booked,
          })
          .returning({ id: appointment.id })
        const stored = async () =>
          (await db().select({ s: appointment.signatureUrl }).from(appointment).where(eq(appointment.id, a!.id)))[0]!.s
        const sign = (signatureUrl: string) =>
          call(app, 'POST /base/profile/tp/commitment/upload', {
            token: me.token,
            body: { appointmentId: a!.id, signatureUrl },
          })
        await refusesAll('signatureUrl', sign, stored)
        const key = (await upload(me)).key
        const ok = await sign(key)
        expect(ok.code, ok.msg).toBe(200)
        expect(ok.data.signatureUrl).toBe(`/oss/${key}`)
        expect(await stored()).toBe(`/oss/${key}`)
      })
    })

    // ------------------------------------------------------------------ live chat

    describe('live chat', () => {
      const connect = async () => {
        const c = await ChatClient.connect(baseUrl)
        clients.push(c)
        return c
      }

      it('escapes an HTML nickname in the entry, the room, messages and history; the profile keeps it as typed', async () => {
        const room = await makeRoom(db(), 1001)
        const xss = await learner(1001, XSS_NICK)
        const watcher = await learner(1001)
        // an avatar that is not an upload is refused, so the chat never carries one
        const pic = await call(app, 'POST /app/user/edit', {
          token: xss.token,
          body: { avatar: 'javascript:alert(1)' },
        })
        expect(pic).toMatchObject({ status: 400, msg: 'avatar: must be a file you uploaded' })
        const entry = async (who: Learner) => {
          const r = await call(app, 'GET /study/record/getChannelBasicInfo', {
            token: who.token,
            query: { channelId: room.channelId, sessionId: room.sessionId },
          })
          expect(r.code, r.msg).toBe(200)
          return r.data
        }
        const e = await entry(xss)
        expect(e.nick).toBe(ESCAPED_NICK)
        const listener = await connect()
        expect(await listener.send('LOGIN', { token: (await entry(watcher)).chatToken })).toMatchObject({ ok: true })
        const speaker = await connect()
        const login = (await speaker.send('LOGIN', { token: e.chatToken })) as Any
        expect(login.ok).toBe(true)
        expect(login.room.me.nick).toBe(ESCAPED_NICK)
        await listener.waitFor(() => listener.of('LOGIN').length > 0, 'LOGIN of the speaker')
        expect((listener.of('LOGIN')[0]!.user as Any).nick).toBe(ESCAPED_NICK)
        const said = (await speaker.send('SPEAK', { values: ['<b>hi</b>'] })) as Any
        expect(said.ok).toBe(true)
        await listener.waitChat((m) => m.id === said.id)
        const msg = listener.chat.find((m) => m.id === said.id) as ChatMessage
        expect(msg.user.nick).toBe(ESCAPED_NICK)
        expect(msg.content).toBe('&lt;b&gt;hi&lt;/b&gt;')
        expect(JSON.stringify(listener.events)).not.toContain('<img')

        const history = await call(app, 'GET /polyv/live/historyChatMsgList', {
          token: watcher.token,
          query: { channelId: room.channelId, sessionId: room.sessionId },
        })
        expect(history.code, history.msg).toBe(200)
        expect(history.data.find((m: Any) => m.id === said.id).user.nick).toBe(ESCAPED_NICK)
        expect(history.raw).not.toContain('<img')
        const [row] = await db().select().from(liveChat).where(eq(liveChat.id, said.id))
        expect(row!.nick).toBe(ESCAPED_NICK)
        const [u] = await db().select({ n: sysUser.nickName }).from(sysUser).where(eq(sysUser.id, xss.id))
        expect(u!.n).toBe(XSS_NICK)

        // a token minted before the rule (raw name, script avatar) is escaped at LOGIN all the same
        const old = mintChatToken(config.secret, {
          tenantId: 1001,
          userId: watcher.id,
          channelId: room.channelId,
          sessionId: room.sessionId,
          userType: 'student',
          nick: XSS_NICK,
          pic: 'javascript:alert(1)',
          mode: 'live',
        })
        const late = await connect()
        const l = (await late.send('LOGIN', { token: old })) as Any
        expect(l.room.me).toMatchObject({ nick: ESCAPED_NICK, pic: '' })
      })

      it('CHAT_IMG: values, the sender’s own image only, sent and kept as /oss/<key>', async () => {
        const room = await makeRoom(db(), 1001)
        const sender = await connect()
        const token = (
          await call(app, 'GET /study/record/getChannelBasicInfo', {
            token: me.token,
            query: { channelId: room.channelId, sessionId: room.sessionId },
          })
        ).data.chatToken
        expect(await sender.send('LOGIN', { token })).toMatchObject({ ok: true })
        const key = (await upload(me)).key
        const rows = () => db().select().from(liveChat).where(eq(liveChat.sessionId, room.sessionId))
        for (const v of refusedForms(key)) {
          const ack = (await sender.send('CHAT_IMG', { values: [v] })) as Any
          expect(ack, v).toMatchObject({ ok: false, code: 'BAD_REQUEST' })
          expect(ack.message, v).toMatch(/^values: must be (a file|an image) you uploaded$/)
        }
        expect(await rows()).toEqual([])
        const ack = (await sender.send('CHAT_IMG', { values: [`${baseUrl}/oss/${key}`] })) as Any
        expect(ack.ok).toBe(true)
        expect((await rows()).map((r) => r.content)).toEqual([`/oss/${key}`])
      })
    })

    // ------------------------------------------------------------------ the repair migration

    it('the repair migration rewrites stored upload URLs to /oss/<key> of the owner, clears the rest, keeps ours', async () => {
      const owner = await learner(1001, XSS_NICK)
      const key = (await upload(owner)).key
      const foreign = `https://evil.example/oss/${key}`
      const [staffLike] = await db()
        .insert(sysUser)
        .values({
          tenantId: 1001,
          userAccount: `uf-staff-${owner.id}`,
          telPhone: `19${String(owner.id).padStart(9, '0')}`,
          avatar: '/static-assets/teacher-1.svg',
        })
        .returning({ id: sysUser.id })
      await db().update(sysUser).set({ avatar: foreign }).where(eq(sysUser.id, owner.id))
      await db().update(sysUser).set({ avatar: 'javascript:alert(1)' }).where(eq(sysUser.id, other.id))
      const [p1, p2, p3] = await db()
        .insert(photoLog)
        .values([
          { tenantId: 1001, userId: owner.id, scene: 'start', imageUrl: `//evil.example/x/${key}` },
          { tenantId: 1001, userId: owner.id, scene: 'start', imageUrl: 'data:image/png;base64,AAAA' },
          // another learner's upload in the owner's row
          { tenantId: 1001, userId: owner.id, scene: 'start', imageUrl: `https://evil.example/oss/${othersKey}` },
        ])
        .returning({ id: photoLog.id })
      await db()
        .insert(identityCert)
        .values({
          tenantId: 1001,
          userId: owner.id,
          realName: '张三',
          idCard: '110105194912310021',
          idCardImage: `http://evil.example/oss/${key}?x=1`,
          faceImage: `/oss/${key}`,
          status: 0,
          provider: 'local',
        })
      const [q] = await db()
        .insert(userAnswer)
        .values({
          tenantId: 1001,
          userId: owner.id,
          content: 'x',
          imageList: [foreign, 'javascript:alert(1)', `/oss/${othersKey}`, '/static-assets/a.png'],
          status: 0,
        })
        .returning({ id: userAnswer.id })
      const [t] = await db().select().from(profileTemplate).where(eq(profileTemplate.tenantId, 1001))
      const [pr] = await db()
        .insert(profile)
        .values({
          tenantId: 1001,
          userId: owner.id,
          goodsId: t!.goodsId,
          templateId: t!.id,
          values: { photo: foreign, eduCert: 'javascript:alert(1)', employer: 'note: http://x' },
        })
        .returning({ id: profile.id })
      const rec = await call(app, 'POST /bank/record', {
        token: owner.token,
        body: { scope: 'random', mode: 'test', type: 5, count: 1 },
      })
      await db()
        .insert(recordAnswer)
        .values({
          tenantId: 1001,
          recordId: rec.data.recordId,
          userId: owner.id,
          questionId: rec.data.questions[0].questionId,
          ques: { text: 't', imageList: [foreign, 'data:x'] },
          answeredAt: new Date(),
        })
      const room = await makeRoom(db(), 1001)
      const [c] = await db()
        .insert(liveChat)
        .values({
          tenantId: 1001,
          channelId: room.channelId,
          sessionId: room.sessionId,
          userId: owner.id,
          nick: XSS_NICK,
          pic: foreign,
          userType: 'student',
          event: 'SPEAK',
          content: 'hi',
        })
        .returning({ id: liveChat.id })

      // run the migration's statements again on this database (it is rerunnable: its function is dropped at the end)
      const file = path.join(root, 'server/drizzle/0021_upload_fields_repair.sql')
      for (const stmt of fs.readFileSync(file, 'utf8').split('--> statement-breakpoint'))
        if (stmt.trim()) await db().execute(sql.raw(stmt))

      const avatarOf = async (id: number) =>
        (await db().select({ a: sysUser.avatar }).from(sysUser).where(eq(sysUser.id, id)))[0]!.a
      expect(await avatarOf(owner.id)).toBe(`/oss/${key}`)
      expect(await avatarOf(other.id)).toBe('')
      expect(await avatarOf(staffLike!.id)).toBe('/static-assets/teacher-1.svg')
      const photo = async (id: number) =>
        (await db().select({ u: photoLog.imageUrl }).from(photoLog).where(eq(photoLog.id, id)))[0]!.u
      expect([await photo(p1!.id), await photo(p2!.id), await photo(p3!.id)]).toEqual([`/oss/${key}`, '', ''])
      expect((await db().select().from(identityCert).where(eq(identityCert.userId, owner.id)))[0]).toMatchObject({
        idCardImage: `/oss/${key}`,
        faceImage: `/oss/${key}`,
      })
      expect((await db().select().from(userAnswer).where(eq(userAnswer.id, q!.id)))[0]!.imageList).toEqual([
        `/oss/${key}`,
        '/static-assets/a.png',
      ])
      expect((await db().select().from(profile).where(eq(profile.id, pr!.id)))[0]!.values).toEqual({
        photo: `/oss/${key}`,
        employer: 'note: http://x',
      })
      const [ans] = await db()
        .select()
        .from(recordAnswer)
        .where(and(eq(recordAnswer.userId, owner.id), eq(recordAnswer.recordId, rec.data.recordId)))
      expect(ans!.ques).toEqual({ text: 't', imageList: [`/oss/${key}`] })
      expect((await db().select().from(liveChat).where(eq(liveChat.id, c!.id)))[0]).toMatchObject({
        nick: ESCAPED_NICK,
        pic: `/oss/${key}`,
      })
      // the seeded rows that are ours stay: teachers' portraits as staff avatars, the seeded chat's pictures
      const seeded = await db()
        .select({ a: sysUser.avatar })
        .from(sysUser)
        .where(sql`${sysUser.avatar} like '/static-assets/%'`)
      expect(seeded.length).toBeGreaterThan(1)
      expect(
        await db().select({ id: bankRecord.id }).from(bankRecord).where(eq(bankRecord.id, rec.data.recordId)),
      ).toHaveLength(1)
    })
  })
}
