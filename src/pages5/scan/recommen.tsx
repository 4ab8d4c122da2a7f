// Route shell (src/app.config.ts): the screen lives in the scan feature.
export { default } from '@/features/scan/scan/recommen'
