import Taro from '@tarojs/taro'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { resetRequestState } from '@/services/http/request'
import { setTransport } from '@/services/http/transport'
import { afterLogin, exchangeSign, HEARTBEAT_MS, logout, restoreSession, stopHeartbeat } from '@/services/session'
import { storage } from '@/services/storage'
import { useApp } from '@/store/app'
import { useSession } from '@/store/session'
import { fakeServer, ok, type Reply, seedTenant, user } from './fake-server'

const result = { token: 'tok', userAccount: 'u1', newUser: true }

function server(lock: Reply) {
  return fakeServer({
    'POST /lock/lockStatus': lock,
    'POST /lock/lockAction': ok(),
    'POST /app/user/offline': ok(),
    'POST /lock/delLock': ok(),
    'GET /app/user/getInfo': ok(user),
    'GET /app/user/infoAttached': ok({ informSum: 1, orderSum: 1, periodSum: 0, planSum: 0, subscribeSum: 0 }),
    'GET /base/cart/list': ok({ rows: [], total: 0 }),
    'GET /app/common/dual_auth': ok(result),
  })
}

beforeEach(() => {
  resetRequestState()
  seedTenant()
  useSession.getState().clear()
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
})
afterEach(() => {
  stopHeartbeat()
  vi.useRealTimers()
  setTransport(null)
})

describe('afterLogin', () => {
  it('free lock: stores the session, claims the lock, loads user and badges, keeps the lock alive', async () => {
    const srv = server({ code: 500, msg: 'free' })
    await expect(afterLogin(result)).resolves.toBe(true)
    expect(storage.get('user_account')).toBe('u1')
    expect(storage.get('token')).toBe('tok')
    expect(storage.get('new_user')).toBe(true)
    expect(Taro.showModal).not.toHaveBeenCalled()
    expect(srv.count('POST /app/user/offline')).toBe(0)
    expect(srv.count('POST /lock/lockAction')).toBe(1)
    expect(useSession.getState().userInfo).toEqual(user)
    // the badge counts what the learner can open: the pending order and the unread message (pages2/msg)
    expect(useApp.getState().tabNums).toBe(2)
    expect(srv.of('GET /app/user/getInfo')[0].header.Authorization).toBe('Bearer tok')

    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS * 2)
    expect(srv.count('POST /lock/lockAction')).toBe(3)
  })

  it('busy lock + confirm: takes the other device offline, then proceeds', async () => {
    const srv = server(ok())
    vi.mocked(Taro.showModal).mockResolvedValue({ confirm: true, cancel: false } as never)
    await expect(afterLogin(result)).resolves.toBe(true)
    expect(Taro.showModal).toHaveBeenCalledWith(
      expect.objectContaining({ content: '该账号正在其他设备上使用，是否将其下线并继续登录？' }),
    )
    const order = srv.calls.map((c) => c.key)
    expect(order.indexOf('POST /app/user/offline')).toBeGreaterThan(order.indexOf('POST /lock/lockStatus'))
    expect(order.indexOf('POST /lock/lockAction')).toBeGreaterThan(order.indexOf('POST /app/user/offline'))
    expect(storage.get('user_account')).toBe('u1')
  })

  it('busy lock + cancel: drops the new session and stays put', async () => {
    const srv = server(ok())
    vi.mocked(Taro.showModal).mockResolvedValue({ confirm: false, cancel: true } as never)
    await expect(afterLogin(result)).resolves.toBe(false)
    expect(storage.get('user_account')).toBeNull()
    expect(storage.get('token')).toBeNull()
    expect(srv.count('POST /app/user/offline')).toBe(0)
    expect(srv.count('POST /lock/lockAction')).toBe(0)
    expect(srv.count('GET /app/user/getInfo')).toBe(0)
    expect(Taro.reLaunch).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS * 2)
    expect(srv.count('POST /lock/lockAction')).toBe(0)
  })

  it('busy lock + the modal cannot show: drops the new session instead of keeping it half logged in', async () => {
    const srv = server(ok())
    vi.mocked(Taro.showModal).mockRejectedValue({ errMsg: 'showModal:fail confirmText length' } as never)
    await expect(afterLogin(result)).rejects.toBeTruthy()
    expect(storage.get('user_account')).toBeNull()
    expect(storage.get('token')).toBeNull()
    expect(srv.count('POST /app/user/offline')).toBe(0)
    expect(srv.count('POST /lock/lockAction')).toBe(0)
  })

  it('exchangeSign trades a skip-login sign for a session', async () => {
    const srv = server({ code: 500 })
    await expect(exchangeSign('sign-0123456789')).resolves.toBe(true)
    expect(srv.of('GET /app/common/dual_auth')[0].query.get('sign')).toBe('sign-0123456789')
    expect(storage.get('token')).toBe('tok')
  })
})

describe('logout', () => {
  it('releases the lock, clears the session, stops the heartbeat and relaunches home', async () => {
    const srv = server({ code: 500 })
    await afterLogin(result)
    storage.set('h5_code', 'c')
    await logout()
    expect(srv.count('POST /lock/delLock')).toBe(1)
    expect(storage.get('user_account')).toBeNull()
    expect(storage.get('token')).toBeNull()
    expect(storage.get('h5_code')).toBeNull()
    expect(useSession.getState().userInfo).toBeNull()
    expect(Taro.reLaunch).toHaveBeenCalledWith({ url: '/pages/index/index' })
    const before = srv.count('POST /lock/lockAction')
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS * 3)
    expect(srv.count('POST /lock/lockAction')).toBe(before)
  })

  it('still logs out when delLock fails', async () => {
    useSession.getState().setLogin({ token: 'tok', userAccount: 'u1' })
    fakeServer({ 'POST /lock/delLock': 'fail' })
    await logout()
    expect(storage.get('user_account')).toBeNull()
    expect(Taro.reLaunch).toHaveBeenCalledWith({ url: '/pages/index/index' })
    expect(Taro.showToast).not.toHaveBeenCalled()
  })
})

describe('restoreSession', () => {
  it('does nothing when logged out', async () => {
    const srv = server({ code: 500 })
    await expect(restoreSession()).resolves.toBe(false)
    expect(srv.calls).toHaveLength(0)
  })

  it('renews the lock quietly and reloads the user when logged in', async () => {
    useSession.getState().setLogin({ token: 'tok', userAccount: 'u1' })
    const srv = server({ code: 500 })
    await expect(restoreSession()).resolves.toBe(true)
    expect(srv.count('POST /lock/lockAction')).toBe(1)
    expect(useSession.getState().userInfo).toEqual(user)
    expect(Taro.showLoading).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS)
    expect(srv.count('POST /lock/lockAction')).toBe(2)
  })
})
