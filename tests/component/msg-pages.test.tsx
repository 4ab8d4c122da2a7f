/**
 * The messages pages (pages2/msg): the list shows the server's rows (unread dot, kind, summary, time), its empty
 * and error states, paging on scroll, the unread tab, "mark all read" (asks first); opening a message loads it
 * (which marks it read on the server) and its button opens the linked page; a message that is not the learner's
 * says so.
 */
import Taro from '@tarojs/taro'
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { MessageDetail, MessagePage, MessageRow } from '@/features/inform/api'
import { ApiError } from '@/services/http/error'
import { firePageEvent, setRouter } from '../unit/taro-double'

vi.mock('@/features/inform/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/features/inform/api')>()),
  messages: vi.fn(),
  message: vi.fn(),
  markRead: vi.fn(),
}))

const api = await import('@/features/inform/api')
const { useSession } = await import('@/store/session')
const { useApp } = await import('@/store/app')
const { default: Messages } = await import('@/features/inform/messages/index')
const { default: MessageDetailPage } = await import('@/features/inform/messages/detail')

const NOW = Math.floor(Date.now() / 1000)

function row(id: number, over: Partial<MessageRow> = {}): MessageRow {
  return {
    id,
    kind: 'order',
    title: `订单支付成功 ${id}`,
    summary: `您的订单 2026000${id} 已支付成功`,
    link: '/pages2/order/index?tab=paid',
    readStatus: 0,
    createTime: NOW - id * 60,
    ...over,
  }
}
const page = (
  rows: MessageRow[],
  total = rows.length,
  unread = rows.filter((r) => r.readStatus === 0).length,
): MessagePage => ({
  rows,
  total,
  unread,
})

const sel = (c: ParentNode, s: string) => {
  const el = c.querySelector(s)
  if (!el) throw new Error(`no ${s}`)
  return el
}
const navigated = () => vi.mocked(Taro.navigateTo).mock.calls.map((c) => (c[0] as { url: string }).url)

let refreshBadges: ReturnType<typeof vi.fn>
beforeEach(() => {
  useSession.getState().setLogin({ token: 't', userAccount: 'u1' })
  refreshBadges = vi.fn(async () => undefined)
  useApp.setState({ refreshBadges } as never)
})
afterEach(() => cleanup())

describe('the messages list', () => {
  it('shows the server rows newest first with an unread dot, and pages on scroll', async () => {
    setRouter('/pages2/msg/index')
    const first = Array.from({ length: 15 }, (_, i) => row(i + 1, { readStatus: i < 2 ? 0 : 1 }))
    vi.mocked(api.messages)
      .mockResolvedValueOnce(page(first, 17, 3))
      .mockResolvedValueOnce(
        page([row(16, { readStatus: 1 }), row(17, { kind: 'notice', title: '端午放假通知', link: '' })], 17, 3),
      )
    const { container, getByText } = render(<Messages />)
    expect(container.querySelector('.nav-bar-title')?.textContent).toBe('消息通知')
    await waitFor(() => expect(container.querySelector('.msg-item-1')).not.toBeNull())
    expect(api.messages).toHaveBeenCalledWith({ pageNum: 1, pageSize: 15 }, expect.anything())
    expect(container.querySelectorAll('.msg-item')).toHaveLength(15)
    expect(sel(container, '.msg-item-1').className).toContain('is-unread')
    expect(container.querySelector('.msg-item-1 .msg-dot')).not.toBeNull()
    expect(container.querySelector('.msg-item-3 .msg-dot')).toBeNull()
    expect(sel(container, '.msg-item-1 .msg-title').textContent).toBe('订单支付成功 1')
    expect(sel(container, '.msg-item-1 .msg-kind').textContent).toBe('订单')
    expect(sel(container, '.msg-item-1 .msg-summary').textContent).toContain('已支付成功')
    expect(sel(container, '.msg-tab-unread').textContent).toBe('未读 3')

    await act(() => firePageEvent('reachBottom'))
    await waitFor(() => expect(container.querySelector('.msg-item-17')).not.toBeNull())
    expect(api.messages).toHaveBeenLastCalledWith({ pageNum: 2, pageSize: 15 }, expect.anything())
    expect(sel(container, '.msg-item-17 .msg-kind').textContent).toBe('学校公告')
    expect(getByText('没有更多了')).toBeTruthy()
    // all shown: no further page is asked for
    await act(() => firePageEvent('reachBottom'))
    expect(api.messages).toHaveBeenCalledTimes(2)
  })

  it('an empty list says so; a failed load offers a retry that works', async () => {
    setRouter('/pages2/msg/index')
    vi.mocked(api.messages).mockRejectedValueOnce(new ApiError(-1, 'network')).mockResolvedValueOnce(page([]))
    const { container, getByText } = render(<Messages />)
    await waitFor(() => expect(getByText('加载失败，请稍后重试')).toBeTruthy())
    fireEvent.click(getByText('重试'))
    await waitFor(() => expect(getByText('暂无消息')).toBeTruthy())
    expect(getByText('订单、发票、考试预约、证书和学校公告会在这里通知你')).toBeTruthy()
    expect(sel(container, '.msg-read-all').className).toContain('is-disabled')
    fireEvent.click(sel(container, '.msg-read-all'))
    expect(Taro.showModal).not.toHaveBeenCalled()
  })

  it('tapping a message opens it and shows it read at once; the unread tab asks for unread only', async () => {
    setRouter('/pages2/msg/index')
    vi.mocked(api.messages).mockResolvedValueOnce(page([row(1), row(2)], 2, 2))
    const { container } = render(<Messages />)
    await waitFor(() => expect(container.querySelector('.msg-item-1')).not.toBeNull())
    fireEvent.click(sel(container, '.msg-item-1'))
    expect(navigated()).toEqual(['/pages2/msg/detail?id=1'])
    expect(sel(container, '.msg-item-1').className).not.toContain('is-unread')
    expect(sel(container, '.msg-tab-unread').textContent).toBe('未读 1')

    vi.mocked(api.messages).mockResolvedValueOnce(page([row(2)], 1, 1))
    fireEvent.click(sel(container, '.msg-tab-unread'))
    // the list is empty for a moment while the unread page loads: wait for that page, not only for item 1 to go
    await waitFor(() => {
      expect(container.querySelector('.msg-item-1')).toBeNull()
      expect(container.querySelector('.msg-item-2')).not.toBeNull()
    })
    expect(api.messages).toHaveBeenLastCalledWith({ pageNum: 1, pageSize: 15, readStatus: 0 }, expect.anything())
  })

  it('mark all read asks first, then clears every dot and refreshes the badges; pull-down refreshes', async () => {
    setRouter('/pages2/msg/index')
    vi.mocked(api.messages).mockResolvedValueOnce(page([row(1), row(2), row(3, { readStatus: 1 })], 3, 2))
    const { container } = render(<Messages />)
    await waitFor(() => expect(container.querySelector('.msg-item-1')).not.toBeNull())

    vi.mocked(Taro.showModal).mockResolvedValueOnce({ confirm: false, cancel: true, errMsg: 'ok' })
    fireEvent.click(sel(container, '.msg-read-all'))
    await waitFor(() => expect(Taro.showModal).toHaveBeenCalledTimes(1))
    expect((vi.mocked(Taro.showModal).mock.calls[0]![0] as { content: string }).content).toBe(
      '将 2 条未读消息全部标为已读？',
    )
    expect(api.markRead).not.toHaveBeenCalled()

    vi.mocked(api.markRead).mockResolvedValueOnce({ updated: 2, unread: 0 })
    vi.mocked(api.messages).mockResolvedValueOnce(
      page([row(1, { readStatus: 1 }), row(2, { readStatus: 1 }), row(3, { readStatus: 1 })], 3, 0),
    )
    fireEvent.click(sel(container, '.msg-read-all'))
    await waitFor(() => expect(api.markRead).toHaveBeenCalledWith({ all: true }))
    await waitFor(() => expect(container.querySelectorAll('.msg-item.is-unread')).toHaveLength(0))
    expect(refreshBadges).toHaveBeenCalled()
    expect(sel(container, '.msg-tab-unread').textContent).toBe('未读')
    expect(sel(container, '.msg-read-all').className).toContain('is-disabled')

    vi.mocked(api.messages).mockResolvedValueOnce(page([row(9), row(1, { readStatus: 1 })], 2, 1))
    await act(() => firePageEvent('pullDownRefresh'))
    await waitFor(() => expect(container.querySelector('.msg-item-9')).not.toBeNull())
    expect(Taro.stopPullDownRefresh).toHaveBeenCalled()
  })
})

