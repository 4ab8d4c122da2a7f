// Route shell (src/app.config.ts): the screen lives in the answer feature.
export { default } from '@/features/answer/answer/ask'
