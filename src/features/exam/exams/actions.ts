/** Navigation shared by the exam pages (the exam page itself asks before a new attempt: pages5/exam/index). */
import Taro from '@tarojs/taro'

export const go = (url: string) => {
  Taro.navigateTo({ url }).catch(() => undefined)
}
