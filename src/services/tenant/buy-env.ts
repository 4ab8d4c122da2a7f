// Taro picks buy-env.h5.ts / buy-env.weapp.ts at build time; tools without a platform (vitest) get H5.
export { buyEnv } from './buy-env.h5'
