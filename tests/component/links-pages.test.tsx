/**
 * Issue 12: the pages behind the links (defect 2: the shop opened on live goods, the not-found page, the customer
 * service page), the register page's agreement links (defect 11) and the floating widget stepping aside (defect 12).
 */
import Taro from '@tarojs/taro'
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { firePageEvent, setRouter } from '../unit/taro-double'

// The tab pages import these calls from '@/services/api/tabs' (the domain modules re-export them).
vi.mock('@/services/api/tabs', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/services/api/tabs')>()),
  goodsList: vi.fn(async () => ({ rows: [], total: 0 })),
  subjects: vi.fn(async () => []),
  businesses: vi.fn(async () => []),
  educationTypes: vi.fn(async () => []),
}))
vi.mock('@/features/shop/api', async () => {
  const tabs = await import('@/services/api/tabs')
  return {
    educationTypes: tabs.educationTypes,
    businesses: tabs.businesses,
    subjects: tabs.subjects,
    goodsList: tabs.goodsList,
  }
})

const shop = await import('@/features/shop/api')
const { useApp } = await import('@/store/app')
const { useSession } = await import('@/store/session')
const { openLink } = await import('@/components/link')
const { fakeServer, seedTenant } = await import('../unit/fake-server')
const { default: Course } = await import('@/features/shop/centre/index')
const { default: Register } = await import('@/features/account/register')
const { default: NewsDetail } = await import('@/features/news/news/detail')
const { default: WebviewIndex } = await import('@/pages5/webview/index')
const { default: Counselor } = await import('@/features/consultation/counselor/index')
const { default: FloatingWidget } = await import('@/components/floating-widget')

const CONSULT = {
  consultationStatus: 1,
  serviceHotlineStatus: 1,
  servicingTime: '周一至周日 08:30-21:00',
  serviceNumber: '400-820-1001',
  serviceWechatStatus: 1,
  serviceWechatImg: '/static-assets/wechat-anxin_peixun.png',
  serviceWechatNumber: 'anxin_peixun',
  shoppingCarStatus: 1,
}

function click(container: HTMLElement, sel: string) {
  const el = container.querySelector(sel)
  if (!el) throw new Error(`no ${sel}`)
  fireEvent.click(el)
}

beforeEach(() => {
  useSession.getState().clear()
  useApp.setState({ educationType: null, businessLevel: null, sujectType: null, consultMobile: null })
  seedTenant('1001')
})
afterEach(() => cleanup())

describe('the shop opened by a link', () => {
  it('the home grid’s 直播 opens the shop on live goods, clearing the filters chosen before', async () => {
    useApp.setState({ educationType: 1, businessLevel: 11, sujectType: 21 })
    const { container } = render(<Course />)
    openLink('/pages/course/index?goodsType=3')
    expect(Taro.switchTab).toHaveBeenCalledWith({ url: '/pages/course/index' })
    await act(() => firePageEvent('didShow'))
    await waitFor(() => expect(vi.mocked(shop.goodsList).mock.calls.at(-1)?.[0]).toMatchObject({ goodsType: 3 }))
    const q = vi.mocked(shop.goodsList).mock.calls.at(-1)?.[0] as Record<string, unknown>
    expect(q.educationTypeId ?? q.businessId ?? q.subjectId).toBeUndefined()
    expect(container.querySelector('.filter-type-3')?.className).toContain('type-tab-active')
  })

  it('an H5 URL with ?goodsType=1 opens it on courses', async () => {
    setRouter('/pages/course/index', { goodsType: '1' })
    render(<Course />)
    await waitFor(() => expect(vi.mocked(shop.goodsList).mock.calls.at(-1)?.[0]).toMatchObject({ goodsType: 1 }))
  })
})

describe('not-found page', () => {
  it('names the missing address under its nav bar, with the ways home and back', async () => {
    vi.mocked(Taro.getCurrentPages).mockReturnValue([{ route: 'pages/index/index' }, { route: 'pages5/webview/index' }])
    setRouter('/pages5/webview/index', { missing: encodeURIComponent('/pages3/news/archive') })
    const { container } = render(<WebviewIndex />)
    expect(container.textContent).toContain('页面不存在或已下线')
    expect(container.querySelector('.not-found-path')?.textContent).toBe('地址：/pages3/news/archive')
    expect(container.querySelector('.nav-bar-title')?.textContent).toBe('页面不存在')
    click(container, '.not-found-home')
    expect(Taro.switchTab).toHaveBeenCalledWith({ url: '/pages/index/index' })
    click(container, '.not-found-back')
    expect(Taro.navigateBack).toHaveBeenCalled()
  })

  it('an unusable web link still says the link does not exist', () => {
    setRouter('/pages5/webview/index', { url: 'javascript:alert(1)' })
    const { container } = render(<WebviewIndex />)
    expect(container.textContent).toContain('链接不存在')
    expect(container.querySelector('.not-found-back')).toBeNull() // first page: nowhere to go back to
  })
})

