import Taro from '@tarojs/taro'
import { isTabPath } from '@/components/tab-bar/tabs'
import { t } from '@/i18n'
import { classifyLink } from '@/lib/link'
import { tenantConfig } from '@/services/tenant/config'

export const WEBVIEW_PAGE = '/pages5/webview/index'

/**
 * The not-found page: the web-view page without a usable link ('the link does not exist', spec §5) shows a
 * nav bar, the message and the ways back and home. `missing` names the route that was asked for.
 */
export const NOT_FOUND_PAGE = WEBVIEW_PAGE

export function notFoundUrl(missing?: string): string {
  const path = String(missing ?? '').slice(0, 200)
  return path ? `${NOT_FOUND_PAGE}?missing=${encodeURIComponent(path)}` : NOT_FOUND_PAGE
}

/**
 * A tab page cannot take a query (switchTab drops it), so a link's query for a tab page waits here until the
 * tab shows and takes it (e.g. the shop filtered to live goods: `/pages/course/index?goodsType=3`).
 */
const tabQueries = new Map<string, Record<string, string>>()

export function parseQuery(search: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const part of search.replace(/^\?/, '').split('&')) {
    if (!part) continue
    const [k, v = ''] = part.split('=')
    try {
      out[decodeURIComponent(k!)] = decodeURIComponent(v)
    } catch {
      out[k!] = v
    }
  }
  return out
}

/** The query a link left for this tab page (once), or null. */
export function takeTabQuery(path: string): Record<string, string> | null {
  const q = tabQueries.get(path) ?? null
  tabQueries.delete(path)
  return q
}

function openPage(path: string): void {
  const [route, search = ''] = path.split('?')
  if (isTabPath(route!)) {
    if (search) tabQueries.set(route!, parseQuery(search))
    Taro.switchTab({ url: route! })
    return
  }
  // weapp refuses a route it does not have; H5's router sends it to the not-found page (src/app.tsx)
  Promise.resolve(Taro.navigateTo({ url: path })).catch(() => Taro.navigateTo({ url: notFoundUrl(route) }))
}

/** The tenant's documents shown by the article page: its user agreement and privacy policy (tenant config). */
export type TenantDoc = 'agreement.service' | 'agreement.privacy'
export const TENANT_DOCS: readonly TenantDoc[] = ['agreement.service', 'agreement.privacy']

export const docUrl = (key: TenantDoc) => `/pages3/news/detail?doc=${key}`

/** Open a configured link: an in-app page, a web page in the web-view page, or 'the link does not exist'. */
export function openLink(url: unknown): void {
  const target = classifyLink(url)
  if (target.kind === 'page') {
    openPage(target.path)
  } else if (target.kind === 'web') {
    Taro.navigateTo({ url: `${WEBVIEW_PAGE}?url=${encodeURIComponent(target.url)}` })
  } else {
    Taro.showToast({ title: t('error.linkMissing'), icon: 'none', duration: 2000 })
  }
}

/** Image paths from the API may be relative to the tenant's image base. */
export function imageUrl(src: string | null | undefined): string {
  if (!src) return ''
  if (/^(https?:)?\/\//i.test(src) || src.startsWith('data:')) return src
  return `${tenantConfig.imageBase}${src}`
}
