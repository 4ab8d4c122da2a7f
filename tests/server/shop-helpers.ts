/** Shop test helpers: goods by name, placing orders, the local provider's signed callback. */
import { and, eq } from 'drizzle-orm'
import { goods, shopOrder } from '../../server/src/db/schema'
import { LocalPaymentProvider } from '../../server/src/services/payment'
import { call, type Harness, SECRET } from './helpers'

let keyCounter = 0
export const key = () => `test-key-${process.pid}-${++keyCounter}-${Math.random().toString(36).slice(2, 8)}`

export async function goodsId(h: Harness, tenantId: number, name: string): Promise<number> {
  const [g] = await h.database.db
    .select({ id: goods.id })
    .from(goods)
    .where(and(eq(goods.tenantId, tenantId), eq(goods.name, name)))
  if (!g) throw new Error(`no goods ${name} in ${tenantId}`)
  return g.id
}

export async function orderRow(h: Harness, orderId: number) {
  const [o] = await h.database.db.select().from(shopOrder).where(eq(shopOrder.id, orderId))
  return o!
}

export interface Placed {
  orderId: number
  orderNo: string
  orderStatus: number
  totalPrice: number
  payPrice: number
  paid: boolean
  pay: { provider: string; payNo: string; payUrl?: string } | null
}

export async function place(h: Harness, token: string, body: Record<string, unknown>, tenant = 1001) {
  return call<Placed>(h.app, 'POST /order/placeGzhOrder', { tenant, token, body: { idempotencyKey: key(), ...body } })
}

export const localProvider = () => new LocalPaymentProvider(SECRET, '/api')

/** Posts a callback (headers + raw body) to the contract route, as WeChat would. */
export async function postCallback(
  h: Harness,
  cb: { headers: Record<string, string>; body: string },
  tenantId: number | string = 1001,
) {
  const res = await h.app.inject({
    method: 'POST',
    url: `/api/wx/pay/callback?tenantId=${tenantId}`,
    headers: cb.headers,
    payload: cb.body,
  })
  return { status: res.statusCode, body: JSON.parse(res.body) as { code: number; msg: string; data: unknown } }
}
