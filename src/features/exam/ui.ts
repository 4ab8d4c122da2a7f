/**
 * What the exam, appointment and mock-exam pages share: how times read, and going back to a page that may be
 * below in the stack (pages2 and pages5 both use it, so it lives outside either subpackage).
 */
import Taro from '@tarojs/taro'
import { isTabPath } from '@/components/tab-bar/tabs'
import { formatDate, formatRange } from '@/lib/datetime'

/** 03-01 09:00 (2025-03-01 09:00 when not this year: src/lib/datetime.ts) */
export const dateTime = (sec: number) => formatDate(sec, { time: true })
/** a document's date (a certificate's issue): always with its year */
export const dateOnly = (sec: number) => formatDate(sec, { year: 'always' })

/** 03-01 09:00-11:00 on one day, else both ends; the year on both when the span crosses one. */
export const timeRange = (start: number, end: number) => formatRange(start, end)

/** Back to `url`'s page when it is below in the stack, else open it in place of this page (tabs switch). */
export function backTo(url: string): void {
  const route = (u: string) => u.replace(/^\//, '').split('?')[0]
  const pages = Taro.getCurrentPages()
  const i = pages.map((p) => route(p.route ?? '')).lastIndexOf(route(url))
  if (i >= 0 && i < pages.length - 1) Taro.navigateBack({ delta: pages.length - 1 - i })
  else if (isTabPath(url)) Taro.switchTab({ url: url.split('?')[0] ?? url })
  else Taro.redirectTo({ url })
}
