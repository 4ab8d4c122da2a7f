/**
 * The console's own router: one path segment under /console/ names the page (the server answers every such path
 * with the console's index.html); the live console also takes `live/<channelId>/<sessionId>` (a session's room).
 * Links push history; back and forward re-render.
 */
import { type MouseEvent, type ReactNode, useSyncExternalStore } from 'react'

export const BASE = '/console/'
export const PAGES = [
  'overview',
  'refunds',
  'invoices',
  'certifications',
  'photos',
  'certificates',
  'accounts',
  'notices',
  'answers',
  'live',
] as const
export type PageName = (typeof PAGES)[number]

const listeners = new Set<() => void>()
const notify = () => {
  for (const l of listeners) l()
}
window.addEventListener('popstate', notify)

const restOf = (pathname: string) => (pathname.startsWith(BASE) ? pathname.slice(BASE.length).replace(/\/+$/, '') : '')
const LIVE_ROOM = /^live\/([1-9]\d{0,9})\/([1-9]\d{0,9})$/

export function pageOf(pathname: string): PageName | null {
  const rest = restOf(pathname)
  if (rest === '') return 'overview'
  if (LIVE_ROOM.test(rest)) return 'live'
  return (PAGES as readonly string[]).includes(rest) ? (rest as PageName) : null
}

/** The session a live room path names (`live/<channelId>/<sessionId>`), else null. */
export function liveRoomOf(pathname: string): { channelId: number; sessionId: number } | null {
  const m = LIVE_ROOM.exec(restOf(pathname))
  return m ? { channelId: Number(m[1]), sessionId: Number(m[2]) } : null
}

export const hrefOf = (page: PageName) => (page === 'overview' ? BASE : `${BASE}${page}`)
export const liveRoomHref = (channelId: number, sessionId: number) => `${BASE}live/${channelId}/${sessionId}`

export function navigate(page: PageName, replace = false): void {
  navigateTo(hrefOf(page), replace)
}

/** Goes to a console path (one of hrefOf / liveRoomHref). */
export function navigateTo(href: string, replace = false): void {
  if (location.pathname === href) return
  if (replace) history.replaceState(null, '', href)
  else history.pushState(null, '', href)
  notify()
}

const subscribe = (cb: () => void) => {
  listeners.add(cb)
  return () => {
    listeners.delete(cb)
  }
}

/** The page the address names (null: a path the console does not know). */
export function usePage(): PageName | null {
  return useSyncExternalStore(subscribe, () => pageOf(location.pathname))
}

/** The address's path (re-renders on every navigation). */
export function usePath(): string {
  return useSyncExternalStore(subscribe, () => location.pathname)
}

export function Link(props: {
  to: PageName
  /** a deeper path of that page (e.g. liveRoomHref) */
  href?: string
  className?: string
  children: ReactNode
  current?: boolean
}) {
  const href = props.href ?? hrefOf(props.to)
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return
    e.preventDefault()
    navigateTo(href)
  }
  return (
    <a href={href} className={props.className} aria-current={props.current ? 'page' : undefined} onClick={onClick}>
      {props.children}
    </a>
  )
}
