import Taro from '@tarojs/taro'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError, request, resetRequestState } from '@/services/http/request'
import { setTransport } from '@/services/http/transport'
import { storage } from '@/services/storage'
import { tenantConfig } from '@/services/tenant/config'
import { getTenantId } from '@/services/tenant/index'
import { deferred, fakeServer, flush, ok } from './fake-server'

const LOOKUP = 'GET /app/common/findTenantId'

beforeEach(() => resetRequestState())
afterEach(() => {
  setTransport(null)
  vi.unstubAllGlobals()
})

describe('tenant file', () => {
  it('falls back to the demo-a values without a build-time TENANT_CONFIG', () => {
    expect(tenantConfig).toMatchObject({ apiBase: '/api', tenantId: '1001', fallbackHost: 'a.xuexi-demo.com' })
  })
})

describe('getTenantId (H5)', () => {
  it('localhost uses the fallback host, without token or tenant headers, and caches the id per host', async () => {
    storage.set('token', 'tok')
    const srv = fakeServer({ [LOOKUP]: ok('1001') })
    await expect(getTenantId()).resolves.toBe('1001')
    expect(srv.calls[0].query.get('hostH5')).toBe('a.xuexi-demo.com')
    expect(srv.calls[0].header).toEqual({})
    expect(storage.get('tenant_ids')).toEqual({ 'a.xuexi-demo.com': '1001' })
    await expect(getTenantId()).resolves.toBe('1001')
    expect(srv.count(LOOKUP)).toBe(1)
  })

  it('a valid domain is looked up as itself', async () => {
    vi.stubGlobal('location', { hostname: 'b.xuexi-demo.cn' })
    const srv = fakeServer({ [LOOKUP]: ok('1002') })
    await expect(getTenantId()).resolves.toBe('1002')
    expect(srv.calls[0].query.get('hostH5')).toBe('b.xuexi-demo.cn')
  })

  it('an IP address uses the fallback host', async () => {
    vi.stubGlobal('location', { hostname: '192.168.1.20' })
    const srv = fakeServer({ [LOOKUP]: ok('1001') })
    await getTenantId()
    expect(srv.calls[0].query.get('hostH5')).toBe('a.xuexi-demo.com')
  })

  it('the cache is per host', async () => {
    storage.set('tenant_ids', { 'a.xuexi-demo.com': '1001' })
    vi.stubGlobal('location', { hostname: 'b.xuexi-demo.cn' })
    const srv = fakeServer({ [LOOKUP]: ok('1002') })
    await expect(getTenantId()).resolves.toBe('1002')
    expect(storage.get('tenant_ids')).toEqual({ 'a.xuexi-demo.com': '1001', 'b.xuexi-demo.cn': '1002' })
    expect(srv.count(LOOKUP)).toBe(1)
  })

  it('takes the id the server wrote into the page for this host, without a lookup, and keeps it', async () => {
    vi.stubGlobal('location', { hostname: 'b.xuexi-demo.cn' })
    vi.stubGlobal('__TENANT_IDS__', { 'b.xuexi-demo.cn': '1002' })
    storage.set('tenant_ids', { 'b.xuexi-demo.cn': '1009' }) // an older answer: the host moved since
    const srv = fakeServer({ [LOOKUP]: ok('1002') })
    await expect(getTenantId()).resolves.toBe('1002')
    expect(srv.count(LOOKUP)).toBe(0)
    expect(storage.get('tenant_ids')).toEqual({ 'b.xuexi-demo.cn': '1002' })
  })

  it("ignores the page's id for another host (localhost uses the fallback host) and asks", async () => {
    vi.stubGlobal('__TENANT_IDS__', { 'b.xuexi-demo.cn': '1002' })
    const srv = fakeServer({ [LOOKUP]: ok('1001') })
    await expect(getTenantId()).resolves.toBe('1001')
    expect(srv.count(LOOKUP)).toBe(1)
  })

  it('concurrent callers share one lookup', async () => {
    const gate = deferred<void>()
    const srv = fakeServer({
      [LOOKUP]: async () => {
        await gate.promise
        return ok('1001')
      },
    })
    const all = Promise.all([getTenantId(), getTenantId(), getTenantId()])
    await flush()
    gate.resolve()
    await expect(all).resolves.toEqual(['1001', '1001', '1001'])
    expect(srv.count(LOOKUP)).toBe(1)
  })

  it.each([
    ['a network failure', 'fail' as const],
    ['an error code', { code: 500, msg: 'x' }],
    ['an empty id', ok('')],
  ])('%s toasts "request interface failed", rejects, and is retried next time', async (_name, reply) => {
    const srv = fakeServer({ [LOOKUP]: reply })
    await expect(getTenantId()).rejects.toBeInstanceOf(ApiError)
    expect(Taro.showToast).toHaveBeenCalledWith(expect.objectContaining({ title: '请求接口失败' }))
    expect(storage.get('tenant_ids')).toBeNull()
    await expect(getTenantId()).rejects.toBeInstanceOf(ApiError)
    expect(srv.count(LOOKUP)).toBe(2)
  })

  it('requests carry the looked-up id; a failed lookup fails the request with one toast', async () => {
    const srv = fakeServer({ [LOOKUP]: ok('1001'), 'GET /x': ok(1) })
    await request({ url: '/x' })
    expect(srv.of('GET /x')[0].header['tenant-id']).toBe('1001')

    storage.remove('tenant_ids')
    fakeServer({ [LOOKUP]: 'fail' })
    await expect(request({ url: '/x' })).rejects.toBeInstanceOf(ApiError)
    expect(Taro.showToast).toHaveBeenCalledTimes(1)
    expect(Taro.showToast).toHaveBeenCalledWith(expect.objectContaining({ title: '请求接口失败' }))
  })
})
