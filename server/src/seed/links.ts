/**
 * Links an earlier seed wrote that lead nowhere (a news list, a user page and a live list the app does not
 * have, an outside site that refuses to be framed) or to a stand-in (the shop on live goods before the live list
 * existed): a demo tenant's data dir seeded before the fix gets the seed's current links. Only these exact values are touched, so a link a school changed is left alone.
 */
import { asc, eq } from 'drizzle-orm'
import { countRows, type Db } from '../db'
import { consultation, homeItem, tenant } from '../db/schema'
import { TenantScope } from '../http/core'
import { seedLink, TENANTS } from './data'

// ('/pages3/news/index' led nowhere before issue 16; it is the news list now: seed/news.ts)
const DEAD_HOME_LINKS: Record<string, string> = {
  '/pages/user/index': '/pages5/counselor/index',
  '/pages/course/index?type=live': '/pages5/liveList',
  // until the live pages existed (issue 13) the tile opened the shop on live goods
  '/pages/course/index?goodsType=3': '/pages5/liveList',
  'https://zwfw.mem.gov.cn/': '/pages2/exam/index',
}

export async function repairSeedLinks(db: Db): Promise<void> {
  for (const t of TENANTS) {
    if ((await countRows(db, tenant, eq(tenant.id, t.id))) === 0) continue
    const scope = new TenantScope(t.id)
    const articleIds = (
      await db
        .select({ id: consultation.id })
        .from(consultation)
        .where(scope.where(consultation))
        .orderBy(asc(consultation.id))
    ).map((r) => r.id)
    for (const [dead, link] of Object.entries(DEAD_HOME_LINKS)) {
      await db
        .update(homeItem)
        .set({ linkUrl: seedLink(link, articleIds) })
        .where(scope.where(homeItem, eq(homeItem.linkUrl, dead)))
    }
  }
}
