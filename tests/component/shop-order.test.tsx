import Taro from '@tarojs/taro'
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

const routerParams: Record<string, string> = {}

vi.mock('@tarojs/taro', async (importOriginal) =>
  (await import('../unit/taro-double')).pageTaro(importOriginal, () => routerParams),
)

// The tab pages import these calls from '@/services/api/tabs' (the domain modules re-export them).
vi.mock('@/services/api/tabs', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/services/api/tabs')>()),
  goodsDetail: vi.fn(),
}))
vi.mock('@/features/shop/api', async () => {
  const tabs = await import('@/services/api/tabs')
  return {
    cartList: vi.fn(),
    cartChoose: vi.fn(async () => null),
    cartDelete: vi.fn(async () => null),
    goodsDetail: tabs.goodsDetail,
    checkGoodsStatus: vi.fn(),
    shareGoods: vi.fn(),
    placeOrder: vi.fn(),
    activityOrder: vi.fn(),
    newIdempotencyKey: vi.fn(() => `key-${Math.random().toString(36).slice(2, 10)}`),
    orderInfo: vi.fn(),
    orderList: vi.fn(),
    refundList: vi.fn(),
    cancelOrder: vi.fn(async () => ({ orderId: 1, orderStatus: 3 })),
    refund: vi.fn(async () => ({ orderId: 2, orderStatus: 5 })),
    canInvoiceList: vi.fn(async () => []),
    invoiceList: vi.fn(async () => ({ rows: [], total: 0 })),
    applyInvoice: vi.fn(async () => ({ invoiceId: 1 })),
    cancelInvoice: vi.fn(async () => null),
    payment: vi.fn(),
  }
})

vi.mock('@/services/api/common', () => ({
  getSysTime: vi.fn(async () => Math.floor(Date.now() / 1000)),
  cartTotal: vi.fn(async () => 0),
}))

vi.mock('@/services/api/user', () => ({
  infoAttached: vi.fn(async () => ({ informSum: 0, orderSum: 0, periodSum: 0, planSum: 0, subscribeSum: 0 })),
}))

vi.mock('@/features/order/pay', () => ({ payOrder: vi.fn(async () => 'left') }))

vi.mock('@/features/bank/api', () => ({ banks: vi.fn(async () => []) }))

const shop = await import('@/features/shop/api')
const bankApi = await import('@/features/bank/api')
const pay = await import('@/features/order/pay')
const { storage } = await import('@/services/storage')
const { useCart } = await import('@/features/shop/cart-store')
const { useApp } = await import('@/store/app')
const { t } = await import('@/i18n/sub')
const { default: ShoppingCart } = await import('@/features/shop/cart/shoppingCart')
const { default: ConfirmList } = await import('@/features/order/orders/confirm_list')
const { default: ConfirmPay } = await import('@/features/order/orders/confirm_pay')
const { default: ConfirmSuccess } = await import('@/features/order/orders/confirm_success')
const { default: MyOrders } = await import('@/features/order/orders/index')
const { default: InvoicePage } = await import('@/features/order/invoice/index')

type CartList = Awaited<ReturnType<typeof shop.cartList>>
type Order = Awaited<ReturnType<typeof shop.orderInfo>>
type PlaceResult = Awaited<ReturnType<typeof shop.placeOrder>>

function fill(container: HTMLElement, cls: string, value: string) {
  const host = container.querySelector(`.${cls}`)
  if (!host) throw new Error(`no .${cls}`)
  const el = (host.querySelector('input') ?? host) as HTMLInputElement
  el.value = value
  fireEvent.input(el, { target: { value }, detail: { value } })
  host.dispatchEvent(new CustomEvent('input', { detail: { value }, bubbles: true }))
}

function click(container: HTMLElement, cls: string) {
  const el = container.querySelector(`.${cls}`)
  if (!el) throw new Error(`no .${cls}`)
  fireEvent.click(el)
}

const row = (cartId: number, price: number, choice: 0 | 1, onSale = true) => ({
  cartId,
  goodsId: cartId * 10,
  goodsName: `Goods ${cartId}`,
  goodsType: 1 as const,
  cover: '',
  price,
  originalPrice: price,
  choice,
  onSale,
})

function order(orderId: number, orderStatus: Order['orderStatus'], extra: Partial<Order> = {}): Order {
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
    ...extra,
  }
}

