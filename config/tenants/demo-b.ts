import type { TenantFile } from './types'

const tenant: TenantFile = {
  name: 'demo-b',
  apiBase: '/api',
  weappApiBase: 'http://127.0.0.1:8080/api',
  imageBase: '',
  tenantId: '1002',
  appId: 'wx5a1e0c0ffee00002',
  displayName: '博学继续教育学院',
  fallbackHost: 'b.xuexi-demo.cn',
  theme: { primary: '#13a35b' },
  logo: '',
}

export default tenant
