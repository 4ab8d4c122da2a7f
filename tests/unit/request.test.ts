import Taro from '@tarojs/taro'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { setLocale } from '@/i18n'
import { ApiError, hideLoading, request, resetRequestState } from '@/services/http/request'
import { setTransport } from '@/services/http/transport'
import { storage } from '@/services/storage'
import { useSession } from '@/store/session'
import { deferred, fakeServer, flush, ok, seedTenant } from './fake-server'

vi.mock('@/services/http/redirect', () => ({ openExternal: vi.fn() }))
const { openExternal } = await import('@/services/http/redirect')

const LOGIN = '/pages4/login/login'

function login(token = 'old', account = 'u1') {
  useSession.getState().setLogin({ token, userAccount: account })
}

async function rejection(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError)
    return e as ApiError
  }
  throw new Error('expected a rejection')
}

beforeEach(() => {
  resetRequestState()
  useSession.getState().clear()
  seedTenant()
})

afterEach(() => {
  setTransport(null)
  void setLocale('zh-CN')
})

describe('headers and URL', () => {
  it('sends the tenant id and the bearer token, prefixes apiBase and builds the query', async () => {
    login('tok')
    const srv = fakeServer({ 'GET /app/user/getInfo': ok({ userId: 7 }) })
    const data = await request<{ userId: number }>({
      url: '/app/user/getInfo',
      params: { fromPlat: 1, q: 'a b&c', skip: undefined, none: null },
    })
    expect(data).toEqual({ userId: 7 })
    const [c] = srv.calls
    expect(c.url).toBe('/api/app/user/getInfo?fromPlat=1&q=a%20b%26c')
    expect(c.method).toBe('GET')
    expect(c.header).toEqual({ 'tenant-id': '1001', 'Accept-Language': 'zh-CN', Authorization: 'Bearer tok' })
    expect(c.timeout).toBe(60_000)
  })

  it('noToken sends only the tenant id', async () => {
    login('tok')
    const srv = fakeServer({ 'GET /captchaImage': ok({}) })
    await request({ url: '/captchaImage', noToken: true })
    expect(srv.calls[0].header).toEqual({ 'tenant-id': '1001', 'Accept-Language': 'zh-CN' })
  })

  it('names the learner language in Accept-Language, so the server answers refusals in it', async () => {
    const srv = fakeServer({ 'GET /app/common/config': ok([]) })
    await request({ url: '/app/common/config' })
    await setLocale('en')
    await request({ url: '/app/common/config' })
    expect(srv.calls.map((c) => c.header['Accept-Language'])).toEqual(['zh-CN', 'en'])
  })

  it('sends no Authorization when no token is stored', async () => {
    const srv = fakeServer({ 'GET /app/common/config': ok([]) })
    await request({ url: '/app/common/config' })
    expect(srv.calls[0].header).toEqual({ 'tenant-id': '1001', 'Accept-Language': 'zh-CN' })
  })

  it('POST sends the body', async () => {
    const srv = fakeServer({ 'POST /app/user/edit': ok() })
    await request({ url: '/app/user/edit', method: 'POST', data: { nickName: 'n' } })
    expect(srv.calls[0].data).toEqual({ nickName: 'n' })
    expect(srv.calls[0].method).toBe('POST')
  })
})

describe('loading mask', () => {
  it('shows "loading" with a mask and hides it after the call', async () => {
    fakeServer({ 'GET /x': ok(1) })
    await request({ url: '/x' })
    expect(Taro.showLoading).toHaveBeenCalledTimes(1)
    expect(Taro.showLoading).toHaveBeenCalledWith({ title: '加载中', mask: true })
    expect(Taro.hideLoading).toHaveBeenCalledTimes(1)
  })

  it('noLoading shows no mask', async () => {
    fakeServer({ 'GET /x': ok(1) })
    await request({ url: '/x', noLoading: true })
    expect(Taro.showLoading).not.toHaveBeenCalled()
    expect(Taro.hideLoading).not.toHaveBeenCalled()
  })

  it('parallel calls share one mask, hidden when the last ends', async () => {
    const gate = deferred<void>()
    fakeServer({
      'GET /slow': async () => {
        await gate.promise
        return ok(2)
      },
      'GET /fast': ok(1),
    })
    const slow = request({ url: '/slow' })
    await request({ url: '/fast' })
    expect(Taro.showLoading).toHaveBeenCalledTimes(1)
    expect(Taro.hideLoading).not.toHaveBeenCalled()
    gate.resolve()
    await slow
    expect(Taro.hideLoading).toHaveBeenCalledTimes(1)
  })

  it('compleLoading keeps the mask up until the caller hides it, without flicker in a chain', async () => {
    fakeServer({ 'GET /a': ok(1), 'GET /b': ok(2) })
    await request({ url: '/a', compleLoading: true })
    expect(Taro.hideLoading).not.toHaveBeenCalled()
    await request({ url: '/b', compleLoading: true })
    expect(Taro.showLoading).toHaveBeenCalledTimes(1)
    expect(Taro.hideLoading).not.toHaveBeenCalled()
    hideLoading()
    expect(Taro.hideLoading).toHaveBeenCalledTimes(1)
  })

  it('a failing compleLoading call does not leave the mask up', async () => {
    fakeServer({ 'GET /a': { code: 500, msg: 'boom' } })
    await rejection(request({ url: '/a', compleLoading: true }))
    expect(Taro.hideLoading).toHaveBeenCalledTimes(1)
  })
})

