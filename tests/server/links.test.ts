/**
 * Issue 12, defects 2, 3 and 11 on the server: every link the seeded data holds opens an app page (home grid,
 * adverts of every location, articles they name exist); a data dir seeded with the old dead links is repaired at
 * start; the config carries the tenant's brand (`tenant.brand`) and its agreement and privacy policy.
 */
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { advertising, config, homeItem } from '../../server/src/db/schema'
import { forgetSeedVersion, seedIfEmpty } from '../../server/src/seed'
import { classifyLink } from '../../src/lib/link'
import { appRoutes, routeOf } from '../unit/app-routes'
import { call, freshPglite, type Harness, harness } from './helpers'

type Row = { configKey: string; configValue: string }
const TENANTS = [1001, 1002] as const

describe('seeded links, brand and agreements (PGlite)', () => {
  let h: Harness
  const routes = appRoutes()

  beforeAll(async () => {
    h = await harness(await freshPglite())
  })
  afterAll(async () => {
    await h?.close()
  })

  /** '' when `link` opens an app page (and the article it names exists for the tenant), else why not. */
  async function problem(tenant: number, link: string): Promise<string> {
    const target = classifyLink(link)
    if (target.kind !== 'page') return `${link}: not an app page`
    if (!routes.has(routeOf(target.path))) return `${link}: no such route`
    const article = /^\/pages3\/news\/detail\?id=(\d+)$/.exec(target.path)
    if (article) {
      const r = await call(h.app, 'GET /app/consultation/details/:id', { tenant, params: { id: article[1]! } })
      if (r.code !== 200) return `${link}: article ${article[1]} answers ${r.code}`
    }
    return ''
  }

  it('every home entry and every advert of both tenants opens an app page', async () => {
    for (const tenant of TENANTS) {
      const home = await call<{ name: string; linkUrl: string }[]>(h.app, 'GET /app/common/base/home/list', { tenant })
      const ads = await call<{ rows: { linkUrl: string }[] }>(h.app, 'GET /app/common/base/advertising/list', {
        tenant,
        query: { pageNum: 1, pageSize: 100 },
      })
      const links = [...home.data.map((i) => i.linkUrl), ...ads.data.rows.map((a) => a.linkUrl)]
      expect(links.length).toBeGreaterThanOrEqual(11)
      const problems = (await Promise.all(links.map((l) => problem(tenant, l)))).filter(Boolean)
      expect(problems).toEqual([])
      expect(home.data.find((i) => i.name === '直播')?.linkUrl).toBe('/pages5/liveList')
      expect(home.data.find((i) => i.name === '在线客服')?.linkUrl).toBe('/pages5/counselor/index')
    }
  })

  it('a data dir seeded with the old dead links gets the current ones at the next start', async () => {
    const db = h.database.db
    await db
      .update(homeItem)
      .set({ linkUrl: '/pages/user/index' })
      .where(and(eq(homeItem.tenantId, 1002), eq(homeItem.name, '在线客服')))
    await db
      .update(homeItem)
      .set({ linkUrl: '/pages/course/index?type=live' })
      .where(and(eq(homeItem.tenantId, 1002), eq(homeItem.name, '直播')))
    await db
      .update(advertising)
      .set({ linkUrl: '/pages3/news/index' })
      .where(and(eq(advertising.tenantId, 1002), eq(advertising.location, 'home'), eq(advertising.sort, 3)))
    // a link the school chose itself is left alone
    await db
      .update(homeItem)
      .set({ linkUrl: '/pages2/wd/info' })
      .where(and(eq(homeItem.tenantId, 1002), eq(homeItem.name, '课程')))
    await forgetSeedVersion(db) // a start on a data dir seeded before the link repairs

    expect(await seedIfEmpty(db)).toBe(false)

    const rows = await db.select().from(homeItem).where(eq(homeItem.tenantId, 1002))
    const link = (name: string) => rows.find((r) => r.name === name)?.linkUrl
    expect(link('在线客服')).toBe('/pages5/counselor/index')
    expect(link('直播')).toBe('/pages5/liveList')
    expect(link('课程')).toBe('/pages2/wd/info')
    const [banner] = await db
      .select()
      .from(advertising)
      .where(and(eq(advertising.tenantId, 1002), eq(advertising.location, 'home'), eq(advertising.sort, 3)))
    expect(await problem(1002, banner!.linkUrl)).toBe('')
    // the news list exists since issue 16: a banner a school set to it is left alone
    expect(banner!.linkUrl).toBe('/pages3/news/index')
  })

  it('each banner that advertises goods opens that goods page, and 证书查询 the public check (issue 25)', async () => {
    const expected: Record<number, (string | null)[]> = {
      1001: ['2025安全生产管理人员全程班', '一级建造师全科通关套餐', '低压电工作业考试题库'],
      1002: ['专业技术人员公需科目（免费）', '会计人员继续教育（2025年度）', null],
    }
    for (const tenant of TENANTS) {
      const ads = await call<{ rows: { title: string; linkUrl: string; location: string }[] }>(
        h.app,
        'GET /app/common/base/advertising/list',
        { tenant, query: { pageNum: 1, pageSize: 100 } },
      )
      const banners = ads.data.rows.filter((a) => a.location === 'home')
      expect(banners).toHaveLength(3)
      for (const [i, name] of expected[tenant]!.entries()) {
        const link = banners[i]!.linkUrl
        if (name === null) {
          expect(link).toMatch(/^\/pages3\/news\/index/)
          continue
        }
        const m = /^\/pages3\/course\/(detail|jydetail)\?id=(\d+)$/.exec(link)
        expect(m, `${banners[i]!.title} -> ${link}`).not.toBeNull()
        const goods = await call<{ goodsName: string; goodsType: number }>(h.app, 'GET /app/common/goods/:id', {
          tenant,
          params: { id: m![2]! },
        })
        expect(goods.data.goodsName).toBe(name)
        expect(m![1]).toBe(goods.data.goodsType === 4 ? 'jydetail' : 'detail')
      }
      const home = await call<{ name: string; linkUrl: string }[]>(h.app, 'GET /app/common/base/home/list', { tenant })
      expect(home.data.find((i) => i.name === '证书查询')?.linkUrl).toBe('/pages3/cert/verify')
    }
  })

  it('a data dir seeded with the generic banner links and the old 证书查询 gets the new ones at the next start', async () => {
    const db = h.database.db
    const banner = and(eq(advertising.tenantId, 1001), eq(advertising.location, 'home'), eq(advertising.sort, 2))
    await db.update(advertising).set({ linkUrl: '/pages/course/index?goodsType=1' }).where(banner)
    // a banner link a school chose is left alone
    const other = and(eq(advertising.tenantId, 1001), eq(advertising.location, 'home'), eq(advertising.sort, 3))
    await db.update(advertising).set({ linkUrl: '/pages2/wd/info' }).where(other)
    const cert = and(eq(homeItem.tenantId, 1002), eq(homeItem.name, '证书查询'))
    await db.update(homeItem).set({ linkUrl: '/pages2/exam/index' }).where(cert)
    await forgetSeedVersion(db) // a start on a data dir seeded before these repairs

    expect(await seedIfEmpty(db)).toBe(false)

    const [b2] = await db.select().from(advertising).where(banner)
    expect(b2!.linkUrl).toMatch(/^\/pages3\/course\/jydetail\?id=\d+$/)
    const [b3] = await db.select().from(advertising).where(other)
    expect(b3!.linkUrl).toBe('/pages2/wd/info')
    const [c] = await db.select().from(homeItem).where(cert)
    expect(c!.linkUrl).toBe('/pages3/cert/verify')
  })

  it('the config carries each tenant its own brand', async () => {
    const brandOf = async (tenant: number, query?: Record<string, string>) => {
      const r = await call<Row[]>(h.app, 'GET /app/common/config', { tenant, query })
      const row = r.data.find((x) => x.configKey === 'tenant.brand')
      return row ? JSON.parse(row.configValue) : null
    }
    expect(await brandOf(1001)).toEqual({ name: '安信职业培训学校', primary: '#1677ff', logo: '' })
    expect(await brandOf(1002)).toEqual({ name: '博学继续教育学院', primary: '#13a35b', logo: '' })
    expect(await brandOf(1002, { configKey: 'tenant.brand' })).toMatchObject({ name: '博学继续教育学院' })
    // asked for another key: only that key
    const one = await call<Row[]>(h.app, 'GET /app/common/config', {
      tenant: 1002,
      query: { configKey: 'home.header' },
    })
    expect(one.data.map((r) => r.configKey)).toEqual(['home.header'])
  })

  it('the brand falls back to the tenant name and ignores a colour that is not #rrggbb', async () => {
    const db = h.database.db
    await db.delete(config).where(and(eq(config.tenantId, 1001), eq(config.configKey, 'home.header')))
    await db
      .update(config)
      .set({ configValue: JSON.stringify({ theme: { primary: 'red;background:url(x)' } }) })
      .where(and(eq(config.tenantId, 1001), eq(config.configKey, 'home.mobile')))
    const r = await call<Row[]>(h.app, 'GET /app/common/config', { tenant: 1001, query: { configKey: 'tenant.brand' } })
    expect(JSON.parse(r.data[0]!.configValue)).toEqual({ name: '安信职业培训学校', primary: '', logo: '' })
  })

  it('each tenant has its user agreement and privacy policy, naming the school, as real text', async () => {
    for (const [tenant, school] of [
      [1001, '安信职业培训学校'],
      [1002, '博学继续教育学院'],
    ] as const) {
      for (const key of ['agreement.service', 'agreement.privacy']) {
        const r = await call<Row[]>(h.app, 'GET /app/common/config', { tenant, query: { configKey: key } })
        expect(r.data).toHaveLength(1)
        const doc = JSON.parse(r.data[0]!.configValue) as { title: string; content: string }
        expect(doc.title).toMatch(key === 'agreement.service' ? /用户服务协议/ : /隐私政策/)
        expect(doc.content).toContain(school)
        expect(doc.content.replace(/<[^>]+>/g, '').length).toBeGreaterThan(600)
        expect(doc.content).not.toMatch(/<script|onerror=/i)
      }
    }
  })
})
