/**
 * Issue 25 (shop, account and home): the order page from My orders, a real checkout, and what a learner sees where
 * this platform must not sell (the school's hideBuyState: shared/rules/buy.ts).
 */
import Taro from '@tarojs/taro'
import { cleanup, fireEvent, render, waitFor } from '@testing-library/react'
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
    checkBuy: vi.fn(async () => ({ bought: false })),
    cartAdd: vi.fn(async () => null),
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
const { storage } = await import('@/services/storage')
const { useApp } = await import('@/store/app')
const { useSession } = await import('@/store/session')
const { default: ConfirmList } = await import('@/features/order/orders/confirm_list')
const { default: MyOrders } = await import('@/features/order/orders/index')
const { default: OrderDetail } = await import('@/features/order/orders/detail')
const { default: BuyBar } = await import('@/features/shop/components/goods-card/buy-bar')
const { default: FloatingWidget } = await import('@/components/floating-widget')
const { default: ShoppingCart } = await import('@/features/shop/cart/shoppingCart')

type Order = Awaited<ReturnType<typeof shop.orderInfo>>
type Detail = Awaited<ReturnType<typeof shop.goodsDetail>>

function click(container: HTMLElement, cls: string) {
  const el = container.querySelector(`.${cls}`)
  if (!el) throw new Error(`no .${cls}`)
  fireEvent.click(el)
}

function order(orderId: number, orderStatus: Order['orderStatus'], extra: Partial<Order> = {}): Order {
  return {
    orderId,
    orderNo: `2025000${orderId}`,
    orderStatus,
    totalPrice: 12900,
    payPrice: 9900,
    channel: 'gzh',
    createTime: 1_700_000_000,
    expireTime: Math.floor(Date.now() / 1000) + 1800,
    payTime: orderStatus === 1 ? null : 1_700_000_100,
    payProvider: orderStatus === 1 ? null : 'wechat',
    invoiceId: null,
    invoiceStatus: null,
    refundReason: null,
    refundApplyTime: null,
    refundHandleTime: null,
    refundRejectReason: null,
    goods: [{ goodsId: 10, goodsName: 'Course A', goodsType: 1, cover: '/c.jpg', price: 9900, originalPrice: 12900 }],
    ...extra,
  }
}

const detail = (goodsId: number, price: number, originalPrice: number, validityDays: number) =>
  ({
    goodsId,
    goodsName: `Goods ${goodsId}`,
    goodsType: 1,
    cover: `/cover-${goodsId}.jpg`,
    price,
    originalPrice,
    isFree: price === 0,
    validityDays,
    onSale: true,
  }) as unknown as Detail

const CONSULT = {
  consultationStatus: 1,
  serviceHotlineStatus: 1,
  serviceNumber: '400-800-1234',
  serviceWechatStatus: 0,
  shoppingCarStatus: 1,
}

beforeEach(() => {
  for (const k of Object.keys(routerParams)) delete routerParams[k]
  storage.set('user_account', 'u1')
  useSession.setState({ userAccount: 'u1' })
  useApp.setState({ hideBuyState: false, consultMobile: null })
})
afterEach(() => cleanup())

describe('the order page (issue 25)', () => {
  it('My orders opens an order on its own page', async () => {
    vi.mocked(shop.orderList).mockResolvedValue({ rows: [order(2, 2)], total: 1 })
    const { container } = render(<MyOrders />)
    await waitFor(() => expect(container.querySelector('.order-item-2')).not.toBeNull())
    click(container, 'order-open-2')
    expect(Taro.navigateTo).toHaveBeenCalledWith({ url: '/pages2/order/detail?orderId=2' })
  })

  it('shows the state, goods, money, times, payment method, invoice and refund, and its actions', async () => {
    routerParams.orderId = '5'
    vi.mocked(shop.orderInfo).mockResolvedValue(
      order(5, 7, {
        refundReason: '报错了班次',
        refundApplyTime: 1_700_000_500,
        refundHandleTime: 1_700_000_900,
        refundRejectReason: '已学习超过一半',
      }),
    )
    const { container } = render(<OrderDetail />)
    await waitFor(() => expect(container.querySelector('.od-head')).not.toBeNull())
    const text = container.textContent ?? ''
    expect(container.querySelector('.od-status')?.textContent).toBe('退款被拒绝')
    expect(text).toContain('Course A')
    expect(container.querySelector('.od-total')?.textContent).toContain('¥129.00')
    expect(container.querySelector('.od-discount')?.textContent).toContain('-¥30.00')
    expect(container.querySelector('.od-pay')?.textContent).toBe('实付金额¥99.00')
    expect(container.querySelector('.od-no')?.textContent).toContain('20250005')
    expect(container.querySelector('.od-created')?.textContent).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/)
    expect(container.querySelector('.od-paid')).not.toBeNull()
    expect(container.querySelector('.od-pay-by')?.textContent).toContain('微信支付')
    expect(container.querySelector('.od-invoice')?.textContent).toContain('未申请')
    expect(container.querySelector('.od-refund-reason')?.textContent).toContain('报错了班次')
    expect(container.querySelector('.od-refund-rejected')?.textContent).toContain('已学习超过一半')
    // a refund-rejected order can still be invoiced and has a receipt; it cannot be refunded again here
    expect(container.querySelector('.od-actions .order-invoice')).not.toBeNull()
    expect(container.querySelector('.od-actions .order-receipt')).not.toBeNull()
    expect(container.querySelector('.od-actions .order-refund')).toBeNull()
    click(container, 'od-all')
    expect(Taro.redirectTo).toHaveBeenCalledWith({ url: '/pages2/order/index' })
  })

  it('a pending order counts down, can be paid or cancelled; a paid one asks for a refund with a reason', async () => {
    routerParams.orderId = '6'
    vi.mocked(shop.orderInfo).mockResolvedValue(order(6, 1))
    const pending = render(<OrderDetail />)
    await waitFor(() => expect(pending.container.querySelector('.od-actions .order-pay')).not.toBeNull())
    expect(pending.container.querySelector('.od-explain')?.textContent).toMatch(/请在 \d{2}:\d{2} 内完成支付/)
    expect(pending.container.querySelector('.od-pay')?.textContent).toContain('应付金额')
    click(pending.container, 'order-cancel')
    await waitFor(() => expect(shop.cancelOrder).toHaveBeenCalledWith(6))
    cleanup()

    vi.mocked(shop.orderInfo).mockResolvedValue(order(6, 2))
    const paid = render(<OrderDetail />)
    await waitFor(() => expect(paid.container.querySelector('.od-actions .order-refund')).not.toBeNull())
    click(paid.container, 'order-refund')
    await waitFor(() => expect(document.querySelector('.order-refund-submit')).not.toBeNull())
  })
})

