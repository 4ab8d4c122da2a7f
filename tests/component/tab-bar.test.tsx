import Taro from '@tarojs/taro'
import { cleanup, fireEvent, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import TabBar from '@/components/tab-bar'
import { useApp } from '@/store/app'

afterEach(() => {
  cleanup()
  useApp.setState({ current: 0, tabShow: true, tabNums: 0, shoppingNum: 0 })
})

describe('TabBar', () => {
  it('renders five tabs with their labels and marks the active one', () => {
    useApp.setState({ current: 2 })
    const { container } = render(<TabBar />)
    const items = container.querySelectorAll('.tab-item')
    expect(items).toHaveLength(5)
    expect([...items].map((i) => i.textContent)).toEqual(['首页', '选课中心', '学习', '题库', '我的'])
    expect(container.querySelector('.tab-item-2')?.className).toContain('tab-item-active')
    expect(container.querySelectorAll('.tab-item-active')).toHaveLength(1)
  })

  it('shows the unread badge on 我的 and the cart badge on the shop tab', () => {
    useApp.setState({ tabNums: 5, shoppingNum: 120 })
    const { container } = render(<TabBar />)
    expect(container.querySelector('.tab-item-4 .tab-badge')?.textContent).toBe('5')
    expect(container.querySelector('.tab-item-1 .tab-badge')?.textContent).toBe('99+')
    expect(container.querySelectorAll('.tab-badge')).toHaveLength(2)
  })

  it('shows no badge at zero', () => {
    const { container } = render(<TabBar />)
    expect(container.querySelector('.tab-badge')).toBeNull()
  })

  it('switches tabs with switchTab and records the active tab', () => {
    const { container } = render(<TabBar />)
    fireEvent.click(container.querySelector('.tab-item-3') as Element)
    expect(Taro.switchTab).toHaveBeenCalledWith({ url: '/pages/questionBank/index' })
    expect(useApp.getState().current).toBe(3)
  })

  it('hides when tabShow is off', () => {
    useApp.setState({ tabShow: false })
    const { container } = render(<TabBar />)
    expect(container.querySelector('.tab-bar')).toBeNull()
  })
})
