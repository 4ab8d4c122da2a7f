// Taro picks pay.h5.ts / pay.weapp.ts at build time; tools without a platform (vitest) get H5.
export { launchPay } from './pay.h5'
