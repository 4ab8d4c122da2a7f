/**
 * The older name of a page's own part of the one catalogue (issue 26 step 5): `scoped(zh, en)` is
 * `i18n.scope(<a namespace of its own>, zh, en)` (shared/i18n/core.ts). Pages name their namespace with `i18n.scope`;
 * this stays for the live pages' catalogues until their part of issue 26 names theirs.
 */
import { i18n } from './index'

let count = 0

export function scoped<K extends string>(zh: Record<K, string>, en: Record<K, string>) {
  count += 1
  return i18n.scope(`scoped${count}`, zh, en)
}
