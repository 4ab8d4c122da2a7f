/**
 * Every link the app or the seed can produce opens a real page (issue 12, defect 2): the seed's home grid and
 * banners, the links the app builds in src/, against the routes of src/app.config.ts. The seeded database itself
 * is walked by tests/server/links.test.ts; the browser walk is tests/e2e/links.test.ts.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import Taro from '@tarojs/taro'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { notFoundUrl, openLink, takeTabQuery } from '@/components/link'
import { classifyLink } from '@/lib/link'
import { BANNER_LINKS, HOME_ITEMS, seedLink } from '../../server/src/seed/data'
import { appRoutes, routeOf } from './app-routes'

const routes = appRoutes()
const ARTICLES = [101, 102, 103, 104, 105, 106, 107, 108, 109]

/** '' when the link opens a page of the app, else why not. */
function problem(link: string): string {
  const target = classifyLink(link)
  if (target.kind !== 'page') return `${link}: not an app page (${target.kind})`
  return routes.has(routeOf(target.path)) ? '' : `${link}: no such route`
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name)
    if (statSync(p).isDirectory()) return sourceFiles(p)
    return /\.(ts|tsx)$/.test(name) ? [p] : []
  })
}

afterEach(() => vi.clearAllMocks())

describe('links of the seed', () => {
  it('every home grid entry opens an app page', () => {
    const links = HOME_ITEMS.map(([, , link]) => seedLink(link, ARTICLES))
    expect(links.map(problem).filter(Boolean)).toEqual([])
    // the ones that used to lead nowhere (issue 12); the news list exists since issue 16 and the 资讯 tile opens it
    expect(links).toContain('/pages3/news/index')
    expect(links).not.toContain('/pages/user/index')
    expect(links.filter((l) => l.startsWith('http'))).toEqual([])
  })

  it('the live tile opens the live list', () => {
    const live = HOME_ITEMS.find(([, key]) => key === 'live')!
    expect(live[2]).toBe('/pages5/liveList')
  })

  it('every banner of every demo tenant opens an app page', () => {
    const links = Object.values(BANNER_LINKS).flatMap((ls) => ls.map((l) => seedLink(l, ARTICLES)))
    expect(links.length).toBeGreaterThanOrEqual(6)
    expect(links.map(problem).filter(Boolean)).toEqual([])
  })

  it('article:N links name the N-th seeded article', () => {
    expect(seedLink('article:2', ARTICLES)).toBe('/pages3/news/detail?id=103')
    expect(seedLink('article:99', ARTICLES)).toBe('/pages/index/index')
    expect(seedLink('/pages/learn/index', ARTICLES)).toBe('/pages/learn/index')
  })
})

describe('links built in src', () => {
  it('every literal route in the source is a route of app.config.ts', () => {
    const bad: string[] = []
    for (const file of sourceFiles(path.join(__dirname, '../../src'))) {
      const text = readFileSync(file, 'utf8')
      for (const m of text.matchAll(/['"`](\/pages\d?\/[\w/-]*)(\$\{)?/g)) {
        const literal = m[1]!.replace(/^\//, '')
        const ok = m[2]
          ? [...routes].some((r) => r.startsWith(literal)) // `/pages2/bank/${page}`: some route under the prefix
          : routes.has(literal)
        if (!ok) bad.push(`${path.relative(process.cwd(), file)}: /${literal}`)
      }
    }
    expect(bad).toEqual([])
  })
})

describe('openLink', () => {
  it('opens a page, and a route the app does not have on the not-found page', async () => {
    openLink('/pages2/wd/info')
    expect(Taro.navigateTo).toHaveBeenCalledWith({ url: '/pages2/wd/info' })
    vi.mocked(Taro.navigateTo).mockRejectedValueOnce({ errMsg: 'navigateTo:fail page not found' })
    openLink('/pages9/nope/index')
    await vi.waitFor(() => expect(Taro.navigateTo).toHaveBeenLastCalledWith({ url: notFoundUrl('/pages9/nope/index') }))
    expect(notFoundUrl('/pages9/nope/index')).toBe('/pages5/webview/index?missing=%2Fpages9%2Fnope%2Findex')
  })

  it('a tab link switches tab and leaves its query for the tab to take once', () => {
    openLink('/pages/course/index?goodsType=3')
    expect(Taro.switchTab).toHaveBeenCalledWith({ url: '/pages/course/index' })
    expect(takeTabQuery('/pages/course/index')).toEqual({ goodsType: '3' })
    expect(takeTabQuery('/pages/course/index')).toBeNull()
  })
})
