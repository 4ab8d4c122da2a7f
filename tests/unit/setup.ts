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
