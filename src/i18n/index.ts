/**
 * The app's messages: the one i18n core (shared/i18n/core.ts) with the main package's catalogue (shared/i18n/zh-CN
 * common + pages; the en catalogue covers every key). English is loaded when chosen (a lazy chunk on H5, to keep the
 * first load small; ./load-en.*) — until then t() answers in zh-CN. Subpackage pages add their part with ./sub.ts.
 */
import { createI18n, type Locale } from '../../shared/i18n/core'
import zhCommon from '../../shared/i18n/zh-CN/common'
import zhPages from '../../shared/i18n/zh-CN/pages'
import { loadEn } from './load-en'

const zh = { ...zhCommon, ...zhPages }

export type MessageKey = keyof typeof zh
export type { Locale }

/** The app's one instance: `@/i18n/sub` and the pages' own messages add their parts to it. */
export const i18n = createI18n(zh, loadEn)

/** Translate `key`, filling `{name}` placeholders from `vars` (unknown placeholders stay as written). */
export const t = i18n.t
/** Switch the language once its catalogue is loaded; resolves when t() answers in it. */
export const setLocale = i18n.setLocale
export const getLocale = i18n.getLocale
