import Taro from '@tarojs/taro'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { accountLogin, dualAuth, sendSms } from '@/services/api/account'
import { call } from '@/services/api/call'
import { cartTotal, consultationDetail, consultationList, getConfig } from '@/services/api/common'
import { lockAction, lockStatus, offline } from '@/services/api/lock'
import { getInfo } from '@/services/api/user'
import { ApiError, resetRequestState } from '@/services/http/request'
import { setTransport } from '@/services/http/transport'
import { deviceUuid, storage } from '@/services/storage'
import { useSession } from '@/store/session'
import { fakeServer, ok, seedTenant } from './fake-server'

beforeEach(() => {
  resetRequestState()
  seedTenant()
  useSession.getState().setLogin({ token: 'tok', userAccount: 'u1' })
})
afterEach(() => setTransport(null))

describe('call', () => {
  it('fills :params (encoded), and public routes send no token', async () => {
    const srv = fakeServer({ 'GET /app/consultation/details/5': ok({ id: 5 }) })
    await expect(consultationDetail(5)).resolves.toEqual({ id: 5 })
    expect(srv.calls[0].header).toEqual({ 'tenant-id': '1001', 'Accept-Language': 'zh-CN' })
    const srv2 = fakeServer({})
    await call('GET /refreshToken/:account', { params: { account: 'a b/c' } }).catch(() => undefined)
    expect(srv2.calls[0].path).toBe('/refreshToken/a%20b%2Fc')
  })

  it('a missing path parameter throws before any request', () => {
    const srv = fakeServer({})
    expect(() => call('GET /app/consultation/details/:id', { params: {} as { id: number } })).toThrow(/id/)
    expect(srv.calls).toHaveLength(0)
  })

  it('GET input goes to the query, private routes send the token', async () => {
    const srv = fakeServer({ 'GET /app/user/getInfo': ok({ userId: 1 }) })
    await getInfo()
    expect(srv.calls[0].query.get('fromPlat')).toBe('1')
    expect(srv.calls[0].header.Authorization).toBe('Bearer tok')
  })

  it('paged lists send pageNum and pageSize', async () => {
    const srv = fakeServer({ 'GET /app/consultation/list': ok({ rows: [], total: 0 }) })
    await consultationList(2, 20)
    expect(srv.calls[0].url).toBe('/api/app/consultation/list?pageNum=2&pageSize=20')
  })

  it('quiet routes show no mask; options override the route flags', async () => {
    fakeServer({ 'POST /lock/lockAction': ok(), 'GET /app/common/config': ok([]) })
    await lockAction()
    expect(Taro.showLoading).not.toHaveBeenCalled()
    await getConfig()
    expect(Taro.showLoading).toHaveBeenCalledTimes(1)
    await getConfig(undefined, { noLoading: true })
    expect(Taro.showLoading).toHaveBeenCalledTimes(1)
  })
})

describe('typed functions', () => {
  it('sendSms posts to the scene path', async () => {
    const srv = fakeServer({ 'POST /app/common/sms/bindNew': ok(), 'POST /app/common/sms/login': ok() })
    await sendSms('bindNew', '13800138000')
    await sendSms('login', '13800138001')
    expect(srv.calls.map((c) => [c.key, c.data])).toEqual([
      ['POST /app/common/sms/bindNew', { telPhone: '13800138000' }],
      ['POST /app/common/sms/login', { telPhone: '13800138001' }],
    ])
  })

  it('logins carry the device uuid', async () => {
    const srv = fakeServer({
      'POST /app/common/account_login': ok({ token: 't', userAccount: 'a', newUser: false }),
      'GET /app/common/dual_auth': ok({ token: 't', userAccount: 'a', newUser: false }),
    })
    await accountLogin({ account: 'a', password: 'p', code: 'c', uuid: 'cap' })
    await dualAuth('sign-0123456789')
    expect(srv.calls[0].data).toMatchObject({ account: 'a', uuid: 'cap', deviceUuid: deviceUuid() })
    expect(srv.calls[0].header).toEqual({ 'tenant-id': '1001', 'Accept-Language': 'zh-CN' })
    expect(srv.calls[1].query.get('sign')).toBe('sign-0123456789')
    expect(srv.calls[1].query.get('deviceUuid')).toBe(deviceUuid())
  })

  it('lock calls send action jxjy and this device uuid', async () => {
    const srv = fakeServer({ 'POST /lock/lockAction': ok(), 'POST /app/user/offline': ok() })
    await lockAction()
    await offline()
    expect(srv.calls[0].data).toEqual({ action: 'jxjy', uuid: deviceUuid() })
    expect(srv.calls[1].data).toEqual({ uuid: deviceUuid() })
  })

  it('lockStatus: 200 busy, 500 free (no toast), other codes reject', async () => {
    fakeServer({ 'POST /lock/lockStatus': ok() })
    await expect(lockStatus()).resolves.toBe('busy')
    fakeServer({ 'POST /lock/lockStatus': { code: 500, msg: 'free' } })
    await expect(lockStatus()).resolves.toBe('free')
    expect(Taro.showToast).not.toHaveBeenCalled()
    fakeServer({ 'POST /lock/lockStatus': { code: 403 } })
    await expect(lockStatus()).rejects.toBeInstanceOf(ApiError)
  })

  it('cartTotal: the total of the cart list; a failure rejects without a toast (a badge is no reason to alarm)', async () => {
    fakeServer({ 'GET /base/cart/list': ok({ rows: [], total: 4 }) })
    await expect(cartTotal()).resolves.toBe(4)
    fakeServer({ 'GET /base/cart/list': { code: 500, msg: 'boom' } })
    await expect(cartTotal()).rejects.toBeInstanceOf(ApiError)
    expect(Taro.showToast).not.toHaveBeenCalled()
  })
})

describe('storage adapter', () => {
  it('round-trips values and answers null for a missing key', () => {
    expect(storage.get('scene')).toBeNull()
    storage.set('tenant_ids', { h: '1' })
    expect(storage.get('tenant_ids')).toEqual({ h: '1' })
    storage.remove('tenant_ids')
    expect(storage.get('tenant_ids')).toBeNull()
  })

  it('deviceUuid is generated once and kept', () => {
    const id = deviceUuid()
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(deviceUuid()).toBe(id)
    expect(storage.get('uuid')).toBe(id)
  })
})
