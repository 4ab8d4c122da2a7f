// Route shell (src/app.config.ts): the screen lives in the home feature.
export { default } from '@/features/home/home/index'
