import type { MessageKey } from '@/i18n'

/** The five tabs (spec §2), in order; index = useApp.current. */
export const TABS: ReadonlyArray<{ path: string; label: MessageKey }> = [
  { path: '/pages/index/index', label: 'tab.home' },
  { path: '/pages/course/index', label: 'tab.course' },
  { path: '/pages/learn/index', label: 'tab.learn' },
  { path: '/pages/questionBank/index', label: 'tab.questionBank' },
  { path: '/pages/wd/index', label: 'tab.wd' },
]

export const SHOP_TAB = 1
export const MINE_TAB = 4

export function isTabPath(route: string): boolean {
  const p = route.startsWith('/') ? route : `/${route}`
  return TABS.some((t) => t.path === p.split('?')[0])
}