describe('the checkout (issue 25)', () => {
  it('shows each goods with its cover and validity, the price breakdown, the agreement and the total to pay', async () => {
    routerParams.goodsIds = '31,32'
    vi.mocked(shop.goodsDetail).mockImplementation(async (id: number) =>
      id === 31 ? detail(31, 9900, 12900, 365) : detail(32, 5000, 5000, 0),
    )
    vi.mocked(shop.checkGoodsStatus).mockResolvedValue([
      { goodsId: 31, price: 9900, onSale: true, owned: false },
      { goodsId: 32, price: 5000, onSale: true, owned: false },
    ] as never)
    const { container } = render(<ConfirmList />)
    await waitFor(() => expect(container.querySelector('.confirm-goods-31')).not.toBeNull())
    expect(container.querySelector('.confirm-goods-31 .order-goods-cover')?.getAttribute('src')).toContain('cover-31')
    expect(container.querySelector('.confirm-goods-31')?.textContent).toContain('有效期：购买后365天')
    expect(container.querySelector('.confirm-goods-32')?.textContent).toContain('有效期：长期有效')
    expect(container.querySelector('.confirm-list-total')?.textContent).toContain('¥179.00')
    expect(container.querySelector('.confirm-saving')?.textContent).toContain('-¥30.00')
    expect(container.querySelector('.confirm-due')?.textContent).toContain('¥149.00')
    expect(container.querySelector('.confirm-total')?.textContent).toBe('¥149.00')
    expect(container.querySelector('.confirm-submit')?.textContent).toBe('提交订单')
    click(container, 'confirm-terms')
    expect(Taro.navigateTo).toHaveBeenCalledWith({ url: '/pages3/news/detail?doc=agreement.service' })
  })
})

describe('where buying is hidden (issue 25)', () => {
  it('a goods page says where to buy instead: the school website, or the service team', async () => {
    useApp.setState({ hideBuyState: true })
    const { container } = render(<BuyBar goodsId={31} goodsType={1} onSale />)
    expect(container.querySelector('.detail-buy')).toBeNull()
    expect(container.querySelector('.detail-add-cart')).toBeNull()
    expect(container.querySelector('.buy-elsewhere')?.textContent).toContain('a.xuexi-demo.com')
    click(container, 'buy-elsewhere-contact')
    expect(Taro.navigateTo).toHaveBeenCalledWith({ url: '/pages5/counselor/index' })
  })

  it('the floating widget offers no cart, and the cart and checkout pages say where to buy', async () => {
    useApp.setState({ hideBuyState: true, consultMobile: CONSULT })
    const widget = render(<FloatingWidget scrollTop={0} />)
    fireEvent.click(widget.container.querySelector('.fw-docked')!)
    expect(widget.container.querySelector('.fw-toggle')).not.toBeNull()
    expect(widget.container.querySelector('.fw-cart')).toBeNull()
    cleanup()
    const cart = render(<ShoppingCart />)
    expect(cart.container.querySelector('.buy-elsewhere')).not.toBeNull()
    expect(shop.cartList).not.toHaveBeenCalled()
    cleanup()
    routerParams.goodsIds = '31'
    const confirm = render(<ConfirmList />)
    expect(confirm.container.querySelector('.buy-elsewhere')).not.toBeNull()
    expect(confirm.container.querySelector('.confirm-submit')).toBeNull()
  })
})