describe('one message', () => {
  const detail = (over: Partial<MessageDetail> = {}): MessageDetail => ({
    ...row(5),
    summary: '',
    content: '您的订单 20260005 已支付成功，实付 ¥99.00。\n购买的内容已开通。',
    noticeId: null,
    readStatus: 1,
    ...over,
  })

  it('loads it (the server marks it read), shows title, time and text, refreshes the badges, opens its link', async () => {
    setRouter('/pages2/msg/detail', { id: '5' })
    vi.mocked(api.message).mockResolvedValueOnce(detail())
    const { container } = render(<MessageDetailPage />)
    await waitFor(() => expect(container.querySelector('.msg-detail-title')).not.toBeNull())
    expect(api.message).toHaveBeenCalledWith(5, expect.anything())
    expect(sel(container, '.msg-detail-title').textContent).toBe('订单支付成功 5')
    expect(sel(container, '.msg-detail-content').textContent).toContain('购买的内容已开通')
    expect(sel(container, '.msg-time').textContent).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)
    expect(refreshBadges).toHaveBeenCalled()
    const open = sel(container, '.msg-open')
    expect(open.textContent).toBe('查看订单')
    fireEvent.click(open)
    await waitFor(() => expect(navigated()).toEqual(['/pages2/order/index?tab=paid']))
  })

  it('an announcement without a link has no button', async () => {
    setRouter('/pages2/msg/detail', { id: '6' })
    vi.mocked(api.message).mockResolvedValueOnce(
      detail({ id: 6, kind: 'notice', title: '端午放假通知', link: '', noticeId: 3 }),
    )
    const { container } = render(<MessageDetailPage />)
    await waitFor(() => expect(container.querySelector('.msg-detail-title')?.textContent).toBe('端午放假通知'))
    expect(sel(container, '.msg-kind').textContent).toBe('学校公告')
    expect(container.querySelector('.msg-open')).toBeNull()
  })

  it('another learner’s (or a removed) message says it does not exist, and leads back to the list', async () => {
    setRouter('/pages2/msg/detail', { id: '7' })
    vi.mocked(api.message).mockRejectedValueOnce(new ApiError(404, '消息不存在或已删除'))
    const { getByText } = render(<MessageDetailPage />)
    await waitFor(() => expect(getByText('消息不存在或已删除')).toBeTruthy())
    fireEvent.click(getByText('返回消息列表'))
    expect(Taro.redirectTo).toHaveBeenCalledWith({ url: '/pages2/msg/index' })
    expect(refreshBadges).not.toHaveBeenCalled()
  })
})