const placed = (paid: boolean): PlaceResult => ({
  orderId: 77,
  orderNo: '20250077',
  orderStatus: paid ? 2 : 1,
  totalPrice: paid ? 0 : 9900,
  payPrice: paid ? 0 : 9900,
  paid,
  pay: paid ? null : { provider: 'local', payNo: '20250077', payUrl: '/api/pay/local/20250077' },
})

beforeEach(() => {
  for (const k of Object.keys(routerParams)) delete routerParams[k]
  storage.set('user_account', 'u1')
  useCart.getState().reset()
})
afterEach(() => cleanup())

describe('cart', () => {
  it('logged out: goes to login and comes back', async () => {
    storage.remove('user_account')
    render(<ShoppingCart />)
    await waitFor(() => expect(Taro.redirectTo).toHaveBeenCalledWith({ url: '/pages4/login/login?isBack=1' }))
    expect(shop.cartList).not.toHaveBeenCalled()
  })

  it('select all then checkout: the server total, the badge, and cartIds of the chosen on-sale rows', async () => {
    let all = false
    vi.mocked(shop.cartList).mockImplementation(
      async (): Promise<CartList> => ({
        rows: [row(1, 1000, all ? 1 : 0), row(2, 2500, all ? 1 : 0), row(3, 500, all ? 1 : 0, false)],
        total: 3,
        chosenCount: all ? 2 : 0,
        chosenTotalPrice: all ? 3500 : 0,
      }),
    )
    vi.mocked(shop.cartChoose).mockImplementation(async (body) => {
      all = body.all === true && body.choice === 1
      return null
    })
    const { container } = render(<ShoppingCart />)
    await waitFor(() => expect(container.querySelectorAll('.cart-item')).toHaveLength(3))
    expect(useApp.getState().shoppingNum).toBe(3)
    expect(container.querySelector('.cart-total')?.textContent).toBe('¥0.00')

    click(container, 'cart-check-all')
    await waitFor(() => expect(shop.cartChoose).toHaveBeenCalledWith({ all: true, choice: 1 }, expect.anything()))
    await waitFor(() => expect(container.querySelector('.cart-total')?.textContent).toBe('¥35.00'))
    expect(container.querySelector('.cart-check-1')?.className).toContain('is-checked')
    expect(container.querySelector('.cart-check-3')?.className).not.toContain('is-checked')

    click(container, 'cart-checkout')
    await waitFor(() => expect(Taro.navigateTo).toHaveBeenCalledWith({ url: '/pages2/order/confirm_list?cartIds=1,2' }))
  })

  it('delete asks first, then reloads the list and the badge', async () => {
    let rows = [row(1, 1000, 1), row(2, 2500, 0)]
    vi.mocked(shop.cartList).mockImplementation(async () => ({
      rows,
      total: rows.length,
      chosenCount: 1,
      chosenTotalPrice: 1000,
    }))
    vi.mocked(shop.cartDelete).mockImplementation(async (id) => {
      rows = rows.filter((r) => r.cartId !== id)
      return null
    })
    const { container } = render(<ShoppingCart />)
    await waitFor(() => expect(container.querySelectorAll('.cart-item')).toHaveLength(2))
    click(container, 'cart-delete-2')
    await waitFor(() => expect(shop.cartDelete).toHaveBeenCalledWith(2, expect.anything()))
    expect(Taro.showModal).toHaveBeenCalled()
    await waitFor(() => expect(container.querySelectorAll('.cart-item')).toHaveLength(1))
    expect(useApp.getState().shoppingNum).toBe(1)
  })

  it('empty cart links to the course centre', async () => {
    vi.mocked(shop.cartList).mockResolvedValue({ rows: [], total: 0, chosenCount: 0, chosenTotalPrice: 0 })
    const { findByText } = render(<ShoppingCart />)
    fireEvent.click(await findByText(t('order.cart.toShop')))
    expect(Taro.switchTab).toHaveBeenCalledWith({ url: '/pages/course/index' })
  })
})

