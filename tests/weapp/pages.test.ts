import { beforeAll, describe, expect, it } from 'vitest'
import { ensureWeappBuild, WEAPP } from './build'
import { type RequestLog, until, WeappSim } from './harness'

beforeAll(() => ensureWeappBuild())

const ok = (data: unknown) => ({ statusCode: 200, data: { code: 200, msg: 'ok', data } })

const article = {
  id: 7,
  title: '2025 年考试报名须知',
  summary: '报名时间与材料',
  cover: '',
  publishTime: 1_700_000_000,
  views: 42,
  content: '<p>请按时报名<img src="https://img.example.com/a.png"></p>',
}

function api(req: RequestLog) {
  const p = req.url.replace('http://127.0.0.1:8080/api', '').split('?')[0]
  if (p === '/app/common/config')
    return ok([{ configKey: 'home.header', configValue: JSON.stringify({ companyName: '安信培训' }) }])
  if (p === '/app/common/system/dict/data/list') return ok([])
  if (p === '/app/common/base/advertising/homeLocation')
    return ok([
      { id: 1, location: 'home', title: 'ad', image: 'https://img.example.com/ad.png', linkUrl: 'nope', sort: 1 },
    ])
  if (p === '/app/common/base/home/list')
    return ok([
      { id: 3, name: '题库练习', icon: 'https://img.example.com/i.png', linkUrl: '/pages/questionBank/index', sort: 1 },
    ])
  if (p === '/app/consultation/list') return ok({ rows: [article], total: 1 })
  if (p === '/app/consultation/details/7') return ok(article)
  if (p.startsWith('/app/consultation/details/'))
    return { statusCode: 404, data: { code: 404, msg: 'not found', data: null } }
  return { statusCode: 501, data: { code: 501, msg: `not available: ${p}`, data: null } }
}

describe('built weapp bundle under node:vm', () => {
  it('news detail: loads by id with the tenant header and renders title, views and body', async () => {
    const sim = new WeappSim(WEAPP, api)
    sim.launch()
    const page = sim.openPage('pages3/news/detail', { id: '7' })
    const title = await until(() => page.byClass('news-title')[0])
    expect(page.text(title)).toBe(article.title)
    expect(page.text(page.byClass('news-views')[0])).toContain('42')
    const body = page.byClass('rich-html')[0]
    expect(String(body.p1 ?? JSON.stringify(body))).toContain('请按时报名')
    const req = sim.requests.find((r) => r.url.endsWith('/app/consultation/details/7'))
    expect(req?.header['tenant-id']).toBe('1001')
  })

  it('news detail: an unknown id shows the not-found state; the home button switches to home', async () => {
    const sim = new WeappSim(WEAPP, api)
    sim.launch()
    const page = sim.openPage('pages3/news/detail', { id: '999' })
    const empty = await until(() => page.byClass('empty-state')[0])
    expect(page.text(empty)).toContain('资讯不存在')
    page.tap(page.byClass('nav-bar-home')[0])
    await until(() => sim.navigations.length > 0)
    expect(sim.navigations[0]).toMatchObject({ api: 'switchTab', url: '/pages/index/index' })
  })

  it('home: header, banner, grid and news; tapping a news item opens its detail, a bad link toasts', async () => {
    const sim = new WeappSim(WEAPP, api)
    sim.launch()
    const page = sim.openPage('pages/index/index')
    const item = await until(() => page.byClass('news-item')[0])
    expect(page.text(page.byClass('home-header')[0])).toContain('安信培训')
    expect(page.byClass('home-banner')).toHaveLength(1)
    // the banner is NutUI's Swiper (over Taro's swiper) with its own dot indicator
    expect(page.byClass('nut-swiper')).toHaveLength(1)
    expect(page.byClass('nut-indicator-dot')).toHaveLength(1)
    expect(page.text(page.byClass('home-list-item')[0])).toBe('题库练习')
    page.tap(item)
    await until(() => sim.navigations.length > 0)
    expect(sim.navigations[0]).toMatchObject({ api: 'navigateTo', url: '/pages3/news/detail?id=7' })

    page.tap(page.byClass('home-banner-img')[0])
    await until(() => sim.toasts.length > 0)
    expect(sim.toasts[0].title).toBe('链接不存在')
  })
})

describe('icons in the built weapp bundle', () => {
  it('home grid: an icon key draws its glyph as a mask the mini-program keeps (prefixed and standard)', async () => {
    const withKey = (req: RequestLog) =>
      req.url.includes('/app/common/base/home/list')
        ? ok([
            {
              id: 3,
              name: '题库',
              icon: '/static-assets/icon-bank.svg',
              linkUrl: '/pages/questionBank/index',
              sort: 1,
            },
          ])
        : api(req)
    const sim = new WeappSim(WEAPP, withKey)
    sim.launch()
    const page = sim.openPage('pages/index/index')
    const tile = await until(() => page.byClass('entry-icon-bank')[0])
    const icon = (tile.cn ?? []).find((n) => String(n.cl).split(/\s+/).includes('icon'))
    const style = String(icon?.st ?? '')
    expect(style).toContain('-webkit-mask: url("data:image/svg+xml;base64,')
    expect(style).toMatch(/(^|; )mask: url\("data:image\/svg\+xml;base64,/)
  })
})
