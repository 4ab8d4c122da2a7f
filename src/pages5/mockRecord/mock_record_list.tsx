// Route shell (src/app.config.ts): the screen lives in the exam feature.
export { default } from '@/features/exam/mock-record/mock_record_list'
