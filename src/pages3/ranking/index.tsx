// Route shell (src/app.config.ts): the screen lives in the ranking feature.
export { default } from '@/features/ranking/ranking/index'
