// Route shell (src/app.config.ts): the screen lives in the live feature.
export { default } from '@/features/live/lists/my-lives'
