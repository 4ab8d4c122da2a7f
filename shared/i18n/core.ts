/**
 * The one i18n core of the learner app and the console (issue 26 step 5): one `t()`, one interpolation. No Taro,
 * no React, no DOM: each side makes one instance (`src/i18n`, `console/src/i18n`) and keeps its own way of saving
 * the choice. Chinese (zh-CN) is the default and always there; English is given beside it or loaded on demand (a
 * loader: a lazy chunk on H5). A package adds its part of the catalogue when its code loads (`add`): the app's main
 * package, its subpackages (weapp size budget), a page's own messages. Every part is keyed flat ('login.title'); the
 * key type of the `t` an `add` returns covers the parts added so far, so code can only name keys its package loads.
 */

export type Locale = 'zh-CN' | 'en'
export type Vars = Readonly<Record<string, string | number>>
export type Messages = Readonly<Record<string, string>>
/** A part's English: the texts, or a loader run when English is chosen. */
export type English<K extends string> = Readonly<Record<K, string>> | (() => Promise<Readonly<Record<K, string>>>)
export type Translate<K extends string> = (key: K, vars?: Vars) => string

/** The one interpolation: `{name}` from `vars`; a placeholder `vars` does not name stays as written. */
export function fill(text: string, vars?: Vars): string {
  if (!vars) return text
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m))
}

export interface I18n<K extends string> {
  /** `key` in the current language (Chinese until an English part is loaded; the key itself if no part has it) */
  t: Translate<K>
  /** the text of a key outside the typed set (a refusal key the server sent), or undefined if no part has it */
  lookup(key: string, vars?: Vars): string | undefined
  /** add a part (its English may load later); answers the same instance, typed to the wider key set */
  add<Z extends Messages>(zh: Z, en: English<keyof Z & string>): I18n<K | (keyof Z & string)>
  /**
   * add a page's own part under the namespace `ns` (its keys become `ns.key` in the one catalogue) and answer the
   * t() of that part: `scope('note', zh, en)('title')` is `t('note.title')`
   */
  scope<Z extends Messages>(ns: string, zh: Z, en: English<keyof Z & string>): Translate<keyof Z & string>
  getLocale(): Locale
  /** switch once every English part is loaded; resolves when t() answers in `next` */
  setLocale(next: Locale): Promise<void>
  /** called after each switch (and when a part's English arrives while English is on) */
  subscribe(listener: () => void): () => void
}

/**
 * One instance per side. `initial`: the language to start in (the console's saved choice; its English is given, not
 * loaded); the app starts in zh-CN and switches once its English has loaded.
 */
export function createI18n<Z extends Messages>(
  zh: Z,
  en: English<keyof Z & string>,
  initial: Locale = 'zh-CN',
): I18n<keyof Z & string> {
  const texts: Record<Locale, Record<string, string>> = { 'zh-CN': {}, en: {} }
  const pending: (() => Promise<Messages>)[] = []
  const listeners = new Set<() => void>()
  let locale = initial
  const notify = () => {
    for (const l of listeners) l()
  }

  const lookup = (key: string, vars?: Vars): string | undefined => {
    const text = (locale === 'en' ? texts.en[key] : undefined) ?? texts['zh-CN'][key]
    return text === undefined ? undefined : fill(text, vars)
  }

  // the English parts not loaded yet: a switch waits for all of them (and for a load already under way); a part
  // that fails to load stays pending for the next try
  let loading: Promise<unknown> | null = null
  const loadAll = (): Promise<unknown> => {
    if (!pending.length) return loading ?? Promise.resolve()
    const loads = pending.splice(0)
    const done = Promise.all(loads.map((load) => load())).then(
      (parts) => {
        for (const part of parts) Object.assign(texts.en, part)
      },
      (e: unknown) => {
        pending.push(...loads)
        throw e
      },
    )
    const all: Promise<unknown> = Promise.all([loading, done]).finally(() => {
      if (loading === all) loading = null
    })
    loading = all
    return all
  }

  const switchTo = (next: Locale) => {
    locale = next
    notify()
  }

  const i18n: I18n<string> = {
    t: (key, vars) => lookup(key, vars) ?? key,
    lookup,
    add(zhPart, enPart) {
      Object.assign(texts['zh-CN'], zhPart)
      if (typeof enPart !== 'function') Object.assign(texts.en, enPart)
      else {
        pending.push(enPart)
        // a part that arrives while English is on (a page chunk) loads at once
        if (locale === 'en') loadAll().then(notify, () => {})
      }
      return i18n
    },
    scope(ns, zhPart, enPart) {
      const prefixed = (part: Messages) => {
        const out: Record<string, string> = {}
        for (const k in part) out[`${ns}.${k}`] = part[k]!
        return out
      }
      i18n.add(prefixed(zhPart), typeof enPart === 'function' ? () => enPart().then(prefixed) : prefixed(enPart))
      return (key, vars) => i18n.t(`${ns}.${key}`, vars)
    },
    getLocale: () => locale,
    setLocale(next) {
      // nothing to load: at once (the console's switch re-renders in the same tick)
      if (next === 'en' && (pending.length || loading)) return loadAll().then(() => switchTo(next))
      switchTo(next)
      return Promise.resolve()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
  return i18n.add(zh, en) as I18n<keyof Z & string>
}
