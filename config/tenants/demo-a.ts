import type { TenantFile } from './types'

const tenant: TenantFile = {
  name: 'demo-a',
  apiBase: '/api',
  weappApiBase: 'http://127.0.0.1:8080/api',
  imageBase: '',
  tenantId: '1001',
  appId: 'wx5a1e0c0ffee00001',
  displayName: '安信职业培训学校',
  fallbackHost: 'a.xuexi-demo.com',
  theme: { primary: '#1677ff' },
  logo: '',
}

export default tenant
