/**
 * Text the database cannot store (docs/DECISIONS.md "Wire"): for EVERY implemented route, a valid input is
 * generated from its contract schema (zod-schema-faker), then each string in it is sent once with a NUL
 * (U+0000) — refused 400 naming that field — and once with a lone surrogate (half an emoji) — cleaned, never a
 * 5xx. Plus the findings that led here: the named query / body routes, answer saves, malformed multipart.
 */
import { faker } from '@faker-js/faker'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { fake, seed, setFaker } from 'zod-schema-faker/v4'
import { type RouteKey, routes } from '../../contract/routes'
import { schemas } from '../../contract/schemas'
import { recordAnswer, sysUser } from '../../server/src/db/schema'
import { call, freshPglite, type Harness, harness, login, serverFailed, smsCodeFor } from './helpers'

setFaker(faker)

type Input = { query?: unknown; params?: unknown; body?: unknown }
type Part = keyof Input

/** Routes whose valid input would end the test's own session or account (tested in their own suites). */
const SKIP = new Set<RouteKey>(['POST /app/user/offline', 'POST /lock/delLock', 'POST /app/user/updatePwd'])

type Def = { type: string; out?: z.ZodType; in?: z.ZodType; shape?: Record<string, z.ZodType>; innerType?: z.ZodType }
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def

/**
 * A fake of a schema; where the faker cannot go (a preprocess step, a refinement) it fakes the parts: a pipe's
 * output side, an object's properties one by one (an optional one that cannot be faked is left out).
 */
function fakeOf(schema: z.ZodType): unknown {
  try {
    return fake(schema as never)
  } catch {
    const def = defOf(schema)
    if (def.type === 'pipe') return def.in && defOf(def.in).type !== 'transform' ? fakeOf(def.in) : fakeOf(def.out!)
    if (def.type === 'optional' || def.type === 'default') return undefined
    if (def.type === 'object' && def.shape) {
      const out: Record<string, unknown> = {}
      for (const [k, v] of Object.entries(def.shape)) {
        const value = fakeOf(v)
        if (value !== undefined) out[k] = value
      }
      return out
    }
    throw new Error(`cannot fake ${def.type}`)
  }
}

/** A valid sample of a schema (a few tries: refinements such as an ID check digit may reject a fake). */
function sample(schema: z.ZodType | undefined): { ok: boolean; value: unknown } {
  if (!schema) return { ok: true, value: undefined }
  for (let i = 0; i < 12; i++) {
    let value: unknown
    try {
      value = fakeOf(schema)
    } catch {
      return { ok: false, value: undefined }
    }
    if (schema.safeParse(value).success) return { ok: true, value }
  }
  return { ok: false, value: undefined }
}

/** Paths of every string in a value (`a.0.b`), object keys excluded. */
function stringPaths(v: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof v === 'string') return [path]
  if (Array.isArray(v)) return v.flatMap((x, i) => stringPaths(x, [...path, i]))
  if (v && typeof v === 'object') return Object.entries(v).flatMap(([k, x]) => stringPaths(x, [...path, k]))
  return []
}

function withString(v: unknown, path: (string | number)[], f: (s: string) => string): unknown {
  if (path.length === 0) return f(v as string)
  const [head, ...rest] = path
  const copy = (Array.isArray(v) ? [...v] : { ...(v as object) }) as Record<string | number, unknown>
  copy[head!] = withString(copy[head!], rest, f)
  return copy
}

/** Query values on the wire are strings; numbers and booleans of a fake become their text. */
const asQuery = (v: unknown) =>
  v && typeof v === 'object'
    ? Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined && typeof x !== 'object'))
    : undefined

