/** Shop codes on the wire (no zod: the app may import these values). */
export const GOODS_TYPE = { course: 1, bank: 2, live: 3, package: 4 } as const
export const ORDER_STATUS = {
  pending: 1,
  paid: 2,
  cancelled: 3,
  closed: 4,
  refundRequested: 5,
  refunded: 6,
  refundRejected: 7,
} as const
export const INVOICE_STATUS = { requested: 0, issued: 1, cancelled: 2 } as const
