// Taro picks leave-guard.h5.ts / leave-guard.weapp.ts at build time; tools without a platform (vitest) get H5.
export { disableLeaveGuard, enableLeaveGuard } from './leave-guard.h5'
