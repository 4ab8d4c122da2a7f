/** Cart, checkout, payment, My orders and invoices (keys under `order.`, so they never meet the catalogue's). */
export default {
  'order.tab.pending': '待支付',
  'order.tab.paid': '已支付',
  'order.tab.refund': '退款',
}
