import { cleanup, fireEvent, render } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import Empty from '@/components/empty'
import PageLoading from '@/components/page-loading'

afterEach(() => cleanup())

describe('Empty (NutUI Empty)', () => {
  it('shows the text and hint, draws its own icon (no remote picture) and has no action by default', () => {
    const { container } = render(<Empty text="暂无资讯" hint="稍后再来" />)
    const root = container.querySelector('.empty-state')
    expect(root?.className).toContain('nut-empty')
    expect(root?.textContent).toContain('暂无资讯')
    expect(root?.textContent).toContain('稍后再来')
    expect(container.querySelector('.empty-icon')).not.toBeNull()
    expect(container.querySelector('img')).toBeNull()
    expect(container.querySelector('.empty-action')).toBeNull()
  })

  it('runs the action when its button is tapped', () => {
    const onAction = vi.fn()
    const { container } = render(<Empty text="加载失败" actionText="重试" onAction={onAction} />)
    const action = container.querySelector('.empty-action')
    expect(action?.textContent).toBe('重试')
    fireEvent.click(action as Element)
    expect(onAction).toHaveBeenCalledTimes(1)
  })
})

describe('PageLoading (NutUI Skeleton)', () => {
  it('draws a banner block and one thumb + two lines per row', () => {
    const { container } = render(<PageLoading banner rows={3} />)
    expect(container.querySelectorAll('.sk-banner.nut-skeleton')).toHaveLength(1)
    expect(container.querySelectorAll('.sk-row')).toHaveLength(3)
    expect(container.querySelectorAll('.sk-thumb.nut-skeleton')).toHaveLength(3)
    expect(container.querySelectorAll('.sk-lines .nut-skeleton-content')).toHaveLength(6)
  })

  it('has no banner unless asked', () => {
    const { container } = render(<PageLoading />)
    expect(container.querySelector('.sk-banner')).toBeNull()
    expect(container.querySelectorAll('.sk-row')).toHaveLength(4)
  })
})
