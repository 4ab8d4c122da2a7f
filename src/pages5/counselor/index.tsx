// Route shell (src/app.config.ts): the screen lives in the consultation feature.
export { default } from '@/features/consultation/counselor/index'
