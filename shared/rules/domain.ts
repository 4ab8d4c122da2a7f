/** Top-level domains a page host may end in (DECISIONS.md, Tenants). Two-part ones first. */
export const TLDS = [
  'com.cn',
  'net.cn',
  'org.cn',
  'edu.cn',
  'gov.cn',
  'com',
  'cn',
  'net',
  'org',
  'edu',
  'gov',
  'info',
  'top',
  'vip',
  'xyz',
  'cc',
  'io',
] as const

const LABEL_RE = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/

/**
 * True when `host` is dot-separated labels ending in a listed TLD with at least one label before it.
 * localhost, IP addresses and unknown TLDs are not valid (the tenant file's fallback host is used).
 */
export function isValidDomain(host: unknown): boolean {
  if (typeof host !== 'string' || host.length === 0 || host.length > 253) return false
  const h = host.toLowerCase()
  const labels = h.split('.')
  if (labels.some((l) => !LABEL_RE.test(l))) return false
  // the longest listed suffix decides, so a bare 'com.cn' is a suffix, not a domain
  const tld = TLDS.find((t) => h === t || h.endsWith(`.${t}`))
  return tld !== undefined && labels.length > tld.split('.').length
}
