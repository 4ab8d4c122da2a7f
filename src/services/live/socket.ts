// Resolved for type checks and tests; Taro picks socket.h5.ts / socket.weapp.ts when building.
export { openSocket } from './socket.h5'
