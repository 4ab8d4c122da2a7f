// Resolved for type checks and tests; Taro picks player.h5.tsx / player.weapp.tsx when building.
export { default } from './player.h5'
