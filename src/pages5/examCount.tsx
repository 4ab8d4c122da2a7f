// Route shell (src/app.config.ts): the screen lives in the exam feature.
export { default } from '@/features/exam/exams/exam-count'
