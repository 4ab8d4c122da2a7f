// Route shell (src/app.config.ts): the screen lives in the note feature.
export { default } from '@/features/note/note/index'