describe('cart store', () => {
  it('serializes changes: one in flight, and only the newest reload is shown', async () => {
    let inFlight = 0
    let maxInFlight = 0
    const sent: number[] = []
    vi.mocked(shop.cartChoose).mockImplementation(async (body) => {
      inFlight++
      maxInFlight = Math.max(maxInFlight, inFlight)
      await new Promise((r) => setTimeout(r, 10))
      sent.push(Number(body.cartIds?.[0] ?? 0))
      inFlight--
      return null
    })
    vi.mocked(shop.cartList).mockImplementation(async () => ({
      rows: [row(1, 100, sent.includes(1) ? 1 : 0), row(2, 200, sent.includes(2) ? 1 : 0)],
      total: 2,
      chosenCount: sent.length,
      chosenTotalPrice: (sent.includes(1) ? 100 : 0) + (sent.includes(2) ? 200 : 0),
    }))
    const s = useCart.getState()
    await Promise.all([s.choose([1], 1), s.choose([2], 1)])
    expect(maxInFlight).toBe(1)
    expect(sent).toEqual([1, 2])
    // the reload after the first change is skipped: a newer change was queued
    expect(shop.cartList).toHaveBeenCalledTimes(1)
    expect(useCart.getState().chosenTotalPrice).toBe(300)
    expect(useCart.getState().syncing).toBe(false)
  })
})

describe('confirm order', () => {
  it('reuses the idempotency key when the learner retries after a failure, then goes to pay', async () => {
    routerParams.cartIds = '1,2'
    storage.set('invite_code', 'INV42')
    vi.mocked(shop.cartList).mockResolvedValue({
      rows: [row(1, 1000, 1), row(2, 2500, 1), row(9, 300, 0)],
      total: 3,
      chosenCount: 2,
      chosenTotalPrice: 3500,
    })
    vi.mocked(shop.placeOrder).mockRejectedValueOnce(new Error('network')).mockResolvedValueOnce(placed(false))
    const { container } = render(<ConfirmList />)
    await waitFor(() => expect(container.querySelector('.confirm-total')?.textContent).toBe('¥35.00'))

    click(container, 'confirm-submit')
    await waitFor(() => expect(shop.placeOrder).toHaveBeenCalledTimes(1))
    await waitFor(() => expect(container.querySelector('.confirm-submit')?.className).not.toContain('is-busy'))
    click(container, 'confirm-submit')
    await waitFor(() => expect(shop.placeOrder).toHaveBeenCalledTimes(2))

    const [first] = vi.mocked(shop.placeOrder).mock.calls[0]!
    const [second] = vi.mocked(shop.placeOrder).mock.calls[1]!
    expect(first).toEqual({ cartIds: [1, 2], idempotencyKey: first.idempotencyKey, inviteCode: 'INV42' })
    expect(first.idempotencyKey).toMatch(/^[A-Za-z0-9_-]{8,64}$/)
    expect(second.idempotencyKey).toBe(first.idempotencyKey)
    await waitFor(() => expect(Taro.redirectTo).toHaveBeenCalledWith({ url: '/pages2/order/confirm_pay?orderId=77' }))
    // the order stays on screen whatever happens next (its render can come a task after the redirect call
    // the waitFor above saw, on a busy machine)
    await waitFor(() => expect(container.textContent).toContain('20250077'))
  })

  it('a double tap places one order', async () => {
    routerParams.goodsIds = '10'
    vi.mocked(shop.goodsDetail).mockResolvedValue({
      goodsId: 10,
      goodsName: 'Course A',
      cover: '',
      price: 9900,
      originalPrice: 12900,
      onSale: true,
    } as Awaited<ReturnType<typeof shop.goodsDetail>>)
    vi.mocked(shop.checkGoodsStatus).mockResolvedValue([
      { goodsId: 10, onSale: true, price: 8800, priceChanged: false, owned: false },
    ])
    let resolve: (r: PlaceResult) => void = () => undefined
    vi.mocked(shop.placeOrder).mockImplementation(() => new Promise((r) => (resolve = r)))
    const { container } = render(<ConfirmList />)
    await waitFor(() => expect(container.querySelector('.confirm-total')?.textContent).toBe('¥88.00'))
    click(container, 'confirm-submit')
    click(container, 'confirm-submit')
    await act(async () => resolve(placed(false)))
    expect(shop.placeOrder).toHaveBeenCalledTimes(1)
    expect(vi.mocked(shop.placeOrder).mock.calls[0]![0]).toMatchObject({ goodsIds: [10] })
  })

  it('free goods: the order comes back paid and goes straight to success', async () => {
    routerParams.goodsIds = '10'
    vi.mocked(shop.goodsDetail).mockResolvedValue({
      goodsId: 10,
      goodsName: 'Free course',
      cover: '',
      price: 0,
      originalPrice: 0,
      onSale: true,
    } as Awaited<ReturnType<typeof shop.goodsDetail>>)
    vi.mocked(shop.checkGoodsStatus).mockResolvedValue([
      { goodsId: 10, onSale: true, price: 0, priceChanged: false, owned: false },
    ])
    vi.mocked(shop.placeOrder).mockResolvedValue(placed(true))
    const { container } = render(<ConfirmList />)
    await waitFor(() => expect(container.querySelector('.confirm-total')?.textContent).toBe('¥0.00'))
    click(container, 'confirm-submit')
    await waitFor(() =>
      expect(Taro.redirectTo).toHaveBeenCalledWith({ url: '/pages2/order/confirm_success?orderId=77' }),
    )
    expect(pay.payOrder).not.toHaveBeenCalled()
  })
})

