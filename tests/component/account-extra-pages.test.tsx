/**
 * Account extras in the app (docs/DECISIONS.md "Account extras"): 查看凭证 on My orders for paid orders (the signed
 * link opened by the platform), and binding the ID number on the personal-info page (checked before sending, only
 * while no certification is waiting or approved).
 */
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { UserInfo } from '../../contract/types'

vi.mock('@/services/api/account-extra', () => ({
  bindIdcard: vi.fn(),
  orderViewSign: vi.fn(),
}))
vi.mock('@/features/order/orders/receipt', () => ({ openReceipt: vi.fn() }))
vi.mock('@/features/shop/api', () => ({
  orderList: vi.fn(),
  refundList: vi.fn(),
  cancelOrder: vi.fn(),
  refund: vi.fn(),
}))
vi.mock('@/services/api/user', () => ({
  getInfo: vi.fn(),
  infoAttached: vi.fn(),
  editUser: vi.fn(),
}))
vi.mock('@/features/exam/api', () => ({
  infoDetail: vi.fn(async () => ({
    realName: '张三丰',
    idCard: '',
    telPhone: '138****5678',
    eduLevel: '',
    certStatus: 0,
    confirmed: false,
    confirmedTime: null,
    missing: ['idCard'],
  })),
  confirmInfo: vi.fn(),
}))

const extra = await import('@/services/api/account-extra')
const receipt = await import('@/features/order/orders/receipt')
const shop = await import('@/features/shop/api')
const userApi = await import('@/services/api/user')
const { useSession } = await import('@/store/session')
const { storage } = await import('@/services/storage')
const { REVIEW_STATUS } = await import('@/features/learn/api')
const { default: MyOrders } = await import('@/features/order/orders/index')
const { default: InfoFill } = await import('@/features/learn/verify/info_fill')

type Order = Awaited<ReturnType<typeof shop.orderList>>['rows'][number]

function order(orderId: number, orderStatus: Order['orderStatus']): Order {
  return {
    orderId,
    orderNo: `2025000${orderId}`,
    orderStatus,
    totalPrice: 9900,
    payPrice: 9900,
    channel: 'gzh',
    createTime: 1_700_000_000,
    expireTime: Math.floor(Date.now() / 1000) + 1800,
    payTime: orderStatus === 2 ? 1_700_000_100 : null,
    payProvider: orderStatus === 2 ? 'local' : null,
    invoiceId: null,
    invoiceStatus: null,
    refundReason: null,
    refundApplyTime: null,
    refundHandleTime: null,
    refundRejectReason: null,
    goods: [{ goodsId: 10, goodsName: 'Course A', goodsType: 1, cover: '', price: 9900, originalPrice: 9900 }],
  }
}

function user(over: Partial<UserInfo> = {}): UserInfo {
  return {
    userId: 1,
    userAccount: 'u1',
    telPhone: '13812345678',
    nickName: 'Nick',
    realName: '张三丰',
    avatar: '',
    sex: '0',
    birthday: '',
    idCard: '',
    certStatus: 0,
    eduLevel: '',
    school: '',
    major: '',
    graduationDate: '',
    shareActivityCode: '',
    inviteCode: '',
    createTime: 0,
    ...over,
  }
}

function fill(container: HTMLElement, cls: string, value: string) {
  const host = container.querySelector(`.${cls}`)
  if (!host) throw new Error(`no .${cls}`)
  const el = (host.querySelector('input') ?? host) as HTMLInputElement
  el.value = value
  fireEvent.input(el, { target: { value }, detail: { value } })
  host.dispatchEvent(new CustomEvent('input', { detail: { value }, bubbles: true }))
}

const click = (container: HTMLElement, cls: string) => {
  const el = container.querySelector(`.${cls}`)
  if (!el) throw new Error(`no .${cls}`)
  fireEvent.click(el)
}

beforeEach(() => {
  vi.clearAllMocks()
  storage.set('user_account', 'u1')
  useSession.getState().setLogin({ token: 't', userAccount: 'u1' })
})
afterEach(() => cleanup())

