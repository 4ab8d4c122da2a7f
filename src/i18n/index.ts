/**
 * Message catalogues: zh-CN (default) and en, each merged from namespace files (common + pages).
 * The key type comes from zh-CN; the en catalogue must cover every key. zh-CN is always loaded; en is
 * loaded when chosen (a lazy chunk on H5, to keep the first load small) — until then t() answers in zh-CN.
 */
import { loadEn } from './load-en'
import zhCommon from './zh-CN/common'
import zhPages from './zh-CN/pages'

const zh = { ...zhCommon, ...zhPages }

export type MessageKey = keyof typeof zh
export type Locale = 'zh-CN' | 'en'

const catalogues: Partial<Record<Locale, Record<MessageKey, string>>> = { 'zh-CN': zh }
const loaders: Record<Locale, () => Promise<Record<MessageKey, string>>> = { 'zh-CN': async () => zh, en: loadEn }

let locale: Locale = 'zh-CN'

// Subpackage pages' messages (./sub.ts adds them when a subpackage page loads; not in the main package).
const extra: Record<Locale, Record<string, string>> = { 'zh-CN': {}, en: {} }

/** Add a catalogue of keys outside MessageKey, in both languages (./sub.ts). */
export function extendCatalogue(zhMore: Record<string, string>, enMore: Record<string, string>): void {
  Object.assign(extra['zh-CN'], zhMore)
  Object.assign(extra.en, enMore)
}

/** Switch the language once its catalogue is loaded; resolves when t() answers in it. */
export async function setLocale(next: Locale): Promise<void> {
  const load = loaders[next]
  if (!load) return
  catalogues[next] ??= await load()
  locale = next
}

export function getLocale(): Locale {
  return locale
}

/** Translate `key`, filling `{name}` placeholders from `vars` (unknown placeholders stay as written). */
export function t(key: MessageKey, vars?: Record<string, string | number>): string {
  const text: string = catalogues[locale]?.[key] ?? extra[locale][key] ?? zh[key] ?? extra['zh-CN'][key] ?? key
  if (!vars) return text
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m))
}