describe('pay and success', () => {
  it('shows the amount and a countdown, and pays through the pay service', async () => {
    routerParams.orderId = '5'
    vi.mocked(shop.orderInfo).mockResolvedValue(order(5, 1))
    const { container } = render(<ConfirmPay />)
    await waitFor(() => expect(container.querySelector('.pay-amount')?.textContent).toBe('¥99.00'))
    await waitFor(() => expect(container.querySelector('.pay-countdown')?.textContent).toMatch(/(29|30):\d\d/))
    click(container, 'pay-now')
    await waitFor(() => expect(pay.payOrder).toHaveBeenCalledWith(5))
  })

  it('WeChat Pay outside WeChat says so plainly', async () => {
    routerParams.orderId = '5'
    vi.mocked(shop.orderInfo).mockResolvedValue(order(5, 1))
    vi.mocked(pay.payOrder).mockResolvedValueOnce('unsupported')
    const { container } = render(<ConfirmPay />)
    await waitFor(() => expect(container.querySelector('.pay-now')).not.toBeNull())
    click(container, 'pay-now')
    await waitFor(() =>
      expect(Taro.showModal).toHaveBeenCalledWith(expect.objectContaining({ content: t('order.pay.needWechat') })),
    )
  })

  it('success polls the order until the payment callback has landed', async () => {
    routerParams.orderId = '5'
    vi.mocked(shop.orderInfo).mockResolvedValueOnce(order(5, 1)).mockResolvedValue(order(5, 2))
    const { container } = render(<ConfirmSuccess />)
    await waitFor(() =>
      expect(container.querySelector('.success-title')?.textContent).toBe(t('order.success.checking')),
    )
    await waitFor(() => expect(container.querySelector('.success-title')?.textContent).toBe(t('order.success.paid')), {
      timeout: 4000,
    })
    expect(shop.orderInfo).toHaveBeenCalledTimes(2)
    click(container, 'success-orders')
    expect(Taro.redirectTo).toHaveBeenCalledWith({ url: '/pages2/order/index' })
    // a course: start learning opens the learning tab
    expect(container.querySelector('.success-learn')?.textContent).toBe(t('order.success.learn'))
    click(container, 'success-learn')
    await waitFor(() => expect(Taro.switchTab).toHaveBeenCalledWith({ url: '/pages/learn/index' }))
  })

  it('a question bank paid: the button practises it — its bank becomes current on the question-bank tab', async () => {
    routerParams.orderId = '6'
    const bankOrder = order(6, 2, {
      goods: [
        { goodsId: 4, goodsName: '低压电工作业考试题库', goodsType: 2, cover: '', price: 4900, originalPrice: 9900 },
      ],
    })
    vi.mocked(shop.orderInfo).mockResolvedValue(bankOrder)
    vi.mocked(bankApi.banks).mockResolvedValue([
      {
        bankId: 2,
        bankName: '低压电工作业（特种作业操作证）',
        goodsId: 4,
        goodsName: '低压电工作业考试题库',
        isFree: false,
        chapterNum: 4,
        questionNum: 40,
        paperNum: 1,
        sort: 2,
      },
    ])
    const { container } = render(<ConfirmSuccess />)
    await waitFor(() =>
      expect(container.querySelector('.success-learn')?.textContent).toBe(t('order.success.practise')),
    )
    click(container, 'success-learn')
    await waitFor(() => expect(Taro.switchTab).toHaveBeenCalledWith({ url: '/pages/questionBank/index' }))
    expect(bankApi.banks).toHaveBeenCalledWith(4, expect.anything())
    expect(storage.get('bank_id')).toBe(2)
  })
})

