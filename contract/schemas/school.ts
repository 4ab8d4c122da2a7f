/**
 * The school as its learners see it (issue 17; docs/DECISIONS.md "Account extras"): the school's public profile,
 * which its managers edit, and the school's staff a learner may contact.
 */
import { z } from 'zod'
import type { RouteKey } from '../routes'
import type { RouteSchema } from './types'

const int = z.number().int()
const pageQuery = {
  pageNum: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
}

/** roles of the school's staff a learner sees (sys_user.staff_role) */
export const STAFF_ROLES = ['teacher', 'assistant', 'manager'] as const

export const staffRow = z.object({
  userId: int,
  /** the name the staff member shows (nick name, else real name) */
  name: z.string(),
  avatar: z.string(),
  role: z.enum(STAFF_ROLES),
})

export const schoolInfo = z.object({
  /** the brand's name and logo (config home.header / home.mobile; GET /app/common/config `tenant.brand`) */
  name: z.string(),
  logo: z.string(),
  address: z.string(),
  /** the service hotline and its hours: the consult config's (consult.mobile serviceNumber, servicingTime) */
  hotline: z.string(),
  hours: z.string(),
  email: z.string(),
  intro: z.string(),
  /** null: never edited */
  updateTime: int.nullable(),
  /** the caller may edit it (a manager of the school) */
  editable: z.boolean(),
})

/** what the school profile itself holds; name, logo, hotline and service time have their own doors (see schoolInfo) */
const schoolEdit = z
  .object({
    address: z.string().trim().max(200, 'address must be at most 200 characters'),
    email: z.union([z.literal(''), z.string().trim().max(100).pipe(z.email('email must be an email address'))]),
    intro: z.string().trim().max(2000, 'intro must be at most 2000 characters'),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'nothing to change')

export const schoolSchemas = {
  'GET /system/user/list': {
    query: z.object({ ...pageQuery, role: z.enum(STAFF_ROLES).optional() }),
    data: z.object({ rows: z.array(staffRow), total: int }),
  },
  'GET /school/info/getInfo': { data: schoolInfo },
  'POST /school/info/edit': { body: schoolEdit, data: schoolInfo },
} satisfies Partial<Record<RouteKey, RouteSchema>>
