/**
 * Who acts for a school's staff (docs/DECISIONS.md "Console"): the route loop's check of every call that names
 * `roles` in the contract (contract/staff.ts; server/src/app.ts). A staff call carries `tenant-id` and either
 *   - `X-Staff-Token: <STAFF_TOKEN>`: the operator's secret, kept for scripts (only when STAFF_TOKEN is set, and not
 *     on the calls marked `operator: false`), or
 *   - `Authorization: Bearer <login token>` of an account of that tenant whose `sys_user.staff_role` is one of the
 *     roles the call allows (the same token the learner login API issues; a learner's token, role '', is refused).
 * The role is read from the database on every request, so taking a role away takes effect at once.
 */
import { timingSafeEqual } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { isStaffRole } from '../../../contract/roles'
import type { RouteMeta } from '../../../contract/routes'
import type { Db } from '../db'
import { sysUser } from '../db/schema'
import { authenticate } from '../services/tokens'
import { AppError, type AuthUser, type StaffAccess, type TenantScope } from './core'
import type { TenantOf } from './tenant'

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * The tenant and the staff member of a staff call, or an AppError: 400/404 for a missing or unknown tenant, 401 for
 * no or a wrong credential (and for a token of another tenant), 409 for a token displaced by another login, 403 for
 * an account without a role the call allows.
 */
export async function staffAccess(
  db: Db,
  req: FastifyRequest,
  meta: Pick<RouteMeta, 'roles' | 'operator'>,
  opts: { tenantOf: TenantOf; staffToken?: string },
): Promise<{ scope: TenantScope; staff: StaffAccess; user?: AuthUser }> {
  const roles = meta.roles ?? []
  const secret = req.headers['x-staff-token']
  if (secret !== undefined && meta.operator !== false) {
    if (!opts.staffToken || typeof secret !== 'string' || !sameSecret(secret, opts.staffToken))
      throw new AppError(401, 'x-staff-token: the staff token is wrong or not enabled on this server')
    return { scope: await opts.tenantOf(req), staff: { via: 'operator' } }
  }
  const scope = await opts.tenantOf(req)
  if (!req.headers.authorization) throw new AppError(401, 'staff sign-in required')
  // the token is looked up in THIS tenant only: another tenant's token is unknown here (401)
  const user = await authenticate(db, scope, req.headers.authorization)
  const [row] = await db
    .select({ nickName: sysUser.nickName, staffRole: sysUser.staffRole })
    .from(sysUser)
    .where(scope.where(sysUser, eq(sysUser.id, user.userId)))
  const role = row?.staffRole
  if (!isStaffRole(role)) throw new AppError(403, 'this account is not a staff account')
  if (!roles.includes(role)) throw new AppError(403, 'your staff role may not do this')
  const account = { userId: user.userId, userAccount: user.userAccount, nickName: row?.nickName ?? '', staffRole: role }
  return { scope, staff: { via: 'account', account }, user }
}
