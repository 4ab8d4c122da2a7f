// Route shell (src/app.config.ts): the screen lives in the profile feature.
export { default } from '@/features/profile/profile/stamp'
