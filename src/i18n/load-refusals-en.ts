// Resolved for type checks and tests; Taro picks load-refusals-en.h5.ts / .weapp.ts when building.
export { loadRefusalsEn } from './load-refusals-en.h5'
