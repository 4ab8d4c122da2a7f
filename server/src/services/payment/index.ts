export { LOCAL_SERIAL, LocalPaymentProvider } from './local'
export * from './types'
export { WechatPaymentProvider, wechatConfigFromEnv } from './wechat'
