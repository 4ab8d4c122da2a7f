/**
 * Scan login in the app (docs/DECISIONS.md "Scan login"): the phone's confirm page (login first, the device shown,
 * confirm / cancel, refusals shown with a way back), its done page, and the PC's QR panel on the login page
 * (waiting, scanned, the session handed to the login flow, expired and refreshed, a declined take-over).
 */
import Taro from '@tarojs/taro'
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ScanCheck, ScanCode } from '@/features/scan/api'
import { ApiError } from '@/services/http/error'
import { firePageEvent, resetPage, setRouter } from '../unit/taro-double'

vi.mock('@/features/scan/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/features/scan/api')>()),
  newScanCode: vi.fn(),
  pollScanCode: vi.fn(),
  scanLoginCheck: vi.fn(),
}))
vi.mock('@/services/api/account', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/services/api/account')>()),
  captchaImage: vi.fn(async () => ({ img: 'data:image/svg+xml;base64,PHN2Zy8+', uuid: 'cap-1' })),
}))
vi.mock('@/services/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/services/session')>()),
  afterLogin: vi.fn(),
}))

const api = await import('@/features/scan/api')
const session = await import('@/services/session')
const { useSession } = await import('@/store/session')
const { default: PcLogin } = await import('@/features/account/scan/pc-login')
const { default: PcLoginSuccess } = await import('@/features/account/scan/pc-login-success')
const { default: Login } = await import('@/features/account/login/login')
const { ScanPanel } = await import('@/features/account/scan/scan-panel')

const TICKET = 'T'.repeat(32)
const CHECK: ScanCheck = {
  status: 'scanned',
  expiresAt: Math.floor(Date.now() / 1000) + 120,
  device: { browser: 'Chrome 120', os: 'Windows 10', ip: '203.0.*.*', createTime: Math.floor(Date.now() / 1000) },
}
const code = (over: Partial<ScanCode> = {}): ScanCode => ({
  ticket: TICKET,
  pollKey: 'K'.repeat(32),
  qrPath: `/pages4/login/pcLogin?ticket=${TICKET}`,
  status: 'waiting',
  expiresAt: Math.floor(Date.now() / 1000) + 180,
  login: null,
  ...over,
})
const LOGIN = { token: 'pc-token', userAccount: '13800000001', newUser: false }

const sel = (c: HTMLElement, s: string) => {
  const el = c.querySelector(s)
  if (!el) throw new Error(`no ${s}`)
  return el as HTMLElement
}
const text = (c: HTMLElement) => c.textContent ?? ''
const logIn = () => useSession.getState().setLogin({ token: 'phone-token', userAccount: '13800000001' })

beforeEach(() => {
  useSession.getState().clear()
  resetPage()
})
afterEach(() => {
  cleanup()
  vi.mocked(api.scanLoginCheck).mockReset()
  vi.mocked(api.newScanCode).mockReset()
  vi.mocked(api.pollScanCode).mockReset()
})

