/**
 * Data dirs seeded before the rendered seed media still point the demo rows at the old generated SVG blocks
 * (`/static-assets/cover-<n>.svg`, `banner-<tenant>-<n>.svg`, the `icon-service.svg` WeChat card). At start they
 * are pointed at the rendered images (./assets.ts seedImage), each old name by the seed's own order: goods i had
 * cover `(tenant % 10) * 100 + i`, its courses the same, teacher i `(tenant % 10) * 100 + 90 + i`, article i
 * `(tenant % 10) * 10 + i`. Only those exact old names are touched; nothing is done once none is left.
 */
import { and, eq, inArray, like, or, type SQL, sql } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '../db'
import { advertising, config, consultation, course, goods, teacher } from '../db/schema'
import { assetUrl, BANNERS, seedImage, wechatQrUrl } from './assets'
import { TENANTS } from './data'
import { CATALOGUES } from './shop-data'

const OLD_SERVICE_CARD = '/static-assets/icon-service.svg'
const OLD_FIGURE = '/static-assets/cover-3.svg'
const svg = (n: number) => `/static-assets/cover-${n}.svg`

type Target = { table: PgTable; tenantId: PgColumn; column: PgColumn; key: 'cover' | 'avatar' | 'image'; only?: SQL }

async function repoint(db: Db, tenantId: number, target: Target, pairs: [string, string][]) {
  for (const [from, to] of pairs) {
    await db
      .update(target.table)
      .set({ [target.key]: to })
      .where(and(eq(target.tenantId, tenantId), eq(target.column, from), target.only))
  }
}

/** Whether any demo row still names an old generated image. */
async function anyOld(db: Db, ids: number[]): Promise<boolean> {
  const old = (col: PgColumn) => and(like(col, '/static-assets/%.svg'), sql`${col} not like '/static-assets/icon-%'`)
  const checks = [
    db
      .select({ n: goods.id })
      .from(goods)
      .where(and(inArray(goods.tenantId, ids), old(goods.cover)))
      .limit(1),
    db
      .select({ n: teacher.id })
      .from(teacher)
      .where(and(inArray(teacher.tenantId, ids), old(teacher.avatar)))
      .limit(1),
    db
      .select({ n: consultation.id })
      .from(consultation)
      .where(
        and(
          inArray(consultation.tenantId, ids),
          or(old(consultation.cover), like(consultation.content, `%${OLD_FIGURE}%`)),
        ),
      )
      .limit(1),
    db
      .select({ n: advertising.id })
      .from(advertising)
      .where(and(inArray(advertising.tenantId, ids), old(advertising.image)))
      .limit(1),
    db
      .select({ n: config.id })
      .from(config)
      .where(and(inArray(config.tenantId, ids), like(config.configValue, `%${OLD_SERVICE_CARD}%`)))
      .limit(1),
  ]
  for (const q of checks) if ((await q).length > 0) return true
  return false
}

export async function refreshSeedMedia(db: Db): Promise<boolean> {
  const ids = TENANTS.map((t) => t.id)
  if (!(await anyOld(db, ids))) return false
  for (const t of TENANTS) {
    const base = t.id % 10
    const cat = CATALOGUES[t.id]
    const covers: [string, string][] = (cat?.goods ?? []).map((g, i) => [
      svg(base * 100 + i),
      assetUrl(seedImage.cover(t.id, g.key)),
    ])
    await repoint(db, t.id, { table: goods, tenantId: goods.tenantId, column: goods.cover, key: 'cover' }, covers)
    await repoint(db, t.id, { table: course, tenantId: course.tenantId, column: course.cover, key: 'cover' }, covers)
    await repoint(
      db,
      t.id,
      { table: teacher, tenantId: teacher.tenantId, column: teacher.avatar, key: 'avatar' },
      (cat?.teachers ?? []).map((_, i) => [svg(base * 100 + 90 + i), assetUrl(seedImage.teacher(t.id, i))]),
    )
    await repoint(
      db,
      t.id,
      { table: consultation, tenantId: consultation.tenantId, column: consultation.cover, key: 'cover' },
      t.articles.map((_, i) => [svg(base * 10 + i), assetUrl(seedImage.news(t.id, i))]),
    )
    await db
      .update(consultation)
      .set({
        content: sql`replace(${consultation.content}, ${OLD_FIGURE}, ${assetUrl(seedImage.figure('work-at-height'))})`,
      })
      .where(and(eq(consultation.tenantId, t.id), like(consultation.content, `%${OLD_FIGURE}%`)))
    const banners = (BANNERS[String(t.id)] ?? []).map((_, i): [string, string] => [
      `/static-assets/banner-${t.id}-${i + 1}.svg`,
      assetUrl(seedImage.banner(t.id, i + 1)),
    ])
    const home: Target = { table: advertising, tenantId: advertising.tenantId, column: advertising.image, key: 'image' }
    await repoint(db, t.id, { ...home, only: eq(advertising.location, 'learn') }, [
      [`/static-assets/banner-${t.id}-3.svg`, assetUrl(seedImage.banner(t.id, 'learn'))],
    ])
    await repoint(db, t.id, home, banners)
    const [consult] = await db
      .select({ id: config.id, value: config.configValue })
      .from(config)
      .where(and(eq(config.tenantId, t.id), eq(config.configKey, 'consult.mobile')))
    if (consult?.value.includes(OLD_SERVICE_CARD)) {
      const value = JSON.parse(consult.value) as Record<string, unknown>
      if (value.serviceWechatImg === OLD_SERVICE_CARD) {
        value.serviceWechatImg = wechatQrUrl(String(value.serviceWechatNumber ?? ''))
        await db
          .update(config)
          .set({ configValue: JSON.stringify(value) })
          .where(eq(config.id, consult.id))
      }
    }
  }
  return true
}
