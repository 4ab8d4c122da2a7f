// Route shell (src/app.config.ts): the screen lives in the plan feature.
export { default } from '@/features/plan/plan/edit'