describe('my orders', () => {
  const rows = [
    order(1, 1),
    order(2, 2),
    order(3, 2, { invoiceId: 9, invoiceStatus: 0 }),
    order(4, 2, { payPrice: 0, totalPrice: 0 }),
    order(5, 5),
    order(6, 7, { refundRejectReason: 'used' }),
  ]

  it('shows each state and only the actions that state allows', async () => {
    vi.mocked(shop.orderList).mockResolvedValue({ rows, total: rows.length })
    const { container } = render(<MyOrders />)
    await waitFor(() => expect(container.querySelectorAll('.order-item')).toHaveLength(6))
    const item = (id: number) => container.querySelector(`.order-item-${id}`)!
    const has = (id: number, cls: string) => item(id).querySelector(`.${cls}`) !== null

    expect(item(1).querySelector('.order-status')?.textContent).toBe(t('order.status.1'))
    expect([has(1, 'order-pay'), has(1, 'order-cancel'), has(1, 'order-refund'), has(1, 'order-invoice')]).toEqual([
      true,
      true,
      false,
      false,
    ])
    expect([has(2, 'order-pay'), has(2, 'order-refund'), has(2, 'order-invoice')]).toEqual([false, true, true])
    // invoiced: cancel the invoice before a refund (server rule)
    expect([has(3, 'order-refund'), has(3, 'order-invoice')]).toEqual([false, false])
    // free: nothing to refund or invoice
    expect([has(4, 'order-refund'), has(4, 'order-invoice')]).toEqual([false, false])
    expect(item(5).querySelector('.order-status')?.textContent).toBe(t('order.status.5'))
    // a refund requested: nothing to do but look at the receipt of the payment (account extras)
    expect(item(5).querySelector('.order-btn:not(.order-receipt)')).toBeNull()
    expect(has(5, 'order-receipt')).toBe(true)
    expect(item(6).textContent).toContain('used')

    fireEvent.click(item(1).querySelector('.order-pay')!)
    expect(Taro.navigateTo).toHaveBeenCalledWith({ url: '/pages2/order/confirm_pay?orderId=1' })
    fireEvent.click(item(2).querySelector('.order-invoice')!)
    expect(Taro.navigateTo).toHaveBeenCalledWith({ url: '/pages2/invoice/index?orderId=2' })
  })

  it('cancel asks first; refund needs a reason in the popup', async () => {
    vi.mocked(shop.orderList).mockResolvedValue({ rows, total: rows.length })
    const { container } = render(<MyOrders />)
    await waitFor(() => expect(container.querySelectorAll('.order-item')).toHaveLength(6))

    fireEvent.click(container.querySelector('.order-item-1 .order-cancel')!)
    await waitFor(() => expect(shop.cancelOrder).toHaveBeenCalledWith(1))
    expect(Taro.showModal).toHaveBeenCalled()

    fireEvent.click(container.querySelector('.order-item-2 .order-refund')!)
    await waitFor(() => expect(container.querySelector('.order-refund-reason')).not.toBeNull())
    click(container, 'order-refund-submit')
    expect(await waitFor(() => container.textContent)).toContain(t('order.refund.reasonRequired'))
    expect(shop.refund).not.toHaveBeenCalled()
    act(() => fill(container, 'order-refund-reason', 'changed my mind'))
    click(container, 'order-refund-submit')
    await waitFor(() => expect(shop.refund).toHaveBeenCalledWith({ orderId: 2, reason: 'changed my mind' }))
  })

  it('an unpaid order shows what is due (应付), a paid one what was paid (实付)', async () => {
    const list = [order(1, 1), order(2, 2), order(3, 3), order(4, 4), order(5, 5), order(6, 6)]
    vi.mocked(shop.orderList).mockResolvedValue({ rows: list, total: list.length })
    const { container } = render(<MyOrders />)
    await waitFor(() => expect(container.querySelectorAll('.order-item')).toHaveLength(6))
    const label = (id: number) => container.querySelector(`.order-item-${id} .order-item-pay`)?.textContent ?? ''
    for (const id of [1, 3, 4]) expect(label(id)).toBe(`${t('order.list.duePrice')}¥99.00`)
    for (const id of [2, 5, 6]) expect(label(id)).toBe(`${t('order.list.payPrice')}¥99.00`)
    expect(t('order.list.duePrice')).toContain('应付')
  })

  it('an order on an invoice says what the invoice says: requested, then issued', async () => {
    const list = [order(7, 2, { invoiceId: 3, invoiceStatus: 0 }), order(8, 2, { invoiceId: 4, invoiceStatus: 1 })]
    vi.mocked(shop.orderList).mockResolvedValue({ rows: list, total: list.length })
    const { container } = render(<MyOrders />)
    await waitFor(() => expect(container.querySelectorAll('.order-item')).toHaveLength(2))
    expect(container.querySelector('.order-item-7 .order-invoiced')?.textContent).toBe('发票申请中')
    expect(container.querySelector('.order-item-8 .order-invoiced')?.textContent).toBe('已开票')
  })

  it('tabs filter by state; the refund tab reads the refund list', async () => {
    vi.mocked(shop.orderList).mockResolvedValue({ rows: [], total: 0 })
    vi.mocked(shop.refundList).mockResolvedValue({ rows: [order(5, 5)], total: 1 })
    const { container } = render(<MyOrders />)
    await waitFor(() => expect(shop.orderList).toHaveBeenCalledWith({ pageNum: 1, pageSize: 10 }, expect.anything()))
    click(container, 'order-tab-pending')
    await waitFor(() =>
      expect(shop.orderList).toHaveBeenCalledWith({ pageNum: 1, pageSize: 10, orderStatus: 1 }, expect.anything()),
    )
    click(container, 'order-tab-refund')
    await waitFor(() => expect(container.querySelectorAll('.order-item')).toHaveLength(1))
  })
})

