import type zh from '../zh-CN/order'

export default {
  'order.pay.notPending': 'This order needs no payment',
  'order.tab.pending': 'To pay',
  'order.tab.paid': 'Paid',
  'order.tab.refund': 'Refunds',
  'order.list.goodsCount': '{n} item(s)',
} satisfies Record<keyof typeof zh, string>
