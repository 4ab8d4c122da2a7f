/**
 * Uploads: the signed policy (checked against ali-oss), the local store's form endpoint (every refusal
 * leaves OSS_DIR without a file), the callback (store signature, tenant from the key, recorded once), file
 * serving, the upload through the API, and the Aliyun provider (RSA callback with a key generated here,
 * PutObject signature checked against ali-oss).
 */
import { createHmac, createSign, generateKeyPairSync } from 'node:crypto'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { deflateSync } from 'node:zlib'
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildApp } from '../../server/src/app'
import { defaultConfig } from '../../server/src/config'
import type { Database } from '../../server/src/db'
import { uploadObject } from '../../server/src/db/schema'
import { localCallbackKey } from '../../server/src/services/upload'
import { clearPublicKeyCache } from '../../server/src/services/upload/callback'
import type { OssConfig } from '../../server/src/services/upload/types'
import { freshPglite, type Harness, login, RecordingSms, SECRET } from './helpers'

const require = createRequire(import.meta.url)
type PostSignature = { OSSAccessKeyId: string; Signature: string; policy: string }
const OSS = require('ali-oss') as new (o: {
  accessKeyId: string
  accessKeySecret: string
  bucket: string
  region: string
}) => { calculatePostSignature(policy: object): PostSignature }
const signUtils = require('ali-oss/lib/common/signUtils') as {
  buildCanonicalString(
    method: string,
    resource: string,
    request: { headers: Record<string, string> },
    expires: string,
  ): string
  authorization(id: string, secret: string, canonical: string): string
}

// ---- files -----------------------------------------------------------------------------------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
function crc32(buf: Buffer): number {
  let c = 0xffffffff
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4)
  len.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([len, body, crc])
}
/** A valid grey PNG of the given size. */
function png(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr.set([8, 0, 0, 0, 0], 8)
  const rows = Buffer.alloc((width + 1) * height, 0x80)
  for (let y = 0; y < height; y++) rows[y * (width + 1)] = 0
  return Buffer.concat([
    Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}
/** JPEG headers: SOI, an APP1 segment to walk past, SOF0 with the size, EOI. */
function jpeg(width: number, height: number): Buffer {
  const app1 = Buffer.concat([Buffer.from([0xff, 0xe1, 0x00, 0x10]), Buffer.alloc(14, 0x41)])
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x0b, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1])
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app1, sof, Buffer.alloc(3), Buffer.from([0xff, 0xd9])])
}
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n')

// ---- harness ---------------------------------------------------------------------------------

let database: Database
let app: FastifyInstance
let ossDir: string
let token: string
let userId: number

const config = (oss: Partial<OssConfig> = {}) =>
  defaultConfig({
    secret: SECRET,
    rateLimit: { max: 1_000_000, loginMax: 1_000_000, smsMax: 1_000_000 },
    oss: { provider: 'local', dir: ossDir, ...oss } as OssConfig,
  })

function storedFiles(): string[] {
  if (!fs.existsSync(ossDir)) return []
  return (fs.readdirSync(ossDir, { recursive: true }) as string[])
    .filter((f) => fs.statSync(path.join(ossDir, f)).isFile())
    .sort()
}

interface Policy {
  host: string
  dir: string
  accessid: string
  policy: string
  signature: string
  callback: string
  expire: number
  maxSize: number
}

async function policyOf(a: FastifyInstance, imageStatus = '1', headers: Record<string, string> = {}) {
  const res = await a.inject({
    method: 'GET',
    url: `/api/aliyun/oss/policy?imageStatus=${imageStatus}`,
    headers: { 'tenant-id': '1001', authorization: `Bearer ${token}`, host: 'learn.example.com', ...headers },
  })
  const body = JSON.parse(res.body) as { code: number; data: Policy }
  expect(body.code).toBe(200)
  return body.data
}