describe('invoice', () => {
  const paid = order(2, 2)

  it('preselects the order, needs a tax number for a company, then applies', async () => {
    routerParams.orderId = '2'
    vi.mocked(shop.canInvoiceList).mockResolvedValue([paid, order(8, 2)])
    const { container, findByText } = render(<InvoicePage />)
    await waitFor(() => expect(container.querySelector('.invoice-order-2')?.className).toContain('is-checked'))
    expect(container.querySelector('.invoice-order-8')?.className).not.toContain('is-checked')

    click(container, 'invoice-type-company')
    await waitFor(() => expect(container.querySelector('.invoice-taxno')).not.toBeNull())
    act(() => {
      fill(container, 'invoice-title', 'ACME Ltd')
      fill(container, 'invoice-email', 'not-an-email')
    })
    click(container, 'invoice-submit')
    expect(await findByText(t('order.invoice.err.taxNo'))).toBeTruthy()
    expect(await findByText(t('order.invoice.err.email'))).toBeTruthy()
    expect(shop.applyInvoice).not.toHaveBeenCalled()

    act(() => {
      fill(container, 'invoice-taxno', '91110000ma01abcd2x')
      fill(container, 'invoice-email', 'fin@acme.com')
    })
    click(container, 'invoice-submit')
    await waitFor(() =>
      expect(shop.applyInvoice).toHaveBeenCalledWith({
        orderIds: [2],
        titleType: 2,
        title: 'ACME Ltd',
        taxNo: '91110000MA01ABCD2X',
        email: 'fin@acme.com',
      }),
    )
  })

  it('lists my invoices and cancels one that is not issued yet', async () => {
    vi.mocked(shop.invoiceList).mockResolvedValue({
      rows: [
        {
          invoiceId: 1,
          orderIds: [2],
          orderNos: ['20250002'],
          titleType: 1,
          title: 'Me',
          taxNo: '',
          email: 'me@x.cn',
          amount: 9900,
          invoiceStatus: 0,
          createTime: 1_700_000_000,
          issueTime: null,
        },
        {
          invoiceId: 2,
          orderIds: [3],
          orderNos: ['20250003'],
          titleType: 1,
          title: 'Me',
          taxNo: '',
          email: 'me@x.cn',
          amount: 9900,
          invoiceStatus: 1,
          createTime: 1_700_000_000,
          issueTime: 1_700_000_500,
        },
      ],
      total: 2,
    })
    const { container } = render(<InvoicePage />)
    await waitFor(() => expect(container.querySelectorAll('.invoice-item')).toHaveLength(2))
    expect(container.querySelector('.invoice-item-2 .invoice-cancel')).toBeNull()
    expect(container.querySelector('.invoice-item-2')?.textContent).toContain(t('order.invoice.status.1'))
    fireEvent.click(container.querySelector('.invoice-item-1 .invoice-cancel')!)
    await waitFor(() => expect(shop.cancelInvoice).toHaveBeenCalledWith(1))
    expect(Taro.showModal).toHaveBeenCalled()
  })
})
