/**
 * Text PostgreSQL can store (docs/DECISIONS.md "Wire", text the database cannot store). Two characters a
 * JavaScript string can hold and PostgreSQL cannot: NUL (U+0000, refused by text and jsonb alike) and a lone
 * UTF-16 surrogate (half of an emoji; jsonb refuses its escape, text would silently become U+FFFD).
 * - NUL is REFUSED: no keyboard types it; it comes from broken clients or probes, and dropping it could change
 *   what an identifier or a code means. The refusal names the field.
 * - A lone surrogate is CLEANED to U+FFFD: it is what is left of an emoji a client cut in half (a max length
 *   slicing UTF-16 units), and the rest of the learner's text is worth keeping.
 * The server applies this to every request's query, params and body before validation (one hook); the app uses
 * the same rule where it must predict the server (the answer outbox). No Taro import: app and server share it.
 */

export const NUL = '\u0000'

/** True when `s` has a surrogate half without its partner. */
export function hasLoneSurrogate(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1)
      if (next >= 0xdc00 && next <= 0xdfff) i++
      else return true
    } else if (c >= 0xdc00 && c <= 0xdfff) return true
  }
  return false
}

/** `s` with every lone surrogate replaced by U+FFFD (pairs kept); the same string when there is none. */
export function wellFormed(s: string): string {
  if (!hasLoneSurrogate(s)) return s
  let out = ''
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1)
      if (next >= 0xdc00 && next <= 0xdfff) {
        out += s[i]! + s[i + 1]!
        i++
      } else out += '\ufffd'
    } else if (c >= 0xdc00 && c <= 0xdfff) out += '\ufffd'
    else out += s[i]!
  }
  return out
}

/** A field holding a character that cannot be stored: `path` is dotted (`answers.2.ques.answer`). */
export class UnstorableText extends Error {
  constructor(readonly path: string) {
    super(`${path || 'input'}: contains a NUL character (U+0000), which cannot be stored`)
  }
}

const MAX_DEPTH = 64

/**
 * The value with every string (and object key) made storable: lone surrogates cleaned, NUL refused by throwing
 * UnstorableText with the field's path. Returns the same value (no copy) when nothing needed cleaning.
 */
export function storable<T>(value: T, path = ''): T {
  return walk(value, path, 0) as T
}

function walk(v: unknown, path: string, depth: number): unknown {
  if (typeof v === 'string') {
    if (v.includes(NUL)) throw new UnstorableText(path)
    return wellFormed(v)
  }
  if (v === null || typeof v !== 'object' || depth > MAX_DEPTH) return v
  const at = (k: string | number) => (path ? `${path}.${k}` : String(k))
  if (Array.isArray(v)) {
    let copy: unknown[] | null = null
    for (let i = 0; i < v.length; i++) {
      const next = walk(v[i], at(i), depth + 1)
      if (next !== v[i]) {
        copy ??= [...v]
        copy[i] = next
      }
    }
    return copy ?? v
  }
  // only plain data (parsed JSON; a query object, whose prototype has no prototype): a class instance (an
  // upload body) is the server's own
  const proto = Object.getPrototypeOf(v)
  if (proto !== Object.prototype && proto !== null && Object.getPrototypeOf(proto) !== null) return v
  let changed = false
  const entries = Object.entries(v as Record<string, unknown>).map(([k, val]) => {
    if (k.includes(NUL)) throw new UnstorableText(at(k.split(NUL).join('\\0')))
    const key = wellFormed(k)
    const next = walk(val, at(key), depth + 1)
    if (key !== k || next !== val) changed = true
    return [key, next] as const
  })
  // fromEntries defines own properties: a key named __proto__ stays data
  return changed ? Object.fromEntries(entries) : v
}
