/**
 * Account extras (issue 17; docs/DECISIONS.md "Account extras"): the learner's ID number, the school's staff a learner
 * may contact, the school's public profile, the mailing address used before, the signed link to an order's receipt
 * and the polyv player's calls (mobile sign, PC playsafe token, authorization code).
 */
import { z } from 'zod'
import type { RouteKey } from '../routes'
import { videoSign } from './learn'
import type { RouteSchema } from './types'

const id = z.coerce.number().int().positive().max(2_147_483_647)
const int = z.number().int()
const pageQuery = {
  pageNum: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
}

/** 17 digits and a digit or X (the check character is verified by the server: shared/rules/id-card.ts) */
const ID_CARD_SHAPE = /^\d{17}[\dXx]$/

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

export const beforeAddress = z.object({
  name: z.string(),
  phone: z.string(),
  address: z.string(),
  /** when it was given (Unix seconds) */
  usedTime: int,
})

export const viewSign = z.object({
  /** the receipt page, valid until expireTime: `{apiBase}/order/view/<orderNo>/<link>` */
  url: z.string(),
  expireTime: int,
})

export const pcToken = z.object({
  /** 'polyv': hand `token` to the PC player as playsafe; 'local': play `url` */
  provider: z.enum(['local', 'polyv']),
  vid: z.string(),
  token: z.string(),
  url: z.string(),
  expireTime: int,
})

export const playerAuth = z.object({
  vid: z.string(),
  /** the player's `code`: polyv sends it to our authorization callback, which answers whether this viewer may watch */
  code: z.string(),
  expireTime: int,
})

const sectionQuery = z.object({ goodsId: id })

export const accountExtraSchemas = {
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
  'GET /system/user/list': {
    query: z.object({ ...pageQuery, role: z.enum(STAFF_ROLES).optional() }),
    data: z.object({ rows: z.array(staffRow), total: int }),
  },
  'GET /school/info/getInfo': { data: schoolInfo },
  'POST /school/info/edit': { body: schoolEdit, data: schoolInfo },
  'GET /app/before/address': { data: beforeAddress.nullable() },
  'GET /order/getViewSign/:id': { params: z.object({ id }), data: viewSign },
  'GET /polyv/video/sign/:id': { params: z.object({ id }), query: sectionQuery, data: videoSign },
  'GET /polyv/video/pc/:id': { params: z.object({ id }), query: sectionQuery, data: pcToken },
  'GET /polyv/video/auth': { query: sectionQuery.extend({ sectionId: id }), data: playerAuth },
} satisfies Partial<Record<RouteKey, RouteSchema>>
