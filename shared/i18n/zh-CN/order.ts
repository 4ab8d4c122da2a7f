/** Cart, checkout, payment, My orders and invoices (keys under `order.`, so they never meet the catalogue's). */
export default {
  'order.pay.notPending': '该订单当前无需支付',
  'order.tab.pending': '待支付',
  'order.tab.paid': '已支付',
  'order.tab.refund': '退款',
  'order.list.goodsCount': '共 {n} 件商品',
}
