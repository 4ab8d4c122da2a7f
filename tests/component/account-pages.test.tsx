import Taro from '@tarojs/taro'
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

const routerParams: Record<string, string> = {}
const user = {
  userId: 1,
  userAccount: 'u1',
  telPhone: '13812345678',
  nickName: 'Nick',
  realName: 'Real',
  avatar: '',
  sex: '0' as const,
  birthday: '2000-01-01',
  idCard: '',
  certStatus: 0,
  eduLevel: '',
  school: '',
  major: '',
  graduationDate: '',
  shareActivityCode: '',
  inviteCode: '',
  createTime: 0,
}

vi.mock('@tarojs/taro', async (importOriginal) =>
  (await import('../unit/taro-double')).pageTaro(importOriginal, () => routerParams),
)

vi.mock('@/services/api/account', () => ({
  captchaImage: vi.fn(async () => ({ img: 'data:image/svg+xml;base64,PHN2Zy8+', uuid: 'cap-1' })),
  sendSms: vi.fn(async () => null),
  accountLogin: vi.fn(),
  telphoneLogin: vi.fn(),
  smsLogin: vi.fn(),
  registerSmall: vi.fn(),
  registerForget: vi.fn(),
}))

vi.mock('@/services/api/user', () => ({
  getInfo: vi.fn(async () => user),
  infoAttached: vi.fn(async () => ({ informSum: 0, orderSum: 0, periodSum: 0, planSum: 0, subscribeSum: 0 })),
  editUser: vi.fn(async () => null),
  updatePwd: vi.fn(async () => null),
  bindNewTel: vi.fn(async () => null),
}))

vi.mock('@/services/session', () => ({
  afterLogin: vi.fn(async () => true),
  logout: vi.fn(async () => undefined),
}))

const account = await import('@/services/api/account')
const session = await import('@/services/session')
const { default: Login } = await import('@/features/account/login/login')
const { default: Register } = await import('@/features/account/register')
const { default: Wd } = await import('@/features/user/tab/index')
const { default: Info } = await import('@/features/user/account-info/info')
const { useSession } = await import('@/store/session')
const userApi = await import('@/services/api/user')
const { storage } = await import('@/services/storage')
const { getLocale, setLocale, t } = await import('@/i18n/sub')

/** Type into a Taro Input: H5 renders a native input inside taro-input-core (or the host element itself). */
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

beforeEach(() => {
  for (const k of Object.keys(routerParams)) delete routerParams[k]
})
afterEach(() => cleanup())

describe('login page', () => {
  it('shows the captcha image from captchaImage() and refreshes it on tap', async () => {
    const { container } = render(<Login />)
    await waitFor(() => expect(account.captchaImage).toHaveBeenCalledTimes(1))
    await waitFor(() => expect(container.querySelector('.login-captcha-img')).not.toBeNull())
    const img = container.querySelector('.login-captcha-img') as HTMLElement & { src?: string }
    expect(img.getAttribute('src') ?? img.src).toContain('data:image/svg+xml')
    expect(container.querySelector('.login-account')).not.toBeNull()
    expect(container.querySelector('.login-password')).not.toBeNull()
    expect(container.querySelector('.login-captcha')).not.toBeNull()
    click(container, 'login-captcha-img')
    await waitFor(() => expect(account.captchaImage).toHaveBeenCalledTimes(2))
  })

  it('refuses to log in with empty fields, showing errors inline', async () => {
    const { container, findByText } = render(<Login />)
    click(container, 'login-submit')
    expect(await findByText('请输入账号')).toBeTruthy()
    expect(account.accountLogin).not.toHaveBeenCalled()
  })

  it('refuses an invalid phone before sending an SMS code', async () => {
    const { container, findByText } = render(<Login />)
    click(container, 'login-tab-sms')
    await waitFor(() => expect(container.querySelector('.login-send-sms')).not.toBeNull())
    expect(container.querySelector('.login-sms-code')).not.toBeNull()
    click(container, 'login-send-sms')
    expect(await findByText('请输入正确的11位手机号')).toBeTruthy()
    expect(account.sendSms).not.toHaveBeenCalled()
  })

  it('account login: sends the captcha uuid, runs afterLogin and goes to My account', async () => {
    vi.mocked(account.accountLogin).mockResolvedValueOnce({ token: 't', userAccount: 'u1', newUser: false })
    const { container } = render(<Login />)
    await waitFor(() => expect(container.querySelector('.login-captcha-img')).not.toBeNull())
    act(() => {
      fill(container, 'login-account', 'u1')
      fill(container, 'login-password', 'abc12345')
      fill(container, 'login-captcha', 'ab12')
    })
    click(container, 'login-submit')
    await waitFor(() =>
      expect(account.accountLogin).toHaveBeenCalledWith({
        account: 'u1',
        password: 'abc12345',
        code: 'ab12',
        uuid: 'cap-1',
      }),
    )
    await waitFor(() => expect(session.afterLogin).toHaveBeenCalled())
    await waitFor(() => expect(Taro.switchTab).toHaveBeenCalledWith({ url: '/pages/wd/index' }))
  })
})