describe('customer service page (the home grid’s 在线客服)', () => {
  it('shows the hotline with its hours (call, copy) and the WeChat card', async () => {
    useApp.setState({ consultMobile: CONSULT })
    const { container } = render(<Counselor />)
    expect(container.querySelector('.counselor-hotline')?.textContent).toContain('400-820-1001')
    expect(container.querySelector('.counselor-hotline')?.textContent).toContain('08:30-21:00')
    click(container, '.counselor-call')
    expect(Taro.makePhoneCall).toHaveBeenCalledWith({ phoneNumber: '400-820-1001' })
    click(container, '.counselor-copy')
    expect(Taro.setClipboardData).toHaveBeenCalledWith({ data: '400-820-1001' })
    expect(container.querySelector('.counselor-wechat img, .counselor-wechat .fw-qr')).not.toBeNull()
    expect(container.querySelector('.counselor-wechat')?.textContent).toContain('anxin_peixun')
  })

  it('loads the config when opened on its own, and says so when the school has no service', async () => {
    const srv = fakeServer({
      'GET /app/common/config': {
        code: 200,
        data: [{ configKey: 'consult.mobile', configValue: JSON.stringify({ ...CONSULT, consultationStatus: 0 }) }],
      },
    })
    const { container } = render(<Counselor />)
    await waitFor(() => expect(container.textContent).toContain('学校暂未开通在线客服'))
    expect(srv.count('GET /app/common/config')).toBe(1)
  })
})

describe('register: the agreement links open the tenant’s documents', () => {
  it('each link opens its document and leaves the tick alone; the tick still toggles', () => {
    const { container } = render(<Register />)
    click(container, '.reg-terms-service')
    expect(Taro.navigateTo).toHaveBeenLastCalledWith({ url: '/pages3/news/detail?doc=agreement.service' })
    click(container, '.reg-terms-privacy')
    expect(Taro.navigateTo).toHaveBeenLastCalledWith({ url: '/pages3/news/detail?doc=agreement.privacy' })
    expect(container.querySelector('.reg-agree .form-check')?.className).not.toContain('is-checked')
    // the tick and its words are the target (issue 25)
    click(container, '.reg-agree-toggle')
    expect(container.querySelector('.reg-agree .form-check')?.className).toContain('is-checked')
  })

  it('the article page shows the document from the tenant config', async () => {
    const doc = { title: '用户服务协议', content: '<h3>一、账号注册与使用</h3><p>您应使用本人手机号码注册。</p>' }
    const srv = fakeServer({
      'GET /app/common/config': (req) => ({
        code: 200,
        data:
          req.query.get('configKey') === 'agreement.service'
            ? [{ configKey: 'agreement.service', configValue: JSON.stringify(doc) }]
            : [],
      }),
    })
    setRouter('/pages3/news/detail', { doc: 'agreement.service' })
    const { container } = render(<NewsDetail />)
    await waitFor(() => expect(container.querySelector('.news-title')?.textContent).toBe('用户服务协议'))
    const rich = container.querySelector('.news-content') as (HTMLElement & { nodes?: string }) | null
    expect(String(rich?.nodes ?? rich?.getAttribute('nodes'))).toContain('您应使用本人手机号码注册。')
    expect(container.querySelector('.nav-bar-title')?.textContent).toBe('用户服务协议')
    expect(srv.of('GET /app/common/config')[0]!.query.get('configKey')).toBe('agreement.service')
  })

  it('any other config key is not a document', async () => {
    const srv = fakeServer({})
    setRouter('/pages3/news/detail', { doc: 'consult.mobile' })
    const { container } = render(<NewsDetail />)
    await waitFor(() => expect(container.textContent).toContain('资讯不存在'))
    expect(srv.count('GET /app/common/config')).toBe(0)
  })
})

describe('floating widget does not hide the page', () => {
  it('rests as a small tab at the edge, comes out when tapped and docks again once the page scrolls', () => {
    useApp.setState({ consultMobile: CONSULT })
    const { container, rerender } = render(<FloatingWidget scrollTop={0} />)
    // at rest it covers nothing (issue 25): a tap brings the buttons out
    expect(container.querySelector('.fw-docked')).not.toBeNull()
    click(container, '.fw-docked')
    click(container, '.fw-toggle')
    expect(container.querySelector('.fw-hotline')).not.toBeNull()
    rerender(<FloatingWidget scrollTop={120} />)
    // docked: no button over the content, the open panel closed
    expect(container.querySelector('.fw-docked .fw-tab')).not.toBeNull()
    expect(container.querySelectorAll('.fw-btn, .fw-panel')).toHaveLength(0)
    rerender(<FloatingWidget scrollTop={480} />)
    rerender(<FloatingWidget scrollTop={480} />) // the scroll stopped: it stays docked while the learner reads
    expect(container.querySelector('.fw-docked')).not.toBeNull()
    click(container, '.fw-docked')
    expect(container.querySelector('.fw-docked')).toBeNull()
    expect(container.querySelector('.fw-toggle')).not.toBeNull()
    expect(container.querySelector('.fw-backtop')).not.toBeNull()
    rerender(<FloatingWidget scrollTop={900} />)
    expect(container.querySelector('.fw-docked')).not.toBeNull()
    // back at the top it stays at rest at the edge
    rerender(<FloatingWidget scrollTop={0} />)
    expect(container.querySelector('.fw-docked')).not.toBeNull()
  })

  it('leaves room below the last item for each of its buttons', () => {
    useApp.setState({ consultMobile: CONSULT })
    useSession.setState({ userAccount: '13800000001', token: 't' })
    const { container } = render(<FloatingWidget scrollTop={300} />)
    // consult + cart + back-to-top
    expect(container.querySelector('.fw-room')?.className).toContain('fw-room-3')
  })
})
