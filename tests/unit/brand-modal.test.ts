/** Issue 25 §7: a system modal's confirm button is in the school's colour, not WeChat green (H5's default). */
import { describe, expect, it, vi } from 'vitest'
import { installBrandModal } from '@/components/theme/modal'

describe('brand modal', () => {
  it('fills confirmColor with the brand primary of the moment, unless the call names its own', async () => {
    const showModal = vi.fn(async (_opts?: Record<string, unknown>) => ({ confirm: true, cancel: false, errMsg: 'ok' }))
    const taro = { showModal: showModal as (opts?: Record<string, unknown>) => Promise<unknown> }
    let primary = '#1677ff'
    installBrandModal(() => primary, taro as never)
    await taro.showModal({ title: 't', content: 'c' })
    expect(showModal).toHaveBeenLastCalledWith({ title: 't', content: 'c', confirmColor: '#1677ff' })
    primary = '#13a35b'
    await taro.showModal({ content: 'c' })
    expect(showModal).toHaveBeenLastCalledWith({ content: 'c', confirmColor: '#13a35b' })
    await taro.showModal({ content: 'c', confirmColor: '#f53f3f' })
    expect(showModal).toHaveBeenLastCalledWith({ content: 'c', confirmColor: '#f53f3f' })
    // installing twice wraps once
    installBrandModal(() => '#000000', taro as never)
    await taro.showModal({ content: 'c' })
    expect(showModal).toHaveBeenLastCalledWith({ content: 'c', confirmColor: '#13a35b' })
  })
})
