/**
 * The tenant a request names: the ONE resolver of the `tenant-id` header, for every call of the route loop (learner
 * and staff; server/src/app.ts). Up to 15 digits, a tenant that exists (checked against the tenant table, then
 * trusted for 30 s per process).
 */
import { eq } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { Db } from '../db'
import { tenant } from '../db/schema'
import { AppError, TenantScope } from './core'

export type TenantOf = (req: FastifyRequest) => Promise<TenantScope>

const TENANT_ID = /^\d{1,15}$/
const TRUSTED_MS = 30_000

export function tenantResolver(db: Db): TenantOf {
  const checked = new Map<number, number>() // tenant id -> time checked
  return async (req) => {
    const raw = req.headers['tenant-id']
    const value = Array.isArray(raw) ? raw[0] : raw
    if (!value) throw new AppError(400, 'tenant-id header is required')
    if (!TENANT_ID.test(value)) throw new AppError(400, 'tenant-id header must be a number')
    const id = Number(value)
    const seen = checked.get(id)
    if (seen === undefined || Date.now() - seen > TRUSTED_MS) {
      const [row] = await db.select({ id: tenant.id }).from(tenant).where(eq(tenant.id, id))
      if (!row) throw new AppError(404, 'unknown tenant')
      checked.set(id, Date.now())
    }
    return new TenantScope(id)
  }
}
