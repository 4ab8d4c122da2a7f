// Route shell (src/app.config.ts): the screen lives in the order feature.
export { default } from '@/features/order/orders/confirm_list'
