// Taro picks save.h5.ts / save.weapp.ts at build time; tools without a platform (vitest, tsc) get H5.
export { absoluteVerifyUrl, type CanvasImage, canvasImage, openVerifyUrl, saveCanvasImage } from './save.h5'
