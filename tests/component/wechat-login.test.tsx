/**
 * The login page's WeChat flows (src/pages4/login/wechat-login.tsx): on the mini program a one-tap login (bound:
 * straight through the page's post-login flow; not bound: the phone form, SMS scene 'login', then bindLogin); on H5
 * inside WeChat the official account's OAuth link (app id from wx/config, state kept in the tab) and the return
 * with ?code=&state= (check/gzh_openId; a state that is not this tab's is refused); a plain browser shows nothing.
 * The platform is chosen per test by delegating the page's `./wechat-env` to the weapp or the h5 file.
 */
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

let platform: 'weapp' | 'h5' = 'weapp'

vi.mock('@tarojs/taro', async (importOriginal) =>
  (await import('../unit/taro-double')).pageTaro(importOriginal, undefined, {
    login: vi.fn(async () => ({ code: 'mini-code-1', errMsg: 'login:ok' })),
  }),
)

vi.mock('@/features/account/wechat/wechat-env', async () => {
  const weapp = await import('@/features/account/wechat/wechat-env.weapp')
  const h5 = await import('@/features/account/wechat/wechat-env.h5')
  const pick = () => (platform === 'weapp' ? weapp : h5)
  return {
    wechatKind: () => pick().wechatKind(),
    miniLoginCode: () => pick().miniLoginCode(),
    gzhReturn: () => pick().gzhReturn(),
    gzhAuthorize: (appId: string) => pick().gzhAuthorize(appId),
    nav: h5.nav,
  }
})

vi.mock('@/services/api/account', () => ({
  captchaImage: vi.fn(async () => ({ img: 'data:image/svg+xml;base64,PHN2Zy8+', uuid: 'cap-1' })),
  sendSms: vi.fn(async () => null),
  accountLogin: vi.fn(),
  telphoneLogin: vi.fn(),
  smsLogin: vi.fn(),
}))

vi.mock('@/services/api/wechat', () => ({
  openIdLogin: vi.fn(),
  gzhOpenIdLogin: vi.fn(),
  bindLogin: vi.fn(),
  gzhBindLogin: vi.fn(),
  wxConfig: vi.fn(async () => ({ appId: 'wx6b2fd0c0ffee0001', timestamp: null, nonceStr: null, signature: null })),
}))

vi.mock('@/services/session', () => ({
  afterLogin: vi.fn(async () => true),
  logout: vi.fn(async () => undefined),
}))

const Taro = (await import('@tarojs/taro')).default
const account = await import('@/services/api/account')
const wechat = await import('@/services/api/wechat')
const session = await import('@/services/session')
const h5env = await import('@/features/account/wechat/wechat-env.h5')
const { default: Login } = await import('@/features/account/login/login')

const LOGGED_IN = { bound: true as const, token: 'tok-1', userAccount: '13812345678', newUser: false }
const UA = navigator.userAgent

function fill(container: HTMLElement, cls: string, value: string) {
  const host = container.querySelector(`.${cls}`)
  if (!host) throw new Error(`no .${cls}`)
  const el = (host.querySelector('input') ?? host) as HTMLInputElement
  el.value = value
  fireEvent.input(el, { target: { value }, detail: { value } })
  host.dispatchEvent(new CustomEvent('input', { detail: { value }, bubbles: true }))
}

function click(container: HTMLElement, cls: string) {
  const el = container.querySelector(`.${cls}`)
  if (!el) throw new Error(`no .${cls}`)
  fireEvent.click(el)
}

const setUserAgent = (ua: string) =>
  Object.defineProperty(window.navigator, 'userAgent', { value: ua, configurable: true })

beforeEach(() => {
  platform = 'weapp'
  sessionStorage.clear()
  window.history.replaceState(null, '', '/pages4/login/login?isBack=1')
})
afterEach(() => {
  cleanup()
  setUserAgent(UA)
})

