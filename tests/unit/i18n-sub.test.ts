import { afterEach, describe, expect, it } from 'vitest'
import { setLocale, t } from '@/i18n/sub'
import enMain from '../../shared/i18n/en'
import enSub from '../../shared/i18n/en/sub'
import zhCommon from '../../shared/i18n/zh-CN/common'
import zhPages from '../../shared/i18n/zh-CN/pages'
import zhSub from '../../shared/i18n/zh-CN/sub'

afterEach(() => setLocale('zh-CN'))

// The subpackage pages' messages (src/i18n/sub.ts) live apart from the shell's so the weapp main package
// does not carry them (issue 15); the pages still call one t() in either language.
describe('subpackage messages', () => {
  it('en covers every subpackage key with a non-empty text', () => {
    expect(Object.keys(enSub).sort()).toEqual(Object.keys(zhSub).sort())
    for (const v of Object.values(enSub)) expect(v.length).toBeGreaterThan(0)
  })

  it('no key is in both catalogues (one place to change a text)', () => {
    const main = new Set([...Object.keys(zhCommon), ...Object.keys(zhPages), ...Object.keys(enMain)])
    expect(Object.keys(zhSub).filter((k) => main.has(k))).toEqual([])
  })

  it('t() answers subpackage and shell keys in the chosen language', async () => {
    expect(t('order.status.1')).toBe('待支付')
    expect(t('common.retry')).toBe('重试')
    await setLocale('en')
    expect(t('order.status.1')).toBe(enSub['order.status.1'])
    expect(t('bank.player.title')).toBe('Practice')
    expect(t('common.retry')).toBe(enMain['common.retry'])
  })
})
