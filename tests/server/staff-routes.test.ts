/**
 * The school staff's calls are contract routes (contract/staff.ts), registered by the same loop as the learner's
 * (server/src/app.ts), which checks their roles before any handler runs: on EVERY staff call a learner's token is
 * refused (403), a staff token of another school is refused (401), a staff role the call does not name is refused
 * (403) and the role it names passes the guard. A staff call declared without a handler is caught like a learner
 * call (unimplementedRoutes; the planted one below), and the loop's one validation answers the refusal the contract
 * names for it.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { apiRoutes } from '../../contract/api'
import type { RouteMeta } from '../../contract/routes'
import { schemas } from '../../contract/schemas'
import { type StaffRole, type StaffRouteKey, staffRoutes } from '../../contract/staff'
import { unimplementedRoutes } from '../../server/src/app'
import { sysUser } from '../../server/src/db/schema'
import { findRefusal } from '../../server/src/http/refusals'
import { hashPassword } from '../../server/src/services/passwords'
import { call, captchaFor, freshPglite, type Harness, harness, login } from './helpers'

// a staff call in the contract that no module handles: the loop's check must name it
vi.mock('../../contract/staff', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../contract/staff')>()
  return {
    ...real,
    staffRoutes: {
      ...real.staffRoutes,
      'GET /staff/planted': { method: 'GET', path: '/staff/planted', roles: ['manager'] },
    },
  }
})

const PLANTED = 'GET /staff/planted' as StaffRouteKey
const PASSWORD = 'Staff1234'
const keys = (Object.keys(staffRoutes) as StaffRouteKey[]).filter((k) => k !== PLANTED)
const guarded = keys.filter((k) => 'roles' in staffRoutes[k])

describe('staff routes through the route loop', () => {
  let h: Harness
  let learner: string
  const staffOf = new Map<string, string>() // `${tenant} ${role}` -> login token

  /** A new account of `tenant` with `role`, signed in through the login API (POST /login). */
  async function signIn(tenant: 1001 | 1002, role: StaffRole): Promise<string> {
    const phone = `1770${tenant}${['teacher', 'manager', 'assistant'].indexOf(role)}00`.slice(0, 11)
    await h.database.db.insert(sysUser).values({
      tenantId: tenant,
      userAccount: phone,
      telPhone: phone,
      passwordHash: await hashPassword(PASSWORD),
      nickName: `${role}${tenant}`,
      staffRole: role,
    })
    const c = await captchaFor(h, tenant)
    const r = await call<{ token: string }>(h.app, 'POST /login', {
      tenant,
      body: { account: phone, password: PASSWORD, code: c.code, uuid: c.uuid },
    })
    expect(r.code).toBe(200)
    return r.data.token
  }

  beforeAll(async () => {
    h = await harness(await freshPglite())
    learner = await login(h, 1001, 'device-staff-routes-1')
    for (const tenant of [1001, 1002] as const)
      for (const role of ['teacher', 'manager', 'assistant'] as const)
        staffOf.set(`${tenant} ${role}`, await signIn(tenant, role))
  })
  afterAll(async () => h?.close())

  it('declares every staff call with a handler, and names one declared without (the planted call)', () => {
    expect(guarded.length).toBeGreaterThanOrEqual(30)
    const missing = unimplementedRoutes()
    expect(missing).toEqual([PLANTED])
    expect(PLANTED in apiRoutes).toBe(true)
  })

  it('answers the planted call with the 501 envelope, after its guard', async () => {
    const manager = staffOf.get('1001 manager')!
    expect((await call(h.app, PLANTED, { token: learner })).code).toBe(403)
    const r = await call(h.app, PLANTED, { token: manager })
    expect({ status: r.status, code: r.code }).toEqual({ status: 501, code: 501 })
  })

  it("refuses a learner's token (403) and another school's staff token (401) on every staff call", async () => {
    for (const key of guarded) {
      const asLearner = await call(h.app, key, { token: learner, body: {} })
      expect({ key, code: asLearner.code }).toEqual({ key, code: 403 })
      for (const role of ['teacher', 'manager', 'assistant'] as const) {
        const foreign = await call(h.app, key, { tenant: 1001, token: staffOf.get(`1002 ${role}`)!, body: {} })
        expect({ key, role, code: foreign.code }).toEqual({ key, role, code: 401 })
      }
    }
  })

  it('passes the roles a call names and refuses the others (403), checked before its input', async () => {
    for (const key of guarded) {
      const meta: RouteMeta = staffRoutes[key]
      const roles: readonly string[] = meta.roles ?? []
      for (const role of ['teacher', 'manager', 'assistant'] as const) {
        // the input is left out on purpose: a role the call names meets the input check (or the handler), the
        // others never get that far
        const r = await call(h.app, key, { token: staffOf.get(`1001 ${role}`)!, params: {} })
        const refused = r.code === 403 && r.msg === 'your staff role may not do this'
        expect({ key, role, refused }).toEqual({ key, role, refused: !roles.includes(role) })
      }
    }
  })

  it("answers a staff call's invalid input with the refusal the contract names for it", async () => {
    const manager = staffOf.get('1001 manager')!
    const notice = (body: unknown) => call(h.app, 'POST /staff/notices', { token: manager, body })
    expect((await notice({ title: '', content: 'x' })).msg).toBe('announcement title must be 1 to 200 characters')
    expect((await notice({ title: 'x', content: '' })).msg).toBe('announcement text must be 1 to 5000 characters')
    const review = await call(h.app, 'POST /staff/profiles/:id/review', {
      token: manager,
      params: { id: 'x' },
      body: { action: 'lock' },
    })
    expect({ code: review.code, msg: review.msg }).toEqual({ code: 404, msg: 'profile not found' })
    // without a named refusal, the loop's own `<field>: <rule>`, as on a learner call
    const refund = await call(h.app, 'POST /staff/refunds/:orderId', {
      token: manager,
      params: { orderId: 'x' },
      body: { approve: true },
    })
    expect(refund.code).toBe(400)
    expect(refund.msg).toMatch(/^orderId: /)
  })

  it('has a catalogue text (zh-CN, en) for every refusal the contract names', () => {
    const named = Object.entries(schemas).flatMap(([key, schema]) =>
      Object.values('refusals' in schema ? (schema.refusals ?? {}) : {}).flatMap((r) =>
        (typeof r === 'string' ? [r] : [r.msg, ...Object.values(r.byField ?? {})]).map((msg) => ({ key, msg })),
      ),
    )
    expect(named.length).toBeGreaterThanOrEqual(15)
    for (const { key, msg } of named)
      expect({ key, msg, known: findRefusal(msg) !== null }).toEqual({ key, msg, known: true })
  })

  it('takes the tenant-id header by the one rule of every call', async () => {
    const manager = staffOf.get('1001 manager')!
    for (const tenant of ['', 'abc', '1234567890123456']) {
      const r = await call(h.app, 'GET /staff/refunds', { tenant, token: manager })
      expect({ tenant, code: r.code }).toEqual({ tenant, code: 400 })
      const l = await call(h.app, 'GET /app/user/getInfo', { tenant, token: learner })
      expect({ tenant, code: l.code }).toEqual({ tenant, code: 400 })
    }
    // a well-formed id of no school: 404 on both
    expect((await call(h.app, 'GET /staff/refunds', { tenant: 9999, token: manager })).code).toBe(404)
    expect((await call(h.app, 'GET /app/user/getInfo', { tenant: 9999, token: learner })).code).toBe(404)
  })
})
