/**
 * The console's messages: zh-CN by default, en when chosen (kept in localStorage, like the app's choice). Both
 * catalogues are in the one small bundle; `t` fills `{name}` placeholders. Components re-render on a switch
 * through `useLocale`.
 */
import { useSyncExternalStore } from 'react'
import en from './en'
import zh from './zh-CN'

export type MessageKey = keyof typeof zh
export type Locale = 'zh-CN' | 'en'

const STORAGE_KEY = 'console.locale'
const catalogues: Record<Locale, Record<MessageKey, string>> = { 'zh-CN': zh, en }
const listeners = new Set<() => void>()

function saved(): Locale {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'en' ? 'en' : 'zh-CN'
  } catch {
    return 'zh-CN'
  }
}

let locale: Locale = saved()

export function getLocale(): Locale {
  return locale
}

export function setLocale(next: Locale): void {
  locale = next
  try {
    localStorage.setItem(STORAGE_KEY, next)
  } catch {
    // private mode: the choice lasts for this page only
  }
  document.documentElement.lang = next
  document.title = t('app.title')
  for (const l of listeners) l()
}

export function t(key: MessageKey, vars?: Record<string, string | number>): string {
  const text = catalogues[locale][key] ?? zh[key] ?? key
  if (!vars) return text
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m))
}

/** The current locale; re-renders the component when it changes. */
export function useLocale(): Locale {
  return useSyncExternalStore(
    (cb) => {
      listeners.add(cb)
      return () => listeners.delete(cb)
    },
    () => locale,
  )
}
