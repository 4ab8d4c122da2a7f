/**
 * The request context every handler receives, the tenant scope (the ONE place tenant filtering lives),
 * the envelope and the app error.
 */

import type { IncomingHttpHeaders } from 'node:http'
import { and, eq, type SQL } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { z } from 'zod'
import type { StaffRole } from '../../../contract/roles'
import type { ImplementedKey, Schemas } from '../../../contract/schemas'
import type { AppConfig } from '../config'
import type { Db } from '../db'
import type { TenantTable } from '../db/schema'
import type { LiveAccess } from '../modules/live/access'
import type { LiveEvents } from '../modules/live/events'
import type { LiveProvider } from '../modules/live/video/provider'
import type { PublishNotes } from '../modules/live/video/publish-notes'
import type { PaymentProvider } from '../services/payment'
import type { PublicCache } from '../services/shared/public-cache'
import type { SharedRedis } from '../services/shared/redis'
import type { SmsSender } from '../services/sms'
import type { Lang } from './refusals'

export interface Envelope<T = unknown> {
  code: number
  msg: string
  data: T
}

/** Envelope codes that are real HTTP statuses travel with that status; app codes (601, 699) with 200. */
const HTTP_CODES = new Set([200, 400, 401, 403, 404, 409, 429, 500, 501])
export const httpStatusOf = (code: number) => (HTTP_CODES.has(code) ? code : 200)

export const envelope = <T>(code: number, msg: string, data: T): Envelope<T> => ({ code, msg, data })

/** Throw from anywhere in a handler: becomes `{ code, msg, data: null }`. */
export class AppError extends Error {
  constructor(
    readonly code: number,
    message: string,
    /** envelope data for a refusal that explains itself (e.g. the failed eligibility checks); null otherwise */
    readonly data: unknown = null,
  ) {
    super(message)
  }
}

/** Return from a handler when the envelope is not a plain success (lockStatus: code 500 with HTTP 200). */
export class EnvelopeResult<T = null> {
  constructor(
    readonly code: number,
    readonly msg: string,
    readonly data: T,
    readonly httpStatus = 200,
  ) {}
}

/**
 * Tenant scope: every query on a tenant-owned table takes its WHERE from `where` and its inserted
 * values from `row`, so the tenant id cannot be forgotten.
 */
export class TenantScope {
  constructor(readonly tenantId: number) {}
  where(table: TenantTable, ...conds: (SQL | undefined)[]): SQL {
    return and(eq(table.tenantId, this.tenantId), ...conds) as SQL
  }
  row<T extends object>(values: T): T & { tenantId: number } {
    return { ...values, tenantId: this.tenantId }
  }
}

export interface AuthUser {
  userId: number
  userAccount: string
  tokenId: number
  deviceUuid: string
}

/** The account behind a staff call's bearer token that passed the role check (http/staff-auth.ts). */
export interface StaffAccount {
  userId: number
  userAccount: string
  nickName: string
  staffRole: StaffRole
}

/** Who makes a staff call (ctx.staff). */
export interface StaffAccess {
  /** 'operator': the X-Staff-Token secret (no account); 'account': a staff account's login token */
  via: 'operator' | 'account'
  /** present when via = 'account' */
  account?: StaffAccount
}

export interface Services {
  sms: SmsSender
  payment: PaymentProvider
  /**
   * live video provider and the in-process live events (modules/live); set by buildApp: `access`, who may still
   * watch (live/access.ts; the room's detail asks its gates, e.g. a kick), and `notes`, why a class's push key was
   * refused (live/video/publish-notes.ts; the console's push address shows it)
   */
  live: { provider: LiveProvider; events: LiveEvents; access?: LiveAccess; notes?: PublishNotes }
  /**
   * The school's content as it was set up (catalogue, menus, exam sites), kept per process and dropped on every
   * process when it changes (services/shared/public-cache.ts): the public reads, and what learner reads share
   */
  content: PublicCache
  /** REDIS_URL: the process's Redis connections (services/shared/redis.ts); captchas and login-guard counts live there */
  redis?: SharedRedis
}

export interface Ctx {
  db: Db
  config: AppConfig
  services: Services
  log: FastifyBaseLogger
  ip: string
  /** present on every route but the tenant lookup (noTenant) */
  scope: TenantScope
  /** present on every non-public route (on a staff call: when an account made it, not the X-Staff-Token) */
  user?: AuthUser
  /** present on every staff call (a route with `roles`, contract/staff.ts): who makes it (http/staff-auth.ts) */
  staff?: StaffAccess
  /** the host the request was sent to (behind a proxy: as TRUST_PROXY allows) */
  hostname?: string
  /** the language the request names (Accept-Language), for texts sent in `data`; null: as written */
  lang?: Lang | null
}

/** What a module's reads need of a request: its database and tenant (a script passes just these). */
export interface Scoped {
  db: Db
  scope: TenantScope
  /** every request's ctx has them (Services); scripts and seeds do not */
  services?: { content: PublicCache }
}

/**
 * What the school set up and every learner reads the same (a course's tree, the exams' papers, the exam sites),
 * kept with the public reads: services.content, per process, dropped on every process when the school's content
 * changes, 30 s at most. Without a request (scripts), read each time. What is kept is shared: never change it.
 */
export function keptContent<T>(ctx: Scoped, key: string, load: () => Promise<T>): Promise<T> {
  return ctx.services ? (ctx.services.content.get(ctx.scope.tenantId, key, load) as Promise<T>) : load()
}

export function requireUser(ctx: Ctx): AuthUser {
  if (!ctx.user) throw new AppError(401, 'login required')
  return ctx.user
}

/** Who makes a staff call: the route loop checked the roles before the handler runs. */
export function requireStaff(ctx: Ctx): StaffAccess {
  if (!ctx.staff) throw new AppError(401, 'staff sign-in required')
  return ctx.staff
}

type Field<K extends ImplementedKey, F extends string> =
  Schemas[K] extends Record<F, infer S extends z.ZodType> ? z.output<S> : undefined

export interface Input<K extends ImplementedKey> {
  query: Field<K, 'query'>
  params: Field<K, 'params'>
  body: Field<K, 'body'>
  headers: IncomingHttpHeaders
  /** the unparsed body, kept only on routes that verify a signature over it (payment callback) */
  rawBody?: string
}

export type Data<K extends ImplementedKey> = z.output<Schemas[K]['data']>

export type Handler<K extends ImplementedKey> = (
  ctx: Ctx,
  input: Input<K>,
) => Promise<Data<K> | EnvelopeResult<Data<K>>>

export type Handlers = { [K in ImplementedKey]?: Handler<K> }

export const nowSeconds = () => Math.floor(Date.now() / 1000)
export const toSeconds = (d: Date) => Math.floor(d.getTime() / 1000)