describe('codes', () => {
  it('200 resolves data; raw resolves the envelope for any code', async () => {
    fakeServer({ 'GET /ok': ok({ a: 1 }), 'POST /lock/lockStatus': { code: 500, msg: 'free' } })
    await expect(request({ url: '/ok' })).resolves.toEqual({ a: 1 })
    await expect(request({ url: '/lock/lockStatus', method: 'POST', raw: true })).resolves.toEqual({
      code: 500,
      msg: 'free',
      data: null,
    })
    expect(Taro.showToast).not.toHaveBeenCalled()
  })

  it('another code toasts its msg and rejects with code and msg', async () => {
    fakeServer({ 'GET /x': { code: 400, msg: 'telPhone: bad' } })
    const e = await rejection(request({ url: '/x' }))
    expect(e).toMatchObject({ code: 400, msg: 'telPhone: bad' })
    expect(Taro.showToast).toHaveBeenCalledWith(expect.objectContaining({ title: 'telPhone: bad', icon: 'none' }))
  })

  it('silent rejects without a toast', async () => {
    fakeServer({ 'GET /x': { code: 501, msg: 'not available: GET /x' } })
    const e = await rejection(request({ url: '/x', silent: true }))
    expect(e.code).toBe(501)
    expect(Taro.showToast).not.toHaveBeenCalled()
  })

  it('a network failure toasts the network text and rejects with code -1', async () => {
    fakeServer({ 'GET /x': 'fail' })
    const e = await rejection(request({ url: '/x' }))
    expect(e.code).toBe(-1)
    expect(Taro.showToast).toHaveBeenCalledWith(expect.objectContaining({ title: '网络波动异常，请检查网络' }))
  })

  it('the network text follows the locale', async () => {
    await setLocale('en')
    fakeServer({ 'GET /x': 'fail' })
    await rejection(request({ url: '/x' }))
    expect(Taro.showToast).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Network fluctuation abnormal, please check the network.' }),
    )
  })

  it('601 switches to the learning tab and shows the message in a modal', async () => {
    fakeServer({ 'GET /x': { code: 601, msg: 'please study first' } })
    const e = await rejection(request({ url: '/x' }))
    expect(e.code).toBe(601)
    expect(Taro.switchTab).toHaveBeenCalledWith({ url: '/pages/learn/index' })
    expect(Taro.showModal).toHaveBeenCalledWith(expect.objectContaining({ content: 'please study first' }))
    expect(Taro.showToast).not.toHaveBeenCalled()
  })

  it('699 follows an http(s) URL only', async () => {
    fakeServer({
      'GET /a': { code: 699, msg: 'https://pay.example.com/p?x=1' },
      'GET /b': { code: 699, msg: 'javascript:alert(1)' },
    })
    await rejection(request({ url: '/a' }))
    expect(openExternal).toHaveBeenCalledWith('https://pay.example.com/p?x=1')
    vi.mocked(openExternal).mockClear()
    await rejection(request({ url: '/b' }))
    expect(openExternal).not.toHaveBeenCalled()
  })
})

