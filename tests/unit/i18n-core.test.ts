/**
 * The one i18n core (shared/i18n/core.ts, issue 26 step 5): one t(), one interpolation, parts added by package
 * (main, subpackages, a page's own namespace), English given or loaded on demand.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { createI18n, fill } from '../../shared/i18n/core'
import enRefusals from '../../shared/i18n/en/refusals'
import zhCommon from '../../shared/i18n/zh-CN/common'
import zhPages from '../../shared/i18n/zh-CN/pages'
import zhRefusals from '../../shared/i18n/zh-CN/refusals'
import zhSub from '../../shared/i18n/zh-CN/sub'

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name)
    if (statSync(full).isDirectory()) return sources(full)
    return /\.tsx?$/.test(name) ? [full] : []
  })
}

describe('fill', () => {
  it('fills {name} placeholders and leaves unknown ones', () => {
    expect(fill('缺少参数{name}', { name: 'userId' })).toBe('缺少参数userId')
    expect(fill('缺少参数{name}')).toBe('缺少参数{name}')
    expect(fill('{n}/{max}', { n: 3 })).toBe('3/{max}')
    expect(fill('{a}{a}', { a: 0 })).toBe('00')
  })
})

describe('createI18n', () => {
  it('answers zh-CN until English is loaded, then English; a key no part has answers itself', async () => {
    const load = vi.fn(async () => ({ hello: 'Hello {who}' }))
    const i18n = createI18n({ hello: '你好{who}' }, load)
    expect(i18n.t('hello', { who: 'A' })).toBe('你好A')
    const switching = i18n.setLocale('en')
    expect(i18n.getLocale()).toBe('zh-CN')
    await switching
    expect(i18n.getLocale()).toBe('en')
    expect(i18n.t('hello', { who: 'A' })).toBe('Hello A')
    expect((i18n.t as (k: string) => string)('missing')).toBe('missing')
    await i18n.setLocale('zh-CN')
    await i18n.setLocale('en')
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('a part added later joins the one t(); its English loads at once when English is on', async () => {
    const i18n = createI18n({ a: '甲' }, { a: 'A' }, 'en')
    expect(i18n.t('a')).toBe('A')
    const withB = i18n.add({ b: '乙' }, async () => ({ b: 'B' }))
    const changed = new Promise<void>((resolve) => i18n.subscribe(resolve))
    expect(withB.t('b')).toBe('乙')
    await changed
    expect(withB.t('b')).toBe('B')
  })

  it('a page part lives under its namespace in the same catalogue', async () => {
    const i18n = createI18n({ title: '首页' }, { title: 'Home' })
    const tx = i18n.scope('note', { title: '笔记', count: '{n} 条' }, async () => ({
      title: 'Notes',
      count: '{n} notes',
    }))
    expect(tx('title')).toBe('笔记')
    expect(i18n.t('title')).toBe('首页')
    expect(i18n.lookup('note.count', { n: 2 })).toBe('2 条')
    await i18n.setLocale('en')
    expect(tx('count', { n: 2 })).toBe('2 notes')
    expect(i18n.lookup('note.nothing')).toBeUndefined()
  })

  it('a part whose English fails to load stays pending for the next switch', async () => {
    let fail = true
    const i18n = createI18n({ a: '甲' }, async () => {
      if (fail) throw new Error('offline')
      return { a: 'A' }
    })
    await expect(i18n.setLocale('en')).rejects.toThrow('offline')
    expect(i18n.getLocale()).toBe('zh-CN')
    fail = false
    await i18n.setLocale('en')
    expect(i18n.t('a')).toBe('A')
  })

  it('translates a server refusal by its key (shared/i18n/*/refusals.ts)', async () => {
    const i18n = createI18n({}, {}).add(zhRefusals, enRefusals)
    expect(i18n.lookup('refusal.account.oldPasswordWrong')).toBe('原密码不正确')
    expect(i18n.lookup('refusal.account.waitSecondsBeforeAsking', { n: '42' })).toBe('请 42 秒后再获取验证码')
    await i18n.setLocale('en')
    expect(i18n.lookup('refusal.account.oldPasswordWrong')).toBe('The old password is wrong')
  })
})

describe("the pages' namespaces", () => {
  it('each page part has a namespace of its own, apart from the shared catalogues', () => {
    const found = [resolve('src'), resolve('console/src')].flatMap((dir) =>
      sources(dir).flatMap((f) =>
        [...readFileSync(f, 'utf8').matchAll(/\bi18n\.scope\(\s*'([^']+)'/g)].map((m) => m[1]!),
      ),
    )
    expect(found.length).toBeGreaterThan(20)
    expect(found.length).toBe(new Set(found).size)
    const shared = new Set(
      Object.keys({ ...zhCommon, ...zhPages, ...zhSub, ...zhRefusals }).map((k) => k.split('.')[0]),
    )
    expect(found.filter((ns) => shared.has(ns))).toEqual([])
  })
})