describe('WeChat login on the mini program', () => {
  it('one tap: wx.login code -> openIdLogin -> bound: the page logs in', async () => {
    vi.mocked(wechat.openIdLogin).mockResolvedValue(LOGGED_IN)
    const { container, getByText } = render(<Login />)
    expect(getByText('微信一键登录')).toBeTruthy()
    click(container, 'wechat-login-button')
    await waitFor(() => expect(session.afterLogin).toHaveBeenCalledTimes(1))
    expect(Taro.login).toHaveBeenCalled()
    expect(wechat.openIdLogin).toHaveBeenCalledWith('mini-code-1')
    expect(vi.mocked(session.afterLogin).mock.calls[0]![0]).toMatchObject({ token: 'tok-1' })
    expect(container.querySelector('.wechat-bind')).toBeNull()
  })

  it('not bound: the phone form (SMS scene login) then bindLogin with the ticket logs in', async () => {
    vi.mocked(wechat.openIdLogin).mockResolvedValue({ bound: false, bindTicket: 'ticket-abc', expiresAt: 9e9 })
    vi.mocked(wechat.bindLogin).mockResolvedValue({ token: 'tok-2', userAccount: '13812345678', newUser: true })
    const { container, findByText } = render(<Login />)
    click(container, 'wechat-login-button')
    expect(await findByText('绑定手机号')).toBeTruthy()
    // the form checks before sending
    click(container, 'wechat-bind-submit')
    expect(await findByText('请输入正确的11位手机号')).toBeTruthy()
    expect(wechat.bindLogin).not.toHaveBeenCalled()

    fill(container, 'wechat-bind-phone', '13812345678')
    click(container, 'wechat-bind-send')
    await waitFor(() => expect(account.sendSms).toHaveBeenCalledWith('login', '13812345678'))
    fill(container, 'wechat-bind-code', '123456')
    click(container, 'wechat-bind-submit')
    await waitFor(() => expect(session.afterLogin).toHaveBeenCalledTimes(1))
    expect(wechat.bindLogin).toHaveBeenCalledWith({ bindTicket: 'ticket-abc', telPhone: '13812345678', code: '123456' })
    expect(vi.mocked(session.afterLogin).mock.calls[0]![0]).toMatchObject({ token: 'tok-2', newUser: true })
    await waitFor(() => expect(container.querySelector('.wechat-bind')).toBeNull())
  })

  it('a failed wx.login is told, nothing is sent', async () => {
    vi.mocked(Taro.login).mockRejectedValueOnce(new Error('login:fail'))
    const toast = vi.spyOn(Taro, 'showToast')
    const { container } = render(<Login />)
    click(container, 'wechat-login-button')
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '微信登录失败，请重试' })))
    expect(wechat.openIdLogin).not.toHaveBeenCalled()
  })
})

describe('WeChat login on H5', () => {
  beforeEach(() => {
    platform = 'h5'
  })

  it('a plain browser shows no WeChat login', () => {
    setUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1')
    const { container } = render(<Login />)
    expect(container.querySelector('.wechat-login')).toBeNull()
  })

  it('inside WeChat: the OAuth link of the school’s official account, then the code back logs in', async () => {
    setUserAgent('Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI')
    const assign = vi.fn()
    h5env.nav.assign = assign
    const first = render(<Login />)
    expect(first.getByText('微信登录')).toBeTruthy()
    click(first.container, 'wechat-login-button')
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1))
    expect(wechat.wxConfig).toHaveBeenCalledWith()
    const link = new URL(assign.mock.calls[0]![0] as string)
    expect(`${link.origin}${link.pathname}`).toBe('https://open.weixin.qq.com/connect/oauth2/authorize')
    expect(link.hash).toBe('#wechat_redirect')
    const q = Object.fromEntries(link.searchParams)
    expect(q).toMatchObject({
      appid: 'wx6b2fd0c0ffee0001',
      redirect_uri: `${window.location.origin}/pages4/login/login?isBack=1`,
      response_type: 'code',
      scope: 'snsapi_base',
    })
    expect(q.state).toMatch(/^[0-9a-f]{24}$/)
    first.unmount()

    // WeChat sends the learner back with the code and the state
    vi.mocked(wechat.gzhOpenIdLogin).mockResolvedValue(LOGGED_IN)
    window.history.replaceState(null, '', `/pages4/login/login?isBack=1&code=gzh-code-9&state=${q.state}`)
    await act(async () => {
      render(<Login />)
    })
    await waitFor(() => expect(session.afterLogin).toHaveBeenCalledTimes(1))
    expect(wechat.gzhOpenIdLogin).toHaveBeenCalledWith('gzh-code-9')
    // the used code is taken out of the address
    expect(window.location.search).toBe('?isBack=1')
  })

  it('back with an unbound WeChat user: the phone form binds through wx/gzh_bind', async () => {
    setUserAgent('Mozilla/5.0 MicroMessenger/8.0.47')
    sessionStorage.setItem('wx_oauth_state', 'abc123')
    window.history.replaceState(null, '', '/pages4/login/login?code=gzh-code-2&state=abc123')
    vi.mocked(wechat.gzhOpenIdLogin).mockResolvedValue({ bound: false, bindTicket: 'gzh-ticket', expiresAt: 9e9 })
    vi.mocked(wechat.gzhBindLogin).mockResolvedValue({ token: 'tok-3', userAccount: '13900001111', newUser: false })
    const { container, findByText } = render(<Login />)
    expect(await findByText('绑定手机号')).toBeTruthy()
    fill(container, 'wechat-bind-phone', '13900001111')
    fill(container, 'wechat-bind-code', '654321')
    click(container, 'wechat-bind-submit')
    await waitFor(() => expect(session.afterLogin).toHaveBeenCalledTimes(1))
    expect(wechat.gzhBindLogin).toHaveBeenCalledWith({
      bindTicket: 'gzh-ticket',
      telPhone: '13900001111',
      code: '654321',
    })
    expect(wechat.bindLogin).not.toHaveBeenCalled()
  })

  it('a code whose state is not this tab’s is not used', async () => {
    setUserAgent('Mozilla/5.0 MicroMessenger/8.0.47')
    sessionStorage.setItem('wx_oauth_state', 'mine')
    window.history.replaceState(null, '', '/pages4/login/login?code=stolen&state=theirs')
    const toast = vi.spyOn(Taro, 'showToast')
    render(<Login />)
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '微信登录未完成，请重新点击微信登录' })),
    )
    expect(wechat.gzhOpenIdLogin).not.toHaveBeenCalled()
    expect(window.location.search).toBe('')
  })
})
