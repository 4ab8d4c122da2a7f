// Taro picks redirect.h5.ts / redirect.weapp.ts at build time; tools without a platform (vitest) get H5.
export { openExternal } from './redirect.h5'
