// Route shell (src/app.config.ts): the screen lives in the account feature.
export { default } from '@/features/account/register'