describe('register page', () => {
  it('refuses mismatched passwords without calling the API', async () => {
    const { container, findByText } = render(<Register />)
    act(() => {
      fill(container, 'reg-phone', '13812345678')
      fill(container, 'reg-code', '123456')
      fill(container, 'reg-password', 'abc12345')
      fill(container, 'reg-password2', 'abc12399')
    })
    click(container, 'reg-agree')
    click(container, 'reg-submit')
    expect(await findByText('两次输入的密码不一致')).toBeTruthy()
    expect(account.registerSmall).not.toHaveBeenCalled()
  })

  it('prefills the invite code from storage', async () => {
    Taro.setStorageSync('invite_code', 'INV42')
    const { container } = render(<Register />)
    const host = container.querySelector('.reg-invite') as HTMLElement & { value?: string }
    const input = host.querySelector('input') as HTMLInputElement | null
    expect(input?.value ?? host.value).toBe('INV42')
  })
})

describe('My account tab', () => {
  it('logged out: a log-in button that opens login with isBack=1, no account menu', async () => {
    useSession.getState().clear()
    const { container } = render(<Wd />)
    expect(container.querySelector('.wd-menu-info')).toBeNull()
    expect(container.querySelector('.wd-logout')).toBeNull()
    click(container, 'wd-login-btn')
    expect(Taro.navigateTo).toHaveBeenCalledWith({ url: '/pages4/login/login?isBack=1' })
    // the shortcuts are shown logged out too and ask for login first
    click(container, 'wd-menu-courses')
    expect(Taro.navigateTo).toHaveBeenLastCalledWith({ url: '/pages4/login/login?isBack=1' })
  })

  it('logged in: name, masked phone, unread count, menu, logout after confirm', async () => {
    useSession.getState().setLogin({ token: 't', userAccount: 'u1' })
    useSession.getState().setUserInfo(user)
    vi.mocked(userApi.infoAttached).mockResolvedValue({
      informSum: 2,
      orderSum: 1,
      periodSum: 0,
      planSum: 0,
      subscribeSum: 1,
    })
    const { container } = render(<Wd />)
    await waitFor(() => expect(userApi.getInfo).toHaveBeenCalled())
    // the badge counts what the learner can open (shared/rules/unread.ts BADGE_SOURCES), each count on the entry that
    // opens it: the pending order on 待支付, unread messages on the header's bell (pages2/msg), the exam letter to
    // sign on 我的预约
    await waitFor(() => expect(container.querySelector('.wd-order-pending .wd-shortcut-badge')?.textContent).toBe('1'))
    expect(container.querySelector('.wd-menu-msg .wd-msg-badge')?.textContent).toBe('2')
    expect(container.querySelector('.wd-menu-appoint .wd-letters-badge')?.textContent).toBe('1')
    expect(userApi.infoAttached).toHaveBeenCalledTimes(1) // once per show: by the tab wrapper, not again by the page
    expect(container.querySelector('.wd-user-name')?.textContent).toBe('Nick')
    expect(container.querySelector('.wd-phone')?.textContent).toBe('138****5678')
    // grouped: order shortcuts, study shortcuts, settings (personal info and education live in the one profile hub)
    const targets: Record<string, string> = {
      'wd-menu-msg': '/pages2/msg/index',
      'wd-menu-orders': '/pages2/order/index',
      'wd-order-pending': '/pages2/order/index?tab=pending',
      'wd-order-paid': '/pages2/order/index?tab=paid',
      'wd-order-refund': '/pages2/order/index?tab=refund',
      'wd-menu-invoice': '/pages2/invoice/index',
      'wd-menu-cart': '/pages4/shopping/shoppingCart',
      'wd-menu-courses': '/pages2/wd/course',
      'wd-menu-bank': '/pages2/wd/question_bank',
      'wd-menu-exam': '/pages2/exam/index',
      'wd-menu-appoint': '/pages5/examAppointList',
      'wd-menu-mock': '/pages5/mockRecord/mock_record',
      'wd-menu-basic': '/pages2/wd/menu',
      'wd-menu-pwd': '/pages2/wd/pwd',
    }
    for (const [cls, url] of Object.entries(targets)) {
      click(container, cls)
      expect(Taro.navigateTo).toHaveBeenLastCalledWith({ url })
    }
    expect(container.querySelector('.wd-menu-info')).toBeNull()
    expect(container.querySelector('.wd-menu-edu')).toBeNull()
    // every shortcut and settings row carries an icon of the icon set
    expect(container.querySelectorAll('.wd-shortcut .icon').length).toBe(5)
    expect(container.querySelectorAll('.wd-grid-item .icon-tile .icon').length).toBeGreaterThanOrEqual(8)
    expect(container.querySelectorAll('.wd-cell .wd-cell-icon').length).toBeGreaterThanOrEqual(5)
    click(container, 'wd-logout')
    await waitFor(() => expect(session.logout).toHaveBeenCalled())
    useSession.getState().clear()
  })

  it('switches the language and remembers the choice for the next start', async () => {
    useSession.getState().clear()
    const { container } = render(<Wd />)
    click(container, 'wd-lang-en')
    await waitFor(() => expect(getLocale()).toBe('en'))
    expect(storage.get('locale')).toBe('en')
    expect(Taro.reLaunch).toHaveBeenCalledWith({ url: '/pages/wd/index' })
    await setLocale('zh-CN')
    storage.remove('locale')
  })
})

