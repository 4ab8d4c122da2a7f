/**
 * Contract-wide checks over every route the loop registers (the learner's and the staff's: contract/api.ts): auth
 * on every non-public route, tenant binding of tokens, the routes without a
 * handler (501) and random malformed input never producing a 5xx or a stack trace.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ApiKey, apiRoutes } from '../../contract/api'
import { schemas } from '../../contract/schemas'
import { unimplementedRoutes } from '../../server/src/app'
import { call, freshPglite, type Harness, harness, login, serverFailed } from './helpers'

const keys = Object.keys(apiRoutes) as ApiKey[]
const implemented = Object.keys(schemas) as ApiKey[]
const STAFF = 'staff-token-contract-0123456789'

/** Routes without a handler: the contract routes that have no schema in contract/schemas.ts. */
const EXPECTED_UNIMPLEMENTED = keys.filter((k) => !(k in schemas))

describe('contract', () => {
  let h: Harness
  let tokenA: string
  beforeAll(async () => {
    h = await harness(await freshPglite(), { staffToken: STAFF })
    tokenA = await login(h, 1001, 'device-contract-1')
  })
  afterAll(async () => {
    await h?.close()
  })

  it('every non-public route answers 401 without a token', async () => {
    const open = keys.filter((k) => !('public' in apiRoutes[k]))
    expect(open.length).toBeGreaterThan(100)
    for (const key of open) {
      const r = await call(h.app, key, {})
      expect({ key, status: r.status, code: r.code }).toEqual({ key, status: 401, code: 401 })
    }
  })

  it('a token of tenant A is rejected as tenant B on every non-public implemented route', async () => {
    const guarded = implemented.filter((k) => !('public' in apiRoutes[k]))
    expect(guarded.length).toBeGreaterThanOrEqual(10)
    for (const key of guarded) {
      const r = await call(h.app, key, { tenant: 1002, token: tokenA, body: {} })
      expect({ key, code: r.code }).toEqual({ key, code: 401 })
    }
    // and the same token works in its own tenant
    expect((await call(h.app, 'GET /app/user/getInfo', { token: tokenA })).code).toBe(200)
  })

  it('every route of the contract has a handler: none answers the 501 envelope', () => {
    const list = unimplementedRoutes()
    expect(list).toEqual(EXPECTED_UNIMPLEMENTED)
    expect(list).toEqual([])
    expect(implemented).toHaveLength(keys.length)
  })

  it('unknown API paths answer the 404 envelope', async () => {
    const r = await h.app.inject({ url: '/api/no/such/route', headers: { 'tenant-id': '1001' } })
    expect(r.statusCode).toBe(404)
    expect(JSON.parse(r.body)).toMatchObject({ code: 404, data: null })
  })

  it('bad JSON is a 400 envelope', async () => {
    const r = await h.app.inject({
      method: 'POST',
      url: '/api/app/common/sms/login',
      headers: { 'tenant-id': '1001', 'content-type': 'application/json' },
      payload: '{"telPhone":',
    })
    expect(r.statusCode).toBe(400)
    expect(JSON.parse(r.body)).toMatchObject({ code: 400, data: null })
  })

  it('random malformed input never yields a 5xx or a stack trace', async () => {
    // strings of any code point, NUL and lone surrogates included (text the database cannot store)
    const text = fc.oneof(
      fc.string({ unit: 'binary' }),
      fc.constantFrom('\u0000', 'a\u0000b', '\ud83d', 'x\udc00y', '😀\ud800'),
    )
    const json = fc.jsonValue({ maxDepth: 3, stringUnit: 'binary' })
    const dict = fc.dictionary(
      fc.oneof(
        fc.constantFrom('pageNum', 'pageSize', 'configKey', 'dictType', 'location', 'hostH5', 'sign', 'fromPlat'),
        fc.string(),
      ),
      fc.oneof(text, fc.integer().map(String), fc.constantFrom('-1', '0', '1e99', 'NaN', '%00', "' or 1=1 --")),
    )
    // path segments: percent-encoded on the way, so no lone surrogate (encodeURIComponent refuses one)
    const param = fc.oneof(
      fc.string({ minLength: 1 }),
      fc.integer().map(String),
      fc.constantFrom('1e308', '99999999999999', 'a\u0000b'),
    )
    for (const key of implemented) {
      if (key === 'POST /app/user/offline') continue // would displace the fuzzing session itself (tested in core)
      if (key === 'POST /console/signout') continue // would end it (tested in console)
      // a staff call is fuzzed past its guard, as the operator (the staff token)
      const staff = 'roles' in apiRoutes[key] ? { 'x-staff-token': STAFF } : undefined
      await fc.assert(
        fc.asyncProperty(json, dict, param, fc.boolean(), async (body, query, p, withToken) => {
          const r = await call(h.app, key, {
            token: withToken ? tokenA : undefined,
            body: apiRoutes[key].method === 'POST' ? body : undefined,
            query,
            params: staff
              ? Object.fromEntries([...apiRoutes[key].path.matchAll(/:(\w+)/g)].map((m) => [m[1]!, p]))
              : { id: p, account: p },
            ...(staff ? { headers: staff } : {}),
          })
          if (serverFailed(key, r)) {
            throw new Error(`${key} -> ${r.status} ${r.raw.slice(0, 300)}`)
          }
        }),
        { numRuns: 25 },
      )
    }
    // 25 random inputs for each of ~130 routes: well over the default per-test time on two cores
  }, 180_000)
})
