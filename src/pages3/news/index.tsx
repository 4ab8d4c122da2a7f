// Route shell (src/app.config.ts): the screen lives in the news feature.
export { default } from '@/features/news/news/index'
