/**
 * Shop calls: catalogue, cart, orders, refunds, invoices and payment. Money is integer cents on the wire
 * (price, originalPrice, totalPrice, payPrice, amount); format it for display. Codes:
 * contract/schemas/codes.ts (GOODS_TYPE, ORDER_STATUS, INVOICE_STATUS) and docs/DECISIONS.md "Shop".
 */
import type { RouteData, RouteInput } from '../../../contract/types'
import { type CallOptions, call } from '../../services/api/call'

// The calls the tab pages make live in ./tabs (the weapp main package); re-exported for the other pages.
export { businesses, checkBuy, educationTypes, goodsDetail, goodsList, subjects } from '../../services/api/tabs'

type Body<K extends Parameters<typeof call>[0]> = RouteInput<K> extends { body: infer B } ? B : never
type Query<K extends Parameters<typeof call>[0]> = RouteInput<K> extends { query: infer Q } ? Q : never

export type GoodsRow = RouteData<'GET /app/common/goods/list'>['rows'][number]
export type GoodsDetail = RouteData<'GET /app/common/goods/:id'>
export type CartList = RouteData<'GET /base/cart/list'>
export type Order = RouteData<'GET /order/info'>
export type PlaceResult = RouteData<'POST /order/placeGzhOrder'>
export type PayParams = RouteData<'POST /wx/pay/payment'>
export type Invoice = RouteData<'GET /order/invoice/list'>['rows'][number]
export type ActivityLanding = RouteData<'GET /app/common/goods/distribution/goods'>

// ---- catalogue (public) ----

export function businessDetail(id: number, opts?: CallOptions) {
  return call('GET /app/common/course/business/:id', { params: { id } }, opts)
}

export function goodsCourses(id: number, opts?: CallOptions) {
  return call('GET /app/common/goods/course/list/:id', { params: { id } }, opts)
}

export function goodsTeachers(goodsId?: number, opts?: CallOptions) {
  return call('GET /app/common/course/teacher/list', { query: goodsId ? { goodsId } : {} }, opts)
}

/** Chapters with their sections (audition = free to try) of a goods or of one course. */
export function courseMenu(query: { goodsId?: number; courseId?: number }, opts?: CallOptions) {
  return call('GET /app/common/course/menuList', { query }, opts)
}

export function courseChapters(courseId: number, opts?: CallOptions) {
  return call('GET /app/common/course/chapterList/:id', { params: { id: courseId } }, opts)
}

export function chapterSections(chapterId: number, opts?: CallOptions) {
  return call('GET /app/common/course/sectionList/:id', { params: { id: chapterId } }, opts)
}

export function packageGoods(id: number, opts?: CallOptions) {
  return call('GET /app/common/goods/goods/list/:id', { params: { id } }, opts)
}

export function distributionGoods(code: string, opts?: CallOptions) {
  return call('GET /app/common/goods/distribution/goods', { query: { code } }, opts)
}

export function shareGoods(activityId: number, opts?: CallOptions) {
  return call('GET /app/common/goods/share/list/:id', { params: { id: activityId } }, opts)
}

// ---- logged in ----

/** On sale, current price, price changed (when prices are given, same order as goodsIds), owned. */
export function checkGoodsStatus(goodsIds: number[], prices?: number[], opts?: CallOptions) {
  return call('POST /goods/check/goods/status', { body: prices ? { goodsIds, prices } : { goodsIds } }, opts)
}

export function studyCheck(goodsId: number, opts?: CallOptions) {
  return call('GET /order/study/check/:id', { params: { id: goodsId } }, opts)
}

export function firstChoiceGoods(goodsId: number, opts?: CallOptions) {
  return call('POST /order/firstChoiceGoods', { body: { goodsId } }, opts)
}

export function saveOfflineSubscribe(body: Body<'POST /user/subscribe/save/offline'>, opts?: CallOptions) {
  return call('POST /user/subscribe/save/offline', { body }, opts)
}