describe('personal info page', () => {
  it('logged out: redirects to login with isBack=1', () => {
    useSession.getState().clear()
    render(<Info />)
    expect(Taro.redirectTo).toHaveBeenCalledWith({ url: '/pages4/login/login?isBack=1' })
  })

  it('saves only the changed fields', async () => {
    useSession.getState().setLogin({ token: 't', userAccount: 'u1' })
    useSession.getState().setUserInfo(user)
    const { container } = render(<Info />)
    act(() => fill(container, 'info-nickname', 'New nick'))
    click(container, 'info-save')
    await waitFor(() => expect(userApi.editUser).toHaveBeenCalledWith({ nickName: 'New nick' }))
    useSession.getState().clear()
  })

  it('change phone: opens in a bottom popup, refuses the current number, binds a new one and closes', async () => {
    useSession.getState().setLogin({ token: 't', userAccount: 'u1' })
    useSession.getState().setUserInfo(user)
    const { container } = render(<Info />)
    expect(container.querySelector('.bind-phone')).toBeNull()
    click(container, 'info-bind-phone')
    const panel = await waitFor(() => {
      const el = container.querySelector<HTMLElement>('.info-bind-panel')
      expect(el?.style.display).not.toBe('none')
      return el!
    })
    expect(panel.className).toContain('nut-popup-bottom')
    expect(panel.textContent).toContain(t('bind.title'))

    act(() => fill(container, 'bind-phone', user.telPhone))
    act(() => fill(container, 'bind-code', '123456'))
    click(container, 'bind-submit')
    expect(userApi.bindNewTel).not.toHaveBeenCalled()

    act(() => fill(container, 'bind-phone', '13900001111'))
    click(container, 'bind-submit')
    await waitFor(() => expect(userApi.bindNewTel).toHaveBeenCalledWith({ telPhone: '13900001111', code: '123456' }))
    await waitFor(() => expect(panel.style.display).toBe('none'))
    useSession.getState().clear()
  })
})
