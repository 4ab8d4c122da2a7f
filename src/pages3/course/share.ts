// Taro picks share.h5.tsx / share.weapp.tsx at build time; tools without a platform (tsc, vitest) get H5.
export { ShareButton, type ShareInfo, sharePath, useGoodsShare } from './share.h5'
