/**
 * Staff accounts: who of a school's accounts has a staff role (teacher, manager, assistant). A manager (or the
 * operator's X-Staff-Token) gives or takes a role; the account then signs in to the console with its usual
 * login. docs/DECISIONS.md "Console".
 *   GET  {apiBase}/staff/accounts                  accounts with a staff role (first 200 by id)
 *   GET  {apiBase}/staff/accounts?account=<a>      the account whose login name or phone is <a>, any role
 *   POST {apiBase}/staff/accounts/:userId/role     { staffRole: '' | teacher | manager | assistant }
 */
import { asc, eq, ne, or } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { Db } from '../../db'
import { sysUser } from '../../db/schema'
import { AppError, envelope } from '../../http/core'
import { STAFF_ROLES, staffScopeOf } from '../../http/staff-auth'

const MAX_LISTED = 200

const userIdParam = z.object({ userId: z.coerce.number().int().positive().max(2_147_483_647) })
const roleBody = z.object({ staffRole: z.enum(['', ...STAFF_ROLES]) })
const listQuery = z.object({ account: z.string().trim().min(1).max(64).optional() })

const columns = {
  userId: sysUser.id,
  userAccount: sysUser.userAccount,
  telPhone: sysUser.telPhone,
  nickName: sysUser.nickName,
  realName: sysUser.realName,
  staffRole: sysUser.staffRole,
}

/** The value, or a refusal in the words given (static, so the refusal catalogue knows it). */
function parsedOr<T>(schema: z.ZodType<T>, value: unknown, refusal: string): T {
  const r = schema.safeParse(value)
  if (!r.success) throw new AppError(400, refusal)
  return r.data
}

export async function registerStaffAccountRoutes(
  root: FastifyInstance,
  db: Db,
  apiBase: string,
  staffToken: string | undefined,
) {
  await root.register(
    async (app) => {
      app.get('/staff/accounts', async (req) => {
        const { scope } = await staffScopeOf(db, req, { roles: ['manager'], staffToken })
        const { account } = parsedOr(listQuery, req.query ?? {}, 'account: must be 1-64 characters')
        const rows = await db
          .select(columns)
          .from(sysUser)
          .where(
            scope.where(
              sysUser,
              account ? or(eq(sysUser.userAccount, account), eq(sysUser.telPhone, account)) : ne(sysUser.staffRole, ''),
            ),
          )
          .orderBy(asc(sysUser.id))
          .limit(MAX_LISTED)
        return envelope(200, 'ok', rows)
      })

      app.post('/staff/accounts/:userId/role', async (req) => {
        const who = await staffScopeOf(db, req, { roles: ['manager'], staffToken })
        const { userId } = parsedOr(userIdParam, req.params, 'userId: must be a positive whole number')
        const { staffRole } = parsedOr(
          roleBody,
          req.body ?? {},
          'staffRole: must be one of teacher, manager, assistant, or empty (no role)',
        )
        // a manager keeps the role that lets them manage: a school is never left without its last manager by accident
        if (who.account?.userId === userId) throw new AppError(400, 'you cannot change your own staff role')
        const [row] = await db
          .update(sysUser)
          .set({ staffRole })
          .where(who.scope.where(sysUser, eq(sysUser.id, userId)))
          .returning(columns)
        if (!row) throw new AppError(400, 'no account with that id in this school')
        req.log.info(
          { tenantId: who.scope.tenantId, userId, staffRole, by: who.account?.userId ?? 'staff token' },
          'staff role set',
        )
        return envelope(200, 'ok', row)
      })
    },
    { prefix: apiBase },
  )
}
