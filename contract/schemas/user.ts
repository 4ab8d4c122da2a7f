/**
 * The learner's own account beyond the spec's profile calls (issue 17; docs/DECISIONS.md "Account extras"): the ID
 * number bound to the account and the mailing address given last.
 */
import { z } from 'zod'
import type { RouteKey } from '../routes'
import type { RouteSchema } from './types'

const int = z.number().int()

/** 17 digits and a digit or X (the check character is verified by the server: shared/rules/id-card.ts) */
const ID_CARD_SHAPE = /^\d{17}[\dXx]$/

export const beforeAddress = z.object({
  name: z.string(),
  phone: z.string(),
  address: z.string(),
  /** when it was given (Unix seconds) */
  usedTime: int,
})

export const userSchemas = {
  'POST /app/user/bind_idcard': {
    body: z.object({
      realName: z
        .string()
        .trim()
        .min(2, 'realName must be 2-30 characters')
        .max(30, 'realName must be 2-30 characters'),
      idCard: z.string().trim().toUpperCase().regex(ID_CARD_SHAPE, 'idCard must be an 18-character ID number'),
    }),
    /** the ID number masked as on getInfo */
    data: z.object({ realName: z.string(), idCard: z.string() }),
  },
  'GET /app/before/address': { data: beforeAddress.nullable() },
} satisfies Partial<Record<RouteKey, RouteSchema>>
