/**
 * Links an earlier seed wrote that lead nowhere (a news list, a user page and a live list the app does not
 * have, an outside site that refuses to be framed) or to a stand-in (the shop on live goods before the live list
 * existed, the generic shop for a banner that advertises goods, the learner's exam home for the public certificate
 * check): a demo tenant's data dir seeded before the fix gets the seed's current links. Only these exact values are
 * touched, so a link a school changed is left alone.
 */
import { and, asc, eq, inArray } from 'drizzle-orm'
import { countRows, type Db } from '../db'
import { advertising, consultation, goods, homeItem, tenant } from '../db/schema'
import { TenantScope } from '../http/core'
import { assetUrl, BANNERS, seedImage } from './assets'
import { BANNER_LINKS, OLD_BANNER_LINKS, type SeedGoods, seedLink, TENANTS } from './data'

// ('/pages3/news/index' led nowhere before issue 16; it is the news list now: seed/news.ts)
const DEAD_HOME_LINKS: Record<string, string> = {
  '/pages/user/index': '/pages5/counselor/index',
  '/pages/course/index?type=live': '/pages5/liveList',
  // until the live pages existed (issue 13) the tile opened the shop on live goods
  '/pages/course/index?goodsType=3': '/pages5/liveList',
  'https://zwfw.mem.gov.cn/': '/pages3/cert/verify',
}

/** 证书查询 opened the learner's exam home (a login) before the public check existed (issue 25). */
const CERT_ENTRY = { name: '证书查询', old: '/pages2/exam/index', link: '/pages3/cert/verify' }

/** The seeded goods of a tenant by key: the goods whose cover is that key's seeded cover. */
async function seedGoodsOf(db: Db, tenantId: number): Promise<SeedGoods> {
  const rows = await db
    .select({ id: goods.id, goodsType: goods.goodsType, cover: goods.cover })
    .from(goods)
    .where(eq(goods.tenantId, tenantId))
  const byCover = new Map(rows.map((r) => [r.cover, { id: r.id, goodsType: r.goodsType }]))
  return (key) => byCover.get(assetUrl(seedImage.cover(tenantId, key)))
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
    await db
      .update(homeItem)
      .set({ linkUrl: CERT_ENTRY.link })
      .where(scope.where(homeItem, eq(homeItem.name, CERT_ENTRY.name), eq(homeItem.linkUrl, CERT_ENTRY.old)))
    // a banner that advertises goods opens its goods (once the catalogue is seeded)
    const goodsOf = await seedGoodsOf(db, t.id)
    const titles = BANNERS[String(t.id)] ?? []
    for (const [i, link] of (BANNER_LINKS[String(t.id)] ?? []).entries()) {
      if (!link.startsWith('goods:') || !titles[i]) continue
      const target = seedLink(link, articleIds, goodsOf)
      if (target === '/pages/course/index') continue
      const old = [...new Set([OLD_BANNER_LINKS[String(t.id)]?.[i] ?? '', '/pages/course/index'])].filter(Boolean)
      await db
        .update(advertising)
        .set({ linkUrl: target })
        .where(
          scope.where(
            advertising,
            and(
              eq(advertising.location, 'home'),
              eq(advertising.title, titles[i]!),
              eq(advertising.sort, i + 1),
              inArray(advertising.linkUrl, old),
            ),
          ),
        )
    }
  }
}
