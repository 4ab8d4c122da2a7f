// Route shell (src/app.config.ts): the screen lives in the shop feature.
export { default } from '@/features/shop/goods/detail'
