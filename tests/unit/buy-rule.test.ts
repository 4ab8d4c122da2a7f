/**
 * Issue 25 §1: where a school's `hideBuyState` hides buying (shared/rules/buy.ts). It is a platform rule (an iOS
 * mini-program may not sell virtual goods), so the school's website (H5) always sells and shows its prices.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { resetRequestState } from '@/services/http/request'
import { setTransport } from '@/services/http/transport'
import { useApp } from '@/store/app'
import { buyHidden, buyRule } from '../../shared/rules/buy'
import { fakeServer, ok, seedTenant } from './fake-server'

const env = vi.hoisted(() => ({ weapp: false, ios: false }))
vi.mock('@/services/tenant/buy-env', () => ({ buyEnv: () => ({ ...env }) }))

const initialApp = useApp.getState()
beforeEach(() => {
  resetRequestState()
  seedTenant()
  useApp.setState(initialApp, true)
  env.weapp = false
  env.ios = false
})
afterEach(() => setTransport(null))

const config = (flag: unknown) =>
  fakeServer({
    'GET /app/common/config': ok([{ configKey: 'client.config', configValue: JSON.stringify({ hideBuyState: flag }) }]),
  })

describe('hideBuyState: where buying is hidden', () => {
  it('the flag names a rule: iOS mini-program for true, every mini-program for "weapp"', () => {
    expect([undefined, false, 0, '0', 'no'].map(buyRule)).toEqual(Array(5).fill('everywhere'))
    expect([true, 1, '1', 'true', 'ios', 'IOS'].map(buyRule)).toEqual(Array(6).fill('notIosWeapp'))
    expect(buyRule('weapp')).toBe('notWeapp')
    const h5 = { weapp: false, ios: true }
    const iphone = { weapp: true, ios: true }
    const android = { weapp: true, ios: false }
    expect([buyHidden(true, h5), buyHidden(true, iphone), buyHidden(true, android)]).toEqual([false, true, false])
    expect([buyHidden('weapp', h5), buyHidden('weapp', iphone), buyHidden('weapp', android)]).toEqual([
      false,
      true,
      true,
    ])
  })

  it('the school website (H5) of a school with the flag sells: prices and buying stay', async () => {
    config(true)
    await useApp.getState().loadConfig()
    expect(useApp.getState().hideBuyState).toBe(false)
  })

  it('the mini-program on an iPhone of that school hides buying; on Android it sells', async () => {
    env.weapp = true
    env.ios = true
    config(true)
    await useApp.getState().loadConfig()
    expect(useApp.getState().hideBuyState).toBe(true)
    env.ios = false
    await useApp.getState().loadConfig()
    expect(useApp.getState().hideBuyState).toBe(false)
  })
})
