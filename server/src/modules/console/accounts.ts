/**
 * Staff accounts (contract/staff.ts, managers): who of a school's accounts has a staff role (teacher, manager,
 * assistant). A manager (or the operator's X-Staff-Token) gives or takes a role; the account then signs in to the
 * console with its usual login. docs/DECISIONS.md "Console". Registered by the route loop like every call.
 */
import { asc, eq, ne, or } from 'drizzle-orm'
import type { StaffRole } from '../../../../contract/staff'
import { sysUser } from '../../db/schema'
import { AppError, type Handlers, requireStaff } from '../../http/core'

const MAX_LISTED = 200

const columns = {
  userId: sysUser.id,
  userAccount: sysUser.userAccount,
  telPhone: sysUser.telPhone,
  nickName: sysUser.nickName,
  realName: sysUser.realName,
  staffRole: sysUser.staffRole,
}

/** a stored role is one of the staff roles or '' (the role call writes nothing else) */
const asRole = <T extends { staffRole: string }>(row: T) => ({ ...row, staffRole: row.staffRole as StaffRole | '' })

export const handlers: Handlers = {
  /** accounts with a staff role (first 200 by id); `?account=<a>`: the account whose login name or phone is <a> */
  'GET /staff/accounts': async (ctx, { query }) => {
    const { account } = query
    const rows = await ctx.db
      .select(columns)
      .from(sysUser)
      .where(
        ctx.scope.where(
          sysUser,
          account ? or(eq(sysUser.userAccount, account), eq(sysUser.telPhone, account)) : ne(sysUser.staffRole, ''),
        ),
      )
      .orderBy(asc(sysUser.id))
      .limit(MAX_LISTED)
    return rows.map(asRole)
  },

  /** { staffRole: '' | teacher | manager | assistant } */
  'POST /staff/accounts/:userId/role': async (ctx, { params, body }) => {
    const who = requireStaff(ctx)
    const { userId } = params
    const { staffRole } = body
    // a manager keeps the role that lets them manage: a school is never left without its last manager by accident
    if (who.account?.userId === userId) throw new AppError(400, 'you cannot change your own staff role')
    const [row] = await ctx.db
      .update(sysUser)
      .set({ staffRole })
      .where(ctx.scope.where(sysUser, eq(sysUser.id, userId)))
      .returning(columns)
    if (!row) throw new AppError(400, 'no account with that id in this school')
    ctx.log.info(
      { tenantId: ctx.scope.tenantId, userId, staffRole, by: who.account?.userId ?? 'staff token' },
      'staff role set',
    )
    return asRole(row)
  },
}
