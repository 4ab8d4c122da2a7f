/** One tenant's build-time settings. `TENANT_CONFIG` (types/global.d.ts) is this, minus `weappApiBase`. */
export interface TenantFile {
  name: string
  /** API base for H5 (same origin). */
  apiBase: string
  /** Absolute API base for the mini-program build (weapp has no origin). */
  weappApiBase: string
  imageBase: string
  tenantId: string
  appId: string
  displayName: string
  fallbackHost: string
  theme: { primary: string }
  logo: string
}
