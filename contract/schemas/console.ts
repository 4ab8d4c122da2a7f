/**
 * The console's own calls (../staff.ts; server/src/modules/console): who signed in, signing out, the school's staff
 * accounts and their roles, and the announcement that the school's content changed outside the server.
 */
import { z } from 'zod'
import type { StaffRouteKey } from '../staff'
import { LIVE_STAFF_ROLES } from './live-codes'
import type { RouteSchema } from './types'

const int = z.number().int()
const staffRole = z.enum(LIVE_STAFF_ROLES)

/** an account of the school as the staff accounts page lists it */
export const staffAccount = z.object({
  userId: int,
  userAccount: z.string(),
  telPhone: z.string(),
  nickName: z.string(),
  realName: z.string(),
  /** '' = no staff role (a learner) */
  staffRole: z.enum(['', ...LIVE_STAFF_ROLES]),
})

export const consoleSchemas = {
  /** the signed-in staff account: who, which role, which school (an account's token only, never X-Staff-Token) */
  'GET /console/me': {
    data: z.object({
      userId: int,
      userAccount: z.string(),
      nickName: z.string(),
      staffRole,
      tenantId: int,
      tenantName: z.string(),
    }),
  },
  /** ends the presented login token at once (any account: the console also signs out one it refuses) */
  'POST /console/signout': { data: z.null() },
  /** accounts with a staff role (first 200 by id), or with `account` the one whose login name or phone it is */
  'GET /staff/accounts': {
    query: z.object({ account: z.string().trim().min(1).max(64).optional() }),
    data: z.array(staffAccount),
    refusals: { query: 'account: must be 1-64 characters' },
  },
  /** gives or takes a role (never one's own: a school is not left without its last manager by accident) */
  'POST /staff/accounts/:userId/role': {
    params: z.object({ userId: z.coerce.number().int().positive().max(2_147_483_647) }),
    body: z.object({ staffRole: z.enum(['', ...LIVE_STAFF_ROLES]) }),
    data: staffAccount,
    refusals: {
      params: 'userId: must be a positive whole number',
      body: 'staffRole: must be one of teacher, manager, assistant, or empty (no role)',
    },
  },
  /** content edited outside the server (SQL, imports): the school's cached public reads are dropped everywhere */
  'POST /staff/content/changed': { data: z.null() },
} satisfies Partial<Record<StaffRouteKey, RouteSchema>>
