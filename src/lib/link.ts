export type LinkTarget = { kind: 'page'; path: string } | { kind: 'web'; url: string } | { kind: 'none' }

const PAGE_RE = /^\/pages\d*\/[\w\-/]+(\?.*)?$/

/**
 * What a configured link (advert, home entry) opens: an in-app route (`/pages...`), an http(s) URL
 * (shown in the web-view page) or nothing usable ('the link does not exist').
 */
export function classifyLink(url: unknown): LinkTarget {
  if (typeof url !== 'string') return { kind: 'none' }
  const s = url.trim()
  if (!s) return { kind: 'none' }
  if (PAGE_RE.test(s)) return { kind: 'page', path: s }
  if (isHttpUrl(s)) return { kind: 'web', url: s }
  return { kind: 'none' }
}

// No URL global in the mini-program engine: a plain pattern (scheme, non-empty authority, no whitespace).
const HTTP_RE = /^https?:\/\/[^\s/?#:@]+(:\d+)?([/?#]\S*)?$/i

export function isHttpUrl(s: string): boolean {
  return HTTP_RE.test(s)
}
