/**
 * Who acts for a school's staff (docs/DECISIONS.md "Console"). A staff request carries `tenant-id` and either
 *   - `X-Staff-Token: <STAFF_TOKEN>`: the operator's secret, kept for scripts (only when STAFF_TOKEN is set), or
 *   - `Authorization: Bearer <login token>` of an account of that tenant whose `sys_user.staff_role` is one of the
 *     roles the route allows (the same token the learner login API issues; a learner's token, role '', is refused).
 * The role is read from the database on every request, so taking a role away takes effect at once.
 */
import { timingSafeEqual } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { LIVE_STAFF_ROLES } from '../../../contract/schemas/live-codes'
import type { Db } from '../db'
import { sysUser, tenant } from '../db/schema'
import { authenticate } from '../services/tokens'
import { AppError, TenantScope } from './core'

export type StaffRole = (typeof LIVE_STAFF_ROLES)[number]
export const STAFF_ROLES: readonly StaffRole[] = LIVE_STAFF_ROLES
export const isStaffRole = (v: unknown): v is StaffRole => (STAFF_ROLES as readonly unknown[]).includes(v)

/** The account behind a bearer token that passed the role check. */
export interface StaffAccount {
  userId: number
  userAccount: string
  nickName: string
  staffRole: StaffRole
}

export interface StaffScope {
  scope: TenantScope
  /** 'operator': the X-Staff-Token secret (no account); 'account': a staff account's login token */
  via: 'operator' | 'account'
  /** present when via = 'account' */
  account?: StaffAccount
}

export interface StaffAuthOptions {
  /** roles whose accounts may call the route */
  roles: readonly StaffRole[]
  /** STAFF_TOKEN; undefined: the X-Staff-Token path is off */
  staffToken?: string
  /** false: only an account's bearer token is taken (routes that need an account, e.g. console/me) */
  operator?: boolean
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

const tenantCache = new WeakMap<Db, Map<number, number>>()

/** The tenant the `tenant-id` header names (checked against the tenant table, cached 30 s per database). */
export async function requestTenant(db: Db, req: FastifyRequest): Promise<TenantScope> {
  const raw = req.headers['tenant-id']
  const value = Array.isArray(raw) ? raw[0] : raw
  if (!value) throw new AppError(400, 'tenant-id header is required')
  if (!/^\d{1,9}$/.test(value)) throw new AppError(400, 'tenant-id header must be a number')
  const id = Number(value)
  let seen = tenantCache.get(db)
  if (!seen) {
    seen = new Map()
    tenantCache.set(db, seen)
  }
  const at = seen.get(id)
  if (at === undefined || Date.now() - at > 30_000) {
    const [row] = await db.select({ id: tenant.id }).from(tenant).where(eq(tenant.id, id))
    if (!row) throw new AppError(404, 'unknown tenant')
    if (seen.size > 1000) seen.clear()
    seen.set(id, Date.now())
  }
  return new TenantScope(id)
}

/**
 * The staff scope of a request, or an AppError: 400/404 for a missing or unknown tenant, 401 for no or a wrong
 * credential (and for a token of another tenant), 409 for a token displaced by another login, 403 for an account
 * without a role the route allows.
 */
export async function staffScopeOf(db: Db, req: FastifyRequest, opts: StaffAuthOptions): Promise<StaffScope> {
  const secret = req.headers['x-staff-token']
  if (secret !== undefined && opts.operator !== false) {
    if (!opts.staffToken || typeof secret !== 'string' || !sameSecret(secret, opts.staffToken))
      throw new AppError(401, 'x-staff-token: the staff token is wrong or not enabled on this server')
    return { scope: await requestTenant(db, req), via: 'operator' }
  }
  const scope = await requestTenant(db, req)
  if (!req.headers.authorization) throw new AppError(401, 'staff sign-in required')
  // the token is looked up in THIS tenant only: another tenant's token is unknown here (401)
  const user = await authenticate(db, scope, req.headers.authorization)
  const [row] = await db
    .select({ nickName: sysUser.nickName, staffRole: sysUser.staffRole })
    .from(sysUser)
    .where(scope.where(sysUser, eq(sysUser.id, user.userId)))
  const role = row?.staffRole
  if (!isStaffRole(role)) throw new AppError(403, 'this account is not a staff account')
  if (!opts.roles.includes(role)) throw new AppError(403, 'your staff role may not do this')
  return {
    scope,
    via: 'account',
    account: { userId: user.userId, userAccount: user.userAccount, nickName: row?.nickName ?? '', staffRole: role },
  }
}
