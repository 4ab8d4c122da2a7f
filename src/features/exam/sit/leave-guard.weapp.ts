/** Mini-program: the back gesture and the system back key ask first while a timed exam runs. */
import Taro from '@tarojs/taro'

export function enableLeaveGuard(message: string): void {
  try {
    Taro.enableAlertBeforeUnload({ message })
  } catch {
    // older base library: the nav bar's own confirm still asks
  }
}

export function disableLeaveGuard(): void {
  try {
    Taro.disableAlertBeforeUnload()
  } catch {
    // idem
  }
}
