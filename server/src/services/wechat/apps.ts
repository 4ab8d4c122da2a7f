/** The schools' WeChat apps (table tenant_wechat_app): read by the handlers, written by the operator's script. */
import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db'
import { tenant, tenantWechatApp } from '../../db/schema'
import type { TenantScope } from '../../http/core'
import type { WechatApp, WechatKind } from './types'

export async function wechatAppOf(db: Db, scope: TenantScope, kind: WechatKind): Promise<WechatApp | null> {
  const [row] = await db
    .select({ appId: tenantWechatApp.appId, appSecret: tenantWechatApp.appSecret })
    .from(tenantWechatApp)
    .where(scope.where(tenantWechatApp, eq(tenantWechatApp.kind, kind)))
  return row ? { kind, appId: row.appId, appSecret: row.appSecret } : null
}

export const APP_ID_RE = /^wx[0-9a-zA-Z]{16}$/

/**
 * Sets (inserts or replaces) a school's app of one kind; `appSecret` undefined keeps the stored secret. Returns
 * false when the tenant does not exist.
 */
export async function setWechatApp(
  db: Db,
  tenantId: number,
  kind: WechatKind,
  appId: string,
  appSecret?: string,
): Promise<boolean> {
  if (!APP_ID_RE.test(appId))
    throw new Error(`app id ${appId} does not look like a WeChat app id (wx and 16 letters or digits)`)
  const [t] = await db.select({ id: tenant.id }).from(tenant).where(eq(tenant.id, tenantId))
  if (!t) return false
  await db
    .insert(tenantWechatApp)
    .values({ tenantId, kind, appId, appSecret: appSecret ?? '' })
    .onConflictDoUpdate({
      target: [tenantWechatApp.tenantId, tenantWechatApp.kind],
      set: { appId, ...(appSecret !== undefined ? { appSecret } : {}), updatedAt: new Date() },
    })
  return true
}

/** What the operator's script prints: app ids and whether a secret is set (never the secret). */
export async function listWechatApps(db: Db, tenantId?: number) {
  const rows = await db
    .select({
      tenantId: tenantWechatApp.tenantId,
      kind: tenantWechatApp.kind,
      appId: tenantWechatApp.appId,
      appSecret: tenantWechatApp.appSecret,
    })
    .from(tenantWechatApp)
    .where(tenantId ? and(eq(tenantWechatApp.tenantId, tenantId)) : undefined)
    .orderBy(tenantWechatApp.tenantId, tenantWechatApp.kind)
  return rows.map(({ appSecret, ...r }) => ({ ...r, secretSet: appSecret !== '' }))
}
