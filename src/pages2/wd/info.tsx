// Route shell (src/app.config.ts): the screen lives in the user feature.
export { default } from '@/features/user/account-info/info'
