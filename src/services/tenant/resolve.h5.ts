/** H5: the tenant follows the page host (a fallback host for localhost / IPs), looked up once per host. */
import Taro from '@tarojs/taro'
import { isValidDomain } from '../../../shared/rules/domain'
import { t } from '../../i18n'
import { ApiError, TENANT_ERROR } from '../http/error'
import { REQUEST_TIMEOUT_MS, send, withQuery } from '../http/transport'
import { storage } from '../storage'
import { tenantConfig } from './config'

type TenantIds = Record<string, string>

const pending = new Map<string, Promise<string>>()

export function tenantHost(): string {
  const host = typeof location !== 'undefined' ? location.hostname : ''
  return isValidDomain(host) ? host : tenantConfig.fallbackHost
}

async function lookup(host: string): Promise<string> {
  let id: unknown
  try {
    const res = await send({
      url: withQuery(`${tenantConfig.apiBase}/app/common/findTenantId`, { hostH5: host }),
      method: 'GET',
      header: {},
      timeout: REQUEST_TIMEOUT_MS,
    })
    const env = res.data as { code?: unknown; data?: unknown } | null
    if (env && env.code === 200 && (typeof env.data === 'string' || typeof env.data === 'number')) id = env.data
  } catch {
    id = undefined
  }
  if (id === undefined || String(id) === '') {
    Taro.showToast({ title: t('error.tenantLookup'), icon: 'none', duration: 2000 })
    throw new ApiError(TENANT_ERROR, t('error.tenantLookup'))
  }
  const ids = storage.get<TenantIds>('tenant_ids') ?? {}
  storage.set('tenant_ids', { ...ids, [host]: String(id) })
  return String(id)
}

/** what the server wrote into index.html for the page's host (server/src/http/h5-page.ts), if anything */
function seededId(host: string): string | undefined {
  const seeds = (globalThis as { __TENANT_IDS__?: unknown }).__TENANT_IDS__
  const id = seeds && typeof seeds === 'object' ? (seeds as TenantIds)[host] : undefined
  return typeof id === 'string' && id !== '' ? id : undefined
}

export function resolveTenantId(): Promise<string> {
  const host = tenantHost()
  const ids = storage.get<TenantIds>('tenant_ids') ?? {}
  // the page's own answer is the freshest: no round trip on a first visit, and a moved host is followed at once
  const seeded = seededId(host)
  if (seeded) {
    if (ids[host] !== seeded) storage.set('tenant_ids', { ...ids, [host]: seeded })
    return Promise.resolve(seeded)
  }
  const cached = ids[host]
  if (cached) return Promise.resolve(cached)
  let p = pending.get(host)
  if (!p) {
    p = lookup(host).finally(() => pending.delete(host))
    pending.set(host, p)
  }
  return p
}
