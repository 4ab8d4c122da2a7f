/**
 * The H5 build as the server sends it (docs/DECISIONS.md "First load"): the brotli / gzip copies written at build
 * time (scripts/compress.mjs) chosen by Accept-Encoding, a year of immutable caching for content-hashed chunks,
 * revalidation for index.html and the SPA fallback, and a 404 (not the page) for a chunk that is not there.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// @ts-expect-error a plain ES module script without types
import { compressDir } from '../../scripts/compress.mjs'
import { buildApp } from '../../server/src/app'
import { defaultConfig } from '../../server/src/config'
import type { Database } from '../../server/src/db'
import { advertising } from '../../server/src/db/schema'
import { homeShell, shopShell } from '../../server/src/http/h5-page'
import { freshPglite, SECRET } from './helpers'

const CHUNK = 'js/app.1a2b3c4d.js'
const chunkText = `/* app */${'console.log("a learner\'s first screen");\n'.repeat(200)}`
const html = `<!doctype html><html><head><title>app</title><script defer src="/${CHUNK}"></script></head><body>${'<div id="app"></div>'.repeat(80)}</body></html>`

const STAFF_TOKEN = 'static-h5-staff-token'

let database: Database
let app: Awaited<ReturnType<typeof buildApp>>
let dir: string

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'static-h5-'))
  fs.mkdirSync(path.join(dir, 'js'))
  fs.writeFileSync(path.join(dir, 'index.html'), html)
  fs.writeFileSync(path.join(dir, CHUNK), chunkText)
  fs.writeFileSync(path.join(dir, 'js', 'tiny.5e6f7a8b.js'), 'x()') // under 1 KB: no compressed copies
  compressDir(dir)
  database = await freshPglite()
  app = await buildApp({
    db: database.db,
    config: defaultConfig({ secret: SECRET, staticDir: dir, staffToken: STAFF_TOKEN }),
  })
})

afterAll(async () => {
  await app?.close()
  await database?.close?.()
  fs.rmSync(dir, { recursive: true, force: true })
})

describe('the H5 build over the wire', () => {
  it('writes brotli and gzip copies next to each text asset at build time, skipping tiny files', () => {
    expect(brotliDecompressSync(fs.readFileSync(path.join(dir, `${CHUNK}.br`))).toString()).toBe(chunkText)
    expect(gunzipSync(fs.readFileSync(path.join(dir, `${CHUNK}.gz`))).toString()).toBe(chunkText)
    expect(fs.existsSync(path.join(dir, 'js', 'tiny.5e6f7a8b.js.br'))).toBe(false)
  })

  it('sends a hashed chunk brotli-compressed to a browser that accepts it, cached for a year', async () => {
    const res = await app.inject({ url: `/${CHUNK}`, headers: { 'accept-encoding': 'gzip, deflate, br' } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers['content-type']).toMatch(/javascript/)
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(res.headers.vary).toMatch(/accept-encoding/i)
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(chunkText)
    expect(res.rawPayload.length).toBeLessThan(chunkText.length / 5)
  })

  it('falls back to gzip, then to the file itself', async () => {
    const gz = await app.inject({ url: `/${CHUNK}`, headers: { 'accept-encoding': 'gzip' } })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.rawPayload).toString()).toBe(chunkText)
    const plain = await app.inject({ url: `/${CHUNK}`, headers: { 'accept-encoding': 'identity' } })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(chunkText)
  })

  it('has index.html revalidated every time, at / and on any app route (history router)', async () => {
    for (const url of ['/', '/index.html', '/pages/course/index', '/pages/questionBank/index?x=1']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'br' } })
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['cache-control'], url).toBe('no-cache')
      const enc = res.headers['content-encoding']
      const body =
        enc === 'br'
          ? brotliDecompressSync(res.rawPayload).toString()
          : enc === 'gzip'
            ? gunzipSync(res.rawPayload).toString()
            : res.body
      expect(body, url).toContain('<title>app</title>')
    }
  })

  it("writes the tenant of the page's host into the page, so the app need not ask; not for unknown hosts or IPs", async () => {
    const seeded = async (host: string) => {
      const res = await app.inject({ url: '/pages/course/index', headers: { host } })
      expect(res.statusCode, host).toBe(200)
      return /window\.__TENANT_IDS__=(\{[^<]*\})/.exec(res.body)?.[1]
    }
    expect(JSON.parse((await seeded('a.xuexi-demo.com')) ?? 'null')).toEqual({ 'a.xuexi-demo.com': '1001' })
    expect(JSON.parse((await seeded('B.xuexi-demo.cn:8080')) ?? 'null')).toEqual({ 'b.xuexi-demo.cn': '1002' })
    expect(await seeded('unknown-school.com')).toBeUndefined()
    expect(await seeded('127.0.0.1:3000')).toBeUndefined()
    const root = await app.inject({ url: '/', headers: { host: 'a.xuexi-demo.com', 'accept-encoding': 'gzip' } })
    expect(root.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(root.rawPayload).toString()).toContain('window.__TENANT_IDS__={"a.xuexi-demo.com":"1001"}')
  })

  it("paints the home page's top before any script on the home routes: the host's school, colour and first banner", async () => {
    const page = async (url: string, host: string) => {
      const res = await app.inject({ url, headers: { host } })
      expect(res.statusCode, url).toBe(200)
      return res.body
    }
    for (const url of ['/', '/index.html', '/pages/index/index', '/pages/index/index?x=1']) {
      const body = await page(url, 'a.xuexi-demo.com')
      const shell = /<div id="app-shell"[\s\S]*?<div id="app">/.exec(body)?.[0] ?? ''
      expect(shell, url).toContain('安信职业培训学校')
      expect(shell, url).toContain('<img src="/static-assets/banner-1001-1.jpg"')
      expect(body, url).toContain(
        '<link rel="preload" as="image" href="/static-assets/banner-1001-1.jpg" fetchpriority="high">',
      )
      expect(body, url).toContain('#1677ff')
      // the entry (and the page's chunk, held back by __SHELL_WAIT__) is asked for once the banner is painted
      expect(body, url).not.toContain(`<script defer src="/${CHUNK}">`)
      expect(body, url).not.toContain(`href="/${CHUNK}"`)
      expect(body, url).toContain(`["/${CHUNK}"]`)
      expect(body, url).toContain('<head><script>window.__SHELL_WAIT__=1</script>')
      expect(body, url).toContain('window.__preloadPage&&window.__preloadPage()')
    }
    const b = await page('/', 'b.xuexi-demo.cn')
    expect(b).toContain('博学继续教育学院')
    expect(b).toContain('banner-1002-1.jpg')
    expect(b).toContain('#13a35b')
    expect(b).not.toContain('安信职业培训学校')
    // other routes, and hosts no school owns, get the page as built
    for (const [url, host] of [
      ['/pages/study/index', 'a.xuexi-demo.com'],
      ['/', '127.0.0.1:3000'],
      ['/', 'unknown-school.com'],
    ] as const) {
      const body = await page(url, host)
      expect(body, `${host}${url}`).not.toContain('app-shell')
      expect(body, `${host}${url}`).toContain(`<script defer src="/${CHUNK}"></script>`)
      expect(body, `${host}${url}`).not.toContain('__SHELL_WAIT__')
    }
  })

  it("paints the question-bank tab's logged-out welcome, taken away at once for a logged-in or English reader", async () => {
    for (const [host, colour] of [
      ['a.xuexi-demo.com', '#1677ff'],
      ['b.xuexi-demo.cn', '#13a35b'],
    ] as const) {
      const res = await app.inject({ url: '/pages/questionBank/index', headers: { host } })
      const shell = /<div id="app-shell"[\s\S]*?<div id="app">/.exec(res.body)?.[0] ?? ''
      expect(shell, host).toContain('<div class="s-nav">题库</div>')
      expect(shell, host).toContain('欢迎来到题库')
      expect(shell, host).toContain('登录后练习章节、模拟考试，错题与收藏自动保存')
      expect(shell, host).toContain('d("user_account")||d("locale")==="en"')
      expect(res.body, host).toContain(colour)
      expect(res.body, host).toContain(`["/${CHUNK}"]`)
      expect(res.body, host).toContain('window.__SHELL_WAIT__=1')
    }
  })

  it("paints the purchase centre's filters and its first goods (cover preloaded), taken away for a typed link or English", async () => {
    for (const [host, colour] of [
      ['a.xuexi-demo.com', '#1677ff'],
      ['b.xuexi-demo.cn', '#13a35b'],
    ] as const) {
      const res = await app.inject({ url: '/pages/course/index', headers: { host } })
      expect(res.statusCode).toBe(200)
      const shell = /<div id="app-shell"[\s\S]*?<div id="app">/.exec(res.body)?.[0] ?? ''
      expect(shell, host).toContain('<div class="s-nav">选课中心</div>')
      expect(shell, host).toContain('搜索课程、题库、直播')
      // 全部 chosen, then the school's education types in the shop's order; the goods types
      const chips = [...shell.matchAll(/<span class="s-chip[^"]*">([^<]*)<\/span>/g)].map((m) => m[1])
      expect(chips[0], host).toBe('全部')
      expect(chips.length, host).toBeGreaterThan(1)
      const types = [...shell.matchAll(/<span class="s-type[^"]*">([^<]*)<\/span>/g)].map((m) => m[1])
      expect(types).toEqual(['全部', '课程', '题库', '直播', '套餐'])
      // the first goods of the unfiltered list, as the API lists it
      const list = await app.inject({
        url: '/api/app/common/goods/list?pageNum=1&pageSize=1',
        headers: { 'tenant-id': host.startsWith('a.') ? '1001' : '1002' },
      })
      const first = list.json().data.rows[0] as { goodsName: string; cover: string }
      expect(shell, host).toContain(`<span class="s-name">${first.goodsName}</span>`)
      expect(shell, host).toContain(`<img src="${first.cover}" alt="" fetchpriority="high">`)
      expect(res.body, host).toContain(`<link rel="preload" as="image" href="${first.cover}" fetchpriority="high">`)
      expect(shell, host).toContain('/[?&]goodsType=/.test(location.search)')
      expect(res.body, host).toContain(colour)
      expect(res.body, host).toContain(`["/${CHUNK}"]`)
      expect(res.body, host).toContain('window.__SHELL_WAIT__=1')
    }
  })

  it("writes the purchase centre's words escaped, and no picture it cannot read", () => {
    const { head, body } = shopShell({ primary: 'url(x)' }, [{ educationName: '<b>x</b>' }], {
      goodsType: 9,
      goodsName: '"><script>alert(1)</script>',
      cover: 'javascript:alert(1)',
    })
    expect(body).toContain('&lt;b&gt;x&lt;/b&gt;')
    expect(body).toContain('&quot;&gt;&lt;script&gt;')
    expect(body).not.toContain('javascript:')
    expect(head).not.toContain('preload')
    expect(head).toContain('#1677ff')
    expect(head).not.toContain('url(x)')
    // no goods on shelf: the filters alone
    expect(shopShell({ primary: '#13a35b' }, []).body).not.toContain('s-row')
  })

  it('writes only what is safe into the shell: text escaped, a colour or a picture address it cannot read left out', () => {
    const { head, body } = homeShell(
      { name: '<img src=x onerror=alert(1)>学校', primary: 'red;}body{display:none', logo: 'javascript:alert(1)' },
      { image: '"><script>alert(1)</script>', title: '' },
    )
    expect(body).toContain('&lt;img src=x onerror=alert(1)&gt;学校')
    expect(body).not.toContain('<script')
    expect(body).not.toContain('javascript:')
    expect(body).not.toContain('s-banner') // no usable picture: no banner box, no preload
    expect(head).not.toContain('preload')
    expect(head).toContain('#1677ff')
    expect(head).not.toContain('display:none')
  })

  it("shows a school's new first banner once its content changed", async () => {
    await database.db
      .update(advertising)
      .set({ sort: 0 })
      .where(eq(advertising.image, '/static-assets/banner-1001-3.jpg'))
    await app.inject({
      method: 'POST',
      url: '/api/staff/content/changed',
      headers: { 'tenant-id': '1001', 'x-staff-token': STAFF_TOKEN },
    })
    const res = await app.inject({ url: '/', headers: { host: 'a.xuexi-demo.com' } })
    expect(res.body).toContain('<img src="/static-assets/banner-1001-3.jpg"')
  })

  it('answers 404 for a hashed chunk that is not there (an older build), not the page', async () => {
    const res = await app.inject({ url: '/js/app.99999999.js' })
    expect(res.statusCode).toBe(404)
    expect(res.body).not.toContain('<title>app</title>')
  })

  it('still answers the API as JSON', async () => {
    const res = await app.inject({ url: '/api/app/common/findTenantId?hostH5=a.xuexi-demo.com' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ code: 200, data: '1001' })
  })
})
