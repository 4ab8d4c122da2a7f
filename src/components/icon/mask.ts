// Taro picks mask.h5.ts / mask.weapp.ts at build time; tools without a platform (vitest, tsc) get H5.
export { maskStyle } from './mask.h5'
