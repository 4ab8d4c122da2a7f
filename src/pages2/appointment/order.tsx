// Route shell (src/app.config.ts): the screen lives in the apply feature.
export { default } from '@/features/apply/booking/order'
