/**
 * A test double for @tarojs/taro: in-memory storage (values JSON round-tripped like Taro's), spies for
 * the UI and navigation APIs, a small event center. Anything else falls through to the real module.
 */
import { useEffect, useRef } from 'react'
import { vi } from 'vitest'

export const memoryStorage = new Map<string, string>()

type Handler = (...args: unknown[]) => void

class EventCenter {
  private handlers = new Map<string, Handler[]>()
  on(name: string, fn: Handler) {
    this.handlers.set(name, [...(this.handlers.get(name) ?? []), fn])
    return this
  }
  off(name?: string, fn?: Handler) {
    if (name === undefined) this.handlers.clear()
    else if (!fn) this.handlers.delete(name)
    else
      this.handlers.set(
        name,
        (this.handlers.get(name) ?? []).filter((h) => h !== fn),
      )
    return this
  }
  trigger(name: string, ...args: unknown[]) {
    for (const h of this.handlers.get(name) ?? []) h(...args)
    return this
  }
}

// ---- router and page lifecycle hooks (component tests) -----------------------------------------

const router = { path: '/pages/index/index', params: {} as Record<string, string> }

/** What useRouter / useLoad / getCurrentInstance see in the next render. */
export function setRouter(path: string, params: Record<string, string> = {}): void {
  router.path = path
  router.params = params
}

type PageEvent =
  | 'pullDownRefresh'
  | 'reachBottom'
  | 'pageScroll'
  | 'shareAppMessage'
  | 'tabItemTap'
  | 'resize'
  | 'didShow'
  | 'didHide'
const pageHandlers = new Map<PageEvent, Set<(...args: unknown[]) => unknown>>()

/** Fire a page event (e.g. 'reachBottom') to every mounted hook listening for it. */
export async function firePageEvent(name: PageEvent, ...args: unknown[]): Promise<void> {
  for (const fn of [...(pageHandlers.get(name) ?? [])]) await fn(...args)
}

function usePageEvent(name: PageEvent, fn: (...args: unknown[]) => unknown, runOnMount = false) {
  const ref = useRef(fn)
  ref.current = fn
  useEffect(() => {
    const h = (...args: unknown[]) => ref.current(...args)
    const set = pageHandlers.get(name) ?? new Set()
    set.add(h)
    pageHandlers.set(name, set)
    if (runOnMount) h()
    return () => {
      set.delete(h)
    }
  }, [name, runOnMount])
}

function useMount(fn: () => unknown) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per mount, like a page's onLoad
  useEffect(() => {
    fn()
  }, [])
}

function useUnmount(fn: () => unknown) {
  const ref = useRef(fn)
  ref.current = fn
  useEffect(() => () => void ref.current(), [])
}

export function resetPage(): void {
  setRouter('/pages/index/index')
  pageHandlers.clear()
}

const hooks = {
  useRouter: () => ({ path: router.path, params: router.params }),
  getCurrentInstance: () => ({ router: { path: router.path, params: router.params }, page: null }),
  useLoad: (fn: (params: Record<string, string>) => unknown) => useMount(() => fn(router.params)),
  useReady: (fn: () => unknown) => useMount(fn),
  useLaunch: (fn: (opts: unknown) => unknown) => useMount(() => fn({ path: router.path, query: router.params })),
  useDidShow: (fn: () => unknown) => usePageEvent('didShow', fn, true),
  useDidHide: (fn: () => unknown) => usePageEvent('didHide', fn),
  useUnload: (fn: () => unknown) => useUnmount(fn),
  usePullDownRefresh: (fn: () => unknown) => usePageEvent('pullDownRefresh', fn),
  useReachBottom: (fn: () => unknown) => usePageEvent('reachBottom', fn),
  usePageScroll: (fn: (...a: unknown[]) => unknown) => usePageEvent('pageScroll', fn),
  useShareAppMessage: (fn: (...a: unknown[]) => unknown) => usePageEvent('shareAppMessage', fn),
  useTabItemTap: (fn: (...a: unknown[]) => unknown) => usePageEvent('tabItemTap', fn),
  useResize: (fn: (...a: unknown[]) => unknown) => usePageEvent('resize', fn),
}

const ok = () => vi.fn(async (_opts?: unknown) => ({ errMsg: 'ok' }))

export function createTaroDouble(actual: Record<string, unknown>) {
  return {
    ...actual,
    ...hooks,
    stopPullDownRefresh: ok(),
    pageScrollTo: ok(),
    setNavigationBarTitle: ok(),
    makePhoneCall: ok(),
    previewImage: ok(),
    setClipboardData: ok(),
    getStorageSync: vi.fn((key: string): unknown => {
      const raw = memoryStorage.get(key)
      return raw === undefined ? '' : JSON.parse(raw)
    }),
    setStorageSync: vi.fn((key: string, value: unknown) => {
      memoryStorage.set(key, JSON.stringify(value))
    }),
    removeStorageSync: vi.fn((key: string) => {
      memoryStorage.delete(key)
    }),
    clearStorageSync: vi.fn(() => memoryStorage.clear()),
    showToast: ok(),
    showLoading: ok(),
    hideLoading: ok(),
    hideToast: ok(),
    showModal: vi.fn(async (_opts?: unknown) => ({ confirm: true, cancel: false, errMsg: 'ok' })),
    navigateTo: ok(),
    redirectTo: ok(),
    switchTab: ok(),
    reLaunch: ok(),
    navigateBack: ok(),
    getCurrentPages: vi.fn((): { route: string }[] => []),
    request: vi.fn(async () => {
      throw new Error('Taro.request is not used in unit tests: swap the transport with setTransport')
    }),
    eventCenter: new EventCenter(),
  }
}

/**
 * The `@tarojs/taro` double of a page's test: the shared double with the router's params (a getter: the factory runs
 * before the test file's own constants exist), `useDidShow` run once on mount like a page's first show, a status bar
 * of 0, and what else the test needs (`extra`):
 * `vi.mock('@tarojs/taro', async (io) => (await import('../unit/taro-double')).pageTaro(io, () => routerParams))`.
 */
export async function pageTaro(
  importOriginal: () => Promise<unknown>,
  params: () => Record<string, string> = () => ({}),
  extra: Record<string, unknown> = {},
) {
  let actual: Record<string, unknown> = {}
  try {
    const mod = (await importOriginal()) as { default?: Record<string, unknown> }
    actual = mod.default ?? (mod as Record<string, unknown>)
  } catch {
    actual = {}
  }
  const Taro = {
    ...createTaroDouble(actual),
    useRouter: () => ({ params: params(), path: '' }),
    // biome-ignore lint/correctness/useExhaustiveDependencies: the first show only
    useDidShow: (fn: () => void) => useEffect(fn, []),
    getSystemInfoSync: () => ({ statusBarHeight: 0 }),
    ...extra,
  }
  return { ...Taro, default: Taro }
}