describe('text the database cannot store', () => {
  let h: Harness
  let token: string
  beforeAll(async () => {
    h = await harness(await freshPglite())
    token = await login(h, 1001, 'device-input-text')
    seed(11643)
  })
  afterAll(async () => {
    await h?.close()
  })

  const send = (key: RouteKey, input: Input, withToken = true) =>
    call(h.app, key, {
      token: withToken ? token : undefined,
      query: asQuery(input.query) as Record<string, unknown> | undefined,
      params: input.params as Record<string, string> | undefined,
      body: routes[key].method === 'POST' ? (input.body ?? {}) : undefined,
    })

  it('every route: a NUL in any string is refused naming the field; a lone surrogate never yields a 5xx', async () => {
    // the learner's calls (a learner's token); the staff calls' own inputs: tests/server/staff-routes.test.ts
    const keys = (Object.keys(schemas) as RouteKey[]).filter((k) => k in routes && !SKIP.has(k))
    let covered = 0
    let strings = 0
    const uncovered: RouteKey[] = []
    for (const key of keys) {
      const s = schemas[key as keyof typeof schemas] as { query?: z.ZodType; params?: z.ZodType; body?: z.ZodType }
      const input: Input = {}
      let ok = true
      for (const part of ['query', 'params', 'body'] as Part[]) {
        const got = sample(s[part])
        ok &&= got.ok
        input[part] = got.value
      }
      if (!ok) {
        uncovered.push(key)
        continue
      }
      covered++
      for (const part of ['query', 'params', 'body'] as Part[]) {
        for (const path of stringPaths(input[part])) {
          if (part === 'params') continue // a path segment with NUL or a lone surrogate is not a valid URL
          strings++
          const field = path.join('.')
          const nul = await send(key, { ...input, [part]: withString(input[part], path, (x) => `${x}\u0000x`) })
          expect({ key, field, status: nul.status, msg: nul.msg }).toEqual({
            key,
            field,
            status: 400,
            msg: `${field}: contains a NUL character (U+0000), which cannot be stored`,
          })
          const half = await send(key, { ...input, [part]: withString(input[part], path, (x) => `${x}\ud83d`) })
          expect(serverFailed(key, half), `${key} ${field}: ${half.status} ${half.raw.slice(0, 300)}`).toBe(false)
        }
      }
    }
    // the session the fuzzing used is still good (nothing it sent logged it out)
    expect((await call(h.app, 'GET /app/user/getInfo', { token })).code).toBe(200)
    // nearly every route gets a valid generated input (a few cross-field refinements defeat the faker: those
    // routes are still covered by the NUL refusal, which runs before validation)
    expect(uncovered.length, uncovered.join(', ')).toBeLessThanOrEqual(5)
    expect(covered).toBeGreaterThan(150)
    // a floor, not a figure: the faker's seeded sequence shifts with every new route (about 450 string fields in 2026-11)
    expect(strings).toBeGreaterThan(400)
  }, 300_000)

  it('the reported routes answer 400 naming the field, not 500', async () => {
    const q = (key: RouteKey, query: Record<string, string>, withToken = false) =>
      call(h.app, key, { query, token: withToken ? token : undefined })
    const nul = 'a\u0000b'
    const cases: [RouteKey, Record<string, string>, boolean][] = [
      ['GET /app/common/findTenantId', { hostH5: nul }, false],
      ['GET /app/common/config', { configKey: nul }, false],
      ['GET /app/common/system/dict/data/list', { dictType: nul }, false],
      ['GET /app/common/base/advertising/list', { location: nul }, false],
      ['GET /app/common/goods/list', { keyword: nul }, false],
      ['GET /order/info', { orderNo: nul }, true],
    ]
    for (const [key, query, withToken] of cases) {
      const r = await q(key, query, withToken)
      const field = Object.keys(query)[0]
      expect({ key, status: r.status, msg: r.msg }).toEqual({
        key,
        status: 400,
        msg: `${field}: contains a NUL character (U+0000), which cannot be stored`,
      })
    }
    for (const key of [
      'POST /app/common/account_login',
      'POST /app/common/telphone_login',
      'POST /login',
    ] as RouteKey[]) {
      const r = await call(h.app, key, {
        body: { account: '13800000001', telPhone: '13800000001', password: 'Demo1234', code: '1234', uuid: nul },
      })
      expect({ key, status: r.status }).toEqual({ key, status: 400 })
      expect(r.msg).toMatch(/^uuid: contains a NUL/)
    }
    for (const [key, body] of [
      ['POST /app/user/edit', { nickName: nul }],
      ['POST /app/user/edit/shareActivityCode', { shareActivityCode: nul }],
      ['POST /order/refund', { orderId: 1, reason: nul }],
      ['POST /order/invoice', { orderId: 1, title: nul }],
    ] as [RouteKey, Record<string, unknown>][]) {
      const r = await call(h.app, key, { token, body })
      expect({ key, status: r.status }).toEqual({ key, status: 400 })
      expect(r.msg).toContain('contains a NUL character')
    }
    // nothing changed
    const me = await call(h.app, 'GET /app/user/getInfo', { token })
    expect(me.data.nickName).not.toContain('\u0000')
  })

  it('answer saves: a NUL is refused naming the answer and saves nothing; a lone surrogate is stored as U+FFFD', async () => {
    const phone = `134${String(Date.now()).slice(-8)}`
    const code = await smsCodeFor(h, 'login', phone)
    const t = (
      await call(h.app, 'POST /app/common/sms_login', { body: { telPhone: phone, code, deviceUuid: 'device-text' } })
    ).data.token as string
    const [u] = await h.database.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.telPhone, phone))
    // the daily practice of the free bank: any learner may open it
    const banks = await call(h.app, 'GET /bank/question/listFreeGoodsList', { token: t })
    expect(banks.code).toBe(200)
    const rec = await call(h.app, 'POST /bank/record', { token: t, body: { scope: 'random', mode: 'practice' } })
    expect(rec.code).toBe(200)
    const [essay, other] = rec.data.questions as { questionId: number }[]
    const now = Date.now() / 1000
    const bad = await call(h.app, 'POST /bank/record/edit', {
      token: t,
      body: {
        recordId: rec.data.recordId,
        answers: [
          { questionId: other!.questionId, ques: 'A', answeredAt: now },
          { questionId: essay!.questionId, ques: { text: 'x\u0000y', imageList: [] }, answeredAt: now },
        ],
      },
    })
    expect(bad.status).toBe(400)
    expect(bad.msg).toBe('answers.1.ques.text: contains a NUL character (U+0000), which cannot be stored')
    const stored = () =>
      h.database.db
        .select()
        .from(recordAnswer)
        .where(and(eq(recordAnswer.userId, u!.id), eq(recordAnswer.recordId, rec.data.recordId)))
    expect(await stored()).toHaveLength(0)

    const half = (imageList: string[]) =>
      call(h.app, 'POST /bank/record/edit', {
        token: t,
        body: {
          recordId: rec.data.recordId,
          answers: [{ questionId: essay!.questionId, ques: { text: '答案\ud83d 和 😀', imageList }, answeredAt: now }],
        },
      })
    // an essay's images are uploads of the learner's (services/upload/own.ts): a made-up path is refused
    const made = await half(['/oss/t1001/img/a\udc00.png'])
    expect(made.status).toBe(400)
    expect(made.msg).toBe('answers.0.ques.imageList: must be a file you uploaded')
    expect(await stored()).toHaveLength(0)
    expect((await half([])).code).toBe(200)
    const [row] = await stored()
    expect(row!.ques).toEqual({ text: '答案\ufffd 和 😀', imageList: [] })
  })

  it('a malformed multipart body on the upload routes is a 400, not a 500', async () => {
    const bodies = [
      { type: 'multipart/form-data', payload: 'no boundary at all' },
      {
        type: 'multipart/form-data; boundary=XYZ',
        payload: '--XYZ\r\nContent-Disposition: form-data; name="key"\r\n\r\nvalue',
      },
      { type: 'multipart/form-data; boundary=XYZ', payload: '--XYZ\r\nbroken header\r\n\r\nx\r\n--XYZ--\r\n' },
    ]
    for (const url of ['/oss', '/api/aliyun/oss/upload?imageStatus=1']) {
      for (const b of bodies) {
        const r = await h.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': b.type, 'tenant-id': '1001', authorization: `Bearer ${token}` },
          payload: b.payload,
        })
        expect({ url, payload: b.payload, status: r.statusCode }).toEqual({ url, payload: b.payload, status: 400 })
      }
    }
  })
})
