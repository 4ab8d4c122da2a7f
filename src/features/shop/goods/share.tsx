// Taro picks share.h5.tsx / share.weapp.tsx at build time (a re-export must have the same extension as they do, or
// Taro resolves this file first on weapp); tools without a platform (tsc, vitest) get H5.
export { ShareButton, type ShareInfo, sharePath, useGoodsShare } from './share.h5'
