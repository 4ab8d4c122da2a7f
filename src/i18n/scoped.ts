/**
 * Page-scoped messages: a subpackage's pages keep their catalogue in their own chunk (not in the H5 entry,
 * not in the weapp main package). `scoped(zh, en)` returns a t()-like function that follows the app's
 * locale (getLocale); en must cover every zh key (checked by the type).
 */
import { fill, type Vars } from '../../shared/i18n/core'
import { getLocale } from './index'

export function scoped<K extends string>(zh: Record<K, string>, en: Record<K, string>) {
  return (key: K, vars?: Vars): string => fill((getLocale() === 'en' ? en[key] : zh[key]) ?? zh[key] ?? key, vars)
}
