/**
 * The tenant file chosen at build time. config/index.ts injects it as the compile-time constant
 * TENANT_CONFIG (defineConstants); tests and tools without it get the demo-a values.
 */
export interface TenantConfig {
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

declare const TENANT_CONFIG: TenantConfig

const demoA: TenantConfig = {
  name: 'demo-a',
  apiBase: '/api',
  imageBase: '',
  tenantId: '1001',
  appId: 'wx0000000000000001',
  displayName: '安信职业培训学校',
  fallbackHost: 'a.xuexi-demo.com',
  theme: { primary: '#1677ff' },
  logo: '',
}

export const tenantConfig: TenantConfig = typeof TENANT_CONFIG !== 'undefined' ? TENANT_CONFIG : demoA
