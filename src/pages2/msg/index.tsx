// Route shell (src/app.config.ts): the screen lives in the inform feature.
export { default } from '@/features/inform/messages/index'
