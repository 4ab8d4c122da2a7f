/** Mini-program: one app per tenant, the id comes from the tenant file. */
import { tenantConfig } from './config'

export function tenantHost(): string {
  return tenantConfig.fallbackHost
}

export function resolveTenantId(): Promise<string> {
  return Promise.resolve(tenantConfig.tenantId)
}