describe('pcLogin (the phone confirms a PC)', () => {
  it('without a ticket says the code is not valid and calls nothing', async () => {
    setRouter('/pages4/login/pcLogin', {})
    const { container } = render(<PcLogin />)
    expect(text(container)).toContain('二维码无效')
    await firePageEvent('didShow')
    expect(api.scanLoginCheck).not.toHaveBeenCalled()
    expect(Taro.navigateTo).not.toHaveBeenCalledWith({ url: '/pages4/login/login?isBack=1' })
  })

  it('logged out: login first (once), then back here it scans and shows the device', async () => {
    setRouter('/pages4/login/pcLogin', { ticket: TICKET })
    vi.mocked(api.scanLoginCheck).mockResolvedValue(CHECK)
    const { container } = render(<PcLogin />)
    await waitFor(() => expect(Taro.navigateTo).toHaveBeenCalledWith({ url: '/pages4/login/login?isBack=1' }))
    expect(api.scanLoginCheck).not.toHaveBeenCalled()
    expect(text(container)).toContain('请先登录')
    // back without logging in: not sent again, the learner chooses
    const sent = vi.mocked(Taro.navigateTo).mock.calls.length
    await act(() => firePageEvent('didShow'))
    expect(vi.mocked(Taro.navigateTo).mock.calls.length).toBe(sent)
    // logged in and back
    logIn()
    await act(() => firePageEvent('didShow'))
    await waitFor(() => expect(api.scanLoginCheck).toHaveBeenCalledWith(TICKET, 'scan'))
    await waitFor(() => expect(sel(container, '.pc-browser').textContent).toContain('Chrome 120'))
    expect(sel(container, '.pc-os').textContent).toContain('Windows 10')
    expect(sel(container, '.pc-ip').textContent).toContain('203.0.*.*')
    expect(sel(container, '.pc-time').textContent).toMatch(/\d{2}:\d{2}/)
  })

  it('confirm signs the PC in and leads to the done page', async () => {
    logIn()
    setRouter('/pages4/login/pcLogin', { ticket: TICKET })
    vi.mocked(api.scanLoginCheck).mockImplementation(async (_t, action) => ({
      ...CHECK,
      status: action === 'confirm' ? 'confirmed' : 'scanned',
    }))
    const { container } = render(<PcLogin />)
    await waitFor(() => sel(container, '.pc-confirm'))
    fireEvent.click(sel(container, '.pc-confirm'))
    await waitFor(() => expect(api.scanLoginCheck).toHaveBeenCalledWith(TICKET, 'confirm'))
    await waitFor(() => expect(Taro.redirectTo).toHaveBeenCalledWith({ url: '/pages4/login/pcLoginSuccess' }))
  })

  it('cancel ends it and says the computer will not be logged in', async () => {
    logIn()
    setRouter('/pages4/login/pcLogin', { ticket: TICKET })
    vi.mocked(api.scanLoginCheck).mockResolvedValue(CHECK)
    const { container } = render(<PcLogin />)
    await waitFor(() => sel(container, '.pc-cancel'))
    fireEvent.click(sel(container, '.pc-cancel'))
    await waitFor(() => expect(api.scanLoginCheck).toHaveBeenCalledWith(TICKET, 'cancel'))
    await waitFor(() => expect(text(container)).toContain('已取消登录'))
    expect(Taro.redirectTo).not.toHaveBeenCalledWith({ url: '/pages4/login/pcLoginSuccess' })
  })

  it('an expired code shows the server message and a way home', async () => {
    logIn()
    setRouter('/pages4/login/pcLogin', { ticket: TICKET })
    vi.mocked(api.scanLoginCheck).mockRejectedValue(new ApiError(400, '二维码已过期，请在电脑上刷新二维码后重新扫码'))
    const { container } = render(<PcLogin />)
    await waitFor(() => expect(text(container)).toContain('二维码已过期'))
    expect(container.querySelector('.pc-confirm')).toBeNull()
    fireEvent.click(sel(container, '.empty-action'))
    await waitFor(() => expect(Taro.switchTab).toHaveBeenCalledWith({ url: '/pages/index/index' }))
  })

  it('a confirm refused (scanned by another account) shows why', async () => {
    logIn()
    setRouter('/pages4/login/pcLogin', { ticket: TICKET })
    vi.mocked(api.scanLoginCheck)
      .mockResolvedValueOnce(CHECK)
      .mockRejectedValueOnce(new ApiError(403, '该二维码已被其他账号扫描'))
    const { container } = render(<PcLogin />)
    await waitFor(() => sel(container, '.pc-confirm'))
    fireEvent.click(sel(container, '.pc-confirm'))
    await waitFor(() => expect(text(container)).toContain('该二维码已被其他账号扫描'))
    expect(Taro.redirectTo).not.toHaveBeenCalled()
  })
})

describe('pcLoginSuccess', () => {
  it('says the computer is logged in and goes home', async () => {
    const { container } = render(<PcLoginSuccess />)
    expect(text(container)).toContain('电脑端已登录')
    fireEvent.click(sel(container, '.pc-done-home'))
    await waitFor(() => expect(Taro.switchTab).toHaveBeenCalledWith({ url: '/pages/index/index' }))
  })
})