type Field = [string, string]
interface FilePart {
  content: Buffer
  name?: string
  filename?: string
  type?: string
}
function multipart(fields: Field[], file?: FilePart) {
  const boundary = `----test${Math.random().toString(16).slice(2)}`
  const parts: Buffer[] = fields.map(([k, v]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  )
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name ?? 'file'}"; filename="${file.filename ?? 'a.png'}"\r\nContent-Type: ${file.type ?? 'image/png'}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    )
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` }
}

/** The form the app posts (field names as the OSS weapp sample writes them). */
function formOf(p: Policy, key: string, over: Record<string, string> = {}): Field[] {
  const f: Record<string, string> = {
    key,
    policy: p.policy,
    OSSAccessKeyId: p.accessid,
    signature: p.signature,
    callback: p.callback,
    success_action_status: '200',
    ...over,
  }
  return Object.entries(f)
}

// biome-ignore lint/suspicious/noExplicitAny: replies are narrowed by each test
type Reply = { code: number; msg: string; data: any }
async function postToStore(fields: Field[], file?: FilePart) {
  const { payload, contentType } = multipart(fields, file)
  const res = await app.inject({ method: 'POST', url: '/oss', headers: { 'content-type': contentType }, payload })
  return { status: res.statusCode, body: JSON.parse(res.body) as Reply }
}

const rows = (key: string) => database.db.select().from(uploadObject).where(eq(uploadObject.key, key))
const name = () => `${Math.random().toString(16).slice(2)}${Math.random().toString(16).slice(2)}`

beforeAll(async () => {
  ossDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oss-test-'))
  database = await freshPglite()
  app = await buildApp({ db: database.db, config: config() })
  await app.ready()
  const h = { app, database, sms: new RecordingSms(), close: async () => {} } as Harness
  token = await login(h)
  userId = Number(/^t1001\/u(\d+)\//.exec((await policyOf(app)).dir)![1])
})

afterAll(async () => {
  await app?.close()
  await database?.close()
  fs.rmSync(ossDir, { recursive: true, force: true })
})

afterEach(() => {
  vi.useRealTimers()
})

// ---- policy ------------------------------------------------------------------------------------

describe('GET /aliyun/oss/policy', () => {
  it('answers the learner dir, a 600 s policy with the size range and key prefix, and the callback', async () => {
    const before = Math.floor(Date.now() / 1000)
    const p = await policyOf(app)
    expect(p.host).toBe('http://learn.example.com/oss')
    expect(p.dir).toMatch(new RegExp(`^t1001/u${userId}/img/\\d{8}/$`))
    expect(p.maxSize).toBe(10 * 1024 * 1024)
    expect(p.expire - before).toBeGreaterThanOrEqual(599)
    expect(p.expire - before).toBeLessThanOrEqual(601)
    const policy = JSON.parse(Buffer.from(p.policy, 'base64').toString())
    expect(policy).toEqual({
      expiration: new Date(p.expire * 1000).toISOString(),
      conditions: [{ bucket: 'local' }, ['content-length-range', 1, p.maxSize], ['starts-with', '$key', p.dir]],
    })
    const callback = JSON.parse(Buffer.from(p.callback, 'base64').toString())
    expect(callback).toEqual({
      callbackUrl: 'http://learn.example.com/api/aliyun/oss/callback',
      callbackBody:
        // biome-ignore lint/suspicious/noTemplateCurlyInString: OSS's own ${var} syntax
        'bucket=${bucket}&object=${object}&size=${size}&mimeType=${mimeType}&height=${imageInfo.height}&width=${imageInfo.width}',
      callbackBodyType: 'application/x-www-form-urlencoded',
    })
    const doc = await policyOf(app, '0')
    expect(doc.dir).toMatch(/\/doc\/\d{8}\/$/)
    expect(doc.maxSize).toBe(20 * 1024 * 1024)
  })

  it('needs a login', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/aliyun/oss/policy', headers: { 'tenant-id': '1001' } })
    expect(res.statusCode).toBe(401)
  })

  it('takes the origin from PUBLIC_BASE_URL, or the forwarded headers only behind a trusted proxy', async () => {
    const fwd = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'cdn.example.com' }
    expect((await policyOf(app, '1', fwd)).host).toBe('http://learn.example.com/oss')
    const trusting = await buildApp({ db: database.db, config: config({ trustProxy: true }) })
    const pub = await buildApp({ db: database.db, config: config({ publicBaseUrl: 'https://edu.example.cn/' }) })
    try {
      expect((await policyOf(trusting, '1', fwd)).host).toBe('https://cdn.example.com/oss')
      const p = await policyOf(pub)
      expect(p.host).toBe('https://edu.example.cn/oss')
      expect(JSON.parse(Buffer.from(p.callback, 'base64').toString()).callbackUrl).toBe(
        'https://edu.example.cn/api/aliyun/oss/callback',
      )
    } finally {
      await trusting.close()
      await pub.close()
    }
  })

  it('signs exactly as ali-oss calculatePostSignature does (aliyun provider)', async () => {
    const aliyun = {
      bucket: 'learn-bucket',
      region: 'oss-cn-hangzhou',
      accessKeyId: 'LTAIexample',
      accessKeySecret: 's3cr3t',
    }
    const a = await buildApp({ db: database.db, config: config({ provider: 'aliyun', aliyun }) })
    try {
      const p = await policyOf(a)
      expect(p.host).toBe('https://learn-bucket.oss-cn-hangzhou.aliyuncs.com')
      expect(p.accessid).toBe('LTAIexample')
      const policyObject = JSON.parse(Buffer.from(p.policy, 'base64').toString())
      expect(policyObject.conditions[0]).toEqual({ bucket: 'learn-bucket' })
      const theirs = new OSS(aliyun).calculatePostSignature(policyObject)
      expect(theirs.policy).toBe(p.policy)
      expect(theirs.Signature).toBe(p.signature)
    } finally {
      await a.close()
    }
  })
})

// ---- local store ------------------------------------------------------------------------------

describe('POST /oss (local store)', () => {
  it('stores a good upload, runs the callback that records it, and serves the bytes', async () => {
    const p = await policyOf(app)
    const key = `${p.dir}${name()}.png`
    const content = png(37, 21)
    const r = await postToStore(formOf(p, key), { content })
    expect(r.status).toBe(200)
    expect(r.body.code).toBe(200)
    expect(r.body.data).toEqual({
      url: `/oss/${key}`,
      key,
      size: content.length,
      mimeType: 'image/png',
      width: 37,
      height: 21,
    })
    expect(r.body.data.size).toBeGreaterThan(0)
    expect(storedFiles()).toContain(key)
    const [row] = await rows(key)
    expect(row).toMatchObject({ tenantId: 1001, userId, size: content.length, mimeType: 'image/png', width: 37 })

    const got = await app.inject({ method: 'GET', url: r.body.data.url })
    expect(got.statusCode).toBe(200)
    expect(got.headers['content-type']).toBe('image/png')
    expect(got.headers['cache-control']).toBe('private, max-age=86400')
    expect(Buffer.compare(got.rawPayload, content)).toBe(0)
  })

  it('reads JPEG dimensions past other segments, and takes documents under a doc policy', async () => {
    const p = await policyOf(app)
    const key = `${p.dir}${name()}.jpg`
    const r = await postToStore(formOf(p, key), { content: jpeg(4000, 3000), type: 'image/jpeg' })
    expect(r.body.data).toMatchObject({ mimeType: 'image/jpeg', width: 4000, height: 3000 })
    const d = await policyOf(app, '0')
    const docKey = `${d.dir}${name()}.pdf`
    const doc = await postToStore(formOf(d, docKey), { content: pdf, type: 'application/pdf' })
    expect(doc.body.data).toMatchObject({ key: docKey, mimeType: 'application/pdf', width: null, height: null })
  })

  it('refuses a forged signature, a foreign access id, an expired policy and keys outside the dir; nothing stored', async () => {
    const p = await policyOf(app)
    const before = storedFiles()
    const content = png(8, 8)
    const forged = createHmac('sha1', 'not-the-secret').update(p.policy).digest('base64')
    const cases: [Field[], number, RegExp][] = [
      [formOf(p, `${p.dir}${name()}.png`, { signature: forged }), 403, /Signature/],
      [formOf(p, `${p.dir}${name()}.png`, { OSSAccessKeyId: 'LTAIother' }), 403, /OSSAccessKeyId/],
      [formOf(p, `t1001/u${userId + 1}/img/20250101/${name()}.png`), 403, /starts with/],
      [formOf(p, `t1002/u${userId}/img/${p.dir.split('/')[3]}/${name()}.png`), 403, /starts with/],
      [formOf(p, `${p.dir}../../x.png`), 403, /outside/],
      [formOf(p, `${p.dir}${name()}.png`, { callback: '' }), 400, /callback/],
    ]
    for (const [fields, status, msg] of cases) {
      const r = await postToStore(fields, { content })
      expect(r.status, JSON.stringify(r.body)).toBe(status)
      expect(r.body.code).toBe(status)
      expect(r.body.msg).toMatch(msg)
    }
    // the same form 601 s later
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + 601_000)
    const expired = await postToStore(formOf(p, `${p.dir}${name()}.png`), { content })
    vi.useRealTimers()
    expect(expired.status).toBe(403)
    expect(expired.body.msg).toMatch(/expired/)
    expect(storedFiles()).toEqual(before)
  })

  it('refuses a file over the limit, a non-image under img/ and an empty file; nothing stored', async () => {
    const p = await policyOf(app)
    const before = storedFiles()
    const big = Buffer.concat([png(2, 2), Buffer.alloc(p.maxSize)])
    const tooBig = await postToStore(formOf(p, `${p.dir}${name()}.png`), { content: big })
    expect(tooBig.status).toBe(400)
    expect(tooBig.body.msg).toMatch(/too large/)
    const notImage = await postToStore(formOf(p, `${p.dir}${name()}.png`), { content: pdf })
    expect(notImage.status).toBe(400)
    expect(notImage.body.msg).toMatch(/images/)
    const empty = await postToStore(formOf(p, `${p.dir}${name()}.png`), { content: Buffer.alloc(0) })
    expect(empty.status).toBe(400)
    const noFile = await postToStore(formOf(p, `${p.dir}${name()}.png`))
    expect(noFile.status).toBe(400)
    expect(storedFiles()).toEqual(before)
  })

  it('serves no path outside the store and answers 404 for a missing key', async () => {
    for (const url of [
      '/oss/t1001/nothing-here.png',
      '/oss/..%2F..%2Fetc%2Fpasswd',
      '/oss/.tmp/x',
      '/oss/%2e%2e/secret',
    ]) {
      const res = await app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(404)
      expect(JSON.parse(res.body).code).toBe(404)
    }
  })
})

// ---- callback ----------------------------------------------------------------------------------

describe('POST /aliyun/oss/callback', () => {
  const cbPath = '/api/aliyun/oss/callback'
  const localSign = (body: string) =>
    createHmac('sha256', localCallbackKey(SECRET)).update(`${cbPath}\n${body}`).digest('base64')
  const post = (body: string, headers: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: cbPath,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: body,
    })

  it('refuses a callback without a valid store signature and records nothing', async () => {
    const p = await policyOf(app)
    const key = `${p.dir}${name()}.png`
    const r = await postToStore(formOf(p, key), { content: png(3, 3) })
    expect(r.status).toBe(200)
    const other = `${p.dir}${name()}.png`
    fs.copyFileSync(path.join(ossDir, key), path.join(ossDir, other)) // a file there, but no honest callback
    const body = `bucket=local&object=${encodeURIComponent(other)}&size=${r.body.data.size}&mimeType=image%2Fpng&height=3&width=3`
    for (const authorization of [undefined, 'bm9wZQ==', localSign(`${body}&x=1`)]) {
      const res = await post(body, authorization ? { authorization } : {})
      expect(res.statusCode).toBe(401)
    }
    expect(await rows(other)).toHaveLength(0)
    // signed by the store, without any tenant header: recorded once, however often it is repeated
    for (let i = 0; i < 2; i++) {
      const res = await post(body, { authorization: localSign(body) })
      expect(JSON.parse(res.body)).toMatchObject({ code: 200, data: { key: other, url: `/oss/${other}` } })
    }
    expect(await rows(other)).toHaveLength(1)
  })

  it('refuses a signed callback for a key with no such file or an unknown learner', async () => {
    const p = await policyOf(app)
    const missing = `${p.dir}${name()}.png`
    const body = `bucket=local&object=${encodeURIComponent(missing)}&size=10&mimeType=image%2Fpng&height=&width=`
    expect((await post(body, { authorization: localSign(body) })).statusCode).toBe(400)
    const stranger = `t1001/u999999/img/20250101/${name()}.png`
    const body2 = `bucket=local&object=${encodeURIComponent(stranger)}&size=10&mimeType=image%2Fpng&height=&width=`
    expect((await post(body2, { authorization: localSign(body2) })).statusCode).toBe(403)
    const outside = 'somewhere/else.png'
    const body3 = `bucket=local&object=${outside}&size=10&mimeType=image%2Fpng&height=&width=`
    expect((await post(body3, { authorization: localSign(body3) })).statusCode).toBe(403)
  })
})

// ---- through the API ---------------------------------------------------------------------------

describe('POST /aliyun/oss/upload', () => {
  const upload = (file: FilePart, query = 'imageStatus=1', auth = true) => {
    const { payload, contentType } = multipart([], file)
    return app.inject({
      method: 'POST',
      url: `/api/aliyun/oss/upload?${query}`,
      headers: {
        'content-type': contentType,
        'tenant-id': '1001',
        ...(auth ? { authorization: `Bearer ${token}` } : {}),
      },
      payload,
    })
  }

  it('stores the file under the learner dir and records it', async () => {
    const content = png(12, 34)
    const res = await upload({ content })
    const body = JSON.parse(res.body)
    expect(body.code).toBe(200)
    expect(body.data).toMatchObject({ size: content.length, mimeType: 'image/png', width: 12, height: 34 })
    expect(body.data.key).toMatch(new RegExp(`^t1001/u${userId}/img/\\d{8}/[0-9a-f]{32}\\.png$`))
    expect(body.data.url).toBe(`/oss/${body.data.key}`)
    expect(await rows(body.data.key)).toHaveLength(1)
    const got = await app.inject({ method: 'GET', url: body.data.url })
    expect(Buffer.compare(got.rawPayload, content)).toBe(0)
  })

  it('refuses without login, a non-image for an image upload, and a JSON body; nothing stored', async () => {
    const before = storedFiles()
    expect((await upload({ content: png(2, 2) }, 'imageStatus=1', false)).statusCode).toBe(401)
    const notImage = await upload({ content: pdf, filename: 'a.pdf', type: 'application/pdf' })
    expect(notImage.statusCode).toBe(400)
    const json = await app.inject({
      method: 'POST',
      url: '/api/aliyun/oss/upload',
      headers: { 'tenant-id': '1001', authorization: `Bearer ${token}` },
      payload: { file: { tmpPath: '/etc/passwd', size: 1, mimeType: 'image/png' } },
    })
    expect(json.statusCode).toBe(400)
    expect(storedFiles()).toEqual(before)
    const doc = JSON.parse((await upload({ content: pdf, type: 'application/pdf' }, 'imageStatus=0')).body)
    expect(doc.data).toMatchObject({
      mimeType: 'application/pdf',
      key: expect.stringMatching(/\/doc\/\d{8}\/\w+\.pdf$/),
    })
  })
})

// ---- Aliyun OSS provider -------------------------------------------------------------------------

describe('aliyun provider', () => {
  const aliyun = { bucket: 'learn-bucket', region: 'oss-cn-shanghai', accessKeyId: 'LTAIkey', accessKeySecret: 'sk' }
  const pair = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  })
  const pubKeyUrl = 'https://gosspublic.alicdn.com/callback_pub_key_v1.pem'
  const calls: { url: string; init?: RequestInit }[] = []
  const fetchStub = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init })
    if (String(url) === pubKeyUrl) return new Response(pair.publicKey)
    if (init?.method === 'PUT') return new Response('', { status: 200 })
    return new Response('not found', { status: 404 })
  }) as unknown as typeof fetch
  let a: FastifyInstance

  beforeAll(async () => {
    clearPublicKeyCache()
    a = await buildApp({ db: database.db, config: config({ provider: 'aliyun', aliyun, fetch: fetchStub }) })
  })
  afterAll(async () => {
    await a.close()
  })

  const ossCallback = (body: string, opts: { url?: string; key?: string } = {}) => {
    const signature = createSign('RSA-MD5')
      .update(`/api/aliyun/oss/callback\n${body}`)
      .sign(opts.key ?? pair.privateKey, 'base64')
    return a.inject({
      method: 'POST',
      url: '/api/aliyun/oss/callback',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: signature,
        'x-oss-pub-key-url': Buffer.from(opts.url ?? pubKeyUrl).toString('base64'),
      },
      payload: body,
    })
  }

  it("verifies OSS's RSA callback signature with the fetched public key (fetched once) and answers the bucket URL", async () => {
    const p = await policyOf(a)
    const key = `${p.dir}${name()}.jpg`
    const body = `bucket=learn-bucket&object=${encodeURIComponent(key)}&size=2048&mimeType=image%2Fjpeg&height=600&width=800`
    for (let i = 0; i < 2; i++) {
      const res = await ossCallback(body)
      expect(JSON.parse(res.body)).toEqual({
        code: 200,
        msg: 'ok',
        data: {
          url: `https://learn-bucket.oss-cn-shanghai.aliyuncs.com/${key}`,
          key,
          size: 2048,
          mimeType: 'image/jpeg',
          width: 800,
          height: 600,
        },
      })
    }
    expect(calls.filter((c) => c.url === pubKeyUrl)).toHaveLength(1)
    expect(await rows(key)).toHaveLength(1)
  })

  it('refuses a signature by another key and a public key URL off gosspublic.alicdn.com', async () => {
    const p = await policyOf(a)
    const key = `${p.dir}${name()}.jpg`
    const body = `bucket=learn-bucket&object=${encodeURIComponent(key)}&size=10&mimeType=image%2Fjpeg&height=&width=`
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
    })
    expect((await ossCallback(body, { key: String(other) })).statusCode).toBe(401)
    const fetched = calls.length
    for (const url of [
      'https://evil.example.com/key.pem',
      'http://gosspublic.alicdn.com/key.pem',
      'https://gosspublic.alicdn.com.evil.com/k.pem',
    ]) {
      expect((await ossCallback(body, { url })).statusCode).toBe(401)
    }
    expect(calls.length).toBe(fetched)
    expect(await rows(key)).toHaveLength(0)
  })

  it('puts an API upload to the bucket with the V1 signature ali-oss computes', async () => {
    const content = png(5, 6)
    const { payload, contentType } = multipart([], { content })
    const res = await a.inject({
      method: 'POST',
      url: '/api/aliyun/oss/upload?imageStatus=1',
      headers: { 'content-type': contentType, 'tenant-id': '1001', authorization: `Bearer ${token}` },
      payload,
    })
    const body = JSON.parse(res.body)
    expect(body.code).toBe(200)
    expect(body.data.url).toBe(`https://learn-bucket.oss-cn-shanghai.aliyuncs.com/${body.data.key}`)
    const put = calls.find((c) => c.init?.method === 'PUT')!
    expect(put.url).toBe(body.data.url)
    const headers = put.init!.headers as Record<string, string>
    const canonical = signUtils.buildCanonicalString(
      'PUT',
      `/learn-bucket/${body.data.key}`,
      { headers: { 'content-type': headers['content-type']! } },
      headers.date!,
    )
    expect(headers.authorization).toBe(signUtils.authorization('LTAIkey', 'sk', canonical))
    expect(Buffer.compare(Buffer.from(put.init!.body as Uint8Array), content)).toBe(0)
    const [row] = await database.db
      .select()
      .from(uploadObject)
      .where(and(eq(uploadObject.key, body.data.key), eq(uploadObject.tenantId, 1001)))
    expect(row).toMatchObject({ userId, size: content.length })
  })
})
