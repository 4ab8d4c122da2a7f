import Taro from '@tarojs/taro'
import { cleanup, fireEvent, render } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import FloatingWidget from '@/components/floating-widget'
import { EVENTS, off, on } from '@/services/events'
import { type ConsultConfig, useApp } from '@/store/app'
import { useSession } from '@/store/session'

const ALL_ON: ConsultConfig = {
  consultationStatus: 1,
  serviceHotlineStatus: 1,
  servicingTime: '9:00-18:00',
  serviceNumber: '400-800-1234',
  serviceWechatStatus: 1,
  serviceWechatImg: 'https://img.example.com/qr.png',
  serviceWechatNumber: 'xuexi_kefu',
  shoppingCarStatus: 1,
}

/** The widget with its buttons out: it rests docked, so the learner taps its tab first (issue 25). */
function setup(consult: ConsultConfig | null, props: { scrollTop?: number; shop?: boolean } = {}) {
  useApp.setState({ consultMobile: consult })
  const out = render(<FloatingWidget scrollTop={props.scrollTop ?? 0} shop={props.shop} />)
  const tab = out.container.querySelector('.fw-docked')
  if (tab) fireEvent.click(tab)
  return out
}

function click(container: HTMLElement, selector: string) {
  const el = container.querySelector(selector)
  if (!el) throw new Error(`no ${selector}`)
  fireEvent.click(el)
}

beforeEach(() => {
  useSession.setState({ userAccount: null, token: null })
})

afterEach(() => {
  cleanup()
  useApp.setState({ consultMobile: null })
})

describe('FloatingWidget', () => {
  it('renders nothing when every flag is off and the page is not scrolled', () => {
    const { container } = setup({ ...ALL_ON, consultationStatus: 0, shoppingCarStatus: 0 })
    expect(container.querySelector('.floating-widget')).toBeNull()
  })

  it('rests docked at the edge, covering nothing, and comes out on a tap (issue 25)', () => {
    useApp.setState({ consultMobile: ALL_ON })
    const { container } = render(<FloatingWidget scrollTop={0} />)
    expect(container.querySelector('.fw-docked')).not.toBeNull()
    expect(container.querySelector('.fw-btn')).toBeNull()
    fireEvent.click(container.querySelector('.fw-docked')!)
    expect(container.querySelector('.fw-toggle')).not.toBeNull()
  })

  it('hides the parts whose flags are off', () => {
    const { container } = setup({ ...ALL_ON, serviceWechatStatus: 0 })
    click(container, '.fw-toggle')
    expect(container.querySelector('.fw-hotline')).not.toBeNull()
    expect(container.querySelector('.fw-wechat')).toBeNull()
  })

  it('opens one panel at a time; tapping the open panel closes it', () => {
    const { container } = setup(ALL_ON)
    expect(container.querySelector('.fw-hotline')).toBeNull()
    click(container, '.fw-toggle')
    click(container, '.fw-hotline')
    expect(container.querySelector('.fw-panel-hotline')?.textContent).toContain('400-800-1234')
    expect(container.querySelector('.fw-panel-hotline')?.textContent).toContain('9:00-18:00')
    click(container, '.fw-wechat')
    expect(container.querySelector('.fw-panel-hotline')).toBeNull()
    expect(container.querySelector('.fw-panel-wechat')?.textContent).toContain('xuexi_kefu')
    click(container, '.fw-wechat')
    expect(container.querySelector('.fw-panel')).toBeNull()
  })

  it('calls the hotline and copies the social-messaging number', () => {
    const { container } = setup(ALL_ON)
    click(container, '.fw-toggle')
    click(container, '.fw-hotline')
    click(container, '.fw-panel-hotline .fw-number')
    expect(Taro.makePhoneCall).toHaveBeenCalledWith({ phoneNumber: '400-800-1234' })
    click(container, '.fw-wechat')
    click(container, '.fw-panel-wechat .fw-number')
    expect(Taro.setClipboardData).toHaveBeenCalledWith({ data: 'xuexi_kefu' })
  })

  it('shows the cart shortcut only to a logged-in user', () => {
    const out = setup(ALL_ON)
    expect(out.container.querySelector('.fw-cart')).toBeNull()
    cleanup()
    useSession.setState({ userAccount: '13800000000', token: 't' })
    const { container } = setup(ALL_ON)
    click(container, '.fw-cart')
    expect(Taro.navigateTo).toHaveBeenCalledWith({ url: '/pages4/shopping/shoppingCart' })
  })

  it('shows back-to-top only once scrolled and scrolls over 300 ms', () => {
    const flat = setup(null)
    expect(flat.container.querySelector('.fw-backtop')).toBeNull()
    cleanup()
    const { container } = setup(null, { scrollTop: 400 })
    click(container, '.fw-backtop')
    expect(Taro.pageScrollTo).toHaveBeenCalledWith({ scrollTop: 0, duration: 300 })
  })

  it('emits the back-top event on the shop tab instead of scrolling', () => {
    let fired = 0
    const fn = () => {
      fired++
    }
    on(EVENTS.backTop, fn)
    const { container } = setup(null, { scrollTop: 400, shop: true })
    click(container, '.fw-backtop')
    off(EVENTS.backTop, fn)
    expect(fired).toBe(1)
    expect(Taro.pageScrollTo).not.toHaveBeenCalled()
  })
})
