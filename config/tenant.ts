import path from 'node:path'
import type { TenantFile } from './tenants/types'

export const DEFAULT_TENANT = 'demo-a'

/** The tenant this build is for: TARO_APP_TENANT, else demo-a. */
export function tenantName(): string {
  return process.env.TARO_APP_TENANT || DEFAULT_TENANT
}

export function loadTenant(name: string): TenantFile {
  if (!/^[a-z0-9-]+$/.test(name)) throw new Error(`invalid tenant name: ${name}`)
  // config/ is compiled on the fly by Taro's register hook, so a .ts tenant file can be required.
  const mod = require(path.resolve(__dirname, 'tenants', name))
  return (mod.default ?? mod) as TenantFile
}

/**
 * What the app sees as TENANT_CONFIG: weapp builds get the absolute API base, and — when the tenant file
 * leaves imageBase empty (images served by the API host) — that host as the image base, since a
 * mini-program cannot load a relative image path.
 */
export function tenantConstant(t: TenantFile, taroEnv: string | undefined) {
  const { weappApiBase, ...rest } = t
  if (taroEnv !== 'weapp') return rest
  return { ...rest, apiBase: weappApiBase, imageBase: t.imageBase || new URL(weappApiBase).origin }
}

/** dist/<type> for the default build, dist/tenants/<name>/<type> for a named tenant; dev builds under dist-dev/. */
export function outputRoot(taroEnv: string | undefined, dev: boolean): string {
  const base = dev ? 'dist-dev' : 'dist'
  const type = taroEnv || 'h5'
  const named = process.env.TARO_APP_TENANT
  return named ? `${base}/tenants/${named}/${type}` : `${base}/${type}`
}
