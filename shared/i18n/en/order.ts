import type zh from '../zh-CN/order'

export default {
  'order.tab.pending': 'To pay',
  'order.tab.paid': 'Paid',
  'order.tab.refund': 'Refunds',
} satisfies Record<keyof typeof zh, string>
