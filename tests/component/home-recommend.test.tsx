/**
 * Issue 25 (believable demo content): the home page recommends the school's goods (adverts at location
 * `recommend`, server/src/seed/recommend.ts), each its cover and name opening the goods page; where this platform
 * must not sell (hideBuyState) the goods pages are not offered.
 */
import Taro from '@tarojs/taro'
import { cleanup, fireEvent, render, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import Home from '@/features/home/home/index'
import { useApp } from '@/store/app'
import { fakeServer, ok, seedTenant } from '../unit/fake-server'

const picks = [
  {
    id: 31,
    location: 'recommend',
    title: '初级会计职称全科套餐',
    image: '/static-assets/cover-1002-cj-pkg.jpg',
    linkUrl: '/pages3/course/jydetail?id=12',
    sort: 1,
  },
  {
    id: 32,
    location: 'recommend',
    title: '中级会计实务精讲班',
    image: '/static-assets/cover-1002-zj-sw.jpg',
    linkUrl: '/pages3/course/detail?id=4',
    sort: 2,
  },
]

beforeEach(() => {
  seedTenant('1002')
  useApp.setState({ config: {}, hideBuyState: false })
})
afterEach(cleanup)

function serve() {
  return fakeServer({
    'GET /app/common/base/advertising/homeLocation': ok([]),
    'GET /app/common/base/home/list': ok([]),
    'GET /app/consultation/list': ok({ rows: [], total: 0 }),
    'GET /app/common/base/advertising/adLocation': (c) => ok(c.query.get('location') === 'recommend' ? picks : []),
  })
}

describe('home recommendations', () => {
  it('shows the school’s recommended goods and opens the goods page', async () => {
    const server = serve()
    const { container } = render(<Home />)
    await waitFor(() => expect(container.querySelectorAll('.home-recommend-item')).toHaveLength(2))
    expect(server.of('GET /app/common/base/advertising/adLocation')[0]!.query.get('location')).toBe('recommend')
    const titles = [...container.querySelectorAll('.home-recommend-title')].map((e) => e.textContent)
    expect(titles).toEqual(['初级会计职称全科套餐', '中级会计实务精讲班'])
    expect(container.querySelector('.home-recommend-cover img, img.home-recommend-cover')).not.toBeNull()
    fireEvent.click(container.querySelectorAll('.home-recommend-item')[1]!)
    await waitFor(() =>
      expect(Taro.navigateTo).toHaveBeenCalledWith(expect.objectContaining({ url: '/pages3/course/detail?id=4' })),
    )
  })

  it('offers no goods page where buying is hidden, and nothing when the school recommends nothing', async () => {
    useApp.setState({ hideBuyState: true })
    serve()
    const { container } = render(<Home />)
    await waitFor(() => expect(container.querySelector('.home-body')).not.toBeNull())
    expect(container.querySelector('.home-recommend')).toBeNull()
  })
})