describe('the PC QR panel', () => {
  it('shows the QR, then scanned, then hands the session to the login flow', async () => {
    vi.mocked(api.newScanCode).mockResolvedValue(code())
    vi.mocked(api.pollScanCode)
      .mockResolvedValueOnce(code({ pollKey: null }))
      .mockResolvedValueOnce(code({ pollKey: null, status: 'scanned' }))
      .mockResolvedValue(code({ pollKey: null, status: 'consumed', login: LOGIN }))
    const onLogin = vi.fn(async () => {
      useSession.getState().setLogin({ token: LOGIN.token, userAccount: LOGIN.userAccount })
    })
    const { container } = render(<ScanPanel onLogin={onLogin} pollMs={30} />)
    await waitFor(() => expect(sel(container, '.scan-qr').getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/))
    const svg = atob(sel(container, '.scan-qr').getAttribute('src')!.split(',')[1]!)
    expect(svg).toContain('<svg')
    expect(sel(container, '.scan-url').textContent).toBe(
      `${window.location.origin}/pages4/login/pcLogin?ticket=${TICKET}`,
    )
    await waitFor(() => expect(text(container)).toContain('已扫码，请在手机上确认'))
    await waitFor(() => expect(onLogin).toHaveBeenCalledWith(LOGIN))
    expect(api.pollScanCode).toHaveBeenCalledWith(TICKET, 'K'.repeat(32))
    // the session arrived: no more polls
    const polls = vi.mocked(api.pollScanCode).mock.calls.length
    await new Promise((r) => setTimeout(r, 120))
    expect(vi.mocked(api.pollScanCode).mock.calls.length).toBe(polls)
    expect(api.newScanCode).toHaveBeenCalledTimes(1)
  })

  it('expired: says so, stops polling, and a tap gets a new code', async () => {
    vi.mocked(api.newScanCode).mockResolvedValue(code())
    vi.mocked(api.pollScanCode).mockResolvedValue(code({ pollKey: null, status: 'expired' }))
    const { container } = render(<ScanPanel onLogin={vi.fn()} pollMs={30} />)
    await waitFor(() => expect(text(container)).toContain('二维码已过期，点击刷新'))
    const polls = vi.mocked(api.pollScanCode).mock.calls.length
    await new Promise((r) => setTimeout(r, 120))
    expect(vi.mocked(api.pollScanCode).mock.calls.length).toBe(polls)
    vi.mocked(api.pollScanCode).mockResolvedValue(code({ pollKey: null }))
    fireEvent.click(sel(container, '.scan-qr-box'))
    await waitFor(() => expect(api.newScanCode).toHaveBeenCalledTimes(2))
    await waitFor(() => expect(text(container)).not.toContain('二维码已过期'))
  })

  it('cancelled on the phone: says so; a declined take-over gets a new code', async () => {
    vi.mocked(api.newScanCode).mockResolvedValue(code())
    vi.mocked(api.pollScanCode).mockResolvedValue(code({ pollKey: null, status: 'cancelled' }))
    const first = render(<ScanPanel onLogin={vi.fn()} pollMs={30} />)
    await waitFor(() => expect(text(first.container)).toContain('已在手机上取消登录'))
    first.unmount()

    vi.mocked(api.pollScanCode).mockReset()
    vi.mocked(api.pollScanCode)
      .mockResolvedValueOnce(code({ pollKey: null, status: 'consumed', login: LOGIN }))
      .mockResolvedValue(code({ pollKey: null }))
    const declined = vi.fn(async () => {}) // afterLogin said no: no session stored
    render(<ScanPanel onLogin={declined} pollMs={30} />)
    await waitFor(() => expect(declined).toHaveBeenCalledTimes(1))
    await waitFor(() => expect(api.newScanCode).toHaveBeenCalledTimes(3))
  })

  it('a failed request for a code offers a retry', async () => {
    vi.mocked(api.newScanCode).mockRejectedValueOnce(new ApiError(-1, 'network')).mockResolvedValue(code())
    vi.mocked(api.pollScanCode).mockResolvedValue(code({ pollKey: null }))
    const { container } = render(<ScanPanel onLogin={vi.fn()} pollMs={30} />)
    await waitFor(() => expect(text(container)).toContain('二维码获取失败，点击重试'))
    fireEvent.click(sel(container, '.scan-qr-box'))
    await waitFor(() => sel(container, '.scan-qr'))
  })
})

describe('the login page on H5', () => {
  it('has a 扫码登录 tab that shows the QR panel in place of the form, and a session goes through afterLogin', async () => {
    vi.mocked(api.newScanCode).mockResolvedValue(code())
    vi.mocked(api.pollScanCode).mockResolvedValue(code({ pollKey: null, status: 'consumed', login: LOGIN }))
    vi.mocked(session.afterLogin).mockResolvedValue(true)
    setRouter('/pages4/login/login', {})
    const { container } = render(<Login />)
    expect(sel(container, '.login-tab-scan').textContent).toBe('扫码登录')
    fireEvent.click(sel(container, '.login-tab-scan'))
    await waitFor(() => sel(container, '.scan-panel'))
    expect(container.querySelector('.login-submit')).toBeNull()
    // the poll interval of the real panel is 2 s
    await waitFor(() => expect(session.afterLogin).toHaveBeenCalledWith(LOGIN), { timeout: 5000 })
    await waitFor(() => expect(Taro.switchTab).toHaveBeenCalledWith({ url: '/pages/wd/index' }))
  })
})
