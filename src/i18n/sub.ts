/**
 * The messages only subpackage pages use (weapp main package budget, issue 15): importing this module adds their part
 * to the app's one t() (shared/i18n/core.ts), so pages under src/pages2..5 and the components only they render import
 * t from here, not from '@/i18n'. The main package (tab pages, shell, shared components) never imports it: on weapp it
 * lands in the subpackages (Taro copies a module several subpackages share into each), on H5 in the pages' chunks.
 * '@/i18n''s t() accepts only the main keys, so a tab page that used a key from here would fail the type check.
 * The server's refusal texts (shared/i18n/*\/refusals.ts) are added here as well, for the same budget.
 */

import enSub from '../../shared/i18n/en/sub'
import zhRefusals from '../../shared/i18n/zh-CN/refusals'
import zhSub from '../../shared/i18n/zh-CN/sub'
import { i18n, type MessageKey as MainKey } from './index'
import { loadRefusalsEn } from './load-refusals-en'

// the server's refusal texts ride here too (the request layer translates a refusal's key when they are loaded;
// in the main package it shows the server's msg, the same text): zh now, en when chosen
const withSub = i18n.add(zhSub, enSub).add(zhRefusals, loadRefusalsEn)

export type SubMessageKey = keyof typeof zhSub
export type MessageKey = MainKey | SubMessageKey

export const t = withSub.t

export { getLocale, type Locale, setLocale } from './index'
