/**
 * The console's messages: the one i18n core (shared/i18n/core.ts) with the console's catalogue (zh-CN by default, en
 * when chosen, kept in localStorage like the app's choice) and the server's refusal texts (shared/i18n/*\/refusals.ts,
 * read by the refusal key the envelope carries). Both languages are in the one small bundle. Components re-render on
 * a switch through `useLocale`.
 */
import { useSyncExternalStore } from 'react'
import { createI18n, type Locale } from '../../../shared/i18n/core'
import enRefusals from '../../../shared/i18n/en/refusals'
import zhRefusals from '../../../shared/i18n/zh-CN/refusals'
import en from './en'
import zh from './zh-CN'

export type MessageKey = keyof typeof zh
export type { Locale }

const STORAGE_KEY = 'console.locale'

function saved(): Locale {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'en' ? 'en' : 'zh-CN'
  } catch {
    return 'zh-CN'
  }
}

/** The console's one instance: pages add their own parts to it (`i18n.add(zh, en).t`). */
export const i18n = createI18n(zh, en, saved()).add(zhRefusals, enRefusals)

export const t = i18n.t
export const getLocale = i18n.getLocale

i18n.subscribe(() => {
  document.documentElement.lang = getLocale()
  document.title = t('app.title')
})

export function setLocale(next: Locale): void {
  try {
    localStorage.setItem(STORAGE_KEY, next)
  } catch {
    // private mode: the choice lasts for this page only
  }
  void i18n.setLocale(next)
}

/** The current locale; re-renders the component when it changes. */
export function useLocale(): Locale {
  return useSyncExternalStore(i18n.subscribe, getLocale)
}
