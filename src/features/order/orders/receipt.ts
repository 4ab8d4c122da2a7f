// Taro picks receipt.h5.ts / receipt.weapp.ts at build time; tools without a platform (vitest) get H5.
export { openReceipt } from './receipt.h5'