describe('My orders: 查看凭证', () => {
  it('paid, refund requested, refunded and refund-rejected orders have it; pending, cancelled and closed not', async () => {
    const rows = [order(1, 1), order(2, 2), order(3, 3), order(4, 4), order(5, 5), order(6, 6), order(7, 7)]
    vi.mocked(shop.orderList).mockResolvedValue({ rows, total: rows.length })
    const { container } = render(<MyOrders />)
    await waitFor(() => expect(container.querySelectorAll('.order-item')).toHaveLength(7))
    const has = (id: number) => container.querySelector(`.order-item-${id} .order-receipt`) !== null
    expect(rows.map((o) => has(o.orderId))).toEqual([false, true, false, false, true, true, true])
    expect(container.querySelector('.order-item-2 .order-receipt')?.textContent).toBe('查看凭证')
  })

  it('asks the server for the signed link of that order and opens it', async () => {
    vi.mocked(shop.orderList).mockResolvedValue({ rows: [order(2, 2)], total: 1 })
    vi.mocked(extra.orderViewSign).mockResolvedValue({ url: '/api/order/view/20250002/1.2.sig', expireTime: 1 })
    const { container } = render(<MyOrders />)
    await waitFor(() => expect(container.querySelector('.order-item-2 .order-receipt')).not.toBeNull())
    click(container, 'order-receipt')
    await waitFor(() => expect(receipt.openReceipt).toHaveBeenCalledWith('/api/order/view/20250002/1.2.sig'))
    expect(extra.orderViewSign).toHaveBeenCalledWith(2)
  })

  it('a refused link opens nothing', async () => {
    vi.mocked(shop.orderList).mockResolvedValue({ rows: [order(2, 2)], total: 1 })
    vi.mocked(extra.orderViewSign).mockRejectedValue(new Error('order not found'))
    const { container } = render(<MyOrders />)
    await waitFor(() => expect(container.querySelector('.order-receipt')).not.toBeNull())
    click(container, 'order-receipt')
    await waitFor(() => expect(extra.orderViewSign).toHaveBeenCalled())
    expect(receipt.openReceipt).not.toHaveBeenCalled()
  })
})

describe('personal info: binding the ID number', () => {
  it('checks the number before sending, then binds it with the typed name and reloads', async () => {
    vi.mocked(userApi.getInfo).mockResolvedValue(user())
    vi.mocked(extra.bindIdcard).mockResolvedValue({ realName: '张三丰', idCard: '1101**********002X' })
    const { container, findByText } = render(<InfoFill />)
    await waitFor(() => expect(container.querySelector('.verify-idcard-open')?.textContent).toBe('填写身份证号'))
    click(container, 'verify-idcard-open')
    act(() => fill(container, 'verify-idcard-input', '110105194912310021'))
    click(container, 'verify-idcard-submit')
    expect(await findByText('身份证号校验位不正确，请检查是否输错')).toBeTruthy()
    act(() => fill(container, 'verify-idcard-input', '1101051949'))
    click(container, 'verify-idcard-submit')
    expect(await findByText('请输入 18 位身份证号（最后一位可以是 X）')).toBeTruthy()
    // the check digit is right, the birth date (the 50th of the 13th month) is not
    act(() => fill(container, 'verify-idcard-input', '310104199913501235'))
    click(container, 'verify-idcard-submit')
    expect(await findByText('身份证号中的出生日期（第 7-14 位）不是有效日期，请检查是否输错')).toBeTruthy()
    expect(extra.bindIdcard).not.toHaveBeenCalled()
    const loads = vi.mocked(userApi.getInfo).mock.calls.length
    act(() => fill(container, 'verify-idcard-input', ' 11010519491231002x '))
    click(container, 'verify-idcard-submit')
    await waitFor(() =>
      expect(extra.bindIdcard).toHaveBeenCalledWith({ realName: '张三丰', idCard: '11010519491231002X' }),
    )
    await waitFor(() => expect(vi.mocked(userApi.getInfo).mock.calls.length).toBeGreaterThan(loads))
    await waitFor(() => expect(container.querySelector('.verify-idcard-input')).toBeNull())
  })

  it('a bound number can be changed; a short name is named and nothing is sent', async () => {
    vi.mocked(userApi.getInfo).mockResolvedValue(user({ realName: '', idCard: '1101**********002X' }))
    const { container, findByText } = render(<InfoFill />)
    await waitFor(() => expect(container.querySelector('.verify-idcard-open')?.textContent).toBe('修改身份证号'))
    click(container, 'verify-idcard-open')
    act(() => fill(container, 'verify-idcard-input', '11010519491231002X'))
    click(container, 'verify-idcard-submit')
    expect(await findByText('请输入 2-30 个字的真实姓名')).toBeTruthy()
    expect(extra.bindIdcard).not.toHaveBeenCalled()
  })

  it('is not offered while a certification is waiting or once it is approved', async () => {
    for (const certStatus of [REVIEW_STATUS.pending, REVIEW_STATUS.approved]) {
      vi.mocked(userApi.getInfo).mockResolvedValue(user({ certStatus, idCard: '1101**********002X' }))
      const { container, unmount } = render(<InfoFill />)
      await waitFor(() =>
        expect(container.querySelector('.verify-info-idcard')?.textContent).toBe('1101**********002X'),
      )
      expect(container.querySelector('.verify-idcard-open')).toBeNull()
      unmount()
    }
  })
})
