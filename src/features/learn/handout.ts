// Taro picks handout.h5.ts / handout.weapp.ts at build time; tools without a platform (vitest) get H5.
export { HANDOUT_OPENS_IN, openHandout } from './handout.h5'
