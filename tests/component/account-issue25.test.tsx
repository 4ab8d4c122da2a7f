/** Issue 25 (account): the login tabs, the register agreement, the password change and 关于我们. */
import Taro from '@tarojs/taro'
import { cleanup, fireEvent, render, waitFor } from '@testing-library/react'
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

vi.mock('@/services/api/tabs', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/services/api/tabs')>()),
  schoolInfo: vi.fn(async () => ({
    name: '博学继续教育学院',
    logo: '',
    address: '江苏省南京市鼓楼区汉口路 22 号',
    email: 'service@xuexi-demo.cn',
    intro: '博学继续教育学院面向在职人员开设会计、建造师等继续教育与职业资格课程。',
    hotline: '025-8888-1002',
    hours: '工作日 09:00-17:30',
    updateTime: null,
    editable: false,
  })),
}))

vi.mock('@/services/session', () => ({
  afterLogin: vi.fn(async () => true),
  logout: vi.fn(async () => undefined),
}))

const userApi = await import('@/services/api/user')
const tabs = await import('@/services/api/tabs')
const { default: Login } = await import('@/features/account/login/login')
const { default: Register } = await import('@/features/account/register')
const { default: Pwd } = await import('@/features/account/pwd')
const { default: Wd } = await import('@/features/user/tab/index')
const { useSession } = await import('@/store/session')

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
  useSession.setState({ userAccount: null, token: null, userInfo: null })
})
afterEach(() => cleanup())

describe('login tabs (issue 25)', () => {
  it('two tabs: 账号登录 is the password form, 手机号登录 the phone with an SMS code', async () => {
    const { container } = render(<Login />)
    const tabs = Array.from(container.querySelectorAll('.login-tab:not(.login-tab-scan)')).map((e) => e.textContent)
    expect(tabs).toEqual(['账号登录', '手机号登录'])
    expect(container.querySelector('.login-account')).not.toBeNull()
    expect(container.querySelector('.login-password')).not.toBeNull()
    click(container, 'login-tab-sms')
    await waitFor(() => expect(container.querySelector('.login-sms-code')).not.toBeNull())
    expect(container.querySelector('.login-phone')).not.toBeNull()
    expect(container.querySelector('.login-send-sms')).not.toBeNull()
    expect(container.querySelector('.login-password')).toBeNull()
    expect(container.querySelector('.login-captcha')).toBeNull()
  })
})

describe('register agreement (issue 25)', () => {
  it('the words beside the tick tick it; only the agreement titles open the agreements', async () => {
    const { container } = render(<Register />)
    const toggle = container.querySelector('.reg-agree-toggle') as HTMLElement
    expect(toggle.textContent).toBe('我已阅读并同意')
    fireEvent.click(toggle.querySelector('span, taro-text-core, .taro-text') ?? toggle.lastElementChild!)
    expect(container.querySelector('.reg-agree .form-check')?.className).toContain('is-checked')
    expect(Taro.navigateTo).not.toHaveBeenCalled()
    click(container, 'reg-terms-service')
    expect(Taro.navigateTo).toHaveBeenCalledWith({ url: '/pages3/news/detail?doc=agreement.service' })
    // opening the agreement leaves the tick as it was
    expect(container.querySelector('.reg-agree .form-check')?.className).toContain('is-checked')
    click(container, 'reg-terms-privacy')
    expect(container.querySelector('.reg-agree .form-check')?.className).toContain('is-checked')
  })
})

describe('password change (issue 25)', () => {
  const change = async () => {
    useSession.setState({ userAccount: 'u1', token: 't' })
    const { container } = render(<Pwd />)
    fill(container, 'pwd-old', 'Demo1234')
    fill(container, 'pwd-new', 'Better1234')
    fill(container, 'pwd-new2', 'Better1234')
    click(container, 'pwd-submit')
    await waitFor(() => expect(userApi.updatePwd).toHaveBeenCalled())
    await waitFor(() => expect(Taro.showToast).toHaveBeenCalledWith(expect.objectContaining({ title: '密码修改成功' })))
  }

  it('goes back to where the learner came from and shows the success there', async () => {
    vi.mocked(Taro.getCurrentPages).mockReturnValue([{ route: 'pages/wd/index' }, { route: 'pages2/wd/pwd' }])
    await change()
    expect(Taro.navigateBack).toHaveBeenCalled()
    // the toast comes after leaving the form, so it shows on the page the learner is back on
    const back = vi.mocked(Taro.navigateBack).mock.invocationCallOrder.at(-1)!
    const toast = vi.mocked(Taro.showToast).mock.invocationCallOrder.at(-1)!
    expect(toast).toBeGreaterThan(back)
  })

  it('opened on its own (nothing to go back to) it goes to My account', async () => {
    vi.mocked(Taro.getCurrentPages).mockReturnValue([{ route: 'pages2/wd/pwd' }])
    await change()
    expect(Taro.switchTab).toHaveBeenCalledWith({ url: '/pages/wd/index' })
  })
})

describe('关于我们 (issue 25)', () => {
  it("shows the school's own introduction, address, email and service line", async () => {
    useSession.setState({ userAccount: 'u1', token: 't' })
    const { container } = render(<Wd />)
    click(container, 'wd-menu-about')
    await waitFor(() => expect(Taro.showModal).toHaveBeenCalled())
    const opts = vi.mocked(Taro.showModal).mock.calls.at(-1)![0]!
    expect(opts.title).toBe('博学继续教育学院')
    expect(opts.content).toContain('面向在职人员开设会计、建造师等继续教育')
    expect(opts.content).toContain('江苏省南京市鼓楼区汉口路 22 号')
    expect(opts.content).toContain('service@xuexi-demo.cn')
    expect(opts.content).toContain('025-8888-1002')
    expect(tabs.schoolInfo).toHaveBeenCalled()
  })
})
