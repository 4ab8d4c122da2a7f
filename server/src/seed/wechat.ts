/**
 * The demo schools' WeChat apps (docs/DECISIONS.md "WeChat login and binding"), idempotent: a demo tenant without a
 * row of a kind gets one. Mini program ids are the tenant files' (config/tenants), official-account ids are made
 * up; secrets are empty (the local provider needs none; scripts/tenant-wechat.mjs sets real ones).
 */
import { and, eq } from 'drizzle-orm'
import demoAFile from '../../../config/tenants/demo-a'
import demoBFile from '../../../config/tenants/demo-b'
import type { TenantFile } from '../../../config/tenants/types'
import type { Db } from '../db'
import { tenant, tenantWechatApp } from '../db/schema'
import { defaultOf } from '../interop'

const demoA: TenantFile = defaultOf(demoAFile)
const demoB: TenantFile = defaultOf(demoBFile)

export const DEMO_WECHAT_APPS: { tenantId: number; kind: 'mini' | 'gzh'; appId: string }[] = [
  { tenantId: Number(demoA.tenantId), kind: 'mini', appId: demoA.appId },
  { tenantId: Number(demoA.tenantId), kind: 'gzh', appId: 'wx6b2fd0c0ffee0001' },
  { tenantId: Number(demoB.tenantId), kind: 'mini', appId: demoB.appId },
  { tenantId: Number(demoB.tenantId), kind: 'gzh', appId: 'wx6b2fd0c0ffee0002' },
]

export async function seedWechatIfEmpty(db: Db): Promise<void> {
  for (const a of DEMO_WECHAT_APPS) {
    const [t] = await db.select({ id: tenant.id }).from(tenant).where(eq(tenant.id, a.tenantId))
    if (!t) continue
    const [row] = await db
      .select({ id: tenantWechatApp.id })
      .from(tenantWechatApp)
      .where(and(eq(tenantWechatApp.tenantId, a.tenantId), eq(tenantWechatApp.kind, a.kind)))
    if (!row) await db.insert(tenantWechatApp).values({ tenantId: a.tenantId, kind: a.kind, appId: a.appId })
  }
}
