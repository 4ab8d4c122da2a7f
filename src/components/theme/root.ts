// Taro picks root.h5.ts / root.weapp.ts at build time; tools without a platform (vitest, jsdom) get H5.
export { applyRootTheme, themeStyle } from './root.h5'
