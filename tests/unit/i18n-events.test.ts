import Taro from '@tarojs/taro'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { getLocale, setLocale, t } from '@/i18n'
import { EVENTS, emit, off, on } from '@/services/events'
import enCommon from '../../shared/i18n/en/common'
import zhCommon from '../../shared/i18n/zh-CN/common'

afterEach(() => setLocale('zh-CN'))

describe('i18n', () => {
  it('defaults to zh-CN and switches to en once its catalogue is loaded', async () => {
    expect(getLocale()).toBe('zh-CN')
    expect(t('error.linkMissing')).toBe('链接不存在')
    const switching = setLocale('en')
    expect(getLocale()).toBe('zh-CN') // still Chinese until the catalogue arrives
    await switching
    expect(getLocale()).toBe('en')
    expect(t('error.linkMissing')).toBe('The link does not exist')
    expect(t('error.conflict.content')).toBe('Logged in from another device, log in again?')
    expect(t('error.tenantLookup')).toBe('Request interface failed')
  })

  it('fills {name} placeholders and leaves unknown ones', () => {
    expect(t('error.missingParam', { name: 'userId' })).toBe('缺少参数userId')
    expect(t('error.missingParam')).toBe('缺少参数{name}')
    expect(t('error.missingParam', { other: 1 })).toBe('缺少参数{name}')
  })

  it('the whole en catalogue covers every zh-CN key with a non-empty text', async () => {
    const { default: en } = await import('../../shared/i18n/en')
    const { default: zhPages } = await import('../../shared/i18n/zh-CN/pages')
    expect(Object.keys(en).sort()).toEqual(Object.keys({ ...zhCommon, ...zhPages }).sort())
    for (const v of Object.values(en)) expect(v.length).toBeGreaterThan(0)
  })

  it('en common covers every zh-CN common key', () => {
    expect(Object.keys(enCommon).sort()).toEqual(Object.keys(zhCommon).sort())
    for (const v of Object.values(enCommon)) expect(v.length).toBeGreaterThan(0)
  })
})

describe('events', () => {
  it('emits to listeners until they are removed', () => {
    const fn = vi.fn()
    on(EVENTS.pause, fn)
    emit(EVENTS.pause, 1, 'a')
    expect(fn).toHaveBeenCalledWith(1, 'a')
    off(EVENTS.pause, fn)
    emit(EVENTS.pause)
    expect(fn).toHaveBeenCalledTimes(1)
    expect(Taro.eventCenter).toBeDefined()
  })
})
