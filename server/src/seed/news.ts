/**
 * News categories of the demo tenants (docs/DECISIONS.md "News"), idempotent: a tenant without categories gets
 * them, its seeded articles are filed under them (by title), and the links that opened a single article in place
 * of the news list (the 资讯 tile, tenant B's 政策解读 banner) open the list, only where they are still the seed's.
 */
import { and, asc, eq, inArray } from 'drizzle-orm'
import { countRows, type Db } from '../db'
import { advertising, consultation, consultationCategory, homeItem, tenant } from '../db/schema'
import { TenantScope } from '../http/core'
import { BANNER_LINKS, HOME_ITEMS, seedLink, TENANTS } from './data'

/** Per tenant: category name -> indexes of its seeded articles (data.ts `articles`). */
export const NEWS_CATEGORIES: Record<string, [string, number[]][]> = {
  '1001': [
    ['考试动态', [0, 1, 7]],
    ['政策法规', [2, 3, 4]],
    ['备考指南', [5, 6]],
  ],
  '1002': [
    ['继续教育', [0, 3, 4, 5, 6]],
    ['职称评审', [2, 8]],
    ['常见问题', [1, 7]],
  ],
}

/** The links before the news list existed (data.ts then named these). */
const OLD_NEWS_TILE = 'article:0'
const OLD_BANNERS: Record<string, string[]> = { '1002': ['/pages/course/index', '/pages/learn/index', 'article:2'] }

export async function seedNewsIfEmpty(db: Db): Promise<void> {
  for (const t of TENANTS) {
    if ((await countRows(db, tenant, eq(tenant.id, t.id))) === 0) continue
    const scope = new TenantScope(t.id)
    if ((await countRows(db, consultationCategory, scope.where(consultationCategory))) > 0) continue
    await db.transaction(async (tx) => {
      const articles = await tx
        .select({ id: consultation.id, title: consultation.title })
        .from(consultation)
        .where(scope.where(consultation))
        .orderBy(asc(consultation.id))
      const idOfTitle = new Map(articles.map((a) => [a.title, a.id]))
      const articleIds = articles.map((a) => a.id)
      const cats = NEWS_CATEGORIES[String(t.id)] ?? []
      for (const [i, [name, indexes]] of cats.entries()) {
        const [c] = await tx
          .insert(consultationCategory)
          .values(scope.row({ name, sort: i + 1 }))
          .returning({ id: consultationCategory.id })
        const ids = indexes
          .map((k) => t.articles[k]?.title)
          .map((title) => (title ? idOfTitle.get(title) : undefined))
          .filter((id): id is number => id !== undefined)
        if (ids.length > 0)
          await tx
            .update(consultation)
            .set({ categoryId: c!.id })
            .where(scope.where(consultation, inArray(consultation.id, ids)))
      }
      // the 资讯 tile and the banners that stood in for the news list
      const tile = HOME_ITEMS.find(([, key]) => key === 'news')
      if (tile)
        await tx
          .update(homeItem)
          .set({ linkUrl: tile[2] })
          .where(
            scope.where(
              homeItem,
              eq(homeItem.name, tile[0]),
              eq(homeItem.linkUrl, seedLink(OLD_NEWS_TILE, articleIds)),
            ),
          )
      const old = OLD_BANNERS[String(t.id)] ?? []
      const now = BANNER_LINKS[String(t.id)] ?? []
      for (const [i, link] of now.entries()) {
        if (!old[i] || old[i] === link) continue
        await tx
          .update(advertising)
          .set({ linkUrl: link })
          .where(
            scope.where(
              advertising,
              and(eq(advertising.location, 'home'), eq(advertising.sort, i + 1)),
              eq(advertising.linkUrl, seedLink(old[i]!, articleIds)),
            ),
          )
      }
    })
  }
}