describe('401', () => {
  it('refreshes with the current token, stores the new one and retries once', async () => {
    login('old')
    const srv = fakeServer({
      'GET /app/user/getInfo': (c) => (c.header.Authorization === 'Bearer new' ? ok('me') : { code: 401 }),
      'GET /refreshToken/u1': (c) => (c.header.Authorization === 'Bearer old' ? ok({ token: 'new' }) : { code: 401 }),
    })
    await expect(request({ url: '/app/user/getInfo' })).resolves.toBe('me')
    expect(srv.count('GET /refreshToken/u1')).toBe(1)
    expect(srv.of('GET /refreshToken/u1')[0].header['tenant-id']).toBe('1001')
    expect(srv.count('GET /app/user/getInfo')).toBe(2)
    expect(storage.get('token')).toBe('new')
    expect(useSession.getState().token).toBe('new')
    expect(Taro.navigateTo).not.toHaveBeenCalled()
    expect(Taro.showLoading).toHaveBeenCalledTimes(1)
    expect(Taro.hideLoading).toHaveBeenCalledTimes(1)
  })

  it('concurrent 401s share one refresh', async () => {
    login('old')
    const gate = deferred<void>()
    const srv = fakeServer({
      'GET /a': (c) => (c.header.Authorization === 'Bearer new' ? ok('a') : { code: 401 }),
      'GET /b': (c) => (c.header.Authorization === 'Bearer new' ? ok('b') : { code: 401 }),
      'GET /refreshToken/u1': async () => {
        await gate.promise
        return ok({ token: 'new' })
      },
    })
    const all = Promise.all([request({ url: '/a' }), request({ url: '/b' }), request({ url: '/a' })])
    await flush()
    gate.resolve()
    await expect(all).resolves.toEqual(['a', 'b', 'a'])
    expect(srv.count('GET /refreshToken/u1')).toBe(1)
  })

  it('after 10 consecutive refreshes clears the session and goes to login', async () => {
    login('old')
    let n = 0
    const srv = fakeServer({
      'GET /x': { code: 401 },
      'GET /refreshToken/u1': () => ok({ token: `t${++n}` }),
    })
    const e = await rejection(request({ url: '/x' }))
    expect(e.code).toBe(401)
    expect(srv.count('GET /refreshToken/u1')).toBe(10)
    expect(storage.get('user_account')).toBeNull()
    expect(storage.get('token')).toBeNull()
    expect(Taro.navigateTo).toHaveBeenCalledWith({ url: LOGIN })
  })

  it('a success resets the refresh counter', async () => {
    login('old')
    let n = 0
    let failing = true
    let recoverAt = 5
    const srv = fakeServer({
      'GET /x': (c) => (failing || c.header.Authorization === 'Bearer old' ? { code: 401 } : ok(1)),
      'GET /ok': ok(1),
      'GET /refreshToken/u1': () => {
        n += 1
        if (n === recoverAt) failing = false
        return ok({ token: `t${n}` })
      },
    })
    await request({ url: '/x' })
    expect(n).toBe(5)
    // 5 refreshes then a success: the next streak may again refresh 10 times
    failing = true
    recoverAt = -1
    await rejection(request({ url: '/x' }))
    expect(srv.count('GET /refreshToken/u1')).toBe(15)
  })

  it('a refused refresh clears the session and goes to login', async () => {
    login('old')
    fakeServer({ 'GET /x': { code: 401 }, 'GET /refreshToken/u1': { code: 401, msg: 'refresh expired' } })
    await rejection(request({ url: '/x' }))
    expect(storage.get('user_account')).toBeNull()
    expect(Taro.navigateTo).toHaveBeenCalledWith({ url: LOGIN })
  })

  it('without an account goes to login and does not refresh', async () => {
    const srv = fakeServer({ 'GET /x': { code: 401 } })
    const e = await rejection(request({ url: '/x' }))
    expect(e.code).toBe(401)
    expect(srv.calls.map((c) => c.key)).toEqual(['GET /x'])
    expect(Taro.navigateTo).toHaveBeenCalledWith({ url: LOGIN })
    expect(Taro.showToast).not.toHaveBeenCalled()
  })

  it('without an account stays put when already on the login page', async () => {
    vi.mocked(Taro.getCurrentPages).mockReturnValue([{ route: 'pages4/login/login' }] as never)
    fakeServer({ 'GET /x': { code: 401 } })
    await rejection(request({ url: '/x' }))
    expect(Taro.navigateTo).not.toHaveBeenCalled()
  })
})

describe('409', () => {
  it('shows one modal for parallel conflicts, clears the session, re-login on confirm', async () => {
    login('tok')
    storage.set('h5_code', 'code')
    const modal = deferred<{ confirm: boolean; cancel: boolean }>()
    vi.mocked(Taro.showModal).mockReturnValue(modal.promise as never)
    fakeServer({ 'GET /a': { code: 409, msg: 'conflict' }, 'GET /b': { code: 409, msg: 'conflict' } })
    const [a, b] = await Promise.allSettled([request({ url: '/a' }), request({ url: '/b' })])
    expect(a.status).toBe('rejected')
    expect(b.status).toBe('rejected')
    expect(Taro.showModal).toHaveBeenCalledTimes(1)
    expect(Taro.showModal).toHaveBeenCalledWith(
      expect.objectContaining({ content: '您的账号已在其他设备登录，是否重新登录？' }),
    )
    expect(storage.get('user_account')).toBeNull()
    expect(storage.get('token')).toBeNull()
    expect(storage.get('h5_code')).toBeNull()
    expect(Taro.showToast).not.toHaveBeenCalled()
    expect(Taro.navigateTo).not.toHaveBeenCalled()
    modal.resolve({ confirm: true, cancel: false })
    await flush()
    expect(Taro.navigateTo).toHaveBeenCalledWith({ url: LOGIN })
  })

  it('cancel stays put; a later conflict shows the modal again', async () => {
    vi.mocked(Taro.showModal).mockResolvedValue({ confirm: false, cancel: true } as never)
    fakeServer({ 'GET /a': { code: 409 } })
    await rejection(request({ url: '/a' }))
    await flush()
    expect(Taro.navigateTo).not.toHaveBeenCalled()
    await rejection(request({ url: '/a' }))
    expect(Taro.showModal).toHaveBeenCalledTimes(2)
  })
})
