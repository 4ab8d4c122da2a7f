// Taro picks wechat-env.h5.ts / wechat-env.weapp.ts at build time; tools without a platform (vitest) get H5.
export {
  type GzhReturn,
  gzhAuthorize,
  gzhReturn,
  miniLoginCode,
  nav,
  wechatKind,
} from './wechat-env.h5'
