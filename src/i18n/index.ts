/**
 * Message catalogues: zh-CN (default) and en, each merged from namespace files (common + pages).
 * The key type comes from zh-CN; the en catalogue must cover every key.
 */
import enCommon from './en/common'
import enPages from './en/pages'
import zhCommon from './zh-CN/common'
import zhPages from './zh-CN/pages'

const zh = { ...zhCommon, ...zhPages }

export type MessageKey = keyof typeof zh
export type Locale = 'zh-CN' | 'en'

const en: Record<MessageKey, string> = { ...enCommon, ...enPages }

const catalogues: Record<Locale, Record<MessageKey, string>> = { 'zh-CN': zh, en }

let locale: Locale = 'zh-CN'

export function setLocale(next: Locale): void {
  if (next in catalogues) locale = next
}

export function getLocale(): Locale {
  return locale
}

/** Translate `key`, filling `{name}` placeholders from `vars` (unknown placeholders stay as written). */
export function t(key: MessageKey, vars?: Record<string, string | number>): string {
  const text: string = catalogues[locale][key] ?? zh[key] ?? key
  if (!vars) return text
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m))
}
