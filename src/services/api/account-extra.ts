/**
 * Account extras (issue 17; docs/DECISIONS.md "Account extras"): binding the learner's ID number and the signed link
 * to an order's receipt. The server's other extras (staff list, school profile, address used before, polyv player
 * calls) are typed here too for the pages that use them.
 */
import type { RouteData, RouteInput } from '../../../contract/types'
import { type CallOptions, call } from './call'

type Body<K extends Parameters<typeof call>[0]> = RouteInput<K> extends { body: infer B } ? B : never

export type ViewSign = RouteData<'GET /order/getViewSign/:id'>

/** The learner's name and ID number (refused once an identity certification is waiting or approved). */
export function bindIdcard(body: Body<'POST /app/user/bind_idcard'>, opts?: CallOptions) {
  return call('POST /app/user/bind_idcard', { body }, opts)
}

/** A ten-minute link to the receipt of one of my paid orders. */
export function orderViewSign(orderId: number, opts?: CallOptions) {
  return call('GET /order/getViewSign/:id', { params: { id: orderId } }, opts)
}

export type SchoolInfo = RouteData<'GET /school/info/getInfo'>

// The school's public profile (name, logo, address, hotline, email, introduction) is read by My account's 关于我们
// too, so the call lives in ./tabs (the weapp main package) and is re-exported here.
export { schoolInfo } from './tabs'

export type BeforeAddress = RouteData<'GET /app/before/address'>

/** The name, phone and address the learner last gave for a prize (null: never). */
export function beforeAddress(opts?: CallOptions) {
  return call('GET /app/before/address', {}, opts)
}
