/**
 * The messages only subpackage pages use (weapp main package budget, issue 15): importing this module adds them
 * to t(), so pages under src/pages2..5 and the components only they render import t from here, not from '@/i18n'.
 * The main package (tab pages, shell, shared components) never imports it: on weapp it lands in the subpackages
 * (Taro copies a module several subpackages share into each), on H5 in the pages' chunks. '@/i18n''s t() accepts
 * only the main keys, so a tab page that used a key from here would fail the type check.
 */

import enSub from './en/sub'
import { extendCatalogue, type MessageKey as MainKey, t as tMain } from './index'
import zhSub from './zh-CN/sub'

extendCatalogue(zhSub, enSub)

export type SubMessageKey = keyof typeof zhSub
export type MessageKey = MainKey | SubMessageKey

export const t: (key: MessageKey, vars?: Record<string, string | number>) => string = tMain as never

export { getLocale, type Locale, setLocale } from './index'
