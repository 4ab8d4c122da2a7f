/**
 * My account › Points (pages3/live/points): the balance and the ledger from the chat server's learner route
 * `GET /live/points` through the app's one request door (tenant and token headers), paged, pull-down refresh, the
 * empty and failed states; and the My-account entry that leads there.
 */
import Taro from '@tarojs/taro'
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { PointsLedgerRow } from '../../contract/schemas/live-interactions'
import { resetRequestState } from '../../src/services/http/request'
import { setTransport } from '../../src/services/http/transport'
import { useSession } from '../../src/store/session'
import { fakeServer, ok, seedTenant } from '../unit/fake-server'
import { firePageEvent, setRouter } from '../unit/taro-double'

const { default: PointsPage } = await import('@/features/live/points/index')
const { default: Wd } = await import('@/features/user/tab/index')

const T0 = Date.UTC(2026, 2, 1, 2, 0, 0)

function row(id: number, over: Partial<PointsLedgerRow> = {}): PointsLedgerRow {
  return {
    id,
    delta: 10,
    balance: 100 + id,
    reason: 'redpaper',
    sessionId: 50,
    sessionTitle: 'Evacuation drills',
    note: '',
    timeMs: T0 + id * 60_000,
    ...over,
  }
}

function q(c: ParentNode, sel: string): HTMLElement {
  const el = c.querySelector(sel)
  if (!el) throw new Error(`no ${sel}`)
  return el as HTMLElement
}

beforeEach(() => {
  resetRequestState()
  seedTenant()
  useSession.getState().setLogin({ token: 'tok', userAccount: 'u1' })
  setRouter('/pages3/live/points')
})
afterEach(() => {
  cleanup()
  setTransport(null)
  useSession.getState().clear()
})

describe('my points', () => {
  it('shows the balance and the ledger, newest first, with the learner’s token', async () => {
    const srv = fakeServer({
      'GET /live/points': ok({
        balance: 37,
        total: 3,
        rows: [
          row(3, { delta: -5, balance: 37, reason: 'reward_sent' }),
          row(2, { delta: 30, balance: 42, reason: 'redpaper' }),
          row(1, { delta: 12, balance: 12, reason: 'grant', sessionId: null, sessionTitle: '', note: 'welcome' }),
        ],
      }),
    })
    const { container } = render(<PointsPage />)
    await waitFor(() => expect(q(container, '.pt-balance').textContent).toBe('37'))
    const call = srv.of('GET /live/points')[0]!
    expect(call.query.get('pageNum')).toBe('1')
    expect(call.query.get('pageSize')).toBe('20')
    expect(call.header).toMatchObject({ 'tenant-id': '1001', Authorization: 'Bearer tok' })
    expect([...container.querySelectorAll('.pt-row')].map((r) => r.className.split(' ')[1])).toEqual([
      'pt-row-3',
      'pt-row-2',
      'pt-row-1',
    ])
    expect(q(container, '.pt-row-3 .pt-row-reason').textContent).toBe('打赏讲师')
    expect(q(container, '.pt-row-3 .pt-delta').textContent).toBe('-5')
    expect(q(container, '.pt-row-3 .pt-delta').className).toContain('is-spend')
    expect(q(container, '.pt-row-2 .pt-delta').textContent).toBe('+30')
    expect(q(container, '.pt-row-2 .pt-row-sub').textContent).toBe('Evacuation drills')
    expect(q(container, '.pt-row-2 .pt-row-after').textContent).toBe('余额 42')
    expect(q(container, '.pt-row-1 .pt-row-sub').textContent).toBe('welcome')
    // points are not money, and the page says so
    expect(q(container, '.pt-note').textContent).toContain('积分不是现金')
  })

  it('pages on at the bottom and reads page 1 again on pull-down', async () => {
    let balance = 200
    const srv = fakeServer({
      'GET /live/points': (req) => {
        const page = Number(req.query.get('pageNum'))
        const rows = Array.from({ length: page === 1 ? 20 : 5 }, (_, i) => row(page * 100 - i))
        return ok({ balance, total: 25, rows })
      },
    })
    const { container } = render(<PointsPage />)
    await waitFor(() => expect(container.querySelectorAll('.pt-row')).toHaveLength(20))
    await act(async () => {
      await firePageEvent('reachBottom')
    })
    await waitFor(() => expect(container.querySelectorAll('.pt-row')).toHaveLength(25))
    expect(srv.of('GET /live/points').map((c) => c.query.get('pageNum'))).toEqual(['1', '2'])
    balance = 230
    await act(async () => {
      await firePageEvent('pullDownRefresh')
    })
    await waitFor(() => expect(q(container, '.pt-balance').textContent).toBe('230'))
    expect(Taro.stopPullDownRefresh).toHaveBeenCalled()
  })

  it('an empty ledger leads to the live classes; a failure offers a retry', async () => {
    fakeServer({ 'GET /live/points': ok({ balance: 0, total: 0, rows: [] }) })
    const { container, unmount } = render(<PointsPage />)
    await waitFor(() => expect(container.textContent).toContain('还没有积分记录'))
    expect(q(container, '.pt-balance').textContent).toBe('0')
    fireEvent.click(q(container, '.empty-action'))
    expect(Taro.navigateTo).toHaveBeenCalledWith({ url: '/pages5/liveList' })
    unmount()

    let fail = true
    fakeServer({ 'GET /live/points': () => (fail ? 'fail' : ok({ balance: 5, total: 1, rows: [row(1)] })) })
    const view = render(<PointsPage />)
    await waitFor(() => expect(view.container.querySelector('.empty-action')).not.toBeNull())
    // quiet: the page shows the failure, no toast over it
    expect(Taro.showToast).not.toHaveBeenCalled()
    fail = false
    fireEvent.click(q(view.container, '.empty-action'))
    await waitFor(() => expect(view.container.querySelectorAll('.pt-row')).toHaveLength(1))
  })

  it('My account has the way in', async () => {
    fakeServer({
      'GET /app/user/getInfo': ok(null),
      'GET /app/user/infoAttached': ok({}),
      'GET /app/shopping/cart/total': ok(0),
    })
    setRouter('/pages/wd/index')
    const { container } = render(<Wd />)
    expect(q(container, '.wd-menu-points .wd-grid-label').textContent).toBe('我的积分')
    fireEvent.click(q(container, '.wd-menu-points'))
    expect(Taro.navigateTo).toHaveBeenCalledWith({ url: '/pages3/live/points' })
  })
})