/** The learner's entitled goods ('all courses'). */
export function myGoods(query: Query<'GET /order/goods/list'> = {}, opts?: CallOptions) {
  return call('GET /order/goods/list', { query }, opts)
}

// ---- cart ----

export function cartAdd(goodsId: number, opts?: CallOptions) {
  return call('POST /base/cart', { body: { goodsId } }, opts)
}

export function cartChoose(body: Body<'POST /base/cart/updateBatchChoice'>, opts?: CallOptions) {
  return call('POST /base/cart/updateBatchChoice', { body }, opts)
}

export function cartDelete(cartId: number, opts?: CallOptions) {
  return call('POST /base/cart/delete/:id', { params: { id: cartId } }, opts)
}

/** Rows, total (= number of rows, the badge), chosenCount and chosenTotalPrice (cents). */
export function cartList(opts?: CallOptions) {
  return call('GET /base/cart/list', {}, opts)
}

// ---- orders ----

/** A fresh idempotency key per checkout: keep it while retrying the same checkout. */
export function newIdempotencyKey(): string {
  const c = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto
  if (c?.randomUUID) return c.randomUUID()
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}-${Math.random().toString(36).slice(2, 12)}`
}

/** Places the order: placeSmallOrder in the mini-program, placeGzhOrder on H5. */
export function placeOrder(body: Body<'POST /order/placeGzhOrder'>, opts?: CallOptions) {
  return process.env.TARO_ENV === 'weapp'
    ? call('POST /order/placeSmallOrder', { body }, opts)
    : call('POST /order/placeGzhOrder', { body }, opts)
}

/** Pay a pending order again: its pay params. */
export function resumeOrder(orderId: number, openId?: string, opts?: CallOptions) {
  const body = openId ? { orderId, openId } : { orderId }
  return process.env.TARO_ENV === 'weapp'
    ? call('POST /order/resumeSmallOrder', { body }, opts)
    : call('POST /order/resumePlaceGzhOrder', { body }, opts)
}

export function activityOrder(body: Body<'POST /order/activity/goods'>, opts?: CallOptions) {
  return call(
    'POST /order/activity/goods',
    { body: { channel: process.env.TARO_ENV === 'weapp' ? 'small' : 'gzh', ...body } },
    opts,
  )
}

export function cancelOrder(orderId: number, opts?: CallOptions) {
  return call('POST /order/edit', { body: { orderId, action: 'cancel' } }, opts)
}

export function orderList(query: Query<'GET /order/list'> = {}, opts?: CallOptions) {
  return call('GET /order/list', { query }, opts)
}

export function orderInfo(orderId: number, opts?: CallOptions) {
  return call('GET /order/info', { query: { orderId } }, opts)
}

export function refund(body: Body<'POST /order/refund'>, opts?: CallOptions) {
  return call('POST /order/refund', { body }, opts)
}

export function refundList(query: Query<'GET /order/refund/list'> = {}, opts?: CallOptions) {
  return call('GET /order/refund/list', { query }, opts)
}

export function applyInvoice(body: Body<'POST /order/invoice'>, opts?: CallOptions) {
  return call('POST /order/invoice', { body }, opts)
}

export function cancelInvoice(invoiceId: number, opts?: CallOptions) {
  return call('POST /order/invoice/cancel', { body: { invoiceId } }, opts)
}

export function invoiceList(query: Query<'GET /order/invoice/list'> = {}, opts?: CallOptions) {
  return call('GET /order/invoice/list', { query }, opts)
}

export function canInvoiceList(opts?: CallOptions) {
  return call('GET /order/invoice/canInvoiceList', {}, opts)
}

// ---- payment ----

/** Pay params of a pending order: { provider: 'local', payUrl } or WeChat JSAPI params. */
export function payment(orderId: number, openId?: string, opts?: CallOptions) {
  return call('POST /wx/pay/payment', { body: openId ? { orderId, openId } : { orderId } }, opts)
}
