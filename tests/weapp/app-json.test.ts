import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { ensureWeappBuild, ROOT, WEAPP } from './build'

interface AppJson {
  pages: string[]
  subPackages: { root: string; pages: string[] }[]
  tabBar: { custom: boolean; list: { pagePath: string }[] }
  window: { navigationStyle?: string }
  lazyCodeLoading?: string
}

let app: AppJson

beforeAll(() => {
  ensureWeappBuild()
  app = JSON.parse(readFileSync(path.join(WEAPP, 'app.json'), 'utf8'))
})

const TABS = [
  'pages/index/index',
  'pages/course/index',
  'pages/learn/index',
  'pages/questionBank/index',
  'pages/wd/index',
]

describe('dist/weapp/app.json', () => {
  it("keeps the five tab pages first, in order, in the main package (plus the spec's pages/information)", () => {
    // spec §2 puts the materials page opened by a relaunch in the main package
    expect(app.pages).toEqual([...TABS, 'pages/information/index'])
    expect(app.tabBar.list.map((t) => t.pagePath)).toEqual(TABS)
  })

  it('declares the subpackages pages2..pages5 with their pages', () => {
    const subs = Object.fromEntries(app.subPackages.map((s) => [s.root, s.pages]))
    expect(Object.keys(subs)).toEqual(['pages2', 'pages3', 'pages4', 'pages5'])
    expect(subs.pages2).toEqual(
      expect.arrayContaining(['wd/info', 'wd/pwd', 'wd/menu', 'wd/edu_info', 'register/register', 'register/forget']),
    )
    expect(subs.pages3).toContain('news/detail')
    expect(subs.pages4).toContain('login/login')
    expect(subs.pages5).toEqual(expect.arrayContaining(['webview/index', 'webview/sdlink', 'webview/detaillink']))
  })

  it('every declared page was emitted', () => {
    const all = [...app.pages, ...app.subPackages.flatMap((s) => s.pages.map((p) => `${s.root}/${p}`))]
    for (const p of all) {
      expect(existsSync(path.join(WEAPP, `${p}.js`)), p).toBe(true)
      expect(existsSync(path.join(WEAPP, `${p}.wxml`)), p).toBe(true)
    }
  })

  it('uses the custom tab bar, custom navigation and lazy code loading', () => {
    expect(app.tabBar.custom).toBe(true)
    expect(existsSync(path.join(WEAPP, 'custom-tab-bar', 'index.js'))).toBe(true)
    const comp = JSON.parse(readFileSync(path.join(WEAPP, 'custom-tab-bar', 'index.json'), 'utf8'))
    expect(comp.component).toBe(true)
    expect(app.window.navigationStyle).toBe('custom')
    expect(app.lazyCodeLoading).toBe('requiredComponents')
  })

  it('ships a project.config.json with the tenant appid', () => {
    const project = JSON.parse(readFileSync(path.join(WEAPP, 'project.config.json'), 'utf8'))
    expect(project.appid).toBe('wx5a1e0c0ffee00001')
    expect(JSON.parse(readFileSync(path.join(ROOT, 'project.config.json'), 'utf8')).appid).toBe('wx5a1e0c0ffee00001')
  })
})
