// Route shell (src/app.config.ts): the screen lives in the bank feature.
export { default } from '@/features/bank/bank/question_detail'
