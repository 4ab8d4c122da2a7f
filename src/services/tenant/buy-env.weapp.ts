/** Mini-program: the device's system decides whether the iOS rule applies (shared/rules/buy.ts). */
import Taro from '@tarojs/taro'
import type { BuyEnv } from '../../../shared/rules/buy'

export function buyEnv(): BuyEnv {
  let system = ''
  try {
    const info = Taro.getSystemInfoSync()
    system = `${info.platform ?? ''} ${info.system ?? ''}`
  } catch {
    // unknown device: treated as iOS, the stricter rule (a sale where it is forbidden costs the school its app)
    return { weapp: true, ios: true }
  }
  return { weapp: true, ios: /ios|iphone|ipad/i.test(system) }
}
