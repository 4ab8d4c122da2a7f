/**
 * WeChat and Taro's H5 showModal refuse a confirm or cancel label longer than 4 Chinese characters
 * (8 Latin ones): the modal then never shows. Every label the app passes must fit, in every locale.
 */
import { describe, expect, it } from 'vitest'
import enCommon from '../../shared/i18n/en/common'
import zhCommon from '../../shared/i18n/zh-CN/common'

const MODAL_LABELS = [
  'lock.kick.confirm',
  'lock.kick.cancel',
  'error.conflict.confirm',
  'common.ok',
  'common.confirm',
  'common.cancel',
] as const
const width = (s: string) => s.replace(/[\u0391-\uFFE5]/g, 'aa').length

describe('modal button labels', () => {
  for (const [locale, catalogue] of [
    ['zh-CN', zhCommon],
    ['en', enCommon],
  ] as const) {
    it(`fit the 4-character limit in ${locale}`, () => {
      for (const key of MODAL_LABELS)
        expect(width(catalogue[key]), `${locale} ${key} = ${catalogue[key]}`).toBeLessThanOrEqual(8)
    })
  }
})
