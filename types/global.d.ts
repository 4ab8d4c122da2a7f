/// <reference types="@tarojs/taro" />

declare module '*.png'
declare module '*.gif'
declare module '*.jpg'
declare module '*.jpeg'
declare module '*.svg'
declare module '*.css'
declare module '*.scss'

declare namespace NodeJS {
  interface ProcessEnv {
    NODE_ENV: 'development' | 'production' | 'test'
    /** The platform being built. */
    TARO_ENV: 'weapp' | 'h5'
    /** Tenant file name under config/tenants (build time only). */
    TARO_APP_TENANT?: string
  }
}

/** The build's tenant (config/tenants/<name>.ts), injected by config/index.ts defineConstants. */
declare const TENANT_CONFIG: {
  name: string
  apiBase: string
  imageBase: string
  tenantId: string
  appId: string
  displayName: string
  fallbackHost: string
  theme: { primary: string }
  logo: string
}
