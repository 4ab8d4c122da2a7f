// Taro picks compress.h5.ts / compress.weapp.ts at build time; tools without a platform (vitest) get H5.
export { type PreparedImage, prepareImage } from './compress.h5'
