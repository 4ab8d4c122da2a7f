/**
 * Page-scoped messages: a subpackage's pages keep their catalogue in their own chunk (not in the H5 entry,
 * not in the weapp main package). `scoped(zh, en)` returns a t()-like function that follows the app's
 * locale (getLocale); en must cover every zh key (checked by the type).
 */
import { getLocale } from './index'

export function scoped<K extends string>(zh: Record<K, string>, en: Record<K, string>) {
  return (key: K, vars?: Record<string, string | number>): string => {
    const text = (getLocale() === 'en' ? en[key] : zh[key]) ?? zh[key] ?? key
    if (!vars) return text
    return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m))
  }
}
