import { beforeEach, vi } from 'vitest'
import { memoryStorage, resetPage } from './taro-double'

vi.mock('@tarojs/taro', async (importOriginal) => {
  const { createTaroDouble } = await import('./taro-double')
  let actual: Record<string, unknown> = {}
  try {
    const mod = (await importOriginal()) as { default?: Record<string, unknown> }
    actual = mod.default ?? (mod as Record<string, unknown>)
  } catch {
    actual = {}
  }
  const Taro = createTaroDouble(actual)
  return { ...Taro, default: Taro }
})

beforeEach(() => {
  memoryStorage.clear()
  resetPage()
  vi.resetAllMocks()
})

// jsdom has no IntersectionObserver; Taro's H5 Image (lazy loading) asks for one when it mounts.
if (typeof globalThis.IntersectionObserver === 'undefined') {
  class NoIntersectionObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return []
    }
  }
  Object.defineProperty(globalThis, 'IntersectionObserver', { value: NoIntersectionObserver, configurable: true })
}
