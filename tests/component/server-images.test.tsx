/**
 * The server's own images come as root-relative URLs (`/static-assets/…`: the seed's article figures and the
 * WeChat service card's QR code). On weapp a relative `src` would point into the mini-program package, so they
 * get the tenant's image base like every other image (src/components/link imageUrl): in article HTML
 * (RichHtml) and on the service panel; absolute and protocol-relative URLs stay.
 */
import { cleanup, fireEvent, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import FloatingWidget from '@/components/floating-widget'
import { fitHtml } from '@/components/rich-html'
import { tenantConfig } from '@/services/tenant/config'
import { useApp } from '@/store/app'

afterEach(cleanup)

describe('RichHtml image sources', () => {
  const base = 'https://api.school.example'
  it('puts the image base before root-relative image sources', () => {
    const out = fitHtml('<p>图</p><img src="/static-assets/figure-work-at-height.jpg" alt="示意图">', base)
    expect(out).toContain(`src="${base}/static-assets/figure-work-at-height.jpg"`)
    expect(out).toContain('max-width:100%')
  })
  it('leaves absolute, protocol-relative and data URLs, and non-image links, as they are', () => {
    const html =
      '<img src="https://cdn.example/a.png"><img src="//cdn.example/b.png"><img src="data:image/png;base64,AA"><a href="/pages/index/index">首页</a>'
    const out = fitHtml(html, base)
    expect(out).toContain('src="https://cdn.example/a.png"')
    expect(out).toContain('src="//cdn.example/b.png"')
    expect(out).toContain('src="data:image/png;base64,AA"')
    expect(out).toContain('href="/pages/index/index"')
  })
  it('changes nothing on H5, where the base is empty (same origin)', () => {
    expect(fitHtml('<img src="/static-assets/x.jpg">', '')).toContain('src="/static-assets/x.jpg"')
  })
})

describe('the WeChat service card', () => {
  it('loads the QR code from the image base', () => {
    const before = tenantConfig.imageBase
    tenantConfig.imageBase = 'https://api.school.example'
    try {
      useApp.setState({
        consultMobile: {
          consultationStatus: 1,
          serviceWechatStatus: 1,
          serviceWechatImg: '/static-assets/wechat-anxin_peixun.png',
          serviceWechatNumber: 'anxin_peixun',
        },
      })
      const { container } = render(<FloatingWidget scrollTop={0} />)
      // the widget rests docked at the edge (issue 25): a tap brings its buttons out
      fireEvent.click(container.querySelector('.fw-docked')!)
      fireEvent.click(container.querySelector('.fw-toggle')!)
      fireEvent.click(container.querySelector('.fw-wechat')!)
      const img = container.querySelector('.fw-qr img, img.fw-qr, .fw-qr')!
      const src = img.getAttribute('src') ?? img.querySelector('img')?.getAttribute('src')
      expect(src).toBe('https://api.school.example/static-assets/wechat-anxin_peixun.png')
    } finally {
      tenantConfig.imageBase = before
    }
  })
})
