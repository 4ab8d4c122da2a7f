// Resolved for type checks and tests; Taro picks load-en.h5.ts / load-en.weapp.ts when building.
export { loadEn } from './load-en.h5'
