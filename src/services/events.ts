/** App-wide event names over Taro.eventCenter (DECISIONS.md, Events). */
import Taro from '@tarojs/taro'

export const EVENTS = { pause: 'app:pause', backTop: 'shop:backTop' } as const

export type EventName = (typeof EVENTS)[keyof typeof EVENTS]
// biome-ignore lint/suspicious/noExplicitAny: listeners take whatever the emitter passes
type Listener = (...args: any[]) => void

export function emit(name: EventName, ...args: unknown[]): void {
  Taro.eventCenter.trigger(name, ...args)
}

export function on(name: EventName, fn: Listener): void {
  Taro.eventCenter.on(name, fn)
}

export function off(name: EventName, fn: Listener): void {
  Taro.eventCenter.off(name, fn)
}
