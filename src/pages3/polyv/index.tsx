// Route shell (src/app.config.ts): the screen lives in the learn feature.
export { default } from '@/features/learn/player/index'
