/**
 * The home page's recommendations (精品推荐) of the demo tenants: adverts at location `recommend`, one per seeded goods
 * a school puts forward, with the goods' cover, its name and its page as the link (docs/DECISIONS.md "Demo content").
 * Seeded once per tenant that has none, after its catalogue; a school edits or removes them like any advert.
 */
import { eq } from 'drizzle-orm'
import { countRows, type Db } from '../db'
import { advertising, goods, tenant } from '../db/schema'
import { TenantScope } from '../http/core'
import { assetUrl, seedImage } from './assets'
import { seedLink } from './data'
import { CATALOGUES } from './shop-data'

export const RECOMMEND_LOCATION = 'recommend'

/** tenant -> the goods keys it recommends, in order (./shop-data.ts) */
export const RECOMMENDS: Record<number, string[]> = {
  1001: ['aq-full', 'yj-pkg', 'tz-dg', 'aq-free'],
  1002: ['cj-pkg', 'zj-sw', 'kj-jx', 'gx-free'],
}

export async function seedRecommendsIfMissing(db: Db): Promise<void> {
  for (const [id, keys] of Object.entries(RECOMMENDS)) {
    const tenantId = Number(id)
    if ((await countRows(db, tenant, eq(tenant.id, tenantId))) === 0) continue
    const scope = new TenantScope(tenantId)
    const where = scope.where(advertising, eq(advertising.location, RECOMMEND_LOCATION))
    if ((await countRows(db, advertising, where)) > 0) continue
    // the seeded goods by their seeded cover (a school may rename a goods; its cover names its key)
    const rows = await db
      .select({ id: goods.id, name: goods.name, cover: goods.cover, goodsType: goods.goodsType, status: goods.status })
      .from(goods)
      .where(scope.where(goods))
    const byCover = new Map(rows.map((r) => [r.cover, r]))
    const picked = keys
      .filter((k) => CATALOGUES[tenantId]?.goods.some((g) => g.key === k))
      .map((k) => byCover.get(assetUrl(seedImage.cover(tenantId, k))))
      .filter((g) => g !== undefined && g.status === 1)
    if (picked.length === 0) continue
    await db.insert(advertising).values(
      picked.map((g, i) =>
        scope.row({
          location: RECOMMEND_LOCATION,
          title: g!.name,
          image: g!.cover,
          linkUrl: seedLink(`goods:${g!.id}`, [], () => ({ id: g!.id, goodsType: g!.goodsType })),
          sort: i + 1,
        }),
      ),
    )
  }
}
