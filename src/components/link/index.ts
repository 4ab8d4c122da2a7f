import Taro from '@tarojs/taro'
import { isTabPath } from '@/components/tab-bar/tabs'
import { classifyLink } from '@/domain/link'
import { t } from '@/i18n'
import { tenantConfig } from '@/services/tenant/config'

export const WEBVIEW_PAGE = '/pages5/webview/index'

/** Open a configured link: an in-app page, a web page in the web-view page, or 'the link does not exist'. */
export function openLink(url: unknown): void {
  const target = classifyLink(url)
  if (target.kind === 'page') {
    if (isTabPath(target.path)) Taro.switchTab({ url: target.path.split('?')[0] })
    else Taro.navigateTo({ url: target.path })
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
