/**
 * Issue 12, defect 3: the brand (name, colour, logo) follows the tenant the host resolves to, from the server's
 * config, not the build's tenant file: the home header, the tab bar and the page root's --primary.
 */
import { cleanup, render, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import TabBar from '@/components/tab-bar'
import { themeStyle } from '@/components/theme'
import Home from '@/features/home/home/index'
import { storage } from '@/services/storage'
import { type Brand, brandFromConfig, buildBrand, firstBrand, useBrand } from '@/services/tenant/brand'
import { parseConfig, useApp } from '@/store/app'
import { fakeServer, seedTenant } from '../unit/fake-server'

const B: Brand = { name: '博学继续教育学院', primary: '#13a35b', logo: '' }
const configB = parseConfig([
  { configKey: 'home.header', configValue: JSON.stringify({ companyName: B.name }) },
  { configKey: 'tenant.brand', configValue: JSON.stringify(B) },
])

beforeEach(() => {
  useBrand.setState({ brand: buildBrand })
  useApp.setState({ current: 0, tabShow: true, tabNums: 0, shoppingNum: 0, config: {} })
})

afterEach(() => {
  cleanup()
  document.body.style.removeProperty('--primary')
})

describe('brand of the host', () => {
  it('is read from the config: the brand row, else home.header / home.mobile; bad parts keep the base', () => {
    expect(brandFromConfig(configB, buildBrand)).toEqual(B)
    const spec = parseConfig([
      { configKey: 'home.header', configValue: JSON.stringify({ companyName: '某某学校' }) },
      { configKey: 'home.mobile', configValue: JSON.stringify({ theme: { primary: '#aa0000' }, logo: '/l.png' }) },
    ])
    expect(brandFromConfig(spec, buildBrand)).toEqual({ name: '某某学校', primary: '#aa0000', logo: '/l.png' })
    const bad = parseConfig([{ configKey: 'tenant.brand', configValue: JSON.stringify({ primary: 'red;x' }) }])
    expect(brandFromConfig(bad, buildBrand)).toEqual(buildBrand)
  })

  it('the first paint of another tenant’s host shows no other school’s name; a visited host its own brand', () => {
    expect(firstBrand('a.xuexi-demo.com')).toEqual(buildBrand)
    expect(firstBrand('b.xuexi-demo.cn').name).toBe('')
    storage.set('tenant_brand', { 'b.xuexi-demo.cn': B })
    expect(firstBrand('b.xuexi-demo.cn')).toEqual(B)
  })

  it('sets the colour on the document root (H5), remembers the brand for the host, adds nothing per page', () => {
    useBrand.getState().setFromConfig(configB)
    expect(useBrand.getState().brand).toEqual(B)
    expect(document.body.style.getPropertyValue('--primary')).toBe('#13a35b')
    expect(document.body.style.getPropertyValue('--nutui-color-primary')).toBe('#13a35b')
    expect(storage.get<Record<string, Brand>>('tenant_brand')).toEqual({ 'a.xuexi-demo.com': B })
    // a page root's style must not pin the build tenant's colour over the document's
    expect(themeStyle).toEqual({})
  })

  it('the tab bar wears the brand colour (active label and icon)', () => {
    useBrand.getState().setFromConfig(configB)
    const { container } = render(<TabBar />)
    const bar = container.querySelector('.tab-bar') as HTMLElement
    expect(bar.style.getPropertyValue('--primary')).toBe('#13a35b')
    const icon = container.querySelector('.tab-item-active img, .tab-item-active .tab-icon') as HTMLElement
    const src = icon.getAttribute('src') ?? ''
    expect(decodeURIComponent(atob(src.split(',')[1] ?? ''))).toContain('#13a35b')
  })

  it('the home header names the host’s school only', async () => {
    seedTenant('1002')
    fakeServer({
      'GET /app/common/base/advertising/homeLocation': { code: 200, data: [] },
      'GET /app/common/base/home/list': { code: 200, data: [] },
      'GET /app/consultation/list': { code: 200, data: { rows: [], total: 0 } },
    })
    useApp.setState({ config: configB, header: { companyName: B.name } })
    useBrand.getState().setFromConfig(configB)
    const { container } = render(<Home />)
    await waitFor(() => expect(container.querySelector('.home-company')?.textContent).toBe(B.name))
    expect(container.textContent).not.toContain('安信职业培训学校')
    expect(container.querySelector('.home-logo-initial')?.textContent).toBe('博')
  })
})
