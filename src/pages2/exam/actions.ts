/** Navigation and confirmations shared by the exam pages. */
import Taro from '@tarojs/taro'
import { tx } from './messages'

export const go = (url: string) => {
  Taro.navigateTo({ url }).catch(() => undefined)
}

/** Before a NEW timed attempt: the clock will not stop. Resolves true to go on. */
export async function confirmStart(durationSeconds: number): Promise<boolean> {
  try {
    const r = await Taro.showModal({
      title: tx('start.confirmTitle'),
      content: tx('start.confirmContent', { minutes: Math.max(1, Math.round(durationSeconds / 60)) }),
      confirmText: tx('start.confirmOk'),
      cancelText: tx('modal.cancel'),
    })
    return !!r?.confirm
  } catch {
    return false
  }
}
