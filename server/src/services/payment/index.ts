export { LOCAL_SERIAL, LocalPaymentProvider, type PayLinkRefusal } from './local'
export * from './types'
export { WechatPaymentProvider, wechatConfigFromEnv } from './wechat'
