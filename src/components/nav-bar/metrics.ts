import Taro from '@tarojs/taro'

export interface NavMetrics {
  statusBar: number
  bar: number
}

let cached: NavMetrics | null = null

/** Status-bar height and a bar height lined up with the capsule button (mini-program), in px. */
export function navMetrics(): NavMetrics {
  if (cached) return cached
  let statusBar = 0
  let bar = 44
  try {
    statusBar = Taro.getSystemInfoSync().statusBarHeight || 0
    if (process.env.TARO_ENV === 'weapp') {
      const rect = Taro.getMenuButtonBoundingClientRect()
      if (rect?.height) bar = (rect.top - statusBar) * 2 + rect.height
    }
  } catch {
    // keep defaults
  }
  cached = { statusBar, bar }
  return cached
}
